//go:build unix

package corpus

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// issue 25 (the walk of the RFC directory): readDir lists what os.ReadDir
// lists, in its order (its names sorted by their first 8 bytes first),
// with the same types, each entry's path its directory's plus its name.
// Not parallel: it sets radixMin.
func TestReadDirAsOS(t *testing.T) {
	dir := t.TempDir()
	// names equal in their first 8 bytes (the sort's key), or a prefix
	// of another, and enough of them for the sort not to be an insertion
	names := []string{"b.txt", "a.txt", "Z", "é.txt", "rfc10.txt", "rfc1.txt", ".hidden",
		"abcdefgh", "abcdefgh.txt", "abcdefgg.txt", "abcdefghi", "abcdefg", "abcdefgh\xff", "\xffx",
		"rfc10000.txt", "rfc1000.txt", "rfc10001.txt", "rfc100000.txt"}
	for i := range 40 {
		names = append(names, fmt.Sprintf("rfc%d.txt", 97*i%41*1000+i))
	}
	for _, name := range names {
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
	// sorted comparing keys, and by a radix sort of the keys
	defer func(n int) { radixMin = n }(radixMin)
	for _, radix := range []int{1 << 20, 0} {
		radixMin = radix
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
				t.Errorf("radix from %d names, entry %d: %q (%q, %v), want %q (%v)", radix, i, g.Name(), g.path, g.Type(), want[i].Name(), want[i].Type())
			}
		}
	}
	if _, err := readDir(filepath.Join(dir, "missing"), "/"); err == nil || !os.IsNotExist(err) || err.Error() != "open "+filepath.Join(dir, "missing")+": no such file or directory" {
		t.Errorf("a missing directory: %v, want os.ReadDir's error", err)
	}
}
