package reports

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/idlint/idlint/internal/termsafe"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/rules"
)

// RuleHelpURI is where a rule's documentation is published: README's
// rule table (each rule's full page is in the log's help, and
// `idlint rules ID` prints it).
const RuleHelpURI = "https://github.com/idlint/idlint/blob/main/README.md#rules"

// SARIF collects findings into one SARIF 2.1.0 log (for GitHub code
// scanning and editors); it writes the log at the end.
//
// Columns are in UTF-16 code units (run.columnKind, sarif-v2.1.0
// §3.14.23), as GitHub and VS Code count them; endColumn is exclusive
// (§3.30.9). Artifact URIs are RFC 3986 references: relative paths as
// relative references, absolute ones as file: URIs, every byte outside
// the unreserved set and "/" percent-encoded. A member of an archive is a
// nested artifact (§3.24.3 parentIndex): run.artifacts holds the archive
// and each member on the way to the document, and the result's
// artifactLocation names the member's artifact by index, with the
// member's path as its relative uri (§3.4.3).
type SARIF struct {
	Min     rules.Severity
	Version string
	W       io.Writer // where Finish writes the log
	rules   []*rules.Rule
	index   map[*rules.Rule]int
	results []sarifResult
	notes   []sarifNotification
	// artifacts are the archives and members named by results (plain
	// files are named by uri alone); byPath finds one by its Path.
	artifacts []sarifArtifact
	byPath    map[string]int
	num       *Numbering // partialFingerprints (issue 20 §6)
}

// NewSARIF returns a SARIF sink listing catalog as the tool's rules.
func NewSARIF(catalog []*rules.Rule, min rules.Severity, version string) *SARIF {
	s := &SARIF{Min: min, Version: version, rules: catalog, index: map[*rules.Rule]int{}, byPath: map[string]int{}, num: NewNumbering(WorkDir())}
	for i, r := range catalog {
		s.index[r] = i
	}
	return s
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndColumn   int `json:"endColumn"`
}

