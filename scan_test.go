package idlint_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/idlint/idlint"
	"github.com/idlint/idlint/internal/longtest"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/reports"
)

type lines struct{ lines []string }

func (r *lines) Occurrence(o *lint.Occurrence) error {
	r.lines = append(r.lines, fmt.Sprintf("%s %s %d %d:%d %s %s", o.Source, o.Member, o.Offset, o.Line, o.Column, o.Raw, o.Key))
	return nil
}

func (r *lines) Source(s *record.Source) error {
	r.lines = append(r.lines, fmt.Sprintf("source %s %d %d %s", s.Source, s.Bytes, s.Occurrences, s.Status))
	return nil
}

// Results arrive in input order whatever the worker count and however
// small the buffering budget (workers ahead of the head input then wait).
func TestScanOrderUnderBudget(t *testing.T) {
	t.Parallel()
	fsys := fstest.MapFS{}
	for i := 0; i < 12; i++ {
		var b strings.Builder
		for k := 0; k < 700+i*13; k++ {
			fmt.Fprintf(&b, "urn:example:f%d-%d URN:EXAMPLE:x%d\n", i, k, k%17)
		}
		fsys[fmt.Sprintf("in/f%02d.txt", i)] = &fstest.MapFile{Data: []byte(b.String())}
	}
	run := func(jobs, budget int) []string {
		var r lines
		opt := idlint.Options{Jobs: jobs, BufferedOccurrences: budget}
		opt.Corpus.FS = fsys
		sum, err := idlint.Scan(context.Background(), []string{"in"}, opt, &r)
		if err != nil || sum.Occurrences == 0 {
			t.Fatalf("scan: %v, %d occurrences", err, sum.Occurrences)
		}
		return r.lines
	}
	want := strings.Join(run(1, 0), "\n")
	for _, c := range []struct{ jobs, budget int }{{2, 0}, {4, 1}, {8, 300}, {3, 5000}} {
		if got := strings.Join(run(c.jobs, c.budget), "\n"); got != want {
			t.Errorf("-j %d, budget %d: output differs from -j 1", c.jobs, c.budget)
		}
	}
}

func TestShardsPartitionInputs(t *testing.T) {
	t.Parallel()
	paths := []string{"a", "b/c.txt", "d.gz", "e/f/g", "h", "i", "j", "k"}
	for _, n := range []int{1, 2, 3, 5} {
		for _, p := range paths {
			hits := 0
			for k := 1; k <= n; k++ {
				if idlint.InShard(p, k, n) {
					hits++
				}
			}
			if hits != 1 {
				t.Errorf("%q is in %d of %d shards, want exactly 1", p, hits, n)
			}
		}
	}
}

// Bare i-names are extracted only inside the XRDS elements that hold them
// (issue: xri extraction specifics); free text "=name" or "@org" is not.
// Under the default profile (auto) they are xri-2.0: the relative Query
// value "*example" keeps its own key (issue 19).
func TestXRDSBareINames(t *testing.T) {
	t.Parallel()
	xrds := `<?xml version="1.0"?>
<xrds:XRDS xmlns:xrds="xri://$xrds" xmlns="xri://$xrd*($v*2.0)">
 <XRD>
  <Query>*example</Query>
  <CanonicalID>=!F83.62B1.44F.2813</CanonicalID>
  <Service><URI>http://example.com/</URI><LocalID>@!5BAD.2AA.3C72.AF46!0000.0000.3B9A.CA01</LocalID></Service>
 </XRD>
</xrds:XRDS>
`
	fsys := fstest.MapFS{
		"a.xrds": &fstest.MapFile{Data: []byte(xrds)},
		"b.txt":  &fstest.MapFile{Data: []byte("mail =name or @org, see xri://=name\n")},
	}
	var r lines
	opt := idlint.Options{}
	opt.Corpus.FS = fsys
	if _, err := idlint.Scan(context.Background(), []string{"a.xrds", "b.txt"}, opt, &r); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(r.lines, "\n")
	for _, want := range []string{"a.xrds  103 4:10 *example *example", "a.xrds  135 5:16 =!F83.62B1.44F.2813", "6:51 @!5BAD.2AA.3C72.AF46!0000.0000.3B9A.CA01", "a.xrds  65 2:44 xri://$xrd*($v*2.0)", "b.txt  24 1:25 xri://=name"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "b.txt  5 ") || strings.Contains(got, " @org") {
		t.Errorf("bare names extracted from free text:\n%s", got)
	}
}

