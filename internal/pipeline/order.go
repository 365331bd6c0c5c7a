package pipeline

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// Results of inputs scanned in parallel are delivered in input order. A
// worker ahead of the one being drained buffers its batches; the buffering
// is bounded by a budget of occurrences shared by all workers, so memory
// stays bounded while workers on later inputs keep running (a fixed small
// queue per input would make them wait for the head input to finish).

// DefaultBufferedOccurrences is the budget of occurrences held for inputs
// that are not yet being written: about 300 bytes each.
const DefaultBufferedOccurrences = 256 << 10

// slot holds one input's results until the emitter takes them.
type slot struct {
	mu     sync.Mutex
	cond   *sync.Cond
	items  []item // items[head:] are queued
	head   int
	closed atomic.Bool  // its worker has scanned it all (set under mu; read without it by scanNext)
	occs   atomic.Int64 // occurrences queued as values (item.occ): the emitter's own work
}

func newSlot() *slot {
	s := &slot{}
	s.cond = sync.NewCond(&s.mu)
	return s
}

func (s *slot) put(it item) {
	s.mu.Lock()
	if s.head > 0 && len(s.items) == cap(s.items) {
		// full with taken items in front: move the queued ones there
		// rather than grow (a producer that stays ahead never drains it)
		n := copy(s.items, s.items[s.head:])
		clear(s.items[n:])
		s.items, s.head = s.items[:n], 0
	}
	s.items = append(s.items, it)
	s.occs.Add(int64(len(it.occ)))
	s.mu.Unlock()
	s.cond.Broadcast()
}

// headPending bounds the batches the head input may queue while the sink
// drains them: the head holds no budget, this is its backpressure.
// Encoded batches are only made when the workers would leave the emitter
// behind (delivery.mode), its writes then the slower side: a deeper queue of them adds no
// speed, only fresh heap pages, each a page fault (issue 25: 64 were
// 32 MB). 16 batches of occurrences instead of 64 made -j 1 slower.
const (
	headPending        = 64 // batches of occurrences (240 KB each)
	headPendingEncoded = 8  // encoded batches (up to 512 KB each)
)

// waitRoom blocks while the slot holds limit items or more.
func (s *slot) waitRoom(ctx context.Context, limit int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.items)-s.head >= limit && ctx.Err() == nil {
		s.cond.Wait()
	}
}

func (s *slot) close() {
	s.mu.Lock()
	s.closed.Store(true)
	s.mu.Unlock()
	s.cond.Signal()
}

// take waits for the next item; ok is false once the slot is closed and
// empty, or empty when ctx is done.
func (s *slot) take(ctx context.Context) (it item, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.head == len(s.items) && !s.closed.Load() && ctx.Err() == nil {
		s.cond.Wait()
	}
	if s.head == len(s.items) {
		return item{}, false
	}
	it = s.items[s.head]
	s.occs.Add(-int64(len(it.occ)))
	s.items[s.head] = item{}
	if s.head++; s.head == len(s.items) {
		// drained: the next put starts over at the front, in the same array
		s.items, s.head = s.items[:0], 0
	}
	s.cond.Broadcast() // a producer may wait for room
	return it, true
}

// budget counts buffered occurrences of inputs other than the head.
type budget struct {
	used  atomic.Int64
	limit int64
	head  atomic.Int64         // index of the input being emitted
	front atomic.Pointer[slot] // its slot
	// moved is closed when the head moves on or a task's worker is done
	// (changed), for dense workers waiting on either (acquire); nil while
	// none waits
	moved atomic.Pointer[chan struct{}]
}

// event returns the channel the next changed closes.
func (b *budget) event() <-chan struct{} {
	for {
		if p := b.moved.Load(); p != nil {
			return *p
		}
		ch := make(chan struct{})
		if b.moved.CompareAndSwap(nil, &ch) {
			return ch
		}
	}
}

// changed wakes the workers waiting in acquire for the head to move on or
// a task's worker to be done: called after either.
func (b *budget) changed() {
	if p := b.moved.Swap(nil); p != nil {
		close(*p)
	}
}

// emitterBehind is how many occurrences waiting in the head's slot, for
// the emitter to hand to the sink itself, make it the slower side:
// workers on later inputs then wait instead of scanning further ahead.
// Their batches could not be written sooner; scanning them took the
// cores the emitter and the sink's reader needed, and held batches in
// fresh pages (issue 25: dense jsonl -j 2 into a pipe on 2 cores, 3.51 ->
// 2.98 s CPU and 28.9k -> 20.7k faults, -j 1 2.9 s). Larger thresholds
// cost more CPU; one batch is about a millisecond of the emitter's work,
// a waiting worker's poll.
const emitterBehind = batchSize

// scanAhead reports whether a worker on an input after the head's may go
// on scanning while queued occurrences wait in the head's slot.
func scanAhead(queued int64) bool { return queued < emitterBehind }

// scanNext reports whether input i may be scanned on while input head is
// emitted, for a worker whose text is dense: only the input right after
// the head, and only once the head's worker is done, so that one worker
// scans at a time, ahead of the emitter, as at -j 1.
func scanNext(i int, head int64, front *slot) bool {
	return int64(i) == head+1 && front != nil && front.closed.Load()
}

// acquire waits until n occurrences of input i may be buffered and the
// emitter is not behind (scanAhead), or for dense text until input i is
// the next to scan (scanNext); the head input never waits, so the run
// always makes progress. It returns the amount to release once the batch
// is emitted.
func (b *budget) acquire(ctx context.Context, i int, n int, dense bool) int64 {
	for {
		var moved <-chan struct{}
		if dense {
			moved = b.event() // before the head is read: no change missed
		}
		head := b.head.Load()
		if int64(i) == head {
			return 0
		}
		s := b.front.Load()
		ok, limit := false, b.limit
		if dense {
			if !scanNext(i, head, s) {
				// Woken when the head moves on or its worker is done, not
				// polled: a dense worker waits for a whole input's scan
				// (issue 25: 8 dense files at -j 2 polled ~1,300 times).
				select {
				case <-ctx.Done():
					return 0
				case <-moved:
				}
				continue
			}
			// and no further ahead than -j 1's one worker: headPending
			// batches between it and the emitter, the head's included
			ok, limit = true, min(limit, headPending*batchSize-s.occs.Load())
		} else {
			ok = s == nil || scanAhead(s.occs.Load())
		}
		if ok {
			if used := b.used.Load(); used+int64(n) <= limit {
				if b.used.CompareAndSwap(used, used+int64(n)) {
					return int64(n)
				}
				continue
			}
		}
		select {
		case <-ctx.Done():
			return 0
		case <-time.After(time.Millisecond):
		}
	}
}

func (b *budget) release(n int64) {
	if n != 0 {
		b.used.Add(-n)
	}
}
