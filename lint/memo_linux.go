package lint

import (
	"runtime"
	"sync/atomic"
	"syscall"
	"unsafe"

	"github.com/idlint/idlint/internal/pagetouch"
)

// memoHugeMin is the smallest table mapped outside the Go heap, in huge
// pages: a dense input's lookups land at random in a table of tens of MB,
// and in 4 KiB pages each also missed the TLB (a page walk before the
// cache miss); huge pages also fault the table in 2 MiB at a time.
const memoHugeMin = 4 << 20

const hugePage = 2 << 20

// MemoOffHeap is the most all memos together map outside the Go heap,
// where a soft memory limit (debug.SetMemoryLimit) does not see it: past
// it tables come from the heap. A command that sets a memory limit leaves
// this much out of it, so the process stays within what it was given.
const MemoOffHeap = 64 << 20

// offHeap is the bytes mapped by all memos now.
var offHeap atomic.Int64

// memoMapping is a mapped table's memory, unmapped by free or, if the
// table is dropped without, by the cleanup once it is unreachable.
type memoMapping struct {
	b       []byte
	cleanup runtime.Cleanup
}

// free unmaps t's mapping now: no memo reads t any more (reclaim).
func (t *memoTable) free() {
	if t.b != nil {
		t.cleanup.Stop()
		unmapTable(t.b)
		t.b = nil
	}
}

// fault faults t's mapped pages in (a write to each page): the kernel
// clears them now, not at the first lookups after t is published.
func (t *memoTable) fault() {
	if !t.mapped {
		return // from the heap: cleared already
	}
	for i := 0; i < len(t.e); i += 4096 / int(unsafe.Sizeof(memoEntry{})) {
		t.e[i].hash = 0
	}
}

func unmapTable(b []byte) {
	_ = syscall.Munmap(b)
	offHeap.Add(-int64(len(b)))
}

// allocTable returns a zeroed table of n slots: a mapping in huge pages
// when it is big and the off-heap budget allows (the entries hold no
// pointers, so the collector need not see them), else from the heap. A
// table replaced by a bigger one may still be read by other memos: it is
// unmapped once none does (memoStore.reclaim), or once unreachable.
func allocTable(n int) *memoTable {
	t := &memoTable{seen: make([]uint64, n/8)}
	size := n * int(unsafe.Sizeof(memoEntry{}))
	var b []byte
	if size >= memoHugeMin {
		// 2 MiB more, to start the table on a huge page: the kernel places
		// a mapping on 4 KiB, and the pages it straddles stay small
		size += hugePage
		if offHeap.Add(int64(size)) <= MemoOffHeap {
			var err error
			if b, err = syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON); err != nil {
				b = nil
			}
		}
		if b == nil {
			offHeap.Add(-int64(size))
		}
	}
	if b == nil {
		t.e = make([]memoEntry, n)
		// fresh from the system: each page written once now, not read
		// first by a lookup and written again by the insert (issue 25)
		pagetouch.Zero(t.e)
		pagetouch.Zero(t.seen)
		return t
	}
	_ = syscall.Madvise(b, 14) // MADV_HUGEPAGE; a hint, refused where unsupported
	start := unsafe.Pointer(&b[0])
	start = unsafe.Add(start, -int(uintptr(start))&(hugePage-1))
	t.e = unsafe.Slice((*memoEntry)(start), n)
	t.mapped, t.b = true, b
	t.cleanup = runtime.AddCleanup(t, unmapTable, b)
	return t
}
