package pipeline

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/reports"
	"github.com/idlint/idlint/rules"
)

// item is what a worker hands the emitter through a task's slot.
type item struct {
	occ    []lint.Occurrence
	enc    *encoded // occurrences encoded by the worker (modeEncode)
	tally  tally    // of the occurrences encoded or counted by the worker
	src    []record.Source
	done   *partDone // the end of a part of a split file
	ended  int       // whole inputs that end with this item
	tokens int64     // budget held until emitted
}

// batchMode is how a batch's occurrences travel to the sink.
type batchMode uint8

const (
	modeUndecided   batchMode = iota
	modeOccurrences           // as values, for the emitter to hand to the sink
	modeEncode                // as bytes the worker encoded (reports.EncodedSink)
	modeCount                 // counted only: the sink ignores them
)

// delivery is what a worker's batchers know of the sink.
type delivery struct {
	enc        *reports.Encoder // the worker's, when the sink takes encoded occurrences
	count      bool             // the sink ignores occurrences
	lookalikes bool             // Config.IncludeLookalikes
	busy       *atomic.Int32    // workers with a task
	procs      int32
}

// mode decides a batch's mode. With a core to spare (-j 1, or the last
// task of a run) the emitter encodes beside the workers, on its own core.
// On up to encodeAloneProcs cores it still does with a worker on every
// core, and the workers encode only when they outnumber the cores (issue
// 25: dense text -j 2 on 2 cores, 5 alternated rounds, into a pipe 2.28 ->
// 1.71 s wall and 3.34 -> 2.89 s CPU, to /dev/null 1.85 -> 1.36 s; the
// workers' encoders and the memo share the caches, the emitter's writes
// wait on the pipe). On more cores one emitter could not encode what all
// the workers find, so they encode once every core has one.
func (d *delivery) mode() batchMode {
	switch {
	case d == nil:
		return modeOccurrences
	case d.count:
		return modeCount
	case d.enc != nil && d.busy.Load() >= d.procs+d.spare():
		return modeEncode
	}
	return modeOccurrences
}

// encodeAloneProcs is the most cores on which the emitter encodes while
// every core has a worker (measured on 2).
const encodeAloneProcs = 2

// spare is how many workers beyond the cores make the workers encode: 1
// on up to encodeAloneProcs cores, else 0.
func (d *delivery) spare() int32 { return spareWorkers(d.procs) }

func spareWorkers(procs int32) int32 {
	if procs <= encodeAloneProcs {
		return 1
	}
	return 0
}

// encoded is a batch of occurrences as JSON Lines, and where their line
// numbers are when the emitter must add the lines of the parts before.
type encoded struct {
	buf   []byte
	lines []lineAt
}

// lineAt is where an occurrence's line number (relative to its part)
// starts in encoded.buf.
type lineAt struct{ at, line int }

const encodedCap = 512 << 10 // a batch's bytes: ~420 per dense identifier

// encodedWeight is how many times its bytes' worth of occurrences an
// encoded batch costs the budget. Workers encode when they would leave
// the emitter behind (mode), so its writes are then the slower side and what is held ahead
// only waits: at weight 1 a dense scan held ~60 MB of JSON Lines ahead,
// grown in fresh pages (issue 25: 36k page faults at -j 2 against 18k at
// -j 1, ~13 µs each on the VM measured); 4 holds ~15 MB.
const encodedWeight = 4

// occSize is what the budget counts per occurrence held.
const occSize = int(unsafe.Sizeof(lint.Occurrence{}))

var encodedPool = sync.Pool{New: func() any { return &encoded{buf: make([]byte, 0, encodedCap)} }}

// A batch's last few encoded occurrences are copied into a buffer near
// their size (flush), from a pool per size: copied into new buffers of
// their exact size, a scan of small files (the RFC series' 4 MB of JSON
// Lines) allocated all of it afresh, in pages never touched before.
var (
	encodedSmall     = [...]int{4 << 10, 32 << 10, encodedCap / 4}
	encodedSmallPool [len(encodedSmall)]sync.Pool
)

// smallEncoded is a copy of x in a pooled buffer of the smallest size that
// holds it (len(x.buf) <= encodedCap/4).
func smallEncoded(x *encoded) *encoded {
	i := 0
	for i < len(encodedSmall)-1 && len(x.buf) > encodedSmall[i] {
		i++
	}
	y, _ := encodedSmallPool[i].Get().(*encoded)
	if y == nil {
		y = &encoded{buf: make([]byte, 0, encodedSmall[i])}
	}
	y.buf = append(y.buf[:0], x.buf...)
	y.lines = append(y.lines[:0], x.lines...)
	return y
}

