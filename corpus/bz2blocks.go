package corpus

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"encoding/binary"
	"errors"
	"io"
	"slices"
	"sync"
	"sync/atomic"
)

// bz2Blocks decodes one bzip2 stream of an input file block by block,
// blocks ahead on idle cores, as lbzip2 and pbzip2 do for what `bzip2`
// writes (one stream). A block starts at a 48-bit magic on any bit; the
// magics found by a bit-level search are candidate starts and ends. A
// job decodes the bits from a candidate start to the next candidate, as
// a stream of one block of its own (the stream's header and block size,
// the block, an end-of-stream marker carrying the block's CRC) through
// compress/bzip2, which checks the block's CRC; a false magic inside the
// block makes that fail, and the job then ends the block at the candidate
// after (a few tries). The reader delivers a block only where the blocks
// before end, adds its CRC into the stream's combined CRC, and checks that
// at the stream's end. At the first doubt (a block no job could decode,
// a combined CRC that differs, what follows the stream, the ratio limit)
// it decodes the stream in order from its start with compress/bzip2,
// dropping the bytes already delivered: the bytes, errors and limits are
// those of the lone reader at every -j.
type bz2Blocks struct {
	ra      io.ReaderAt
	size    int64
	start   int64 // the stream's "BZh"
	level   byte
	width   func() int
	br      *bufio.Reader // the walker's reader, moved along what is delivered
	pos     func() int64
	ratio   float64
	grace   int64
	outBase int64 // bytes the enclosing reader delivered before the stream

	at      int64     // bit offset of the next block's magic
	crc     uint32    // combined CRC of the blocks delivered
	out     int64     // bytes of the stream delivered
	marks   []bz2Mark // magics from at on, ascending
	scanned int64     // bytes searched for magics
	jobs    []*bz2BlockJob
	cur     *bz2BlockJob
	off     int
	replay  io.Reader    // a block over the job limit, decoded again here
	serial  io.Reader    // the stream in order from its start
	sync    func() int64 // where the serial decoder is in the file
	end     int64        // byte after the stream, once it ended well
	scanBuf []byte
	err     error

	bufs, segs bz2Free

	closed atomic.Bool
	wg     sync.WaitGroup
}

// bz2Mark is a magic found at a bit offset of the file.
type bz2Mark struct {
	bit   int64
	final bool // the end-of-stream magic
}

type bz2BlockJob struct {
	start int64 // bit of the block's magic
	ends  []bz2Mark
	done  chan struct{}
	ok    bool
	end   bz2Mark // where the block ended: the next magic
	crc   uint32  // the block's CRC
	n     int     // bytes decoded
	buf   []byte  // the bytes; nil when over the limit
}

const (
	bz2BlockMagic = 0x314159265359
	bz2FinalMagic = 0x177245385090
	bz2Tries      = 4 // candidate ends a job tries for one block
)

var (
	bz2BlockLimit       = 8 << 20 // bytes a job keeps of one block; variables: tests change them
	bz2ScanStep   int64 = 1 << 20
)

// errBz2StreamEnd tells the enclosing reader that the stream ended well
// at bz2Blocks.end and that what follows starts "BZ".
var errBz2StreamEnd = errors.New("bzip2 stream ended")

// bz2BlocksDelivered counts the blocks delivered from jobs, and
// bz2BlocksFellBack the streams that fell back to order, for tests.
var bz2BlocksDelivered, bz2BlocksFellBack atomic.Int64

// bz2Free recycles a reader's buffers (blocks' bytes, segments): a
// channel, not a sync.Pool, which a collection empties, and at every
// block compress/bzip2's 3.6 MB table makes one come soon.
type bz2Free chan []byte

func (f bz2Free) get() []byte {
	select {
	case b := <-f:
		return b[:0]
	default:
		return nil
	}
}

func (f bz2Free) put(b *[]byte) {
	if *b != nil {
		select {
		case f <- (*b)[:0]:
		default:
		}
		*b = nil
	}
}

// bz2Keys[m][s] are bytes 1 to 5 of the 7 that hold magic m (block,
// final) starting s bits into the first: always bits of the magic.
var bz2Keys = func() (k [2][8][5]byte) {
	for m, magic := range []uint64{bz2BlockMagic, bz2FinalMagic} {
		for s := range 8 {
			w := magic << (8 - s) // 56 bits
			for i := range 5 {
				k[m][s][i] = byte(w >> (40 - 8*i))
			}
		}
	}
	return
}()

