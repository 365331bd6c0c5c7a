package pipeline

import (
	"context"
	"runtime"
	"sync"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
)

// item is what a worker hands the emitter through a task's slot.
type item struct {
	occ    []lint.Occurrence
	src    []record.Source
	done   *partDone // the end of a part of a split file
	ended  int       // whole inputs that end with this item
	tokens int64     // budget held until emitted
}

const batchSize = 1024

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
	src     []record.Source
	nextCap int
	added   int  // occurrences committed
	open    bool // the last slot is not committed (yet)
	ended   int  // inputs ended since the last flush
	mark    int  // src[:mark] are earlier inputs' records: out before the next occurrence
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
func (b *batcher) record(r record.Source) {
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
