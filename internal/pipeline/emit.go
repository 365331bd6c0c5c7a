package pipeline

import (
	"strconv"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/reports"
)

// emitter delivers the tasks' results to the sink, in the planner's
// order, and counts them.
type emitter struct {
	r    *run
	sink Sink
	sum  reports.Summary
	// a split file's parts: the lines before the current part, and the
	// file's record summed over the parts so far
	lineBase int
	merged   record.Source
	scratch  []byte // encoded lines with their line numbers moved
}

// emit runs on the caller's goroutine until every task is delivered or
// the sink fails.
func (r *run) emit(sink Sink) (reports.Summary, error) {
	e := &emitter{r: r, sink: sink}
	e.sum.Inputs = len(r.inputs)
	for t := range r.order {
		if err := e.task(t); err != nil {
			return e.sum, err
		}
		r.forget(t)
	}
	return e.sum, r.ctx.Err()
}

// task delivers t's items as its worker hands them over.
func (e *emitter) task(t *task) error {
	e.r.bud.moveHead(t.seq, t.slot)
	// A read of a split file ends at its first failed part, as reading
	// it whole would: the later parts' results are dropped (their
	// lines could not be counted), so -j does not change the output.
	dropped := t.parts > 0 && e.merged.Status == record.StatusError
	for {
		it, ok := t.slot.take(e.r.ctx)
		if !ok {
			return nil
		}
		e.r.bud.release(it.tokens)
		if dropped {
			recycle(it.occ)
			it.occ, it.tally = nil, tally{}
			if it.enc != nil {
				recycleEncoded(it.enc)
				it.enc = nil
			}
		}
		it.tally.into(&e.sum)
		if err := e.occurrences(it.occ); err != nil {
			return err
		}
		if it.enc != nil {
			if err := e.encoded(it.enc); err != nil {
				return err
			}
		}
		recycle(it.occ)
		src := it.src
		if it.done != nil { // a part of a split file
			e.merged = mergePart(e.merged, t, it.done)
			e.lineBase += it.done.lines
			if t.part == t.parts-1 {
				src = []record.Source{e.merged}
				e.merged, e.lineBase = record.Source{}, 0
				it.ended = 1
			}
		}
		if p := e.r.cfg.Progress; it.ended > 0 && p != nil {
			p.Done.Add(int64(it.ended))
		}
		if err := e.sources(src); err != nil {
			return err
		}
		recycleSrc(it.src)
	}
}

// emitAhead is how many occurrences ahead the emitter prefetches.
const emitAhead = 4

func (e *emitter) occurrences(occ []lint.Occurrence) error {
	var t tally
	defer t.into(&e.sum)
	for k := range occ {
		if k+emitAhead < len(occ) {
			// the sink reads each identifier's text, a remembered one
			// out of the cache: bring it in a few occurrences ahead
			reports.PrefetchText(&occ[k+emitAhead])
		}
		o := &occ[k]
		o.Line += e.lineBase
		if !t.add(o, e.r.cfg.IncludeLookalikes) {
			continue
		}
		if err := e.sink.Occurrence(o); err != nil {
			return err
		}
	}
	return nil
}

// encoded writes a batch a worker encoded, its line numbers moved by the
// lines of the parts before when it is a part's.
func (e *emitter) encoded(x *encoded) error {
	b := x.buf
	if e.lineBase != 0 && len(x.lines) > 0 {
		b = moveLines(e.scratch[:0], x.buf, x.lines, e.lineBase)
		e.scratch = b
	}
	err := e.r.encSink.WriteEncoded(b)
	recycleEncoded(x)
	return err
}

// moveLines appends enc to dst with each line number of lines plus base.
func moveLines(dst, enc []byte, lines []lineAt, base int) []byte {
	from := 0
	for _, l := range lines {
		dst = append(dst, enc[from:l.at]...)
		dst = strconv.AppendInt(dst, int64(l.line+base), 10)
		from = l.at + digits(l.line)
	}
	return append(dst, enc[from:]...)
}

// digits is the length of n in decimal, as strconv writes it.
func digits(n int) int {
	d := 1
	if n < 0 {
		d, n = 2, -n
	}
	for ; n >= 10; n /= 10 {
		d++
	}
	return d
}

func (e *emitter) sources(src []record.Source) error {
	for k := range src {
		r := &src[k]
		e.sum.Documents++
		e.sum.Bytes += r.Bytes
		switch r.Status {
		case record.StatusError:
			e.sum.Errors++
		case record.StatusSkipped:
			e.sum.Skipped++
		}
		if err := e.sink.Source(r); err != nil {
			return err
		}
	}
	return nil
}
