// Package idlint wires the pipeline — corpus → extract → lint → reports —
// into a library call: Scan finds, lints and reports every identifier in a
// set of inputs, in parallel, with output in a deterministic order.
package idlint

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/idlint/idlint/corpus"
	"github.com/idlint/idlint/extract"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/reports"
	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/schemes"
)

// Version of the tool and library.
const Version = "0.1.0"

// Options configure a scan.
type Options struct {
	Lint   lint.Config
	Jobs   int // parallel inputs; <= 0 means GOMAXPROCS
	Corpus corpus.Options
	// MaxLen bounds one identifier (extract.DefaultMaxLen when 0).
	MaxLen int
	// Stdin is read for the input "-" (os.Stdin when nil).
	Stdin io.Reader
	// IncludeLookalikes delivers look-alikes (Occurrence.Kind != "") to the
	// sink; by default they are only counted.
	IncludeLookalikes bool
	// Shard K of N (1-based) processes only the inputs whose path hashes to
	// it, so N independent runs cover every input exactly once.
	ShardK, ShardN int
	// Suppressions honours idlint:ignore-next-line / idlint:disable comments
	// in the documents (lint.Directives). It costs one more pass over the
	// text (~15% on prose), so batch scans leave it off unless asked; the
	// linter command turns it on.
	Suppressions bool
	// BufferedOccurrences bounds the occurrences held for inputs scanned
	// ahead of the one being delivered (DefaultBufferedOccurrences when 0).
	BufferedOccurrences int
	// PartSize: a plain-text file of at least two parts is split into
	// parts of about this many bytes, at line starts, scanned in parallel
	// and in place in the file's memory map (PartSize when 0; negative:
	// never split; with one worker and Corpus.NoMmap, not split). The
	// output is the same as scanning the file whole.
	PartSize int64
	// Progress, when set, is fed bytes read and inputs done.
	Progress *reports.Progress
}

// sizeAfter is how long a scan runs before its progress total is sized.
const sizeAfter = 100 * time.Millisecond

