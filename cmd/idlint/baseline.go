package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/reports"
	"github.com/idlint/idlint/rules"
)

// baselineFlags are check's --baseline and --write-baseline (issue 20 §4).
type baselineFlags struct {
	read, write string
}

func (b *baselineFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&b.read, "baseline", "", "report only findings the baseline `FILE` does not list; its entries no finding matches are IDL010 findings (info)")
	fs.StringVar(&b.write, "write-baseline", "", "record the run's findings (at or above --min-severity) in the baseline `FILE` and report none of them")
}

// wrap puts the baseline before inner when a flag asks for it (base is
// nil otherwise).
func (b *baselineFlags) wrap(inner reports.Sink, min rules.Severity, cfg lint.Config) (s reports.Sink, base *reports.Baseline, err error) {
	path, write := b.read, false
	if b.write != "" {
		if b.read != "" && filepath.Clean(b.read) != filepath.Clean(b.write) {
			return nil, nil, fmt.Errorf("--baseline %s and --write-baseline %s: give one file (or the same twice)", b.read, b.write)
		}
		path, write = b.write, true
	}
	if path == "" {
		return inner, nil, nil
	}
	if base, err = reports.NewBaseline(inner, path, write, min); err != nil {
		return nil, nil, err
	}
	for name, sev := range cfg.Severity { // --severity IDL010=… (and --ignore)
		for _, r := range lint.Find(name) {
			if r == lint.StaleBaselineEntry {
				base.StaleSeverity = sev
			}
		}
	}
	return base, base, nil
}

// done says what the baseline did and returns the run's summary as the
// exit status reads it: held-back findings do not fail the check.
func (b *baselineFlags) done(base *reports.Baseline, sum reports.Summary, name string, err error, stderr io.Writer) reports.Summary {
	if base == nil || err != nil {
		return sum
	}
	sum = base.Summary(sum)
	switch {
	case b.write != "":
		fmt.Fprintf(stderr, "idlint %s: baseline %s written: %d entr%s\n", name, b.write, base.Entries(), plural(base.Entries(), "y", "ies"))
	case base.Stale() > 0:
		hint := ""
		if base.StaleSeverity == rules.None {
			hint = ", turned off"
		} else if base.StaleSeverity < base.Min {
			hint = ", listed with --min-severity " + base.StaleSeverity.String()
		}
		fmt.Fprintf(stderr, "idlint %s: %d finding(s) baselined; %d entr%s of %s match%s no finding any more (IDL010%s): rewrite it with --write-baseline\n",
			name, sum.Baselined, base.Stale(), plural(base.Stale(), "y", "ies"), b.read, plural(base.Stale(), "es", ""), hint)
	case sum.Baselined > 0:
		fmt.Fprintf(stderr, "idlint %s: %d finding(s) baselined (%s)\n", name, sum.Baselined, b.read)
	}
	return sum
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
