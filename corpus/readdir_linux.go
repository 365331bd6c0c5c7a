package corpus

import (
	"bytes"
	"encoding/binary"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"golang.org/x/sys/unix"
)

// direntBufs are the walk's getdents buffers.
var direntBufs = sync.Pool{New: func() any { return new([32 << 10]byte) }}

// readDir lists dir as os.ReadDir does, in lexical order, each entry with
// its path (dir+sep+name) and type, from getdents itself: one string per
// entry, where os.ReadDir allocates a DirEntry, its name and then the
// path (3 per file; the walk of the RFC series' 10,000 files was a third
// of the scan's page faults; issue 25).
func readDir(dir, sep string) ([]dirent, error) {
	var fd int
	var err error
	for {
		fd, err = unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		if err != unix.EINTR {
			break
		}
	}
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: dir, Err: err}
	}
	defer unix.Close(fd)
	buf := direntBufs.Get().(*[32 << 10]byte)
	defer direntBufs.Put(buf)
	var out []dirent
	prefix := len(dir) + len(sep)
	for {
		n, err := unix.Getdents(fd, buf[:])
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "readdirent", Path: dir, Err: err}
		}
		if n <= 0 {
			break
		}
		for b := buf[:n]; len(b) >= 19; {
			// struct linux_dirent64: ino, off, reclen, type, name
			ino := binary.NativeEndian.Uint64(b)
			reclen := int(binary.NativeEndian.Uint16(b[16:]))
			if reclen < 19 || reclen > len(b) {
				break
			}
			typ, name := b[18], b[19:reclen]
			b = b[reclen:]
			if i := bytes.IndexByte(name, 0); i >= 0 {
				name = name[:i]
			}
			if ino == 0 || string(name) == "." || string(name) == ".." {
				continue
			}
			var sb strings.Builder
			sb.Grow(prefix + len(name))
			sb.WriteString(dir)
			sb.WriteString(sep)
			sb.Write(name)
			e := dirent{path: sb.String(), name: prefix}
			if typ == unix.DT_UNKNOWN { // file systems without types: asked as os does
				var st unix.Stat_t
				if err := unix.Lstat(e.path, &st); err == unix.ENOENT {
					continue // gone since listed
				} else if err != nil {
					return nil, &fs.PathError{Op: "lstat", Path: e.path, Err: err}
				}
				typ = uint8((st.Mode & unix.S_IFMT) >> 12) // DT_ is S_IFMT's type
			}
			switch typ {
			case unix.DT_DIR:
				e.typ = fs.ModeDir
			case unix.DT_LNK:
				e.typ = fs.ModeSymlink
			case unix.DT_REG:
			case unix.DT_FIFO:
				e.typ = fs.ModeNamedPipe
			case unix.DT_SOCK:
				e.typ = fs.ModeSocket
			case unix.DT_CHR:
				e.typ = fs.ModeDevice | fs.ModeCharDevice
			case unix.DT_BLK:
				e.typ = fs.ModeDevice
			default:
				e.typ = fs.ModeIrregular
			}
			out = append(out, e)
		}
	}
	// the paths share dir+sep: in the order of their names
	slices.SortFunc(out, func(a, b dirent) int { return strings.Compare(a.path[a.name:], b.path[b.name:]) })
	return out, nil
}
