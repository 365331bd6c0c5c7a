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
	tally   *chunkTally // what Drop has been told, by chunk (files over dropAbove)
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
			if len(m.data) > dropAbove {
				m.tally = newChunkTally(int64(len(m.data)), dropChunk)
			}
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
//
// Pages go by whole dropChunk (64 MiB, a multiple of the 2 MiB huge
// page), once every byte of the chunk has been said scanned, whichever
// part said it last: a file in the page cache in large folios is mapped
// by 2 MiB entries, and dropping part of one splits it (another TLB flush
// on every CPU running the process, and the rest of the chunk left mapped
// by small pages).
func (m *Mapping) Drop(off, end int64) {
	if m.tally == nil {
		return
	}
	lo, hi := m.tally.add(off, end)
	page := int64(os.Getpagesize()) // 4 KiB, 16 KiB, 64 KiB: madvise wants its multiples
	if hi = hi / page * page; lo < hi {
		drop(m.data[lo:hi])
	}
}

// dropAbove is the size of the largest file whose scanned pages stay
// mapped until its scan ends.
const dropAbove = 256 << 20

// dropChunk is the unit in which Drop gives pages back: a multiple of
// the x86-64 and arm64 (4 KiB pages) huge page size and of every page
// size. Each drop is a TLB shootdown on every CPU running the process;
// in 2 MiB chunks (one madvise per 8 MiB part) they were 11% of the CPU
// of 2 GB of RFC text on a 2-core VM, in 64 MiB 3% (issue 25). A file's
// pages left mapped stay near a chunk per worker plus one (148 MB at -j 2).
const dropChunk = 64 << 20

// chunkTally counts the bytes said scanned of each chunk of a file.
type chunkTally struct {
	size, chunk int64
	done        []atomic.Int64
}

func newChunkTally(size, chunk int64) *chunkTally {
	return &chunkTally{size: size, chunk: chunk, done: make([]atomic.Int64, (size+chunk-1)/chunk)}
}

// add counts [off, end) as scanned and returns the chunks it completed,
// [lo, hi) (lo == hi: none). The chunks [off, end) completes are
// contiguous when the ranges added never overlap (a split file's parts):
// the ones inside it, and those at its ends whose other bytes were added
// before. Bytes added twice leave their chunk never complete (kept until
// the map goes), so a caller's mistake costs memory, never a page in use.
func (t *chunkTally) add(off, end int64) (lo, hi int64) {
	off, end = max(0, off), min(end, t.size)
	if off >= end {
		return 0, 0
	}
	lo, hi = -1, -1
	for c := off / t.chunk; c*t.chunk < end; c++ {
		cs, ce := c*t.chunk, min((c+1)*t.chunk, t.size)
		if t.done[c].Add(min(end, ce)-max(off, cs)) != ce-cs {
			continue
		}
		if lo < 0 {
			lo = cs
		} else if cs != hi {
			break // not contiguous (overlapping adds): keep the rest
		}
		hi = ce
	}
	if lo < 0 {
		return 0, 0
	}
	return lo, hi
}

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
