package main

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
)

func gzipped(s string) string {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.String()
}

func zipped(name, s string) string {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	f, _ := w.Create(name)
	f.Write([]byte(s))
	w.Close()
	return b.String()
}

func utf16le(s string) string {
	b := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return string(b)
}

// issue 20 §5: check --fix, --unsafe-fixes, --diff on files, as a user
// runs them: what the file holds afterwards, the exit status, the
// summary line.
func TestCheckFix(t *testing.T) {
	const mixed = "see URN:ISBN:0451450523 and urn:example:a%2cb\r\nand urn:example:100% and xri://@Example/a%2f\r\n"
	for _, tc := range []struct {
		name     string
		body     string
		mode     os.FileMode
		args     []string
		want     string // the file afterwards ("" for unchanged)
		code     int
		stderr   string
		noStdout bool
	}{
		{"safe fixes, CRLF kept (rfc8141 §3.1, rfc3986 §2.1)", mixed, 0o644, []string{"--fix", "--min-severity", "info"},
			"see urn:isbn:0451450523 and urn:example:a%2Cb\r\nand urn:example:100% and xri://@Example/a%2F\r\n", exitFindings,
			"3 fixed, 1 remaining (1 fixable with --unsafe-fixes)", false},
		{"unsafe fixes too (rfc3986 §2.1: a literal % is %25)", mixed, 0o644, []string{"--fix", "--unsafe-fixes", "--min-severity", "info"},
			"see urn:isbn:0451450523 and urn:example:a%2Cb\r\nand urn:example:100%25 and xri://@Example/a%2F\r\n", exitOK,
			"4 fixed, 0 remaining", true},
		{"only what check reports: info (URN030) left at the default --min-severity", mixed, 0o644, []string{"--fix"},
			"see URN:ISBN:0451450523 and urn:example:a%2cb\r\nand urn:example:100% and xri://@Example/a%2F\r\n", exitFindings,
			"1 fixed, 1 remaining (1 fixable with --unsafe-fixes)", false},
		{"nothing to fix", "urn:isbn:0451450523\n", 0o644, []string{"--fix"}, "", exitOK, "0 fixed, 0 remaining", true},
		{"read-only file not rewritten", mixed, 0o444, []string{"--fix", "--min-severity", "info"}, "", exitFindings,
			"3 fix(es) not applied: read-only", false},
		{"gzip not rewritten", gzipped(mixed), 0o644, []string{"--fix", "--min-severity", "info"}, "", exitFindings,
			"not applied: read as gzip", false},
		{"zip member not rewritten", zipped("a.txt", mixed), 0o644, []string{"--fix", "--min-severity", "info"}, "", exitFindings,
			"not applied: inside an archive", false},
		{"UTF-16 not rewritten", utf16le(mixed), 0o644, []string{"--fix", "--min-severity", "info"}, "", exitFindings,
			"not applied: read as utf-16le", false},
		{"--diff writes nothing, exits 1 (as ruff)", mixed, 0o644, []string{"--diff"}, "", exitFindings,
			"1 would be fixed, 1 remaining", false},
		{"--diff with nothing to fix exits 0", "urn:isbn:0451450523\n", 0o644, []string{"--diff"}, "", exitOK, "0 would be fixed", true},
		{"--unsafe-fixes alone is a usage error", mixed, 0o644, []string{"--unsafe-fixes"}, "", exitTrouble, "needs --fix or --diff", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "doc.txt")
			if err := os.WriteFile(p, []byte(tc.body), 0o644); err != nil {
				t.Fatal(err)
			}
			os.Chmod(p, tc.mode)
			code, out, errs := runCmd(t, "", append([]string{"check"}, append(tc.args, p)...)...)
			if code != tc.code || !strings.Contains(errs, tc.stderr) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errs, tc.code, tc.stderr)
			}
			if tc.noStdout && out != "" {
				t.Errorf("stdout: %q, want none", out)
			}
			b, _ := os.ReadFile(p)
			want := tc.want
			if want == "" {
				want = tc.body
			}
			if string(b) != want {
				t.Errorf("file holds %q, want %q", b, want)
			}
			if fi, _ := os.Stat(p); fi.Mode().Perm() != tc.mode {
				t.Errorf("mode %v, want %v", fi.Mode().Perm(), tc.mode)
			}
			if ents, _ := os.ReadDir(dir); len(ents) != 1 {
				t.Errorf("files left beside it: %v", ents)
			}
		})
	}
}

