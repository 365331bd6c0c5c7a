package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/idlint/idlint/corpus"
	"github.com/idlint/idlint/extract"
	"github.com/idlint/idlint/lint"
)

// A slot delivers items in order while its producer runs ahead or waits
// for room, and its array stays bounded (taken items are reused).
func TestSlotQueueOrder(t *testing.T) {
	t.Parallel()
	for seed := int64(0); seed < 50; seed++ {
		s := newSlot()
		const n = 5000
		go func() {
			r := rand.New(rand.NewSource(seed))
			for i := 1; i <= n; i++ {
				if r.Intn(3) == 0 {
					s.waitRoom(context.Background(), headPending)
				}
				s.put(item{ended: i})
			}
			s.close()
		}()
		for i := 1; ; i++ {
			it, ok := s.take(context.Background())
			if !ok {
				if i != n+1 {
					t.Fatalf("closed after %d", i-1)
				}
				break
			}
			if it.ended != i {
				t.Fatalf("seed %d: item %d, want %d", seed, it.ended, i)
			}
		}
		if cap(s.items) > 4*n {
			t.Errorf("cap %d", cap(s.items))
		}
	}
}

// The emitter waiting on a slot whose worker is stuck (a read no
// interrupt ends) is woken by the run's cancellation: take gives the
// items queued, then returns, though the slot is never closed (issue 24 §4).
func TestSlotTakeEndsOnCancel(t *testing.T) {
	t.Parallel()
	r := &run{}
	ctx, cancel := context.WithCancel(context.Background())
	s := newSlot()
	r.all = []*task{{slot: s}}
	stop := context.AfterFunc(ctx, r.broadcast)
	defer stop()
	s.put(item{ended: 1})
	done := make(chan []int)
	go func() {
		var got []int
		for {
			it, ok := s.take(ctx)
			if !ok {
				done <- got
				return
			}
			got = append(got, it.ended)
		}
	}()
	cancel()
	if got := <-done; len(got) != 1 || got[0] != 1 {
		t.Errorf("took %v, want the one item queued", got)
	}
}

// issue 25 (-j 2 never slower than -j 1): a worker on a later input scans
// ahead only while the emitter keeps up, fewer than emitterBehind
// occurrences waiting in the head's slot.
func TestScanAheadRule(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		queued int64
		want   bool
	}{
		{0, true},
		{1, true},
		{emitterBehind - 1, true},
		{emitterBehind, false},
		{headPending * batchSize, false}, // the head's worker waiting for room
	} {
		if got := scanAhead(tc.queued); got != tc.want {
			t.Errorf("scanAhead(%d) = %v, want %v", tc.queued, got, tc.want)
		}
	}
}

// issue 25: acquire's decision, asked with the run cancelled, so that a
// wait returns at once with no tokens: the head's input never waits and
// holds none, a later input takes its tokens while the emitter keeps up
// and the budget has room, and waits otherwise; with dense text only the
// input after the head scans, once the head's worker is done.
func TestAcquireWaitsForBehindEmitter(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name    string
		dense   bool
		input   int   // the head is input 3
		queued  int   // occurrences waiting in the head's slot (-1: no slot yet)
		scanned bool  // the head's worker is done
		used    int64 // budget used, of 10,000
		want    int64 // tokens for a batch of 100
	}{
		{"head, emitter behind", false, 3, 2 * emitterBehind, false, 0, 0},
		{"later, nothing queued", false, 4, 0, false, 0, 100},
		{"later, emitter keeps up", false, 5, emitterBehind - 1, false, 0, 100},
		{"later, emitter behind", false, 4, emitterBehind, false, 0, 0},
		{"later, budget full", false, 4, 0, false, 9950, 0},
		{"later, no head slot yet", false, 4, -1, false, 0, 100},
		{"dense: head", true, 3, 0, false, 0, 0},
		{"dense: next, head still scanned", true, 4, 0, false, 0, 0},
		{"dense: next, head scanned, emitter idle", true, 4, 0, true, 0, 100},
		{"dense: next, head scanned, emitter behind", true, 4, 8 * emitterBehind, true, 0, 100},
		{"dense: next, head scanned, -j 1's queue full", true, 4, headPending * batchSize, true, 0, 0},
		{"dense: two after, head scanned", true, 5, 0, true, 0, 0},
		{"dense: two after, head still scanned", true, 5, 0, false, 0, 0},
		{"dense: next, no head slot yet", true, 4, -1, false, 0, 0},
	} {
		b := &budget{limit: 1 << 20}
		if !tc.dense {
			b.limit = 10000
		}
		b.head.Store(3)
		b.used.Store(tc.used)
		if tc.queued >= 0 {
			s := newSlot()
			if tc.queued > 0 {
				s.put(item{occ: make([]lint.Occurrence, tc.queued)})
			}
			if tc.scanned {
				s.close()
			}
			b.front.Store(s)
		}
		if got := b.acquire(ctx, tc.input, 100, tc.dense); got != tc.want {
			t.Errorf("%s: %d tokens, want %d", tc.name, got, tc.want)
		}
	}
}

