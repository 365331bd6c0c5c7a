package reports

import (
	"fmt"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/rules"
)

// ANSI SGR sequences of the coloured text output, kept subtle as ruff's:
// the path bold, the severity word in its colour, the rule ID bold, the
// spec citation dim; the identifier and the message plain.
const (
	sgrReset  = "\033[0m"
	sgrBold   = "\033[1m"
	sgrDim    = "\033[2m"
	sgrError  = "\033[1;31m" // bold red
	sgrWarn   = "\033[1;33m" // bold yellow
	sgrInfo   = "\033[1;36m" // bold cyan
	sgrLookal = "\033[2m"    // a look-alike's kind, dim
)

func severitySGR(s rules.Severity) string { return severityColors.of(s) }

var severityColors = severityWords{sgrError, sgrWarn, sgrInfo}

// colorLine writes Lines' line for finding f of o with ANSI colours: the
// same bytes as the plain line once the escapes are taken out.
func (l *Lines) colorLine(o *lint.Occurrence, f *rules.Finding) error {
	_, err := fmt.Fprintf(l.w, "%s%s%s:%d:%d: %s%s%s %s%s%s %s: %s %s(%s)%s\n",
		sgrBold, Path(o.Source, o.Member), sgrReset, o.Line, FindingColumn(o, f),
		severitySGR(f.Severity), f.Severity, sgrReset, sgrBold, f.Rule.ID, sgrReset,
		safe(o.Raw), safe(f.Message), sgrDim, f.Rule.SpecFor(o.Profile), sgrReset)
	return err
}

// colorLookalike is Text's look-alike line with ANSI colours.
func (t *Text) colorLookalike(o *lint.Occurrence) error {
	_, err := fmt.Fprintf(t.w, "%s%s%s:%d:%d: %slook-alike %s%s %s\n", sgrBold, Path(o.Source, o.Member), sgrReset,
		o.Line, o.Column, sgrLookal, o.Kind, sgrReset, safe(o.Raw))
	return err
}
