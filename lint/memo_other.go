//go:build !linux

package lint

type memoMapping struct{}

// allocTable returns a zeroed table of n entries.
func (m *Memo) allocTable(n int) (t []memoEntry, free func()) {
	return make([]memoEntry, n), func() {}
}

const memoHugeMin = 4 << 20 // as on Linux, for the tests

// MemoOffHeap is the most all memos together map outside the Go heap:
// nothing here, where every table is on the heap.
const MemoOffHeap = 0
