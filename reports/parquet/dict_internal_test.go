//go:build parquet

package parquet

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
)

// A dictionary column is written with each row group's dictionary given
// whole, or value by value when the dictionary would outgrow a dictionary
// page (arrow-go then falls back to PLAIN): either way the rows read back
// as written, and each row group's statistics are its rows' min and max.
// Row group 1 holds 100,000 rows of one source, then 31,072 distinct
// sources of 44 bytes (1.4 MB of dictionary); row group 2 cycles through three in runs.
func TestDictionaryColumns(t *testing.T) {
	const n = rowGroupRows + 20000
	source := func(i int) string {
		switch {
		case i < 100000:
			return "a.txt"
		case i < rowGroupRows:
			return fmt.Sprintf("crawl/segment-0001/warc/file-%015d.txt", i)
		}
		return []string{"c.txt", "b.txt", "d.txt"}[i/7%3] // runs of seven
	}
	dir := t.TempDir()
	w := create(t, dir)
	for i := range n {
		o := &lint.Occurrence{Location: record.Location{Source: source(i), Offset: int64(i)}, Scheme: "urn", Raw: "urn:a:b", Key: "urn:a:b"}
		if err := w.Occurrence(o); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, OccurrencesFile)
	rows, _, err := ReadRows(path)
	if err != nil || len(rows) != n {
		t.Fatalf("%d rows (%v), want %d", len(rows), err, n)
	}
	for i, r := range rows {
		if r["source"] != source(i) || r["scheme"] != "urn" || r["run_id"] != "r" {
			t.Fatalf("row %d: %v", i, r)
		}
	}
	f, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	md := f.MetaData()
	if md.NumRowGroups() != 2 {
		t.Fatalf("%d row groups, want 2", md.NumRowGroups())
	}
	col := md.Schema.ColumnIndexByName("source")
	for g, lo := range []int{0, rowGroupRows} {
		hi := min(lo+rowGroupRows, n)
		var vals []string
		for i := lo; i < hi; i++ {
			vals = append(vals, source(i))
		}
		cc, err := md.RowGroup(g).ColumnChunk(col)
		if err != nil {
			t.Fatal(err)
		}
		st, err := cc.Statistics()
		if err != nil {
			t.Fatal(err)
		}
		bs, ok := st.(*metadata.ByteArrayStatistics)
		if !ok || !bs.HasMinMax() || string(bs.Min()) != slices.Min(vals) || string(bs.Max()) != slices.Max(vals) || bs.NullCount() != 0 {
			t.Errorf("row group %d: statistics %T min/max %q %q, want %q %q", g, st, bs.Min(), bs.Max(), slices.Min(vals), slices.Max(vals))
		}
		t.Logf("row group %d: encodings %v", g, cc.Encodings())
	}
}

// A dictionary column's indices are cut into data pages by their values'
// PLAIN size, as values are (issue 25: a row group's indices were one
// page, their buffer reallocated as it grew): 20,000 rows over three
// sources of 80 bytes are 1.7 MB PLAIN, two pages of 1 MiB; the rows
// read back as written.
func TestDictionaryPages(t *testing.T) {
	const n = 20000
	source := func(i int) string { return fmt.Sprintf("%080d", i/7%3) }
	dir := t.TempDir()
	w := create(t, dir)
	for i := range n {
		if err := w.Occurrence(&lint.Occurrence{Location: record.Location{Source: source(i), Offset: int64(i)}, Scheme: "urn", Raw: "urn:a:b"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, OccurrencesFile)
	rows, _, err := ReadRows(path)
	if err != nil || len(rows) != n {
		t.Fatalf("%d rows (%v), want %d", len(rows), err, n)
	}
	for i, r := range rows {
		if r["source"] != source(i) {
			t.Fatalf("row %d: source %q, want %q", i, r["source"], source(i))
		}
	}
	f, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pr, err := f.RowGroup(0).GetColumnPageReader(f.MetaData().Schema.ColumnIndexByName("source"))
	if err != nil {
		t.Fatal(err)
	}
	var data, dict int
	for pr.Next() {
		switch pr.Page().(type) {
		case *file.DataPageV1:
			data++
		case *file.DictionaryPage:
			dict++
		}
	}
	if pr.Err() != nil || data != 2 || dict != 1 {
		t.Errorf("source: %d dictionary and %d data pages (%v), want 1 and 2", dict, data, pr.Err())
	}
}

// A dictionary column's rows index the distinct values whether a row's
// string is the previous row's own (the pointer fast path, issue 25), an
// equal copy, empty, or new.
func TestDictionaryRuns(t *testing.T) {
	urn, xri := "urn", "xri"
	urnCopy := strings.Clone(urn)
	tests := []struct {
		name string
		rows []string
		want []int32
		vals []string
	}{
		{"one string", []string{urn, urn, urn}, []int32{0, 0, 0}, []string{"urn"}},
		{"equal copies", []string{urn, urnCopy, urn}, []int32{0, 0, 0}, []string{"urn"}},
		{"alternating", []string{urn, xri, urn, xri}, []int32{0, 1, 0, 1}, []string{"urn", "xri"}},
		{"empty", []string{"", "", urn, ""}, []int32{0, 0, 1, 0}, []string{"", "urn"}},
		{"same bytes, shorter", []string{urn, urn[:2], urn}, []int32{0, 1, 0}, []string{"urn", "ur"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := newDictColumn(0)
			var l leafData
			for _, s := range tt.rows {
				l.putString(s)
			}
			d.add(l.bytes[:2])
			d.add(l.bytes[2:]) // across batches: the last row carries over
			var vals []string
			for _, v := range d.values.bytes {
				vals = append(vals, string(v))
			}
			if !slices.Equal(d.rows, tt.want) || !slices.Equal(vals, tt.vals) {
				t.Errorf("rows %v values %q, want %v %q", d.rows, vals, tt.want, tt.vals)
			}
		})
	}
}
