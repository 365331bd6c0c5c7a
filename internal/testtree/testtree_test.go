package testtree

import (
	"os"
	"path/filepath"
	"testing"
)

// Files get their content, nested directories are made, and a path
// ending in "/" is an empty directory (corpus walks need them).
func TestWrite(t *testing.T) {
	dir := Write(t, map[string]string{"a.txt": "A", "d/e/f.txt": "F", "empty/": ""})
	for _, c := range []struct {
		path string
		dir  bool
		body string
	}{{"a.txt", false, "A"}, {"d/e/f.txt", false, "F"}, {"empty", true, ""}} {
		p := filepath.Join(dir, filepath.FromSlash(c.path))
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatalf("%s: %v", c.path, err)
		}
		if fi.IsDir() != c.dir {
			t.Errorf("%s: directory %v, want %v", c.path, fi.IsDir(), c.dir)
		}
		if !c.dir {
			if b, _ := os.ReadFile(p); string(b) != c.body {
				t.Errorf("%s = %q, want %q", c.path, b, c.body)
			}
		}
	}
}
