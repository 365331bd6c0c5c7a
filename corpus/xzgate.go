package corpus

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
)

// xzGate passes xz data to the decoder while following its container (the
// .xz file format 1.0.4: streams, block headers, LZMA2 chunks, index,
// footer, stream padding) without decoding it. ulikunitz/xz allocates the
// dictionary each block header asks for (its DictCap is a minimum, not a
// cap), for every block of every stream; the gate checks each block
// header against the window limit before the decoder has its last byte,
// so a claim over the limit is an error, never an allocation (issue 24
// §1). LZMA2 chunks carry their sizes, so the walk costs a few bytes of
// state per chunk of 64 KiB or more. The decoder reads exactly what it
// needs (it never reads ahead), so the gate sees its bytes in its order;
// anything the gate cannot follow is an error, as it is the decoder's.
type xzGate struct {
	r      io.Reader
	max    int64 // window limit
	off    int64 // bytes passed so far: offsets in messages
	st     xzState
	next   xzState // after a skip
	need   int     // bytes still wanted in buf (collecting states)
	skip   int64   // bytes to pass (stSkip)
	buf    [1024]byte
	n      int   // bytes in buf
	at     int64 // where the field in buf starts
	check  int   // the current stream's check size
	lz     int64 // LZMA2 bytes of the current block (for its padding)
	blocks uint64
	stream int
	// index: varints left to read (count first), bytes of the index so far
	varints uint64
	counted bool
	idx     int64
	err     error
}

type xzState uint8

const (
	xzStreamHeader xzState = iota // 12 bytes
	xzBlockStart                  // 1 byte: block header size, or 0 (index)
	xzBlockHeader                 // the rest of the header
	xzChunk                       // an LZMA2 control byte
	xzChunkHeader                 // the rest of a chunk header
	xzSkip                        // pass skip bytes, then go to next
	xzIndex                       // index varints
	xzPadding                     // stream padding (4 zero bytes) or the next stream's header
)

func newXzGate(r io.Reader, maxWindow int64) *xzGate {
	return &xzGate{r: r, max: maxWindow, st: xzStreamHeader, need: 12, stream: 1}
}

func (g *xzGate) Read(p []byte) (int, error) {
	if g.err != nil {
		return 0, g.err
	}
	k, err := g.r.Read(p)
	ok, gerr := g.feed(p[:k])
	if gerr != nil {
		g.err = gerr
		return ok, gerr
	}
	return k, err
}

// feed follows the container over b; it returns how many of b's bytes may
// pass (all, unless an error stops them before the decoder sees them).
func (g *xzGate) feed(b []byte) (int, error) {
	i := 0
	for i < len(b) {
		if g.st == xzSkip {
			s := min(int64(len(b)-i), g.skip)
			g.skip -= s
			i += int(s)
			g.off += s
			if g.skip == 0 {
				g.st = g.next
				g.start()
			}
			continue
		}
		if g.st == xzIndex {
			c := b[i]
			i++
			g.off++
			g.idx++
			if err := g.indexByte(c); err != nil {
				return i - 1, err
			}
			continue
		}
		// collecting a fixed-size field
		s := min(len(b)-i, g.need)
		copy(g.buf[g.n:], b[i:i+s])
		g.n += s
		g.need -= s
		i += s
		g.off += int64(s)
		if g.need > 0 {
			continue
		}
		// the field is complete: its last byte passes only if it is sound
		if err := g.field(); err != nil {
			return i - 1, err
		}
	}
	return len(b), nil
}

// start readies the collection of the current state's field, which
// starts at the current offset.
func (g *xzGate) start() {
	g.n, g.at = 0, g.off
	switch g.st {
	case xzStreamHeader:
		g.need = 12
	case xzPadding:
		g.need = 4
	case xzBlockStart, xzChunk:
		g.need = 1
	}
}