// issue 20 §5: --diff prints a unified diff that patch -p1 (from the
// file's directory) applies to give what --fix writes; fixing twice is
// fixing once.
func TestCheckDiffAppliesAsFix(t *testing.T) {
	body := "a URN:ISBN:0451450523 b\r\nc urn:example:%7e d urn:example:50%\r\n" + strings.Repeat("filler\r\n", 10) + "xri://@x/%2f"
	dir := writeFiles(t, map[string]string{"doc.txt": body})
	args := []string{"--unsafe-fixes", "--min-severity", "info", "doc.txt"}
	t.Chdir(dir)
	code, diff, _ := runCmd(t, "", append([]string{"check", "--diff"}, args...)...)
	if code != exitFindings || !strings.HasPrefix(diff, "--- a/doc.txt\n+++ b/doc.txt\n") {
		t.Fatalf("exit %d, diff:\n%s", code, diff)
	}
	if b, _ := os.ReadFile("doc.txt"); string(b) != body {
		t.Fatal("--diff wrote the file")
	}
	code, _, errs := runCmd(t, "", append([]string{"check", "--fix"}, args...)...)
	fixed, _ := os.ReadFile("doc.txt")
	if code != exitOK || string(fixed) == body {
		t.Fatalf("--fix: exit %d, %s", code, errs)
	}
	if _, _, errs := runCmd(t, "", append([]string{"check", "--fix"}, args...)...); !strings.Contains(errs, "0 fixed") {
		t.Errorf("second --fix: %s", errs)
	}
	if again, _ := os.ReadFile("doc.txt"); !bytes.Equal(again, fixed) {
		t.Errorf("second --fix changed the file:\n%q\n%q", fixed, again)
	}
	if _, err := exec.LookPath("patch"); err != nil {
		t.Skip("patch not installed: the diff is not applied")
	}
	os.WriteFile("doc.txt", []byte(body), 0o644)
	cmd := exec.Command("patch", "-p1", "-s")
	cmd.Stdin = strings.NewReader(diff)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("patch: %v\n%s", err, out)
	}
	if patched, _ := os.ReadFile("doc.txt"); !bytes.Equal(patched, fixed) {
		t.Errorf("the diff applied gives\n%q\n--fix wrote\n%q", patched, fixed)
	}
}

// issue 20 §5: standard input cannot be rewritten.
func TestCheckFixStdin(t *testing.T) {
	if code, _, errs := runCmd(t, "URN:X:Y\n", "check", "--fix", "-"); code != exitTrouble || !strings.Contains(errs, "standard input") {
		t.Errorf("exit %d, %q", code, errs)
	}
}

// issue 20 §5 with §1: fixes follow the file's idlint.toml, in every
// round — a rule it ignores is not fixed, not even when the fixed text is
// linted again, and a severity it raises makes a finding --fix applies.
func TestCheckFixFollowsConfig(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"proj/idlint.toml": "ignore = [\"URN030\"]\n[severity]\nURN031 = \"warning\"\n",
		"proj/doc.txt":     "URN:ISBN:0451450523 urn:example:a%2cb\n",
	})
	t.Chdir(t.TempDir()) // no configuration where standard input would find one
	p := filepath.Join(dir, "proj", "doc.txt")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--fix"}, "URN:ISBN:0451450523 urn:example:a%2Cb\n"},
		{[]string{"--fix", "--min-severity", "info"}, "URN:ISBN:0451450523 urn:example:a%2Cb\n"},
	} {
		os.WriteFile(p, []byte("URN:ISBN:0451450523 urn:example:a%2cb\n"), 0o644)
		code, _, errs := runCmd(t, "", append(append([]string{"check"}, tc.args...), p)...)
		if b, _ := os.ReadFile(p); string(b) != tc.want || code != exitOK {
			t.Errorf("%v: exit %d, file %q, want %q\n%s", tc.args, code, b, tc.want, errs)
		}
	}
}

