package corpus

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"io"
	"sync"
	"sync/atomic"
)

// bz2Ahead reads a bzip2 file of many streams (pbzip2's output,
// Wikipedia's multistream dumps) decoding ahead on other goroutines, as
// gzAhead does for gzip members. A stream starts on a byte boundary with
// "BZh", a level digit and the first block's magic; a job takes the first
// such start in its chunk and the first one past the chunk's end and
// decodes the bytes between as streams of their own, which is exact when
// both are true starts and fails (a false start, a corrupt stream) when
// not. The reader delivers a job only where the streams before end at its
// start; at the first job it cannot use, it decodes the rest of the file
// in order, as a lone reader would, so the bytes, errors and limits are
// the same either way.
type bz2Ahead struct {
	ra    io.ReaderAt
	size  int64
	chunk int64
	width func() int
	limit int // bytes a job may decode
	span  int64

	br    *bufio.Reader // the walker's reader, moved along what is delivered
	pos   func() int64
	ratio float64
	grace int64

	at     int64 // where the next stream starts
	out    int64 // bytes delivered
	jobs   []*bz2Job
	next   int64
	cur    *bz2Job
	off    int
	serial io.Reader  // the rest of the file, decoded in order
	blocks *bz2Blocks // a stream decoded block by block
	err    error

	closed atomic.Bool
	wg     sync.WaitGroup
}

type bz2Job struct {
	k          int64
	done       chan struct{}
	start, end int64 // the streams decoded; start -1: none in the chunk
	buf        []byte
	ok         bool
}

var (
	bz2Chunk int64 = 1 << 20  // variables: tests make them small
	bz2Span  int64 = 16 << 20 // how far past its chunk a job looks for the next start
)

// bz2AheadDelivered counts the jobs delivered, for tests to know that
// decoding ahead took place.
var bz2AheadDelivered atomic.Int64

var bz2Magic = []byte{0x31, 0x41, 0x59, 0x26, 0x53, 0x59} // a block's first, after "BZh" and the level

func newBz2Ahead(ra io.ReaderAt, size int64, br *bufio.Reader, pos func() int64, width func() int, ratio float64, grace int64) *bz2Ahead {
	return &bz2Ahead{ra: ra, size: size, chunk: bz2Chunk, width: width, limit: gzJobLimit, span: bz2Span,
		br: br, pos: pos, ratio: ratio, grace: grace, at: pos()}
}

func (b *bz2Ahead) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, b.err
	}
	for {
		switch {
		case b.err != nil:
			return 0, b.err
		case b.blocks != nil:
			n, err := b.blocks.Read(p)
			b.out += int64(n)
			if err == errBz2StreamEnd {
				// what follows starts "BZ": a stream, as after a job's
				err = skipTo(b.br, b.pos, b.blocks.end)
				b.at = b.blocks.end
				b.blocks.close()
				b.blocks = nil
				if err != nil {
					b.err = err
				}
				if n > 0 {
					return n, nil
				}
				continue
			}
			if err != nil {
				b.err = err
			}
			return n, err
		case b.serial != nil:
			n, err := b.serial.Read(p)
			b.out += int64(n)
			if err != nil {
				b.err = err
			}
			return n, err
		case b.cur != nil:
			n := copy(p, b.cur.buf[b.off:])
			b.off += n
			b.out += int64(n)
			if b.off == len(b.cur.buf) {
				b.drop(b.cur)
				b.cur = nil
			}
			if n > 0 {
				return n, nil
			}
			continue
		}
		if _, err := b.br.Peek(1); err == io.EOF && b.at > 0 {
			b.err = io.EOF // the streams before ended the file
			continue
		}
		if j := b.job(); j != nil {
			if err := skipTo(b.br, b.pos, j.end); err != nil {
				b.drop(j)
				b.err = err
				continue
			}
			b.cur, b.off, b.at = j, 0, j.end
			bz2AheadDelivered.Add(1)
			continue
		}
		// in order from here; the walker's reader is at b.at. With a
		// core to spare, a stream's blocks are decoded ahead
		b.dropJobs()
		if b.width() >= 2 {
			if x := newBz2Blocks(b.ra, b.size, b.at, b.br, b.pos, b.width, b.ratio, b.grace, b.out); x != nil {
				b.blocks = x
				continue
			}
		}
		b.serial = bzip2.NewReader(b.br)
		b.stop()
	}
}

