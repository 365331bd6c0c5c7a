package corpus

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"golang.org/x/sys/unix"
)

// direntBufs are the walk's getdents buffers: a directory's are held
// until its paths are made, then go to the next directory.
var direntBufs = sync.Pool{New: func() any { return new([32 << 10]byte) }}

// readDir lists dir as os.ReadDir does, in lexical order, each entry with
// its path (dir+sep+name) and type, from getdents itself. The listing is
// read whole first, so that its entries, their index and their paths are
// each allocated once at their size: appended to as the entries came,
// the RFC series' 9,845-entry directory grew its entries 40 times (1.5 MB
// of garbage, 370 page faults at ~13 µs each on a small VM), and its
// 9,845 paths were as many allocations (issue 25, directory walk). The
// paths share one string.
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
	var bufs []*[32 << 10]byte
	var lens []int
	defer func() {
		for _, b := range bufs {
			direntBufs.Put(b)
		}
	}()
	count, names := 0, 0
	for {
		buf := direntBufs.Get().(*[32 << 10]byte)
		n, err := unix.Getdents(fd, buf[:])
		for err == unix.EINTR {
			n, err = unix.Getdents(fd, buf[:])
		}
		if err != nil || n <= 0 {
			direntBufs.Put(buf)
			if err != nil {
				return nil, &fs.PathError{Op: "readdirent", Path: dir, Err: err}
			}
			break
		}
		bufs, lens = append(bufs, buf), append(lens, n)
		eachDirent(buf[:n], func(_, name []byte, _ uint8) {
			count++
			names += len(name)
		})
	}
	// the entries, by where their record is: buffer, offset
	refs := make([]direntRef, 0, count)
	for i, buf := range bufs {
		eachDirent(buf[:lens[i]], func(rec, name []byte, typ uint8) {
			off := len(buf) - cap(rec)
			refs = append(refs, direntRef{key: nameKey(name), buf: uint32(i), off: uint16(off), n: uint8(len(name)), typ: typ})
		})
	}
	nameOf := func(r direntRef) []byte {
		at := int(r.off) + direntName
		return bufs[r.buf][at : at+int(r.n)]
	}
	refs = sortRefs(refs, nameOf)
	prefix := len(dir) + len(sep)
	var sb strings.Builder
	sb.Grow(count*prefix + names)
	for _, r := range refs {
		sb.WriteString(dir)
		sb.WriteString(sep)
		sb.Write(nameOf(r))
	}
	paths := sb.String()
	out := make([]dirent, 0, count)
	at := 0
	for _, r := range refs {
		end := at + prefix + int(r.n)
		e := dirent{path: paths[at:end], name: int32(prefix)}
		at = end
		typ := r.typ
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
	return out, nil
}

// sortRefs sorts refs by name. Most names differ in their first 8 bytes,
// their key: sorted by name through the buffers, the RFC series' 9,845
// names took a fifth of the walk's CPU; by key, a radix sort (a pass per
// byte of the key that differs between names) takes half as long as
// comparing keys. Names with equal keys are then sorted by name. It may
// return another slice than refs.
func sortRefs(refs []direntRef, nameOf func(direntRef) []byte) []direntRef {
	if len(refs) < radixMin {
		slices.SortFunc(refs, func(a, b direntRef) int {
			if a.key != b.key {
				return cmp.Compare(a.key, b.key)
			}
			return bytes.Compare(nameOf(a), nameOf(b))
		})
		return refs
	}
	var counts [8][256]int32
	for _, r := range refs {
		for p := range counts {
			counts[p][byte(r.key>>(8*p))]++
		}
	}
	s, tmp := refs, make([]direntRef, len(refs))
	for p := range counts { // the last byte first
		c := &counts[p]
		if int(c[byte(s[0].key>>(8*p))]) == len(s) {
			continue // the same in all
		}
		var at int32
		for i, n := range c {
			c[i], at = at, at+n
		}
		for _, r := range s {
			b := byte(r.key >> (8 * p))
			tmp[c[b]] = r
			c[b]++
		}
		s, tmp = tmp, s
	}
	for i := 0; i < len(s); {
		j := i + 1
		for j < len(s) && s[j].key == s[i].key {
			j++
		}
		if j-i > 1 {
			slices.SortFunc(s[i:j], func(a, b direntRef) int { return bytes.Compare(nameOf(a), nameOf(b)) })
		}
		i = j
	}
	return s
}

// radixMin is the fewest names sortRefs sorts with a radix sort (for
// fewer, its counts cost more than comparisons); a variable for the tests.
var radixMin = 256

// direntRef is where an entry's record is in the listing's buffers.
type direntRef struct {
	key uint64 // nameKey of its name
	buf uint32
	off uint16 // a buffer is 32 KiB
	n   uint8  // a name is at most 255 bytes
	typ uint8
}

// nameKey is a name's first 8 bytes as a big-endian number, zero-padded:
// keys compare as the names do when they differ (a name holds no NUL, so
// a shorter name sorts first), and equal keys leave the order to the rest.
func nameKey(name []byte) uint64 {
	var b [8]byte
	copy(b[:], name)
	return binary.BigEndian.Uint64(b[:])
}

// direntName is where a name starts in a struct linux_dirent64 (ino,
// off, reclen, type, name).
const direntName = 19

// eachDirent calls f with each entry of a getdents buffer but "." and
// "..": its record (from its start to the buffer's end), its name and its
// type.
func eachDirent(b []byte, f func(rec, name []byte, typ uint8)) {
	for len(b) >= direntName {
		ino := binary.NativeEndian.Uint64(b)
		reclen := int(binary.NativeEndian.Uint16(b[16:]))
		if reclen < direntName || reclen > len(b) {
			return
		}
		rec, typ, name := b, b[18], b[direntName:reclen]
		b = b[reclen:]
		if i := bytes.IndexByte(name, 0); i >= 0 {
			name = name[:i]
		}
		if ino == 0 || string(name) == "." || string(name) == ".." {
			continue
		}
		f(rec, name, typ)
	}
}
