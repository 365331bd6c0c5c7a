package reports

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/idlint/idlint/internal/termsafe"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/rules"
)

// issue 20 §4, §6: the fingerprint is a function of the key alone, pinned
// here (the value python3's hashlib gives for the NUL-terminated fields):
// changing it makes every code-scanning alert new, so it comes with a new
// FingerprintName.
func TestFingerprintPinned(t *testing.T) {
	base := FindingKey{Rule: "URN006", Path: "docs/a.txt", Key: "urn:example:a%zz"}
	if got, want := base.Fingerprint(), "436c1859876464c2fc737ecafed4576d"; got != want {
		t.Errorf("Fingerprint(%+v) = %s, want %s (if the key changed on purpose, bump FingerprintName)", base, got, want)
	}
	for _, c := range []struct {
		name string
		k    FindingKey
	}{
		{"rule", FindingKey{Rule: "URN007", Path: base.Path, Key: base.Key}},
		{"path", FindingKey{Rule: base.Rule, Path: "docs/b.txt", Key: base.Key}},
		{"member", FindingKey{Rule: base.Rule, Path: base.Path, Member: "m", Key: base.Key}},
		{"key", FindingKey{Rule: base.Rule, Path: base.Path, Key: "urn:example:b%zz"}},
		{"index", FindingKey{Rule: base.Rule, Path: base.Path, Key: base.Key, Index: 1}},
		{"fields do not run into each other", FindingKey{Rule: base.Rule, Path: "docs/a.tx", Member: "t", Key: base.Key}},
	} {
		if c.k.Fingerprint() == base.Fingerprint() {
			t.Errorf("%s: %+v has the fingerprint of %+v", c.name, c.k, base)
		}
	}
}

func keyedOcc(source, member, key string, line int, ids ...string) *lint.Occurrence {
	o := &lint.Occurrence{Raw: key, Key: key, Canonical: key, Scheme: "urn"}
	o.Source, o.Member, o.Line, o.Column = source, member, line, 1
	for _, id := range ids {
		r := lint.Find(id)[0]
		o.Findings = append(o.Findings, rules.Finding{Rule: r, Severity: r.Severity, Message: "m", End: len(key)})
	}
	return o
}

// issue 20 §4: the index counts equal findings (rule, path, member, key)
// in the order sinks receive them; lines play no part.
func TestNumbering(t *testing.T) {
	n := NewNumbering("")
	var got []string
	for _, o := range []*lint.Occurrence{
		keyedOcc("a.txt", "", "urn:x:%", 1, "URN006"),
		keyedOcc("./a.txt", "", "urn:x:%", 9, "URN006", "URN006"), // the same file spelled otherwise, two findings
		keyedOcc("a.txt", "", "urn:y:%", 9, "URN006"),
		keyedOcc("a.zip", "m", "urn:x:%", 1, "URN006"),
		keyedOcc("a.zip", "n", "urn:x:%", 1, "URN006"),
		keyedOcc("a.txt", "", "urn:x:%", 2, "URN006"),
	} {
		for _, k := range n.Keys(o) {
			got = append(got, k.Path+"!"+k.Member+" "+k.Key+" "+string(rune('0'+k.Index)))
		}
	}
	want := []string{"a.txt! urn:x:% 0", "a.txt! urn:x:% 1", "a.txt! urn:x:% 2", "a.txt! urn:y:% 0", "a.zip!m urn:x:% 0", "a.zip!n urn:x:% 0", "a.txt! urn:x:% 3"}
	if !slices.Equal(got, want) {
		t.Errorf("keys %q, want %q", got, want)
	}
}

// issue 20 §4: the file is sorted, one entry per line, versioned, and reads
// back as written, with each entry's line.
func TestBaselineFileRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bl.json")
	f := &BaselineFile{Version: BaselineVersion, Entries: []FindingKey{
		{Rule: "URN006", Path: "b.txt", Key: "urn:x:<&>", Index: 1},
		{Rule: "URN006", Path: "b.txt", Key: "urn:x:<&>"},
		{Rule: "URN002", Path: "a.zip", Member: "in/a.txt", Key: "urn:y"},
	}}
	if err := f.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	text, _ := os.ReadFile(path)
	want := `{
  "version": 1,
  "entries": [
    {"rule":"URN002","path":"a.zip","member":"in/a.txt","key":"urn:y","index":0},
    {"rule":"URN006","path":"b.txt","key":"urn:x:<&>","index":0},
    {"rule":"URN006","path":"b.txt","key":"urn:x:<&>","index":1}
  ]
}
`
	if string(text) != want {
		t.Errorf("written:\n%s\nwant:\n%s", text, want)
	}
	r, err := ReadBaseline(path)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.Entries, f.Entries) || !slices.Equal(r.Lines, []int{4, 5, 6}) || !slices.Equal(r.Columns, []int{5, 5, 5}) {
		t.Errorf("read back %+v lines %v columns %v", r.Entries, r.Lines, r.Columns)
	}
	empty := &BaselineFile{}
	if b, _ := empty.Marshal(); string(b) != "{\n  \"version\": 1,\n  \"entries\": []\n}\n" {
		t.Errorf("empty baseline %q", b)
	}
}

// collect is a sink that keeps what it receives.
type collect struct {
	lines []string
	sum   Summary
}

