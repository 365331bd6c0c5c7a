package reports

import (
	"encoding/json"
	"io"
	"path/filepath"
	"strings"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/rules"
)

// SARIF collects findings into one SARIF 2.1.0 log (for GitHub code
// scanning and editors); it writes the log at the end.
type SARIF struct {
	Min     rules.Severity
	Version string
	W       io.Writer // where Finish writes the log
	rules   []*rules.Rule
	index   map[*rules.Rule]int
	results []sarifResult
	notes   []sarifNotification
	num     *Numbering // partialFingerprints (issue 20 §6)
}

// NewSARIF returns a SARIF sink listing catalog as the tool's rules.
func NewSARIF(catalog []*rules.Rule, min rules.Severity, version string) *SARIF {
	s := &SARIF{Min: min, Version: version, rules: catalog, index: map[*rules.Rule]int{}, num: NewNumbering(WorkDir())}
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

type sarifLocation struct {
	PhysicalLocation struct {
		ArtifactLocation struct {
			URI string `json:"uri"`
		} `json:"artifactLocation"`
		Region sarifRegion `json:"region"`
	} `json:"physicalLocation"`
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

func sarifLevel(s rules.Severity) string {
	switch s {
	case rules.Error:
		return "error"
	case rules.Warning:
		return "warning"
	}
	return "note"
}

func (s *SARIF) Occurrence(o *lint.Occurrence) error {
	fps := s.num.Fingerprints(o) // every finding numbered, shown or not
	for i := range o.Findings {
		f := &o.Findings[i]
		if f.Severity < s.Min {
			continue
		}
		var loc sarifLocation
		loc.PhysicalLocation.ArtifactLocation.URI = sarifURI(o.Source, o.Member)
		col := FindingColumn(o, f)
		loc.PhysicalLocation.Region = sarifRegion{StartLine: o.Line, StartColumn: col, EndColumn: col + max(1, f.End-f.Start)}
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
		s.notes = append(s.notes, sarifNotification{Level: "error", Message: sarifMessage{Path(r.Source, r.Member) + ": " + r.Error}})
	}
	return nil
}

// sarifURI is a relative URI for plain files; archive members use the
// archive path and a fragment naming the member.
func sarifURI(source, member string) string {
	u := filepath.ToSlash(source)
	if member != "" {
		u += "#" + member
	}
	return strings.ReplaceAll(u, " ", "%20")
}

// Finish writes the log to W.
func (s *SARIF) Finish(Summary) error {
	_, err := s.WriteTo(s.W)
	return err
}

// Abort writes nothing: a log is written whole or not at all.
func (s *SARIF) Abort(error) {}

// WriteTo writes the log.
func (s *SARIF) WriteTo(w io.Writer) (int64, error) {
	type rule struct {
		ID               string       `json:"id"`
		Name             string       `json:"name"`
		ShortDescription sarifMessage `json:"shortDescription"`
		FullDescription  sarifMessage `json:"fullDescription"`
		Help             sarifMessage `json:"help"`
		Default          struct {
			Level string `json:"level"`
		} `json:"defaultConfiguration"`
		Properties map[string]any `json:"properties"`
	}
	rs := make([]rule, len(s.rules))
	for i, r := range s.rules {
		rs[i] = rule{ID: r.ID, Name: r.Name, ShortDescription: sarifMessage{r.Summary}, FullDescription: sarifMessage{r.Doc},
			Help: sarifMessage{"Bad: " + r.Bad + "\nGood: " + r.Good}, Properties: map[string]any{"spec": r.Spec, "profiles": r.Profiles}}
		rs[i].Default.Level = sarifLevel(r.Severity)
	}
	results := s.results
	if results == nil {
		results = []sarifResult{}
	}
	run := map[string]any{
		"tool": map[string]any{"driver": map[string]any{
			"name": "idlint", "version": s.Version, "informationUri": "https://github.com/idlint/idlint", "rules": rs,
		}},
		"results": results,
	}
	if len(s.notes) > 0 {
		run["invocations"] = []any{map[string]any{"executionSuccessful": false, "toolExecutionNotifications": s.notes}}
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
	n, err := w.Write(append(b, '\n'))
	return int64(n), err
}
