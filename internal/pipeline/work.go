package pipeline

import "github.com/idlint/idlint/corpus"

// worker scans the tasks the planner hands over until there are none.
func (r *run) worker() {
	// made at the first task: a worker the run has none for (one file at
	// -j 2) makes no scanner, memo or encoder (issue 25: ~30 page faults
	// of a one-file check)
	var sc *scanner
	for t := range r.work {
		if sc == nil {
			sc = newScanner(r.eng, &r.cfg, r.delivery())
			sc.stream.SetContext(r.ctx) // checked per buffer: text without identifiers ends on an interrupt too
		}
		r.busy.Add(1)
		if t.parts > 0 {
			sc.part(r.ctx, t, r.cfg.Corpus, r.bud)
		} else {
			r.scanInputs(sc, t)
		}
		r.busy.Add(-1)
		r.bud.done()
	}
}

// scanInputs scans a task of whole inputs with one batcher for the group:
// its inputs' records and occurrences go out together, one hand-over
// (and one wake-up of the emitter) per batch, not two per file.
func (r *run) scanInputs(sc *scanner, t *task) {
	b := &sc.b
	*b = batcher{ctx: r.ctx, seq: t.seq, out: t.slot, bud: r.bud, dl: sc.dl}
	copt := r.cfg.Corpus
	copt.ParallelDecode = t.decode
	for _, in := range t.ins {
		sc.input(in, copt, r.cfg.Stdin)
	}
	if t.more != nil {
		for in := range t.more { // a dense chain: until the planner ends it
			sc.input(in, copt, r.cfg.Stdin)
		}
	}
	b.flush()
	*b = batcher{}
	t.slot.close()
	if cap(t.ins) == groupInputs {
		clear(t.ins)
		groupPool.Put((*[groupInputs]corpus.Input)(t.ins[:groupInputs]))
	}
	t.ins = nil
}
