//go:build linux

package pipeline

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
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

// failAfter fails the run at its nth record, after noting how many
// descriptors were open at its first.
type failAfter struct {
	n, seen, fdsAtFirst int
	t                   *testing.T
}

func (s *failAfter) Occurrence(*lint.Occurrence) error { return nil }
func (s *failAfter) Source(*record.Source) error {
	if s.seen++; s.seen == 1 {
		s.fdsAtFirst = openFDs(s.t)
	}
	if s.seen == s.n {
		return errors.New("sink failed")
	}
	return nil
}

// issue 25, directory walk: the planner opens the small files it plans
// (corpus.Ahead) and the workers read those descriptors; a run that
// ends early — the sink fails, the context is cancelled — leaves none of
// them open. Not parallel: it counts the process's descriptors.
func TestPlannedDescriptorsClosed(t *testing.T) {
	dir := t.TempDir()
	for i := range 600 {
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
		wantErr bool
	}{
		{"whole run", 2, 0, false, false},
		{"sink fails", 2, 2, false, true},
		{"sink fails, -j 1", 1, 2, false, true},
		{"sink fails, -j 4", 4, 70, false, true},
		{"cancelled", 2, 0, true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := openFDs(t)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			s := &failAfter{n: c.failAt, t: t}
			sink := Sink(s)
			if c.cancel {
				sink = cancelAtFirst{s, cancel}
			}
			inputs := corpus.Expand([]string{dir}, corpus.Options{})
			_, err := Run(ctx, eng, inputs, Config{Jobs: c.jobs}, sink)
			if (err != nil) != c.wantErr {
				t.Fatalf("Run: %v, want an error: %v", err, c.wantErr)
			}
			if s.fdsAtFirst <= before+1 {
				t.Errorf("%d descriptors open at the first record, %d before: the planner held none ahead", s.fdsAtFirst, before)
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
