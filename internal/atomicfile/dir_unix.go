//go:build unix

package atomicfile

import (
	"os"
	"syscall"
)

// lock takes an exclusive flock on directory dir until the returned
// function is called (or the process dies); best effort.
func lock(dir string) func() {
	f, err := os.Open(dir)
	if err != nil {
		return func() {}
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return func() {}
	}
	return func() { f.Close() } // closing drops the lock
}

// free reports whether no process holds dir's lock: a staging directory
// of a run that is gone.
func free(dir string) bool {
	f, err := os.Open(dir)
	if err != nil {
		return false
	}
	defer f.Close()
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}
