//go:build linux

package lint

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"

	"github.com/idlint/idlint/rules"
	"golang.org/x/sys/unix"
)

// A memory fault while a classifier reads a candidate's context (the
// context points into a memory map whose file shrank) is not a rule's
// bug: it goes on to the scan's recover, which reports the file, instead
// of becoming an internal-error finding.
func TestFaultInContextIsNotAFinding(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, bytes.Repeat([]byte("x"), 1<<16), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	data, err := unix.Mmap(int(f.Fd()), 0, 1<<16, unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Munmap(data)
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	e, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	m := e.NewMemo()
	var o Occurrence
	panicked := func() (p bool) {
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		defer func() { p = recover() != nil }()
		o, _ = m.CheckInContext("go", []byte("go:build"), &rules.Context{Before: data[8192:8200], After: data[8200:8210]})
		return false
	}()
	if !panicked {
		t.Errorf("the fault became an occurrence: %+v", o)
	}
}