// Small files go to the workers in groups, one batch of results per group
// rather than per file; the results must come out exactly as if each
// input were scanned on its own, interleaving of occurrences and records
// included (an archive's member records after the occurrences before
// them), for any worker count and buffering budget.
func TestGroupedInputsEqualOneByOne(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var tarBuf bytes.Buffer
	tw := tar.NewWriter(&tarBuf)
	for i, body := range []string{"no identifier", "urn:example:m1 and URN:example:M1", "", "lid://host/x urn:isbn:0451450523"} {
		tw.WriteHeader(&tar.Header{Name: fmt.Sprintf("m%d.txt", i), Mode: 0o644, Size: int64(len(body))})
		tw.Write([]byte(body))
	}
	tw.Close()
	var gzBuf bytes.Buffer
	zw := gzip.NewWriter(&gzBuf)
	zw.Write([]byte("compressed urn:example:gz\n"))
	zw.Close()
	for i := 0; i < 150; i++ {
		name := fmt.Sprintf("f%03d.txt", i)
		switch i % 7 {
		case 0:
			write(name, nil)
		case 1:
			write(name, []byte("plain prose without identifiers\n"))
		case 2:
			write(name, fmt.Appendf(nil, "see urn:example:f%d and xri://=x%d\nthen go:generate\n", i, i))
		case 3:
			write(name+".tar", tarBuf.Bytes())
		case 4:
			write(name+".gz", gzBuf.Bytes())
		case 5:
			write(name, bytes.Repeat(fmt.Appendf(nil, "urn:example:many-%d ", i), 300))
		case 6:
			write(name, fmt.Appendf(nil, "\x00\x01binary urn:example:bin%d\x00", i))
		}
	}
	groupedEqualsOneByOne(t, dir, [2]int{1, 0}, [2]int{2, 0}, [2]int{2, 1}, [2]int{3, 50})
}

// groupedEqualsOneByOne scans dir whole with each (jobs, budget) of runs,
// its small files grouped, and checks that the sink sees what it sees
// when dir's entries are scanned one at a time, and that every input is
// counted done.
func groupedEqualsOneByOne(t *testing.T, dir string, runs ...[2]int) {
	t.Helper()
	devnull, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer devnull.Close()
	scan := func(paths []string, jobs, budget int) (lines []string, done int64, total int) {
		var r events
		p := reports.NewProgress(devnull)
		opt := idlint.Options{Jobs: jobs, BufferedOccurrences: budget, Progress: p}
		if _, err := idlint.Scan(context.Background(), paths, opt, &r); err != nil {
			t.Fatal(err)
		}
		return r.lines, p.Done.Load(), p.TotalFiles
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, e := range entries {
		l, _, _ := scan([]string{filepath.Join(dir, e.Name())}, 1, 0)
		want = append(want, l...)
	}
	for _, r := range runs {
		got, done, total := scan([]string{dir}, r[0], r[1])
		if int(done) != total {
			t.Errorf("-j %d, budget %d: progress done %d of %d", r[0], r[1], done, total)
		}
		if strings.Join(got, "\n") == strings.Join(want, "\n") {
			continue
		}
		t.Errorf("-j %d, budget %d: %d results, want %d as scanned one by one", r[0], r[1], len(got), len(want))
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Errorf("first difference at %d: %q, want %q", i, got[i], want[i])
				break
			}
		}
	}
}

// events records a sink's calls, members included, in order.
type events struct{ lines []string }

