package reports

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/rules"
)

// GitHub writes GitHub Actions workflow commands, one annotation per
// finding at or above Min:
//
//	::error file=a.txt,line=2,col=11,endColumn=14,title=URN006 bad-percent-encoding::urn:x:a%zz: … (rfc8141 §2)
//
// Columns are in UTF-16 code units, as in SARIF. A finding inside an
// archive annotates the archive file, without line or column (those are
// the member's), and its message starts with the member's path. Inputs
// that could not be read are error annotations titled "idlint".
type GitHub struct {
	w   *bufio.Writer
	Min rules.Severity
}

// NewGitHub returns the sink.
func NewGitHub(w io.Writer, min rules.Severity) *GitHub {
	return &GitHub{w: bufio.NewWriter(w), Min: min}
}

// githubLevel is the workflow command of a severity.
func githubLevel(s rules.Severity) string { return githubLevels.of(s) }

var githubLevels = severityWords{"error", "warning", "notice"}

func (g *GitHub) Occurrence(o *lint.Occurrence) error {
	for i := range o.Findings {
		f := &o.Findings[i]
		if f.Severity < g.Min {
			continue
		}
		msg := safe(o.Raw) + ": " + safe(f.Message) + " (" + f.Rule.SpecFor(o.Profile) + ")"
		props := "file=" + githubProperty(safe(slashPath(o.Source)))
		if o.Member != "" {
			msg = safe(o.Member) + ": " + msg
		} else {
			start, end := FindingSpan16(o, f)
			props += fmt.Sprintf(",line=%d,col=%d,endColumn=%d", o.Line, start, end)
		}
		props += ",title=" + githubProperty(f.Rule.ID+" "+f.Rule.Name)
		if _, err := fmt.Fprintf(g.w, "::%s %s::%s\n", githubLevel(f.Severity), props, githubData(msg)); err != nil {
			return err
		}
	}
	return nil
}

func (g *GitHub) Source(r *record.Source) error {
	if r.Status != record.StatusError {
		return nil
	}
	_, err := fmt.Fprintf(g.w, "::error file=%s,title=idlint::%s\n", githubProperty(safe(slashPath(r.Source))), githubData(Path(r.Source, r.Member)+": "+safe(r.Error)))
	return err
}

// Finish flushes the annotations.
func (g *GitHub) Finish(Summary) error { return g.w.Flush() }

// Abort flushes what was written: each line is a whole annotation.
func (g *GitHub) Abort(error) { g.w.Flush() }

// githubData escapes a workflow command's message as the Actions
// toolkit does (escapeData): "%", CR and LF.
func githubData(s string) string { return githubDataR().Replace(s) }

// The replacers are made at first use, not at every start (issue 25).
var githubDataR = sync.OnceValue(func() *strings.Replacer {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
})

// githubProperty escapes a workflow command's property value
// (escapeProperty): githubData's three plus ":" and ",", which end a
// property.
func githubProperty(s string) string { return githubPropertyR().Replace(s) }

var githubPropertyR = sync.OnceValue(func() *strings.Replacer {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
})

var _ Sink = (*GitHub)(nil)
