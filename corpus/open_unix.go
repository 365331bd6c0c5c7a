//go:build unix

package corpus

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
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
	// special: what is no regular file (a FIFO, a device), read through
	// os's poller so that an interrupt (done) ends a read that waits
	special *os.File
	done    <-chan struct{}
	closed  chan struct{} // ends the watch of done
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
	if f.special != nil {
		return f.readSpecial(p)
	}
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
	if f.special != nil {
		if f.closed != nil {
			close(f.closed)
		}
		f.fd = -1
		return f.special.Close()
	}
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

// linkDir stats the symbolic links a directory walk finds, relative to
// their directory (opened at the first): the RFC series' 292 links were
// each a stat of the whole path, with os.Stat's allocations.
type linkDir struct {
	dir   string
	tried bool // the directory opened (fd), or tried to be (fd -1)
	fd    int
}

// stat follows the link at path, whose name is in l's directory, and
// tells what it leads to: a directory, a regular file (0) or something
// else (fs.ModeIrregular); its error is os.Stat's.
func (l *linkDir) stat(path, name string) (fs.FileMode, error) {
	if !l.tried {
		l.tried, l.fd = true, -1
		if fd, err := syscall.Open(l.dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0); err == nil {
			l.fd = fd
		}
	}
	var st unix.Stat_t
	var err error
	for {
		if l.fd >= 0 {
			err = unix.Fstatat(l.fd, name, &st, 0)
		} else {
			err = unix.Stat(path, &st)
		}
		if err != unix.EINTR {
			break
		}
	}
	if err != nil {
		return 0, &fs.PathError{Op: "stat", Path: path, Err: err}
	}
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFDIR:
		return fs.ModeDir, nil
	case unix.S_IFREG:
		return 0, nil
	}
	return fs.ModeIrregular, nil
}

func (l *linkDir) close() {
	if l.tried && l.fd >= 0 {
		syscall.Close(l.fd)
	}
}

