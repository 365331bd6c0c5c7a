package reports

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/idlint/idlint/internal/termsafe"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/rules"
)

// Path renders source and member as one path for people to read:
// "a.tar.zst!rfcs/rfc1.txt", what a terminal would act on escaped
// (internal/termsafe: a member named "\x1b[2J" must not clear the screen).
func Path(source, member string) string {
	if member == "" {
		return termsafe.String(source)
	}
	return termsafe.String(source + "!" + member)
}

// safe is termsafe.String: every field of a human-readable output that
// comes from the input (identifiers, messages quoting them, errors naming
// members) goes through it.
var safe = termsafe.String

// Lines writes linter lines, `path:line:col: severity RULE message (spec)`,
// for every finding at or above Min. It is the `idlint check` format.
type Lines struct {
	w   *bufio.Writer
	Min rules.Severity
	// Errors are input failures, written to ErrW as they come.
	ErrW io.Writer
	// Color adds ANSI colours (color.go): for a terminal only, never a
	// file or pipe.
	Color bool
	// appendLine's: the path of the document src!member, a line's bytes
	src, member string
	path, buf   []byte
}

func NewLines(w io.Writer, min rules.Severity, errW io.Writer) *Lines {
	return &Lines{w: bufio.NewWriter(w), Min: min, ErrW: errW}
}

func (l *Lines) Occurrence(o *lint.Occurrence) error {
	for i := range o.Findings {
		f := &o.Findings[i]
		if f.Severity < l.Min {
			continue
		}
		if l.Color {
			if err := l.colorLine(o, f); err != nil {
				return err
			}
			continue
		}
		if _, err := l.w.Write(l.appendLine(o, f)); err != nil {
			return err
		}
	}
	return nil
}

// appendLine makes a finding's line in l.buf, as the format
// "%s:%d:%d: %s %s %s: %s (%s)\n" of path, line, column, severity, rule,
// identifier, message and spec would, by appends (issue 25: a dense scan
// writes millions), the path made once per document.
func (l *Lines) appendLine(o *lint.Occurrence, f *rules.Finding) []byte {
	if l.path == nil || o.Source != l.src || o.Member != l.member {
		l.src, l.member = o.Source, o.Member
		l.path = append(l.path[:0], Path(o.Source, o.Member)...)
	}
	b := append(l.buf[:0], l.path...)
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(o.Line), 10)
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(FindingColumn(o, f)), 10)
	b = append(b, ": "...)
	b = append(b, f.Severity.String()...)
	b = append(b, ' ')
	b = append(b, f.Rule.ID...)
	b = append(b, ' ')
	b = termsafe.Append(b, o.Raw)
	b = append(b, ": "...)
	b = termsafe.Append(b, f.Message)
	b = append(b, " ("...)
	b = append(b, f.Rule.SpecFor(o.Profile)...)
	b = append(b, ")\n"...)
	l.buf = b
	return b
}

func (l *Lines) Source(r *record.Source) error {
	if r.Status == record.StatusError && l.ErrW != nil {
		l.w.Flush()
		fmt.Fprintf(l.ErrW, "idlint: %s: %s\n", Path(r.Source, r.Member), safe(r.Error))
	}
	return nil
}

func (l *Lines) Flush() error { return l.w.Flush() }

// Failures names each input or member that could not be read on W, as
// Lines does ("idlint: PATH: error"), for the outputs that do not: JSON,
// SARIF, GitHub, JUnit, Arrow and none (issue 24 §8).
type Failures struct{ W io.Writer }

// NewFailures returns the sink.
func NewFailures(w io.Writer) *Failures { return &Failures{W: w} }

func (*Failures) Occurrence(*lint.Occurrence) error { return nil }

func (f *Failures) Source(r *record.Source) error {
	if r.Status == record.StatusError {
		fmt.Fprintf(f.W, "idlint: %s: %s\n", Path(r.Source, r.Member), safe(r.Error))
	}
	return nil
}

func (*Failures) Finish(Summary) error { return nil }
func (*Failures) Abort(error)          {}

// Finish flushes the lines.
func (l *Lines) Finish(Summary) error { return l.Flush() }

// Abort leaves the lines still buffered unwritten (as it always has: a
// failed check's output ends where its last full buffer did).
func (l *Lines) Abort(error) {}

// Text is `idlint scan`'s human output: every finding as a linter line,
// then the clusters, then the totals.
type Text struct {
	*Lines
	clusters *Background
	sources  []record.Source
}

// NewText returns the sink; Finish ends it, or Abort when the run failed.
func NewText(w io.Writer, errW io.Writer) *Text {
	return &Text{Lines: NewLines(w, rules.Info, errW), clusters: NewBackground()}
}

func (t *Text) Occurrence(o *lint.Occurrence) error {
	if o.Kind != "" {
		if t.Color {
			return t.colorLookalike(o)
		}
		_, err := fmt.Fprintf(t.w, "%s:%d:%d: look-alike %s %s\n", Path(o.Source, o.Member), o.Line, o.Column, o.Kind, safe(o.Raw))
		return err
	}
	t.clusters.Add(o)
	return t.Lines.Occurrence(o)
}

