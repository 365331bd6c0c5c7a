package pagetouch

import (
	"runtime"
	"syscall"
	"testing"
)

// Fresh anonymous memory has no page present until touched (mincore);
// Zero makes every page of it present, for elements of any size.
func TestZeroTouchesEveryPage(t *testing.T) {
	type big [5000]byte // over a page: every element written
	for _, n := range []int{1, 4095, 4096, 4097, 3*4096 + 17} {
		b, err := syscall.Mmap(-1, 0, n+4096, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
		if err != nil {
			t.Fatal(err)
		}
		s := b[100 : 100+n] // not starting a page
		if k, err := Absent(s); err != nil || k != 0 {
			t.Fatalf("%d bytes: first absent page %d (%v) before Zero, want 0", n, k, err)
		}
		Zero(s)
		if k, err := Absent(s); err != nil || k != -1 {
			t.Errorf("%d bytes: page %d absent after Zero (%v)", n, k, err)
		}
		syscall.Munmap(b)
	}
	s := make([]big, 3)
	Zero(s)
	if k, err := Absent(Bytes(s)); err != nil || k != -1 {
		t.Errorf("elements over a page: page %d absent (%v)", k, err)
	}
	runtime.KeepAlive(s)
}
