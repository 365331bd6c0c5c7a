//go:build parquet

package parquet

// Parquet files are written and read with arrow-go's parquet/file column
// writers and readers rather than its pqarrow layer: pqarrow links Arrow
// Flight, gRPC and protobuf into the binary (for serializing the Arrow
// schema), whose package initialization cost every idlint command 1.5–2 ms
// of its start (a fifth of it) and 17 MB of binary. The tables' columns
// are few and of fixed shapes — strings, int64, int32, booleans, a list of
// strings, a list of (string, int64) structs — so their Parquet schema and
// levels are spelled out here, and the files are the ones pqarrow wrote:
// same schema, same ARROW:schema metadata, same encodings.

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"slices"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/schema"
)

// parquetNames renames list elements "element", as Parquet's LIST layout
// names them (Arrow's ListOf says "item"): the schema stored in a file
// names its columns as the file does (pqarrow stored it so).
func parquetNames(s *arrow.Schema) *arrow.Schema {
	fields := make([]arrow.Field, s.NumFields())
	for i, f := range s.Fields() {
		if l, ok := f.Type.(*arrow.ListType); ok {
			e := l.ElemField()
			e.Name = "element"
			f.Type = arrow.ListOfField(e)
		}
		fields[i] = f
	}
	return arrow.NewSchema(fields, nil)
}

// parquetSchema maps an idlint table's Arrow schema to its Parquet schema:
// every column required; lists in the three-level LIST layout with an
// optional element, as pqarrow maps them.
func parquetSchema(s *arrow.Schema) (*schema.GroupNode, error) {
	fields := make(schema.FieldList, 0, s.NumFields())
	for _, f := range s.Fields() {
		n, err := parquetNode(f.Name, f.Type, pq.Repetitions.Required)
		if err != nil {
			return nil, err
		}
		fields = append(fields, n)
	}
	return schema.NewGroupNode("schema", pq.Repetitions.Required, fields, -1)
}

func parquetNode(name string, t arrow.DataType, rep pq.Repetition) (schema.Node, error) {
	switch t := t.(type) {
	case *arrow.StringType:
		return schema.NewPrimitiveNodeLogical(name, rep, schema.StringLogicalType{}, pq.Types.ByteArray, -1, -1)
	case *arrow.Int64Type:
		return schema.NewPrimitiveNodeLogical(name, rep, schema.NewIntLogicalType(64, true), pq.Types.Int64, -1, -1)
	case *arrow.Int32Type:
		return schema.NewPrimitiveNodeLogical(name, rep, schema.NewIntLogicalType(32, true), pq.Types.Int32, -1, -1)
	case *arrow.BooleanType:
		return schema.NewPrimitiveNode(name, rep, pq.Types.Boolean, -1, -1)
	case *arrow.StructType:
		var fields schema.FieldList
		for _, f := range t.Fields() {
			n, err := parquetNode(f.Name, f.Type, pq.Repetitions.Required)
			if err != nil {
				return nil, err
			}
			fields = append(fields, n)
		}
		return schema.NewGroupNode(name, rep, fields, -1)
	case *arrow.ListType:
		elem, err := parquetNode("element", t.Elem(), pq.Repetitions.Optional)
		if err != nil {
			return nil, err
		}
		list, err := schema.NewGroupNode("list", pq.Repetitions.Repeated, schema.FieldList{elem}, -1)
		if err != nil {
			return nil, err
		}
		return schema.NewGroupNodeLogical(name, rep, schema.FieldList{list}, schema.NewListLogicalType(), -1)
	}
	return nil, fmt.Errorf("column %s: type %s not supported", name, t)
}

// arrowSchemaMeta is the ARROW:schema key-value metadata Arrow readers
// (pyarrow, Polars) take the column types from: the schema as an IPC
// stream with no batches, base64-encoded.
func arrowSchemaMeta(s *arrow.Schema) (string, error) {
	var buf bytes.Buffer
	w := ipc.NewWriter(&buf, ipc.WithSchema(parquetNames(s)))
	if err := w.Close(); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(buf.Bytes()), nil
}

// leafData is one leaf column's values and levels: a batch of rows being
// written, or a column chunk read whole. A list's leaves have definition
// level 0 for an empty list and 2 for an element, repetition level 0 for a
// row's first element and 1 after.
type leafData struct {
	bytes    []pq.ByteArray // slices of text, or of a batch's rows' strings
	text     []byte
	i64      []int64
	i32      []int32
	bools    []bool
	def, rep []int16
}

// putBytes appends a copy of v to the byte arrays. When text grows, the
// earlier values keep the old array, which is not written to again. An
// empty value is an empty slice, not nil: nil would be a null to the
// column's statistics.
func (d *leafData) putBytes(v []byte) {
	if d.text == nil {
		d.text = make([]byte, 0, 4<<10)
	}
	n := len(d.text)
	d.text = append(d.text, v...)
	d.bytes = append(d.bytes, d.text[n:len(d.text):len(d.text)])
}

// putString appends s to a batch's byte arrays: the row's own string, not
// a copy (strings do not change; the batch keeps them alive until it is
// written and filled again). arrow-go's writers only read their input
// (the PLAIN and dictionary encoders and the statistics copy what they
// keep). Made byte arrays here, not kept as strings and turned into
// them on the writer goroutine: that was a second pass over every value
// (issue 25).
func (d *leafData) putString(s string) {
	if len(s) == 0 {
		d.bytes = append(d.bytes, emptyBytes) // not nil: nil is a null to the statistics
		return
	}
	d.bytes = append(d.bytes, unsafe.Slice(unsafe.StringData(s), len(s)))
}

