//go:build !linux

package lint

// allocTable returns a zeroed table of n slots.
func allocTable(n int) *memoTable {
	return &memoTable{e: make([]memoEntry, n), seen: make([]uint64, n/8)}
}

type memoMapping struct{}

func (t *memoTable) free() {}

func (t *memoTable) fault() {}

const memoHugeMin = 4 << 20 // as on Linux, for the tests

// MemoOffHeap is the most all memos together map outside the Go heap:
// nothing here, where every table is on the heap.
const MemoOffHeap = 0
