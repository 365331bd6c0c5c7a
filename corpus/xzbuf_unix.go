//go:build unix

package corpus

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// offHeap returns n bytes of anonymous memory outside the Go heap, and
// the mapping that holds them (for freeOffHeap), or nil. Outside the heap
// because large decoding buffers (xz's 24 MiB blocks for `xz -T0`) would
// otherwise count in the live heap that the collector doubles before each
// cycle. The buffer starts on a huge page and asks for huge pages
// (hugeHint): on a VM where a page fault costs 11-16 µs, 4 MiB of small
// pages took 27 ms to fault in, of huge pages 0.5 ms (issue 25).
func offHeap(n int) (buf, mapping []byte) {
	b, err := unix.Mmap(-1, 0, n+hugePageSize, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return nil, nil
	}
	hugeHint(b)
	off := 0
	if r := uintptr(unsafe.Pointer(&b[0])) & (hugePageSize - 1); r != 0 {
		off = hugePageSize - int(r)
	}
	return b[off : off+n : off+n], b
}

// freeOffHeap gives back a mapping offHeap returned; nothing may refer to it.
func freeOffHeap(mapping []byte) { unix.Munmap(mapping[:cap(mapping)]) }
