package corpus

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/ulikunitz/xz"
)

// xzBlocks decodes an .xz input file block by block, from the block list
// its indexes give (the .xz file format 1.0.4 §4: each stream ends with
// an index of its blocks' sizes, its footer says where the index starts),
// decoding the blocks ahead of the reader on idle cores: `xz -T0` and
// pixz write files of many independent blocks. Each block is decoded as a
// stream of its own (its stream's header, the block, a one-record index,
// a footer), so ulikunitz/xz checks it as it checks any: header CRC,
// padding, check, sizes against the index record. A block's dictionary is
// checked against the window limit before its decoder is made (as the
// gate does in order). The same blocks are decoded the same way whatever
// the number of cores (without a spare one, in the reader, one at a
// time), so the bytes, errors and limits are the same at every -j. Files
// whose indexes do not read back to their start, of one block or of a
// block over xzBlockLimit are decoded in order, as before.
type xzBlocks struct {
	ra     io.ReaderAt
	size   int64
	base   int64 // where the first stream starts: offsets in messages are from here
	blocks []xzBlock
	width  func() int
	max    int64 // window limit (<= 0: none)

	br  *bufio.Reader // the walker's reader, moved along what is delivered
	pos func() int64

	next   int      // the next block to deliver
	jobs   []*xzJob // launched, in block order, from next on
	ahead  int64    // bytes the jobs hold or will
	cur    *xzJob   // being delivered
	free   [][]byte // buffers of delivered blocks, for the next jobs
	mapped [][]byte // buffers outside the heap, unmapped at close
	stage  []byte   // the buffer of a block decoded here
	off    int      // in cur.buf
	err    error    // sticky
	closed atomic.Bool
	wg     sync.WaitGroup
}

// xzBlock is one block as its stream's index records it.
type xzBlock struct {
	off       int64 // of its header in the file
	unpadded  int64 // header, data and check, without the padding
	size      int64 // uncompressed
	flags     [2]byte
	n, stream int // its number in its stream, the stream's (from 1)
}

type xzJob struct {
	b    *xzBlock
	done chan struct{}
	buf  []byte
	err  error
	st   *xzStream // decoded here step by step (no core spare), else nil
}

// Limits: a block is decoded whole into memory, so files of blocks over
// 64 MiB (xz -T0 -8 and -9 write 96 and 192 MiB) are decoded in order;
// jobs ahead hold at most 128 MiB between them (xz -T0's default 24 MiB
// blocks: as many as there are cores to spare). xzMaxBlocks bounds the
// block list an index may ask for.
var (
	xzBlockLimit int64 = 64 << 20 // variables: tests make them small
	xzAheadBytes int64 = 128 << 20
)

const xzMaxBlocks = 1 << 20

// xzAheadDelivered counts the blocks delivered from jobs, for tests to
// know that decoding ahead took place.
var xzAheadDelivered atomic.Int64

// newXzBlocks returns a block-wise decoder of the xz file at base in ra,
// or nil when the file is to be decoded in order.
func newXzBlocks(ra io.ReaderAt, size, base int64, br *bufio.Reader, pos func() int64, width func() int, maxWindow int64) *xzBlocks {
	blocks := xzIndexes(ra, base, size)
	if len(blocks) < 2 {
		return nil
	}
	for i := range blocks {
		if blocks[i].size > xzBlockLimit {
			return nil
		}
	}
	return &xzBlocks{ra: ra, size: size, base: base, blocks: blocks, width: width, max: maxWindow, br: br, pos: pos}
}

var xzMagic = []byte{0xfd, '7', 'z', 'X', 'Z', 0}

