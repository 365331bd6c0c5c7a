package reports

import (
	"bytes"
	"encoding/xml"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/rules"
)

// Workflow command escaping is the Actions toolkit's (issue 20 §6):
// the message escapes %, CR and LF; a property also ":" and ",", which
// would end it.
func TestGitHubEscaping(t *testing.T) {
	for _, c := range []struct{ in, data, prop string }{
		{"plain", "plain", "plain"},
		{"100%", "100%25", "100%25"},
		{"a\r\nb", "a%0D%0Ab", "a%0D%0Ab"},
		{"dir/a:b,c.txt", "dir/a:b,c.txt", "dir/a%3Ab%2Cc.txt"},
		{"%0A", "%250A", "%250A"}, // an escape in the input stays literal
		{"::error::x", "::error::x", "%3A%3Aerror%3A%3Ax"},
	} {
		if got := githubData(c.in); got != c.data {
			t.Errorf("data %q = %q, want %q", c.in, got, c.data)
		}
		if got := githubProperty(c.in); got != c.prop {
			t.Errorf("property %q = %q, want %q", c.in, got, c.prop)
		}
	}
}

// One annotation per finding at or above Min: level, file, line, UTF-16
// columns (endColumn exclusive), title "ID name"; a member of an archive
// annotates the archive, without a position (issue 20 §6).
func TestGitHubAnnotations(t *testing.T) {
	for _, c := range []struct {
		name           string
		source, member string
		raw            string
		col, col16     int
		min            rules.Severity
		want           []string
	}{
		{"error with columns", "dir/a b.txt", "", "urn:example:a%zz", 5, 6, rules.Warning,
			[]string{"::error file=dir/a b.txt,line=3,col=19,endColumn=22,title=URN006 bad-percent-encoding::urn:example:a%25zz: \"%25\" not followed by two hex digits: \"%25zz\" (rfc8141 §2; rfc3986 §2.1)"}},
		{"warning", "a.txt", "", "urn:ab:cd", 1, 1, rules.Warning,
			[]string{"::warning file=a.txt,line=3,col=5,endColumn=7,title=URN023 nid-too-short::"}},
		{"below Min", "a.txt", "", "urn:ab:cd", 1, 1, rules.Error, nil},
		{"./ dropped", "./a.txt", "", "urn:ab:cd", 1, 1, rules.Warning,
			[]string{"::warning file=a.txt,line=3,"}},
		{"archive member", "x,y.tar", "d/a.txt", "urn:example:a%zz", 1, 1, rules.Warning,
			[]string{"::error file=x%2Cy.tar,title=URN006 bad-percent-encoding::d/a.txt: urn:example:a%25zz"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := checked(t, c.raw)
			o.Source, o.Member, o.Line, o.Column, o.Column16 = c.source, c.member, 3, c.col, c.col16
			var b bytes.Buffer
			g := NewGitHub(&b, c.min)
			if err := g.Occurrence(&o); err != nil {
				t.Fatal(err)
			}
			if err := g.Finish(Summary{}); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
			if b.Len() == 0 {
				lines = nil
			}
			if len(lines) != len(c.want) {
				t.Fatalf("%d annotations, want %d:\n%s", len(lines), len(c.want), b.String())
			}
			for i, w := range c.want {
				if !strings.HasPrefix(lines[i], w) {
					t.Errorf("annotation\n  %s\nwant prefix\n  %s", lines[i], w)
				}
			}
		})
	}
}

