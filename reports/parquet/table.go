//go:build parquet

// Package parquet writes idlint's reports as Apache Parquet files —
// occurrences, findings, clusters and sources — and occurrences as an
// Arrow IPC stream, with the stable schema documented in reports/SCHEMA.md.
// It also merges the report directories of sharded runs.
package parquet

import (
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
)

// SchemaVersion is bumped on any change to a table's columns; readers can
// check it in each file's key-value metadata (idlint.schema_version).
const SchemaVersion = "2"

// Rows per record batch handed to the writer, and per row group: batches
// are buffered into large row groups rather than one group per batch.
const (
	batchRows    = 8192
	rowGroupRows = 128 << 10
)

// column describes one column of a table of rows of type T.
type column[T any] struct {
	name string
	typ  arrow.DataType
	// dict: dictionary encoding, only for low-cardinality columns (measured:
	// dictionaries on every column are slower and larger).
	dict bool
	// delta: DELTA_BINARY_PACKED, for sorted-ish integers such as offsets.
	delta bool
	// put appends a row's values to the column's Parquet leaves (one, or
	// one per field of a list of structs).
	put func(l []leafData, r *T)
	// add appends them to an Arrow builder (the IPC stream); nil for
	// columns no stream has.
	add func(b array.Builder, r *T)
}

// leaves is how many Parquet leaf columns a column of type t has.
func leaves(t arrow.DataType) int {
	if l, ok := t.(*arrow.ListType); ok {
		if st, ok := l.Elem().(*arrow.StructType); ok {
			return st.NumFields()
		}
	}
	return 1
}

// batch is up to batchRows rows, column by column, as the Parquet column
// writers take them: values, and levels for list columns. Strings are the
// rows' own (leafData.putString); batches are reused, keeping their room.
type batch struct {
	leaves []leafData
	rows   int
}

func (b *batch) reset() {
	for i := range b.leaves {
		b.leaves[i].reset()
	}
	b.rows = 0
}

// table streams rows of T into one Parquet file, written under a temporary
// name and renamed into place by Close, so a failed run leaves no
// half-written report.
type table[T any] struct {
	cols   []column[T]
	first  []int // each column's first leaf
	nleaf  int
	fw     *file.Writer
	rg     file.BufferedRowGroupWriter // the row group being filled
	rgRows int64
	f      *os.File
	tmp    string
	final  string
	cur    *batch // being filled
	total  int64
	dicts  []*dictColumn // by leaf; nil for columns without a dictionary

	// With async, full batches are encoded and compressed on a goroutine
	// of the table's own (started by the first flush), so that the
	// goroutine appending rows — the scan's emitter — goes on: writing
	// the columns was half of a scan with --report.
	async   bool
	pending chan *batch
	free    chan *batch // written batches, for reuse
	done    chan error
	failed  atomic.Pointer[error] // the writer's first error, seen by flush
	dropped atomic.Bool           // aborted: batches still queued are not written
}

// pendingBatches bounds the batches waiting for the writer goroutine.
const pendingBatches = 2

// textCodec is the codec of a table's string columns without a dictionary,
// zstd's when it is compress.Codecs.Zstd; the other columns are zstd's.
func newTable[T any](dir, name string, cols []column[T], meta map[string]string, textCodec compress.Compression) (*table[T], error) {
	fields := make([]arrow.Field, len(cols))
	props := []pq.WriterProperty{
		pq.WithCompression(compress.Codecs.Zstd),
		pq.WithCompressionLevel(reportLevel), // codec.go
		pq.WithDictionaryDefault(false),
		pq.WithMaxRowGroupLength(rowGroupRows),
		pq.WithCreatedBy("idlint"),
		pq.WithStats(true),
	}
	for i, c := range cols {
		fields[i] = arrow.Field{Name: c.name, Type: c.typ, Nullable: false}
		if c.dict {
			props = append(props, pq.WithDictionaryFor(c.name, true))
		} else if c.typ == arrow.BinaryTypes.String && textCodec != compress.Codecs.Zstd {
			props = append(props, pq.WithCompressionFor(c.name, textCodec))
		}
		if c.delta {
			props = append(props, pq.WithEncodingFor(c.name, pq.Encodings.DeltaBinaryPacked))
		}
	}
	schema := arrow.NewSchema(fields, nil)
	pqs, err := parquetSchema(schema)
	if err != nil {
		return nil, err
	}
	stored, err := arrowSchemaMeta(schema)
	if err != nil {
		return nil, err
	}
	kv := metadata.NewKeyValueMetadata()
	kv.Append("ARROW:schema", stored)
	for _, k := range sortedKeys(meta) {
		kv.Append(k, meta[k])
	}
	f, err := os.CreateTemp(dir, "."+name+".*.tmp")
	if err != nil {
		return nil, err
	}
	fw, err := file.NewParquetWriterWithError(f, pqs, file.WithWriterProps(pq.NewWriterProperties(props...)), file.WithWriteMetadata(kv))
	if err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	t := &table[T]{cols: cols, fw: fw, f: f, tmp: f.Name(), final: filepath.Join(dir, name),
		free: make(chan *batch, pendingBatches+1)}
	for _, c := range cols {
		t.first = append(t.first, t.nleaf)
		t.nleaf += leaves(c.typ)
		for range leaves(c.typ) {
			var d *dictColumn
			if c.dict && c.typ == arrow.BinaryTypes.String {
				d = newDictColumn(len(t.dicts))
			}
			t.dicts = append(t.dicts, d)
		}
	}
	return t, nil
}

