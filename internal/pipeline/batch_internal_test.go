package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sync/atomic"
	"testing"

	"github.com/idlint/idlint/extract"
	"github.com/idlint/idlint/internal/textgen"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/reports"
)

// A batcher hands over the occurrences committed, in order, and never a
// slot left open (a panic between slot and commit, recovered by the
// worker, which then flushes what was found before).
func TestBatcherSlots(t *testing.T) {
	t.Parallel()
	for _, encode := range []bool{false, true} {
		for _, tc := range []struct {
			name   string
			n      int  // occurrences committed
			open   bool // a slot left open before the flush
			unslot bool // one slot given back before the flush
			record bool // a record queued after the occurrences
		}{
			{"few", 3, false, false, false},
			{"few, one open", 3, true, false, false},
			{"few, one given back", 3, false, true, false},
			{"a full batch and more", batchSize + 5, true, true, false},
			{"none, one open", 0, true, false, false},
			{"one, then a record", 1, false, false, true},
			{"full batch less one, then a record", batchSize - 1, true, false, true},
		} {
			name := fmt.Sprintf("%s (encoded %v)", tc.name, encode)
			out := newSlot()
			b := batcher{ctx: context.Background(), out: out, bud: &budget{limit: 1 << 30}}
			if encode {
				// procs -1: every batch encoded by the worker, each occurrence
				// encLag commits after its own (issue 25)
				b.dl = &delivery{enc: reports.NewJSONL(io.Discard, nil).NewEncoder(), busy: new(atomic.Int32), procs: -1}
			}
			for i := range tc.n {
				o := b.slot()
				o.Raw = "urn:x:" + string(rune('a'+i%26))
				o.Offset = int64(i)
				b.commit()
			}
			if tc.unslot {
				b.slot().Raw = "given back"
				b.unslot()
			}
			if tc.record {
				for range recordBatch { // the last one flushes
					b.record(record.Source{Source: "after"})
				}
			}
			if tc.open {
				b.slot().Raw = "left open"
			}
			b.flush()
			out.close()
			var got []lint.Occurrence
			var srcs int
			for {
				it, ok := out.take(context.Background())
				if !ok {
					break
				}
				got = append(got, it.occ...)
				if it.enc != nil {
					for line := range bytes.Lines(it.enc.buf) {
						var o lint.Occurrence
						if err := json.Unmarshal(line, &o); err != nil {
							t.Fatalf("%s: %q: %v", name, line, err)
						}
						got = append(got, o)
					}
				}
				if len(it.src) > 0 && len(got) != tc.n { // the emitter writes an item's records last
					t.Errorf("%s: a record handed over after %d occurrences, before the %d before it", name, len(got), tc.n)
				}
				srcs += len(it.src)
			}
			if len(got) != tc.n || b.added != tc.n || tc.record && srcs != recordBatch {
				t.Errorf("%s: %d occurrences handed over, %d counted, %d records, want %d", name, len(got), b.added, srcs, tc.n)
				continue
			}
			for i, o := range got {
				if o.Offset != int64(i) || o.Raw == "left open" || o.Raw == "given back" {
					t.Errorf("%s: occurrence %d is %q at %d", name, i, o.Raw, o.Offset)
					break
				}
			}
		}
	}
}

// A flush that only says inputs ended (no occurrence, no record) holds no
// budget and must not wait for room as the head task does: a worker
// ahead of the head would sit idle until the sink drained its slot.
func TestEndedOnlyFlushDoesNotWait(t *testing.T) {
	t.Parallel()
	out := newSlot()
	for range headPending {
		out.put(item{}) // full: waitRoom would block until the emitter takes
	}
	bud := &budget{limit: 1 << 30}
	bud.head.Store(7) // another task is being emitted
	b := batcher{ctx: context.Background(), seq: 8, out: out, bud: bud, ended: 1}
	b.flush() // blocks forever (test timeout) if it waits for room
	if n := len(out.items) - out.head; n != headPending+1 {
		t.Fatalf("%d items queued, want %d", n, headPending+1)
	}
	if it := out.items[len(out.items)-1]; it.ended != 1 || it.tokens != 0 {
		t.Errorf("last item %+v, want ended 1 and no tokens", it)
	}
}

