package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// checkLineRE reads a check line: path, line, rule.
var checkLineRE = regexp.MustCompile(`^(.+):(\d+):\d+: (?:error|warning|info) ([A-Z]+\d{3}) `)

// reported lists check output as "path:line RULE", sorted, the path
// relative to docs/ (the baseline's is its base name).
func reported(t *testing.T, out string) []string {
	t.Helper()
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if l == "" {
			continue
		}
		m := checkLineRE.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("not a check line: %q", l)
		}
		p := filepath.ToSlash(m[1])
		if i := strings.LastIndex(p, "/docs/"); i >= 0 {
			p = p[i+len("/docs/"):]
		} else {
			p = filepath.Base(p)
		}
		got = append(got, p+":"+m[2]+" "+m[3])
	}
	slices.Sort(got)
	return got
}

func zipOf(t *testing.T, name, body string) string {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	w, err := zw.Create(name)
	if err == nil {
		_, err = w.Write([]byte(body))
	}
	if err == nil {
		err = zw.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

const (
	spec = "Intro\nsee urn:example:a%zz and URN:x\nalso urn:example:a%zz here\n"
	// the same findings, with lines inserted above and between
	specShifted = "New intro\n\nmore\nIntro\nsee urn:example:a%zz and URN:x\n\ninserted\nalso urn:example:a%zz here\n"
)

// issue 20 §4: a baseline written today holds back today's findings,
// keyed without line numbers; only new ones are reported, and entries
// nothing matches any more are IDL010 findings at their line in the file.
func TestBaseline(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		before map[string]string // files under docs/ when the baseline is written
		after  map[string]string // files changed (or, "", removed) before the check
		only   string            // check only this file of docs/ ("" the directory)
		want   []string          // check --min-severity info lines: "file:line RULE"
	}{
		{name: "write then read: nothing new (issue 20 §4)",
			before: map[string]string{"a.txt": spec, "b.md": "urn:example:b%zz\n"}},
		{name: "lines inserted above and between do not resurface (issue 20 §4)",
			before: map[string]string{"a.txt": spec}, after: map[string]string{"a.txt": specShifted}},
		{name: "one more equal bad identifier: only it is reported (issue 20 §4)",
			before: map[string]string{"a.txt": spec}, after: map[string]string{"a.txt": spec + "and urn:example:a%zz again\n"},
			want: []string{"a.txt:4 URN006"}},
		{name: "an equivalent spelling is one more equal identifier: the key, not the text (issue 20 §4)",
			before: map[string]string{"a.txt": spec}, after: map[string]string{"a.txt": spec + "and URN:EXAMPLE:a%zz\n"},
			want: []string{"a.txt:4 URN006", "a.txt:4 URN030"}}, // URN030: its case, a finding of its own
		{name: "one removed: its entry is stale, an info finding in the baseline (issue 20 §4)",
			before: map[string]string{"a.txt": spec}, after: map[string]string{"a.txt": "Intro\nsee urn:example:a%zz and URN:x\n"},
			want: []string{"bl.json:6 IDL010"}},
		{name: "a file removed: its entries are stale, whatever is linted",
			before: map[string]string{"a.txt": spec, "b.md": "urn:example:b%zz\n"}, after: map[string]string{"b.md": ""}, only: "a.txt",
			want: []string{"bl.json:7 IDL010"}},
		{name: "a file fixed but not linted this run (a hook's changed files): its entries are not stale",
			before: map[string]string{"a.txt": spec, "b.md": "urn:example:b%zz\n"}, after: map[string]string{"b.md": "fixed\n"}, only: "a.txt"},
		{name: "a file fixed and linted: its entry is stale",
			before: map[string]string{"a.txt": spec, "b.md": "urn:example:b%zz\n"}, after: map[string]string{"b.md": "fixed\n"},
			want: []string{"bl.json:7 IDL010"}},
		{name: "the baseline file itself is not linted against itself (it names the identifiers it holds back)",
			before: map[string]string{"a.txt": spec}, after: map[string]string{"a.txt": spec + "urn:example:new%zz\n"}, only: "..",
			want: []string{"a.txt:4 URN006"}},
		{name: "archive members are keyed by member, lines moved inside do not resurface (issue 20 §4)",
			before: map[string]string{"x.zip": zipOf(t, "in/a.txt", spec)}, after: map[string]string{"x.zip": zipOf(t, "in/a.txt", specShifted)}},
		{name: "a finding moved to another member is new there",
			before: map[string]string{"x.zip": zipOf(t, "in/a.txt", spec)}, after: map[string]string{"x.zip": zipOf(t, "in/b.txt", spec)},
			want: []string{"bl.json:4 IDL010", "bl.json:5 IDL010", "bl.json:6 IDL010", "x.zip!in/b.txt:2 URN002", "x.zip!in/b.txt:2 URN006", "x.zip!in/b.txt:3 URN006"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			files := map[string]string{}
			for n, b := range c.before {
				files["docs/"+n] = b
			}
			dir := writeFiles(t, files)
			bl, docs := filepath.Join(dir, "bl.json"), filepath.Join(dir, "docs")
			code, out, errs := runCmd(t, "", "check", "--write-baseline", bl, docs)
			if code != exitOK || out != "" || !strings.Contains(errs, "baseline "+bl+" written") {
				t.Fatalf("--write-baseline: exit %d, stdout %q, stderr %q: want 0, nothing reported", code, out, errs)
			}
			for n, b := range c.after {
				p := filepath.Join(docs, n)
				if b == "" {
					os.Remove(p)
				} else if err := os.WriteFile(p, []byte(b), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			target := docs
			if c.only != "" {
				target = filepath.Join(docs, c.only)
			}
			code, out, errs = runCmd(t, "", "check", "--baseline", bl, "--min-severity", "info", target)
			got := reported(t, out)
			if !slices.Equal(got, c.want) {
				blText, _ := os.ReadFile(bl)
				t.Errorf("reported %q, want %q\nstdout:\n%s\nstderr: %s\nbaseline:\n%s", got, c.want, out, errs, blText)
			}
			wantCode := exitOK
			for _, w := range c.want {
				if !strings.Contains(w, "IDL010") {
					wantCode = exitFindings
				}
			}
			if code != wantCode {
				t.Errorf("exit %d, want %d (baselined and stale findings do not fail the check)", code, wantCode)
			}
		})
	}
}

// issue 20 §4: paths in the baseline are relative to its directory, so a
// tree moved with its baseline (a clone elsewhere, CI's checkout) still
// matches, whatever directory idlint runs from.
func TestBaselineRelativeToItsDirectory(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"docs/a.txt": spec})
	bl := filepath.Join(dir, "idlint-baseline.json")
	if code, _, errs := runCmd(t, "", "check", "--write-baseline", bl, filepath.Join(dir, "docs")); code != exitOK {
		t.Fatalf("write: exit %d, %s", code, errs)
	}
	text, err := os.ReadFile(bl)
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Version int
		Entries []struct{ Path string }
	}
	if err := json.Unmarshal(text, &f); err != nil || f.Version != 1 || len(f.Entries) != 3 || f.Entries[0].Path != "docs/a.txt" {
		t.Fatalf("baseline %s: %+v, %v: want version 1 and three entries of docs/a.txt", text, f, err)
	}
	moved := writeFiles(t, map[string]string{"docs/a.txt": specShifted, "idlint-baseline.json": string(text)})
	code, out, _ := runCmd(t, "", "check", "--baseline", filepath.Join(moved, "idlint-baseline.json"), filepath.Join(moved, "docs"))
	if code != exitOK || out != "" {
		t.Errorf("moved tree: exit %d, %q: want nothing new", code, out)
	}
}

