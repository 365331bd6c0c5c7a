package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/idlint/idlint/corpus"
	"github.com/idlint/idlint/internal/textgen"
	"github.com/idlint/idlint/lint"
)

// issue 25 (-j 2 never slower than -j 1): the planner hands dense large
// files in a row to one task, its worker scanning them in turn (a dense
// chain, task.more) as -j 1's one worker does; anything else between
// them (a sparse large file, a group of small ones) ends the chain, and
// where dense files are split (--mmap, the workers encoding) there is
// none.
func TestDenseChain(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const size = groupFile + 64<<10 // a task of its own, split in 64 KiB parts
	files := map[string][]byte{
		"d": textgen.Dense(size, 1),
		"s": textgen.English(size, 2),
		"m": textgen.Dense(8<<10, 3), // small: grouped
	}
	eng, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		inputs string // a file per letter: d dense, s sparse, m small
		mmap   bool
		want   []string // the tasks: inputs (a chain's included) or "parts"
	}{
		{"dense files in a row: one task", "dddd", false, []string{"dddd"}},
		{"a lone dense file", "d", false, []string{"d"}},
		{"a sparse file between: two chains", "ddsdd", false, []string{"dd", "parts", "dd"}},
		{"small files between", "dmmd", false, []string{"d", "mm", "d"}},
		{"small files before", "mmdd", false, []string{"mm", "dd"}},
		{"mapped: split, no chain", "dd", true, []string{"parts", "parts"}},
	} {
		var inputs []corpus.Input
		for i, c := range tc.inputs {
			p := filepath.Join(dir, strings.Repeat(string(c), i+1)+".txt")
			if err := os.WriteFile(p, files[string(c)], 0o644); err != nil {
				t.Fatal(err)
			}
			inputs = append(inputs, corpus.Input{Path: p})
		}
		r := &run{ctx: context.Background(), eng: eng, inputs: inputs,
			cfg: Config{Jobs: 2, PartSize: 64 << 10, Corpus: corpus.Options{NoMmap: !tc.mmap}}}
		r.setup()
		go r.plan()
		var got []string
		for tk := range r.work {
			if tk.parts > 0 {
				if tk.part == 0 {
					got = append(got, "parts")
				}
				tk.mapping.Release()
				continue
			}
			var s []byte
			for _, in := range tk.ins {
				s = append(s, filepath.Base(in.Path)[0])
				in.Release()
			}
			if tk.more != nil {
				for in := range tk.more {
					s = append(s, filepath.Base(in.Path)[0])
					in.Release()
				}
			}
			got = append(got, string(s))
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: tasks %q, want %q", tc.name, got, tc.want)
		}
	}
}
