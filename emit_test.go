package idlint_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/idlint/idlint"
	"github.com/idlint/idlint/internal/textgen"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/reports"
)

// plainJSONL is a JSONL sink that does not take encoded occurrences: the
// emitter encodes every one, as before issue 25.
type plainJSONL struct{ j *reports.JSONL }

func (p plainJSONL) Occurrence(o *lint.Occurrence) error { return p.j.Occurrence(o) }
func (p plainJSONL) Source(r *record.Source) error       { return p.j.Source(r) }

// ignoring is a sink that ignores occurrences (as --format none): the
// workers only count them.
type ignoring struct{ src int }

func (*ignoring) Occurrence(*lint.Occurrence) error {
	panic("an ignoring sink was handed an occurrence")
}
func (s *ignoring) Source(*record.Source) error { s.src++; return nil }
func (*ignoring) IgnoresOccurrences() bool      { return true }

// issue 25 (emitter): occurrences encoded by the workers (every core has
// a worker: GOMAXPROCS 1 forces it), by the emitter, or only counted give
// the same output byte for byte and the same summary, whatever -j: split
// files (line numbers moved by the emitter), small files grouped in one
// task, look-alikes included or not.
func TestEncodedDeliveryEqualsEmitted(t *testing.T) {
	dir := t.TempDir()
	var b bytes.Buffer
	b.Write(textgen.Dense(300<<10, 5))
	r := rand.New(rand.NewSource(25))
	pieces := []string{"urn:isbn:0451450523", "URN:ab:a?b", "//go:build linux", "go:generate x", "xri://=example*name",
		"lid://host.example/item", "é東 urn:example:é", "\r\n", "\n", " ", "urn:x:\"q\"", "(urn:a:b)."}
	for b.Len() < 600<<10 {
		b.WriteString(pieces[r.Intn(len(pieces))])
		if r.Intn(3) == 0 {
			b.WriteByte('\n')
		}
	}
	paths := []string{filepath.Join(dir, "big.txt")}
	if err := os.WriteFile(paths[0], b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for i := range 12 {
		p := filepath.Join(dir, fmt.Sprintf("small%02d.txt", i))
		text := fmt.Sprintf("line one urn:example:%d\n//go:generate x\n%s", i, textgen.Dense(2<<10*i, int64(i)))
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	// urn:example outside documentation (a finding of where it is,
	// lint.Placed), remembered and met again
	p := filepath.Join(dir, "app.log")
	if err := os.WriteFile(p, bytes.Repeat([]byte("at urn:example:app and URN:EXAMPLE:app\n"), 1000), 0o644); err != nil {
		t.Fatal(err)
	}
	paths = append(paths, p)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, looks := range []bool{false, true} {
		opt := idlint.Options{Jobs: 1, PartSize: 64 << 10, IncludeLookalikes: looks}
		var want, wantSrc bytes.Buffer
		ref := reports.NewJSONL(&want, &wantSrc)
		wantSum, err := idlint.Scan(context.Background(), paths, opt, plainJSONL{ref})
		if err != nil {
			t.Fatal(err)
		}
		ref.Flush()
		if wantSum.Occurrences < 5000 || wantSum.Lookalikes == 0 || wantSum.Invalid == 0 || !strings.Contains(want.String(), `"line":1000`) {
			t.Fatalf("a weak test: %+v", wantSum)
		}
		for _, procs := range []int{1, 2} {
			runtime.GOMAXPROCS(procs)
			for _, jobs := range []int{1, 2, 3} {
				name := fmt.Sprintf("lookalikes %v, GOMAXPROCS %d, -j %d", looks, procs, jobs)
				opt.Jobs = jobs
				var got, gotSrc bytes.Buffer
				j := reports.NewJSONL(&got, &gotSrc)
				sum, err := idlint.Scan(context.Background(), paths, opt, j)
				if err != nil {
					t.Fatal(err)
				}
				j.Flush()
				if !bytes.Equal(got.Bytes(), want.Bytes()) || !bytes.Equal(gotSrc.Bytes(), wantSrc.Bytes()) {
					t.Errorf("%s: output differs from the emitter's (%d vs %d bytes)", name, got.Len(), want.Len())
				}
				if sum != wantSum {
					t.Errorf("%s: summary %+v, want %+v", name, sum, wantSum)
				}
				var ig ignoring
				if sum, err = idlint.Scan(context.Background(), paths, opt, &ig); err != nil {
					t.Fatal(err)
				}
				if sum != wantSum || ig.src != wantSum.Documents {
					t.Errorf("%s, counted only: summary %+v (%d records), want %+v", name, sum, ig.src, wantSum)
				}
			}
		}
	}
}
