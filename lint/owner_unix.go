//go:build unix

package lint

import (
	"os"
	"syscall"
)

// keepOwner gives the replacement file the replaced one's owner and
// group where the process may (root fixing another user's file); a
// failure leaves the process's own, as an editor's save would.
func keepOwner(f *os.File, fi os.FileInfo) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && (int(st.Uid) != os.Getuid() || int(st.Gid) != os.Getgid()) {
		f.Chown(int(st.Uid), int(st.Gid))
	}
}
