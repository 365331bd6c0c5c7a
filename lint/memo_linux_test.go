package lint

import (
	"runtime"
	"strconv"
	"testing"

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
