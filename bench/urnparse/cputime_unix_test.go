//go:build unix

package urnparse

import "syscall"

// cpuTime is the CPU time (user + system, all threads, GC included) the
// process has used so far, in nanoseconds. Unlike wall time it does not grow
// while the benchmark is descheduled, so it stays meaningful on a shared,
// loaded machine.
func cpuTime() (int64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), true
}
