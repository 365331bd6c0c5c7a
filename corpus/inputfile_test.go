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
			p, f := openWritten(t, filepath.Join(dir, c.name), text, c.plan)
			var err error
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

// An input of known size up to wholeMax is read whole into one buffer and
// handed over in place (Document.Bytes), planned or not; a larger one is
// streamed (issue 25 (b): two reads per small file, no copy).
func TestSmallInputHandedOverWhole(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, size := range []int{0, 1, bufSize, bufSize + 1, wholeMax, wholeMax + 1} {
		for _, plan := range []bool{true, false} {
			text := bytes.Repeat([]byte("x"), size)
			p := filepath.Join(dir, "f")
			if err := os.WriteFile(p, text, 0o644); err != nil {
				t.Fatal(err)
			}
			in := Input{Path: p}
			if plan {
				Plan(&in, Options{}, 0)
			}
			var got []byte
			var whole bool
			recs := Open(in, Options{}, nil, func(d *Document) (int, error) {
				whole = d.Bytes != nil
				if whole {
					got = append([]byte(nil), d.Bytes...)
					return 0, nil
				}
				var err error
				got, err = io.ReadAll(d.Reader)
				return 0, err
			})
			if want := size <= wholeMax; whole != want || !bytes.Equal(got, text) {
				t.Errorf("size %d planned %v: whole %v (want %v), %d bytes of %d", size, plan, whole, want, len(got), size)
			}
			if len(recs) != 1 || recs[0].Bytes != int64(size) {
				t.Errorf("size %d planned %v: records %s", size, plan, recordsString(recs))
			}
		}
	}
}

// A planned file whose read comes back short at the size planned has
// ended: the read that would return 0 is not asked (issue 25, directory
// walk: one system call of four per small file). Bytes appended after
// that read are therefore not seen, while a file that had grown before
// it, or a read that filled its buffer exactly, reads on past the size.
func TestInputFileShortReadAtPlannedSizeEnds(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	text := []byte("urn:example:a\n")
	more := []byte("urn:example:b\n")
	for _, c := range []struct {
		name      string
		plan      bool
		growFirst bool // the file grows between the plan and the first read
		bufLen    int  // the first read's buffer
		want      string
	}{
		{"short read at the planned size", true, false, 64, string(text)},
		{"grown before the read", true, true, 64, string(text) + string(more)},
		{"buffer filled exactly", true, false, len(text), string(text) + string(more)},
		{"not planned", false, false, 64, string(text) + string(more)},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, f := openWritten(t, filepath.Join(dir, c.name), text, c.plan)
			grow := func() {
				w, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := w.Write(more); err != nil {
					t.Fatal(err)
				}
				w.Close()
			}
			if c.growFirst {
				grow()
			}
			buf := make([]byte, c.bufLen)
			n, err := f.Read(buf)
			if err != nil {
				t.Fatal(err)
			}
			if !c.growFirst {
				grow()
			}
			rest, err := io.ReadAll(f)
			if err != nil {
				t.Fatal(err)
			}
			if got := string(buf[:n]) + string(rest); got != c.want {
				t.Errorf("read %q, want %q", got, c.want)
			}
			if _, cut := f.shrunk(); cut {
				t.Error("shrunk() = true for a file that only grew")
			}
		})
	}
}

// openWritten writes text to p, plans it when plan is set, and opens it
// as an input (closed when the test ends).
func openWritten(t *testing.T, p string, text []byte, plan bool) (string, *inputFile) {
	t.Helper()
	if err := os.WriteFile(p, text, 0o644); err != nil {
		t.Fatal(err)
	}
	in := Input{Path: p}
	if plan {
		Plan(&in, Options{}, 0)
	}
	f, err := openInput(in, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return p, f
}
