//go:build parquet

package parquet

import (
	"fmt"
	"path/filepath"
	"slices"
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
