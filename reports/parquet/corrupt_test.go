//go:build parquet

package parquet_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/file"

	"github.com/idlint/idlint/internal/longtest"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/reports/parquet"
	"github.com/idlint/idlint/rules"
)

// smallReport writes a valid report of n occurrences (every other with a
// finding, a few keys) into dir: the seed of the damage below.
func smallReport(t testing.TB, dir string, n int) {
	t.Helper()
	r := &rules.Rule{ID: "URN030", Name: "b"}
	w, err := parquet.Create(dir, parquet.Options{RunID: "seed"})
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		var fs []rules.Finding
		if i%2 == 1 {
			fs = []rules.Finding{{Rule: r, Severity: rules.Info, Message: "case"}}
		}
		raw := fmt.Sprintf("urn:s:%d", i%7)
		o := &lint.Occurrence{Location: record.Location{Source: "f.txt", Offset: int64(i), Line: i + 1}, Scheme: "urn", Raw: raw, Key: raw, Findings: fs}
		if err := w.Occurrence(o); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Source(&record.Source{Source: "f.txt", Bytes: 12, Status: record.StatusOK}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// pageOffsets are the offsets of the page headers of every column chunk
// of a Parquet file (dictionary pages too).
func pageOffsets(t testing.TB, path string) []int64 {
	t.Helper()
	r, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var offs []int64
	for g := range r.NumRowGroups() {
		rg := r.MetaData().RowGroup(g)
		for c := range rg.NumColumns() {
			cc, err := rg.ColumnChunk(c)
			if err != nil {
				t.Fatal(err)
			}
			offs = append(offs, cc.DataPageOffset())
			if cc.HasDictionaryPage() {
				offs = append(offs, cc.DictionaryPageOffset())
			}
		}
	}
	return offs
}

// damage is one way a report file is broken.
type damage struct {
	name string
	fn   func(b []byte) []byte
}

// damages are the ways a shard's file is broken: cut short, flipped
// bytes in page headers, a zeroed footer, the wrong magic, another
// table's (valid) file in its place (issue 24 §3).
func damages(t testing.TB, dir, table string) []damage {
	t.Helper()
	other := parquet.FindingsFile
	if table == parquet.FindingsFile {
		other = parquet.OccurrencesFile
	}
	otherData, err := os.ReadFile(filepath.Join(dir, other))
	if err != nil {
		t.Fatal(err)
	}
	set := func(i int, v ...byte) func([]byte) []byte {
		return func(b []byte) []byte {
			if i < 0 {
				i += len(b)
			}
			copy(b[i:], v)
			return b
		}
	}
	ds := []damage{
		{"empty", func([]byte) []byte { return nil }},
		{"truncated to half", func(b []byte) []byte { return b[:len(b)/2] }},
		{"truncated by one byte", func(b []byte) []byte { return b[:len(b)-1] }},
		{"only the magic", func(b []byte) []byte { return b[:4] }},
		{"wrong magic at the start", set(0, 'P', 'A', 'R', '0')},
		{"wrong magic at the end", set(-4, 'P', 'A', 'R', '0')},
		{"footer length zeroed", set(-8, 0, 0, 0, 0)},
		{"footer length past the start", set(-8, 0xff, 0xff, 0xff, 0x7f)},
		{"footer zeroed", func(b []byte) []byte {
			n := int(b[len(b)-8]) | int(b[len(b)-7])<<8 | int(b[len(b)-6])<<16
			clear(b[len(b)-8-n : len(b)-8])
			return b
		}},
		{"another table's file", func([]byte) []byte { return append([]byte(nil), otherData...) }},
	}
	for i, off := range pageOffsets(t, filepath.Join(dir, table)) {
		for _, k := range longtest.Pick([]int64{1, 5}, []int64{0, 1, 2, 3, 5, 6, 8, 12}) {
			for _, x := range longtest.Pick([]byte{0xff}, []byte{0xff, 0x80, 0x01}) {
				ds = append(ds, damage{fmt.Sprintf("page header %d byte %d ^%#x", i, k, x), func(b []byte) []byte {
					if off+k < int64(len(b)) {
						b[off+k] ^= x
					}
					return b
				}})
			}
		}
	}
	return ds
}

// outcome is what a read of damaged input did.
type outcome string

const (
	outOK      outcome = "read"              // the damage changed values only
	outNamed   outcome = "error naming it"   // the goal
	outUnnamed outcome = "error, no name"    // an error that does not say which file
	outPanic   outcome = "panic"             // what issue 24 §3 found
	outLeft    outcome = "left files in OUT" // a failed merge that left some behind
)

// tryRead reads path with ReadRows, a panic caught.
func tryRead(path string) (o outcome, msg string) {
	defer func() {
		if v := recover(); v != nil {
			o, msg = outPanic, fmt.Sprint(v)
		}
	}()
	_, _, err := parquet.ReadRows(path)
	switch {
	case err == nil:
		return outOK, ""
	case strings.Contains(err.Error(), path):
		return outNamed, err.Error()
	}
	return outUnnamed, err.Error()
}

// tryMerge merges good and bad into out, a panic caught.
func tryMerge(out, good, bad, table string) (o outcome, msg string) {
	defer func() {
		if v := recover(); v != nil {
			o, msg = outPanic, fmt.Sprint(v)
		}
	}()
	err := parquet.Merge(context.Background(), out, []string{good, bad}, parquet.Options{RunID: "m"})
	if err == nil {
		return outOK, ""
	}
	if ents, _ := os.ReadDir(out); len(ents) > 0 {
		return outLeft, fmt.Sprint(ents)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(out), "."+filepath.Base(out)+"*")); len(left) > 0 {
		return outLeft, fmt.Sprint(left)
	}
	if !strings.Contains(err.Error(), filepath.Join(bad, table)) {
		return outUnnamed, err.Error()
	}
	return outNamed, err.Error()
}

// Damaged report files, as a shard's: every read and every merge ends in
// an error naming the file (or reads values the damage changed), never
// in a panic, and a failed merge leaves nothing in OUT (issue 24 §3).
func TestDamagedReportFiles(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	good := filepath.Join(work, "good")
	smallReport(t, good, 40)
	tables := []string{parquet.OccurrencesFile, parquet.FindingsFile, parquet.SourcesFile}
	counts := map[outcome]int{}
	for _, table := range tables {
		orig, err := os.ReadFile(filepath.Join(good, table))
		if err != nil {
			t.Fatal(err)
		}
		for i, d := range damages(t, good, table) {
			bad := filepath.Join(work, fmt.Sprintf("bad%d", i))
			if err := os.CopyFS(bad, os.DirFS(good)); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(bad, table)
			if err := os.WriteFile(path, d.fn(append([]byte(nil), orig...)), 0o644); err != nil {
				t.Fatal(err)
			}
			o, msg := tryRead(path)
			counts[o]++
			if o != outOK && o != outNamed {
				t.Errorf("%s, %s: read: %s: %s", table, d.name, o, msg)
			}
			out := filepath.Join(work, fmt.Sprintf("out%d", i))
			o, msg = tryMerge(out, good, bad, table)
			counts[o]++
			if o != outOK && o != outNamed {
				t.Errorf("%s, %s: merge: %s: %s", table, d.name, o, msg)
			}
			os.RemoveAll(bad)
			os.RemoveAll(out)
		}
	}
	t.Logf("outcomes (reads and merges): %v", counts)
}

// Every byte of a small report's occurrences flipped in turn (a sample of
// them without IDLINT_LONG): no panic, an error names the file.
func TestFlippedBytes(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	good := filepath.Join(work, "good")
	smallReport(t, good, 40)
	path := filepath.Join(good, parquet.OccurrencesFile)
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(work, "bad.parquet")
	counts := map[outcome]int{}
	step := longtest.Pick(41, 1)
	for i := 0; i < len(orig); i += step {
		for _, x := range []byte{0xff, 0x01} {
			b := append([]byte(nil), orig...)
			b[i] ^= x
			if err := os.WriteFile(bad, b, 0o644); err != nil {
				t.Fatal(err)
			}
			o, msg := tryRead(bad)
			counts[o]++
			if o != outOK && o != outNamed {
				t.Errorf("byte %d ^%#x: %s: %s", i, x, o, msg)
			}
		}
	}
	t.Logf("%d bytes, every %d flipped: %v", len(orig), step, counts)
}
