package pipeline

import (
	"context"
	"sync"
	"sync/atomic"
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
	// what a worker waiting in acquire waits for: the head to move on or
	// a task's worker to be done (moved), the emitter to take a batch
	// (room; the head moving on too). A waiter is not polled: whatever
	// changes what try reads notifies (moveHead, done, release, wakeAll).
	moved, room signal
}

// signal wakes the goroutines waiting for an event, with no cost while
// none waits: notify closes the channel wait handed out, if any.
type signal struct{ ch atomic.Pointer[chan struct{}] }

// wait returns a channel closed at the next notify. Ask for it before
// looking at what the event changes: a change after the look is then
// not missed.
func (s *signal) wait() <-chan struct{} {
	for {
		if p := s.ch.Load(); p != nil {
			return *p
		}
		ch := make(chan struct{})
		if s.ch.CompareAndSwap(nil, &ch) {
			return ch
		}
	}
}

func (s *signal) notify() {
	if s.ch.Load() == nil {
		return // no one waits: once per batch taken, a load only
	}
	if p := s.ch.Swap(nil); p != nil {
		close(*p)
	}
}

// moveHead makes input i, whose slot is s, the one being emitted.
func (b *budget) moveHead(i int, s *slot) {
	b.head.Store(int64(i))
	b.front.Store(s)
	b.moved.notify()
	b.room.notify()
}

// done tells the workers waiting in acquire that a task's worker is done
// (its slot closed): the next dense input may be scanned.
func (b *budget) done() { b.moved.notify() }

// wakeAll wakes every worker waiting in acquire: the run is cancelled.
func (b *budget) wakeAll() {
	b.moved.notify()
	b.room.notify()
}

// emitterBehind is how many occurrences waiting in the head's slot, for
// the emitter to hand to the sink itself, make it the slower side:
// workers on later inputs then wait instead of scanning further ahead.
// Their batches could not be written sooner; scanning them took the
// cores the emitter and the sink's reader needed, and held batches in
// fresh pages (issue 25: dense jsonl -j 2 into a pipe on 2 cores, 3.51 ->
// 2.98 s CPU and 28.9k -> 20.7k faults, -j 1 2.9 s). Larger thresholds
// cost more CPU.
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
// is emitted. A waiting worker is woken by the event it waits for, not
// polled (issue 25: 8 dense files at -j 2 polled every 1 ms ~1,300 times
// while the worker before scanned its file).
func (b *budget) acquire(ctx context.Context, i int, n int, dense bool) int64 {
	var on *signal
	var wake <-chan struct{}
	for {
		tokens, ok, next := b.try(i, n, dense)
		if ok {
			return tokens
		}
		if next != on {
			// look again once subscribed: a change since is not missed
			on, wake = next, next.wait()
			continue
		}
		select {
		case <-ctx.Done():
			return 0
		case <-wake:
		}
		on = nil
	}
}

// try is acquire's step: the tokens taken, or the event to wait for.
func (b *budget) try(i int, n int, dense bool) (tokens int64, ok bool, wait *signal) {
	head := b.head.Load()
	if int64(i) == head {
		return 0, true, nil
	}
	s := b.front.Load()
	limit := b.limit
	switch {
	case dense && !scanNext(i, head, s):
		return 0, false, &b.moved
	case dense:
		// and no further ahead than -j 1's one worker: headPending
		// batches between it and the emitter, the head's included
		limit = min(limit, headPending*batchSize-s.occs.Load())
	case s != nil && !scanAhead(s.occs.Load()):
		return 0, false, &b.room
	}
	for {
		used := b.used.Load()
		if used+int64(n) > limit {
			return 0, false, &b.room
		}
		if b.used.CompareAndSwap(used, used+int64(n)) {
			return int64(n), true, nil
		}
	}
}

// release gives back a batch's tokens once the emitter took it (the
// head's batches hold none): a worker waiting for room may go on.
func (b *budget) release(n int64) {
	if n != 0 {
		b.used.Add(-n)
	}
	b.room.notify()
}
