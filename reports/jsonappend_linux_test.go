package reports

import (
	"os"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The fragment cache's slots have every page written when they are made
// (fragCache.alloc): their first access is not a lookup's (or the
// collector's) read of the shared zero page, which the insert's write
// then faults again, flushing the other cores' TLBs (issue 25, the RFC
// directory's jsonl). Present pages (mincore) are what it checks: memory
// fresh from the system has none until touched.
func TestFragSlotsTouched(t *testing.T) {
	for _, n := range []int{1 << 10, 1 << 12, 1 << 14} {
		var c fragCache
		c.alloc(n, 4096)
		b := unsafe.Slice((*byte)(unsafe.Pointer(&c.slots[0])), len(c.slots)*int(unsafe.Sizeof(fragSlot{})))
		page := uintptr(os.Getpagesize())
		start := uintptr(unsafe.Pointer(&b[0])) &^ (page - 1)
		end := uintptr(unsafe.Pointer(&b[len(b)-1])) + 1
		vec := make([]byte, (end-start+page-1)/page)
		if _, _, e := unix.Syscall(unix.SYS_MINCORE, start, end-start, uintptr(unsafe.Pointer(&vec[0]))); e != 0 {
			t.Fatal(e)
		}
		for i, v := range vec {
			if v&1 == 0 {
				t.Errorf("%d slots: page %d of %d not present after alloc", n, i, len(vec))
				break
			}
		}
	}
}
