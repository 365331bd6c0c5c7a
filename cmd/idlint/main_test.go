package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/idlint/idlint/internal/testtree"
	"github.com/idlint/idlint/lint"
)

// TestInterruptContext (it sends SIGINT to the process, which would stop
// any armed run) and TestGolden (it changes directory) run alone; the
// other tests call t.Parallel, and so start only once those have ended.

// runCmd runs the command as main does, on the given standard input.
func runCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// writeFiles writes a file tree for a test (internal/testtree).
var writeFiles = testtree.Write

func TestDemo(t *testing.T) {
	t.Parallel()
	code, out, _ := runCmd(t, "", "demo")
	if code != exitOK {
		t.Fatalf("demo exit %d", code)
	}
	for _, want := range []string{"URN011", "clusters", "urn:example:a123,z456", "variants:"} {
		if !strings.Contains(out, want) {
			t.Errorf("demo output lacks %q", want)
		}
	}
}

// The parse jsonl interface other tools drive: field names and types.
func TestParseJSONL(t *testing.T) {
	t.Parallel()
	code, out, _ := runCmd(t, "urn:isbn:0451450523\nurn:ab:a?b\n", "parse", "--format", "jsonl")
	if code != exitFindings {
		t.Errorf("exit %d, want %d (one input invalid, rfc8141 §2)", code, exitFindings)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("want one line per input, got %d", len(lines))
	}
	wantValid := []bool{true, false}
	for i, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"input", "scheme", "profile", "valid", "canonical", "key", "findings"} {
			if _, ok := m[f]; !ok {
				t.Errorf("line %d lacks field %q", i, f)
			}
		}
		if m["valid"] != wantValid[i] || m["profile"] != "rfc8141" || m["scheme"] != "urn" {
			t.Errorf("line %d: %v", i, m)
		}
	}
	var m struct {
		Findings []struct{ Rule, Severity, Message, Spec string }
	}
	json.Unmarshal([]byte(lines[1]), &m)
	found := false
	for _, f := range m.Findings {
		if f.Rule == "URN011" && f.Severity == "error" && strings.Contains(f.Spec, "rfc8141 §2") && f.Message != "" {
			found = true
		}
	}
	if !found {
		t.Errorf("urn:ab:a?b: no URN011 error finding with spec: %+v", m.Findings)
	}
}

func TestParseProfiles(t *testing.T) {
	t.Parallel()
	tests := []struct {
		profile, ident string
		code           int
		spec           string
	}{
		{"urn=rfc2141", "urn:urn:x", exitFindings, "rfc2141 §2.1: NID urn reserved"},
		{"urn=rfc2141bis-03", "urn:urn:x", exitFindings, "rfc2141bis-03 §2.1"},
		{"urn=rfc8141", "urn:urn:x", exitOK, "rfc8141: a warning only"},
		{"urn=rfc2141", "urn:a:b&c", exitFindings, "rfc2141 §2.4 excludes &"},
		{"urn=rfc8141", "urn:abc:b&c", exitOK, "rfc8141 §2 pchar allows &"},
	}
	for _, tt := range tests {
		code, out, errs := runCmd(t, "", "parse", "--profile", tt.profile, tt.ident)
		if code != tt.code {
			t.Errorf("%s %s (%s): exit %d want %d\n%s%s", tt.profile, tt.ident, tt.spec, code, tt.code, out, errs)
		}
	}
	if code, _, errs := runCmd(t, "", "parse", "--profile", "urn=rfc9999", "urn:a:b"); code != exitTrouble || !strings.Contains(errs, "rfc9999") {
		t.Errorf("unknown profile: exit %d, %q", code, errs)
	}
}

var lineRE = regexp.MustCompile(`^(.+):(\d+):(\d+): (error|warning|info) (URN\d{3}) (\S+): .+ \(.+\)$`)

func TestCheckExitCodesAndFormat(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{
		"clean.txt": "See urn:isbn:0451450523 and urn:ietf:rfc:2648.\n",
		"bad.txt":   "line one\n  the URN urn:example:a%zz is broken\n",
	})
	clean, bad := filepath.Join(dir, "clean.txt"), filepath.Join(dir, "bad.txt")
	if code, out, _ := runCmd(t, "", "check", clean); code != exitOK || out != "" {
		t.Errorf("clean: exit %d, output %q", code, out)
	}
	code, out, _ := runCmd(t, "", "check", bad)
	if code != exitFindings {
		t.Errorf("bad: exit %d, want %d", code, exitFindings)
	}
	m := lineRE.FindStringSubmatch(strings.TrimSpace(out))
	if m == nil {
		t.Fatalf("check line %q does not match path:line:col: severity RULE ident: message (spec)", out)
	}
	// "  the URN urn:example:a%zz": the URN starts at column 11, the % at 11+13.
	if m[1] != bad || m[2] != "2" || m[3] != "24" || m[4] != "error" || m[5] != "URN006" {
		t.Errorf("check line fields %q", m[1:])
	}
	missing := filepath.Join(dir, "nope.txt")
	code, out, errs := runCmd(t, "", "check", bad, missing, clean)
	if code != exitTrouble {
		t.Errorf("missing input: exit %d, want %d", code, exitTrouble)
	}
	if !strings.Contains(errs, missing) {
		t.Errorf("error does not name the input: %q", errs)
	}
	if !strings.Contains(out, "URN006") {
		t.Errorf("other inputs not checked after the failure: %q", out)
	}
}