// issue 20 §3 and §5: --fix removes the suppressions that report
// themselves as unused or naming no rule (safe, as ruff's RUF100), and
// leaves those it cannot fix (unclosed, without reason) to the reader.
func TestFixSuppressions(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"unused whole line", "a\n# idlint:ignore-next-line URN006 -- old\nurn:a:b\n", "a\nurn:a:b\n"},
		{"unused rule of a list", "# idlint:ignore-next-line URN006,URN011 -- x\nurn:example:a%zz\n", "# idlint:ignore-next-line URN006 -- x\nurn:example:a%zz\n"},
		{"unknown rule", "<!-- idlint:ignore-next-line URN006,URN999 -- x -->\nurn:example:a%zz\n", "<!-- idlint:ignore-next-line URN006 -- x -->\nurn:example:a%zz\n"},
		{"unclosed stays", "# idlint:disable URN006 -- x\nurn:example:a%zz\n", "# idlint:disable URN006 -- x\nurn:example:a%zz\n"},
		{"an HTML comment with markup after it on the line", "<td>urn:example:x <!-- idlint:ignore URN006 -- old --></td>\n", "<td>urn:example:x</td>\n"},
		{"a line comment whose reason holds */", "urn:example:x # idlint:ignore URN006 -- docs/*/old\n", "urn:example:x\n"},
		{"a line comment whose reason holds -->", "urn:example:x // idlint:ignore URN006 -- see <!-- x --> y\n", "urn:example:x\n"},
		{"a block comment closed before a line comment", "/* a */ f(\"urn:example:x\") // idlint:ignore URN006 -- r */ q\n", "/* a */ f(\"urn:example:x\")\n"},
		{"a block comment with code after it", "f(\"urn:example:x\") /* idlint:ignore URN006 -- r */ + y;\n", "f(\"urn:example:x\") + y;\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "t.txt")
			if err := os.WriteFile(path, []byte(c.in), 0o644); err != nil {
				t.Fatal(err)
			}
			code, _, errs := runCmd(t, "", "check", "--fix", path)
			if code == exitTrouble {
				t.Fatalf("exit %d: %s", code, errs)
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Errorf("fixed:\n%q\nwant\n%q", got, c.want)
			}
		})
	}
}

// issue 20 §4 with §5: --fix and --diff with --baseline fix what check
// reports — not the findings the baseline holds back, never the baseline
// file itself (it quotes the identifiers it holds back) — and count what
// is left as check shows it.
func TestCheckFixBaseline(t *testing.T) {
	const old = "urn:example:old%zz\n"
	for _, tc := range []struct {
		name    string
		args    []string
		doc     string // doc.txt afterwards
		code    int
		summary string
	}{
		{"--fix --unsafe-fixes: only the new finding", []string{"--fix", "--unsafe-fixes"},
			"urn:example:old%zz\nurn:example:new%25zz\n", exitOK, "1 fixed, 0 remaining"},
		{"--diff --unsafe-fixes: only the new finding", []string{"--diff", "--unsafe-fixes"},
			"", exitFindings, "1 would be fixed, 0 remaining"},
		{"--fix: the unsafe fix counted, baselined findings not", []string{"--fix"},
			"", exitFindings, "0 fixed, 1 remaining (1 fixable with --unsafe-fixes)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeFiles(t, map[string]string{"doc.txt": old})
			t.Chdir(dir)
			if code, _, errs := runCmd(t, "", "check", "--write-baseline", "idlint-baseline.json", "."); code != exitOK {
				t.Fatalf("--write-baseline: exit %d: %s", code, errs)
			}
			base, _ := os.ReadFile("idlint-baseline.json")
			body := old + "urn:example:new%zz\n"
			os.WriteFile("doc.txt", []byte(body), 0o644)
			code, _, errs := runCmd(t, "", append(append([]string{"check", "--baseline", "idlint-baseline.json"}, tc.args...), ".")...)
			if code != tc.code || !strings.Contains(errs, tc.summary) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errs, tc.code, tc.summary)
			}
			want := tc.doc
			if want == "" {
				want = body
			}
			if b, _ := os.ReadFile("doc.txt"); string(b) != want {
				t.Errorf("doc.txt holds %q, want %q", b, want)
			}
			if b, _ := os.ReadFile("idlint-baseline.json"); !bytes.Equal(b, base) {
				t.Errorf("the baseline file was rewritten:\n%s", b)
			}
		})
	}
}
