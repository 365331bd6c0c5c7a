package idlint_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/idlint/idlint"
	"github.com/idlint/idlint/internal/textgen"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
)

// discard is a sink that keeps nothing (as --format none).
type discard struct{ n int }

func (d *discard) Occurrence(*lint.Occurrence) error { d.n++; return nil }
func (d *discard) Source(*record.Source) error       { return nil }

// BenchmarkScan is the pipeline in one process, without the process's
// start: English-like text in a file (page cache), one or two workers.
func BenchmarkScan(b *testing.B) {
	path := filepath.Join(b.TempDir(), "english.txt")
	text := textgen.English(64<<20, 1)
	if err := os.WriteFile(path, text, 0o644); err != nil {
		b.Fatal(err)
	}
	for _, jobs := range []int{1, 2} {
		b.Run(map[int]string{1: "j1", 2: "j2"}[jobs], func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				var d discard
				if _, err := idlint.Scan(context.Background(), []string{path}, idlint.Options{Jobs: jobs}, &d); err != nil {
					b.Fatal(err)
				}
				if d.n == 0 {
					b.Fatal("no identifiers found")
				}
			}
		})
	}
}
