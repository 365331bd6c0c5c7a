package corpus

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"encoding/binary"
	"fmt"
	"io"
	"sync"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"github.com/pierrec/lz4/v4"
	"github.com/ulikunitz/xz"
)

// zstd decoders hold their history buffers: reuse them across members and
// inputs. They decode on one goroutine (concurrency 1), an input's own
// stream too, whose decoding overlaps the scanning (the walker's
// read-ahead). klauspost's blocks in flight (each block's decoding split
// into stages on other goroutines) were used for windows of 8 MiB or more
// when a core was idle, and removed (issue 25): the split costs ~50% more
// CPU and pays only while a core stays idle. On 2 cores, -j 2, 6
// alternated rounds: 200 MB of RFC text at level 19 took 0.33 s split
// against 0.28 s on one goroutine (-j 1 0.29 s, `zstd -dc` 0.26 s; an
// earlier set at load 0 had 0.24 against 0.26 s), with --long=27 0.64
// against 0.65 s; the RFC series' 10,059 files as a .tar.zst, whose
// members keep the other worker busy, 0.88 against 0.73 s (-j 1 0.73 s).
var zstdPool sync.Pool

// getZstd returns a decoder of r; with sums, one that leaves the frames'
// checksums to its reader (zstdsum.go).
func getZstd(r io.Reader, maxWindow int64, sums bool) (*zstd.Decoder, error) {
	// negative: no limit of ours, the format's own maximum (3.75 TB)
	w := uint64(min(max(maxWindow, zstd.MinWindowSize), 1<<41+7<<38))
	if maxWindow < 0 {
		w = 1<<41 + 7<<38
	}
	opts := []zstd.DOption{zstd.WithDecoderMaxMemory(w), zstd.WithDecoderMaxWindow(w), zstd.IgnoreChecksum(sums)}
	if d, ok := zstdPool.Get().(*zstd.Decoder); ok {
		if err := d.ResetWithOptions(r, opts...); err == nil {
			return d, nil
		}
		d.Close()
	}
	return zstd.NewReader(r, append(opts, zstd.WithDecoderConcurrency(1))...)
}

// zstdDictMagic opens the skippable frame that carries a .warc.zst file's
// dictionary (the WARC Zstandard format, IIPC): its records are frames
// compressed with it.
const zstdDictMagic = 0x184D2A5D

// maxDict bounds a dictionary read from a stream (zstd's own trainer
// writes 110 KB by default).
const maxDict = 16 << 20

// zstdDict reads the dictionary frame that opens br, if one does: its
// content, zstd-compressed or not.
func zstdDict(br *bufio.Reader, maxWindow int64) ([]byte, bool, error) {
	head, _ := br.Peek(8)
	if len(head) < 8 || binary.LittleEndian.Uint32(head) != zstdDictMagic {
		return nil, false, nil
	}
	size := int64(binary.LittleEndian.Uint32(head[4:]))
	if size > maxDict {
		return nil, true, fmt.Errorf("dictionary frame of %s is over the limit %s: %w", humanSize(size), humanSize(maxDict), ErrLimit)
	}
	br.Discard(8)
	dict := make([]byte, size)
	if _, err := io.ReadFull(br, dict); err != nil {
		return nil, true, fmt.Errorf("dictionary frame: %w", err)
	}
	if len(dict) >= 4 && binary.LittleEndian.Uint32(dict) == 0xFD2FB528 { // compressed itself
		d, err := getZstd(bytes.NewReader(dict), maxWindow, false)
		if err != nil {
			return nil, true, fmt.Errorf("dictionary frame: %w", err)
		}
		defer putZstd(d)
		plain, err := io.ReadAll(io.LimitReader(d, maxDict+1))
		if err == nil && len(plain) > maxDict {
			err = fmt.Errorf("over the limit %s: %w", humanSize(maxDict), ErrLimit)
		}
		if err != nil {
			return nil, true, fmt.Errorf("dictionary frame: %w", err)
		}
		dict = plain
	}
	return dict, true, nil
}

// newZstdDict is a decoder of the frames after a dictionary frame: a
// dictionary in zstd's format (with its ID, as `zstd --train` writes
// it), or raw content for frames that name no dictionary.
func newZstdDict(br *bufio.Reader, dict []byte, maxWindow int64) (*zstd.Decoder, error) {
	w := uint64(min(max(maxWindow, zstd.MinWindowSize), 1<<41+7<<38))
	if maxWindow < 0 {
		w = 1<<41 + 7<<38
	}
	opts := []zstd.DOption{zstd.WithDecoderMaxMemory(w), zstd.WithDecoderMaxWindow(w), zstd.WithDecoderConcurrency(1)}
	if len(dict) >= 4 && binary.LittleEndian.Uint32(dict) == 0xEC30A437 {
		opts = append(opts, zstd.WithDecoderDicts(dict))
	} else {
		opts = append(opts, zstd.WithDecoderDictRaw(0, dict))
	}
	d, err := zstd.NewReader(br, opts...)
	if err != nil {
		return nil, fmt.Errorf("dictionary frame: %w", err)
	}
	return d, nil
}

