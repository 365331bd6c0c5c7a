package corpus

import (
	"errors"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
)

// Mapping is a read-only memory map of a whole plain-text file, shared by
// the workers that scan its parts (Split): they scan the file's pages in
// place instead of copying them from the page cache into buffers, which
// was 40% of a worker's time on plain text. The map is made on first use
// and removed when the last of its users releases it (or, should a user
// never come, when the Mapping is collected).
//
// Scanning mapped memory faults if the file shrinks meanwhile: a user
// reads it with debug.SetPanicOnFault(true) and reports the panic as an
// error of the file.
type Mapping struct {
	path    string
	size    int64 // the size Split planned with
	users   atomic.Int32
	once    sync.Once
	data    []byte
	err     error
	cleanup runtime.Cleanup
}

// ErrNoMapping says memory maps are not available here (not a Unix); the
// caller reads the file instead.
var ErrNoMapping = errors.New("memory maps not supported on this system")

// NewMapping prepares the map of in's file for users parts; size is the
// file's size when it was split.
func NewMapping(in Input, size int64, users int) *Mapping {
	m := &Mapping{path: in.Path, size: size}
	m.users.Store(int32(users))
	return m
}

// Bytes maps the file on the first call and returns its bytes (fewer than
// planned if the file shrank since). The slice must not be used after
// Release.
func (m *Mapping) Bytes() ([]byte, error) {
	m.once.Do(func() {
		m.data, m.err = mapFile(m.path, m.size)
		if m.data != nil {
			// a map some user never released goes with the Mapping
			m.cleanup = runtime.AddCleanup(m, func(d []byte) { unmap(d) }, m.data)
		}
	})
	return m.data, m.err
}

// Drop says the bytes [off, end) are scanned. In a file over dropAbove
// their pages then leave the process (they stay in the page cache; a
// later read maps them again), so that its resident memory is the parts
// being scanned, not the whole file. Smaller files keep their pages until
// Release: dropping each 8 MiB part made 555 MB of files 20% slower to
// scan (TLB shootdowns interrupting the other workers). Above 256 MiB the
// pages go (issue 24 §5: a 460 MB file's kept pages doubled the RSS of a
// --report run bounded at 448 MiB of heap, 909 MB; dropped, 488 MB, CPU
// 147 s against 156 s).
func (m *Mapping) Drop(off, end int64) {
	if len(m.data) <= dropAbove {
		return
	}
	page := int64(os.Getpagesize()) // 4 KiB, 16 KiB, 64 KiB: madvise wants its multiples
	lo, hi := (off+page-1)/page*page, min(end, int64(len(m.data)))/page*page
	if lo < hi {
		drop(m.data[lo:hi])
	}
}

// dropAbove is the size of the largest file whose scanned pages stay
// mapped until its scan ends.
const dropAbove = 256 << 20

// Release says one user is done; the last one removes the map.
func (m *Mapping) Release() {
	if m == nil {
		return
	}
	if m.users.Add(-1) != 0 {
		return
	}
	m.once.Do(func() {}) // never mapped: nothing to do, and no map after this
	if m.data != nil {
		m.cleanup.Stop()
		unmap(m.data)
		m.data = nil
	}
}