func (c *collect) Occurrence(o *lint.Occurrence) error {
	for i, f := range o.Findings {
		fp := ""
		if len(o.Fingerprints) == len(o.Findings) {
			fp = o.Fingerprints[i]
		}
		c.lines = append(c.lines, filepath.Base(o.Source)+" "+f.Rule.ID+" "+fp)
	}
	return nil
}
func (c *collect) Source(*record.Source) error { return nil }
func (c *collect) Finish(s Summary) error      { c.sum = s; return nil }
func (c *collect) Abort(error)                 {}

// issue 20 §4: the sink holds back listed findings, counts them as
// baselined, and hands on the others with the fingerprints a run without
// baseline gives them (issue 20 §6).
func TestBaselineSink(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.txt")
	os.WriteFile(a, nil, 0o644)
	run := func(b *Baseline, occs []*lint.Occurrence) {
		t.Helper()
		var sum Summary
		for _, o := range occs {
			for _, f := range o.Findings {
				sum.Findings[f.Severity]++
			}
			if err := b.Occurrence(o); err != nil {
				t.Fatal(err)
			}
		}
		b.Source(&record.Source{Source: a, Status: record.StatusOK})
		if err := b.Finish(sum); err != nil {
			t.Fatal(err)
		}
	}
	bl := filepath.Join(dir, "bl.json")
	w, err := NewBaseline(&collect{}, bl, true, rules.Warning)
	if err != nil {
		t.Fatal(err)
	}
	run(w, []*lint.Occurrence{keyedOcc(a, "", "urn:x:%", 1, "URN006"), keyedOcc(a, "", "urn:x:%", 2, "URN006")})
	if w.Entries() != 2 || w.Summary(Summary{}).Baselined != 2 {
		t.Fatalf("written %d entries", w.Entries())
	}
	in := &collect{}
	r, err := NewBaseline(in, bl, false, rules.Warning)
	if err != nil {
		t.Fatal(err)
	}
	// lines moved; one more equal finding
	third := keyedOcc(a, "", "urn:x:%", 9, "URN006")
	run(r, []*lint.Occurrence{keyedOcc(a, "", "urn:x:%", 5, "URN006"), keyedOcc(a, "", "urn:x:%", 6, "URN006"), third})
	n := NewNumbering(WorkDir())
	n.Keys(third)
	n.Keys(third)
	wantFp := n.Fingerprints(third)[0] // the third equal finding, as SARIF alone numbers it
	if !slices.Equal(in.lines, []string{"a.txt URN006 " + wantFp}) {
		t.Errorf("handed on %q, want the third finding with fingerprint %s", in.lines, wantFp)
	}
	if s := in.sum; s.Baselined != 2 || s.Findings[rules.Error] != 1 || r.Stale() != 0 {
		t.Errorf("summary %+v, %d stale: want 2 baselined, 1 error", s, r.Stale())
	}
	// one fixed: its entry is stale, an info finding at its line in the baseline
	in = &collect{}
	r, _ = NewBaseline(in, bl, false, rules.Warning)
	run(r, []*lint.Occurrence{keyedOcc(a, "", "urn:x:%", 5, "URN006")})
	if len(in.lines) != 1 || !strings.HasPrefix(in.lines[0], "bl.json IDL010 ") || in.sum.Findings[rules.Info] != 1 || in.sum.Findings[rules.Error] != 0 {
		t.Errorf("handed on %q, summary %+v: want one IDL010 info finding in bl.json", in.lines, in.sum)
	}
}

// ReadBaseline's errors name the file and, for syntax, the line (issue 20 §4).
func TestReadBaselineErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ text, want string }{
		{`{"version": 1, "entries": [{"rule": "", "path": "a", "key": "k", "index": 0}]}`, "entry 1: want a rule"},
		{`{"version": 1, "entries": [{"rule": "R", "path": "a", "key": "k", "index": -1}]}`, "entry 1"},
		{"{\n\"version\": 1,\n\"entries\": [\n}", "line 4"},
		{`[]`, `line 1: want "{"`},
		{`{"version": 1, "entries": {}}`, `want "["`},
		{`{"version": 1, "entries": [{"rule": "R", "path": "a", "key": "k", "index": 0, "line": 3}]}`, `unknown field "line"`},
		{`{"version": 1, "entries": [`, "unexpected EOF"},
		{`{"version": "1", "entries": []}`, "cannot unmarshal string"},
	} {
		p := filepath.Join(dir, "b.json")
		os.WriteFile(p, []byte(c.text), 0o644)
		_, err := ReadBaseline(p)
		if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to name the file and say %q", c.text, err, c.want)
		}
	}
}

// A baseline file holds no raw bidi or C1 control, whatever its keys and
// paths hold, and reads back the same (issue 24 §6).
func TestBaselineEscapesControls(t *testing.T) {
	f := &BaselineFile{Entries: []FindingKey{{Path: "a\u202e.txt", Member: "m\u009b", Rule: "XRI026", Key: "xri://=ab\u202ecd\x7f", Index: 0}}}
	data, err := f.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if i := termsafe.Index(string(data)); i >= 0 {
		t.Errorf("raw control in the baseline file:\n%s", data)
	}
	back, err := parseBaseline(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Entries) != 1 || back.Entries[0] != f.Entries[0] {
		t.Errorf("read back %+v, want %+v", back.Entries, f.Entries)
	}
}