func recycleEncoded(x *encoded) {
	x.buf, x.lines = x.buf[:0], x.lines[:0]
	if cap(x.buf) >= encodedCap {
		encodedPool.Put(x)
		return
	}
	for i, n := range encodedSmall {
		if cap(x.buf) == n {
			encodedSmallPool[i].Put(x)
			return
		}
	}
}

// srcCap is the records a pooled array holds: a group of small files'
// (one each). Appended to from nil, they were 4.4 MB of the RFC series'
// 40 MB allocated.
const srcCap = groupInputs

var srcPool = sync.Pool{New: func() any { return new([srcCap]record.Source) }}

// recycleSrc gives back an array of records the sink is done with.
func recycleSrc(src []record.Source) {
	if cap(src) == srcCap {
		clear(src) // drop the strings for the collector (flushEarlier cleared the rest)
		srcPool.Put((*[srcCap]record.Source)(src[:srcCap]))
	}
}

// tally counts a batch's occurrences for the summary.
type tally struct {
	occurrences, lookalikes, invalid, suppressed int
	findings                                     [len(reports.Summary{}.Findings)]int
}

// add counts o and reports whether it goes to the sink (look-alikes only
// with lookalikes).
func (t *tally) add(o *lint.Occurrence, lookalikes bool) bool {
	if o.Kind != "" {
		t.lookalikes++
		if !lookalikes {
			return false
		}
	} else if !o.IsMeta() { // a suppression comment's findings: no identifier
		t.occurrences++
		if !o.Valid() {
			t.invalid++
		}
	}
	t.suppressed += len(o.Suppressed)
	t.addFindings(o.Findings)
	return true
}

// addCounted is add for an identifier the memo told without an
// occurrence (lint.Memo.CountHashed): a look-alike, or an identifier of
// findings fs, not suppressed.
func (t *tally) addCounted(lookalike bool, fs []rules.Finding) {
	if lookalike {
		t.lookalikes++
		return
	}
	t.occurrences++
	if rules.MaxSeverity(fs) >= rules.Error {
		t.invalid++ // lint.Occurrence.Valid
	}
	t.addFindings(fs)
}

func (t *tally) addFindings(fs []rules.Finding) {
	for i := range fs {
		t.findings[fs[i].Severity]++
	}
}

func (t *tally) into(s *reports.Summary) {
	s.Occurrences += t.occurrences
	s.Lookalikes += t.lookalikes
	s.Invalid += t.invalid
	s.Suppressed += t.suppressed
	for i, n := range t.findings {
		s.Findings[i] += n
	}
}

const batchSize = 1024

// countBatch is how many occurrences a counted batch (modeCount) holds: it
// keeps no occurrence, only their tally, and handed over every batchSize
// it woke the emitter's idle core 2,700 times on 200 MB of dense text
// (the futex calls and the scheduler's spinning were ~5% of -j 1's CPU,
// issue 25).
const countBatch = 64 * batchSize

// batches recycles full-size batches once the emitter has delivered them:
// allocating 1024 occurrences per batch made the garbage collector run
// every few milliseconds on a fast scan.
var batches = sync.Pool{New: func() any {
	a := new([batchSize]lint.Occurrence)
	prefault(unsafe.Pointer(a), unsafe.Sizeof(*a))
	return a
}}

func recycle(b []lint.Occurrence) {
	if cap(b) == batchSize {
		clear(b) // drop the strings for the collector
		batches.Put((*[batchSize]lint.Occurrence)(b[:batchSize]))
		return
	}
	for i, n := range smallOcc {
		if cap(b) == n {
			clear(b)
			smallOccPool[i].Put(unsafe.SliceData(b)) // a pointer: no allocation to pool it
			return
		}
	}
}

// A document's few occurrences are held in a slice from a pool per size,
// which the emitter gives back: made afresh (4 to start, and a copy of a
// full batch's last few at its size), they were garbage the heap grew
// into, a page fault per 4 KiB (issue 25: a sixth of the faults on the
// RFC series and on 2 GB of sparse text at -j 2).
var (
	smallOcc     = [...]int{4, 16, 64, batchSize / 4}
	smallOccPool [len(smallOcc)]sync.Pool
)

// smallBatch is an empty slice of the smallest pooled size that holds n
// (n <= batchSize/4).
func smallBatch(n int) []lint.Occurrence {
	i := 0
	for i < len(smallOcc)-1 && n > smallOcc[i] {
		i++
	}
	if p, _ := smallOccPool[i].Get().(*lint.Occurrence); p != nil {
		return unsafe.Slice(p, smallOcc[i])[:0]
	}
	b := make([]lint.Occurrence, 0, smallOcc[i])
	if i == len(smallOcc)-1 {
		prefault(unsafe.Pointer(unsafe.SliceData(b)), uintptr(cap(b))*unsafe.Sizeof(b[:1][0]))
	}
	return b
}

