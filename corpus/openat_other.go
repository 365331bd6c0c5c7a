//go:build unix && !linux

package corpus

import "golang.org/x/sys/unix"

// openatName is openat(2).
func (a *Ahead) openatName(dirFD int, name string, flags int) (int, error) {
	return unix.Openat(dirFD, name, flags, 0)
}
