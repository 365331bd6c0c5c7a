package lint

import (
	"runtime"
	"slices"
	"strconv"
	"sync"
	"testing"

	"github.com/idlint/idlint/rules"
)

// issue 25 §3: memos may share one store (past memoMaxStores an
// engine's do), read without a lock while others add to it, grow it and
// drop it when full: each
// goroutine's results stay the engine's (output the same at any -j), and
// a text is remembered once, not once per memo. Half the memos only
// count (CountOnly, --format none): they remember classes without texts,
// which the others complete meanwhile; CountHashed's answers stay the
// engine's.
func TestMemoSharedConcurrent(t *testing.T) {
	e, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	const n = 6000
	texts := make([]string, n)
	for i := range texts {
		switch i % 4 {
		case 0:
			texts[i] = "URN:ISBN:978" + strconv.Itoa(1000000+i) // canonical and key differ from raw
		case 1:
			texts[i] = "urn:isbn:978" + strconv.Itoa(1000000+i-1) // the key of the one before
		case 2:
			texts[i] = "urn:ab:a?b" + strconv.Itoa(i) // findings
		default:
			texts[i] = "urn:example:k-" + strconv.Itoa(i)
		}
	}
	ctxs := []*rules.Context{
		{Before: []byte(" "), After: []byte(" ")},
		{Before: []byte("x = \""), After: []byte("\" + y")}, // not quiet: classified in full
	}
	want := make([][]Occurrence, len(ctxs))
	for c, ctx := range ctxs {
		for _, raw := range texts {
			o, _ := e.CheckInContext("urn", raw, ctx)
			want[c] = append(want[c], o)
		}
	}
	for _, b := range []struct {
		name       string
		maxEntries int
	}{{"unbounded", memoMaxEntries}, {"dropped when full", 700}} {
		t.Run(b.name, func(t *testing.T) {
			first := e.newMemo() // a store of its own, shared by the handles below
			first.st.maxEntries = b.maxEntries
			var wg sync.WaitGroup
			for w := range 4 {
				m := first
				if w > 0 {
					m = first.st.handle()
				}
				m.CountOnly(w%2 == 1)
				wg.Go(func() {
					for round := range 2 {
						for k := range n {
							i := (k*(2*w+1) + w*977) % n // another order per goroutine
							c := (i + round) % len(ctxs)
							if look, fs, ok := m.CountHashed("urn", []byte(texts[i]), ctxs[c], 0); ok &&
								(look != (want[c][i].Kind != "") || !slices.Equal(fs, want[c][i].Findings)) {
								t.Errorf("memo %d %s: counted %v %v, engine %+v", w, texts[i], look, fs, want[c][i])
								return
							}
							got, err := m.CheckInContext("urn", []byte(texts[i]), ctxs[c])
							if err != nil || !sameResult(got, want[c][i]) {
								t.Errorf("memo %d %s: %+v (%v), engine %+v", w, texts[i], got, err, want[c][i])
								return
							}
						}
					}
				})
			}
			wg.Wait()
			if g := first.st.g.Load(); b.maxEntries == memoMaxEntries && g.n != n {
				t.Errorf("the store holds %d entries for %d texts, want one each", g.n, n)
			}
		})
	}
	// NewMemo gives each memo a store of its own up to memoMaxStores,
	// then shares them, the store with the fewest memos first
	var memos []*Memo
	on := map[*memoStore]int{}
	for range 2*memoMaxStores + 1 {
		m := e.NewMemo()
		memos = append(memos, m)
		on[m.st]++
	}
	if len(on) != memoMaxStores {
		t.Errorf("%d memos of one engine on %d stores, want %d", len(memos), len(on), memoMaxStores)
	}
	for st, n := range on {
		if n < 2 || n > 3 {
			t.Errorf("a store has %d of %d memos, want 2 or 3 (the fewest first)", n, len(memos))
		}
		if st.live() != n {
			t.Errorf("a store counts %d memos alive, holds %d", st.live(), n)
		}
	}
	if o, _ := New(Config{}); on[o.NewMemo().st] != 0 {
		t.Error("memos of two engines share a store")
	}
	runtime.KeepAlive(memos)
}
