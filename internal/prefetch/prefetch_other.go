//go:build !amd64

package prefetch

import "unsafe"

// Hints where there is no instruction for them here: nothing.

func ends(p unsafe.Pointer, n uintptr) {}
