// Package prefetch asks the processor to bring memory into its cache
// before it is read: a hint for loops that know their next reads a few
// steps ahead (issue 25: a remembered identifier's text is out of the
// cache, and reading it stalls).
package prefetch

import "unsafe"

// String prefetches the cache lines where s's bytes start and end (a
// hint: never faults, changes nothing).
func String(s string) {
	if len(s) > 0 {
		ends(unsafe.Pointer(unsafe.StringData(s)), uintptr(len(s)))
	}
}

// Line prefetches the cache line of p.
func Line(p unsafe.Pointer) { ends(p, 1) }

// Ends prefetches the cache lines of p[0] and p[n-1], n > 0: every line
// of the n bytes when they span at most two.
func Ends(p unsafe.Pointer, n uintptr) { ends(p, n) }
