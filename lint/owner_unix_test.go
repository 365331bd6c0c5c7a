//go:build unix

package lint

import (
	"os"
	"syscall"
)

func statOwner(path string) ([2]int, bool) {
	fi, err := os.Stat(path)
	if err != nil {
		return [2]int{}, false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return [2]int{}, false
	}
	return [2]int{int(st.Uid), int(st.Gid)}, true
}
