//go:build unix

package corpus

import "golang.org/x/sys/unix"

// offHeap returns n bytes of anonymous memory outside the Go heap, or nil:
// the block buffers of xz decoding ahead (24 MiB each for `xz -T0`) would
// otherwise count in the live heap that the collector doubles before each
// cycle.
func offHeap(n int) []byte {
	b, err := unix.Mmap(-1, 0, n, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return nil
	}
	return b
}

// freeOffHeap gives back what offHeap returned; nothing may refer to it.
func freeOffHeap(b []byte) { unix.Munmap(b[:cap(b)]) }