func (t *table[T]) append(r *T) error {
	b := t.cur
	if b == nil {
		select {
		case b = <-t.free:
		default:
			b = &batch{leaves: make([]leafData, t.nleaf)}
		}
		t.cur = b
	}
	for i := range t.cols {
		t.cols[i].put(b.leaves[t.first[i]:], r)
	}
	b.rows++
	t.total++
	if b.rows >= batchRows {
		return t.flush()
	}
	return nil
}

func (t *table[T]) flush() error {
	if e := t.failed.Load(); e != nil {
		return *e
	}
	b := t.cur
	if b == nil || b.rows == 0 {
		return nil
	}
	t.cur = nil
	if !t.async {
		defer t.recycle(b)
		return t.write(b)
	}
	if t.pending == nil {
		t.pending, t.done = make(chan *batch, pendingBatches), make(chan error, 1)
		go t.writer()
	}
	t.pending <- b
	return nil
}

// recycle keeps a written batch for reuse.
func (t *table[T]) recycle(b *batch) {
	b.reset()
	select {
	case t.free <- b:
	default:
	}
}

// writer writes the batches flush hands over, in order; after an error it
// only recycles them (the next flush reports the error).
func (t *table[T]) writer() {
	var err error
	for b := range t.pending {
		if err == nil && !t.dropped.Load() {
			if err = t.write(b); err != nil {
				t.failed.Store(&err)
			}
		}
		t.recycle(b)
	}
	t.done <- err
}

// wait stops the writer goroutine, if any, once it has written what it
// was given, and returns its error.
func (t *table[T]) wait() error {
	if t.pending == nil {
		return nil
	}
	close(t.pending)
	err := <-t.done
	t.pending = nil
	return err
}

func (t *table[T]) write(b *batch) error {
	rg, err := t.rowGroup(int64(b.rows))
	if err != nil {
		return err
	}
	for i := range b.leaves {
		if d := t.dicts[i]; d != nil {
			d.add(b.leaves[i].bytes) // written when the row group ends
			continue
		}
		if err := writeLeaf(rg, i, &b.leaves[i]); err != nil {
			return err
		}
	}
	return nil
}

// writeDicts writes the dictionary columns' rows held for the current row
// group: before it ends, and before rows are written to it otherwise.
func (t *table[T]) writeDicts() error {
	for _, d := range t.dicts {
		if d != nil && t.rg != nil {
			if err := d.write(t.rg); err != nil {
				return fmt.Errorf("leaf %d: %w", d.leaf, err)
			}
		}
	}
	return nil
}

// rowGroup returns the row group n more rows go to: the current one, or a
// new one (the writer closes the last) when they would take it past
// rowGroupRows.
func (t *table[T]) rowGroup(n int64) (file.BufferedRowGroupWriter, error) {
	if t.rg == nil || t.rgRows > 0 && t.rgRows+n > rowGroupRows {
		if err := t.writeDicts(); err != nil {
			return nil, err
		}
		rg, err := t.fw.AppendBufferedRowGroupChecked()
		if err != nil {
			return nil, err
		}
		t.rg, t.rgRows = rg, 0
	}
	t.rgRows += n
	return t.rg, nil
}

// finish flushes and closes the temporary file; meta is appended first
// (e.g. the end time). commit or discard must follow.
func (t *table[T]) finish(meta map[string]string) error {
	err := t.flush()
	if werr := t.wait(); err == nil {
		err = werr
	}
	if err == nil {
		err = t.writeDicts()
	}
	for _, k := range sortedKeys(meta) {
		if err == nil {
			err = t.fw.AppendKeyValueMetadata(k, meta[k])
		}
	}
	if cerr := t.fw.Close(); err == nil {
		err = cerr // also closes t.f
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", t.final, err)
	}
	return nil
}

// commit moves the finished file to its final name.
func (t *table[T]) commit() error {
	if err := os.Chmod(t.tmp, 0o644); err != nil { // CreateTemp made it 0600
		return err
	}
	return os.Rename(t.tmp, t.final)
}

// abort drops the temporary file. A writer left mid-row-group by a
// failure (a panic caught while a damaged shard was copied) may panic as
// it closes: nothing of it is kept, so that is ignored.
func (t *table[T]) abort() {
	t.dropped.Store(true) // an interrupted run ends without encoding what it drops
	t.wait()
	func() {
		defer func() { recover() }()
		t.fw.Close()
	}()
	os.Remove(t.tmp)
}
