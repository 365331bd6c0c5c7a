package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/idlint/idlint/rules/schemes"
)

// issue 20 §8: every command's -h (and --help, -help) prints its help on
// stdout and exits 0, and `idlint help COMMAND` prints the same.
func TestCommandHelp(t *testing.T) {
	t.Parallel()
	for _, c := range commandTable {
		for _, h := range []string{"-h", "--help", "-help"} {
			code, out, errs := runCmd(t, "", c.name, h)
			want := "Usage: idlint " + c.name
			if c.name == "help" {
				want = usage() // help's help is the top-level usage
			}
			if code != exitOK || !strings.HasPrefix(out, want) || errs != "" {
				t.Errorf("idlint %s %s: exit %d, stdout %.60q, stderr %q; want 0, %.60q…, nothing", c.name, h, code, out, errs, want)
			}
		}
		_, dashH, _ := runCmd(t, "", c.name, "-h")
		if code, out, errs := runCmd(t, "", "help", c.name); code != exitOK || out != dashH || errs != "" {
			t.Errorf("idlint help %s: exit %d, stderr %q, stdout differs from idlint %s -h: %s", c.name, code, errs, c.name, firstDiff(out, dashH))
		}
	}
	// flags after -h do not matter; the help lists the command's own flags
	for _, tc := range []struct {
		args  []string
		flags []string
	}{
		{[]string{"check", "a.txt", "-h"}, []string{"--format FORMAT", "--min-severity LEVEL", "--color WHEN", "-j int"}},
		{[]string{"scan", "-h"}, []string{"--format FORMAT", "--report DIR", "--color WHEN"}},
		{[]string{"demo", "-h"}, []string{"--report DIR", "--color WHEN", "--profile SCHEME=NAME"}},
		{[]string{"parse", "-h"}, []string{"--scheme SCHEME", "--base IDENTIFIER"}},
		{[]string{"rules", "-h"}, []string{"--markdown"}},
		{[]string{"merge", "-h"}, []string{"--run-id"}},
	} {
		_, out, _ := runCmd(t, "", tc.args...)
		for _, f := range tc.flags {
			if !strings.Contains(out, "\n  "+f) {
				t.Errorf("idlint %s: help lacks %q:\n%s", strings.Join(tc.args, " "), f, out)
			}
		}
	}
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}, {"help", "help"}} {
		if code, out, _ := runCmd(t, "", args...); code != exitOK || out != usage() {
			t.Errorf("idlint %s: exit %d, not the top-level usage: %.80q", strings.Join(args, " "), code, out)
		}
	}
}

// issue 20 §8: the top-level help names every scheme of the registry and
// every command of the table.
func TestUsageNamesSchemes(t *testing.T) {
	t.Parallel()
	u := usage()
	if len(schemes.All()) < 4 {
		t.Fatalf("registry has %d schemes, want urn, xri, lid and go", len(schemes.All()))
	}
	for _, s := range schemes.All() {
		if !strings.Contains(u, " "+s.Name+":") || !strings.Contains(u, s.DefaultProfile+"*") {
			t.Errorf("usage does not name scheme %s: with its default profile %s:\n%s", s.Name, s.DefaultProfile, u)
		}
	}
	if !strings.HasPrefix(u, "idlint — find and lint urn:, xri:, lid: and go: identifiers\n") {
		t.Errorf("usage title: %q", strings.SplitN(u, "\n", 2)[0])
	}
	for _, c := range commandTable {
		if !strings.Contains(u, "\n  idlint "+c.name) {
			t.Errorf("usage lacks command %s", c.name)
		}
	}
}