// bz2FindMarks appends the magics that start at bits [from*8, to*8) of the
// file, buf holding its bytes from offset base (at least to+6, or to the
// end of the file).
func bz2FindMarks(marks []bz2Mark, buf []byte, base, from, to int64) []bz2Mark {
	n := len(marks)
	for m, magic := range []uint64{bz2BlockMagic, bz2FinalMagic} {
		for s := range 8 {
			key := bz2Keys[m][s][:]
			for i := max(from-base, 0); i+1 < int64(len(buf)); {
				p := bytes.Index(buf[i+1:], key)
				if p < 0 {
					break
				}
				at := i + int64(p) // byte 0 of the seven
				i = at + 1
				if base+at >= to {
					break
				}
				if base+at < from {
					continue
				}
				need := int64(6)
				if s > 0 {
					need = 7
				}
				if at+need > int64(len(buf)) {
					continue
				}
				var w [8]byte
				copy(w[1:], buf[at:min(at+7, int64(len(buf)))])
				if (binary.BigEndian.Uint64(w[:])>>(8-s))&(1<<48-1) == magic {
					marks = append(marks, bz2Mark{bit: (base+at)*8 + int64(s), final: m == 1})
				}
			}
		}
	}
	slices.SortFunc(marks[n:], func(a, b bz2Mark) int { return int(a.bit - b.bit) })
	return marks
}

// bitsAt returns n <= 57 bits of buf from bit off (MSB first).
func bitsAt(buf []byte, off int64, n uint) uint64 {
	var w [8]byte
	if off/8 < int64(len(buf)) {
		copy(w[:], buf[off/8:])
	}
	return binary.BigEndian.Uint64(w[:]) << (off % 8) >> (64 - n)
}

// bz2Segment is a stream of one block: the header, bits [s, e) of src
// (src's bit 0 is s&^7's), and an end-of-stream marker with the block's
// CRC as the combined one (a stream of one block).
func bz2Segment(dst, src []byte, s, e int64, level byte) []byte {
	sh := uint(s % 8)
	nb := e - s
	full := nb / 8
	dst = append(dst[:0], 'B', 'Z', 'h', level)
	if sh == 0 {
		dst = append(dst, src[:full]...)
	} else {
		for j := range full {
			dst = append(dst, src[j]<<sh|src[j+1]>>(8-sh))
		}
	}
	w := bitWriter{dst: dst}
	w.put(bitsAt(src, int64(sh)+full*8, uint(nb%8)), uint(nb%8))
	w.put(bz2FinalMagic>>24, 24)
	w.put(bz2FinalMagic, 24)
	w.put(bitsAt(src, int64(sh)+48, 32), 32) // the block's CRC
	w.flush()
	return w.dst
}

// bitWriter appends bits, MSB first.
type bitWriter struct {
	dst []byte
	acc uint64
	n   uint
}

// put appends the low n <= 32 bits of v.
func (w *bitWriter) put(v uint64, n uint) {
	w.acc = w.acc<<n | v&(1<<n-1)
	for w.n += n; w.n >= 8; {
		w.n -= 8
		w.dst = append(w.dst, byte(w.acc>>w.n))
	}
}

// flush pads the last byte with zeros.
func (w *bitWriter) flush() {
	if w.n > 0 {
		w.dst = append(w.dst, byte(w.acc<<(8-w.n)))
		w.n = 0
	}
}

// newBz2Blocks returns a reader of the stream that starts at byte start,
// or nil when it does not open with a block.
func newBz2Blocks(ra io.ReaderAt, size, start int64, br *bufio.Reader, pos func() int64, width func() int, ratio float64, grace, outBase int64) *bz2Blocks {
	var head [10]byte
	if n, _ := ra.ReadAt(head[:], start); n < len(head) || string(head[:3]) != "BZh" || head[3] < '1' || head[3] > '9' ||
		bitsAt(head[4:], 0, 48) != bz2BlockMagic {
		return nil
	}
	return &bz2Blocks{ra: ra, size: size, start: start, level: head[3], width: width, br: br, pos: pos,
		ratio: ratio, grace: grace, outBase: outBase, at: (start + 4) * 8, scanned: start + 4,
		bufs: make(bz2Free, gzMaxAhead+2), segs: make(bz2Free, 2*gzMaxAhead+2)}
}

// maxSegBits bounds a block's bits: up to 20 per symbol, and the tables.
func (b *bz2Blocks) maxSegBits() int64 { return 20*100_000*int64(b.level-'0') + 1<<20 }