// field acts on a complete field in buf and sets the next state.
func (g *xzGate) field() error {
	f := g.buf[:g.n]
	switch g.st {
	case xzStreamHeader:
		if !bytes.Equal(f[:6], []byte{0xfd, '7', 'z', 'X', 'Z', 0}) {
			return fmt.Errorf("xz: stream %d at offset %d: not an xz stream header", g.stream, g.at)
		}
		switch f[7] { // the check: none, CRC32, CRC64, SHA-256 (what the decoder supports)
		case 0:
			g.check = 0
		case 1:
			g.check = 4
		case 4:
			g.check = 8
		case 10:
			g.check = 32
		default:
			return fmt.Errorf("xz: stream %d at offset %d: unsupported check type %d", g.stream, g.at, f[7])
		}
		g.blocks = 0
		g.st = xzBlockStart
	case xzBlockStart:
		if f[0] == 0 { // the index indicator
			g.st, g.varints, g.counted, g.idx = xzIndex, 1, false, 1
			return nil
		}
		g.st, g.need = xzBlockHeader, (int(f[0])+1)*4-1
		return nil // keep collecting: buf holds the size byte
	case xzBlockHeader:
		g.blocks++
		dict, ok := xzBlockDict(f)
		if !ok {
			return fmt.Errorf("xz: block %d of stream %d at offset %d: header without an LZMA2 filter the decoder reads", g.blocks, g.stream, g.at)
		}
		if g.max > 0 && dict > g.max {
			return fmt.Errorf("xz: block %d of stream %d at offset %d: dictionary of %s is over the decoder window limit %s: %w", g.blocks, g.stream, g.at, humanSize(dict), humanSize(g.max), ErrLimit)
		}
		g.lz = 0
		g.st = xzChunk
	case xzChunk:
		g.lz++
		c := f[0]
		switch {
		case c == 0: // end of the LZMA2 data: padding to 4, then the check
			g.skipThen(int64((4-g.lz%4)%4)+int64(g.check), xzBlockStart)
			return nil
		case c == 1 || c == 2: // uncompressed chunk: its size follows
			g.st, g.need = xzChunkHeader, 2
		case c >= 0x80: // LZMA chunk: sizes, and properties from 0xC0
			g.st, g.need = xzChunkHeader, 4
			if c >= 0xc0 {
				g.need = 5
			}
		default:
			return fmt.Errorf("xz: block %d of stream %d at offset %d: invalid LZMA2 chunk", g.blocks, g.stream, g.at)
		}
		return nil // buf holds the control byte
	case xzChunkHeader:
		g.lz += int64(g.n - 1)
		var size int64
		if f[0] < 0x80 {
			size = int64(binary.BigEndian.Uint16(f[1:3])) + 1
		} else {
			size = int64(binary.BigEndian.Uint16(f[3:5])) + 1
		}
		g.lz += size
		g.skipThen(size, xzChunk)
		return nil
	case xzPadding:
		if bytes.Equal(f, []byte{0, 0, 0, 0}) {
			g.start()
			return nil
		}
		// the next stream: these are its header's first 4 bytes
		g.stream++
		g.st, g.need = xzStreamHeader, 8
		return nil
	}
	g.start()
	return nil
}

// skipThen passes n bytes, then goes to state next.
func (g *xzGate) skipThen(n int64, next xzState) {
	g.next = next
	if n == 0 {
		g.st = next
		g.start()
		return
	}
	g.st, g.skip = xzSkip, n
}

// indexByte follows the index: the number of records (the blocks just
// read: the decoder checks it), two varints per record, padding to 4, a
// CRC32, then the 12-byte footer.
func (g *xzGate) indexByte(c byte) error {
	if c >= 0x80 {
		return nil // a varint goes on
	}
	g.varints--
	if !g.counted {
		g.counted = true
		g.varints = 2 * g.blocks // else the decoder fails here
	}
	if g.varints == 0 {
		g.skipThen(int64((4-g.idx%4)%4)+4+12, xzPadding)
	}
	return nil
}

// xzBlockDict reads the LZMA2 dictionary size from a block header (its
// size byte first); ok is false when it holds no LZMA2 filter.
func xzBlockDict(bh []byte) (int64, bool) {
	if len(bh) < 2 {
		return 0, false
	}
	flags := bh[1]
	p := 2
	if flags&0x40 != 0 { // compressed size
		_, k := binary.Uvarint(bh[p:])
		if k <= 0 {
			return 0, false
		}
		p += k
	}
	if flags&0x80 != 0 { // uncompressed size
		_, k := binary.Uvarint(bh[p:])
		if k <= 0 {
			return 0, false
		}
		p += k
	}
	for range int(flags&3) + 1 {
		if p >= len(bh) {
			return 0, false
		}
		id, k := binary.Uvarint(bh[p:])
		if k <= 0 {
			return 0, false
		}
		p += k
		psize, k := binary.Uvarint(bh[p:])
		if k <= 0 || uint64(p+k)+psize > uint64(len(bh)) {
			return 0, false
		}
		p += k
		if id == 0x21 && psize == 1 { // LZMA2
			b := bh[p]
			if b > 40 {
				return 0, false
			}
			if b == 40 {
				return 1<<32 - 1, true
			}
			return int64(2|b&1) << (b/2 + 11), true
		}
		p += int(psize)
	}
	return 0, false
}