var emptyBytes = []byte{}

// putLevels appends the levels of a list's j-th element (or, with j < 0,
// of an empty list).
func (d *leafData) putLevels(j int) {
	if j < 0 {
		d.def, d.rep = append(d.def, 0), append(d.rep, 0)
		return
	}
	d.def, d.rep = append(d.def, 2), append(d.rep, int16(min(j, 1)))
}

// reset empties d, keeping its room. The byte arrays are not cleared: a
// batch kept for reuse holds on to the strings of its last rows until it
// is filled again — a bounded few batches (pendingBatches) — and clearing
// them, pointers under the collector's write barrier, was 2% of a
// --report run (issue 25).
func (d *leafData) reset() {
	d.bytes, d.text = d.bytes[:0], d.text[:0]
	d.i64, d.i32, d.bools = d.i64[:0], d.i32[:0], d.bools[:0]
	d.def, d.rep = d.def[:0], d.rep[:0]
}

// readLeaves reads every leaf column of row group g of r, and how many
// rows it has; pos follows the column being read.
func readLeaves(r *file.Reader, g int, pos *readPos) ([]leafData, int64, error) {
	rg := r.RowGroup(g)
	rows := rg.NumRows()
	if rows < 0 || rows > maxGroupRows {
		return nil, 0, fmt.Errorf("%d rows claimed, idlint writes at most %d a row group", rows, maxGroupRows)
	}
	out := make([]leafData, rg.NumColumns())
	for i := range out {
		pos.column = r.MetaData().Schema.Column(i).Path()
		cr, err := rg.Column(i)
		if err != nil {
			return nil, 0, err
		}
		d := &out[i]
		levels := cr.Descriptor().MaxDefinitionLevel() > 0
		// a batch at a time, not the rows claimed at once: those may lie
		n := min(readBatchLevel, max(int(rows), 64))
		def, rep := make([]int16, n), make([]int16, n)
		var bs []pq.ByteArray
		var got int64 // levels (or values) read so far
		for cr.HasNext() {
			var total int64
			var k int
			switch c := cr.(type) {
			case *file.ByteArrayColumnChunkReader:
				if bs == nil {
					bs = make([]pq.ByteArray, n)
				}
				total, k, err = c.ReadBatch(int64(n), bs, def, rep)
				for _, b := range bs[:k] {
					d.putBytes(b) // the reader reuses its page buffers
				}
			case *file.Int64ColumnChunkReader:
				d.i64 = slices.Grow(d.i64, n)
				total, k, err = c.ReadBatch(int64(n), d.i64[len(d.i64):len(d.i64)+n], def, rep)
				d.i64 = d.i64[:len(d.i64)+min(max(k, 0), n)]
			case *file.Int32ColumnChunkReader:
				d.i32 = slices.Grow(d.i32, n)
				total, k, err = c.ReadBatch(int64(n), d.i32[len(d.i32):len(d.i32)+n], def, rep)
				d.i32 = d.i32[:len(d.i32)+min(max(k, 0), n)]
			case *file.BooleanColumnChunkReader:
				d.bools = slices.Grow(d.bools, n)
				total, k, err = c.ReadBatch(int64(n), d.bools[len(d.bools):len(d.bools)+n], def, rep)
				d.bools = d.bools[:len(d.bools)+min(max(k, 0), n)]
			default:
				return nil, 0, fmt.Errorf("%T not supported", cr)
			}
			if err != nil {
				return nil, 0, err
			}
			if total < 0 || total > int64(n) || k < 0 || int64(k) > total {
				return nil, 0, fmt.Errorf("the reader returned %d levels and %d values for %d asked", total, k, n)
			}
			if levels {
				d.def, d.rep = append(d.def, def[:total]...), append(d.rep, rep[:total]...)
			}
			if got += total; levels && got > maxLeafLevels || !levels && got > rows {
				return nil, 0, fmt.Errorf("more values than its %d rows", rows)
			}
			if total == 0 {
				break
			}
		}
		if err := cr.Err(); err != nil {
			return nil, 0, err
		}
	}
	pos.column = ""
	if err := checkCounts(r.MetaData().Schema, out, rows); err != nil {
		return nil, 0, err
	}
	return out, rows, nil
}

// writeLeaves writes column chunks read by readLeaves (a merge copies a
// shard's row groups this way, values and levels as they are).
func writeLeaves(rg file.BufferedRowGroupWriter, leaves []leafData) error {
	for i := range leaves {
		if err := writeLeaf(rg, i, &leaves[i]); err != nil {
			return err
		}
	}
	return nil
}

// writeLeaf writes the values and levels of d to rg's leaf column i.
func writeLeaf(rg file.BufferedRowGroupWriter, i int, d *leafData) error {
	cw, err := rg.Column(i)
	if err != nil {
		return err
	}
	def, rep := d.def, d.rep
	switch w := cw.(type) {
	case *file.ByteArrayColumnChunkWriter:
		_, err = w.WriteBatch(d.bytes, def, rep)
	case *file.Int64ColumnChunkWriter:
		_, err = w.WriteBatch(d.i64, def, rep)
	case *file.Int32ColumnChunkWriter:
		_, err = w.WriteBatch(d.i32, def, rep)
	case *file.BooleanColumnChunkWriter:
		_, err = w.WriteBatch(d.bools, def, rep)
	default:
		err = fmt.Errorf("%T not supported", cw)
	}
	if err != nil {
		return fmt.Errorf("leaf %d: %w", i, err)
	}
	return nil
}