func (b *bz2Blocks) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, b.err
	}
	for {
		switch {
		case b.err != nil:
			return 0, b.err
		case b.serial != nil:
			n, err := b.serial.Read(p)
			if serr := skipTo(b.br, b.pos, b.sync()); serr != nil && err == nil {
				err = serr
			}
			if err != nil {
				b.err = err
			}
			return n, err
		case b.replay != nil:
			n, err := b.replay.Read(p)
			b.out += int64(n)
			if err == io.EOF {
				b.replay = nil
				b.finish()
			} else if err != nil {
				b.fallBack() // cannot happen: the job decoded it
			}
			if n > 0 {
				return n, nil
			}
			continue
		case b.cur != nil:
			n := copy(p, b.cur.buf[b.off:])
			b.off += n
			b.out += int64(n)
			if b.off == len(b.cur.buf) {
				b.finish()
			}
			if n > 0 {
				return n, nil
			}
			continue
		}
		j := b.job()
		if j == nil {
			b.fallBack()
			continue
		}
		if err := skipTo(b.br, b.pos, (j.end.bit+7)/8); err != nil {
			b.err = err
			continue
		}
		bz2BlocksDelivered.Add(1)
		b.cur, b.off = j, 0
		if j.buf == nil {
			seg, err := b.segment(j.start, j.end.bit, nil)
			if err != nil {
				b.fallBack()
				continue
			}
			b.replay = bzip2.NewReader(bytes.NewReader(seg))
		}
	}
}

// finish goes past the block delivered; at the stream's end it checks the
// combined CRC and what follows.
func (b *bz2Blocks) finish() {
	j := b.cur
	b.crc = (b.crc<<1 | b.crc>>31) ^ j.crc
	b.at = j.end.bit
	b.bufs.put(&j.buf)
	b.cur = nil
	if !j.end.final {
		return
	}
	var tail [16]byte
	n, _ := b.ra.ReadAt(tail[:], b.at/8)
	if int64(n)*8 < b.at%8+80 || uint32(bitsAt(tail[:n], b.at%8+48, 32)) != b.crc {
		b.fallBack()
		return
	}
	b.end = (b.at + 80 + 7) / 8
	if b.end < b.size {
		var bz [2]byte
		if n, _ := b.ra.ReadAt(bz[:], b.end); n < 2 || string(bz[:]) != "BZ" {
			b.fallBack() // trailing data: the lone reader's error
			return
		}
	}
	b.stop()
	b.err = errBz2StreamEnd
}

// job returns the decoded block that starts at b.at, or nil, after
// launching jobs ahead.
func (b *bz2Blocks) job() *bz2BlockJob {
	i := 0
	for i < len(b.jobs) && b.jobs[i].start < b.at {
		b.drop(b.jobs[i])
		i++
	}
	b.jobs = b.jobs[i:]
	i = 0
	for i < len(b.marks) && b.marks[i].bit < b.at {
		i++
	}
	b.marks = b.marks[i:]
	ahead := max(aheadJobs(b.width()), 1)
	next := b.at
	if len(b.jobs) > 0 {
		next = b.jobs[len(b.jobs)-1].start + 1
	}
	for len(b.jobs) < ahead {
		if !b.launch(next) {
			break
		}
		next = b.jobs[len(b.jobs)-1].start + 1
	}
	if len(b.jobs) == 0 || b.jobs[0].start != b.at {
		return nil
	}
	j := b.jobs[0]
	<-j.done
	b.jobs = b.jobs[1:]
	if !j.ok {
		b.drop(j)
		return nil
	}
	// the guard compares the bytes out with the compressed bytes read, at
	// least the block's end once it is delivered
	if out := b.outBase + b.out + int64(j.n); b.ratio > 0 && out > b.grace && float64(out) > b.ratio*float64(max((j.end.bit+7)/8, b.pos()+int64(b.br.Buffered()), 1)) {
		b.drop(j)
		return nil
	}
	return j
}

// launch starts a job on the first block magic at or past bit from,
// once the magics a block from there may end at are known.
func (b *bz2Blocks) launch(from int64) bool {
	k := 0
	for {
		for k < len(b.marks) && (b.marks[k].bit < from || b.marks[k].final) {
			k++
		}
		if k < len(b.marks) || b.scanned >= b.size {
			break
		}
		b.scan()
	}
	if k == len(b.marks) {
		return false
	}
	start := b.marks[k].bit
	for b.scanned < b.size && b.scanned*8 < start+b.maxSegBits() {
		b.scan()
	}
	var ends []bz2Mark
	for _, m := range b.marks[k+1:] {
		if m.bit-start > b.maxSegBits() || len(ends) == bz2Tries {
			break
		}
		ends = append(ends, m)
	}
	j := &bz2BlockJob{start: start, ends: ends, done: make(chan struct{})}
	b.jobs = append(b.jobs, j)
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		defer close(j.done)
		defer func() {
			if recover() != nil {
				j.ok = false
			}
		}()
		b.run(j)
	}()
	return true
}

