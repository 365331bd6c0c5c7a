package reports

import (
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
)

// Sink is an output of a scan: every output format and the Parquet report
// is one. Occurrence and Source receive the scan's records in input order
// (the root package's Sink is these two); then exactly one of Finish or
// Abort ends the output.
type Sink interface {
	Occurrence(o *lint.Occurrence) error
	Source(r *record.Source) error
	// Finish ends the output of a run that completed, with its totals:
	// it writes what comes at the end (clusters, totals, a whole
	// document), flushes and closes.
	Finish(s Summary) error
	// Abort ends the output of a run that failed with err: what was
	// written stays, cut short; temporary files are removed.
	Abort(err error)
}

var (
	_ Sink = (*Lines)(nil)
	_ Sink = (*Text)(nil)
	_ Sink = (*JSONL)(nil)
	_ Sink = (*JSON)(nil)
	_ Sink = (*SARIF)(nil)
)
