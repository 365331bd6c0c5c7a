package corpus

import (
	"strings"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// openatName is openat(2) with the name made a C string in a buffer of
// a's: unix.Openat allocates one per file.
func (a *Ahead) openatName(dirFD int, name string, flags int) (int, error) {
	if strings.IndexByte(name, 0) >= 0 {
		return -1, syscall.EINVAL // as unix.Openat
	}
	a.cname = append(append(a.cname[:0], name...), 0)
	r, _, e := syscall.Syscall6(unix.SYS_OPENAT, uintptr(dirFD), uintptr(unsafe.Pointer(&a.cname[0])), uintptr(flags), 0, 0, 0)
	if e != 0 {
		return -1, e
	}
	return int(r), nil
}
