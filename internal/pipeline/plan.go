package pipeline

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/idlint/idlint/corpus"
	"github.com/idlint/idlint/reports"
)

// Groups of small inputs handed to a worker as one task.
const (
	groupFile     = 256 << 10 // larger files are tasks of their own
	groupInputs   = 64
	groupBytesMax = 1 << 20
)

// groupPool recycles the inputs of groups the workers are done with
// (scanInputs): 200 new arrays of 3.5 KB on the RFC series.
var groupPool = sync.Pool{New: func() any { return new([groupInputs]corpus.Input) }}

// task is one unit of work: whole inputs (one, or a group of small ones
// scanned in turn), or one part of a split file.
type task struct {
	seq int // position in the output order
	ins []corpus.Input
	in  corpus.Input // the split file
	// part k of parts (parts == 0: the whole input) and its byte range
	part, parts int
	corpus.Part
	mapping *corpus.Mapping // the split file's bytes, shared by its parts
	// more are the dense files planned after ins, scanned by the same
	// worker in turn (a dense chain, plan); closed by the planner
	more chan corpus.Input
	slot *slot
	// decode the input's own streams on the cores no worker uses
	// (corpus.Options.ParallelDecode)
	decode bool
}

// plan turns the inputs into tasks — a group of small files, an input, or
// a part of a large plain-text file — and hands each, in order, to the
// emitter and to the workers. It runs only a few tasks ahead of the
// workers (the work channel's buffer), so that its stats and maps follow
// the scan.
func (r *run) plan() {
	defer close(r.work)
	defer close(r.order)
	// Small files go to the workers in groups: one hand-over and one
	// wake-up of the emitter per group, not per file (the RFC series
	// is 10,000 files of 55 KB).
	var group *task
	var groupBytes int64
	flush := func() bool {
		g := group
		group, groupBytes = nil, 0
		return g == nil || r.send(g)
	}
	// Dense files in a row go to one worker, as at -j 1: the task of the
	// first takes the next ones while its worker scans (task.more). Each
	// of its own task, the next file's worker scanned one batch and waited
	// for the one before (scanNext), then scanned on in another worker's
	// caches, the first worker waiting on the file after: 8 dense files
	// of 25 MB, jsonl -j 2, 0.065 s more CPU than -j 1 (issue 25).
	var chain *task
	endChain := func() {
		if chain != nil {
			close(chain.more)
			chain = nil
		}
	}
	defer endChain() // the closure reads chain when it runs
	// the planner opens what it plans: the worker reads the descriptor
	ahead := corpus.NewAhead()
	defer ahead.Close()
	for i, in := range r.inputs {
		parts, size := ahead.Plan(&in, r.cfg.Corpus, r.splitSize())
		if parts != nil && r.jobs == 1 && !r.mapped(in) {
			parts = nil // read, not mapped: one worker streams it whole
		}
		dense := parts != nil && r.splitDense(in, size)
		if dense {
			parts = nil // dense: scanned whole by one worker (dense.go)
		}
		if r.planned != nil && size >= 0 {
			r.planned[i].Store(size + 1)
		}
		if dense && chain != nil {
			select {
			case chain.more <- in:
				continue
			case <-r.ctx.Done():
				in.Release()
				return
			}
		}
		endChain()
		if size >= 0 && size < groupFile && parts == nil {
			if group == nil {
				group = &task{ins: groupPool.Get().(*[groupInputs]corpus.Input)[:0]}
			}
			group.ins = append(group.ins, in)
			if groupBytes += size; len(group.ins) == groupInputs || groupBytes >= groupBytesMax {
				if !flush() {
					return
				}
			}
			continue
		}
		if !flush() {
			in.Release()
			return
		}
		if parts == nil {
			t := &task{ins: []corpus.Input{in}, decode: r.cores > 1}
			if dense {
				t.more = make(chan corpus.Input, 1)
			}
			if !r.send(t) {
				if t.more != nil {
					close(t.more)
				}
				return
			}
			if dense {
				chain = t
			}
			continue
		}
		if !r.sendParts(in, size, parts) {
			return
		}
	}
	flush()
}