// The file's errors name it and its line; a baseline is not written when
// an input could not be read (its findings would be lost).
func TestBaselineErrors(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{
		"a.txt":     spec,
		"v2.json":   `{"version": 2, "entries": []}`,
		"bad.json":  "{\n  \"version\": 1,\n  \"entries\": [\n    {\"rule\": \"URN006\",}\n  ]\n}\n",
		"odd.json":  `{"version": 1, "entries": [], "extra": true}`,
		"none.json": `{"entries": []}`,
	})
	a := filepath.Join(dir, "a.txt")
	for _, c := range []struct {
		args []string
		want string // in stderr
	}{
		{[]string{"--baseline", filepath.Join(dir, "v2.json")}, "v2.json: version 2, want 1"},
		{[]string{"--baseline", filepath.Join(dir, "none.json")}, "none.json: version none, want 1"},
		{[]string{"--baseline", filepath.Join(dir, "bad.json")}, "bad.json: line 4:"},
		{[]string{"--baseline", filepath.Join(dir, "odd.json")}, `odd.json: unknown field "extra"`},
		{[]string{"--baseline", filepath.Join(dir, "missing.json")}, "missing.json"},
		{[]string{"--baseline", filepath.Join(dir, "x.json"), "--write-baseline", filepath.Join(dir, "y.json")}, "give one file"},
		{[]string{"--write-baseline", filepath.Join(dir, "w.json"), filepath.Join(dir, "nope.txt")}, "not written: 1 input(s) could not be read"},
	} {
		code, _, errs := runCmd(t, "", append(append([]string{"check"}, c.args...), a)...)
		if code != exitTrouble || !strings.Contains(errs, c.want) {
			t.Errorf("check %q: exit %d, stderr %q: want %d and %q", c.args, code, errs, exitTrouble, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "w.json")); !os.IsNotExist(err) {
		t.Errorf("a baseline was written though an input failed: %v", err)
	}
}

