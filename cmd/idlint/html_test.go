package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// issue 22: scan --html FILE and demo --html FILE write the page and say
// where; nothing else is left next to it (the write is atomic).
func TestHTMLFlag(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		want  []string // in the page
	}{
		{"scan", "urn:example:a%zz urn:isbn:0451450523\n", []string{"scan", "--format", "none", "-"}, []string{`id="total-occurrences">2<`, `id="total-invalid">1<`, "URN006"}},
		{"demo", "", []string{"demo", "--format", "none"}, []string{`id="total-occurrences">`, "sample"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "r.html")
			code, _, errs := runCmd(t, tc.stdin, append(tc.args, "--html", out)...)
			if code != exitOK || !strings.Contains(errs, "HTML report written to "+out) {
				t.Fatalf("%v: exit %d, stderr %q", tc.args, code, errs)
			}
			page, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(string(page), w) {
					t.Errorf("page lacks %q", w)
				}
			}
			if left, _ := os.ReadDir(dir); len(left) != 1 {
				t.Errorf("%d entries next to the page, want 1", len(left))
			}
		})
	}
}
