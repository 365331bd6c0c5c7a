package pipeline

import (
	"testing"

	"github.com/idlint/idlint/lint"
)

// With Config.EngineFor a scanner makes a memo for each engine its inputs'
// paths give, at the first such input, and none for the run's own engine
// unless a path gives it (a one-file check uses the loader's engine only).
func TestScannerMemoPerEngineUsed(t *testing.T) {
	runEng, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	pathEng, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		paths []string
		want  []*lint.Engine // the engines with a memo, after the paths
	}{
		{"no input", nil, nil},
		{"an input under another engine", []string{"a/x.txt"}, []*lint.Engine{pathEng}},
		{"the run's engine", []string{"b/x.txt"}, []*lint.Engine{runEng}},
		{"both, each once", []string{"a/x.txt", "b/x.txt", "a/y.txt", "b/y.txt"}, []*lint.Engine{pathEng, runEng}},
	}
	for _, tt := range tests {
		engineFor := func(path string) (*lint.Engine, error) {
			if path[0] == 'a' {
				return pathEng, nil
			}
			return runEng, nil
		}
		s := newScanner(runEng, &Config{EngineFor: engineFor}, nil)
		for _, p := range tt.paths {
			if err := s.use(p); err != nil {
				t.Fatal(err)
			}
			if want, _ := engineFor(p); s.eng != want || s.memo == nil || s.memos[want] != s.memo {
				t.Errorf("%s: %s scanned with another engine or memo", tt.name, p)
			}
		}
		if len(s.memos) != len(tt.want) {
			t.Errorf("%s: %d memos, want %d", tt.name, len(s.memos), len(tt.want))
		}
		for _, e := range tt.want {
			if s.memos[e] == nil {
				t.Errorf("%s: no memo for an engine used", tt.name)
			}
		}
	}
}