// sarifFingerprints runs check --format sarif and lists "RULE fingerprint"
// per result, in output order.
func sarifFingerprints(t *testing.T, args ...string) []string {
	t.Helper()
	code, out, errs := runCmd(t, "", append([]string{"check", "--format", "sarif", "--min-severity", "info"}, args...)...)
	if code == exitTrouble {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID              string
				PartialFingerprints map[string]string
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	var fps []string
	for _, r := range log.Runs[0].Results {
		fp := r.PartialFingerprints["idlint/v1"]
		if len(fp) != 32 {
			t.Fatalf("result %s: partialFingerprints %v: want idlint/v1 with 32 hex digits", r.RuleID, r.PartialFingerprints)
		}
		fps = append(fps, r.RuleID+" "+fp)
	}
	return fps
}

// issue 20 §6: SARIF partialFingerprints are stable across -j and across
// line shifts, unique within a run, and GitLab's fingerprints are the same
// values.
func TestFingerprintsStable(t *testing.T) {
	t.Parallel()
	files := map[string]string{}
	for _, n := range []string{"a", "b", "c", "d", "e", "f"} {
		files[n+".txt"] = spec + strings.Repeat("filler line\n", 50) + spec
	}
	files["x.zip"] = zipOf(t, "in/a.txt", spec)
	dir := writeFiles(t, files)
	j1 := sarifFingerprints(t, "-j1", dir)
	j4 := sarifFingerprints(t, "-j4", dir)
	if len(j1) != 6*6+3 || !slices.Equal(j1, j4) {
		t.Fatalf("fingerprints -j1 %d, -j4 %d results, or differ:\n%q\n%q", len(j1), len(j4), j1, j4)
	}
	if u := slices.Compact(slices.Sorted(slices.Values(j1))); len(u) != len(j1) {
		t.Errorf("%d fingerprints, %d distinct: want unique", len(j1), len(u))
	}
	for n := range files {
		if strings.HasSuffix(n, ".txt") {
			os.WriteFile(filepath.Join(dir, n), []byte("inserted\n\n"+strings.ReplaceAll(files[n], "Intro\n", "Intro\nmore\n")), 0o644)
		}
	}
	if shifted := sarifFingerprints(t, "-j4", dir); !slices.Equal(shifted, j1) {
		t.Errorf("fingerprints changed when lines moved:\n%q\n%q", shifted, j1)
	}
	gl := gitlabReport(t, dir)
	var glFps []string
	for _, is := range gl {
		glFps = append(glFps, is.CheckName+" "+is.Fingerprint)
	}
	if !slices.Equal(glFps, j1) {
		t.Errorf("GitLab fingerprints differ from SARIF's:\n%q\n%q", glFps, j1)
	}
}

type gitlabIssue struct {
	Description string
	CheckName   string `json:"check_name"`
	Fingerprint string
	Severity    string
	Location    struct {
		Path  string
		Lines struct{ Begin int }
	}
}

// gitlabReport runs check --format gitlab and checks each issue has the
// fields GitLab's Code Quality report format requires (issue 20 §6).
func gitlabReport(t *testing.T, args ...string) []gitlabIssue {
	t.Helper()
	code, out, errs := runCmd(t, "", append([]string{"check", "--format", "gitlab", "--min-severity", "info"}, args...)...)
	if code == exitTrouble {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var raw []map[string]any
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatalf("not a JSON array: %v\n%s", err, out)
	}
	for i, is := range raw {
		for _, f := range []string{"description", "check_name", "fingerprint", "severity"} {
			if s, ok := is[f].(string); !ok || s == "" {
				t.Errorf("issue %d: %s %v: want a non-empty string", i, f, is[f])
			}
		}
		loc, _ := is["location"].(map[string]any)
		lines, _ := loc["lines"].(map[string]any)
		if p, ok := loc["path"].(string); !ok || p == "" || filepath.IsAbs(p) {
			t.Errorf("issue %d: location.path %v: want a relative path", i, loc["path"])
		}
		if b, ok := lines["begin"].(float64); !ok || b < 1 || b != float64(int(b)) {
			t.Errorf("issue %d: location.lines.begin %v: want an integer >= 1", i, lines["begin"])
		}
		if !slices.Contains([]string{"info", "minor", "major", "critical", "blocker"}, is["severity"].(string)) {
			t.Errorf("issue %d: severity %v is not one of GitLab's", i, is["severity"])
		}
	}
	var issues []gitlabIssue
	if err := json.Unmarshal([]byte(out), &issues); err != nil {
		t.Fatal(err)
	}
	return issues
}

// issue 20 §6: the GitLab report, its severities and unique fingerprints.
func TestGitLabFormat(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{
		"a.txt": spec + spec,                              // equal findings twice: still unique fingerprints
		"b.txt": "urn:urn:x\nurn:example:%41\nURN:ex:a\n", // a warning and infos
		"c.txt": "nothing here\n",
	})
	issues := gitlabReport(t, dir)
	seen := map[string]bool{}
	sev := map[string]int{}
	for _, is := range issues {
		if seen[is.Fingerprint] {
			t.Errorf("fingerprint %s twice", is.Fingerprint)
		}
		seen[is.Fingerprint] = true
		sev[is.Severity]++
	}
	if len(issues) < 7 || sev["major"] != 6 || sev["minor"] == 0 {
		t.Errorf("%d issues, by severity %v: want 6 major (errors) and some minor (warnings)", len(issues), sev)
	}
	if got := gitlabReport(t, filepath.Join(dir, "c.txt")); got == nil || len(got) != 0 {
		t.Errorf("clean input: %v, want an empty array", got)
	}
	// with a baseline, what is left keeps its fingerprint
	bl := filepath.Join(dir, "bl.json")
	if code, _, errs := runCmd(t, "", "check", "--write-baseline", bl, filepath.Join(dir, "a.txt")); code != exitOK {
		t.Fatalf("write: %s", errs)
	}
	left := gitlabReport(t, "--baseline", bl, dir)
	for _, is := range left {
		if !seen[is.Fingerprint] || strings.HasSuffix(is.Location.Path, "a.txt") {
			t.Errorf("with the baseline: %+v: want b.txt's issues with their fingerprints", is)
		}
	}
	if len(left) != len(issues)-6 {
		t.Errorf("with the baseline %d issues, want %d", len(left), len(issues)-6)
	}
}
