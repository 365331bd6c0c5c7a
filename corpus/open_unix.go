//go:build unix

package corpus

import (
	"io"
	"io/fs"
	"os"
	"syscall"
)

// openFile opens a file for reading without os.Open's attempt to register
// it with the network poller (four fcntl calls and a failing epoll_ctl per
// file, measurable on a corpus of ten thousand small files).
func openFile(path string) (*os.File, error) {
	fd, err := openFD(path)
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(fd), path), nil
}

func openFD(path string) (int, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return -1, &fs.PathError{Op: "open", Path: path, Err: err}
		}
		return fd, nil
	}
}

// sysFile is an input file read through its bare descriptor: each of the
// ten thousand files of a spec corpus costs an open, reads and a close,
// without os.NewFile's fcntl, its finalizer and its poller bookkeeping.
// Reads block the calling thread, which the runtime hands off as for any
// system call.
type sysFile struct {
	fd   int
	name string
}

func openSys(path string) (sysFile, error) {
	fd, err := openFD(path)
	if err != nil {
		return sysFile{}, err
	}
	return sysFile{fd: fd, name: path}, nil
}

// maxRW bounds one read, as os does (some systems fail larger ones).
const maxRW = 1 << 30

func (f *sysFile) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if len(p) > maxRW {
		p = p[:maxRW]
	}
	for {
		n, err := syscall.Read(f.fd, p)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, &fs.PathError{Op: "read", Path: f.name, Err: err}
		case n == 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

// ReadAt reads len(p) bytes unless the file ends first (io.ReaderAt).
func (f *sysFile) ReadAt(p []byte, off int64) (int, error) {
	done := 0
	for done < len(p) {
		q := p[done:]
		if len(q) > maxRW {
			q = q[:maxRW]
		}
		n, err := syscall.Pread(f.fd, q, off+int64(done))
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return done, &fs.PathError{Op: "read", Path: f.name, Err: err}
		case n == 0:
			return done, io.EOF
		}
		done += n
	}
	return done, nil
}

func (f *sysFile) Close() error {
	err := syscall.Close(f.fd)
	f.fd = -1
	if err != nil {
		return &fs.PathError{Op: "close", Path: f.name, Err: err}
	}
	return nil
}

// size is the file's size, ok when it is a regular file.
func (f *sysFile) size() (n int64, ok bool) {
	return regularSize(func(st *syscall.Stat_t) error { return syscall.Fstat(f.fd, st) })
}

// statSize is the size of the regular file at path (following links),
// without the allocations of os.Stat.
func statSize(path string) (n int64, ok bool) {
	return regularSize(func(st *syscall.Stat_t) error { return syscall.Stat(path, st) })
}

// regularSize is the size stat reports, ok when it is of a regular file.
func regularSize(stat func(*syscall.Stat_t) error) (n int64, ok bool) {
	var st syscall.Stat_t
	err := stat(&st)
	for err == syscall.EINTR {
		err = stat(&st)
	}
	if err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return -1, false
	}
	return st.Size, true
}
