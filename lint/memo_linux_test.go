package lint

import (
	"runtime"
	"slices"
	"strconv"
	"testing"

	"github.com/idlint/idlint/internal/pagetouch"
	"github.com/idlint/idlint/rules"
)

// The memos' tables mapped outside the heap never pass MemoOffHeap
// together, whatever the number of memos (one per worker and engine): past
// it a table comes from the heap, where the memory limit sees it, and the
// memo's results are the same (issue 24 §5's bound on RSS, issue 25's
// huge-page tables).
func TestMemoOffHeapBounded(t *testing.T) {
	e, _ := New(Config{})
	ctx := &rules.Context{Before: []byte(" "), After: []byte(" ")}
	var memos []*Memo
	heap := 0
	for k := range 12 {
		m := e.newMemo() // a store each, as for 12 engines
		memos = append(memos, m)
		for i := range 60000 {
			raw := "urn:example:m" + strconv.Itoa(k) + "-" + strconv.Itoa(i)
			got, err := m.CheckInContext("urn", []byte(raw), ctx)
			if i%4999 == 0 {
				want, _ := e.CheckInContext("urn", raw, ctx)
				if err != nil || !sameResult(got, want) {
					t.Fatalf("memo %d %s: %+v (%v), engine %+v", k, raw, got, err, want)
				}
			}
		}
		if n := offHeap.Load(); n > MemoOffHeap {
			t.Fatalf("after %d memos: %d bytes mapped, bound %d", k+1, n, MemoOffHeap)
		}
		if !m.st.g.Load().tab.Load().mapped {
			heap++
		}
	}
	if heap == 0 {
		t.Errorf("12 memos of %d-entry tables all mapped: the budget was never reached", len(memos[0].st.g.Load().tab.Load().e))
	}
	runtime.KeepAlive(memos)
}

// issue 25 §3: a shared memo's table replaced by a bigger one stays
// mapped while another memo still reads it (announced in its hazard
// pointer), and is unmapped at the next miss once none does: the store
// holds one mapped table, not every size it grew through.
func TestMemoRetiredTablesUnmapped(t *testing.T) {
	e, _ := New(Config{})
	a := e.newMemo()
	b := a.st.handle()
	noDoorkeeper(a) // every first sighting remembered: the table grows
	ctx := &rules.Context{Before: []byte(" "), After: []byte(" ")}
	raw := func(i int) []byte { return []byte("urn:example:r-" + strconv.Itoa(i)) }
	check := func(m *Memo, i int) {
		t.Helper()
		got, err := m.CheckInContext("urn", raw(i), ctx)
		if want, _ := e.CheckInContext("urn", string(raw(i)), ctx); err != nil || !sameResult(got, want) {
			t.Fatalf("%s: %+v (%v), engine %+v", raw(i), got, err, want)
		}
	}
	tab := func() *memoTable { return a.st.g.Load().tab.Load() }
	i := 0
	for ; !tab().mapped; i++ {
		check(a, i)
	}
	check(b, 0) // b reads the first mapped table
	first := tab()
	for ; tab() == first; i++ {
		check(a, i)
	}
	a.st.mu.Lock()
	held := slices.Contains(a.st.retired, first) && first.b != nil
	a.st.mu.Unlock()
	if !held {
		t.Fatal("a table another memo reads was unmapped")
	}
	check(b, 1) // b reads the new table now
	check(a, i) // a miss: reclaims
	a.st.mu.Lock()
	defer a.st.mu.Unlock()
	if len(a.st.retired) != 0 || first.b != nil {
		t.Errorf("%d replaced tables still mapped, the first one %v", len(a.st.retired), first.b != nil)
	}
}

// A table from the heap has every page written when it is made
// (pagetouch.Zero): its first access is not a lookup's read of the shared zero
// page, which the insert's write then faults again, flushing the other
// cores' TLBs (issue 25, the RFC directory). Present pages (mincore) are
// what it checks: memory fresh from the system has none until touched.
func TestHeapTableTouched(t *testing.T) {
	for _, n := range []int{memoMinSlots, 1 << 14, 1 << 16} {
		tab := allocTable(n)
		if tab.mapped {
			t.Fatalf("%d slots: mapped, want the heap", n)
		}
		for name, b := range map[string][]byte{"entries": pagetouch.Bytes(tab.e), "filter": pagetouch.Bytes(tab.seen)} {
			if k, err := pagetouch.Absent(b); err != nil {
				t.Fatal(err)
			} else if k >= 0 {
				t.Errorf("%d slots: page %d of the %s not present after allocTable", n, k, name)
			}
		}
		runtime.KeepAlive(tab)
	}
}
