package corpus

import (
	"io"
	"sync/atomic"

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

// fileAheadMin is the smallest input file read ahead (fileAhead): below
// it the goroutine and its buffers cost more than the reads they save.
const fileAheadMin = 1 << 20

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
	file fileAhead
}

// newLazyAhead reads r ahead at once when idle says a core is idle. in,
// when not nil, counts the compressed bytes that r's decoder reads from
// the input file: they are then read ahead too (fileAhead).
func newLazyAhead(r io.Reader, idle func() bool, in *countingReader) *lazyAhead {
	l := &lazyAhead{r: r, idle: idle, file: fileAhead{cnt: in}}
	if idle() {
		l.start()
	}
	return l
}

func (l *lazyAhead) start() {
	l.file.start() // before ra's goroutine reads through it
	rb := getRaBufs()
	ra, err := readahead.NewReaderBuffer(l.r, rb.bufs)
	if err != nil {
		putRaBufs(rb)
		l.file.close()
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
		l.file.close()
	}
}

// fileAhead reads an input's compressed file on a goroutine of its own,
// below the count of its bytes (cnt): the decoding goroutine, the run's
// critical path, then makes no system call to read. On a VM with page
// table isolation each call also costs the decoder its TLB: on a 200 MB
// .tar.zst (issue 25, 48 MB compressed, 750 reads of 64 KiB) the decoding
// goroutine's thread took 228-296 ms of CPU with its reads, 214-247 ms
// without (two sets of six runs, each set at one load).
// The count, and so every offset and limit, is of the bytes consumed.
type fileAhead struct {
	cnt  *countingReader // nil: nothing to read ahead
	file io.Reader       // cnt's reader before
	ra   io.ReadCloser
	rb   *raBufs
}

func (f *fileAhead) start() {
	if f.cnt == nil {
		return
	}
	rb := getRaBufs()
	ra, err := readahead.NewReaderBuffer(f.cnt.r, rb.bufs)
	if err != nil {
		putRaBufs(rb)
		return
	}
	f.file, f.ra, f.rb = f.cnt.r, ra, rb
	f.cnt.r = ra
	fileAheadStarted.Add(1)
}

// fileAheadStarted counts the files read ahead, for tests.
var fileAheadStarted atomic.Int64

// close stops the goroutine, once nothing reads cnt, and gives cnt its
// reader back.
func (f *fileAhead) close() {
	if f.ra != nil {
		f.ra.Close()
		putRaBufs(f.rb)
		f.cnt.r = f.file
		f.ra, f.rb, f.file = nil, nil, nil
	}
}
