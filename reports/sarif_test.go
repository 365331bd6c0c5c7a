package reports

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/rules"
)

// sarifSchema is the official SARIF 2.1.0 schema (OASIS, errata 01),
// compiled with format assertions on (uri, uri-reference, date-time).
func sarifSchema(t testing.TB) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	s, err := c.Compile("testdata/sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// ValidateSARIF checks a log against the schema, naming what is wrong.
func validateSARIF(t *testing.T, schema *jsonschema.Schema, log []byte) {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(doc); err != nil {
		t.Errorf("log is not valid SARIF 2.1.0: %v", err)
	}
}

// sarifLog is what the tests read back of a log.
type sarifLog struct {
	Runs []struct {
		ColumnKind string
		Artifacts  []struct {
			Location    struct{ URI string }
			ParentIndex *int
		}
		Invocations []struct {
			ExecutionSuccessful bool
		}
		Tool struct {
			Driver struct {
				Rules []struct {
					ID      string
					HelpURI string
					Help    struct{ Text, Markdown string }
				}
			}
		}
		Results []struct {
			RuleID    string
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI   string
						Index *int
					}
					Region struct{ StartLine, StartColumn, EndColumn int }
				}
			}
		}
	}
}

func checked(t *testing.T, raw string) lint.Occurrence {
	t.Helper()
	e, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	o, err := e.Check("urn", raw)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func writeSARIF(t *testing.T, s *SARIF, sum Summary) []byte {
	t.Helper()
	var b bytes.Buffer
	s.W = &b
	if err := s.Finish(sum); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func readSARIF(t *testing.T, b []byte) sarifLog {
	t.Helper()
	var l sarifLog
	if err := json.Unmarshal(b, &l); err != nil {
		t.Fatal(err)
	}
	if len(l.Runs) != 1 {
		t.Fatalf("%d runs", len(l.Runs))
	}
	return l
}

// Regions count UTF-16 code units (sarif-v2.1.0 §3.14.23 columnKind,
// §3.30.5 startColumn, §3.30.9 endColumn exclusive; issue 20 §6): a
// character beyond the BMP before the identifier or inside it before the
// finding shifts the columns by 2, one in the BMP by 1 like ASCII.
func TestSARIFColumnsUTF16(t *testing.T) {
	schema := sarifSchema(t)
	for _, c := range []struct {
		name             string
		raw              string
		col, col16       int // where the scanner found the identifier
		wantStart, wantE int // the URN006 "%zz" finding's region
	}{
		{"ascii", "urn:example:a%zz", 3, 3, 3 + 13, 3 + 16},
		{"non-BMP before the identifier", "urn:example:a%zz", 3, 4, 4 + 13, 4 + 16},
		{"BMP non-ASCII before the identifier", "urn:example:a%zz", 3, 3, 3 + 13, 3 + 16},
		{"non-BMP inside, before the finding", "urn:example:\U0001D518%zz", 1, 1, 1 + 14, 1 + 17},
		{"BMP inside, before the finding", "urn:example:é%zz", 1, 1, 1 + 13, 1 + 16},
		{"no Column16 (parse): the character column", "urn:example:a%zz", 5, 0, 5 + 13, 5 + 16},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := checked(t, c.raw)
			o.Source, o.Line, o.Column, o.Column16 = "a.txt", 2, c.col, c.col16
			s := NewSARIF(lint.Rules(), rules.Info, "test")
			if err := s.Occurrence(&o); err != nil {
				t.Fatal(err)
			}
			b := writeSARIF(t, s, Summary{})
			validateSARIF(t, schema, b)
			l := readSARIF(t, b)
			if l.Runs[0].ColumnKind != "utf16CodeUnits" {
				t.Errorf("columnKind %q", l.Runs[0].ColumnKind)
			}
			found := false
			for _, r := range l.Runs[0].Results {
				if r.RuleID != "URN006" {
					continue
				}
				found = true
				if g := r.Locations[0].PhysicalLocation.Region; g.StartLine != 2 || g.StartColumn != c.wantStart || g.EndColumn != c.wantE {
					t.Errorf("%q at column %d (%d UTF-16): region %+v, want columns %d-%d", c.raw, c.col, c.col16, g, c.wantStart, c.wantE)
				}
			}
			if !found {
				t.Fatalf("%q: no URN006 result", c.raw)
			}
		})
	}
}

// A zero-width finding still gets a one-unit region (§3.30.9: endColumn
// greater than startColumn on one line, else an empty region GitHub
// cannot underline).
func TestFindingSpan16(t *testing.T) {
	for _, c := range []struct {
		name       string
		raw        string
		start, end int
		col16      int
		want0      int
		want1      int
	}{
		{"empty span", "urn:a:b", 3, 3, 1, 4, 5},
		{"span past the end is clamped", "urn:a:b", 5, 99, 1, 6, 8},
		{"non-BMP in span counts 2", "urn:a:\U0001F600x", 6, 11, 10, 16, 19},
	} {
		o := lint.Occurrence{Raw: c.raw}
		o.Column, o.Column16 = c.col16, c.col16
		f := rules.Finding{Start: c.start, End: c.end}
		if s, e := FindingSpan16(&o, &f); s != c.want0 || e != c.want1 {
			t.Errorf("%s: %d-%d, want %d-%d", c.name, s, e, c.want0, c.want1)
		}
	}
}

var uriRE = regexp.MustCompile(`^(file:///)?([A-Za-z0-9._~/-]|%[0-9A-F]{2})*$`)

