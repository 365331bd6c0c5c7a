package lint

import "unsafe"

// prefetch3 asks the CPU to bring the three cache lines from p on in
// (PREFETCHT0): a hint, which never faults. One call for the three, in
// assembly, since Go has no prefetch of its own.
//
//go:noescape
func prefetch3(p unsafe.Pointer)
