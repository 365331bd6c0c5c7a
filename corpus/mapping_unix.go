//go:build unix

package corpus

import (
	"fmt"

	"golang.org/x/sys/unix"
)

func mapFile(path string, size int64) ([]byte, error) {
	f, err := openFile(path)
	if err != nil {
		return nil, err
	}
	defer f.Close() // the map outlives the descriptor
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	n := min(fi.Size(), size)
	if n <= 0 || n != int64(int(n)) {
		return nil, fmt.Errorf("cannot map %d bytes", n)
	}
	data, err := unix.Mmap(int(f.Fd()), 0, int(n), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("mmap: %w", err)
	}
	return data, nil
}

func unmap(data []byte) { unix.Munmap(data) }

func drop(b []byte) { unix.Madvise(b, unix.MADV_DONTNEED) }

// Mappable says memory maps are used on this system (Unix).
const Mappable = true
