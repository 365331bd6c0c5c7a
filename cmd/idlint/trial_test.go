package main

import (
	"strings"
	"testing"
)

// issue 20 §1, §2: what a new user trying the features together is told —
// idlint config says a path is excluded, and the note on left-out paths
// names idlint.toml's exclude (it counts those too, also under
// --no-ignore).
func TestTrialMessages(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"idlint.toml":    "exclude = [\"vendor\"]\n",
		"vendor/v.txt":   "urn:a:b\n",
		"drafts/x.txt":   "urn:a:b\n",
		"doc.txt":        "urn:example:ok\n",
		".gitignore":     "",
		"vendor/sub/w.x": "",
	})
	t.Chdir(dir)
	for _, tc := range []struct {
		name           string
		args           []string
		stdout, stderr string // substrings ("" none expected)
		notStdout      string
	}{
		{"issue 20 §1: config of an excluded file says so", []string{"config", "vendor/v.txt"}, "# excluded: directory walks leave it out", "", ""},
		{"issue 20 §1: config of an excluded directory says so", []string{"config", "vendor"}, "# excluded:", "", ""},
		{"issue 20 §1: config of a linted file does not", []string{"config", "drafts/x.txt"}, "# rules:", "", "# excluded"},
		{"issue 20 §2: the note names the config's exclude", []string{"check", "--no-ignore", "."}, "drafts/x.txt", "idlint.toml's exclude", "vendor/v.txt"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, out, errs := runCmd(t, "", tc.args...)
			if !strings.Contains(out, tc.stdout) || !strings.Contains(errs, tc.stderr) {
				t.Errorf("stdout %q\nstderr %q\nwant %q and %q", out, errs, tc.stdout, tc.stderr)
			}
			if tc.notStdout != "" && strings.Contains(out, tc.notStdout) {
				t.Errorf("stdout has %q:\n%s", tc.notStdout, out)
			}
		})
	}
}

// issue 20 §8: a mistyped or misplaced --format says what was meant —
// scan's list has no CI formats, so a CI format given to scan points to
// check.
func TestUnknownFormatPointsToCheck(t *testing.T) {
	for _, tc := range []struct {
		cmd      commands
		name     string
		want     string
		wantNone string
	}{
		{inScan, "sarif", "sarif is a format of check: idlint check --format sarif", ""},
		{inScan, "sarf", "sarif is a format of check", ""},
		{inScan, "gitlab", "gitlab is a format of check", ""},
		{inScan, "jsnl", "did you mean jsonl?", "format of check"},
		{inCheck, "sarf", "did you mean sarif?", "format of check"},
		{inDemo, "junit", "junit is a format of check", ""},
	} {
		got := unknownFormat(tc.cmd, tc.name)
		if !strings.Contains(got, tc.want) || tc.wantNone != "" && strings.Contains(got, tc.wantNone) {
			t.Errorf("unknownFormat(%d, %q) = %q, want %q", tc.cmd, tc.name, got, tc.want)
		}
	}
}

// issue 20 §8: `idlint check -h` reads cleanly — a flag's placeholder is
// not repeated at the start of its text, and the line format it states is
// the one check writes.
func TestCheckHelpText(t *testing.T) {
	code, out, _ := runCmd(t, "", "check", "-h")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"severity RULE raw: message (spec)", true},
		{"--select RULE[,RULE]    enable only these rules", true},
		{"RULE[,RULE] enable", false},
		{"RULE=LEVEL override", false},
		{"SCHEME=NAME profile", false},
	} {
		if strings.Contains(out, tc.text) != tc.want {
			t.Errorf("check -h has %q: %v, want %v\n%s", tc.text, !tc.want, tc.want, out)
		}
	}
}

// issue 20 §6: --fail-on below --min-severity fails on findings not
// shown; stderr then says so instead of leaving a silent exit 1.
func TestFailOnHiddenSaysWhy(t *testing.T) {
	dir := writeFiles(t, map[string]string{"info.txt": "URN:ISBN:0451450523\n", "warn.txt": "urn:ab:cd\n"})
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stderr string // "" : no note
	}{
		{"info only, --fail-on info: note", []string{"--fail-on", "info", "info.txt"}, exitFindings, "1 finding(s) below --min-severity warning fail the run (--fail-on info)"},
		{"shown warning fails: no note", []string{"--fail-on", "info", "info.txt", "warn.txt"}, exitFindings, ""},
		{"--min-severity info shows it: no note", []string{"--fail-on", "info", "--min-severity", "info", "info.txt"}, exitFindings, ""},
		{"default --fail-on error: passes", []string{"info.txt"}, exitOK, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(dir)
			code, _, errs := runCmd(t, "", append([]string{"check"}, tc.args...)...)
			note := strings.Contains(errs, "fail the run")
			if code != tc.code || note != (tc.stderr != "") || !strings.Contains(errs, tc.stderr) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errs, tc.code, tc.stderr)
			}
		})
	}
}

// issue 20 §1: --config FILE and --isolated together are a usage error
// (as in ruff), not --isolated silently winning.
func TestConfigIsolatedConflict(t *testing.T) {
	dir := writeFiles(t, map[string]string{"idlint.toml": "ignore = [\"URN003\"]\n", "a.txt": "urn:a:b\n"})
	t.Chdir(dir)
	for _, args := range [][]string{
		{"check", "--isolated", "--config", "idlint.toml", "a.txt"},
		{"check", "--config", "idlint.toml", "--no-config", "a.txt"},
		{"config", "--isolated", "--config", "idlint.toml"},
	} {
		code, _, errs := runCmd(t, "", args...)
		if code != exitTrouble || !strings.Contains(errs, "contradict each other") {
			t.Errorf("%v: exit %d, stderr %q; want %d and the conflict named", args, code, errs, exitTrouble)
		}
	}
}