// issue 25: a worker waiting for a behind emitter goes on once the
// emitter has taken the head's batches (woken by release, no poll to fall
// back on), and leaves on cancellation: no deadlock either way.
func TestAcquireResumesWhenEmitterCatchesUp(t *testing.T) {
	t.Parallel()
	b := &budget{limit: 1 << 20}
	b.head.Store(0)
	s := newSlot()
	b.front.Store(s)
	for range 4 {
		s.put(item{occ: make([]lint.Occurrence, batchSize)})
	}
	got := make(chan int64)
	go func() { got <- b.acquire(context.Background(), 1, 10, false) }()
	for range 4 {
		it, ok := s.take(context.Background())
		if !ok {
			t.Fatal("slot empty")
		}
		b.release(it.tokens) // as the emitter does: wakes the waiter
	}
	if n := <-got; n != 10 {
		t.Errorf("%d tokens after the emitter caught up, want 10", n)
	}
	if n := s.occs.Load(); n != 0 {
		t.Errorf("%d occurrences counted in a drained slot", n)
	}

	s.put(item{occ: make([]lint.Occurrence, emitterBehind)})
	ctx, cancel := context.WithCancel(context.Background())
	go func() { got <- b.acquire(ctx, 1, 10, false) }()
	cancel()
	if n := <-got; n != 0 {
		t.Errorf("%d tokens on cancellation, want 0", n)
	}
}

// issue 25 (-j 2 never slower than -j 1): a dense worker waiting for the
// head's worker to be done, or for the head to move on to the input
// before its own, is woken by done (the worker's end) and moveHead (the
// emitter's next task; no poll to fall back on: a missed wake-up hangs),
// and by the run's cancellation.
func TestAcquireDenseWakes(t *testing.T) {
	t.Parallel()
	b := &budget{limit: 1 << 20}
	head := newSlot()
	b.head.Store(0)
	b.front.Store(head)
	next, after := make(chan int64), make(chan int64)
	go func() { next <- b.acquire(context.Background(), 1, 10, true) }()
	go func() { after <- b.acquire(context.Background(), 2, 10, true) }()
	head.close() // input 0's worker is done
	b.done()
	if n := <-next; n != 10 {
		t.Errorf("input 1 after the head's worker was done: %d tokens, want 10", n)
	}
	s1 := newSlot()
	b.moveHead(1, s1) // the emitter moves on to input 1, still scanned
	s1.close()        // then its worker is done
	b.done()
	if n := <-after; n != 10 {
		t.Errorf("input 2 after input 1 was scanned: %d tokens, want 10", n)
	}

	// the next input, -j 1's queue full: woken when the emitter takes a batch
	full := newSlot()
	for range headPending {
		full.put(item{occ: make([]lint.Occurrence, batchSize)})
	}
	full.close()
	b.used.Store(0)
	b.moveHead(5, full)
	go func() { after <- b.acquire(context.Background(), 6, 10, true) }()
	it, _ := full.take(context.Background())
	b.release(it.tokens)
	if n := <-after; n != 10 {
		t.Errorf("input 6 after the emitter took a batch: %d tokens, want 10", n)
	}

	ctx, cancel := context.WithCancel(context.Background())
	r := &run{bud: b}
	stop := context.AfterFunc(ctx, r.broadcast)
	defer stop()
	go func() { after <- b.acquire(ctx, 3, 10, true) }()
	cancel()
	if n := <-after; n != 0 {
		t.Errorf("%d tokens on cancellation, want 0", n)
	}
}