type sarifArtifactLocation struct {
	URI   string `json:"uri,omitempty"`
	Index *int   `json:"index,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Region           *sarifRegion          `json:"region,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifArtifact struct {
	Location    sarifArtifactLocation `json:"location"`
	ParentIndex *int                  `json:"parentIndex,omitempty"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
	// PartialFingerprints: FingerprintName → FindingKey.Fingerprint
	PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
}

type sarifNotification struct {
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
}

func sarifLevel(s rules.Severity) string { return sarifLevels.of(s) }

var sarifLevels = severityWords{"error", "warning", "note"}

func (s *SARIF) Occurrence(o *lint.Occurrence) error {
	fps := s.num.Fingerprints(o) // every finding numbered, shown or not
	for i := range o.Findings {
		f := &o.Findings[i]
		if f.Severity < s.Min {
			continue
		}
		loc := sarifLocation{PhysicalLocation: sarifPhysical{ArtifactLocation: s.artifactLocation(o.Source, o.Member)}}
		start, end := FindingSpan16(o, f)
		loc.PhysicalLocation.Region = &sarifRegion{StartLine: o.Line, StartColumn: start, EndColumn: end}
		s.results = append(s.results, sarifResult{
			RuleID: f.Rule.ID, RuleIndex: s.index[f.Rule], Level: sarifLevel(f.Severity),
			Message:   sarifMessage{o.Raw + ": " + f.Message + " (" + f.Rule.SpecFor(o.Profile) + ")"},
			Locations: []sarifLocation{loc},
		})
		s.results[len(s.results)-1].PartialFingerprints = map[string]string{FingerprintName: fps[i]}
	}
	return nil
}

func (s *SARIF) Source(r *record.Source) error {
	if r.Status == record.StatusError {
		s.notes = append(s.notes, sarifNotification{Level: "error", Message: sarifMessage{Path(r.Source, r.Member) + ": " + r.Error},
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{ArtifactLocation: s.artifactLocation(r.Source, r.Member)}}}})
	}
	return nil
}

// artifactLocation names a plain file by its uri, a member of an archive
// by its nested artifact (made here, with its parents, when first seen).
func (s *SARIF) artifactLocation(source, member string) sarifArtifactLocation {
	if member == "" {
		return sarifArtifactLocation{URI: sarifFileURI(source)}
	}
	i := s.artifact(source, member)
	return sarifArtifactLocation{URI: s.artifacts[i].Location.URI, Index: &i}
}

// artifact returns the index of the artifact of source's member (""
// for source itself), adding it and its containers as needed. The
// member chain is split at "!" as corpus joins it.
func (s *SARIF) artifact(source, member string) int {
	key := Path(source, member)
	if i, ok := s.byPath[key]; ok {
		return i
	}
	a := sarifArtifact{}
	if member == "" {
		a.Location.URI = sarifFileURI(source)
	} else {
		parent, name := "", member
		if k := strings.LastIndexByte(member, '!'); k >= 0 {
			parent, name = member[:k], member[k+1:]
		}
		p := s.artifact(source, parent)
		a.ParentIndex = &p
		// a relative-path reference, "/" kept where the archive has it
		// (§3.4.3: "/a.txt" and "a.txt" can be distinct members), never
		// "//" (a network-path reference)
		a.Location.URI = percentEncode(name)
		if strings.HasPrefix(name, "//") {
			a.Location.URI = percentEncode("/" + strings.TrimLeft(name, "/"))
		}
	}
	i := len(s.artifacts)
	s.artifacts = append(s.artifacts, a)
	s.byPath[key] = i
	return i
}

// sarifFileURI is the URI of an input path: a relative reference for a
// relative path, a file: URI for an absolute one (RFC 8089).
func sarifFileURI(path string) string {
	p := slashPath(path)
	if !filepath.IsAbs(path) {
		return percentEncode(p) // a relative-path reference (RFC 3986 §4.2)
	}
	if vol := filepath.VolumeName(path); len(vol) == 2 && vol[1] == ':' {
		// a Windows drive: file:///C:/dir/file (RFC 8089 Appendix E.2)
		return "file:///" + vol + percentEncode(p[2:])
	}
	return "file://" + percentEncode(p)
}

// percentEncode keeps RFC 3986's unreserved characters and "/" and
// encodes every other byte as %XX (upper-case hex, §2.1): spaces, "#",
// "?", "%", and each byte of a non-ASCII character's UTF-8; ":" too, so
// that a relative path's first segment never reads as a scheme (§4.2).
func percentEncode(p string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~/", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// Finish writes the log to W; the run's invocation says whether every
// input was read (an unreadable one makes it unsuccessful, exit status 2).
func (s *SARIF) Finish(sum Summary) error {
	_, err := s.write(s.W, !sum.Failed() && len(s.notes) == 0)
	return err
}

// Abort writes nothing: a log is written whole or not at all.
func (s *SARIF) Abort(error) {}

// WriteTo writes the log.
func (s *SARIF) WriteTo(w io.Writer) (int64, error) { return s.write(w, len(s.notes) == 0) }

type sarifRule struct {
	ID               string       `json:"id"`
	Name             string       `json:"name"`
	ShortDescription sarifMessage `json:"shortDescription"`
	FullDescription  sarifMessage `json:"fullDescription"`
	HelpURI          string       `json:"helpUri"`
	Help             struct {
		Text     string `json:"text"`
		Markdown string `json:"markdown"`
	} `json:"help"`
	Default struct {
		Level string `json:"level"`
	} `json:"defaultConfiguration"`
	Properties map[string]any `json:"properties"`
}

func (s *SARIF) write(w io.Writer, ok bool) (int64, error) {
	rs := make([]sarifRule, len(s.rules))
	for i, r := range s.rules {
		rs[i] = sarifRule{ID: r.ID, Name: r.Name, ShortDescription: sarifMessage{r.Summary}, FullDescription: sarifMessage{r.Doc},
			HelpURI: RuleHelpURI, Properties: map[string]any{"spec": r.Spec, "profiles": r.Profiles}}
		if rs[i].FullDescription.Text == "" {
			rs[i].FullDescription.Text = r.Summary
		}
		rs[i].Help.Text = r.Page()
		rs[i].Help.Markdown = RuleHelpMarkdown(r)
		rs[i].Default.Level = sarifLevel(r.Severity)
	}
	results := s.results
	if results == nil {
		results = []sarifResult{}
	}
	inv := map[string]any{"executionSuccessful": ok}
	if len(s.notes) > 0 {
		inv["toolExecutionNotifications"] = s.notes
	}
	run := map[string]any{
		"tool": map[string]any{"driver": map[string]any{
			"name": "idlint", "version": s.Version, "informationUri": "https://github.com/idlint/idlint", "rules": rs,
		}},
		"columnKind":  "utf16CodeUnits",
		"invocations": []any{inv},
		"results":     results,
	}
	if len(s.artifacts) > 0 {
		run["artifacts"] = s.artifacts
	}
	log := map[string]any{
		"$schema": "https://json.schemastore.org/sarif-2.1.0.json",
		"version": "2.1.0",
		"runs":    []any{run},
	}
	b, err := json.MarshalIndent(log, "", "  ")
	if err != nil {
		return 0, err
	}
	n, err := w.Write(append(termsafe.JSON(b), '\n'))
	return int64(n), err
}

// RuleHelpMarkdown is a rule's page in Markdown (SARIF help.markdown,
// which GitHub code scanning shows beside an alert).
func RuleHelpMarkdown(r *rules.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** `%s` (%s): %s\n\nSpec: %s. Severity: %s. Profiles: %s.\n", r.ID, r.Name, r.Scheme, r.Summary,
		r.Spec, r.Severity, strings.Join(r.Profiles, ", "))
	if r.Doc != "" {
		fmt.Fprintf(&b, "\n%s\n", r.Doc)
	}
	for _, ex := range []struct{ head, body string }{{"Bad", r.Bad}, {"Good", r.Good}} {
		if ex.body != "" {
			fmt.Fprintf(&b, "\n%s:\n\n```text\n%s\n```\n", ex.head, strings.TrimRight(ex.body, "\n"))
		}
	}
	if r.Fix != "" {
		fmt.Fprintf(&b, "\nFix: %s\n", r.Fix)
	}
	return b.String()
}