// xzIndexes reads the block lists of the streams in ra[base:size] from
// their indexes, last stream first (as `xz --list` does); nil when they
// do not lead back to base through sound footers, indexes and stream
// headers, or list more than xzMaxBlocks blocks.
func xzIndexes(ra io.ReaderAt, base, size int64) []xzBlock {
	var streams [][]xzBlock
	total := 0
	le := binary.LittleEndian
	var b4 [4]byte
	for end := size; end > base; {
		// stream padding: groups of four zero bytes
		if end-base >= 4 {
			if _, err := ra.ReadAt(b4[:], end-4); err != nil {
				return nil
			}
			if b4 == [4]byte{} {
				end -= 4
				continue
			}
		}
		if end-base < 24 {
			return nil
		}
		var foot [12]byte
		if _, err := ra.ReadAt(foot[:], end-12); err != nil {
			return nil
		}
		if foot[10] != 'Y' || foot[11] != 'Z' || crc32.ChecksumIEEE(foot[4:10]) != le.Uint32(foot[:4]) {
			return nil
		}
		isize := (int64(le.Uint32(foot[4:8])) + 1) * 4
		istart := end - 12 - isize
		if istart < base+12 || isize > 16<<20 {
			return nil
		}
		idx := make([]byte, isize)
		if _, err := ra.ReadAt(idx, istart); err != nil {
			return nil
		}
		if idx[0] != 0 || crc32.ChecksumIEEE(idx[:isize-4]) != le.Uint32(idx[isize-4:]) {
			return nil
		}
		p := 1
		count, k := binary.Uvarint(idx[p:])
		if k <= 0 || count > xzMaxBlocks || total+int(count) > xzMaxBlocks {
			return nil
		}
		p += k
		blocks := make([]xzBlock, count)
		var span int64 // the blocks' bytes, padded
		for i := range blocks {
			u, k := binary.Uvarint(idx[p:])
			if k <= 0 || u < 5 || u > 1<<62 {
				return nil
			}
			p += k
			s, k := binary.Uvarint(idx[p:])
			if k <= 0 || s > 1<<62 {
				return nil
			}
			p += k
			blocks[i] = xzBlock{off: span, unpadded: int64(u), size: int64(s), n: i + 1}
			span += (int64(u) + 3) &^ 3
			if span > istart {
				return nil
			}
		}
		if (p+3)&^3 != int(isize)-4 || !allZero(idx[p:isize-4]) {
			return nil
		}
		start := istart - span - 12
		if start < base {
			return nil
		}
		var head [12]byte
		if _, err := ra.ReadAt(head[:], start); err != nil {
			return nil
		}
		if !bytes.Equal(head[:6], xzMagic) || head[6] != foot[8] || head[7] != foot[9] || crc32.ChecksumIEEE(head[6:8]) != le.Uint32(head[8:]) {
			return nil
		}
		for i := range blocks {
			blocks[i].off += start + 12
			blocks[i].flags = [2]byte{head[6], head[7]}
		}
		streams = append(streams, blocks)
		total += len(blocks)
		end = start
	}
	out := make([]xzBlock, 0, total)
	for i := len(streams) - 1; i >= 0; i-- {
		for _, b := range streams[i] {
			b.stream = len(streams) - i
			out = append(out, b)
		}
	}
	return out
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

func (x *xzBlocks) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, x.err
	}
	for {
		if x.cur != nil {
			n := copy(p, x.cur.buf[x.off:])
			x.off += n
			if c := x.cur; x.off == len(c.buf) && c.err == nil && c.st != nil && !c.st.end {
				c.buf, c.err = x.step(c.b, c.st, c.buf[:0])
				x.off = 0
			} else if x.off == len(c.buf) {
				if c.err != nil {
					x.err = c.err
				}
				x.release(c)
				x.cur = nil
			}
			if n > 0 {
				return n, nil
			}
			continue
		}
		if x.err != nil {
			return 0, x.err
		}
		if x.next == len(x.blocks) {
			// the last index, footer and padding: read, as in order
			if err := skipTo(x.br, x.pos, x.size); err != nil {
				x.err = err
			} else {
				x.err = io.EOF
			}
			continue
		}
		j := x.take()
		b := j.b
		if err := skipTo(x.br, x.pos, b.off+(b.unpadded+3)&^3); err != nil && j.err == nil {
			j.err = err
		}
		x.cur, x.off = j, 0
		x.next++
	}
}

// take returns the job of the next block: launched ahead, or decoded here
// when no core is spare.
func (x *xzBlocks) take() *xzJob {
	w := x.width()
	if w >= 2 {
		// the next block and those after it, w decoding at a time,
		// within xzAheadBytes (the next block always)
		for i := x.next + len(x.jobs); i < len(x.blocks) && len(x.jobs) < w; i++ {
			b := &x.blocks[i]
			if len(x.jobs) > 0 && x.ahead+b.size > xzAheadBytes {
				break
			}
			x.launch(b)
		}
	}
	if len(x.jobs) > 0 {
		j := x.jobs[0]
		x.jobs = x.jobs[1:]
		<-j.done
		x.ahead -= j.b.size
		xzAheadDelivered.Add(1)
		return j
	}
	// here, a step at a time, as a job would (the same bytes before an
	// error), through one buffer of a step
	j := &xzJob{b: &x.blocks[x.next]}
	r, err := x.open(j.b)
	if err != nil {
		j.err = x.named(j.b, err)
		return j
	}
	if x.stage == nil {
		x.stage = make([]byte, 0, xzStep)
	}
	j.st = &xzStream{r: r, size: j.b.size}
	j.buf, j.err = x.step(j.b, j.st, x.stage[:0])
	return j
}