// issue 25 (-j 2 never slower than -j 1): a full batch marks its text dense
// when its occurrences, in one document, average under denseSpan bytes
// apart; a partial batch or one across documents never does.
func TestDenseBatch(t *testing.T) {
	t.Parallel()
	batch := func(n int, step int64, src ...string) []lint.Occurrence {
		b := make([]lint.Occurrence, n)
		for i := range b {
			b[i].Source = "a"
			b[i].Offset = 1000 + int64(i)*step
		}
		if len(src) > 0 {
			b[n-1].Source = src[0]
		}
		return b
	}
	for _, tc := range []struct {
		name  string
		batch []lint.Occurrence
		want  bool
	}{
		{"dense text, 72 bytes apart", batch(batchSize, 72), true},
		{"just under denseSpan", batch(batchSize, denseSpan-1), true},
		{"denseSpan apart", batch(batchSize, denseSpan+1), false},
		{"sparse text", batch(batchSize, 40000), false},
		{"partial batch", batch(batchSize-1, 72), false},
		{"empty", nil, false},
		{"across documents", batch(batchSize, 72, "b"), false},
		{"offsets going back (a later document)", batch(batchSize, -1), false},
	} {
		if got := dense(tc.batch); got != tc.want {
			t.Errorf("%s: dense = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// issue 25 (-j 2 never slower than -j 1): a large file is left whole when
// the emitter handles every occurrence and its head is dense.
func TestEmitterEncodes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name              string
		count, workersCan bool
		jobs, procs       int
		want              bool
	}{
		{"--format none: counted", true, true, 2, 2, false},
		{"jsonl -j 2 on 2 cores", false, true, 2, 2, true},
		{"jsonl -j 3 on 2 cores: the workers encode", false, true, 3, 2, false},
		{"jsonl -j 4 on 8 cores", false, true, 4, 8, true},
		{"jsonl -j 8 on 8 cores: the workers encode", false, true, 8, 8, false},
		{"text -j 8 on 8 cores: no encoder", false, false, 8, 8, true},
	} {
		if got := emitterEncodes(tc.count, tc.workersCan, tc.jobs, tc.procs); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// issue 25: a sample is dense when it holds an identifier per denseSpan
// bytes or more; a sample too short to tell never is; a dense head is
// read no further than it takes to tell (denseRead steps, not the whole
// sample), a sample that cannot be read is not dense.
func TestDenseText(t *testing.T) {
	t.Parallel()
	eng, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	st := extract.NewStream(nil, extract.Options{Schemes: eng.ExtractSchemes(), NoPositions: true}, 0)
	text := func(size, every int) []byte {
		var b []byte
		for i := 0; len(b) < size; i++ {
			line := fmt.Sprintf("id urn:isbn:978%010d ", i)
			b = append(b, line...)
			b = append(b, strings.Repeat("x", max(0, every-len(line)-1))...)
			b = append(b, '\n')
		}
		return b[:size]
	}
	tooFar := errors.New("read past what tells")
	for _, tc := range []struct {
		name string
		text []byte    // the sample, whole
		r    io.Reader // or a reader of a sample of n bytes
		n    int64
		want bool
	}{
		{"72 bytes apart (the dense generator's)", text(denseSample, 72), nil, 0, true},
		{"just under denseSpan apart", text(denseSample, denseSpan-8), nil, 0, true},
		{"twice denseSpan apart", text(denseSample, 2*denseSpan), nil, 0, false},
		{"RFC-like: 64 KB apart", text(denseSample, 64<<10), nil, 0, false},
		{"too short to tell", text(16<<10, 72), nil, 0, false},
		{"dense: its first 256 KB tell", nil, io.MultiReader(bytes.NewReader(text(256<<10, 72)), iotest.ErrReader(tooFar)), denseSample, true},
		{"cannot be read", nil, iotest.ErrReader(tooFar), denseSample, false},
	} {
		if tc.r == nil {
			tc.r, tc.n = bytes.NewReader(tc.text), int64(len(tc.text))
		}
		if got := denseText(st, tc.r, tc.n); got != tc.want {
			t.Errorf("%s: dense %v, want %v", tc.name, got, tc.want)
		}
	}
}

// issue 25 (read or map): a dense large file is left whole (read, as -j 1
// reads it) when it may be read — Corpus.NoMmap, or MmapIfCheap, where
// the map only speeds up the pass over memory — but split when the map is
// asked for outright (--mmap); a sparse one is split either way.
func TestSplitDenseUnlessMapAsked(t *testing.T) {
	t.Parallel()
	eng, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name string, every int) corpus.Input {
		var b []byte
		for i := 0; len(b) < 2*denseSample; i++ {
			line := fmt.Sprintf("id urn:isbn:978%010d ", i)
			b = append(b, line...)
			b = append(b, strings.Repeat("x", max(0, every-len(line)-1))...)
			b = append(b, '\n')
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return corpus.Input{Path: path}
	}
	dense, sparse := write("dense.txt", 72), write("sparse.txt", 64<<10)
	for _, tc := range []struct {
		name            string
		noMmap, ifCheap bool
		dense, sparse   bool // splitDense's answer for each file
	}{
		{"--no-mmap", true, false, true, false},
		{"default: mapped where cheap", false, true, true, false},
		{"--mmap", false, false, !corpus.Mappable, false},
	} {
		r := &run{eng: eng, jobs: 2, cfg: Config{Corpus: corpus.Options{NoMmap: tc.noMmap, MmapIfCheap: tc.ifCheap}}}
		if got := r.splitDense(dense, 2*denseSample); got != tc.dense {
			t.Errorf("%s: dense file left whole %v, want %v", tc.name, got, tc.dense)
		}
		if got := r.splitDense(sparse, 2*denseSample); got != tc.sparse {
			t.Errorf("%s: sparse file left whole %v, want %v", tc.name, got, tc.sparse)
		}
	}
}