// The JUnit report is well-formed XML whatever the names hold (markup,
// control characters, invalid UTF-8), one testsuite per document with a
// failing testcase per finding, a passing one for a clean document, an
// error for an unreadable one; an archive's own record is no suite when
// its members are (issue 20 §6).
func TestJUnit(t *testing.T) {
	var b bytes.Buffer
	j := NewJUnit(&b, rules.Warning)
	bad := checked(t, "urn:example:a%zz")
	bad.Source, bad.Line, bad.Column = "<a&b>\x01\xff.txt", 2, 4
	member := checked(t, "urn:ab:cd")
	member.Source, member.Member, member.Line, member.Column = "x.tar", "d/m.txt", 1, 1
	info := checked(t, "URN:isbn:0451450523") // info-level only: below Min
	info.Source, info.Line, info.Column = "clean.txt", 1, 1
	for _, o := range []*lint.Occurrence{&bad, &member, &info} {
		if err := j.Occurrence(o); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range []record.Source{
		{Source: bad.Source, Status: record.StatusOK},
		{Source: "x.tar", Member: "d/m.txt", Status: record.StatusOK},
		{Source: "x.tar", Member: "d/link", Status: record.StatusSkipped, Error: "symlink"},
		{Source: "x.tar", Status: record.StatusOK},
		{Source: "clean.txt", Status: record.StatusOK},
		{Source: "gone.txt", Status: record.StatusError, Error: "open gone.txt: no such file"},
	} {
		if err := j.Source(&r); err != nil {
			t.Fatal(err)
		}
	}
	if err := j.Finish(Summary{}); err != nil {
		t.Fatal(err)
	}
	if !utf8.Valid(b.Bytes()) {
		t.Error("report is not UTF-8")
	}
	var doc struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
		Errors   int `xml:"errors,attr"`
		Skipped  int `xml:"skipped,attr"`
		Suites   []struct {
			Name  string `xml:"name,attr"`
			Tests int    `xml:"tests,attr"`
			Cases []struct {
				Name    string    `xml:"name,attr"`
				Failure *struct{} `xml:"failure"`
				Error   *struct{} `xml:"error"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	d := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	if err := d.Decode(&doc); err != nil {
		t.Fatalf("not well-formed XML: %v\n%s", err, b.String())
	}
	var names []string
	for _, s := range doc.Suites {
		names = append(names, s.Name)
	}
	// the controls escaped visibly (issue 24 §6)
	want := []string{`<a&b>\x01\xff.txt`, "x.tar!d/m.txt", "x.tar!d/link", "clean.txt", "gone.txt"}
	if strings.Join(names, "|") != strings.Join(want, "|") {
		t.Errorf("suites %q, want %q", names, want)
	}
	if doc.Tests != 5 || doc.Failures != 2 || doc.Errors != 1 || doc.Skipped != 1 {
		t.Errorf("totals: tests %d failures %d errors %d skipped %d, want 5 2 1 1", doc.Tests, doc.Failures, doc.Errors, doc.Skipped)
	}
	if c := doc.Suites[0].Cases; len(c) != 1 || c[0].Failure == nil || c[0].Name != "URN006 bad-percent-encoding 2:17" {
		t.Errorf("first suite's cases %+v", c)
	}
	if c := doc.Suites[3].Cases; len(c) != 1 || c[0].Failure != nil || c[0].Name != "idlint" {
		t.Errorf("clean suite's cases %+v (an info finding below Min fails nothing)", c)
	}
}

// --statistics counts per rule at or above Min, most first then by ID,
// "[*]" for a rule whose findings --fix fixes: a safe fix, an unsafe one
// only with --unsafe-fixes, never a rule with advice but no mechanical fix
// (ruff's layout and ruff#16756; issue 20 §6).
func TestStatistics(t *testing.T) {
	for _, tc := range []struct {
		name   string
		min    rules.Severity
		unsafe bool
		raws   []string
		want   string
	}{
		{"unsafe fix (URN006) not marked without --unsafe-fixes", rules.Warning, false,
			[]string{"urn:example:a%zz", "urn:ab:cd", "urn:example:b%zz", "urn:ab:ef%zz", "URN:isbn:0451450523"},
			"3  URN006      bad-percent-encoding\n2  URN023      nid-too-short\n"},
		{"unsafe fix marked with --unsafe-fixes", rules.Warning, true,
			[]string{"urn:example:a%zz", "urn:ab:cd"},
			"1  URN006  [*] bad-percent-encoding\n1  URN023      nid-too-short\n"},
		{"safe fix (URN030, rfc8141 §3.1) marked", rules.Info, false,
			[]string{"URN:isbn:0451450523"},
			"1  URN030  [*] non-canonical-case\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			s := NewStatistics(&b, tc.min)
			s.Unsafe = tc.unsafe
			for _, raw := range tc.raws {
				o := checked(t, raw)
				if err := s.Occurrence(&o); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.Finish(Summary{}); err != nil {
				t.Fatal(err)
			}
			if b.String() != tc.want {
				t.Errorf("statistics\n%s\nwant\n%s", b.String(), tc.want)
			}
		})
	}
}