// job returns the job that decoded the streams from b.at, if one did and
// its bytes cannot trip the ratio limit, after launching jobs ahead.
func (b *bz2Ahead) job() *bz2Job {
	if b.at >= b.size {
		return nil
	}
	k := b.at / b.chunk
	for len(b.jobs) > 0 && b.jobs[0].k < k {
		b.drop(b.jobs[0])
		b.jobs = b.jobs[1:]
	}
	b.next = max(b.next, k)
	var j *bz2Job
	w := b.width()
	if w < 2 && len(b.jobs) == 0 {
		return nil // no core to spare: in order, without a job to wait for
	}
	for ahead := max(aheadJobs(w), 1); len(b.jobs) < ahead && b.next*b.chunk < b.size; b.next++ {
		b.launch(b.next) // k's own too: the reader waits for it
	}
	if len(b.jobs) > 0 && b.jobs[0].k == k {
		j = b.jobs[0]
		<-j.done
		b.jobs = b.jobs[1:]
	}
	if j == nil || !j.ok || j.start != b.at {
		if j != nil {
			b.drop(j)
		}
		return nil
	}
	// the guard compares with the compressed bytes read, at least those
	// the walker's reader has read by now
	if out := b.out + int64(len(j.buf)); b.ratio > 0 && out > b.grace && float64(out) > b.ratio*float64(max(j.start, b.pos()+int64(b.br.Buffered()), 1)) {
		b.drop(j)
		return nil
	}
	return j
}

func (b *bz2Ahead) launch(k int64) {
	j := &bz2Job{k: k, done: make(chan struct{}), start: -1}
	b.jobs = append(b.jobs, j)
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		defer close(j.done)
		defer func() {
			if recover() != nil {
				j.ok = false // a decoder's bug on a false start: the job fails
			}
		}()
		b.run(j)
	}()
}

// run finds the job's streams and decodes them.
func (b *bz2Ahead) run(j *bz2Job) {
	lo := j.k * b.chunk
	hi := min(lo+b.chunk, b.size)
	start := b.find(lo, hi)
	if start < 0 || b.closed.Load() {
		return
	}
	end := b.find(hi, min(hi+b.span, b.size))
	if end < 0 {
		if hi+b.span < b.size || b.size-start > b.chunk {
			// too far, or streams running to the end of the file: the
			// reader decodes them in order as fast (a file of one
			// stream would otherwise be decoded twice when over the
			// job's limit)
			return
		}
		end = b.size
	}
	j.start, j.end = start, end
	j.buf = gzBufPool.get()
	r := bzip2.NewReader(bufio.NewReaderSize(io.NewSectionReader(b.ra, start, end-start), 64<<10))
	for {
		if len(j.buf) == cap(j.buf) {
			if len(j.buf) >= b.limit || b.closed.Load() {
				return
			}
			j.buf = append(j.buf, make([]byte, min(max(2*cap(j.buf), 1<<20), b.limit)-len(j.buf))...)[:len(j.buf)]
		}
		n, err := r.Read(j.buf[len(j.buf):cap(j.buf)])
		j.buf = j.buf[:len(j.buf)+n]
		if err == io.EOF {
			j.ok = true
			return
		}
		if err != nil {
			return
		}
	}
}

// find returns the first stream start in [from, to), or -1.
func (b *bz2Ahead) find(from, to int64) int64 {
	const sig = 10 // "BZh", the level, the block magic
	buf := make([]byte, 64<<10+sig-1)
	for off := from; off < to; off += 64 << 10 {
		n, _ := b.ra.ReadAt(buf[:min(int64(len(buf)), b.size-off)], off)
		for i := 0; i+sig <= n && off+int64(i) < to; {
			k := bytes.Index(buf[i:n], []byte("BZh"))
			if k < 0 || off+int64(i+k) >= to || i+k+sig > n {
				break
			}
			i += k
			if c := buf[i+3]; c >= '1' && c <= '9' && bytes.Equal(buf[i+4:i+sig], bz2Magic) {
				return off + int64(i)
			}
			i++
		}
		if b.closed.Load() {
			return -1
		}
	}
	return -1
}

func (b *bz2Ahead) drop(j *bz2Job) {
	<-j.done
	gzBufPool.put(&j.buf)
}

// stop ends the jobs and waits for them.
func (b *bz2Ahead) stop() {
	b.closed.Store(true)
	b.wg.Wait()
	b.dropJobs()
}

// dropJobs waits for the jobs in flight and drops them.
func (b *bz2Ahead) dropJobs() {
	for _, j := range b.jobs {
		b.drop(j)
	}
	b.jobs = nil
}

func (b *bz2Ahead) close() {
	b.stop()
	if b.blocks != nil {
		b.blocks.close()
		b.blocks = nil
	}
	if b.cur != nil {
		b.drop(b.cur)
		b.cur = nil
	}
}

// skipTo reads br up to offset to (pos gives br's offset).
func skipTo(br *bufio.Reader, pos func() int64, to int64) error {
	for d := to - pos(); d > 0; d = to - pos() {
		if _, err := br.Discard(int(min(d, 1<<30))); err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return err
		}
	}
	return nil
}
