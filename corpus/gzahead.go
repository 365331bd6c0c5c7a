package corpus

import (
	"bufio"
	"bytes"
	"io"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/gzip"
)

// A gzip file of many members (a .warc.gz has one per record; bgzip and
// concatenated .gz files are alike) is a row of independent streams, but
// where each starts is only known once the one before is decoded. gzAhead
// decodes ahead on other goroutines by guessing: the file is cut into
// chunks, and a job takes the first position in its chunk that starts a
// member which decodes whole with a valid CRC, then the members after it
// up to the chunk's end. A guess is used only where the members delivered
// so far end exactly at it; anywhere else (a gzip file stored inside a
// member, a member too large to buffer, a corrupt one) the members are
// decoded in order as a lone reader would, so the bytes, member offsets,
// errors and limits are the same whatever the number of goroutines.
type gzAhead struct {
	ra    io.ReaderAt
	size  int64 // of the file, when the reader was made
	base  int64 // where the first member starts
	chunk int64
	// guessing (reading and decoding from positions that may not start
	// a member) costs a job at most probe bytes of each, however many
	// false starts its chunk holds: a crafted file costs a small factor
	// of decoding it in order, not a chunk's work per false start
	probe int64
	width func() int // cores to keep busy (Options.decodeWidth)
	limit int        // bytes a job may decode

	jobs   []*gzJob // launched, in chunk order
	next   int64    // the next chunk to launch
	closed atomic.Bool
	wg     sync.WaitGroup
}

// gzJob is one chunk's guess and what it decoded.
type gzJob struct {
	k       int64 // chunk index
	done    chan struct{}
	start   int64      // the first member's offset; -1: none found
	end     int64      // where the last member ends
	members []gzMember // decoded, in order
	buf     []byte     // their bytes, one after another
	probe   int64      // bytes read and decoded before a guess stood
	stopped atomic.Bool
}

func (j *gzJob) quit(a *gzAhead) bool { return a.closed.Load() || j.stopped.Load() }

// release gives the job's buffer back.
func (j *gzJob) release() {
	gzBufPool.put(&j.buf)
	j.members = nil
}

// gzMember is one decoded member: its compressed range and its bytes.
type gzMember struct {
	in, inEnd   int64
	out, outEnd int // in gzJob.buf
}

// Sizes: chunks of 1 MiB hold dozens of web-crawl records; a job keeps at
// most 16 MiB decoded (a member larger than that is left to the lone
// reader), and at most 8 jobs run ahead, so a reader holds at most 128 MiB.
var (
	gzChunk    int64 = 1 << 20 // variables: tests make them small
	gzJobLimit       = 16 << 20
)

const (
	gzMaxAhead  = 8
	gzMinMember = 18 // a header and a trailer
)

// gzAheadDelivered counts the members delivered from jobs, for tests to
// know that decoding ahead took place.
var gzAheadDelivered atomic.Int64

// gzAheadDecoded counts the bytes jobs decoded, guesses that failed
// included, for tests to bound the work.
var gzAheadDecoded atomic.Int64

var gzBufPool bufPool // job buffers, gzip's and bzip2's

// bufPool recycles the buffers of decode-ahead jobs.
type bufPool struct{ p sync.Pool } // of *[]byte

// get returns an empty pooled buffer, or nil.
func (bp *bufPool) get() []byte {
	if p, ok := bp.p.Get().(*[]byte); ok {
		return (*p)[:0]
	}
	return nil
}

// put gives *buf back, if any, and clears it.
func (bp *bufPool) put(buf *[]byte) {
	if *buf != nil {
		b := (*buf)[:0]
		bp.p.Put(&b)
		*buf = nil
	}
}

func newGzAhead(ra io.ReaderAt, size, base int64, width func() int) *gzAhead {
	return &gzAhead{ra: ra, size: size, base: base, chunk: gzChunk, probe: 2 * gzChunk, width: width, limit: gzJobLimit}
}

// aheadJobs is how many jobs to keep in flight for a decode width: none
// on one core; else one more than the cores, so that one is ready when
// the reader takes one, and never more than 8.
func aheadJobs(width int) int {
	if width < 2 {
		return 0
	}
	return min(width+1, gzMaxAhead)
}

// at returns the job whose guess is the member starting at in, if the
// guess was right. Jobs behind in are dropped, and jobs are launched to
// keep a.ahead of them running past in.
func (a *gzAhead) at(in int64) *gzJob {
	if in < a.base || in >= a.size {
		return nil
	}
	k := (in - a.base) / a.chunk
	for len(a.jobs) > 0 && a.jobs[0].k < k {
		a.drop(a.jobs[0])
		a.jobs = a.jobs[1:]
	}
	a.next = max(a.next, k+1) // chunk k without a job is decoded by the caller
	var j *gzJob
	if len(a.jobs) > 0 && a.jobs[0].k == k {
		j = a.jobs[0]
		<-j.done
		if j.start == in && len(j.members) > 0 {
			a.jobs = a.jobs[1:]
		} else {
			j = nil
		}
	}
	for ahead := aheadJobs(a.width()); len(a.jobs) < ahead && a.base+a.next*a.chunk < a.size; {
		a.launch(a.next)
		a.next++
	}
	return j
}

