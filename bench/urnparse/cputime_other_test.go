//go:build !unix

package urnparse

// cpuTime is not measured here; the cpu-ns/ident metric is left out.
func cpuTime() (int64, bool) { return 0, false }