func putZstd(d *zstd.Decoder) {
	if d.Reset(nil) == nil {
		zstdPool.Put(d)
	}
}

// gzMembers decodes a gzip file member by member (as `Multistream` would)
// and remembers where members start, so that a WARC record that opens a
// member can be given the member's offset in the file: the offset an index
// (CDX) gives and `tail -c +N | zcat` reads from.
type gzMembers struct {
	z      *gzip.Reader
	br     *bufio.Reader // the compressed stream; flate reads it byte-exactly
	pos    func() int64  // compressed offset consumed so far
	out    int64         // decompressed bytes produced
	starts []memberStart // recent member starts, oldest first
	err    error

	// decoding ahead (nil: none); the members of job are being delivered,
	// member m of them, its bytes from mOut on (mAt: the compressed
	// stream was moved to its end)
	ahead *gzAhead
	// the expansion-ratio limit the walker applies (guard): a member
	// decoded ahead is delivered only when the limit cannot trip on it,
	// else it is decoded here (the guard then sees what it sees without
	// decoding ahead)
	ratio float64
	grace int64
	job   *gzJob
	m     int
	mOut  int
	mAt   bool
}

type memberStart struct{ out, in int64 }

// maxStarts bounds the remembered member starts (a WARC reader looks only
// at the few its buffer holds).
const maxStarts = 4096

func newGzMembers(br *bufio.Reader, pos func() int64) (*gzMembers, error) {
	start := pos()
	z, err := gzip.NewReader(br)
	if err != nil {
		return nil, err
	}
	z.Multistream(false)
	return &gzMembers{z: z, br: br, pos: pos, starts: []memberStart{{0, start}}}, nil
}

func (g *gzMembers) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, g.err
	}
	for {
		if g.err != nil {
			return 0, g.err
		}
		if g.job != nil {
			// an empty member gives nothing: go on (as below), so that
			// no run of them reads as a reader making no progress
			if n, err := g.readAhead(p); n > 0 || err != nil {
				return n, err
			}
			continue
		}
		n, err := g.z.Read(p)
		g.out += int64(n)
		if err != io.EOF {
			return n, err
		}
		g.nextMember(g.pos())
		if n > 0 {
			return n, nil
		}
	}
}

// nextMember goes on after a member that ended at in: with the members
// decoded ahead from there, or by reading the next header.
func (g *gzMembers) nextMember(in int64) {
	if _, err := g.br.Peek(1); err != nil {
		if err == io.EOF {
			g.err = io.EOF
		} else {
			g.err = err
		}
		return
	}
	if g.ahead != nil {
		if j := g.ahead.at(in); j != nil {
			g.job, g.m, g.mOut, g.mAt = j, 0, 0, false
			if g.safe(&j.members[0]) {
				g.started(in)
				return
			}
			g.dropJob()
		}
	}
	if err := g.z.Reset(g.br); err != nil {
		g.err = fmt.Errorf("member at offset %d (trailing data?): %w", in, err)
		return
	}
	g.z.Multistream(false)
	g.started(in)
}

// started remembers that a member starts at in.
func (g *gzMembers) started(in int64) {
	if len(g.starts) == maxStarts {
		g.starts = append(g.starts[:0], g.starts[1:]...)
	}
	g.starts = append(g.starts, memberStart{g.out, in})
}

// safe reports whether member m, decoded ahead, cannot trip the ratio
// limit: the guard compares the bytes out with the compressed bytes read,
// which are at least the member's start and what the walker's reader has
// read by now.
func (g *gzMembers) safe(m *gzMember) bool {
	if g.ratio <= 0 {
		return true
	}
	out := g.out + int64(m.outEnd-m.out)
	return out <= g.grace || float64(out) <= g.ratio*float64(max(m.in, g.pos()+int64(g.br.Buffered()), 1))
}

// readAhead delivers the members of the job. The compressed stream is
// moved to a member's end before its bytes are given out, as if it had
// been decoded here.
func (g *gzMembers) readAhead(p []byte) (int, error) {
	m := &g.job.members[g.m]
	if !g.mAt {
		g.mAt = true
		gzAheadDelivered.Add(1)
		if err := skipTo(g.br, g.pos, m.inEnd); err != nil {
			g.dropJob()
			g.err = err
			return 0, err
		}
	}
	n := copy(p, g.job.buf[m.out+g.mOut:m.outEnd])
	g.mOut += n
	g.out += int64(n)
	if m.out+g.mOut < m.outEnd {
		return n, nil
	}
	// the member is done; the next one is the job's or a new start
	end := m.inEnd
	g.m, g.mOut, g.mAt = g.m+1, 0, false
	if g.m < len(g.job.members) && g.safe(&g.job.members[g.m]) {
		g.started(end)
		return n, nil
	}
	g.dropJob()
	g.nextMember(end)
	return n, nil
}

