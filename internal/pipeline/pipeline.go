// Package pipeline runs the scan behind idlint.Scan: a planner turns the
// inputs into tasks (plan.go), workers scan them (work.go) and an emitter
// delivers their results to the sink in input order (emit.go), the
// memory held ahead bounded by a budget (order.go, batch.go).
//
// A document is scanned one of four ways, all through one match loop
// (scanner.matches) and one step from match to occurrence
// (scanner.occurrence):
//
//   - whole, in place, when the corpus layer holds its bytes (scan.go);
//   - streamed through a buffer otherwise (scan.go);
//   - read whole when it is a scheme's own document (XRI's XRDS), for
//     its bare identifiers (document.go);
//   - in parts, when it is a large plain-text file: the planner splits it
//     (run.splitSize) and workers scan the parts in place in its memory
//     map or read them (part.go).
//
// It is one package because the scanner fills the scheduler's batches in
// place (batcher.slot): split in two, that contract would be exported or
// cost an interface call per identifier.
package pipeline

import (
	"context"
	"io"
	"os"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/idlint/idlint/corpus"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/reports"
)

// Config is what the scheduler and the scanners take of idlint.Options.
type Config struct {
	Jobs                int
	Corpus              corpus.Options
	MaxLen              int
	Stdin               io.Reader
	IncludeLookalikes   bool
	Suppressions        bool
	BufferedOccurrences int
	PartSize            int64
	Progress            *reports.Progress
	// EngineFor, when set, gives the engine of each input by its path
	// (archive members and parts take their file's); nil: Run's engine
	// for all. Asked once per input or part, from several workers.
	EngineFor func(path string) (*lint.Engine, error)
}

// Sink is idlint.Sink: it receives the results in input order, never
// concurrently, and keeps copies, not the pointers.
type Sink interface {
	Occurrence(o *lint.Occurrence) error
	Source(r *record.Source) error
}

// run is the state a scan's planner, workers and emitter share.
type run struct {
	ctx      context.Context
	eng      *lint.Engine
	cfg      Config
	inputs   []corpus.Input
	jobs     int
	cores    int          // cores the workers and the decoders may keep busy
	busy     atomic.Int32 // workers with a task
	partSize int64
	bud      *budget
	planned  []atomic.Int64 // sizes the planner found (size+1; 0: not yet), for the progress total

	// buffered so that a worker done with a part takes the next at once,
	// without waiting for the planner to be scheduled
	work  chan *task
	order chan *task // the tasks in output order, for the emitter

	// how occurrences reach the sink (batch.go): encoded by the workers
	// for an encSink, counted only when the sink ignores them
	encSink reports.EncodedSink
	count   bool

	dense densePlanner // the planner's: which large files to leave whole

	allMu sync.Mutex
	all   []*task // tasks planned and not yet emitted, to wake their waiters at the end
}

// Run scans inputs with eng and delivers the results to sink in input
// order, the same whatever cfg.Jobs.
func Run(ctx context.Context, eng *lint.Engine, inputs []corpus.Input, cfg Config, sink Sink) (reports.Summary, error) {
	r := &run{eng: eng, cfg: cfg, inputs: inputs}
	if p := cfg.Progress; p != nil {
		r.planned = make([]atomic.Int64, len(inputs))
		r.cfg.Corpus.ReadBytes = &p.Read
		p.TotalFiles = len(inputs)
		p.Start(ctx)
		defer p.Finish()
		// The total is a stat of every input, made beside the scan once it
		// has run half the display interval: made before, it delayed the start by 30 ms on
		// the 10,059 files of the RFC series (20% of the run), and a scan
		// over before the first display needs no total; the planner, which
		// stats too, runs only a few tasks ahead of the workers (the
		// sizes it found are taken, not asked again).
		defer sizeInputs(ctx, p, inputs, r.planned, r.cfg.Corpus)()
	}
	ctx, cancel := context.WithCancel(ctx)
	r.ctx = ctx
	defer cancel()
	r.setup()
	r.deliveryTo(sink)
	defer r.wake(cancel)
	// an interrupt wakes the emitter waiting for a worker, which may be
	// stuck in a read no interrupt ends (standard input)
	defer context.AfterFunc(ctx, r.broadcast)()
	go r.plan()
	for range r.jobs {
		go r.worker()
	}
	return r.emit(sink)
}

