package corpus

import (
	"io"

	"github.com/klauspost/readahead"
)

// The read-ahead buffers of an input's decoded stream (walker.decompress):
// 4 of 1 MiB, on huge pages where the system gives them, and kept for the
// next compressed input instead of faulting in 4 MiB afresh for each. On
// a VM where a page fault costs 11-16 µs, their 1,024 small pages were
// ~15-30 ms of the decoding goroutine's time on a 200 MB .tar.zst
// (issue 25, compressed inputs).
const (
	raBuffers    = 4
	raSize       = 1 << 20
	hugePageSize = 2 << 20 // offHeap's alignment
)

// raBufs is one set of read-ahead buffers; mapping is their memory when
// it is outside the heap.
type raBufs struct {
	bufs    [][]byte
	mapping []byte
}

// raFree holds sets for reuse.
var raFree = make(chan *raBufs, 4)

func getRaBufs() *raBufs {
	select {
	case b := <-raFree:
		return b
	default:
	}
	x, m := offHeap(raBuffers * raSize)
	if x == nil {
		x = make([]byte, raBuffers*raSize)
	}
	b := &raBufs{bufs: make([][]byte, raBuffers), mapping: m}
	for i := range b.bufs {
		b.bufs[i] = x[i*raSize : (i+1)*raSize : (i+1)*raSize]
	}
	return b
}

// putRaBufs keeps b for the next input once nothing reads into it or
// from it (the read-ahead closed, its reader done), or frees it when
// more inputs than raFree holds were decoded at once.
func putRaBufs(b *raBufs) {
	select {
	case raFree <- b:
	default:
		if b.mapping != nil {
			freeOffHeap(b.mapping)
		}
	}
}

// aheadCheck is how many bytes an input's decoded stream is read without
// read-ahead between two looks at whether a core has become idle.
const aheadCheck = 4 << 20

// lazyAhead reads an input's decoded stream on the worker's goroutine
// while every core holds a worker, and starts the read-ahead (decoding on
// a goroutine of its own) once a core is idle: when other inputs end,
// the last ones take the cores they leave. It never stops it again:
// bytes already read ahead would have to be handed back.
type lazyAhead struct {
	r    io.Reader // the decoded stream
	ra   io.ReadCloser
	rb   *raBufs
	idle func() bool
	n    int // bytes read since the last look
}

// newLazyAhead reads r ahead at once when idle says a core is idle.
func newLazyAhead(r io.Reader, idle func() bool) *lazyAhead {
	l := &lazyAhead{r: r, idle: idle}
	if idle() {
		l.start()
	}
	return l
}

func (l *lazyAhead) start() {
	rb := getRaBufs()
	ra, err := readahead.NewReaderBuffer(l.r, rb.bufs)
	if err != nil {
		putRaBufs(rb)
		l.idle = func() bool { return false }
		return
	}
	l.ra, l.rb = ra, rb
}

func (l *lazyAhead) Read(p []byte) (int, error) {
	if l.ra != nil {
		return l.ra.Read(p)
	}
	if l.n >= aheadCheck {
		l.n = 0
		if l.idle() {
			l.start()
			if l.ra != nil {
				return l.ra.Read(p)
			}
		}
	}
	k, err := l.r.Read(p)
	l.n += k
	return k, err
}

// close stops the read-ahead's goroutine, if it started, and keeps its
// buffers for the next input.
func (l *lazyAhead) close() {
	if l.ra != nil {
		l.ra.Close() // waits for the goroutine: nothing writes the buffers after
		putRaBufs(l.rb)
		l.ra, l.rb = nil, nil
	}
}
