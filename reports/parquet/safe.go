//go:build parquet

package parquet

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"runtime/debug"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/schema"
)

// Reading a report file that is damaged (a truncated shard, a flipped
// byte) must end in an error naming the file, never in a panic: arrow-go's
// readers trust the footer and the page headers, and some damage makes
// them dereference nil or make slices of absurd lengths (issue 24 §3).
// Every read of a file goes through readGroups or readMeta, which recover
// at that boundary and say where the reader was.

// readPos is where in a file the reader is, for its errors.
type readPos struct {
	group  int    // row group, or -1
	column string // leaf column path, or ""
}

func (p *readPos) String() string {
	switch {
	case p.group < 0:
		return ""
	case p.column == "":
		return fmt.Sprintf("row group %d: ", p.group)
	}
	return fmt.Sprintf("row group %d, column %s: ", p.group, p.column)
}

// readPanic is a panic of the Parquet library (or of ours) while reading
// a damaged file, made an error.
type readPanic struct {
	val   any
	stack []byte
}

func (p *readPanic) Error() string {
	return fmt.Sprintf("damaged Parquet file (the reader failed: %v)", p.val)
}

// site is the function the panic happened in: the first frame of the
// stack below the runtime's panic frames (the fuzz tests tell the
// library's panics from ours by it).
func (p *readPanic) site() string {
	lines := bytes.Split(p.stack, []byte("\n"))
	seenPanic := false
	for _, l := range lines {
		if len(l) == 0 || l[0] == '\t' || bytes.HasPrefix(l, []byte("goroutine ")) {
			continue
		}
		fn := string(l)
		if bytes.HasPrefix(l, []byte("panic(")) {
			seenPanic = true
			continue
		}
		if !seenPanic || bytes.HasPrefix(l, []byte("runtime.")) {
			continue
		}
		return fn
	}
	return ""
}

// recoverRead turns a panic into *err, naming path and pos. Deferred.
func recoverRead(path string, pos *readPos, err *error) {
	if v := recover(); v != nil {
		*err = fmt.Errorf("%s: %s%w", path, pos, &readPanic{val: v, stack: debug.Stack()})
	}
}

// Bounds on what a row group may claim, so that a damaged footer or a
// page that inflates far cannot make the reader allocate without end: a
// report's row groups hold at most rowGroupRows rows (table.rowGroup), and
// a list column a few levels a row.
const (
	maxGroupRows   = 8 * rowGroupRows
	maxLeafLevels  = 1 << 26
	readBatchLevel = 8192
)

// openReport opens an idlint report file and checks its schema version
// and, with want, its columns.
func openReport(path string, want *schema.Schema) (*file.Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	// the reader goes by the footer only: a file that does not start
	// as Parquet files do is damaged all the same
	var magic [4]byte
	if _, err := f.ReadAt(magic[:], 0); err != nil || string(magic[:]) != "PAR1" {
		f.Close()
		return nil, errors.New("not a Parquet file (no PAR1 at its start)")
	}
	rdr, err := file.NewParquetReader(f) // Close closes f
	if err != nil {
		f.Close()
		return nil, err
	}
	if v := rdr.MetaData().KeyValueMetadata().FindValue("idlint.schema_version"); v == nil || *v != SchemaVersion {
		rdr.Close()
		return nil, fmt.Errorf("not an idlint report of schema version %s", SchemaVersion)
	}
	if want != nil && !rdr.MetaData().Schema.Equals(want) {
		rdr.Close()
		return nil, fmt.Errorf("columns differ from this version's schema (is it another table?)")
	}
	return rdr, nil
}

// readGroups reads an idlint report file a row group at a time, checking
// its columns against want when not nil. Every failure of the reading,
// a panic included, is an error naming the file (and the row group and
// column); fn's own errors are returned as they are.
func readGroups(path string, want *schema.Schema, fn func(s *schema.Schema, leaves []leafData, rows int64) error) (err error) {
	pos := &readPos{group: -1}
	defer recoverRead(path, pos, &err)
	rdr, err := openReport(path, want)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	defer rdr.Close()
	for g := 0; g < rdr.NumRowGroups(); g++ {
		pos.group, pos.column = g, ""
		leaves, rows, err := readLeaves(rdr, g, pos)
		if err != nil {
			return fmt.Errorf("%s: %s%w", path, pos, err)
		}
		pos.column = ""
		if err := fn(rdr.MetaData().Schema, leaves, rows); err != nil {
			return err
		}
	}
	return nil
}

// readMeta is a report file's key-value metadata.
func readMeta(path string) (meta map[string]string, err error) {
	pos := &readPos{group: -1}
	defer recoverRead(path, pos, &err)
	rdr, err := openReport(path, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	defer rdr.Close()
	meta = map[string]string{}
	for _, kv := range rdr.MetaData().KeyValueMetadata() {
		if kv.Value != nil {
			meta[kv.Key] = *kv.Value
		}
	}
	return meta, nil
}

// checkCounts checks that a row group's leaves hold rows rows: a value
// per row in a plain column, a list (repetition level 0) per row in a
// list's, and a value per present element.
func checkCounts(s *schema.Schema, leaves []leafData, rows int64) error {
	for i := range leaves {
		d := &leaves[i]
		c := s.Column(i)
		values := int64(len(d.bytes) + len(d.i64) + len(d.i32) + len(d.bools))
		if c.MaxRepetitionLevel() == 0 {
			if values != rows {
				return fmt.Errorf("column %s: %d values for %d rows", c.Path(), values, rows)
			}
			continue
		}
		var starts, present int64
		for j, r := range d.rep {
			if r == 0 {
				starts++
			}
			if d.def[j] == c.MaxDefinitionLevel() {
				present++
			}
		}
		if starts != rows || present != values {
			return fmt.Errorf("column %s: %d lists and %d values for %d rows and %d elements", c.Path(), starts, values, rows, present)
		}
	}
	return nil
}

// fileSchema is the Parquet schema of a table's file.
func fileSchema[T any](cols []column[T]) (*schema.Schema, error) {
	fields := make([]arrow.Field, len(cols))
	for i, c := range cols {
		fields[i] = arrow.Field{Name: c.name, Type: c.typ}
	}
	g, err := parquetSchema(arrow.NewSchema(fields, nil))
	if err != nil {
		return nil, err
	}
	return schema.NewSchema(g), nil
}
