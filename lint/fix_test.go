package lint

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/idlint/idlint/rules"
)

// issue 20 §5: edits in document offsets, overlapping ones dropped the
// same way whatever order they come in.
func TestApplyEdits(t *testing.T) {
	doc := []byte("0123456789")
	for _, tc := range []struct {
		name    string
		edits   []DocEdit
		want    string
		dropped int
	}{
		{"none", nil, "0123456789", 0},
		{"replace", []DocEdit{{Start: 2, End: 4, New: "ab"}}, "01ab456789", 0},
		{"insert and delete", []DocEdit{{Start: 0, End: 0, New: "x:"}, {Start: 8, End: 10}}, "x:01234567", 0},
		{"adjacent", []DocEdit{{Start: 2, End: 4, New: "A"}, {Start: 4, End: 5, New: "B"}}, "01AB56789", 0},
		{"overlap: the earlier start wins", []DocEdit{{Start: 3, End: 6, New: "Y"}, {Start: 2, End: 4, New: "X"}}, "01X456789", 1},
		{"same start: the shorter wins", []DocEdit{{Start: 2, End: 5, New: "L"}, {Start: 2, End: 3, New: "S"}}, "01S3456789", 1},
		{"two insertions at one place", []DocEdit{{Start: 1, End: 1, New: "b"}, {Start: 1, End: 1, New: "a"}}, "0a123456789", 1},
		{"out of range", []DocEdit{{Start: 8, End: 12, New: "z"}, {Start: 5, End: 4}}, "0123456789", 2},
	} {
		for _, order := range [][]DocEdit{tc.edits, reversed(tc.edits)} {
			out, applied, dropped := ApplyEdits(doc, order)
			if string(out) != tc.want || len(dropped) != tc.dropped || len(applied)+len(dropped) != len(tc.edits) {
				t.Errorf("%s: got %q, %d applied, %d dropped; want %q, %d dropped", tc.name, out, len(applied), len(dropped), tc.want, tc.dropped)
			}
		}
	}
	if string(doc) != "0123456789" {
		t.Errorf("ApplyEdits changed its input: %q", doc)
	}
}

func reversed(es []DocEdit) []DocEdit {
	r := slices.Clone(es)
	slices.Reverse(r)
	return r
}

// issue 20 §5: fixing repeats until nothing is left, within a bound.
func TestFixDocumentRounds(t *testing.T) {
	// each round upper-cases the first lower-case "x" (one edit a round)
	relint := func(doc []byte) ([]DocEdit, error) {
		if i := strings.IndexByte(string(doc), 'x'); i >= 0 {
			return []DocEdit{{Start: int64(i), End: int64(i + 1), New: "X"}}, nil
		}
		return nil, nil
	}
	first, _ := relint([]byte("axbxcx"))
	out, n, ok, err := FixDocument([]byte("axbxcx"), first, relint)
	if err != nil || string(out) != "aXbXcX" || n != 3 || !ok {
		t.Errorf("got %q, %d applied, converged %v, %v; want aXbXcX, 3, true", out, n, ok, err)
	}
	// a fixer that never settles is stopped after MaxFixRounds
	forever := func(doc []byte) ([]DocEdit, error) { return []DocEdit{{Start: 0, End: 0, New: "+"}}, nil }
	out, n, ok, _ = FixDocument([]byte("a"), []DocEdit{{Start: 0, End: 0, New: "+"}}, forever)
	if ok || n != MaxFixRounds || len(out) != MaxFixRounds+1 {
		t.Errorf("endless fixer: %d applied, converged %v, %q", n, ok, out)
	}
}