func (r *events) Occurrence(o *lint.Occurrence) error {
	r.lines = append(r.lines, fmt.Sprintf("occ %s %s %d %d:%d %s %s", o.Source, o.Member, o.Offset, o.Line, o.Column, o.Raw, o.Key))
	return nil
}
func (r *events) Source(s *record.Source) error {
	r.lines = append(r.lines, fmt.Sprintf("src %s %s %d %d %s %s", s.Source, s.Member, s.Bytes, s.Occurrences, s.Status, s.Error))
	return nil
}

// tarOf is a tar of n members m000.txt … with the bodies body gives.
func tarOf(t *testing.T, n int, body func(i int) string) []byte {
	t.Helper()
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for i := 0; i < n; i++ {
		b := body(i)
		tw.WriteHeader(&tar.Header{Name: fmt.Sprintf("m%03d.txt", i), Mode: 0o644, Size: int64(len(b))})
		tw.Write([]byte(b))
	}
	tw.Close()
	return buf.Bytes()
}

// An archive in a group flushes its records every 256 as it would alone:
// its member records and occurrences interleave the same way.
func TestGroupedArchiveRecordBatches(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		files map[string][]byte
	}{
		{"tar after text", map[string][]byte{
			"a.txt": []byte("urn:example:a\n"),
			"b.tar": tarOf(t, 300, func(i int) string {
				if i == 260 {
					return "urn:example:x"
				}
				return ""
			}),
		}},
		{"tar after tar", map[string][]byte{
			"a.tar": tarOf(t, 10, func(i int) string { return "" }),
			"b.tar": tarOf(t, 300, func(i int) string {
				if i == 250 {
					return "urn:example:x"
				}
				return ""
			}),
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for n, d := range c.files {
				if err := os.WriteFile(filepath.Join(dir, n), d, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			groupedEqualsOneByOne(t, dir, [2]int{1, 0})
		})
	}
}

// Random directories of small text files, tars with member errors and
// identifiers, and truncated gzips give, scanned as groups, the output of
// their inputs scanned one by one, and every input counted done (12
// seeds with IDLINT_LONG=1, 2 by default).
func TestGroupedInputsRandom(t *testing.T) {
	t.Parallel()
	for seed := range int64(longtest.Pick(2, 12)) {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			t.Parallel()
			groupedRandom(t, seed)
		})
	}
}

// groupedRandom checks one seed's directory.
func groupedRandom(t *testing.T, seed int64) {
	rng := rand.New(rand.NewSource(seed))
	dir := t.TempDir()
	nfiles := 20 + rng.Intn(120)
	for i := 0; i < nfiles; i++ {
		name := filepath.Join(dir, fmt.Sprintf("f%03d", i))
		var data []byte
		switch rng.Intn(6) {
		case 0:
			data = nil
		case 1, 2:
			var b strings.Builder
			for k, n := 0, rng.Intn(2500); k < n; k++ {
				fmt.Fprintf(&b, "urn:example:%d-%d ", i, k)
			}
			data = []byte(b.String())
		case 3, 4:
			n := rng.Intn(480)
			hit := map[int]bool{}
			for k := rng.Intn(4); k > 0; k-- {
				hit[rng.Intn(n+1)] = true
			}
			bad := rng.Intn(n + 1)
			data = tarOf(t, n, func(k int) string {
				switch {
				case k == bad && rng.Intn(2) == 0:
					return "\x1f\x8b\x08\x00garbage"
				case hit[k]:
					return fmt.Sprintf("urn:example:m%d urn:foo", k)
				}
				return ""
			})
			name += ".tar"
		case 5:
			var gz bytes.Buffer
			zw := gzip.NewWriter(&gz)
			fmt.Fprintf(zw, "gz urn:example:gz%d\n", i)
			zw.Close()
			data = gz.Bytes()
			if rng.Intn(3) == 0 {
				data = data[:len(data)/2]
			}
			name += ".gz"
		}
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	groupedEqualsOneByOne(t, dir, [2]int{1, 0}, [2]int{2, 0}, [2]int{2, 1}, [2]int{3, 50}, [2]int{4, 3000})
}