func TestScanJSONLFields(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"a.txt": "x urn:EXAMPLE:a%2cb y\n"})
	code, out, _ := runCmd(t, "", "scan", "--format", "jsonl", dir)
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &m); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"source", "member", "offset", "line", "column", "scheme", "raw", "valid", "key", "rules"} {
		if _, ok := m[f]; !ok {
			t.Errorf("scan jsonl lacks %q", f)
		}
	}
	if m["offset"] != 2.0 || m["line"] != 1.0 || m["column"] != 3.0 || m["key"] != "urn:example:a%2Cb" || m["member"] != "" {
		t.Errorf("fields: %v", m)
	}
}

func TestScanStdin(t *testing.T) {
	t.Parallel()
	code, out, _ := runCmd(t, "see urn:isbn:0451450523\n", "scan", "--format", "jsonl", "-")
	if code != exitOK || !strings.Contains(out, `"source":"-"`) {
		t.Errorf("stdin: exit %d %q", code, out)
	}
}

// Output is the same bytes whatever -j is.
func TestDeterministicAcrossJobs(t *testing.T) {
	t.Parallel()
	files := map[string]string{}
	for i := 0; i < 40; i++ {
		var b strings.Builder
		for k := 0; k < 200; k++ {
			fmt.Fprintf(&b, "line %d urn:example:doc-%d:%d and URN:Example:doc-%d:%d, also urn:x:%d?b\n", k, i%7, k%13, i%5, k%11, k)
		}
		files[fmt.Sprintf("d%02d/f%03d.txt", i%4, i)] = b.String()
	}
	dir := writeFiles(t, files)
	for _, format := range []string{"jsonl", "text", "json"} {
		_, one, _ := runCmd(t, "", "scan", "--format", format, "-j", "1", dir)
		_, eight, _ := runCmd(t, "", "scan", "--format", format, "-j", "8", dir)
		if one == "" || one != eight {
			t.Errorf("%s: -j 1 and -j 8 differ (%d vs %d bytes)", format, len(one), len(eight))
		}
	}
}

func TestRules(t *testing.T) {
	t.Parallel()
	code, out, _ := runCmd(t, "", "rules")
	if code != exitOK {
		t.Fatal(code)
	}
	for _, r := range lint.Rules() {
		if !strings.Contains(out, r.ID+" ") {
			t.Errorf("catalog lacks %s", r.ID)
		}
		if r.Doc == "" || r.Bad == "" || r.Good == "" || r.Spec == "" || r.Summary == "" {
			t.Errorf("%s: doc page incomplete", r.ID)
		}
	}
	code, out, _ = runCmd(t, "", "rules", "bad-percent-encoding")
	if code != exitOK || !strings.Contains(out, "URN006") || !strings.Contains(out, "Bad:") || !strings.Contains(out, "Good:") {
		t.Errorf("rule page: %d %q", code, out)
	}
	if code, _, _ := runCmd(t, "", "rules", "NOPE1"); code != exitTrouble {
		t.Errorf("unknown rule: exit %d", code)
	}
}

func TestSeverityOverrides(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"a.txt": "urn:example:a%zz\n"})
	if code, out, _ := runCmd(t, "", "check", "--ignore", "URN006", dir); code != exitOK || out != "" {
		t.Errorf("--ignore: exit %d %q", code, out)
	}
	if code, out, _ := runCmd(t, "", "check", "--severity", "bad-percent-encoding=warning", dir); code != exitOK || !strings.Contains(out, "warning URN006") {
		t.Errorf("--severity: exit %d %q", code, out)
	}
	if code, _, _ := runCmd(t, "", "check", "--severity", "URN999=error", dir); code != exitTrouble {
		t.Errorf("unknown rule override: exit %d", code)
	}
}

