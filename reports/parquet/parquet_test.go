//go:build parquet

package parquet_test

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/file"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/reports/parquet"
	"github.com/idlint/idlint/rules"
)

// What is written is what is read back, column by column, for the shapes
// the tables hold: strings (empty too), integers, booleans, lists of
// strings that are empty, of one or of several elements, and lists of
// (raw, count) structs (reports/SCHEMA.md), over more rows than one
// batch, so that several batches make a row group.
func TestReportRoundTrip(t *testing.T) {
	r1 := &rules.Rule{ID: "URN001", Name: "a"}
	r2 := &rules.Rule{ID: "URN030", Name: "b"}
	occs := []struct {
		raw      string
		findings []rules.Finding
	}{
		{"urn:a:b", nil},
		{"URN:A:b", []rules.Finding{{Rule: r2, Severity: rules.Info, Message: "case"}}},
		{"urn:a", []rules.Finding{{Rule: r1, Severity: rules.Error, Message: "x", End: 5}, {Rule: r2, Severity: rules.Info}}},
		{"urn:é:", nil},
	}
	dir := t.TempDir()
	w, err := parquet.Create(dir, parquet.Options{RunID: "run"})
	if err != nil {
		t.Fatal(err)
	}
	const n = 10000 // over one batch of rows
	for i := range n {
		c := occs[i%len(occs)]
		o := &lint.Occurrence{Location: record.Location{Source: "s", Offset: int64(i), Line: i + 1, Column: i % 7},
			Scheme: "urn", Raw: c.raw, Key: "urn:a:b", Findings: c.findings}
		if err := w.Occurrence(o); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Source(&record.Source{Source: "s", Bytes: 12, Status: record.StatusOK}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	rows, meta, err := parquet.ReadRows(filepath.Join(dir, parquet.OccurrencesFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != n || meta["idlint.run_id"] != "run" || meta["ARROW:schema"] == "" {
		t.Fatalf("%d rows, metadata %v", len(rows), meta)
	}
	for i, r := range rows {
		c := occs[i%len(occs)]
		want := []any{}
		for _, f := range c.findings {
			want = append(want, f.Rule.ID)
		}
		if r["raw"] != c.raw || r["offset"] != float64(i) || r["line"] != float64(i+1) || r["column"] != float64(i%7) ||
			r["valid"] != (i%len(occs) != 2) || !jsonEqual(r["rules"], want) {
			t.Fatalf("row %d: %v", i, r)
		}
	}
	fnd, _, err := parquet.ReadRows(filepath.Join(dir, parquet.FindingsFile))
	if err != nil || len(fnd) != n/4*3 {
		t.Fatalf("%d findings (%v), want %d", len(fnd), err, n/4*3)
	}
	cl, _, err := parquet.ReadRows(filepath.Join(dir, parquet.ClustersFile))
	if err != nil || len(cl) != 1 {
		t.Fatalf("clusters %v, %v", cl, err)
	}
	// one cluster, key urn:a:b, its variants counted
	wantVariants := []any{}
	for _, c := range occs {
		wantVariants = append(wantVariants, map[string]any{"raw": c.raw, "count": float64(n / len(occs))})
	}
	if !jsonEqualUnordered(cl[0]["variants"], wantVariants) || cl[0]["occurrence_count"] != float64(n) {
		t.Errorf("cluster %v", cl[0])
	}
	checkStatistics(t, dir)
}

// checkStatistics: every column chunk of a report has min/max statistics
// and no nulls — no column is nullable, and an empty string ("" member,
// record_id …) is a value, which readers prune row groups by.
func checkStatistics(t *testing.T, dir string) {
	t.Helper()
	for _, name := range []string{parquet.OccurrencesFile, parquet.FindingsFile, parquet.ClustersFile, parquet.SourcesFile} {
		r, err := file.OpenParquetFile(filepath.Join(dir, name), false)
		if err != nil {
			t.Fatal(err)
		}
		md := r.MetaData()
		for g := range md.NumRowGroups() {
			rg := md.RowGroup(g)
			for c := range rg.NumColumns() {
				cc, err := rg.ColumnChunk(c)
				if err != nil {
					t.Fatal(err)
				}
				st, err := cc.Statistics()
				if err != nil || st == nil {
					t.Fatalf("%s group %d column %s: no statistics (%v)", name, g, cc.PathInSchema(), err)
				}
				// list leaves count their empty lists as nulls
				list := len(cc.PathInSchema()) > 1
				if !list && (!st.HasMinMax() || st.NullCount() != 0) {
					t.Errorf("%s group %d column %s: min/max %v, %d nulls", name, g, cc.PathInSchema(), st.HasMinMax(), st.NullCount())
				}
			}
		}
		r.Close()
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

func jsonEqualUnordered(a any, b []any) bool {
	l, ok := a.([]any)
	if !ok || len(l) != len(b) {
		return false
	}
	for _, x := range b {
		found := false
		for _, y := range l {
			found = found || jsonEqual(x, y)
		}
		if !found {
			return false
		}
	}
	return true
}

// A merge holds the shards' rows in shard order, lists included, and
// small shards share a row group (not one row group per shard file).
func TestMergeShards(t *testing.T) {
	dir := t.TempDir()
	r := &rules.Rule{ID: "URN030", Name: "b"}
	var shards []string
	var want []string
	for k := range 5 {
		d := filepath.Join(dir, fmt.Sprint("shard", k))
		w, err := parquet.Create(d, parquet.Options{RunID: "run"})
		if err != nil {
			t.Fatal(err)
		}
		for i := range k * 3 { // shard 0 is empty
			var fs []rules.Finding
			if i%2 == 1 {
				fs = []rules.Finding{{Rule: r, Severity: rules.Info}, {Rule: r, Severity: rules.Info}}
			}
			raw := fmt.Sprintf("urn:s%d:%d", k, i)
			o := &lint.Occurrence{Location: record.Location{Source: d, Offset: int64(i)}, Scheme: "urn", Raw: raw, Key: raw, Findings: fs}
			if err := w.Occurrence(o); err != nil {
				t.Fatal(err)
			}
			want = append(want, fmt.Sprint(raw, " ", len(fs)))
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		shards = append(shards, d)
	}
	out := filepath.Join(dir, "merged")
	if err := parquet.Merge(context.Background(), out, shards, parquet.Options{RunID: "run"}); err != nil {
		t.Fatal(err)
	}
	rows, _, err := parquet.ReadRows(filepath.Join(out, parquet.OccurrencesFile))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, row := range rows {
		got = append(got, fmt.Sprint(row["raw"], " ", len(row["rules"].([]any))))
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("merged rows %v, want %v", got, want)
	}
	f, err := file.OpenParquetFile(filepath.Join(out, parquet.OccurrencesFile), false)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if f.NumRowGroups() != 1 {
		t.Errorf("%d row groups, want 1", f.NumRowGroups())
	}
}
