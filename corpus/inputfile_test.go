package corpus

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// A file read to its end at the size planned needs no fstat to know it
// was not cut while being read (issue 25 (b): one system call of five per
// small file); one whose reads ended short of that size, or that was not
// planned, is still asked (issue 24 §8). The file is emptied after its
// reads: only a shrunk() that asks the system sees it.
func TestInputFileShrunkAsksOnlyWhenNeeded(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	text := bytes.Repeat([]byte("urn:example:a\n"), 1000)
	for _, c := range []struct {
		name    string
		plan    bool
		readTo  int // bytes read before the file is emptied; -1: to its end
		wantCut bool
	}{
		{"planned, read to its end", true, -1, false},
		{"planned, read in part", true, 100, true},
		{"not planned, read to its end", false, -1, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, c.name)
			if err := os.WriteFile(p, text, 0o644); err != nil {
				t.Fatal(err)
			}
			in := Input{Path: p}
			if c.plan {
				Plan(&in, Options{}, 0)
			}
			f, err := openInput(in, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if c.readTo < 0 {
				_, err = io.Copy(io.Discard, f)
			} else {
				_, err = io.ReadFull(f, make([]byte, c.readTo))
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Truncate(p, 0); err != nil {
				t.Fatal(err)
			}
			if _, cut := f.shrunk(); cut != c.wantCut {
				t.Errorf("shrunk() = %v, want %v", cut, c.wantCut)
			}
		})
	}
}