// batcher hands a task's occurrences to its slot in batches, holding
// budget for them unless the task is the one being emitted.
type batcher struct {
	ctx     context.Context
	seq     int
	out     *slot
	bud     *budget
	batch   []lint.Occurrence
	src     []record.Source
	nextCap int
	added   int  // occurrences committed
	open    bool // the last slot is not committed (yet)
	ended   int  // inputs ended since the last flush
	mark    int  // src[:mark] are earlier inputs' records: out before the next occurrence

	// the batch encoded or counted in the worker (modeEncode, modeCount):
	// each occurrence is filled in one, then encoded or counted
	dl       *delivery
	relLines bool // a part after the first: its lines are relative
	mode     batchMode
	// modeEncode: an occurrence waits encLag commits to be encoded, its
	// text prefetched at its commit (issue 25: a remembered identifier's
	// text is in the memo's arena, out of the cache; the next matches'
	// checks cover the wait); modeCount: taken at once. ring[(head+pend)&
	// ringMask] is the slot being filled.
	ring  [ringMask + 1]lint.Occurrence
	head  int
	pend  int
	n     int // occurrences taken
	enc   *encoded
	tally tally
}

// encLag is how many commits an occurrence waits to be encoded
// (modeEncode); the ring holds those and the one being filled.
const (
	encLag   = 2
	ringMask = 3 // a power of two less one, ≥ encLag
)

// encodeFlush bounds a batch's encoded bytes (long identifiers, many
// findings).
const encodeFlush = 1 << 20

// slot returns room for the next occurrence, zeroed: the scanner fills it
// in place (an Occurrence is 240 bytes; copying it through each call was
// a tenth of a worker's time on prose). commit keeps it, unslot gives it
// back.
func (b *batcher) slot() *lint.Occurrence {
	if b.mark > 0 {
		b.flushEarlier()
	}
	if b.mode == modeUndecided {
		b.mode = b.dl.mode()
	}
	if b.mode != modeOccurrences {
		o := &b.ring[(b.head+b.pend)&ringMask]
		*o = lint.Occurrence{}
		b.open = true
		return o
	}
	switch {
	case b.batch == nil && b.nextCap == batchSize:
		b.batch = batches.Get().(*[batchSize]lint.Occurrence)[:0]
	case b.batch == nil:
		// small documents are the common case (a full batch held per
		// small file would hold 230 KB for a few occurrences)
		b.batch = smallBatch(0)
	case len(b.batch) == cap(b.batch) && cap(b.batch) < batchSize/4:
		// grown through the pooled sizes: a full batch (240 KB) taken for a
		// few occurrences is read whole by each collection, its pages never
		// written faulted in (issue 25, page faults)
		grown := append(smallBatch(cap(b.batch)+1), b.batch...)
		recycle(b.batch)
		b.batch = grown
	case len(b.batch) == cap(b.batch) && cap(b.batch) < batchSize:
		// a large document: to a recycled full batch; full batches beget
		// full ones
		old := b.batch
		b.batch = append(batches.Get().(*[batchSize]lint.Occurrence)[:0], old...)
		recycle(old)
		b.nextCap = batchSize
	}
	b.batch = append(b.batch, lint.Occurrence{})
	b.open = true
	return &b.batch[len(b.batch)-1]
}

// counting reports that the next occurrence is only counted
// (modeCount): the scanner may then hand count what the memo tells of it
// instead of filling a slot. As slot, it first hands over what earlier
// inputs left.
func (b *batcher) counting() bool {
	if b.mark > 0 {
		b.flushEarlier()
	}
	if b.mode == modeUndecided {
		b.mode = b.dl.mode()
	}
	return b.mode == modeCount
}

// count is slot, filled and commit for an occurrence counted only, told
// by the memo (counting, tally.addCounted).
func (b *batcher) count(lookalike bool, fs []rules.Finding) {
	b.added++
	b.n++
	b.tally.addCounted(lookalike, fs)
	if b.n == countBatch {
		b.flush()
	}
}

func (b *batcher) commit() {
	b.open = false
	b.added++
	if b.mode != modeOccurrences {
		o := &b.ring[(b.head+b.pend)&ringMask]
		if b.mode != modeEncode {
			b.take(o)
		} else {
			b.dl.enc.Prefetch(o)
			if b.pend++; b.pend > encLag {
				b.takeHead()
			}
		}
		if b.n+b.pend == batchSize && b.mode == modeEncode || b.n == countBatch || b.enc != nil && len(b.enc.buf) >= encodeFlush {
			b.flush()
		}
		return
	}
	if len(b.batch) == batchSize {
		b.flush()
	}
}

