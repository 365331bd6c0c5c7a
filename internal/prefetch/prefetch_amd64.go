package prefetch

import "unsafe"

// Go has no prefetch of its own: PREFETCHT0 in assembly.

// ends prefetches the lines of p[0] and p[n-1], n > 0.
//
//go:noescape
func ends(p unsafe.Pointer, n uintptr)
