//go:build linux

package pipeline

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/idlint/idlint/corpus"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
)

// openFDs counts the process's open descriptors.
func openFDs(t *testing.T) int {
	es, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc/self/fd:", err)
	}
	return len(es)
}

// failAfter fails the run at its nth record.
type failAfter struct{ n, seen int }

func (s *failAfter) Occurrence(*lint.Occurrence) error { return nil }
func (s *failAfter) Source(*record.Source) error {
	s.seen++
	if s.seen == s.n {
		return errors.New("sink failed")
	}
	return nil
}

// issue 25, directory walk: the planner opens the small files it plans
// (corpus.Ahead) and the workers read those descriptors; a run that
// ends early — the sink fails, the context is cancelled — or inputs not
// read (no engine for them) leave none of them open. Not parallel: it counts the process's descriptors.
func TestPlannedDescriptorsClosed(t *testing.T) {
	dir := t.TempDir()
	for i := range 300 {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%03d.txt", i)), []byte("urn:example:a urn:example:b\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	eng, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		jobs    int
		failAt  int  // the sink fails at this record (0: never)
		cancel  bool // the context is cancelled at the first record
		noEng   bool // no engine for any input: none is read
		wantErr bool
	}{
		{"whole run", 2, 0, false, false, false},
		{"sink fails", 2, 2, false, false, true},
		{"sink fails, -j 1", 1, 2, false, false, true},
		{"sink fails, -j 4", 4, 70, false, false, true},
		{"cancelled", 2, 0, true, false, true},
		{"no engine for the inputs", 2, 0, false, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := openFDs(t)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			s := &failAfter{n: c.failAt}
			sink := Sink(s)
			if c.cancel {
				sink = cancelAtFirst{s, cancel}
			}
			inputs := corpus.Expand([]string{dir}, corpus.Options{})
			// asked by a worker before it opens an input: the planner's
			// descriptor for it is open then
			var heldAhead atomic.Bool
			cfg := Config{Jobs: c.jobs, EngineFor: func(string) (*lint.Engine, error) {
				if openFDs(t) > before {
					heldAhead.Store(true)
				}
				if c.noEng {
					return nil, errors.New("no engine")
				}
				return eng, nil
			}}
			_, err := Run(ctx, eng, inputs, cfg, sink)
			if (err != nil) != c.wantErr {
				t.Fatalf("Run: %v, want an error: %v", err, c.wantErr)
			}
			if !heldAhead.Load() {
				t.Errorf("%d descriptors open before the run and as the workers took their inputs: the planner held none ahead", before)
			}
			// workers may still be draining the tasks planned: wait for them
			for range 200 {
				if openFDs(t) <= before {
					return
				}
				time.Sleep(50 * time.Millisecond)
			}
			t.Errorf("%d descriptors open after the run, %d before", openFDs(t), before)
		})
	}
}

type cancelAtFirst struct {
	*failAfter
	cancel context.CancelFunc
}

func (s cancelAtFirst) Source(r *record.Source) error {
	s.cancel()
	return s.failAfter.Source(r)
}