// MaxJobs is the most workers a run starts, whatever Config.Jobs asks:
// twice the cores (a worker waiting on its input leaves its core to
// another), at least 4. More only hold more memory ahead (issue 24 §5:
// each worker holds a document and its occurrences).
func MaxJobs() int { return max(4, 2*runtime.GOMAXPROCS(0)) }

// setup fills in the defaults and the corpus layer's hooks.
func (r *run) setup() {
	r.jobs = r.cfg.Jobs
	if r.jobs <= 0 {
		r.jobs = runtime.GOMAXPROCS(0)
	}
	r.jobs = min(r.jobs, MaxJobs())
	// Cores that -j allows and no worker will use — one input, or the
	// last inputs of a run — go to decoding those inputs' own streams in
	// parallel (task.decode). -j stays the bound on busy cores: -j 1
	// decodes on one (a user running one idlint per core with xargs -P
	// gets that).
	r.cores = min(r.jobs, runtime.GOMAXPROCS(0))
	copt := &r.cfg.Corpus
	copt.ParallelDecode = false
	copt.DecodeWidth = func() int { return r.cores - int(r.busy.Load()) + 1 }
	copt.IdleCores = func() int { return runtime.GOMAXPROCS(0) - int(r.busy.Load()) }
	copt.Whole = isSchemeDoc // never split: its bare identifiers need the whole text
	copt.Done = r.ctx.Done() // a FIFO or a device waiting: interrupted with the run
	if r.cfg.Stdin == nil {
		r.cfg.Stdin = os.Stdin
	}
	r.bud = &budget{limit: DefaultBufferedOccurrences}
	if r.cfg.BufferedOccurrences > 0 {
		r.bud.limit = int64(r.cfg.BufferedOccurrences)
	}
	r.partSize = r.cfg.PartSize
	if r.partSize == 0 {
		r.partSize = PartSize
	}
	r.work = make(chan *task, 2*r.jobs)
	r.order = make(chan *task, 4096)
}

// deliveryTo decides how occurrences reach sink.
func (r *run) deliveryTo(sink Sink) {
	if s, ok := sink.(reports.OccurrenceIgnorer); ok && s.IgnoresOccurrences() {
		r.count = true
	} else if s, ok := sink.(reports.EncodedSink); ok && s.NewEncoder() != nil {
		r.encSink = s
	}
}

// delivery is a worker's view of deliveryTo's choice.
func (r *run) delivery() *delivery {
	d := &delivery{count: r.count, lookalikes: r.cfg.IncludeLookalikes, busy: &r.busy, procs: int32(runtime.GOMAXPROCS(0))}
	if r.encSink != nil {
		d.enc = r.encSink.NewEncoder()
	}
	return d
}

// wake cancels the run and wakes the workers waiting for room in a slot
// no one will drain, so that they see the cancellation and leave.
func (r *run) wake(cancel context.CancelFunc) {
	cancel()
	r.broadcast()
}

// broadcast wakes whoever waits on a slot: a worker for room, the
// emitter for items.
func (r *run) broadcast() {
	if r.bud != nil {
		r.bud.wakeAll() // and the workers waiting in acquire
	}
	r.allMu.Lock()
	defer r.allMu.Unlock()
	for _, t := range r.all {
		if t == nil {
			continue
		}
		t.slot.mu.Lock()
		t.slot.cond.Broadcast()
		t.slot.mu.Unlock()
	}
}