// issue 20 §8: a mistyped command, flag, rule ID or name, format or
// colour says what was meant, in one line with the pointer to help, and
// exits 2.
func TestDidYouMean(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"a.txt": "urn:example:a%zz\n"})
	for _, tc := range []struct {
		args []string
		want string // all of stderr
	}{
		{[]string{"chek", dir}, `idlint: unknown command "chek" (did you mean check?); run 'idlint help'`},
		{[]string{"sacn"}, `idlint: unknown command "sacn" (did you mean scan?); run 'idlint help'`},
		{[]string{"frobnicate"}, `idlint: unknown command "frobnicate"; run 'idlint help'`},
		{[]string{"help", "chek"}, `idlint help: unknown command "chek" (did you mean check?); run 'idlint help'`},
		{[]string{"check", "--fromat", "sarif", dir}, `idlint check: unknown flag --fromat (did you mean --format?); run 'idlint check -h'`},
		{[]string{"scan", "-qiuet", dir}, `idlint scan: unknown flag --qiuet (did you mean --quiet?); run 'idlint scan -h'`},
		{[]string{"check", "--min-severty", "info", dir}, `idlint check: unknown flag --min-severty (did you mean --min-severity?); run 'idlint check -h'`},
		{[]string{"rules", "--markdwn"}, `idlint rules: unknown flag --markdwn (did you mean --markdown?); run 'idlint rules -h'`},
		{[]string{"check", "--zzz", dir}, `idlint check: unknown flag --zzz; run 'idlint check -h'`},
		{[]string{"check", dir, "--format"}, `idlint check: --format needs a value; run 'idlint check -h'`},
		{[]string{"scan", "-j", "x", dir}, `idlint scan: invalid value "x" for -j: parse error; run 'idlint scan -h'`},
		{[]string{"check", "--color", "alwys", dir}, `idlint check: invalid value "alwys" for --color: want auto, always or never (did you mean always?); run 'idlint check -h'`},
		{[]string{"rules", "URN0O6"}, `idlint rules: unknown rule "URN0O6" (did you mean URN006?)`},
		{[]string{"check", "--fail-on", "warnin", dir}, `idlint check: --fail-on: unknown level "warnin" (want error, warning or info); did you mean warning?`},
		{[]string{"check", "--ignore", "URN0O6", dir}, `idlint check: --ignore: unknown rule "URN0O6" (did you mean URN006?)`},
		{[]string{"check", "--severity", "bad-percent-encodng=warning", dir}, `idlint check: --severity "bad-percent-encodng=warning": unknown rule "bad-percent-encodng" (did you mean bad-percent-encoding?)`},
		{[]string{"parse", "--ignore", "urn06", "urn:a:b"}, `idlint parse: --ignore: unknown rule "urn06" (did you mean URN006?)`},
		// issue 20 "Also fix": check's list names sarif, scan's does not
		{[]string{"check", "--format", "sarf", dir}, `idlint check: unknown format "sarf" (want text, sarif, github, gitlab, junit, jsonl, json, arrow or none); did you mean sarif?`},
		{[]string{"scan", "--format", "sarif", dir}, `idlint scan: unknown format "sarif" (want text, jsonl, json, arrow or none); sarif is a format of check: idlint check --format sarif`}, // issue 20 §8: where it is
		{[]string{"parse", "--format", "jsnol", "urn:a:b"}, `idlint parse: unknown format "jsnol" (want text, json or jsonl); did you mean jsonl?`},
		{[]string{"scan", "--format", "jsn", dir}, `idlint scan: unknown format "jsn" (want text, jsonl, json, arrow or none); did you mean json?`},
		// values a flag's type takes but its meaning does not
		{[]string{"check", "--min-severity", "off", dir}, `idlint check: --min-severity: unknown level "off" (want error, warning or info)`},
		{[]string{"scan", "-j", "-1", dir}, `idlint scan: -j -1: want a number of parallel inputs (0 or none: one per CPU)`},
		{[]string{"demo", "extra"}, `idlint demo: takes no paths, got "extra" (it scans the embedded sample; scan PATH… scans yours)`},
	} {
		code, out, errs := runCmd(t, "", tc.args...)
		if code != exitTrouble || out != "" || errs != tc.want+"\n" {
			t.Errorf("idlint %s: exit %d, stdout %q, stderr\n  %q\nwant exit 2 and\n  %q", strings.Join(tc.args, " "), code, out, errs, tc.want+"\n")
		}
	}
}

// issue 20 §8: an unknown flag prints one line, not the flag list, for
// every command.
func TestUnknownFlagShort(t *testing.T) {
	t.Parallel()
	for _, c := range commandTable {
		if c.name == "help" {
			continue // takes a command name, no flags
		}
		code, out, errs := runCmd(t, "", c.name, "--nope")
		want := "idlint " + c.name + ": unknown flag --nope; run 'idlint " + c.name + " -h'\n"
		if code != exitTrouble || out != "" || errs != want {
			t.Errorf("idlint %s --nope: exit %d, stdout %q, stderr %q; want 2 and %q", c.name, code, out, errs, want)
		}
		if n := strings.Count(errs, "\n"); n > 2 {
			t.Errorf("idlint %s --nope: %d lines on stderr, want at most 2", c.name, n)
		}
	}
}

var escRE = regexp.MustCompile("\033\\[[0-9;]*m")