// issue 25 §4 (emitter): from the worker's slot to the sink's bytes — the
// occurrence encoded into its batch, the batch handed over, its line
// numbers moved by the parts before and written — an occurrence costs no
// allocation: the batch buffers are recycled, the encoder's identifier
// parts cached. Measured over whole passes of a few batches, both with
// identifiers repeated (the cache's hits) and all distinct (its misses).
func TestEncodedPathAllocs(t *testing.T) {
	eng, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	occsOf := func(text []byte) []lint.Occurrence {
		var occs []lint.Occurrence
		for i, c := range extract.Find(nil, text, extract.Options{}) {
			o, err := eng.Check("urn", string(text[c.Start:c.End]))
			if err != nil {
				t.Fatal(err)
			}
			o.Location = record.Location{Source: "dense.txt", Offset: int64(c.Start), Line: i/2 + 1, Column: 5}
			occs = append(occs, o)
		}
		return occs
	}
	unit := occsOf(textgen.Dense(16<<10, 1))
	var repeated []lint.Occurrence
	for len(repeated) < 4*batchSize {
		repeated = append(repeated, unit...)
	}
	distinct := occsOf(textgen.Dense(4<<20, 2)) // of 100,000 keys: more than the encoder caches
	for _, tc := range []struct {
		name string
		occs []lint.Occurrence
	}{{"repeated", repeated}, {"distinct", distinct}} {
		j := reports.NewJSONL(io.Discard, nil)
		var busy atomic.Int32
		dl := &delivery{enc: j.NewEncoder(), busy: &busy, procs: -1} // always encode
		out := newSlot()
		e := &emitter{r: &run{encSink: j}, lineBase: 100000}
		pass := func() {
			// not the head task (seq 1): budgeted, so all its batches queue
			// before they are drained
			b := batcher{ctx: context.Background(), seq: 1, out: out, bud: &budget{limit: 1 << 30}, dl: dl, relLines: true}
			for i := range tc.occs {
				*b.slot() = tc.occs[i]
				b.commit()
			}
			b.flush()
			for len(out.items) > out.head {
				it, _ := out.take(context.Background())
				it.tally.into(&e.sum)
				if err := e.encoded(it.enc); err != nil {
					t.Fatal(err)
				}
			}
		}
		pass() // buffers grown, the cache filled
		allocs := testing.AllocsPerRun(3, pass)
		per := allocs / float64(len(tc.occs))
		t.Logf("%s: %d occurrences, %v allocations per pass: %.4f per occurrence", tc.name, len(tc.occs), allocs, per)
		if per >= 0.01 {
			t.Errorf("%s: %.3f allocations per occurrence, want 0", tc.name, per)
		}
	}
}

// moveLines puts each line number plus the lines of the parts before in
// place of the part's own, whatever their widths (issue 25 emitter).
func TestMoveLines(t *testing.T) {
	for _, tc := range []struct {
		lines []int
		base  int
	}{
		{[]int{1, 9, 10, 99, 100}, 1},
		{[]int{1, 2, 3}, 999},
		{[]int{5, 123456}, 99999},
		{[]int{-3, 0, 7}, 10}, // not met, but written as strconv writes them
	} {
		var enc, want []byte
		var at []lineAt
		for i, l := range tc.lines {
			enc = fmt.Appendf(enc, `{"n":%d,"line":`, i)
			want = fmt.Appendf(want, `{"n":%d,"line":%d}`+"\n", i, l+tc.base)
			at = append(at, lineAt{len(enc), l})
			enc = fmt.Appendf(enc, "%d}\n", l)
		}
		if got := moveLines(nil, enc, at, tc.base); !bytes.Equal(got, want) {
			t.Errorf("%v + %d:\n got %s\nwant %s", tc.lines, tc.base, got, want)
		}
	}
}

// issue 25 (--format none on dense text): a counted batch holds only a
// tally, so it is handed over every countBatch occurrences, not every
// batchSize (each hand-over woke the emitter's idle core), and the
// tallies handed over add up to every occurrence committed.
func TestCountedBatchesHandedOverRarely(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		n     int // occurrences committed, then a flush
		items int // hand-overs
	}{
		{0, 0},
		{1, 1},
		{batchSize + 1, 1},
		{countBatch - 1, 1},
		{countBatch, 1},
		{countBatch + 1, 2},
		{3*countBatch + 5, 4},
	} {
		out := newSlot()
		b := batcher{ctx: context.Background(), out: out, bud: &budget{limit: 1 << 30}, dl: &delivery{count: true}}
		for i := range tc.n {
			o := b.slot()
			o.Raw, o.Offset = "urn:x:y", int64(i)
			b.commit()
		}
		b.flush()
		out.close()
		var sum reports.Summary
		items := 0
		for {
			it, ok := out.take(context.Background())
			if !ok {
				break
			}
			if len(it.occ) > 0 || it.enc != nil {
				t.Errorf("n=%d: a counted batch handed over %d occurrences, encoded %v", tc.n, len(it.occ), it.enc != nil)
			}
			it.tally.into(&sum)
			items++
		}
		if items != tc.items || sum.Occurrences != tc.n {
			t.Errorf("n=%d: %d hand-overs counting %d occurrences, want %d counting %d", tc.n, items, sum.Occurrences, tc.items, tc.n)
		}
	}
}

