//go:build !amd64

package lint

import "unsafe"

// prefetch is a hint where there is no instruction for it here: nothing.
func prefetch(p unsafe.Pointer) {}