func TestCheckSARIF(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"bad.txt": "x\n  urn:example:a%zz\n"})
	code, out, _ := runCmd(t, "", "check", "--format", "sarif", dir)
	if code != exitFindings {
		t.Errorf("exit %d", code)
	}
	var log struct {
		Version string
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string
					Rules []struct{ ID string }
				}
			}
			Results []struct {
				RuleID    string
				Level     string
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, StartColumn, EndColumn int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Tool.Driver.Rules) != len(lint.Rules()) {
		t.Fatalf("SARIF log shape: %+v", log)
	}
	res := log.Runs[0].Results
	if len(res) != 1 || res[0].RuleID != "URN006" || res[0].Level != "error" {
		t.Fatalf("results %+v", res)
	}
	loc := res[0].Locations[0].PhysicalLocation
	if !strings.HasSuffix(loc.ArtifactLocation.URI, "bad.txt") || loc.Region.StartLine != 2 || loc.Region.StartColumn != 16 || loc.Region.EndColumn != 19 {
		t.Errorf("location %+v (rfc8141 §2: the bad escape %%zz at line 2, columns 16-18)", loc)
	}
}

// Suppression comments silence findings on the lines after them.
func TestCheckSuppressions(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"spec.xml": "<!-- idlint:ignore-next-line URN006 -- quoted -->\n<a href=\"urn:example:a%zz\"/>\n<b href=\"urn:example:b%zz\"/>\n"})
	code, out, _ := runCmd(t, "", "check", dir)
	if code != exitFindings || strings.Count(out, "URN006") != 1 || !strings.Contains(out, ":3:") {
		t.Errorf("exit %d, output %q: want only line 3 reported (rfc8141 §2 bad escape)", code, out)
	}
}

func TestScanSuppressionsOptIn(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"a.txt": "idlint:disable-file -- examples\nurn:example:a%zz\n"})
	_, plain, _ := runCmd(t, "", "scan", "--format", "jsonl", dir)
	_, honoured, _ := runCmd(t, "", "scan", "--format", "jsonl", "--suppressions", dir)
	if !strings.Contains(plain, "URN006") || strings.Contains(honoured, "URN006") {
		t.Errorf("scan reports suppressed findings only without --suppressions:\n%s\n%s", plain, honoured)
	}
}

// check skips binary documents by default, scan scans them; each flag
// turns the other way. The bad UUID is rfc9562 §4's URN101.
func TestSkipBinaryDefaults(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"lib.so": "\x7fELF\x00\x00strtab urn:uuid:client_id\x00"})
	for _, c := range []struct {
		args   []string
		code   int
		status string // the document's --sources status
	}{
		{[]string{"check", "--isolated"}, exitOK, `"status":"skipped"`},
		{[]string{"check", "--isolated", "--skip-binary=false"}, exitFindings, `"status":"ok"`},
		{[]string{"scan", "--isolated", "--format", "none"}, exitOK, `"status":"ok"`},
		{[]string{"scan", "--isolated", "--format", "none", "--skip-binary"}, exitOK, `"status":"skipped"`},
	} {
		args := append(append([]string{}, c.args...), "--sources", "-", dir)
		code, out, _ := runCmd(t, "", args...)
		if code != c.code || !strings.Contains(out, c.status) {
			t.Errorf("%v: exit %d, output %q: want exit %d and %s", c.args, code, out, c.code, c.status)
		}
	}
}

// Flags and paths interleave; -jN is -j N (as in ripgrep and make); after
// "--" everything is a path.
func TestParseFlags(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args  []string
		jobs  int
		paths []string
	}{
		{[]string{"a.txt", "-j", "3"}, 3, []string{"a.txt"}},
		{[]string{"-j4", "a.txt", "b.txt"}, 4, []string{"a.txt", "b.txt"}},
		{[]string{"-j=2", "--", "-j5"}, 2, []string{"-j5"}},
	}
	for _, tt := range tests {
		fs := flag.NewFlagSet("scan", flag.ContinueOnError)
		jobs := fs.Int("j", 0, "")
		paths, err := parseFlags(fs, tt.args)
		if err != nil || *jobs != tt.jobs || strings.Join(paths, " ") != strings.Join(tt.paths, " ") {
			t.Errorf("%q: jobs %d, paths %q, err %v; want %d, %q", tt.args, *jobs, paths, err, tt.jobs, tt.paths)
		}
	}
}

// TestMain keeps the tests' demo pages out of the user's cache directory.
// With IDLINT_TEST_RUN set it is the command itself, run with the
// arguments that variable holds (one a line), for tests that need a
// process of their own (signals); with IDLINT_TEST_AS_MAIN=1 it is the
// command with its own arguments (adversary_test.go).
func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv("IDLINT_TEST_RUN"); ok {
		os.Exit(run(strings.Split(args, "\n"), os.Stdin, os.Stdout, os.Stderr))
	}
	if os.Getenv(asMainEnv) == "1" {
		asMain()
	}
	dir, err := os.MkdirTemp("", "idlint-test-cache-")
	if err == nil {
		os.Setenv("XDG_CACHE_HOME", dir)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
