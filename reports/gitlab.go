package reports

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/idlint/idlint/internal/termsafe"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/rules"
)

// GitLab writes a GitLab Code Quality report (issue 20 §6): a JSON array
// of issues with description, check_name, fingerprint, severity and
// location (path, lines.begin), as GitLab's "Code Quality report format"
// documents it. The fingerprint is FindingKey's, unique within the report
// and stable when lines move. It writes the array at the end.
type GitLab struct {
	Min    rules.Severity
	ErrW   io.Writer // input failures, written as they come (as Lines does)
	w      io.Writer
	num    *Numbering
	issues []gitlabIssue
}

var _ Sink = (*GitLab)(nil)

// NewGitLab returns the sink; Finish writes the report to w.
func NewGitLab(w io.Writer, min rules.Severity, errW io.Writer) *GitLab {
	return &GitLab{Min: min, ErrW: errW, w: w, num: NewNumbering(WorkDir())}
}

type gitlabIssue struct {
	Description string         `json:"description"`
	CheckName   string         `json:"check_name"`
	Fingerprint string         `json:"fingerprint"`
	Severity    string         `json:"severity"`
	Location    gitlabLocation `json:"location"`
}

type gitlabLocation struct {
	Path  string `json:"path"`
	Lines struct {
		Begin int `json:"begin"`
	} `json:"lines"`
}

// GitLabSeverity maps a severity to GitLab's scale (info, minor, major,
// critical, blocker): error → major, warning → minor, info → info.
func GitLabSeverity(s rules.Severity) string { return gitlabSeverities.of(s) }

var gitlabSeverities = severityWords{"major", "minor", "info"}

func (g *GitLab) Occurrence(o *lint.Occurrence) error {
	fps := g.num.Fingerprints(o)
	for i := range o.Findings {
		f := &o.Findings[i]
		if f.Severity < g.Min {
			continue
		}
		desc := f.Rule.ID + " " + safe(o.Raw) + ": " + safe(f.Message) + " (" + f.Rule.SpecFor(o.Profile) + ")"
		if o.Member != "" {
			// GitLab links a repository file: the archive; the member is named here
			desc = safe(o.Member) + ": " + desc
		}
		is := gitlabIssue{Description: desc, CheckName: f.Rule.ID, Fingerprint: fps[i], Severity: GitLabSeverity(f.Severity)}
		is.Location.Path = RelPath(g.num.Base, o.Source)
		is.Location.Lines.Begin = max(1, o.Line)
		g.issues = append(g.issues, is)
	}
	return nil
}

// Source writes input failures to ErrW: GitLab's format has no place
// for them.
func (g *GitLab) Source(r *record.Source) error {
	if r.Status == record.StatusError && g.ErrW != nil {
		fmt.Fprintf(g.ErrW, "idlint: %s: %s\n", Path(r.Source, r.Member), safe(r.Error))
	}
	return nil
}

// Finish writes the report.
func (g *GitLab) Finish(Summary) error {
	issues := g.issues
	if issues == nil {
		issues = []gitlabIssue{}
	}
	b, err := json.MarshalIndent(issues, "", "  ")
	if err != nil {
		return err
	}
	_, err = g.w.Write(append(termsafe.JSON(b), '\n'))
	return err
}

// Abort writes nothing: a report is written whole or not at all.
func (g *GitLab) Abort(error) {}
