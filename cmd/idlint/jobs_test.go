package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/idlint/idlint"
)

// issue 24 §5: -j beyond what helps is capped at idlint.MaxJobs, said on
// stderr, with the same output; up to the cap nothing is said.
func TestJobsCapped(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"a.txt": "urn:isbn:0451450523\n", "b.txt": "URN:ISBN:0451450523 urn:x:y\n"})
	max := idlint.MaxJobs()
	_, want, _ := runCmd(t, "", "scan", "--quiet", "-j", "1", dir)
	for _, tc := range []struct {
		j    int
		note bool
	}{{max, false}, {max + 1, true}, {1000, true}} {
		code, out, errs := runCmd(t, "", "scan", "--quiet", "-j", fmt.Sprint(tc.j), dir)
		if code != exitOK || out != want {
			t.Errorf("-j %d: exit %d, output differs from -j 1's: %s", tc.j, code, errs)
		}
		capped := fmt.Sprintf("-j %d capped at %d", tc.j, max)
		if strings.Contains(errs, capped) != tc.note {
			t.Errorf("-j %d: stderr %q, want the note %q: %v", tc.j, errs, capped, tc.note)
		}
	}
}