func (g *gzMembers) dropJob() {
	if g.job != nil {
		g.ahead.drop(g.job)
		g.job = nil
	}
}

// close stops decoding ahead.
func (g *gzMembers) close() {
	if g.ahead != nil {
		g.dropJob()
		g.ahead.close()
	}
}

// memberAt returns the compressed offset of the member that starts at
// decompressed offset out, if one does, and forgets older starts.
func (g *gzMembers) memberAt(out int64) (int64, bool) {
	i := 0
	for i < len(g.starts) && g.starts[i].out < out {
		i++
	}
	g.starts = g.starts[i:]
	if len(g.starts) > 0 && g.starts[0].out == out {
		return g.starts[0].in, true
	}
	return 0, false
}

// decoder opens one compression layer over br. pos gives the compressed
// offset consumed (for gzip member offsets); head is br's first bytes.
// ra and size give random access to the compressed stream when it is an
// input file (nil otherwise).
func (w *walker) decoder(k kind, br *bufio.Reader, head []byte, pos func() int64, top bool, ra io.ReaderAt, size int64) (r io.Reader, gzm *gzMembers, release func(), err error) {
	release = func() {}
	switch k {
	case kindGzip:
		g, err := newGzMembers(br, pos)
		if err != nil {
			return nil, nil, release, err
		}
		if ra != nil && top && w.opt.ParallelDecode {
			g.ahead = newGzAhead(ra, size, g.starts[0].in, w.opt.decodeWidth)
			g.ratio, g.grace = w.opt.MaxRatio, w.opt.RatioGrace
			release = g.close
		}
		return g, g, release, nil
	case kindZstd:
		if dict, ok, err := zstdDict(br, w.opt.MaxWindowBytes); ok || err != nil {
			if err != nil {
				return nil, nil, release, err
			}
			d, err := newZstdDict(br, dict, w.opt.MaxWindowBytes)
			if err != nil {
				return nil, nil, release, err
			}
			return d, nil, d.Close, nil
		}
		if top {
			// an input's own stream, decoded on a goroutine of its own when
			// a core is idle: its reader checks the checksums (zstdSums)
			f := &zstdFrames{br: br}
			d, err := getZstd(f, w.opt.MaxWindowBytes, true)
			if err != nil {
				return nil, nil, release, err
			}
			return &zstdChecked{d: d, f: f}, nil, func() { putZstd(d) }, nil
		}
		d, err := getZstd(br, w.opt.MaxWindowBytes, false)
		if err != nil {
			return nil, nil, release, err
		}
		return d, nil, func() { putZstd(d) }, nil
	case kindBzip2:
		if ra != nil && top && w.opt.ParallelDecode {
			b := newBz2Ahead(ra, size, br, pos, w.opt.decodeWidth, w.opt.MaxRatio, w.opt.RatioGrace)
			return b, nil, b.close, nil
		}
		return bzip2.NewReader(br), nil, release, nil
	case kindLZ4:
		// the frame format (lz4 -c, zstd --format=lz4); frames in a row
		// are read as one stream, as lz4 -d does
		return lz4.NewReader(br), nil, release, nil
	case kindXz:
		if dc, ok := xzDictCap(head); ok && w.opt.MaxWindowBytes > 0 && dc > w.opt.MaxWindowBytes {
			return nil, nil, release, fmt.Errorf("dictionary of %s is over the decoder window limit %s: %w", humanSize(dc), humanSize(w.opt.MaxWindowBytes), ErrLimit)
		}
		if ra != nil && top {
			// block by block, ahead on idle cores; at every -j, so
			// that the bytes and errors do not depend on it
			if x := newXzBlocks(ra, size, pos(), br, pos, w.opt.decodeWidth, w.opt.MaxWindowBytes); x != nil {
				return x, nil, x.close, nil
			}
		}
		var src io.Reader = br
		if w.opt.MaxWindowBytes > 0 {
			src = newXzGate(br, w.opt.MaxWindowBytes) // every later block too
		}
		// the decoder reads its compressed bytes one at a time (see
		// xzSrc): a single-block file through the gate per byte
		x, err := xz.ReaderConfig{}.NewReader(&xzSrc{r: src, buf: make([]byte, 64<<10)})
		if err != nil {
			return nil, nil, release, err
		}
		return x, nil, release, nil
	}
	return nil, nil, release, fmt.Errorf("no decoder for %s", k)
}
