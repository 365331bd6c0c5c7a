package reports

import (
	"bufio"
	"fmt"
	"io"
	"sort"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/rules"
)

// Statistics counts the findings at or above Min per rule and writes,
// at the end, one line per rule that has any, as ruff's --statistics:
//
//	12  URN006  [*] bad-percent-encoding
//	 3  URN023      nid-too-short
//
// count (most first, then by ID), rule ID, "[*]" when --fix fixes the
// rule's findings (a safe fix; an unsafe one with Unsafe, as ruff marks
// only what the run's flags would apply), name.
type Statistics struct {
	W      io.Writer
	Min    rules.Severity
	Unsafe bool // --unsafe-fixes: unsafe fixes count as fixable
	counts map[*rules.Rule]int
}

// NewStatistics returns the sink.
func NewStatistics(w io.Writer, min rules.Severity) *Statistics {
	return &Statistics{W: w, Min: min, counts: map[*rules.Rule]int{}}
}

func (s *Statistics) Occurrence(o *lint.Occurrence) error {
	for i := range o.Findings {
		if f := &o.Findings[i]; f.Severity >= s.Min {
			s.counts[f.Rule]++
		}
	}
	return nil
}

func (s *Statistics) Source(*record.Source) error { return nil }

// Finish writes the table.
func (s *Statistics) Finish(Summary) error {
	type row struct {
		r *rules.Rule
		n int
	}
	rows := make([]row, 0, len(s.counts))
	wn, wid := 0, 0
	for r, n := range s.counts {
		rows = append(rows, row{r, n})
		wn, wid = max(wn, len(fmt.Sprint(n))), max(wid, len(r.ID))
	}
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].n != rows[j].n {
			return rows[i].n > rows[j].n
		}
		return rows[i].r.ID < rows[j].r.ID
	})
	w := bufio.NewWriter(s.W)
	for _, x := range rows {
		fix := "   "
		if x.r.FixKind == rules.FixSafe || x.r.FixKind == rules.FixUnsafe && s.Unsafe {
			fix = "[*]"
		}
		fmt.Fprintf(w, "%*d  %-*s  %s %s\n", wn, x.n, wid, x.r.ID, fix, x.r.Name)
	}
	return w.Flush()
}

// Abort writes nothing: counts of a cut run would mislead.
func (s *Statistics) Abort(error) {}

var _ Sink = (*Statistics)(nil)