// Artifact URIs are RFC 3986 references (sarif-v2.1.0 §3.4.3, issue 20
// §6): percent-encoded spaces, "#", "?", "%", ":" and non-ASCII; relative
// paths as relative references, absolute ones as file: URIs; a member of
// an archive a nested artifact (§3.24.3 parentIndex) named by index.
func TestSARIFArtifactURIs(t *testing.T) {
	schema := sarifSchema(t)
	for _, c := range []struct {
		name, source, member string
		uri                  string   // the result's artifactLocation.uri
		chain                []string // for members: the artifacts from the result's up to the input
	}{
		{"plain relative", "docs/a.txt", "", "docs/a.txt", nil},
		{"./ dropped", "./docs//a.txt", "", "docs/a.txt", nil},
		{"parent kept", "../a.txt", "", "../a.txt", nil},
		{"space, #, ?, %", "my docs/a#1?.txt%", "", "my%20docs/a%231%3F.txt%25", nil},
		{"non-ASCII", "spécs/ü😀.txt", "", "sp%C3%A9cs/%C3%BC%F0%9F%98%80.txt", nil},
		{"colon in the first segment", "c:d.txt", "", "c%3Ad.txt", nil},
		{"absolute", "/tmp/x y/a.txt", "", "file:///tmp/x%20y/a.txt", nil},
		{"stdin", "-", "", "-", nil},
		{"archive member", "rfcs.tar.zst", "rfcs/rfc 1.txt", "rfcs/rfc%201.txt", []string{"rfcs/rfc%201.txt", "rfcs.tar.zst"}},
		{"nested archive", "a b.tar", "inner.zip!x#1.txt", "x%231.txt", []string{"x%231.txt", "inner.zip", "a%20b.tar"}},
		{"absolute member path", "a.tar", "/etc/x", "/etc/x", []string{"/etc/x", "a.tar"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := checked(t, "urn:example:a%zz")
			o.Source, o.Member, o.Line, o.Column, o.Column16 = c.source, c.member, 1, 1, 1
			s := NewSARIF(lint.Rules(), rules.Info, "test")
			if err := s.Occurrence(&o); err != nil {
				t.Fatal(err)
			}
			b := writeSARIF(t, s, Summary{})
			validateSARIF(t, schema, b)
			run := readSARIF(t, b).Runs[0]
			al := run.Results[0].Locations[0].PhysicalLocation.ArtifactLocation
			if al.URI != c.uri {
				t.Errorf("uri %q, want %q", al.URI, c.uri)
			}
			// the schema's uri-reference format is checked leniently (a
			// space passes): hold every uri to RFC 3986 §2 here
			for _, a := range run.Artifacts {
				if !uriRE.MatchString(a.Location.URI) {
					t.Errorf("artifact uri %q is not an RFC 3986 reference of only unreserved characters, / and %%XX", a.Location.URI)
				}
			}
			if !uriRE.MatchString(al.URI) {
				t.Errorf("uri %q is not an RFC 3986 reference of only unreserved characters, / and %%XX", al.URI)
			}
			if c.chain == nil {
				if al.Index != nil || len(run.Artifacts) != 0 {
					t.Errorf("a plain file got artifacts: index %v, %+v", al.Index, run.Artifacts)
				}
				return
			}
			var chain []string
			for i := al.Index; i != nil; i = run.Artifacts[*i].ParentIndex {
				chain = append(chain, run.Artifacts[*i].Location.URI)
			}
			if strings.Join(chain, " < ") != strings.Join(c.chain, " < ") {
				t.Errorf("artifact chain %q, want %q", chain, c.chain)
			}
		})
	}
}

// Rules carry helpUri and help in text and Markdown (sarif-v2.1.0
// §3.49.12, §3.49.13); the invocation says whether every input was read
// (§3.20.14 executionSuccessful), with the failures as notifications.
func TestSARIFRulesAndInvocation(t *testing.T) {
	schema := sarifSchema(t)
	for _, c := range []struct {
		name    string
		failed  bool
		success bool
	}{
		{"all inputs read", false, true},
		{"an input failed", true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := NewSARIF(lint.Rules(), rules.Warning, "test")
			sum := Summary{}
			if c.failed {
				if err := s.Source(&record.Source{Source: "a.tar", Member: "x.txt", Status: record.StatusError, Error: "unexpected EOF"}); err != nil {
					t.Fatal(err)
				}
				sum.Errors = 1
			}
			b := writeSARIF(t, s, sum)
			validateSARIF(t, schema, b)
			run := readSARIF(t, b).Runs[0]
			if len(run.Invocations) != 1 || run.Invocations[0].ExecutionSuccessful != c.success {
				t.Errorf("invocations %+v, want executionSuccessful %v", run.Invocations, c.success)
			}
			for _, r := range run.Tool.Driver.Rules {
				if r.HelpURI != RuleHelpURI || !strings.HasPrefix(r.Help.Text, r.ID+" ") || !strings.HasPrefix(r.Help.Markdown, "**"+r.ID+"**") {
					t.Errorf("rule %s: helpUri %q, help %q / %q", r.ID, r.HelpURI, r.Help.Text, r.Help.Markdown)
				}
			}
		})
	}
}

// The schema itself is the official one: a wrong file in testdata
// would make every validation above pass for nothing.
func TestSARIFSchemaIsOfficial(t *testing.T) {
	b, err := os.ReadFile("testdata/sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		ID, Title string
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	if s.ID != "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json" {
		t.Errorf("schema id %q: not the OASIS SARIF 2.1.0 errata 01 schema", s.ID)
	}
	// and it rejects what SARIF forbids: a region's startLine of 0
	schema := sarifSchema(t)
	bad := `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"message":{"text":"m"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"a"},"region":{"startLine":0}}}]}]}]}`
	doc, _ := jsonschema.UnmarshalJSON(strings.NewReader(bad))
	if schema.Validate(doc) == nil {
		t.Error("the schema accepts startLine 0 (sarif-v2.1.0 §3.30.5)")
	}
}
