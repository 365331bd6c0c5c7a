//go:build parquet

package parquet

import (
	"bytes"
	"fmt"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
)

// dictColumn holds a dictionary-encoded column's rows of the row group
// being written: its distinct values, and each row's index into them.
// Handed value by value, arrow-go's dictionary encoder boxes each in an
// interface to hash it (an allocation per value: a sixth of a --report
// run's CPU with seven such columns); here a row group's dictionary is
// given whole and the indices after it, as pqarrow writes Arrow dictionary
// arrays. The file is the same but for page boundaries: rows, dictionary,
// encodings and statistics (tests compare them).
type dictColumn struct {
	leaf    int
	index   map[string]int32
	values  leafData // distinct values, in order of appearance
	rows    []int32
	last    []byte // the last row's value and index: runs of one value
	lastIdx int32
	lastIn  []byte // the last row's own bytes: the same string again needs no comparing
	size    int    // the dictionary page's size: 4 bytes and the text per value
}

// dictSeeder is what a dictionary-encoding column writer's encoder offers
// to be given its dictionary (arrow-go's encoding.DictEncoder).
type dictSeeder interface {
	PutDictionary(arrow.Array) error
	NumEntries() int
}

func newDictColumn(leaf int) *dictColumn {
	return &dictColumn{leaf: leaf, index: map[string]int32{}}
}

// add appends the rows of a batch's leaf.
func (d *dictColumn) add(vals []pq.ByteArray) {
	for _, v := range vals {
		if len(v) == len(d.lastIn) && len(v) > 0 && unsafe.SliceData(v) == unsafe.SliceData(d.lastIn) {
			d.rows = append(d.rows, d.lastIdx) // a run, many rows of one interned string (run_id, scheme …)
			continue
		}
		if d.last != nil && bytes.Equal(v, d.last) {
			d.lastIn = v
			d.rows = append(d.rows, d.lastIdx)
			continue
		}
		i, ok := d.index[string(v)]
		if !ok {
			i = int32(len(d.values.bytes))
			d.values.putBytes(v)
			d.index[string(v)] = i
			d.size += 4 + len(v)
		}
		d.last, d.lastIdx, d.lastIn = d.values.bytes[i], i, v
		d.rows = append(d.rows, i)
	}
}

// write writes the rows held to rg's column and forgets them. The
// dictionary goes to the encoder whole when the encoder is empty (the
// column's first rows in rg) and fits a dictionary page; otherwise the
// values go through the encoder one by one.
func (d *dictColumn) write(rg file.BufferedRowGroupWriter) error {
	if len(d.rows) == 0 {
		return nil
	}
	defer d.reset()
	cw, err := rg.Column(d.leaf)
	if err != nil {
		return err
	}
	w, ok := cw.(*file.ByteArrayColumnChunkWriter)
	if !ok {
		return fmt.Errorf("leaf %d: %T for a dictionary column", d.leaf, cw)
	}
	enc, ok := w.CurrentEncoder().(dictSeeder)
	stats, okStats := w.PageStatistics().(*metadata.ByteArrayStatistics)
	if !ok || enc.NumEntries() != 0 || int64(d.size) >= w.Properties().DictionaryPageSizeLimit() || w.PageStatistics() != nil && !okStats {
		vals := make([]pq.ByteArray, len(d.rows))
		for k, i := range d.rows {
			vals[k] = d.values.bytes[i]
		}
		_, err := w.WriteBatch(vals, nil, nil)
		return err
	}
	dict := stringArray(d.values.bytes)
	defer dict.Release()
	if err := enc.PutDictionary(dict); err != nil {
		return err
	}
	if enc.NumEntries() != len(d.values.bytes) {
		return fmt.Errorf("leaf %d: dictionary of %d values took %d", d.leaf, len(d.values.bytes), enc.NumEntries())
	}
	if okStats {
		// every value of the dictionary is some row's: its min and max
		// are the rows', and the count is the rows'
		stats.Update(d.values.bytes, 0)
		stats.IncNumValues(int64(len(d.rows) - len(d.values.bytes)))
	}
	return writeIndices(w, d.rows, func(i int32) int { return 4 + len(d.values.bytes[i]) })
}

// writeIndices writes rows, indices into the dictionary given to w's
// encoder, a batch (the writer's batch size) at a time, telling the
// encoder the PLAIN size of each batch's values (size: of one) so that
// it cuts data pages as it does for values: given indices, arrow-go's
// encoder counts no size and held a row group's indices in one page,
// reallocating its buffer as it grew (issue 25). Pages after the first
// carry no statistics of their own; the column chunk's are all its rows'.
func writeIndices(w *file.ByteArrayColumnChunkWriter, rows []int32, size func(int32) int) error {
	sizer, _ := w.CurrentEncoder().(interface{ AddRawSize(int64) })
	all := array.NewInt32Data(array.NewData(arrow.PrimitiveTypes.Int32, len(rows),
		[]*memory.Buffer{nil, memory.NewBufferBytes(arrow.Int32Traits.CastToBytes(rows))}, nil, 0, 0))
	defer all.Release()
	step := max(int(w.Properties().WriteBatchSize()), 1)
	for lo := 0; lo < len(rows); lo += step {
		hi := min(lo+step, len(rows))
		if sizer != nil {
			n := 0
			for _, i := range rows[lo:hi] {
				n += size(i)
			}
			sizer.AddRawSize(int64(n))
		}
		part := array.NewSlice(all, int64(lo), int64(hi))
		err := w.WriteDictIndices(part, nil, nil)
		part.Release()
		if err != nil {
			return err
		}
	}
	return nil
}

func (d *dictColumn) reset() {
	clear(d.index)
	d.values.reset()
	d.rows, d.last, d.lastIn, d.size = d.rows[:0], nil, nil, 0
}

func stringArray(vals []pq.ByteArray) arrow.Array {
	b := array.NewStringBuilder(memory.DefaultAllocator)
	defer b.Release()
	for _, v := range vals {
		b.BinaryBuilder.Append(v)
	}
	return b.NewArray()
}