func (a *gzAhead) launch(k int64) {
	j := &gzJob{k: k, done: make(chan struct{}), start: -1, buf: gzBufPool.get()}
	a.jobs = append(a.jobs, j)
	a.wg.Add(1)
	go func() {
		defer a.wg.Done()
		defer func() {
			if recover() != nil {
				// a decoder's bug met on a false start: the guess fails
				// (in order, the input's own recovery would report it)
				j.start, j.members = -1, nil
			}
			close(j.done)
			if j.stopped.Load() {
				j.release()
			}
		}()
		a.run(j)
	}()
}

// drop gives a job's buffer back, at once if it is done; else the job is
// told to stop and gives it back itself (the reader does not wait for a
// job it has passed).
func (a *gzAhead) drop(j *gzJob) {
	select {
	case <-j.done:
		j.release()
	default:
		j.stopped.Store(true)
	}
}

// close stops the jobs and waits for them.
func (a *gzAhead) close() {
	a.closed.Store(true)
	a.wg.Wait() // each stops within one read of its decoder
	for _, j := range a.jobs {
		a.drop(j)
	}
	a.jobs = nil
}

// run makes job j's guess: the first candidate in its chunk that decodes.
func (a *gzAhead) run(j *gzJob) {
	lo := a.base + j.k*a.chunk
	hi := min(lo+a.chunk, a.size)
	// the chunk and a header's length past it
	d, _ := gzDecPool.Get().(*gzDec)
	if d == nil {
		d = &gzDec{z: new(gzip.Reader), cr: &countingReader{}, br: bufio.NewReaderSize(nil, 64<<10)}
	}
	defer func() {
		d.br.Reset(nil) // no reference to the file kept
		d.cr.r = nil
		gzDecPool.Put(d)
	}()
	if int64(cap(d.scratch)) < hi-lo+10 {
		d.scratch = make([]byte, hi-lo+10)
	}
	scratch := d.scratch[:hi-lo+10]
	n, _ := a.ra.ReadAt(scratch, lo)
	scratch = scratch[:n]
	z, cr, br := d.z, d.cr, d.br
	for off := 0; off < int(hi-lo); {
		i := bytes.Index(scratch[off:], gzMagic)
		if i < 0 || off+i >= int(hi-lo) || j.quit(a) || j.probe >= a.probe {
			return
		}
		c := lo + int64(off+i)
		off += i + 1
		if c+gzMinMember > a.size || len(scratch) > off+2 && scratch[off+2]&0xe0 != 0 {
			continue // no room, or reserved flag bits set
		}
		if a.decode(j, c, hi, z, cr, br) {
			return
		}
	}
}

// gzDec is a job's decoder and buffers, reused by the next job.
type gzDec struct {
	z       *gzip.Reader
	cr      *countingReader
	br      *bufio.Reader
	scratch []byte
}

var gzDecPool sync.Pool

var gzMagic = []byte{0x1f, 0x8b, 8}

// decode decodes the members from c while they start before hi, into j;
// it reports whether the first one decoded (the guess stands). Until it
// has, what it reads and decodes counts against the job's probe budget.
func (a *gzAhead) decode(j *gzJob, c, hi int64, z *gzip.Reader, cr *countingReader, br *bufio.Reader) bool {
	lim := &io.LimitedReader{R: io.NewSectionReader(a.ra, c, a.size-c), N: a.probe - j.probe}
	cr.r = lim
	cr.n.Store(0)
	br.Reset(cr)
	pos := func() int64 { return c + cr.N() - int64(br.Buffered()) }
	in := c
	for !j.quit(a) {
		if err := z.Reset(br); err != nil {
			break
		}
		z.Multistream(false)
		out := len(j.buf)
		ok := a.member(j, z, len(j.members) == 0)
		if len(j.members) == 0 {
			j.probe += cr.N() + int64(len(j.buf)-out)
		}
		if !ok {
			j.buf = j.buf[:out]
			break
		}
		end := pos()
		if len(j.members) == 0 {
			j.start = in
			lim.N += int64(a.limit) + a.chunk // the guess stands: a job's reading
		}
		j.members = append(j.members, gzMember{in: in, inEnd: end, out: out, outEnd: len(j.buf)})
		j.end = end
		if end >= hi || end >= a.size {
			break
		}
		in = end
	}
	return len(j.members) > 0
}

// member reads one member whole into j.buf, within the job's limit (and
// the probe budget for a guess).
func (a *gzAhead) member(j *gzJob, z *gzip.Reader, guess bool) bool {
	limit := a.limit
	if guess {
		limit = min(limit, len(j.buf)+int(a.probe-j.probe))
	}
	for {
		if len(j.buf) >= limit {
			return false
		}
		if len(j.buf) == cap(j.buf) {
			j.buf = append(j.buf, make([]byte, min(max(2*cap(j.buf), 1<<20), a.limit)-len(j.buf))...)[:len(j.buf)]
		}
		n, err := z.Read(j.buf[len(j.buf):min(cap(j.buf), limit)])
		j.buf = j.buf[:len(j.buf)+n]
		gzAheadDecoded.Add(int64(n))
		if err == io.EOF {
			return true
		}
		if err != nil || j.quit(a) {
			return false
		}
	}
}
