package reports

import (
	"encoding/xml"
	"fmt"
	"io"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/rules"
)

// JUnit writes a JUnit XML report for CI test views (GitLab's unit test
// report, Jenkins' JUnit plugin): one testsuite per document (a file or an
// archive member, named by its Path), one failing testcase per finding at
// or above Min, named "RULE name line:col", and one passing testcase
// "idlint" for a document without findings, so that CI counts the clean
// files too (as ESLint's junit formatter does). An input that could not be
// read is a testcase with an error, a skipped member one that is skipped.
// The report is written whole at the end; encoding/xml escapes it. Names
// and messages from the input are termsafe's first (Path, safe): control
// characters, bidi controls and invalid UTF-8 written as \x1b, \u202e,
// \xff, so XML never meets a byte it cannot carry.
type JUnit struct {
	W      io.Writer
	Min    rules.Severity
	suites []*junitSuite
	byPath map[string]*junitSuite
	// members: sources some of whose members were seen, whose own
	// record (the archive's) is then no document
	members map[string]bool
}

// NewJUnit returns the sink.
func NewJUnit(w io.Writer, min rules.Severity) *JUnit {
	return &JUnit{W: w, Min: min, byPath: map[string]*junitSuite{}, members: map[string]bool{}}
}

type junitSuites struct {
	XMLName  xml.Name      `xml:"testsuites"`
	Name     string        `xml:"name,attr"`
	Tests    int           `xml:"tests,attr"`
	Failures int           `xml:"failures,attr"`
	Errors   int           `xml:"errors,attr"`
	Skipped  int           `xml:"skipped,attr"`
	Suites   []*junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Time     string      `xml:"time,attr"`
	Cases    []junitCase `xml:"testcase"`
	source   string
	member   string
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	File      string        `xml:"file,attr,omitempty"`
	Time      string        `xml:"time,attr"`
	Failure   *junitProblem `xml:"failure"`
	Error     *junitProblem `xml:"error"`
	Skipped   *junitProblem `xml:"skipped"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",chardata"`
}

func (j *JUnit) suite(source, member string) *junitSuite {
	p := Path(source, member)
	s := j.byPath[p]
	if s == nil {
		s = &junitSuite{Name: p, Time: "0", source: source, member: member}
		j.byPath[p] = s
		j.suites = append(j.suites, s)
	}
	if member != "" {
		j.members[source] = true
	}
	return s
}

func (j *JUnit) Occurrence(o *lint.Occurrence) error {
	for i := range o.Findings {
		f := &o.Findings[i]
		if f.Severity < j.Min {
			continue
		}
		s := j.suite(o.Source, o.Member)
		col := FindingColumn(o, f)
		msg := safe(o.Raw) + ": " + safe(f.Message) + " (" + f.Rule.SpecFor(o.Profile) + ")"
		s.Cases = append(s.Cases, junitCase{
			Name: fmt.Sprintf("%s %s %d:%d", f.Rule.ID, f.Rule.Name, o.Line, col), Classname: s.Name, File: safe(o.Source), Time: "0",
			Failure: &junitProblem{Message: msg, Type: f.Severity.String(),
				Text: fmt.Sprintf("%s:%d:%d: %s %s %s", s.Name, o.Line, col, f.Severity, f.Rule.ID, msg)},
		})
	}
	return nil
}

func (j *JUnit) Source(r *record.Source) error {
	s := j.suite(r.Source, r.Member)
	switch r.Status {
	case record.StatusError:
		s.Cases = append(s.Cases, junitCase{Name: "idlint", Classname: s.Name, File: safe(r.Source), Time: "0",
			Error: &junitProblem{Message: safe(r.Error), Type: "read", Text: s.Name + ": " + safe(r.Error)}})
	case record.StatusSkipped:
		s.Cases = append(s.Cases, junitCase{Name: "idlint", Classname: s.Name, File: safe(r.Source), Time: "0",
			Skipped: &junitProblem{Message: safe(r.Error)}})
	}
	return nil
}

// Finish writes the report.
func (j *JUnit) Finish(Summary) error {
	all := junitSuites{Name: "idlint", Suites: []*junitSuite{}}
	for _, s := range j.suites {
		if s.member == "" && j.members[s.source] && len(s.Cases) == 0 {
			continue // an archive read whole: its members are the documents
		}
		if len(s.Cases) == 0 {
			s.Cases = append(s.Cases, junitCase{Name: "idlint", Classname: s.Name, File: safe(s.source), Time: "0"})
		}
		for _, c := range s.Cases {
			s.Tests++
			switch {
			case c.Failure != nil:
				s.Failures++
			case c.Error != nil:
				s.Errors++
			case c.Skipped != nil:
				s.Skipped++
			}
		}
		all.Tests += s.Tests
		all.Failures += s.Failures
		all.Errors += s.Errors
		all.Skipped += s.Skipped
		all.Suites = append(all.Suites, s)
	}
	if _, err := io.WriteString(j.W, xml.Header); err != nil {
		return err
	}
	e := xml.NewEncoder(j.W)
	e.Indent("", "  ")
	if err := e.Encode(all); err != nil {
		return err
	}
	_, err := io.WriteString(j.W, "\n")
	return err
}

// Abort writes nothing: the report is written whole or not at all.
func (j *JUnit) Abort(error) {}

var _ Sink = (*JUnit)(nil)
