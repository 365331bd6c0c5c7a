package lint

import (
	"runtime"
	"syscall"
	"unsafe"
)

// memoHugeMin is the smallest table mapped outside the Go heap, in huge
// pages: a dense input's lookups land at random in a table of tens of MB,
// and in 4 KiB pages each also missed the TLB (a page walk before the
// cache miss); huge pages also fault the table in 2 MiB at a time.
const memoHugeMin = 4 << 20

// memoMapping holds a memo's mapped table, for the cleanup that unmaps it
// when the memo is collected.
type memoMapping struct{ b []byte }

// allocTable returns a zeroed table of n entries: a mapping in huge pages
// when it is big (the entries hold no pointers, so the collector need not
// see them), else from the heap. free unmaps the table it replaces, to be
// called once that table is read.
func (m *Memo) allocTable(n int) (t []memoEntry, free func()) {
	size := n * int(unsafe.Sizeof(memoEntry{}))
	if size < memoHugeMin {
		return make([]memoEntry, n), func() {}
	}
	b, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return make([]memoEntry, n), func() {}
	}
	_ = syscall.Madvise(b, 14) // MADV_HUGEPAGE; a hint, refused where unsupported
	if m.mapping == nil {
		m.mapping = new(memoMapping)
		runtime.AddCleanup(m, func(mm *memoMapping) {
			if mm.b != nil {
				_ = syscall.Munmap(mm.b)
			}
		}, m.mapping)
	}
	old := m.mapping.b
	m.mapping.b = b
	return unsafe.Slice((*memoEntry)(unsafe.Pointer(&b[0])), n), func() {
		if old != nil {
			_ = syscall.Munmap(old)
		}
	}
}
