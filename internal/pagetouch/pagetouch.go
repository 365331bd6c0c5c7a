// Package pagetouch writes a word of each page of memory fresh from the
// system, so that the memory's first access is not a read: on Linux a read
// maps the shared zero page, and the first write after it faults again
// and flushes the TLBs of the other cores running the process (an
// interrupt each; issue 25: ~1 % of the RFC directory's CPU, in the lint
// memo's tables and the JSON fragment cache).
package pagetouch

import "unsafe"

const page = 4096

// Zero writes the zero value to one element of s per page, and to its
// last: for s just made (all zero), so nothing it holds changes.
func Zero[T any](s []T) {
	var z T
	step := max(page/int(unsafe.Sizeof(z)), 1)
	for i := 0; i < len(s); i += step {
		s[i] = z
	}
	if len(s) > 0 {
		s[len(s)-1] = z // the last page, when s does not start one
	}
}

// Bytes is s's memory as bytes, for Absent.
func Bytes[T any](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	var z T
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), len(s)*int(unsafe.Sizeof(z)))
}
