package corpus

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// hugeOffHeap returns n bytes of anonymous memory
// outside the Go heap, on huge pages where the kernel gives them (a
// hint: transparent huge pages in "madvise" mode), or nil. On this
// project's reference VM a fresh 4 KiB page costs 11-16 µs to fault in:
// 4 MiB of small pages took 27 ms, on huge pages 0.5 ms (issue 25).
// The mapping (for freeOffHeap) is 2 MiB longer so that the slice
// starts on a huge page.
func hugeOffHeap(n int) (buf, mapping []byte) {
	b, err := unix.Mmap(-1, 0, n+hugePageSize, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return nil, nil
	}
	_ = unix.Madvise(b, unix.MADV_HUGEPAGE) // refused where unsupported: small pages
	off := 0
	if r := uintptr(unsafe.Pointer(&b[0])) & (hugePageSize - 1); r != 0 {
		off = hugePageSize - int(r)
	}
	return b[off : off+n : off+n], b
}