func (t *Text) Source(r *record.Source) error {
	if r.Status != record.StatusOK {
		t.sources = append(t.sources, *r)
	}
	return t.Lines.Source(r)
}

// Summary counts what a scan saw; the text report ends with it.
type Summary struct {
	Inputs      int
	Documents   int // documents and members accounted for
	Bytes       int64
	Occurrences int // identifiers (look-alikes not included)
	Lookalikes  int // candidates classified as look-alikes
	Invalid     int
	Findings    [rules.Error + 1]int // by severity
	Errors      int                  // inputs or members that failed
	Skipped     int
	Suppressed  int // findings silenced by suppression comments (not in Findings)
	Baselined   int // findings held back because the baseline lists them (not in Findings)
	Ignored     int // paths directory walks left out (.gitignore, hidden …): not inputs
}

// Failed reports whether some input could not be read completely.
func (s *Summary) Failed() bool { return s.Errors > 0 }

// Abort ends the sink without the summary: the lines written so far stay.
func (t *Text) Abort(error) {
	t.clusters.Wait().Release() // stops its goroutine, removes spilled runs
	t.Lines.Flush()
}

// Finish writes the cluster summary and totals.
func (t *Text) Finish(s Summary) error {
	w := t.w
	cs := t.clusters.Wait()
	if cs.Len() > 0 {
		fmt.Fprintf(w, "\n%d clusters (identifiers equal under their profile):\n", cs.Len())
	}
	var b []byte
	err := cs.Each(func(c *Cluster) error {
		b = appendClusterLines(b[:0], c)
		_, err := w.Write(b)
		return err
	})
	if err != nil {
		w.Flush()
		return err
	}
	// errors are all listed; skipped members (symlinks in a tar, WARC
	// request records …) only the first few, the --sources file has them all
	const maxSkipped = 5
	skipped := 0
	for _, r := range t.sources {
		if r.Status == record.StatusSkipped {
			if skipped++; skipped > maxSkipped {
				continue
			}
		}
		fmt.Fprintf(w, "%s: %s: %s\n", Path(r.Source, r.Member), r.Status, safe(r.Error))
	}
	if skipped > maxSkipped {
		fmt.Fprintf(w, "… and %d more skipped (--sources FILE lists every input and member)\n", skipped-maxSkipped)
	}
	suppressed := "" // shown when suppression comments were read and silenced something
	if s.Suppressed > 0 {
		suppressed = fmt.Sprintf(", %d suppressed", s.Suppressed)
	}
	fmt.Fprintf(w, "\n%d input(s), %d document(s), %s scanned; %d identifier(s), %d invalid, %d cluster(s), %d look-alike(s); findings: %d error, %d warning, %d info%s; %d failed, %d skipped\n",
		s.Inputs, s.Documents, humanBytes(s.Bytes), s.Occurrences, s.Invalid, cs.Len(), s.Lookalikes,
		s.Findings[rules.Error], s.Findings[rules.Warning], s.Findings[rules.Info], suppressed, s.Errors, s.Skipped)
	if s.Baselined > 0 {
		fmt.Fprintf(w, "%d finding(s) baselined\n", s.Baselined)
	}
	if s.Ignored > 0 {
		fmt.Fprintf(w, "%s\n", IgnoredNote(s.Ignored))
	}
	return w.Flush()
}

// appendClusterLines appends a cluster's line, and its variants' line
// when it has spellings other than its canonical form, to b: by appends,
// not fmt (a dense run's 100,000 clusters are written serially at the
// end; issue 25).
func appendClusterLines(b []byte, c *Cluster) []byte {
	b = append(b, "  "...)
	b = termsafe.Append(b, c.Canonical)
	b = append(b, "  ["...)
	b = append(b, c.Profile...)
	if c.Valid {
		b = append(b, ", valid] "...)
	} else {
		b = append(b, ", invalid "...)
		b = strconv.AppendInt(b, int64(c.InvalidCount), 10)
		b = append(b, '/')
		b = strconv.AppendInt(b, int64(c.OccurrenceCount), 10)
		b = append(b, "] "...)
	}
	b = strconv.AppendInt(b, int64(c.OccurrenceCount), 10)
	b = append(b, "× in "...)
	b = strconv.AppendInt(b, int64(c.SourceCount), 10)
	b = append(b, " source(s), first "...)
	if c.FirstMember == "" {
		b = termsafe.Append(b, c.FirstSource)
	} else {
		b = append(b, Path(c.FirstSource, c.FirstMember)...)
	}
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(c.FirstLine), 10)
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(c.FirstColumn), 10)
	b = append(b, '\n')
	if len(c.Variants) > 1 || c.Variants[0].Raw != c.Canonical {
		b = append(b, "      variants: "...)
		for i, v := range c.Variants {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = termsafe.Append(b, v.Raw)
			b = append(b, " ×"...)
			b = strconv.AppendInt(b, int64(v.Count), 10)
		}
		b = append(b, '\n')
	}
	return b
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.2f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.2f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// IgnoredNote says how many paths directory walks left out, and how to
// have them (issue 20 §2: nothing left out silently).
func IgnoredNote(n int) string {
	return fmt.Sprintf("%d path(s) ignored by .gitignore, .ignore, idlint.toml's exclude or as hidden (--no-ignore, --hidden, --isolated to include them)", n)
}