// issue 20 §5: a finding's fix becomes a document edit at the
// identifier's offset; safe ones only unless unsafe is set; findings
// below min, truncated identifiers and look-alikes give none.
func TestFindingEdits(t *testing.T) {
	e, err := New(Config{Fixes: true})
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := New(Config{})
	if o, _ := plain.Check("urn", "URN:example:100%"); o.Findings[0].Fix != nil {
		t.Errorf("an engine without Config.Fixes filled %+v", o.Findings[0].Fix)
	}
	o, _ := e.Check("urn", "URN:example:100%") // URN030 (safe), URN006 (unsafe)
	o.Offset = 10
	for _, tc := range []struct {
		name   string
		min    rules.Severity
		unsafe bool
		trunc  bool
		want   []string
	}{
		{"safe only (rfc8141 §3.1)", rules.Info, false, false, []string{"10-21:urn:example"}},
		{"unsafe too (rfc3986 §2.1)", rules.Info, true, false, []string{"10-21:urn:example", "25-26:%25"}},
		{"below min", rules.Warning, true, false, []string{"25-26:%25"}},
		{"truncated", rules.Info, true, true, nil},
	} {
		oo := o
		oo.Truncated = tc.trunc
		var got []string
		for _, d := range FindingEdits(nil, &oo, tc.min, tc.unsafe) {
			got = append(got, fmt.Sprintf("%d-%d:%s", d.Start, d.End, d.New))
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

// issue 20 §5: files are rewritten atomically — through a temporary file
// in the same directory renamed over the file — with their mode kept; a
// read-only file is refused; a symbolic link keeps pointing at the file.
func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(p, []byte("old\r\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink("a.txt", link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(link, []byte("new\r\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "new\r\n" {
		t.Errorf("content %q, want new\\r\\n", b)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", fi.Mode().Perm())
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the symbolic link was replaced by a file")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("temporary files left: %v", ents)
	}
	ro := filepath.Join(dir, "ro.txt")
	os.WriteFile(ro, []byte("keep"), 0o444)
	if err := WriteFileAtomic(ro, []byte("changed")); err == nil || !strings.Contains(err.Error(), "ro.txt") {
		t.Errorf("read-only file: err %v, want one naming it", err)
	}
	if b, _ := os.ReadFile(ro); string(b) != "keep" {
		t.Errorf("read-only file rewritten: %q", b)
	}
	if err := WriteFileAtomic(filepath.Join(dir, "missing"), nil); err == nil {
		t.Error("a missing file was created")
	}
	if os.Getuid() == 0 { // root fixing another user's file keeps its owner
		other := filepath.Join(dir, "other.txt")
		os.WriteFile(other, []byte("x"), 0o644)
		if err := os.Chown(other, 4321, 4322); err != nil {
			t.Skip("chown:", err)
		}
		if err := WriteFileAtomic(other, []byte("y")); err != nil {
			t.Fatal(err)
		}
		if st, ok := statOwner(other); ok && st != [2]int{4321, 4322} {
			t.Errorf("owner %v, want [4321 4322]", st)
		}
	}
}

// issue 20 §5: --diff prints a unified diff that patch and git apply
// accept (each checked when installed), CRLF and a last line without
// newline included.
func TestUnifiedDiff(t *testing.T) {
	dir := t.TempDir()
	old := "line 1\r\nsee URN:ISBN:1 here\r\n" + strings.Repeat("filler\r\n", 8) + "urn:example:a%2c"
	new := strings.Replace(strings.Replace(old, "URN:ISBN", "urn:isbn", 1), "%2c", "%2C", 1)
	if err := os.WriteFile(filepath.Join(dir, "doc.txt"), []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	d := UnifiedDiff("doc.txt", []byte(old), []byte(new))
	if !strings.HasPrefix(d, "--- a/doc.txt\n+++ b/doc.txt\n@@ ") || strings.Count(d, "@@ -") != 2 {
		t.Fatalf("not a unified diff of two hunks:\n%s", d)
	}
	if UnifiedDiff("doc.txt", []byte(old), []byte(old)) != "" {
		t.Error("a diff of equal texts is not empty")
	}
	checked := 0
	for _, tool := range [][]string{{"patch", "-p1", "--dry-run", "-s"}, {"git", "apply", "--check", "-"}} {
		if _, err := exec.LookPath(tool[0]); err != nil {
			t.Logf("%s not installed: not checked with it", tool[0])
			continue
		}
		cmd := exec.Command(tool[0], tool[1:]...)
		cmd.Dir, cmd.Stdin = dir, strings.NewReader(d)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s rejects the diff: %v\n%s\n%s", tool[0], err, out, d)
		}
		checked++
	}
	if checked == 0 {
		t.Skip("neither patch nor git installed")
	}
}

// FuzzSafeFixKeepsKey: for any text, read as an identifier of every
// scheme, the fixes the engine calls safe, applied until none is left,
// keep the Key (issue 20 §5: a safe fix never changes the equivalence
// class) and converge. Seeds: every rule's examples.
func FuzzSafeFixKeepsKey(f *testing.F) {
	for _, r := range Rules() {
		for _, ex := range strings.Split(r.Bad+"\n"+r.Good, "\n") {
			f.Add(ex)
		}
	}
	eng, err := New(Config{Fixes: true})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, scheme := range Schemes() {
			before, _ := eng.Check(scheme, in)
			ident, rounds := in, 0
			for ; rounds < MaxFixRounds; rounds++ {
				o, _ := eng.Check(scheme, ident)
				es := FindingEdits(nil, &o, rules.Info, false)
				if len(es) == 0 {
					break
				}
				out, _, _ := ApplyEdits([]byte(ident), es)
				ident = string(out)
			}
			after, _ := eng.Check(scheme, ident)
			if after.Key != before.Key {
				t.Errorf("%s: safe fixes of %q to %q changed the key %q → %q", scheme, in, ident, before.Key, after.Key)
			}
			if rounds == MaxFixRounds {
				t.Errorf("%s: safe fixes of %q do not converge (%q)", scheme, in, ident)
			}
		}
	})
}

// issue 20 §5: a fix its rule calls safe that would change the key here
// is unsafe: "urn:example:%61bc" read as an XRI is invalid (a relative
// XRI whose first segment holds ":", xri-1.0-rc2 §2.3.3) and keyed by its
// raw text, so decoding %61 (XRI024, safe in a valid XRI) changes it.
func TestSafeFixDowngraded(t *testing.T) {
	eng, _ := New(Config{Fixes: true})
	for _, tc := range []struct {
		scheme, ident, rule string
		safe                bool
	}{
		{"xri", "urn:example:%61bc", "XRI024", false},
		{"xri", "xri://@ex%61mple", "XRI024", true},
		{"urn", "URN:ISBN:1", "URN030", true},
	} {
		o, _ := eng.Check(tc.scheme, tc.ident)
		found := false
		for _, f := range o.Findings {
			if f.Rule.ID == tc.rule && f.Fix != nil {
				found = true
				if f.Fix.Safe != tc.safe {
					t.Errorf("%s %q: %s fix safe %v, want %v", tc.scheme, tc.ident, tc.rule, f.Fix.Safe, tc.safe)
				}
			}
		}
		if !found {
			t.Errorf("%s %q: no %s fix in %v", tc.scheme, tc.ident, tc.rule, o.RuleIDs())
		}
	}
}

// issue 20 §3, §5: removing a suppression comment whole takes its line
// when only blanks and comment marks would be left of it.
func TestWholeLines(t *testing.T) {
	for _, c := range []struct{ doc, cut, want string }{
		{"a\n# idlint:enable\nb\n", "idlint:enable", "a\nb\n"},
		{"a\n<!-- idlint:enable -->\r\nb", "idlint:enable", "a\nb"},
		{"a\n  // idlint:enable", "idlint:enable", "a\n"},
		{"x idlint:enable -- y\n", "idlint:enable -- y", "x \n"}, // text stays: only the directive goes
		// issue 20 §3, §5: a same-line comment holding only the directive
		// goes whole, as ruff removes a "# noqa" comment: the identifier stays
		{"urn:a:b # idlint:enable\n", "idlint:enable", "urn:a:b\n"},
		{"urn:a:b  <!-- idlint:ignore[URN006] -- r -->\r\nc", "idlint:ignore[URN006] -- r", "urn:a:b\r\nc"},
		{"a /* idlint:ignore[URN006] -- r */ b\n", "idlint:ignore[URN006] -- r", "a b\n"},
		{"x = 1; // idlint:ignore[URN006] -- r", "idlint:ignore[URN006] -- r", "x = 1;"},
		{"a <!-- idlint:ignore[URN006] -- r --> tail -->\n", "idlint:ignore[URN006] -- r", "a tail -->\n"},
		{"a <!-- note idlint:ignore[URN006] -->\n", "idlint:ignore[URN006]", "a <!-- note  -->\n"}, // the comment says more: it stays
		{"a <!-- idlint:ignore[URN006]\n", "idlint:ignore[URN006]", "a <!-- \n"},                   // unclosed: left
	} {
		start := strings.Index(c.doc, c.cut)
		e := DocEdit{Start: int64(start), End: int64(start + len(c.cut)), Safe: true, Line: true}
		got, _, _ := ApplyEdits([]byte(c.doc), wholeLines([]byte(c.doc), []DocEdit{e}))
		if string(got) != c.want {
			t.Errorf("%q without %q: got %q, want %q", c.doc, c.cut, got, c.want)
		}
	}
}
