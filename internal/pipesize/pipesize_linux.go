package pipesize

import (
	"os"

	"golang.org/x/sys/unix"
)

func widen(f *os.File) {
	c, err := f.SyscallConn()
	if err != nil {
		return
	}
	// through the raw descriptor: f.Fd() would set it blocking
	c.Control(func(fd uintptr) {
		var st unix.Stat_t
		if unix.Fstat(int(fd), &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFIFO {
			return
		}
		if n, err := unix.FcntlInt(fd, unix.F_GETPIPE_SZ, 0); err != nil || n >= Size {
			return
		}
		unix.FcntlInt(fd, unix.F_SETPIPE_SZ, Size)
	})
}
