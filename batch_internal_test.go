package idlint

import (
	"context"
	"testing"

	"github.com/idlint/idlint/lint"
)

// A batcher hands over the occurrences committed, in order, and never a
// slot left open (a panic between slot and commit, recovered by the
// worker, which then flushes what was found before).
func TestBatcherSlots(t *testing.T) {
	for _, tc := range []struct {
		name   string
		n      int  // occurrences committed
		open   bool // a slot left open before the flush
		unslot bool // one slot given back before the flush
	}{
		{"few", 3, false, false},
		{"few, one open", 3, true, false},
		{"few, one given back", 3, false, true},
		{"a full batch and more", batchSize + 5, true, true},
		{"none, one open", 0, true, false},
	} {
		out := newSlot()
		b := batcher{ctx: context.Background(), out: out, bud: &budget{limit: 1 << 30}}
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
		if tc.open {
			b.slot().Raw = "left open"
		}
		b.flush()
		out.close()
		var got []lint.Occurrence
		for {
			it, ok := out.take()
			if !ok {
				break
			}
			got = append(got, it.occ...)
		}
		if len(got) != tc.n || b.added != tc.n {
			t.Errorf("%s: %d occurrences handed over, %d counted, want %d", tc.name, len(got), b.added, tc.n)
			continue
		}
		for i, o := range got {
			if o.Offset != int64(i) || o.Raw == "left open" || o.Raw == "given back" {
				t.Errorf("%s: occurrence %d is %q at %d", tc.name, i, o.Raw, o.Offset)
				break
			}
		}
	}
}
