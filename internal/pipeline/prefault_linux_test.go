package pipeline

import (
	"os"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// prefault makes present the whole pages of the range and no other, and
// leaves the bytes as they were (issue 25, page faults of pooled batches).
func TestPrefaultWholePagesOnly(t *testing.T) {
	page := os.Getpagesize()
	for _, tc := range []struct {
		name     string
		off, n   int
		from, to int // the pages made present
	}{
		{"whole pages", 2 * page, 3 * page, 2, 5},
		{"unaligned both ends", 2*page + 8, 3 * page, 3, 5},
		{"under a page", page + 1, page - 2, 0, 0},
		{"empty", 4 * page, 0, 0, 0},
	} {
		mem, err := unix.Mmap(-1, 0, 8*page, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
		if err != nil {
			t.Fatal(err)
		}
		prefault(unsafe.Pointer(&mem[tc.off]), uintptr(tc.n))
		vec := make([]byte, 8)
		if _, _, e := unix.Syscall(unix.SYS_MINCORE, uintptr(unsafe.Pointer(&mem[0])), uintptr(len(mem)), uintptr(unsafe.Pointer(&vec[0]))); e != 0 {
			t.Fatal(e)
		}
		for i, v := range vec {
			want := i >= tc.from && i < tc.to
			if got := v&1 != 0; got != want {
				if want && isOldKernel(t) {
					break
				}
				t.Errorf("%s: page %d present %v, want %v", tc.name, i, got, want)
			}
		}
		for i, b := range mem {
			if b != 0 {
				t.Fatalf("%s: byte %d is %d after prefault", tc.name, i, b)
			}
		}
		unix.Munmap(mem)
	}
}

// isOldKernel: MADV_POPULATE_WRITE is Linux 5.14's; before, prefault does
// nothing, which is allowed.
func isOldKernel(t *testing.T) bool {
	var u unix.Utsname
	if err := unix.Uname(&u); err != nil {
		return false
	}
	b := u.Release[:]
	var major, minor int
	i := 0
	for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		major = major*10 + int(b[i]-'0')
	}
	for i++; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		minor = minor*10 + int(b[i]-'0')
	}
	old := major < 5 || major == 5 && minor < 14
	if old {
		t.Logf("kernel %d.%d: no MADV_POPULATE_WRITE", major, minor)
	}
	return old
}
