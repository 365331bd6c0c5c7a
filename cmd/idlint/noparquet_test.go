//go:build !parquet

package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// issue 20 §7: the default build is without Arrow; the commands that need
// it fail saying how to get it (-tags parquet); the others, demo included
// (without its report, which it says), work.
func TestWithoutParquet(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"scan", "--report", filepath.Join(dir, "r"), "-"}, exitTrouble},
		{[]string{"scan", "--format", "arrow", "-"}, exitTrouble},
		{[]string{"check", "--format", "arrow", "-"}, exitTrouble},
		{[]string{"merge", filepath.Join(dir, "m"), dir}, exitTrouble},
		{[]string{"report", dir}, exitTrouble},
		{[]string{"demo"}, exitOK},
		{[]string{"check", "-"}, exitFindings},
	} {
		code, _, errOut := runCmd(t, "urn:ab:a?b\n", c.args...)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d", c.args, code, c.code)
		}
		says := strings.Contains(errOut, "go install -tags parquet")
		if want := c.code == exitTrouble || c.args[0] == "demo"; says != want {
			t.Errorf("%v: stderr %q: says how to get the Parquet build: %v, want %v", c.args, errOut, says, want)
		}
	}
}
