package pipesize

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

func pipeSize(t *testing.T, f *os.File) int {
	t.Helper()
	c, err := f.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var n int
	c.Control(func(fd uintptr) { n, err = unix.FcntlInt(fd, unix.F_GETPIPE_SZ, 0) })
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// issue 25 (identifier-dense text into a pipe): stdout's pipe is widened
// to Size, never narrowed, and a file is left alone.
func TestWiden(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	before := pipeSize(t, w)
	Widen(w)
	got := pipeSize(t, r) // one pipe: either end tells
	if before < Size && got != Size && got != before {
		t.Errorf("pipe of %d bytes widened to %d, want %d (or left, if the system refuses)", before, got, Size)
	}
	if before < Size && got == before {
		t.Logf("the system refused a %d-byte pipe (pipe-max-size or the user's pipe pages)", Size)
	}

	c, _ := w.SyscallConn()
	c.Control(func(fd uintptr) { _, err = unix.FcntlInt(fd, unix.F_SETPIPE_SZ, 2*Size) })
	if err == nil { // allowed here: a wider pipe stays as it is
		wide := pipeSize(t, w)
		Widen(w)
		if n := pipeSize(t, w); n != wide {
			t.Errorf("a %d-byte pipe became %d bytes: narrowed", wide, n)
		}
	}

	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	Widen(f) // not a pipe: no effect, no failure
	if _, err := f.WriteString("x"); err != nil {
		t.Fatal(err)
	}
}
