package pagetouch

import (
	"os"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Absent is the index of the first page of b's that is not present
// (mincore), -1 when all are: what tests of Zero's callers check.
func Absent(b []byte) (int, error) {
	if len(b) == 0 {
		return -1, nil
	}
	page := uintptr(os.Getpagesize())
	start := uintptr(unsafe.Pointer(&b[0])) &^ (page - 1)
	end := uintptr(unsafe.Pointer(&b[len(b)-1])) + 1
	vec := make([]byte, (end-start+page-1)/page)
	if _, _, e := unix.Syscall(unix.SYS_MINCORE, start, end-start, uintptr(unsafe.Pointer(&vec[0]))); e != 0 {
		return 0, e
	}
	for i, v := range vec {
		if v&1 == 0 {
			return i, nil
		}
	}
	return -1, nil
}
