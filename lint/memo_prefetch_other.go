//go:build !amd64

package lint

import "unsafe"

// prefetch3 is a hint where there is no instruction for it here: nothing.
func prefetch3(p unsafe.Pointer) {}