// scan searches the next step of the file for magics.
func (b *bz2Blocks) scan() {
	from, to := b.scanned, min(b.scanned+bz2ScanStep, b.size)
	base := max(from-1, 0)
	n := int(min(to+7, b.size) - base)
	if cap(b.scanBuf) < n {
		b.scanBuf = make([]byte, n)
	}
	n, _ = b.ra.ReadAt(b.scanBuf[:n], base)
	b.marks = bz2FindMarks(b.marks, b.scanBuf[:n], base, from, to)
	b.scanned = to
}

// segment reads bits [s, e) of the file as a stream of one block.
func (b *bz2Blocks) segment(s, e int64, dst []byte) ([]byte, error) {
	src := b.segs.get()
	defer b.segs.put(&src)
	src = append(src, make([]byte, (e+7)/8+1-s/8)...)
	n, err := b.ra.ReadAt(src, s/8)
	if int64(n) < (e+7)/8-s/8 {
		if err == nil {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	return bz2Segment(dst, src, s, e, b.level), nil
}

// run decodes the job's block, ending it at each candidate in turn.
func (b *bz2Blocks) run(j *bz2BlockJob) {
	seg := b.segs.get()
	defer b.segs.put(&seg)
	for _, e := range j.ends {
		if b.closed.Load() {
			return
		}
		var err error
		if seg, err = b.segment(j.start, e.bit, seg); err != nil {
			return
		}
		buf := b.bufs.get()
		n, over, err := bz2Decode(seg, &buf)
		if err == nil {
			j.ok, j.end, j.n = true, e, n
			j.crc = uint32(bitsAt(seg[4:], 48, 32))
			if over {
				b.bufs.put(&buf)
			} else {
				j.buf = buf
			}
			return
		}
		b.bufs.put(&buf)
	}
}

// bz2Decode decodes a stream of one block into *buf, keeping at most
// bz2BlockLimit bytes (over: counted only).
func bz2Decode(seg []byte, buf *[]byte) (n int, over bool, err error) {
	r := bzip2.NewReader(bytes.NewReader(seg))
	b := *buf
	for {
		if len(b) == cap(b) {
			if len(b) >= bz2BlockLimit {
				over = true
				k, err := io.Copy(io.Discard, r)
				*buf = b
				return len(b) + int(k), over, err
			}
			b = append(b, make([]byte, min(max(2*cap(b), 1<<20), bz2BlockLimit)-len(b))...)[:len(b)]
		}
		k, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+k]
		if err == io.EOF {
			*buf = b
			return len(b), false, nil
		}
		if err != nil {
			*buf = b
			return len(b), false, err
		}
	}
}

// fallBack decodes the stream in order from its start, dropping the bytes
// already delivered, and the rest of the file after it, as the lone
// reader does.
func (b *bz2Blocks) fallBack() {
	bz2BlocksFellBack.Add(1)
	b.stop()
	if b.cur != nil {
		b.bufs.put(&b.cur.buf)
		b.cur = nil
	}
	b.replay = nil
	sr := io.NewSectionReader(b.ra, b.start, b.size-b.start)
	fb := bufio.NewReaderSize(sr, 64<<10)
	b.sync = func() int64 {
		off, _ := sr.Seek(0, io.SeekCurrent)
		return b.start + off - int64(fb.Buffered())
	}
	d := bzip2.NewReader(fb)
	if _, err := io.CopyN(io.Discard, d, b.out); err != nil {
		b.err = err // cannot happen: those bytes decoded before
		return
	}
	b.serial = d
}

func (b *bz2Blocks) drop(j *bz2BlockJob) {
	<-j.done
	b.bufs.put(&j.buf)
}

// stop ends the jobs and waits for them.
func (b *bz2Blocks) stop() {
	b.closed.Store(true)
	b.wg.Wait()
	for _, j := range b.jobs {
		b.drop(j)
	}
	b.jobs = nil
}

func (b *bz2Blocks) close() {
	b.stop()
	if b.cur != nil {
		b.bufs.put(&b.cur.buf)
		b.cur = nil
	}
}
