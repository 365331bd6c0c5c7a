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

// Lines3 prefetches the three cache lines from p on.
func Lines3(p unsafe.Pointer) { lines3(p) }