// sizeInputs adds the sizes of inputs to p's total, from sizeAfter on,
// beside the scan; the function it returns stops it and waits for it.
// A size the planner has found is taken from planned (size+1; 0: not yet)
// rather than asked again: on the RFC series the second stat of every
// file cost 4–8% of a run with progress on.
func sizeInputs(ctx context.Context, p *reports.Progress, inputs []corpus.Input, planned []atomic.Int64, copt corpus.Options) (stop func()) {
	var stopped atomic.Bool
	done := make(chan struct{})
	t := time.AfterFunc(sizeAfter, func() {
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

// InShard reports whether path belongs to shard k of n (FNV-1a of the path).
func InShard(path string, k, n int) bool {
	if n <= 1 {
		return true
	}
	h := fnv.New64a()
	h.Write([]byte(path))
	return int(h.Sum64()%uint64(n)) == k-1
}

// NewRunID names a run: UTC time and 32 random bits.
func NewRunID() string {
	var b [4]byte
	rand.Read(b[:])
	return time.Now().UTC().Format("20060102T150405Z") + "-" + hex.EncodeToString(b[:])
}

// Tee sends every result to each sink in turn.
func Tee(sinks ...Sink) Sink { return tee(sinks) }

type tee []Sink

func (t tee) Occurrence(o *lint.Occurrence) error {
	for _, s := range t {
		if err := s.Occurrence(o); err != nil {
			return err
		}
	}
	return nil
}

func (t tee) Source(r *corpus.SourceRecord) error {
	for _, s := range t {
		if err := s.Source(r); err != nil {
			return err
		}
	}
	return nil
}

// Sink receives the results in input order; calls are never concurrent.
// The values passed are valid during the call only (their memory is
// reused): a sink keeps copies, not the pointers.
type Sink interface {
	Occurrence(o *lint.Occurrence) error
	Source(r *corpus.SourceRecord) error
}

// Summary counts what a scan saw.
type Summary = reports.Summary

type item struct {
	occ    []lint.Occurrence
	src    []corpus.SourceRecord
	done   *partDone // the end of a part of a split file
	ended  int       // whole inputs that end with this item
	tokens int64     // budget held until emitted
}

const batchSize = 1024

// Scan runs the pipeline over paths. Inputs are processed by Jobs workers;
// each input's results are delivered to sink in the order of the inputs,
// so the output is the same whatever Jobs is. Memory stays bounded: a
// worker blocks when its input's small queue is full and not yet drained.
func Scan(ctx context.Context, paths []string, opt Options, sink Sink) (Summary, error) {
	eng, err := lint.New(opt.Lint)
	if err != nil {
		return Summary{}, err
	}
	inputs := corpus.Expand(paths, opt.Corpus)
	if opt.ShardN > 1 {
		kept := inputs[:0]
		for _, in := range inputs {
			if InShard(in.Path, opt.ShardK, opt.ShardN) {
				kept = append(kept, in)
			}
		}
		inputs = kept
	}
	var planned []atomic.Int64 // sizes the planner found, for the progress total
	if p := opt.Progress; p != nil {
		planned = make([]atomic.Int64, len(inputs))
		opt.Corpus.ReadBytes = &p.Read
		p.TotalFiles = len(inputs)
		p.Start(ctx)
		defer p.Finish()
		// The total is a stat of every input, made beside the scan once it
		// has run sizeAfter: made before, it delayed the start by 30 ms on
		// the 10,059 files of the RFC series (20% of the run), and a scan
		// over before the first display needs no total; the planner, which
		// stats too, runs only a few tasks ahead of the workers (the
		// sizes it found are taken, not asked again).
		defer sizeInputs(ctx, p, inputs, planned, opt.Corpus)()
	}
	jobs := opt.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	// Cores that -j allows and no worker will use — one input, or the
	// last inputs of a run — go to decoding those inputs' own streams in
	// parallel (task.width). -j stays the bound on busy cores: -j 1
	// decodes on one (a user running one idlint per core with xargs -P
	// gets that).
	cores := min(jobs, runtime.GOMAXPROCS(0))
	var busy atomic.Int32 // workers with a task
	opt.Corpus.ParallelDecode = false
	opt.Corpus.DecodeWidth = func() int { return cores - int(busy.Load()) + 1 }
	// an XRDS document is read whole (bare i-names), so it is never split
	opt.Corpus.Whole = func(head []byte) bool {
		return eng.Profile("xri") != "" && schemes.Document(head[:min(len(head), xrdsSniff)]) != nil
	}
	stdin := opt.Stdin
	if stdin == nil {
		stdin = os.Stdin
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	bud := &budget{limit: DefaultBufferedOccurrences}
	if opt.BufferedOccurrences > 0 {
		bud.limit = int64(opt.BufferedOccurrences)
	}
	// The planner turns inputs into tasks — an input, or a part of a large
	// plain-text file when there are workers to share it — and hands each
	// to the workers and, in order, to the emitter below.
	partSize := opt.PartSize
	if partSize == 0 {
		partSize = PartSize
	}
	// buffered so that a worker done with a part takes the next at once,
	// without waiting for the planner to be scheduled
	work := make(chan *task, 2*jobs)
	order := make(chan *task, 4096)
	var all []*task // tasks planned and not yet emitted, to wake their waiters at the end
	var allMu sync.Mutex
	defer func() {
		// wake workers waiting for room so they see the cancellation
		cancel()
		allMu.Lock()
		defer allMu.Unlock()
		for _, t := range all {
			if t == nil {
				continue
			}
			t.slot.mu.Lock()
			t.slot.cond.Broadcast()
			t.slot.mu.Unlock()
		}
	}()
	go func() {
		defer close(work)
		defer close(order)
		seq := 0
		send := func(t *task) bool {
			t.seq, t.slot = seq, newSlot()
			seq++
			allMu.Lock()
			all = append(all, t)
			allMu.Unlock()
			select {
			case order <- t:
			case <-ctx.Done():
				return false
			}
			select {
			case work <- t:
				return true
			case <-ctx.Done():
				t.slot.close() // the emitter waits for it: no worker will close it
				return false
			}
		}
		// Small files go to the workers in groups: one hand-over and one
		// wake-up of the emitter per group, not per file (the RFC series
		// is 10,000 files of 55 KB).
		var group *task
		var groupBytes int64
		flush := func() bool {
			g := group
			group, groupBytes = nil, 0
			return g == nil || send(g)
		}
		for i, in := range inputs {
			// Large files are split even for one worker: their parts are
			// scanned in place in the file's memory map, without the copy
			// a read makes (measured: -j 1 11% faster on 200 MB).
			ps := partSize
			switch {
			case opt.Suppressions:
				ps = 0 // suppression comments hold state from the document's start
			case jobs == 1 && (opt.Corpus.NoMmap || !corpus.Mappable):
				ps = 0 // nothing to share, nothing mapped
			}
			parts, size := corpus.Plan(&in, opt.Corpus, ps)
			if planned != nil && size >= 0 {
				planned[i].Store(size + 1)
			}
			if size >= 0 && size < groupFile && parts == nil {
				if group == nil {
					group = &task{ins: make([]corpus.Input, 0, groupInputs)}
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
				return
			}
			if parts == nil {
				if !send(&task{ins: []corpus.Input{in}, decode: cores > 1}) {
					return
				}
				continue
			}
			var m *corpus.Mapping
			if !opt.Corpus.NoMmap && corpus.Mappable {
				m = corpus.NewMapping(in, size, len(parts))
			}
			for k := range parts {
				if !send(&task{in: in, part: k, parts: len(parts), Part: parts[k], mapping: m}) {
					for range len(parts) - k {
						m.Release() // parts no worker will run (nil-safe needed)
					}
					return
				}
			}
		}
		flush()
	}()
	for w := 0; w < jobs; w++ {
		go func() {
			sc := newScanner(eng, opt)
			for t := range work {
				busy.Add(1)
				if t.parts > 0 {
					sc.part(ctx, t, opt.Corpus, bud)
					busy.Add(-1)
					continue
				}
				// one batcher for the group: its inputs' records and
				// occurrences go out together, one hand-over (and one
				// wake-up of the emitter) per batch, not two per file
				b := &sc.b
				*b = batcher{ctx: ctx, seq: t.seq, out: t.slot, bud: bud}
				copt := opt.Corpus
				copt.ParallelDecode = t.decode
				for _, in := range t.ins {
					sc.input(in, copt, stdin, b)
				}
				b.flush()
				*b = batcher{}
				t.slot.close()
				busy.Add(-1)
			}
		}()
	}

	var sum Summary
	sum.Inputs = len(inputs)
	var lineBase int               // lines before the current part of a split file
	var merged corpus.SourceRecord // the split file's record, summed over its parts
	for t := range order {
		bud.head.Store(int64(t.seq))
		// A read of a split file ends at its first failed part, as reading
		// it whole would: the later parts' results are dropped (their
		// lines could not be counted), so -j does not change the output.
		dropped := t.parts > 0 && merged.Status == corpus.StatusError
		for {
			it, ok := t.slot.take()
			if !ok {
				break
			}
			bud.release(it.tokens)
			if dropped {
				recycle(it.occ)
				it.occ = nil
			}
			for k := range it.occ {
				o := &it.occ[k]
				o.Line += lineBase
				if o.Kind != "" {
					sum.Lookalikes++
					if !opt.IncludeLookalikes {
						continue
					}
				} else {
					sum.Occurrences++
				}
				if !o.Valid() {
					sum.Invalid++
				}
				for _, f := range o.Findings {
					sum.Findings[f.Severity]++
				}
				if err := sink.Occurrence(o); err != nil {
					return sum, err
				}
			}
			recycle(it.occ)
			src := it.src
			if it.done != nil { // a part of a split file
				merged = mergePart(merged, t, it.done)
				lineBase += it.done.lines
				if t.part == t.parts-1 {
					src = []corpus.SourceRecord{merged}
					merged, lineBase = corpus.SourceRecord{}, 0
					it.ended = 1
				}
			}
			if it.ended > 0 && opt.Progress != nil {
				opt.Progress.Done.Add(int64(it.ended))
			}
			for k := range src {
				r := &src[k]
				sum.Documents++
				sum.Bytes += r.Bytes
				switch r.Status {
				case corpus.StatusError:
					sum.Errors++
				case corpus.StatusSkipped:
					sum.Skipped++
				}
				if err := sink.Source(r); err != nil {
					return sum, err
				}
			}
		}
		// emitted: its slot can go (an early return above leaves it listed,
		// so its worker is woken from waitRoom)
		allMu.Lock()
		all[t.seq] = nil
		allMu.Unlock()
	}
	return sum, ctx.Err()
}

// scanner is one worker's reusable state.
// Output is rendered on the delivering goroutine, not in the workers:
// measured, that overlaps rendering with scanning on two cores, while
// rendering in the workers made a single-file jsonl scan 1.5x slower.
type scanner struct {
	eng    *lint.Engine
	memo   *lint.Memo
	stream *extract.Stream
	b      batcher // of the group of inputs being scanned
	br     *bufio.Reader
	dirs   *lint.Directives // suppression comments of the current document
}

func directives(on bool) *lint.Directives {
	if on {
		return lint.NewDirectives(nil)
	}
	return nil
}

func newScanner(eng *lint.Engine, opt Options) *scanner {
	return &scanner{
		eng:    eng,
		memo:   eng.NewMemo(),
		stream: extract.NewStream(nil, extract.Options{Schemes: eng.ExtractSchemes(), MaxLen: opt.MaxLen}, 0),
		br:     bufio.NewReaderSize(nil, 64<<10),
		dirs:   directives(opt.Suppressions),
	}
}

// input scans one input into b, whose task may hold several inputs.
func (s *scanner) input(in corpus.Input, copt corpus.Options, stdin io.Reader, b *batcher) {
	// this input's occurrences go out after the earlier inputs' records
	b.mark = len(b.src)
	defer func() {
		// a bug in a decoder or the scanner fails this input, not the run
		if r := recover(); r != nil {
			b.record(corpus.SourceRecord{Source: in.Path, Status: corpus.StatusError,
				Error: fmt.Sprintf("internal error: %v (please report it with this input)", r)})
		}
		b.mark = 0
		b.ended++
	}()
	corpus.OpenFunc(in, copt, stdin, func(doc *corpus.Document) (int, error) {
		n := b.added
		err := s.document(b.ctx, doc, b)
		return b.added - n, err
	}, b.record)
}

// batches recycles full-size batches once the emitter has delivered them:
// allocating 1024 occurrences per batch made the garbage collector run
// every few milliseconds on a fast scan.
var batches = sync.Pool{New: func() any { return new([batchSize]lint.Occurrence) }}

func recycle(b []lint.Occurrence) {
	if cap(b) == batchSize {
		clear(b) // drop the strings for the collector
		batches.Put((*[batchSize]lint.Occurrence)(b[:batchSize]))
	}
}

// batcher hands a task's occurrences to its slot in batches, holding
// budget for them unless the task is the one being emitted.
type batcher struct {
	ctx     context.Context
	seq     int
	out     *slot
	bud     *budget
	batch   []lint.Occurrence
	src     []corpus.SourceRecord
	nextCap int
	added   int  // occurrences committed
	open    bool // the last slot is not committed (yet)
	ended   int  // inputs ended since the last flush
	mark    int  // src[:mark] are earlier inputs' records: out before the next occurrence
}

func (b *batcher) add(o lint.Occurrence) {
	*b.slot() = o
	b.commit()
}

// slot returns room for the next occurrence, zeroed: the scanner fills it
// in place (an Occurrence is 240 bytes; copying it through each call was
// a tenth of a worker's time on prose). commit keeps it, unslot gives it
// back.
func (b *batcher) slot() *lint.Occurrence {
	if b.mark > 0 {
		b.flushEarlier()
	}
	switch {
	case b.batch == nil && b.nextCap == batchSize:
		b.batch = batches.Get().(*[batchSize]lint.Occurrence)[:0]
	case b.batch == nil:
		// small documents are the common case (a full batch held per
		// small file would hold 230 KB for a few occurrences)
		b.batch = make([]lint.Occurrence, 0, 4)
	case len(b.batch) == cap(b.batch) && cap(b.batch) < batchSize:
		// a large document: straight to a recycled full batch, not
		// doubling and copying on the way; full batches beget full ones
		full := batches.Get().(*[batchSize]lint.Occurrence)[:0]
		b.batch = append(full, b.batch...)
		b.nextCap = batchSize
	}
	b.batch = append(b.batch, lint.Occurrence{})
	b.open = true
	return &b.batch[len(b.batch)-1]
}

func (b *batcher) commit() {
	b.open = false
	b.added++
	if len(b.batch) == batchSize {
		b.flush()
	}
}

func (b *batcher) unslot() {
	b.open = false
	b.batch[len(b.batch)-1] = lint.Occurrence{}
	b.batch = b.batch[:len(b.batch)-1]
}

// record queues a source record after the occurrences before it.
func (b *batcher) record(r corpus.SourceRecord) {
	b.src = append(b.src, r)
	if len(b.src)-b.mark == recordBatch { // this input's own, as alone
		b.flush()
	}
}

// flushEarlier hands over what earlier inputs of the task left, keeping
// the current input's own records: an input's occurrences and records go
// out as they would in a task of their own.
func (b *batcher) flushEarlier() {
	own := b.src[b.mark:]
	b.src = b.src[:b.mark]
	b.flush()
	if len(own) > 0 {
		b.src = append(b.src, own...) // a copy: own is in the handed-over array
	}
}

// recordBatch is how many source records are handed over at once: an
// input's records go out while it is read (a WARC file has one per
// record), not all at its end.
const recordBatch = 256

func (b *batcher) flush() {
	if b.open {
		b.unslot() // a panic between slot and commit: the slot is no occurrence
	}
	n := len(b.batch) + len(b.src)
	if n == 0 && b.ended == 0 {
		return
	}
	if len(b.batch) == batchSize {
		b.nextCap = batchSize
	}
	batch := b.batch
	if cap(batch) == batchSize && len(batch) < batchSize/4 {
		// a document's last few: held in a slice of their size, so that
		// the memory held ahead follows the occurrences the budget counts
		batch = append([]lint.Occurrence(nil), batch...)
		recycle(b.batch)
	}
	var tokens int64
	if n > 0 { // an item of ended inputs only holds nothing: no waiting
		tokens = b.bud.acquire(b.ctx, b.seq, n)
		if tokens == 0 {
			b.out.waitRoom(b.ctx) // the head task: wait for the sink instead
		}
	}
	b.out.put(item{occ: batch, src: b.src, tokens: tokens, ended: b.ended})
	b.ended, b.mark = 0, 0
	if len(batch) >= batchSize/4 {
		// Let the emitter, just woken on this P, write the batch now: with
		// a worker on every core it would otherwise wait for a preemption
		// (10 ms) and trail behind the workers (measured: 200 MB in 8
		// files, two workers, jsonl 55 → 47 ms).
		runtime.Gosched()
	}
	b.batch, b.src = nil, nil
}

// maxXRDS bounds the XRDS documents read whole to find bare i-names.
const maxXRDS = 4 << 20

// xrdsSniff is how much of a document tells whether it is XRDS.
const xrdsSniff = 4096

// document scans one document, calling emit for each occurrence in order.
func (s *scanner) document(ctx context.Context, doc *corpus.Document, b *batcher) error {
	st := s.stream
	xrdsOn := s.eng.Profile("xri") != ""
	if doc.Bytes != nil && s.dirs == nil {
		// held whole by the corpus layer: scanned in place
		if xrdsOn && schemes.Document(doc.Bytes[:min(len(doc.Bytes), xrdsSniff)]) != nil {
			return s.xrds(ctx, doc, doc.Bytes, b)
		}
		st.ResetBytes(doc.Bytes, 0)
		return s.scan(ctx, doc, b)
	}
	if s.dirs != nil {
		s.dirs.Reset(doc.Reader)
		s.br.Reset(s.dirs)
	} else {
		s.br.Reset(doc.Reader)
	}
	var r io.Reader = s.br
	if head, _ := s.br.Peek(xrdsSniff); xrdsOn && schemes.Document(head) != nil {
		data, err := io.ReadAll(io.LimitReader(s.br, maxXRDS+1))
		if err != nil {
			return err
		}
		if len(data) <= maxXRDS {
			return s.xrds(ctx, doc, data, b)
		}
		r = io.MultiReader(bytes.NewReader(data), s.br) // too large: scan as text
	}
	st.Reset(r)
	return s.scan(ctx, doc, b)
}

// scan reports the identifiers of the stream, set to doc's text.
func (s *scanner) scan(ctx context.Context, doc *corpus.Document, b *batcher) error {
	st := s.stream
	for st.Next() {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		m := st.Match()
		o := b.slot()
		if err := s.memo.CheckInto(o, m.Scheme.String(), m.Raw, &rules.Context{Before: m.Before, After: m.After}); err != nil {
			b.unslot()
			return err
		}
		o.Location = location(doc, m.Offset, m.Line, m.Column)
		o.Truncated = m.Truncated
		o.Findings = s.dirs.Filter(o.Offset, o.Findings)
		b.commit()
	}
	return st.Err()
}

// xrds scans an XRDS document held whole: the identifiers the scanner
// finds plus the bare i-names of its CanonicalID, ProviderID, LocalID and
// Query elements (xri.FindInXRDS), in document order.
func (s *scanner) xrds(ctx context.Context, doc *corpus.Document, data []byte, b *batcher) error {
	var occ []lint.Occurrence
	st := s.stream
	st.ResetBytes(data, 0)
	for st.Next() {
		m := st.Match()
		o, err := s.memo.CheckInContext(m.Scheme.String(), m.Raw, &rules.Context{Before: m.Before, After: m.After})
		if err != nil {
			return err
		}
		o.Location = location(doc, m.Offset, m.Line, m.Column)
		o.Truncated = m.Truncated
		occ = append(occ, o)
	}
	sc := schemes.Document(data)
	for _, sp := range sc.Document.Find(data) {
		o, err := s.eng.Check(sc.Name, string(data[sp.Start:sp.End]))
		if err != nil {
			return err
		}
		line, col := extract.Position(data, sp.Start)
		o.Location = location(doc, int64(sp.Start), line, col)
		occ = append(occ, o)
	}
	sort.SliceStable(occ, func(i, j int) bool { return occ[i].Offset < occ[j].Offset })
	for _, o := range occ {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		o.Findings = s.dirs.Filter(o.Offset, o.Findings)
		b.add(o)
	}
	return st.Err()
}

func location(doc *corpus.Document, off int64, line, col int) lint.Location {
	return lint.Location{
		Source: doc.Source, Member: doc.Member, RecordID: doc.RecordID, TargetURI: doc.TargetURI,
		Offset: off, Line: line, Column: col,
	}
}

// ParseIdent lints one whole identifier (no extraction), as `idlint parse`
// does: resolved against base first when base is set, read as scheme when
// set, else by its own prefix, else as a URN (so "isbn:1" gets URN001);
// the scheme's other normal forms are filled in.
func ParseIdent(eng *lint.Engine, ident, scheme, base string) (lint.Occurrence, error) {
	if base != "" {
		r, err := Resolve(base, ident)
		if err != nil {
			return lint.Occurrence{}, err
		}
		ident = r
	}
	if scheme == "" {
		if scheme = lint.SchemeOf(ident); scheme == "" {
			scheme = "urn"
		}
	}
	o, err := eng.Check(scheme, ident)
	if err != nil {
		return o, err
	}
	o.Forms = eng.NormalForms(scheme, ident)
	return o, nil
}

// Resolve resolves a relative reference against a base identifier, by the
// base's scheme (lid: per RFC 2396 §5).
func Resolve(base, ref string) (string, error) {
	if s := schemes.Lookup(lint.SchemeOf(base)); s != nil && s.Resolve != nil {
		return s.Resolve(base, ref, s.DefaultProfile)
	}
	return "", fmt.Errorf("resolving against %q: relative references are defined for %s only", base, schemes.Resolvable())
}