func (x *xzBlocks) launch(b *xzBlock) {
	j := &xzJob{b: b, done: make(chan struct{})}
	x.jobs = append(x.jobs, j)
	x.ahead += b.size
	buf := x.buffer(b.size)
	x.wg.Add(1)
	go func() {
		defer x.wg.Done()
		defer close(j.done)
		j.buf, j.err = x.decode(b, buf)
	}()
}

// buffer returns an empty buffer for n bytes, a delivered block's if one
// is large enough: the same few buffers go round (a sync.Pool loses them
// at every collection, and the dictionaries each block's decoder
// allocates make many). They are mapped outside the Go heap where the
// system can: at -j 2 a 200 MB `xz -T0` file peaked at 180 MB RSS with
// them in the heap (issue 25 §3).
func (x *xzBlocks) buffer(n int64) []byte {
	for i, b := range x.free {
		if int64(cap(b)) >= n {
			x.free[i] = x.free[len(x.free)-1]
			x.free = x.free[:len(x.free)-1]
			return b[:0]
		}
	}
	if n >= xzOffHeapMin {
		// on huge pages where the system gives them: 24 MiB of small
		// pages is 6,144 faults, ~80 ms on a VM where one costs 13 µs
		if b, m := offHeap(int(n)); b != nil {
			x.mapped = append(x.mapped, m)
			return b[:0]
		}
	}
	return make([]byte, 0, n)
}

// xzOffHeapMin is the smallest buffer mapped outside the heap.
const xzOffHeapMin = 1 << 20

// release gives a job's buffer back.
func (x *xzBlocks) release(j *xzJob) {
	if j.st != nil {
		j.buf = nil // the stage, kept
		return
	}
	if j.buf != nil && !x.closed.Load() {
		x.free = append(x.free, j.buf)
	}
	j.buf = nil
}

// close stops the jobs and waits for them.
func (x *xzBlocks) close() {
	x.closed.Store(true)
	x.wg.Wait()
	for _, j := range x.jobs {
		x.release(j)
	}
	x.jobs = nil
	if x.cur != nil {
		x.release(x.cur)
		x.cur = nil
	}
	// the jobs have ended and the reader is done: nothing refers to them
	for _, b := range x.mapped {
		freeOffHeap(b)
	}
	x.mapped, x.free = nil, nil
}

// errXzClosed ends a job the reader no longer waits for.
var errXzClosed = errors.New("xz: closed")

// xzStep is how much of a block is decoded at a time: a job checks
// between steps whether to stop; a block decoded in the reader is
// delivered a step at a time. The steps are the same either way, and
// so is what an error leaves before it (the decoder gives what it had
// decoded when it fails, which depends on the reads).
const xzStep = 1 << 20

// xzStream is a block's decoder and how far it is.
type xzStream struct {
	r         io.Reader
	size, got int64
	end       bool // decoded and checked to its end
}

// decode decodes block b whole into buf: its bytes, and what stopped it
// short if anything did.
func (x *xzBlocks) decode(b *xzBlock, buf []byte) ([]byte, error) {
	r, err := x.open(b)
	if err != nil {
		return buf, x.named(b, err)
	}
	st := &xzStream{r: r, size: b.size}
	for !st.end {
		if x.closed.Load() {
			return buf, errXzClosed
		}
		if buf, err = x.step(b, st, buf); err != nil {
			return buf, err
		}
	}
	return buf, nil
}