// take counts o and, in modeEncode, encodes it.
func (b *batcher) take(o *lint.Occurrence) {
	b.n++
	if !b.tally.add(o, b.dl.lookalikes) || b.mode != modeEncode {
		return
	}
	if b.enc == nil {
		b.enc = encodedPool.Get().(*encoded)
	}
	x := b.enc
	var line int
	x.buf, line = b.dl.enc.Append(x.buf, o)
	if b.relLines {
		x.lines = append(x.lines, lineAt{line, o.Line})
	}
}

// takeHead takes the oldest occurrence waiting.
func (b *batcher) takeHead() {
	b.take(&b.ring[b.head])
	b.head = (b.head + 1) & ringMask
	b.pend--
}

func (b *batcher) unslot() {
	b.open = false
	if b.mode != modeOccurrences {
		b.ring[(b.head+b.pend)&ringMask] = lint.Occurrence{}
		return
	}
	b.batch[len(b.batch)-1] = lint.Occurrence{}
	b.batch = b.batch[:len(b.batch)-1]
}

// begin starts an input of the task: its occurrences go out after the
// earlier inputs' records, and its first batch grows from the smallest
// size again (a large file's full batches are not taken for the small
// files after it: prefaulted, each is 240 KB resident).
func (b *batcher) begin() {
	b.mark = len(b.src)
	b.nextCap = 0
}

// record queues a source record after the occurrences before it.
func (b *batcher) record(r record.Source) {
	if b.src == nil {
		b.src = srcPool.Get().(*[srcCap]record.Source)[:0]
	}
	b.src = append(b.src, r)
	if len(b.src)-b.mark == recordBatch { // this input's own, as alone
		b.flush()
	}
}

// flushEarlier hands over what earlier inputs of the task left, keeping
// the current input's own records: an input's occurrences and records go
// out as they would in a task of their own.
func (b *batcher) flushEarlier() {
	var own []record.Source
	if len(b.src) > b.mark {
		// copied first: once handed over, the array may be recycled
		own = append(srcPool.Get().(*[srcCap]record.Source)[:0], b.src[b.mark:]...)
		clear(b.src[b.mark:])
	}
	b.src = b.src[:b.mark]
	b.flush()
	b.src = own
}

// recordBatch is how many source records are handed over at once: an
// input's records go out while it is read (a WARC file has one per
// record), not all at its end.
const recordBatch = 256

func (b *batcher) flush() {
	if b.open {
		b.unslot() // a panic between slot and commit: the slot is no occurrence
	}
	for b.pend > 0 {
		b.takeHead()
	}
	n := len(b.batch) + len(b.src)
	if n == 0 && b.ended == 0 && b.n == 0 {
		return
	}
	if len(b.batch) == batchSize {
		b.nextCap = batchSize
	}
	batch := b.batch
	if cap(batch) == batchSize && len(batch) < batchSize/4 {
		// a document's last few: held in a slice of their size, so that
		// the memory held ahead follows the occurrences the budget counts
		batch = append(smallBatch(len(batch)), batch...)
		recycle(b.batch)
	}
	enc := b.enc
	if enc != nil && len(enc.buf) < encodedCap/4 {
		// a document's last few: in a buffer of their size (as batch)
		enc = smallEncoded(enc)
		recycleEncoded(b.enc)
	}
	limit := headPending
	if enc != nil {
		// the budget counts occurrences held: as many as fit the bytes,
		// times encodedWeight
		n += encodedWeight * ((cap(enc.buf) + occSize - 1) / occSize)
		limit = headPendingEncoded
	}
	var tokens int64
	if n > 0 { // an item of ended inputs only holds nothing: no waiting
		tokens = b.bud.acquire(b.ctx, b.seq, n, enc == nil && dense(batch))
		if tokens == 0 {
			b.out.waitRoom(b.ctx, limit) // the head task: wait for the sink instead
		}
	}
	b.out.put(item{occ: batch, enc: enc, tally: b.tally, src: b.src, tokens: tokens, ended: b.ended})
	b.ended, b.mark = 0, 0
	if len(batch) >= batchSize/4 || enc != nil && b.n >= batchSize/4 {
		// Let the emitter, just woken on this P, write the batch now: with
		// a worker on every core it would otherwise wait for a preemption
		// (10 ms) and trail behind the workers (measured: 200 MB in 8
		// files, two workers, jsonl 55 → 47 ms).
		runtime.Gosched()
	}
	b.batch, b.src = nil, nil
	b.mode, b.n, b.enc, b.tally = modeUndecided, 0, nil, tally{}
}