// openSpecial opens path when a stat finds no regular file there (ok
// false otherwise: open it as one): a FIFO waits for a writer, as cat and
// ripgrep do, but only until done; a device is opened non-blocking (a
// serial line does not wait for its carrier). Reads then go through os's
// poller, so that done also ends one waiting for data.
func openSpecial(path string, done <-chan struct{}) (f sysFile, ok bool, err error) {
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil || st.Mode&syscall.S_IFMT == syscall.S_IFREG || st.Mode&syscall.S_IFMT == syscall.S_IFDIR {
		return sysFile{}, false, nil
	}
	var fd int
	if st.Mode&syscall.S_IFMT == syscall.S_IFIFO {
		fd, err = openFIFO(path, done)
	} else {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
		if err != nil {
			err = &fs.PathError{Op: "open", Path: path, Err: err}
		}
	}
	if err != nil {
		return sysFile{}, true, err
	}
	if err := syscall.SetNonblock(fd, true); err != nil {
		syscall.Close(fd)
		return sysFile{}, true, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	f = sysFile{fd: fd, name: path, special: os.NewFile(uintptr(fd), path), done: done}
	if done != nil {
		f.closed = make(chan struct{})
		go func(file *os.File, closed <-chan struct{}) {
			select {
			case <-done:
				file.SetReadDeadline(time.Unix(1, 0)) // wakes a read waiting for data
			case <-closed:
			}
		}(f.special, f.closed)
	}
	return f, true, nil
}

// openFIFO opens a FIFO for reading, which waits for a writer, until done.
// Interrupted, it opens the FIFO for writing itself (a writer that leaves
// at once) so that the open waiting in the background returns, and closes
// what it opened.
func openFIFO(path string, done <-chan struct{}) (int, error) {
	if done == nil {
		return openFD(path)
	}
	type opened struct {
		fd  int
		err error
	}
	ch := make(chan opened, 1)
	go func() {
		fd, err := openFD(path)
		ch <- opened{fd, err}
	}()
	select {
	case o := <-ch:
		return o.fd, o.err
	case <-done:
	}
	go func() {
		for {
			// fails (ENXIO) while the open above has not started waiting
			if w, err := syscall.Open(path, syscall.O_WRONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0); err == nil {
				syscall.Close(w)
			}
			select {
			case o := <-ch:
				if o.err == nil {
					syscall.Close(o.fd)
				}
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}()
	return -1, &fs.PathError{Op: "open", Path: path, Err: errInterrupted}
}

// readSpecial reads a FIFO or a device until done.
func (f *sysFile) readSpecial(p []byte) (int, error) {
	select {
	case <-f.done:
		return 0, &fs.PathError{Op: "read", Path: f.name, Err: errInterrupted}
	default:
	}
	n, err := f.special.Read(p)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		err = &fs.PathError{Op: "read", Path: f.name, Err: errInterrupted}
	}
	return n, err
}

// open opens path for Plan, if fewer than heldMax are held, and tells
// its size; ok false (nothing held) when the open fails (Open will report
// it) or no regular file is there any more. O_NONBLOCK: what was a
// regular file when walked may be a FIFO now, whose open would wait.
func (a *Ahead) open(path string) (h *heldFD, size int64, ok bool) {
	if held.Add(1) > heldMax() {
		held.Add(-1)
		return nil, 0, false
	}
	fd, err := a.openat(path)
	if err != nil {
		held.Add(-1)
		return nil, 0, false
	}
	n, regular := regularSize(func(st *syscall.Stat_t) error { return syscall.Fstat(fd, st) })
	if !regular {
		syscall.Close(fd)
		held.Add(-1)
		return nil, 0, false
	}
	if len(a.fds) == 0 {
		a.fds = make([]heldFD, 64) // one allocation per 64 files, not one each
	}
	h, a.fds = &a.fds[0], a.fds[1:]
	h.fd.Store(int64(fd))
	return h, n, true
}

// openat opens path relative to its directory, opened when the
// path is in another directory than the last one's; path as it is when
// that fails.
func (a *Ahead) openat(path string) (int, error) {
	const flags = syscall.O_RDONLY | syscall.O_CLOEXEC | syscall.O_NONBLOCK
	dirFD, name := a.dirOf(path)
	for {
		fd, err := a.openatName(dirFD, name, flags)
		if err != syscall.EINTR {
			return fd, err
		}
	}
}

// dirOf returns the descriptor to open path relative to and the name to
// open there: its directory's and its base name, or AT_FDCWD and path.
func (a *Ahead) dirOf(path string) (int, string) {
	i := strings.LastIndexByte(path, '/')
	if i <= 0 || i == len(path)-1 {
		return unix.AT_FDCWD, path
	}
	if dir := path[:i]; dir != a.dir || a.dirFD < 0 {
		a.Close()
		fd, err := syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
		if err != nil {
			return unix.AT_FDCWD, path
		}
		a.dir, a.dirFD = dir, fd
	}
	return a.dirFD, path[i+1:]
}

// Close closes the directory an Ahead holds open (not the inputs').
func (a *Ahead) Close() {
	if a.dirFD > 0 {
		syscall.Close(a.dirFD)
	}
	a.dir, a.dirFD = "", -1
}

// heldMax bounds the descriptors held ahead: a quarter of those the
// process may open, at most 1024 (a planner runs a few groups of 64
// small files ahead of each worker).
var heldMax = sync.OnceValue(func() int64 {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 64
	}
	return int64(min(1024, lim.Cur/4))
})

// take hands the held descriptor over to its reader, once (nil-safe).
func (h *heldFD) take(path string) (sysFile, bool) {
	if h == nil {
		return sysFile{}, false
	}
	fd := h.fd.Swap(-1)
	if fd < 0 {
		return sysFile{}, false
	}
	held.Add(-1)
	return sysFile{fd: int(fd), name: path}, true
}

// release closes the held descriptor unless it was taken (nil-safe).
func (h *heldFD) release() {
	if s, ok := h.take(""); ok {
		s.Close()
	}
}
