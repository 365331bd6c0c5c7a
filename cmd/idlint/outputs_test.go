package main

import (
	"archive/tar"
	"bytes"
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The pairing of --format and -o (issue 20 §6; README, Output formats):
// each -o FILE belongs to the --format before it; with one format (or
// none: text) a single -o may stand anywhere; one format at most on
// stdout; no file shared.
func TestOutputPairing(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		want string // format=file pairs, or the error's start
	}{
		{"default", nil, "text="},
		{"one format", []string{"--format", "sarif"}, "sarif="},
		{"-o alone: the default format", []string{"-o", "a.txt"}, "text=a.txt"},
		{"-o before the only format", []string{"-o", "a.sarif", "--format", "sarif"}, "sarif=a.sarif"},
		{"text on stdout, sarif to a file", []string{"--format", "text", "--format", "sarif", "-o", "out.sarif"}, "text= sarif=out.sarif"},
		{"three", []string{"--format", "sarif", "-o", "a", "--format", "junit", "--output", "b", "--format", "github"}, "sarif=a junit=b github="},
		{"- is stdout", []string{"--format", "sarif", "-o", "-", "--format", "text", "-o", "t"}, "sarif=- text=t"},
		{"two on stdout", []string{"--format", "text", "--format", "sarif"}, "error: --format text, --format sarif would all write to stdout"},
		{"two -o for one format", []string{"--format", "sarif", "-o", "a", "-o", "b"}, "error: invalid value"},
		{"two -o and no format (issue 20 §6)", []string{"-o", "a", "-o", "b"}, "error: -o a and -o b: one file per format (text)"},
		{"-o before several formats", []string{"-o", "a", "--format", "text", "--format", "sarif", "-o", "b"}, "error: -o a comes before any --format"},
		{"one file twice", []string{"--format", "sarif", "-o", "a", "--format", "junit", "-o", "a"}, "error: --format sarif and --format junit both write to a"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var o outputFlags
			fs := newFlagSet("check", &bytes.Buffer{})
			o.register(fs, inCheck)
			var got string
			if _, err := parseFlags(fs, c.args); err != nil {
				got = "error: " + err.Error()
			} else if specs, err := o.resolve(); err != nil {
				got = "error: " + err.Error()
			} else {
				var ps []string
				for _, s := range specs {
					ps = append(ps, s.format+"="+s.file)
				}
				got = strings.Join(ps, " ")
			}
			if !strings.HasPrefix(got, c.want) {
				t.Errorf("%q: got %q, want %q", c.args, got, c.want)
			}
		})
	}
}

// --fail-on LEVEL: exit 1 when a finding at or above LEVEL exists, shown
// or not; default error (issue 20 §6).
func TestFailOn(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{
		"warn.txt":  "see urn:ab:cd\n",           // URN023 warning only
		"info.txt":  "see URN:isbn:0451450523\n", // info only
		"error.txt": "see urn:example:a%zz\n",
	})
	for _, c := range []struct {
		file string
		args []string
		code int
	}{
		{"warn.txt", nil, exitOK},
		{"warn.txt", []string{"--fail-on", "warning"}, exitFindings},
		{"warn.txt", []string{"--fail-on", "error"}, exitOK},
		{"info.txt", []string{"--fail-on", "warning"}, exitOK},
		{"info.txt", []string{"--fail-on", "info"}, exitFindings}, // not shown (--min-severity warning), still counted
		{"error.txt", nil, exitFindings},
		{"error.txt", []string{"--fail-on", "info"}, exitFindings},
		{"warn.txt", []string{"--fail-on", "off"}, exitTrouble},
		{"warn.txt", []string{"--fail-on", "fatal"}, exitTrouble},
	} {
		args := append(append([]string{"check"}, c.args...), filepath.Join(dir, c.file))
		if code, _, errs := runCmd(t, "", args...); code != c.code {
			t.Errorf("%q: exit %d, want %d (stderr %q)", args, code, c.code, errs)
		}
	}
}

