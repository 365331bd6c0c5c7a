//go:build unix

package idlint_test

import (
	"syscall"
	"time"
)

// processCPU is the process's CPU time, user and system: what a
// benchmark's goroutines cost whatever else runs on a shared machine.
func processCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
