package atomicfile

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// errNoExchange: the system or file system cannot exchange two names.
var errNoExchange = errors.New("rename exchange not supported")

// exchange swaps the directories a and b in one step
// (renameat2 RENAME_EXCHANGE).
func exchange(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, unix.EINVAL), errors.Is(err, unix.ENOSYS), errors.Is(err, unix.EOPNOTSUPP):
		return errNoExchange
	}
	return &os.LinkError{Op: "exchange", Old: a, New: b, Err: err}
}
