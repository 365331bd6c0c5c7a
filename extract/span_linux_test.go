//go:build linux

package extract

import (
	"testing"

	"golang.org/x/sys/unix"
)

// A span or a line count that runs to the end of a buffer ending on a page
// boundary, with an unreadable page after it, never reads past the buffer
// (the assembly loads 64 bytes at a time, masked at the end).
func TestSpanStopsAtPageEnd(t *testing.T) {
	page := unix.Getpagesize()
	mem, err := unix.Mmap(-1, 0, 2*page, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANON)
	if err != nil {
		t.Skip("mmap:", err)
	}
	defer unix.Munmap(mem)
	if err := unix.Mprotect(mem[page:], unix.PROT_NONE); err != nil {
		t.Skip("mprotect:", err)
	}
	defer SetKernel("")
	for _, name := range Kernels() {
		SetKernel(name)
		for n := 1; n <= 200; n++ {
			buf := mem[page-n : page]
			for j := range buf {
				buf[j] = 'x'
				if j%3 == 0 {
					buf[j] = '\n'
				}
			}
			if got, want := countNL(buf), (n+2)/3; got != want {
				t.Fatalf("kernel %s: countNL over the last %d bytes: %d, want %d", name, n, got, want)
			}
			for j := range buf {
				buf[j] = 'x'
			}
			var pos, ends []int
			for p := range n {
				pos, ends = append(pos, p), append(ends, 0)
			}
			if spansURN(buf, pos, ends) {
				for k, p := range pos {
					// -1: left to spanURN, for a run of 128 bytes and
					// more, or (AVX2, whole windows only) one to the end
					avx2 := name == "avx2" || name == "avx2-branchless"
					if ends[k] != n && (ends[k] != -1 || n-p-1 < 128 && !avx2) {
						t.Fatalf("kernel %s: spansURN over the last %d bytes from %d: %d", name, n, p+1, ends[k])
					}
				}
			}
			for i := 0; i <= n; i++ {
				if got := spanURN(buf, i, n); got != n {
					t.Fatalf("kernel %s: spanURN over the last %d bytes from %d: %d", name, n, i, got)
				}
				if got := spanURI(buf, i, n); got != n {
					t.Fatalf("kernel %s: spanURI over the last %d bytes from %d: %d", name, n, i, got)
				}
			}
		}
	}
}