// step decodes the next step of block b onto buf (with room for it); at
// the block's end it checks that nothing follows. Errors name the block.
func (x *xzBlocks) step(b *xzBlock, st *xzStream, buf []byte) (_ []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error: %v", p)
		}
		if err != nil {
			err = x.named(b, err)
		}
	}()
	if st.got < st.size {
		n := int(min(xzStep, st.size-st.got))
		k, err := st.r.Read(buf[len(buf) : len(buf)+n])
		buf = buf[:len(buf)+k]
		st.got += int64(k)
		if err == io.EOF {
			return buf, io.ErrUnexpectedEOF // shorter than the index says
		}
		if err != nil || st.got < st.size {
			return buf, err
		}
	}
	st.end = true
	var one [1]byte
	if k, err := st.r.Read(one[:]); k > 0 || err == nil {
		return buf, errors.New("block longer than the index says")
	} else if err != io.EOF {
		return buf, err
	}
	return buf, nil
}

// named says which block an error is in, as the gate does (the walker's
// guard puts "xz: " before it, as before the decoder's own errors).
func (x *xzBlocks) named(b *xzBlock, err error) error {
	if err == errXzClosed || errors.Is(err, ErrLimit) {
		return err
	}
	return fmt.Errorf("%s: %s", x.at(b), strings.TrimPrefix(err.Error(), "xz: "))
}

func (x *xzBlocks) at(b *xzBlock) string {
	return fmt.Sprintf("block %d of stream %d at offset %d", b.n, b.stream, b.off-x.base)
}

// open checks block b's header and returns a decoder of the block as a
// stream of its own. The dictionary is checked before the decoder
// allocates it.
func (x *xzBlocks) open(b *xzBlock) (r io.Reader, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error: %v", p)
		}
	}()
	var hb [1024]byte
	if _, err := x.ra.ReadAt(hb[:1], b.off); err != nil {
		return nil, err
	}
	hlen := (int(hb[0]) + 1) * 4
	if hb[0] == 0 || int64(hlen) > b.unpadded {
		return nil, errors.New("block header size does not agree with the index")
	}
	if _, err := x.ra.ReadAt(hb[:hlen], b.off); err != nil {
		return nil, err
	}
	dict, ok := xzBlockDict(hb[:hlen])
	if !ok {
		return nil, errors.New("header without an LZMA2 filter the decoder reads")
	}
	if x.max > 0 && dict > x.max {
		return nil, fmt.Errorf("xz: %s: dictionary of %s is over the decoder window limit %s: %w", x.at(b), humanSize(dict), humanSize(x.max), ErrLimit)
	}
	le := binary.LittleEndian
	head := append(bytes.Clone(xzMagic), b.flags[0], b.flags[1])
	head = le.AppendUint32(head, crc32.ChecksumIEEE(b.flags[:]))
	idx := binary.AppendUvarint([]byte{0, 1}, uint64(b.unpadded))
	idx = binary.AppendUvarint(idx, uint64(b.size))
	for len(idx)%4 != 0 {
		idx = append(idx, 0)
	}
	idx = le.AppendUint32(idx, crc32.ChecksumIEEE(idx))
	foot := le.AppendUint32(nil, uint32(len(idx)/4-1))
	foot = append(foot, b.flags[0], b.flags[1])
	tail := le.AppendUint32(idx, crc32.ChecksumIEEE(foot))
	tail = append(append(tail, foot...), 'Y', 'Z')
	src := io.MultiReader(bytes.NewReader(head), io.NewSectionReader(x.ra, b.off, (b.unpadded+3)&^3), bytes.NewReader(tail))
	return xz.ReaderConfig{SingleStream: true}.NewReader(&xzSrc{r: src, buf: make([]byte, 64<<10)})
}

// xzSrc buffers a block's compressed bytes for ulikunitz/xz, whose range
// decoder reads them one at a time through Read(p[:1]) (its byte reader
// over an io.LimitedReader): bufio.Reader's Read took 9 % of the decoding
// CPU on a 200 MB `xz -T0` file, a direct byte copy a fraction of it
// (issue 25).
type xzSrc struct {
	r    io.Reader
	buf  []byte
	i, n int
	err  error
}

func (s *xzSrc) Read(p []byte) (int, error) {
	if s.i == s.n {
		if len(p) == 0 {
			return 0, nil
		}
		if s.err != nil {
			return 0, s.err
		}
		s.i, s.n = 0, 0
		s.n, s.err = s.r.Read(s.buf)
		if s.n == 0 {
			if s.err == nil {
				return 0, nil
			}
			return 0, s.err
		}
	}
	if len(p) == 1 {
		p[0] = s.buf[s.i]
		s.i++
		return 1, nil
	}
	k := copy(p, s.buf[s.i:s.n])
	s.i += k
	return k, nil
}
