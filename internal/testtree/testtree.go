// Package testtree writes small file trees for tests: one helper for
// corpus (walks, ignore files), lint/config (config discovery) and the
// CLI's tests, instead of a copy in each.
package testtree

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Write writes files (slash path → content; a path ending in "/" is an
// empty directory) under a new temporary directory and returns it.
func Write(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, c := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if strings.HasSuffix(p, "/") {
			if err := os.MkdirAll(full, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