// issue 20 §8: --color always colours the text outputs (and nothing else),
// never and the default into a pipe or file do not; NO_COLOR and TERM=dumb
// turn auto off on a terminal, and a flag overrides NO_COLOR
// (https://no-color.org).
func TestColor(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"a.txt": "urn:example:a%zz\n"})
	srcFile := filepath.Join(t.TempDir(), "sources.jsonl")
	for _, tc := range []struct {
		args    []string
		escapes bool
	}{
		{[]string{"check", "--color", "always", dir}, true},
		{[]string{"check", "--color=always", "--format", "text", dir}, true},
		{[]string{"scan", "--color", "always", dir}, true},
		{[]string{"scan", "--color", "always", "--sources", srcFile, dir}, true},
		{[]string{"demo", "--color", "always"}, true},
		{[]string{"check", "--color", "never", dir}, false},
		{[]string{"check", dir}, false}, // auto, into a buffer: not a terminal
		{[]string{"scan", "--color", "auto", dir}, false},
		{[]string{"check", "--color", "always", "--format", "sarif", dir}, false},
		{[]string{"scan", "--color", "always", "--format", "jsonl", dir}, false},
		{[]string{"scan", "--color", "always", "--format", "json", dir}, false},
	} {
		_, out, errs := runCmd(t, "", tc.args...)
		if got := strings.Contains(out, "\033["); got != tc.escapes {
			t.Errorf("idlint %s: escapes in stdout %v, want %v\n%q", strings.Join(tc.args, " "), got, tc.escapes, out)
		}
		if strings.Contains(errs, "\033[") {
			t.Errorf("idlint %s: escapes on stderr %q", strings.Join(tc.args, " "), errs)
		}
		if tc.escapes {
			plainArgs := append([]string{}, tc.args...)
			for i, a := range plainArgs {
				if a == "always" {
					plainArgs[i] = "never"
				}
				plainArgs[i] = strings.Replace(plainArgs[i], "=always", "=never", 1)
			}
			if _, plain, _ := runCmd(t, "", plainArgs...); escRE.ReplaceAllString(out, "") != plain {
				t.Errorf("idlint %s: coloured output without escapes is not the plain output:\n%s", strings.Join(tc.args, " "), firstDiff(escRE.ReplaceAllString(out, ""), plain))
			}
		}
	}
	if b, err := os.ReadFile(srcFile); err != nil || len(b) == 0 || strings.Contains(string(b), "\033") {
		t.Errorf("--sources file with --color always: %v, escapes %v", err, strings.Contains(string(b), "\033"))
	}

	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, tc := range []struct {
		terminal bool
		env      func(string) string
		want     bool
	}{
		{true, env(), true},
		{true, env("TERM", "xterm-256color"), true},
		{true, env("NO_COLOR", "1"), false},
		{true, env("NO_COLOR", "0"), false}, // any non-empty value
		{true, env("NO_COLOR", ""), true},   // empty: as if unset
		{true, env("TERM", "dumb"), false},
		{false, env(), false},
		{false, env("TERM", "xterm"), false},
	} {
		if got := colorAuto(tc.terminal, tc.env); got != tc.want {
			t.Errorf("auto, terminal %v, NO_COLOR %q, TERM %q: colour %v, want %v", tc.terminal, tc.env("NO_COLOR"), tc.env("TERM"), got, tc.want)
		}
	}
	noColor := env("NO_COLOR", "1")
	for _, tc := range []struct {
		mode colorMode
		want bool
	}{{"always", true}, {"never", false}, {"auto", false}} {
		// os.Stdout of a test is a pipe or file, never coloured by auto
		if got := colorOn(tc.mode, os.Stdout, noColor); got != tc.want {
			t.Errorf("--color %s with NO_COLOR=1: %v, want %v (the flag overrides NO_COLOR)", tc.mode, got, tc.want)
		}
	}
}

// issue 20 "Also fix": demo leaves nothing behind (it left a
// /tmp/idlint-demo-* directory per run); --report DIR writes there.
//
// issue 22: demo writes its HTML page to one place, the user cache
// directory, replaced each run, and prints where; --html none writes none.
func TestDemoLeavesNoTempDir(t *testing.T) {
	tmp, cache := t.TempDir(), t.TempDir()
	t.Setenv("TMPDIR", tmp)
	t.Setenv("XDG_CACHE_HOME", cache)
	page := filepath.Join(cache, "idlint", "demo-report.html")
	for run := range 2 {
		code, _, errs := runCmd(t, "", "demo")
		if code != exitOK {
			t.Fatalf("demo: exit %d %s", code, errs)
		}
		if !strings.Contains(errs, page) {
			t.Errorf("run %d: stderr does not say where the page is (%s):\n%s", run, page, errs)
		}
		if b, err := os.ReadFile(page); err != nil || !strings.Contains(string(b), `id="total-occurrences"`) {
			t.Errorf("run %d: no HTML report at %s (%v)", run, page, err)
		}
		if left, _ := os.ReadDir(filepath.Join(cache, "idlint")); len(left) != 1 {
			t.Errorf("run %d: %d entries in the cache directory, want the one page", run, len(left))
		}
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("demo left %d entries in TMPDIR, e.g. %s", len(left), left[0].Name())
	}
	os.Remove(page)
	if code, _, errs := runCmd(t, "", "demo", "--html", "none"); code != exitOK || strings.Contains(errs, page) {
		t.Errorf("demo --html none: exit %d, stderr %q", code, errs)
	}
	if _, err := os.Stat(page); err == nil {
		t.Errorf("demo --html none wrote %s", page)
	}
	if !withParquet {
		return
	}
	rep := filepath.Join(t.TempDir(), "report")
	code, _, errs := runCmd(t, "", "demo", "--report", rep)
	if code != exitOK || !strings.Contains(errs, "report written to "+rep) {
		t.Fatalf("demo --report: exit %d, stderr %q", code, errs)
	}
	if _, err := os.Stat(filepath.Join(rep, "occurrences.parquet")); err != nil {
		t.Error(err)
	}
}
