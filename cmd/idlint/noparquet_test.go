//go:build noparquet

package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// Built without Arrow, the commands that need it say so and fail; the
// others, demo included (without its report), work.
func TestWithoutParquet(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"scan", "--report", filepath.Join(dir, "r"), "-"}, exitTrouble},
		{[]string{"scan", "--format", "arrow", "-"}, exitTrouble},
		{[]string{"merge", filepath.Join(dir, "m"), dir}, exitTrouble},
		{[]string{"demo"}, exitOK},
		{[]string{"check", "-"}, exitFindings},
	} {
		code, _, errOut := runCmd(t, "urn:ab:a?b\n", c.args...)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d", c.args, code, c.code)
		}
		if c.code == exitTrouble && !strings.Contains(errOut, "noparquet") {
			t.Errorf("%v: %q does not say how it was built", c.args, errOut)
		}
	}
}