// issue 25 (-j 2 never slower than -j 1): who encodes JSON Lines. On up
// to encodeAloneProcs cores the emitter does until the workers outnumber
// the cores; on more, the workers do once every core has one, since one
// emitter could not keep up with them all.
func TestDeliveryModeWhoEncodes(t *testing.T) {
	enc := reports.NewJSONL(io.Discard, nil).NewEncoder()
	for _, tc := range []struct {
		procs, busy int32
		want        batchMode
	}{
		{1, 1, modeOccurrences},
		{1, 2, modeEncode},
		{2, 1, modeOccurrences},
		{2, 2, modeOccurrences},
		{2, 3, modeEncode},
		{4, 3, modeOccurrences},
		{4, 4, modeEncode},
		{8, 8, modeEncode},
		{8, 9, modeEncode},
	} {
		var busy atomic.Int32
		busy.Store(tc.busy)
		d := &delivery{enc: enc, busy: &busy, procs: tc.procs}
		if got := d.mode(); got != tc.want {
			t.Errorf("procs %d, busy %d: mode %v, want %v", tc.procs, tc.busy, got, tc.want)
		}
	}
	if got := (&delivery{count: true, busy: new(atomic.Int32)}).mode(); got != modeCount {
		t.Errorf("counting: mode %v, want modeCount", got)
	}
}

// A document's few occurrences go out in a pooled slice of the smallest
// size that holds them, which the emitter gives back cleared (issue 25,
// page faults of small documents): the last batch flushed after n
// occurrences holds them in order, in a slice of capacity want, and one
// taken again after its recycling holds no strings of the last use.
func TestSmallBatchesPooledBySize(t *testing.T) {
	for _, tc := range []struct {
		n    int // occurrences committed before the flush
		want int // capacity of the last batch handed over
		next int // then as many of a next input of the task (begin)
	}{
		{1, 4, 0},
		{4, 4, 0},
		{5, 16, 0}, // grown through the pooled sizes
		{16, 16, 0},
		{17, 64, 0},
		{64, 64, 0},
		{65, batchSize / 4, 0},
		{batchSize / 4, batchSize / 4, 0},
		{batchSize/4 + 1, batchSize, 0}, // more: a full batch
		{batchSize + 5, 16, 0},          // after a full batch, the last few copied
		{batchSize + batchSize/4, batchSize, 0},
		{batchSize + 5, 4, 3}, // a next input starts small again
		{batchSize + batchSize/4, 16, 10},
	} {
		out := newSlot()
		b := batcher{ctx: context.Background(), out: out, bud: &budget{limit: 1 << 30}}
		for i := range tc.n {
			o := b.slot()
			o.Raw = fmt.Sprintf("urn:x:%d", i)
			b.commit()
		}
		if tc.next > 0 {
			b.record(record.Source{Source: "first"}) // as an input's end
			b.begin()
			for i := range tc.next {
				o := b.slot()
				o.Raw = fmt.Sprintf("urn:x:%d", tc.n+i)
				b.commit()
			}
			if cap(b.batch) != tc.want {
				t.Errorf("n %d+%d: the next input filled a batch of cap %d, want %d", tc.n, tc.next, cap(b.batch), tc.want)
			}
		}
		b.flush()
		out.close()
		var got []lint.Occurrence
		var last []lint.Occurrence
		for {
			it, ok := out.take(context.Background())
			if !ok {
				break
			}
			got = append(got, it.occ...)
			if last != nil {
				recycle(last)
			}
			last = it.occ
		}
		if len(got) != tc.n+tc.next || cap(last) != tc.want {
			t.Errorf("n %d+%d: %d handed over, the last batch's cap %d, want %d and %d", tc.n, tc.next, len(got), cap(last), tc.n+tc.next, tc.want)
		}
		for i := range got {
			if want := fmt.Sprintf("urn:x:%d", i); got[i].Raw != want {
				t.Fatalf("n %d: occurrence %d is %q, want %q", tc.n, i, got[i].Raw, want)
			}
		}
		recycle(last)
		if tc.want == batchSize {
			continue
		}
		again := smallBatch(len(last))
		if len(again) != 0 || cap(again) != tc.want {
			t.Errorf("n %d: taken again with len %d cap %d, want 0 and %d", tc.n, len(again), cap(again), tc.want)
		}
		for i, o := range again[:cap(again)] {
			if o.Raw != "" {
				t.Fatalf("n %d: a recycled slice still holds %q at %d", tc.n, o.Raw, i)
			}
		}
	}
}
