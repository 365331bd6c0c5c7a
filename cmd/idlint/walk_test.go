package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/idlint/idlint/internal/testtree"
)

// issue 20 §2: check and scan walk directories as ripgrep does, say how
// many paths they left out, and lint explicit files whatever the rules.
func TestWalkFlags(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{
		".git/HEAD":       "ref: refs/heads/main\n",
		".gitignore":      "ignored.txt\n",
		"ignored.txt":     "urn:ab:ignored?b\n",
		".hidden/bad.txt": "urn:ab:hidden?b\n",
		"bad.txt":         "urn:ab:walked?b\n",
	})
	for _, c := range []struct {
		name      string
		args      []string
		want, not []string // in stdout
		note      bool     // stderr says paths were ignored
	}{
		{"issue 20 §2: ignored, hidden and .git left out, and counted", []string{"check", dir},
			[]string{"urn:ab:walked"}, []string{"urn:ab:ignored", "urn:ab:hidden"}, true},
		{"issue 20 §2: --no-ignore", []string{"check", "--no-ignore", dir},
			[]string{"urn:ab:walked", "urn:ab:ignored"}, []string{"urn:ab:hidden"}, true},
		{"issue 20 §2: --hidden", []string{"check", "--hidden", dir},
			[]string{"urn:ab:walked", "urn:ab:hidden"}, []string{"urn:ab:ignored"}, true},
		{"issue 20 §2: --hidden --no-ignore", []string{"check", "--hidden", "--no-ignore", dir},
			[]string{"urn:ab:walked", "urn:ab:hidden", "urn:ab:ignored"}, nil, false},
		{"issue 20 §2: explicit files are always linted", []string{"check", filepath.Join(dir, "ignored.txt"), filepath.Join(dir, ".hidden", "bad.txt")},
			[]string{"urn:ab:ignored", "urn:ab:hidden"}, nil, false},
	} {
		code, out, errOut := runCmd(t, "", c.args...)
		if code != exitFindings {
			t.Errorf("%s: exit %d, want %d\n%s", c.name, code, exitFindings, errOut)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: %s not reported:\n%s", c.name, w, out)
			}
		}
		for _, w := range c.not {
			if strings.Contains(out, w) {
				t.Errorf("%s: %s reported:\n%s", c.name, w, out)
			}
		}
		if got := strings.Contains(errOut, "ignored by .gitignore"); got != c.note {
			t.Errorf("%s: stderr %q: note of ignored paths %v, want %v", c.name, errOut, got, c.note)
		}
	}
	// scan's totals carry the count
	_, out, _ := runCmd(t, "", "scan", dir)
	if !strings.Contains(out, "3 path(s) ignored") { // .gitignore .hidden ignored.txt (.git silently)
		t.Errorf("scan totals do not count the ignored paths:\n%s", out)
	}
}

// issue 20 §2, §8: check without a path checks the directory it is run
// in, as ruff does; scan, a batch command, still wants its inputs named.
func TestCheckDefaultsToDot(t *testing.T) {
	dir := testtree.Write(t, map[string]string{"a.txt": "see urn:ietf:rfc:2141%zz\n", ".ignore": "b.txt\n", "b.txt": "urn:a:b\n"})
	t.Chdir(dir)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"check", "--quiet"}, exitFindings, "a.txt:1:22: error URN006"},
		{[]string{"scan", "--quiet"}, exitTrouble, "no input paths"},
	} {
		code, out, errs := runCmd(t, "", c.args...)
		if code != c.code || !strings.Contains(out+errs, c.want) {
			t.Errorf("%v: exit %d, want %d with %q:\n%s%s", c.args, code, c.code, c.want, out, errs)
		}
		if strings.Contains(out, "b.txt") {
			t.Errorf("%v: the ignored b.txt is checked:\n%s", c.args, out)
		}
	}
}
