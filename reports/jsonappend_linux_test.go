package reports

import (
	"testing"

	"github.com/idlint/idlint/internal/pagetouch"
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
		if k, err := pagetouch.Absent(pagetouch.Bytes(c.slots)); err != nil {
			t.Fatal(err)
		} else if k >= 0 {
			t.Errorf("%d slots: page %d not present after alloc", n, k)
		}
	}
}
