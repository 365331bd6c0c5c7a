//go:build !linux

package pipeline

import "unsafe"

// prefault: pages are faulted in on use here.
func prefault(unsafe.Pointer, uintptr) {}
