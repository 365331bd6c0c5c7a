package idlint_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/idlint/idlint"
	"github.com/idlint/idlint/internal/textgen"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/reports"
)

// issue 25 §3: from the scanner's span to the sink, an identifier seen
// before in the input costs no allocation. Dense text of a few hundred
// distinct identifiers repeated (all memo hits after the first round) is
// scanned at two sizes; the allocations that grow with the identifiers,
// (a4-a1)/(n4-n1), must be 0 — the tolerance only absorbs a buffer that
// grows once, not one allocation per 100 identifiers.
//
// Both ways occurrences reach a sink are measured: handed to it, and
// only counted (a sink that ignores them, --format none: the memo tells
// the count, lint.Memo.CountHashed).
func TestScanAllocsPerRepeatedIdentifier(t *testing.T) {
	if testing.Short() {
		t.Skip("scans 10 MB")
	}
	unit := textgen.Dense(32<<10, 3) // ~450 identifiers
	dir := t.TempDir()
	for _, counted := range []bool{false, true} {
		var n, allocs [2]float64
		for i, size := range []int{1 << 20, 4 << 20} {
			var data []byte
			for len(data) < size {
				data = append(data, unit...)
			}
			p := filepath.Join(dir, "dense.txt")
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
			var sink idlint.Sink = &discard{}
			if counted {
				sink = &ignoring{}
			}
			var sum idlint.Summary
			allocs[i] = testing.AllocsPerRun(2, func() {
				var err error
				if sum, err = idlint.Scan(context.Background(), []string{p}, idlint.Options{Jobs: 1, PartSize: -1}, sink); err != nil {
					t.Fatal(err)
				}
			})
			n[i] = float64(sum.Occurrences)
		}
		if n[1] < 3*n[0] {
			t.Fatalf("counted %v: identifiers found: %v", counted, n)
		}
		per := (allocs[1] - allocs[0]) / (n[1] - n[0])
		t.Logf("counted %v: %v identifiers, %v allocations per scan: %.4f per identifier", counted, n, allocs, per)
		if per >= 0.01 {
			t.Errorf("counted %v: %.3f allocations per repeated identifier, want 0", counted, per)
		}
	}
}

// issue 25 §3: the memo remembers more distinct identifiers than a small
// cache would (the old one held 8,192): dense text of ~50,000 distinct
// keys is scanned once and twice over in one Scan, one worker; the second
// copy, all remembered identifiers, must allocate nothing per identifier
// ((a2-a1)/(n2-n1) < 0.01).
func TestScanAllocsManyKeys(t *testing.T) {
	if testing.Short() {
		t.Skip("scans 15 MB")
	}
	unit := textgen.Dense(5<<20, 5) // ~70,000 identifiers over ~50,000 keys
	dir := t.TempDir()
	var n, allocs [2]float64
	for i := range 2 {
		data := bytes.Repeat(unit, i+1)
		p := filepath.Join(dir, "dense.txt")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			keys := distinct{m: map[string]bool{}}
			if _, err := idlint.Scan(context.Background(), []string{p}, idlint.Options{Jobs: 1, PartSize: -1}, &keys); err != nil {
				t.Fatal(err)
			}
			if len(keys.m) < 45000 {
				t.Fatalf("%d distinct keys, want ~50,000", len(keys.m))
			}
		}
		var c discard
		allocs[i] = testing.AllocsPerRun(1, func() {
			c = discard{}
			if _, err := idlint.Scan(context.Background(), []string{p}, idlint.Options{Jobs: 1, PartSize: -1}, &c); err != nil {
				t.Fatal(err)
			}
		})
		n[i] = float64(c.n)
	}
	per := (allocs[1] - allocs[0]) / (n[1] - n[0])
	t.Logf("%v identifiers, %v allocations per scan: %.4f per identifier", n, allocs, per)
	if per >= 0.01 {
		t.Errorf("%.3f allocations per remembered identifier, want 0", per)
	}
}

// distinct collects the distinct keys of the occurrences.
type distinct struct {
	discard
	m map[string]bool
}

func (d *distinct) Occurrence(o *lint.Occurrence) error { d.m[o.Key] = true; return nil }

// BenchmarkScanDense: Scan of identifier-dense text (issue 25) into a sink
// that only counts, one worker: the per-identifier work without output.
// handed: the sink is handed every occurrence; counted: it ignores them
// (--format none), the workers count them. cpu-ns/ident is the process's
// CPU time per identifier (wall time is others' load on a shared machine).
func BenchmarkScanDense(b *testing.B) {
	data := textgen.Dense(16<<20, 1)
	p := filepath.Join(b.TempDir(), "dense.txt")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		b.Fatal(err)
	}
	for _, counted := range []bool{false, true} {
		name := "handed"
		if counted {
			name = "counted"
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			var sum idlint.Summary
			cpu := processCPU()
			for b.Loop() {
				var sink idlint.Sink = &discard{}
				if counted {
					sink = &ignoring{}
				}
				var err error
				if sum, err = idlint.Scan(context.Background(), []string{p}, idlint.Options{Jobs: 1, PartSize: -1}, sink); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(sum.Occurrences), "ns/ident")
			b.ReportMetric(float64(processCPU()-cpu)/float64(b.N)/float64(sum.Occurrences), "cpu-ns/ident")
		})
	}
}

// issue 25 (the RFC directory, 10,000 small files): the allocations per
// small file of a directory, walked and scanned into JSON Lines by two
// workers, measured at two counts of files ((a2-a1)/(f2-f1)). Each file
// holds two identifiers. About 3 are left: the path the walk makes, and
// a share of the pooled buffers of records and encoded lines the emitter
// has not given back yet; before, 17 (closures, readers, the open file
// and the directory entries, per file).
func TestScanAllocsPerSmallFile(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 1,000 files")
	}
	var files, allocs [2]float64
	for i, n := range []int{200, 800} {
		dir := t.TempDir()
		for k := range n {
			text := fmt.Appendf(nil, "See urn:example:a%d and\nurn:isbn:0451450523 here.\n%s", k%50, textgen.English(2<<10, int64(k)))
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%04d.txt", k)), text, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		sink := reports.NewJSONL(io.Discard, nil)
		allocs[i] = testing.AllocsPerRun(3, func() {
			if _, err := idlint.Scan(context.Background(), []string{dir}, idlint.Options{Jobs: 2}, sink); err != nil {
				t.Fatal(err)
			}
		})
		files[i] = float64(n)
	}
	per := (allocs[1] - allocs[0]) / (files[1] - files[0])
	t.Logf("%v files, %v allocations per scan: %.2f per file", files, allocs, per)
	if per > perSmallFileAllocs {
		t.Errorf("%.2f allocations per small file, want at most %d", per, perSmallFileAllocs)
	}
}

const perSmallFileAllocs = 5
