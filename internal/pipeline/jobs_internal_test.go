package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/idlint/idlint/corpus"
	"github.com/idlint/idlint/internal/textgen"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/reports"
)

// noIDs hands its sink occurrences without their MemoID: clusters counted
// by text only.
type noIDs struct{ reports.Sink }

func (s noIDs) Occurrence(o *lint.Occurrence) error {
	c := *o
	c.MemoID = 0
	return s.Sink.Occurrence(&c)
}

// issue 25 (-j 2 never slower than -j 1, output unchanged): a dense file
// split in parts, small dense files and a series of dense files give the same text (its clusters
// counted by memo identity from several workers' memos), JSON (clusters
// too) and JSON Lines bytes at -j 1, 2 and 4, with a core or two; and the
// same as clusters counted by text alone; and read rather than mapped (the
// CLI's default), where the dense files in a row are one worker's task
// (a dense chain, plan).
func TestSameOutputEveryJobs(t *testing.T) {
	dir := t.TempDir()
	paths := []string{filepath.Join(dir, "big.txt")}
	if err := os.WriteFile(paths[0], textgen.Dense(512<<10, 3), 0o644); err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		p := filepath.Join(dir, fmt.Sprintf("small%d.txt", i))
		if err := os.WriteFile(p, textgen.Dense(8<<10*(i+1), int64(i)), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	// dense files of their own tasks after the group: their workers wait
	// for the one before to be scanned (acquire, woken by changed)
	for i := range 3 {
		p := filepath.Join(dir, fmt.Sprintf("dense%d.txt", i))
		if err := os.WriteFile(p, textgen.Dense(groupFile+64<<10, int64(10+i)), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	var inputs []corpus.Input
	for _, p := range paths {
		inputs = append(inputs, corpus.Input{Path: p})
	}
	eng, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	sinks := map[string]func(w *bytes.Buffer) reports.Sink{
		"text":  func(w *bytes.Buffer) reports.Sink { return reports.NewText(w, w) },
		"json":  func(w *bytes.Buffer) reports.Sink { return reports.NewJSON(w) },
		"jsonl": func(w *bytes.Buffer) reports.Sink { return reports.NewJSONL(w, nil) },
	}
	run := func(s reports.Sink, jobs int, read bool) {
		cfg := Config{Jobs: jobs, PartSize: 64 << 10, Corpus: corpus.Options{NoMmap: read}}
		sum, err := Run(context.Background(), eng, inputs, cfg, s)
		if err == nil {
			err = s.Finish(sum)
		}
		if err != nil {
			t.Fatal(err)
		}
		if sum.Occurrences < 5000 {
			t.Fatalf("a weak test: %d occurrences", sum.Occurrences)
		}
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for name, mk := range sinks {
		var ref bytes.Buffer
		run(noIDs{mk(&ref)}, 1, false)
		want := ref.Bytes()
		for _, procs := range []int{1, 2} {
			runtime.GOMAXPROCS(procs)
			for _, jobs := range []int{1, 2, 4} {
				for _, read := range []bool{false, true} {
					var out bytes.Buffer
					run(mk(&out), jobs, read)
					if !bytes.Equal(out.Bytes(), want) {
						t.Errorf("%s, GOMAXPROCS %d, -j %d, read %v: %d bytes differ from -j 1's without memo IDs (%d)", name, procs, jobs, read, out.Len(), len(want))
					}
				}
			}
		}
	}
}
