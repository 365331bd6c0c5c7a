//go:build parquet

package parquet_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idlint/idlint/reports/parquet"
)

// seedReport is a small valid report made in the test: its files (and
// damaged copies) seed the fuzz targets.
func seedReport(f *testing.F) (dir string, files map[string][]byte) {
	dir = filepath.Join(f.TempDir(), "seed")
	smallReport(f, dir, 30)
	files = map[string][]byte{}
	for _, name := range []string{parquet.OccurrencesFile, parquet.FindingsFile, parquet.SourcesFile, parquet.ClustersFile} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			f.Fatal(err)
		}
		files[name] = b
	}
	return dir, files
}

// checkReadErr fails on a panic in idlint's own code (a recovered panic of
// the Parquet library is the error it should be) and on an error that
// does not name the file (issue 24 §3, §9).
func checkReadErr(t *testing.T, err error, path string) {
	t.Helper()
	if err == nil {
		return
	}
	if site := parquet.PanicSite(err); strings.HasPrefix(site, "github.com/idlint/idlint/") {
		t.Fatalf("panic in idlint's code (%s): %v", site, err)
	}
	if !strings.Contains(err.Error(), path) {
		t.Fatalf("error does not name %s: %v", path, err)
	}
}

// FuzzReadRows: any bytes as a report file are read or refused with an
// error naming the file, never a panic (issue 24 §3).
func FuzzReadRows(f *testing.F) {
	_, files := seedReport(f)
	for _, b := range files {
		f.Add(b)
		f.Add(b[:len(b)/2])
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, b []byte) {
		path := filepath.Join(dir, "f.parquet")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		_, _, err := parquet.ReadRows(path)
		checkReadErr(t, err, path)
	})
}

// FuzzMerge: a shard whose file (occurrences, findings or sources, by
// which) is any bytes merges, or fails with an error naming the file and
// leaves nothing in OUT or beside it; a merge that succeeds is readable
// (issue 24 §3).
func FuzzMerge(f *testing.F) {
	good, files := seedReport(f)
	tables := []string{parquet.OccurrencesFile, parquet.FindingsFile, parquet.SourcesFile}
	for i, name := range tables {
		f.Add(uint8(i), files[name])
		f.Add(uint8(i), files[name][:len(files[name])-9])
	}
	work := f.TempDir()
	f.Fuzz(func(t *testing.T, which uint8, b []byte) {
		table := tables[int(which)%len(tables)]
		bad := filepath.Join(work, "bad")
		os.RemoveAll(bad)
		if err := os.CopyFS(bad, os.DirFS(good)); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(bad, table)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(work, "out")
		os.RemoveAll(out)
		err := parquet.Merge(context.Background(), out, []string{good, bad}, parquet.Options{RunID: "fuzz"})
		if err != nil {
			checkReadErr(t, err, path)
			if ents, _ := os.ReadDir(out); len(ents) > 0 {
				t.Fatalf("failed merge left %v in OUT", ents)
			}
			if left, _ := filepath.Glob(filepath.Join(work, ".out*")); len(left) > 0 {
				t.Fatalf("failed merge left %v beside OUT", left)
			}
			return
		}
		for _, name := range []string{parquet.OccurrencesFile, parquet.FindingsFile, parquet.SourcesFile, parquet.ClustersFile} {
			if _, _, err := parquet.ReadRows(filepath.Join(out, name)); err != nil {
				t.Fatalf("merged %s unreadable: %v", name, err)
			}
		}
	})
}
