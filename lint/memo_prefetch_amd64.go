package lint

import "unsafe"

// prefetch asks the CPU to bring the cache line at p in (PREFETCHT0): a
// hint, which never faults.
//
//go:noescape
func prefetch(p unsafe.Pointer)