// --statistics follows the text report on stdout; with another format
// on stdout it goes to stderr, leaving the document parseable (issue 20
// §6).
func TestStatisticsPlacement(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"a.txt": "urn:example:a%zz urn:example:b%zz urn:ab:cd\n"})
	stats := "2  URN006      bad-percent-encoding\n1  URN023      nid-too-short\n" // URN006's fix is unsafe: no [*]
	_, text, _ := runCmd(t, "", "check", dir)
	for _, c := range []struct {
		name                 string
		args                 []string
		wantOut, wantErrSuff string
	}{
		{"after the text report", []string{"--statistics"}, text + stats, ""},
		{"alone when the report goes to a file", []string{"--statistics", "-o", filepath.Join(t.TempDir(), "r.txt")}, stats, ""},
		{"stderr beside sarif", []string{"--statistics", "--format", "sarif"}, "", stats},
	} {
		code, out, errs := runCmd(t, "", append(append([]string{"check"}, c.args...), dir)...)
		if code != exitFindings {
			t.Errorf("%s: exit %d", c.name, code)
		}
		if c.wantOut != "" && out != c.wantOut {
			t.Errorf("%s: stdout\n%s\nwant\n%s", c.name, out, c.wantOut)
		}
		if c.wantErrSuff != "" && (errs != c.wantErrSuff || !json.Valid([]byte(out))) {
			t.Errorf("%s: stderr %q, want %q; stdout valid JSON %v", c.name, errs, c.wantErrSuff, json.Valid([]byte(out)))
		}
	}
}

// One run writes text to stdout and SARIF, JUnit and GitHub annotations
// to files; the text is what a text-only run prints, the SARIF log is
// valid against the official schema for file names that need
// percent-encoding, a member of an archive and a character beyond the BMP
// before an identifier (issue 20 §6; sarif-v2.1.0 §3.4.3, §3.14.23).
func TestSeveralOutputs(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{
		"a b#1?é.txt": "\U0001F600 urn:example:a%zz\n",
		"plain.txt":   "urn:ab:cd\n",
	})
	var tb bytes.Buffer
	tw := tar.NewWriter(&tb)
	body := []byte("x urn:example:c%zz\n")
	tw.WriteHeader(&tar.Header{Name: "docs/in tar.txt", Mode: 0o644, Size: int64(len(body))})
	tw.Write(body)
	tw.Close()
	if err := os.WriteFile(filepath.Join(dir, "z.tar"), tb.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	sarif, junit, gh := filepath.Join(out, "r.sarif"), filepath.Join(out, "r.xml"), filepath.Join(out, "gh.txt")
	_, want, _ := runCmd(t, "", "check", dir)
	code, got, errs := runCmd(t, "", "check", "--format", "text", "--format", "sarif", "-o", sarif, "--format", "junit", "-o", junit, "--format", "github", "-o", gh, dir)
	if code != exitFindings || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if got != want {
		t.Errorf("stdout differs from a text-only run:\n%s\nwant\n%s", got, want)
	}
	b := validSARIF(t, sarif)
	for _, w := range []string{`a%20b%231%3F%C3%A9.txt"`, `"startColumn": 17`, `"endColumn": 20`, `"uri": "docs/in%20tar.txt"`, `"parentIndex": 0`} {
		if !bytes.Contains(b, []byte(w)) {
			t.Errorf("SARIF log lacks %s", w)
		}
	}
	x, err := os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	var suites struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
	}
	if err := xml.Unmarshal(x, &suites); err != nil || suites.Tests != 3 || suites.Failures != 3 {
		t.Errorf("JUnit: %v, tests %d failures %d, want 3 3", err, suites.Tests, suites.Failures)
	}
	g, err := os.ReadFile(gh)
	if err != nil {
		t.Fatal(err)
	}
	// the emoji is two UTF-16 units: "%" at 1+2+1+13
	if !bytes.Contains(g, []byte(",line=1,col=17,endColumn=20,title=URN006 bad-percent-encoding::")) || bytes.Count(g, []byte("\n")) != 3 {
		t.Errorf("GitHub annotations:\n%s", g)
	}
}

// A run that cannot make all its outputs makes none: no file is left
// behind by an unknown format after it (issue 20 §6).
func TestOutputsAllOrNone(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"a.txt": "urn:example:a%zz\n"})
	out := filepath.Join(t.TempDir(), "r.sarif")
	code, _, errs := runCmd(t, "", "check", "--format", "sarif", "-o", out, "--format", "sarf", "-o", out+".x", dir)
	if code != exitTrouble || !strings.Contains(errs, `unknown format "sarf"`) || !strings.Contains(errs, "sarif") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("%s left behind (%v)", out, err)
	}
}

// validSARIF reads a SARIF log and validates it against the official
// SARIF 2.1.0 schema (reports/testdata).
func validSARIF(t *testing.T, path string) []byte {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	schema, err := c.Compile(filepath.Join("..", "..", "reports", "testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(doc); err != nil {
		t.Errorf("%s: not valid SARIF 2.1.0: %v", path, err)
	}
	return b
}

// The golden SARIF log of the demo corpus, the one reviewers read, is
// valid too (issue 20 §6).
func TestGoldenSARIFValid(t *testing.T) {
	t.Parallel()
	validSARIF(t, filepath.Join("testdata", "golden", "check.sarif"))
}