// splitSize is the size of the parts a large plain-text file is split
// into (0: never split). Large files are split even for one worker: their
// parts are scanned in place in the file's memory map, without the copy
// a read makes (measured: -j 1 11% faster on 200 MB).
func (r *run) splitSize() int64 {
	switch {
	case r.cfg.Suppressions:
		return 0 // suppression comments hold state from the document's start
	case r.jobs == 1 && (r.cfg.Corpus.NoMmap || !corpus.Mappable):
		return 0 // nothing to share, nothing mapped (else plan asks mapped)
	}
	return r.partSize
}

// sendParts hands over the parts of a split file, which share one memory
// map of it when it can be mapped.
func (r *run) sendParts(in corpus.Input, size int64, parts []corpus.Part) bool {
	var m *corpus.Mapping
	if r.mapped(in) {
		m = corpus.NewMapping(in, size, len(parts))
	}
	for k := range parts {
		if !r.send(&task{in: in, part: k, parts: len(parts), Part: parts[k], mapping: m}) {
			for range len(parts) - k {
				m.Release() // parts no worker will run (nil-safe needed)
			}
			return false
		}
	}
	return true
}

// mapped reports whether the parts of in, a file split, are scanned in
// its memory map rather than read: with Corpus.MmapIfCheap, only where
// corpus.MapsCheaply finds mapped pages cheaper than a read's copy.
func (r *run) mapped(in corpus.Input) bool {
	c := r.cfg.Corpus
	return !c.NoMmap && corpus.Mappable && (!c.MmapIfCheap || corpus.MapsCheaply(in.Path))
}

// send numbers t and hands it to the emitter, then to the workers; false
// when the run was cancelled (t's inputs then released: no worker will
// read the descriptors planned for them).
func (r *run) send(t *task) bool {
	t.slot = newSlot()
	r.allMu.Lock()
	t.seq = len(r.all)
	r.all = append(r.all, t)
	r.allMu.Unlock()
	select {
	case r.order <- t:
	case <-r.ctx.Done():
		t.release()
		return false
	}
	select {
	case r.work <- t:
		return true
	case <-r.ctx.Done():
		t.slot.close() // the emitter waits for it: no worker will close it
		t.release()
		return false
	}
}

// release closes what the planner holds open for t's inputs.
func (t *task) release() {
	for _, in := range t.ins {
		in.Release()
	}
}

// forget drops an emitted task from the list of those to wake at the end
// (a task left listed by an early return is woken from waitRoom).
func (r *run) forget(t *task) {
	r.allMu.Lock()
	r.all[t.seq] = nil
	r.allMu.Unlock()
}

// sizeInputs adds the sizes of inputs to p's total, from half p's
// display interval on (100 ms on a terminal, 5 s in a log), beside the
// scan; the function it returns stops it and waits for it.
// A size the planner has found is taken from planned (size+1; 0: not yet)
// rather than asked again: on the RFC series the second stat of every
// file cost 4–8% of a run with progress on. A scan over before the first
// display needs no total: in a log (10 s) the stats are not made, where
// at a fixed 100 ms they cost ~10% of the RFC series' CPU (issue 25).
func sizeInputs(ctx context.Context, p *reports.Progress, inputs []corpus.Input, planned []atomic.Int64, copt corpus.Options) (stop func()) {
	var stopped atomic.Bool
	done := make(chan struct{})
	t := time.AfterFunc(p.Interval()/2, func() {
		defer close(done)
		for i, in := range inputs {
			if stopped.Load() || ctx.Err() != nil {
				return
			}
			if n := planned[i].Load(); n > 0 {
				p.TotalBytes.Add(n - 1)
				continue
			}
			if n := corpus.Size(in, copt); n > 0 {
				p.TotalBytes.Add(n)
			}
		}
	})
	return func() {
		stopped.Store(true)
		if t.Stop() {
			return // never started
		}
		<-done
	}
}
