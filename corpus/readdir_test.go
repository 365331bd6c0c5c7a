//go:build unix

package corpus

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// issue 25 (the walk of the RFC directory): readDir lists what os.ReadDir
// lists, in its order, with the same types, each entry's path its
// directory's plus its name.
func TestReadDirAsOS(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, name := range []string{"b.txt", "a.txt", "Z", "é.txt", "rfc10.txt", "rfc1.txt", ".hidden"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a.txt", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("missing", filepath.Join(dir, "dangling")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	got, err := readDir(dir, string(filepath.Separator))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d entries, want %d", len(got), len(want))
	}
	for i := range want {
		g := &got[i]
		if g.Name() != want[i].Name() || g.IsDir() != want[i].IsDir() || g.Type() != want[i].Type() || g.path != filepath.Join(dir, want[i].Name()) {
			t.Errorf("entry %d: %q (%q, %v), want %q (%v)", i, g.Name(), g.path, g.Type(), want[i].Name(), want[i].Type())
		}
	}
	if _, err := readDir(filepath.Join(dir, "missing"), "/"); err == nil || !os.IsNotExist(err) || err.Error() != "open "+filepath.Join(dir, "missing")+": no such file or directory" {
		t.Errorf("a missing directory: %v, want os.ReadDir's error", err)
	}
}
