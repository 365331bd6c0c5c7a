package corpus

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"sync"

	"github.com/cespare/xxhash/v2"
	"github.com/klauspost/compress/zstd"
)

// An input's zstd frames are checked against their checksums by the
// reader of the decoded stream, not by the decoder: the decoder is the
// critical path of a .zst input (it runs alone on its goroutine while the
// worker scans what it decoded, on the other core), and hashing every
// decoded byte there was ~7% of its time (issue 25: klauspost's decoder
// alone on a 200 MB .tar.zst, 256 -> 239 ms). The decoder is fed one frame
// at a time (zstdFrames), each frame's checksum taken from its compressed
// bytes as they pass; the reader hashes the frame's decoded bytes and
// compares at the frame's end (zstdSums). The bytes and errors are the
// decoder's own, except that a frame whose checksum does not match now
// hands out its last block before the error.

// zstdEmptySum is the checksum of a frame of no bytes.
var zstdEmptySum = uint32(xxhash.Sum64(nil))

// zstdHeaderMax is a frame header's largest size with its magic (RFC 8878
// §3.1.1: 4 + 14; zstd.HeaderMaxSize, 17, is a byte short of a header
// with a window descriptor, a 4-byte dictionary ID and an 8-byte content
// size, which would turn the rest of the stream plain and unchecked).
const zstdHeaderMax = 4 + 14

// errZstdSum is the decoder's error, named as guard names it below.
var errZstdSum = fmt.Errorf("zstd: %w", zstd.ErrCRCMismatch)

// Where zstdFrames is in a frame's structure.
const (
	zfFrame = iota // at a frame's start
	zfBlock        // at a block's header
	zfSum          // at the frame's checksum
	zfEnd          // after the frame: Read ends until next
)

// zstdFrames passes a zstd stream's bytes one frame at a time: Read ends
// (io.EOF) at each frame's end, until next. A structure it cannot read
// (a stream cut, a bad header) turns it into a plain reader of the rest:
// the decoder reports what is wrong.
type zstdFrames struct {
	br     *bufio.Reader
	left   int // bytes to pass before the next structure
	state  uint8
	check  bool   // the frame has a checksum
	sum    uint32 // the frame's checksum, once passed (hasSum)
	hasSum bool
	plain  bool
	err    error // a read error between frames: the stream's, not its end
}

func (f *zstdFrames) Read(p []byte) (int, error) {
	for f.left == 0 && !f.plain {
		if f.err != nil {
			return 0, f.err
		}
		if f.state == zfEnd {
			return 0, io.EOF
		}
		f.step()
	}
	if !f.plain && len(p) > f.left {
		p = p[:f.left]
	}
	n, err := f.br.Read(p)
	if !f.plain {
		f.left -= n
	}
	return n, err
}

// step reads the structure at the stream's position: how many bytes
// pass before the next one.
func (f *zstdFrames) step() {
	switch f.state {
	case zfFrame:
		b, err := f.br.Peek(zstdHeaderMax)
		if len(b) == 0 {
			if err != io.EOF {
				f.err = err // not the end: the decoder gets the error
			}
			f.state = zfEnd // the stream's end
			return
		}
		var h zstd.Header
		if h.Decode(b) != nil {
			f.plain = true
			return
		}
		if h.Skippable {
			// a frame of its own for the decoder, which skips it
			f.left, f.state = h.HeaderSize+int(h.SkippableSize), zfEnd
			return
		}
		f.left, f.state, f.check = h.HeaderSize, zfBlock, h.HasCheckSum
	case zfBlock:
		b, _ := f.br.Peek(3)
		if len(b) < 3 {
			f.plain = true
			return
		}
		bh := uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16
		size := int(bh >> 3)
		switch (bh >> 1) & 3 {
		case 1: // RLE: one byte repeated
			size = 1
		case 3: // reserved
			f.plain = true
			return
		}
		f.left = 3 + size
		if bh&1 != 0 { // the last block
			f.state = zfEnd
			if f.check {
				f.state = zfSum
			}
		}
	case zfSum:
		b, _ := f.br.Peek(4)
		if len(b) < 4 {
			f.plain = true
			return
		}
		f.sum, f.hasSum = binary.LittleEndian.Uint32(b), true
		f.left, f.state = 4, zfEnd
	}
}

// next starts the frame after the one ended; false at the stream's end.
func (f *zstdFrames) next() bool {
	f.state, f.left, f.check, f.hasSum = zfFrame, 0, false, false
	_, err := f.br.Peek(1)
	if err != nil && err != io.EOF {
		f.err = err // passed to the decoder, as the stream's
		return true
	}
	return err == nil
}

// zstdChecked decodes a stream frame by frame, its decoder not checking
// the frames' checksums, and records where each frame ends in the
// decoded stream with its checksum, for zstdSums.
type zstdChecked struct {
	d    *zstd.Decoder // reads f
	f    *zstdFrames
	out  int64 // decoded bytes handed out
	last int64 // out at the last frame's end
	done bool

	mu   sync.Mutex
	ends []frameSum // frames decoded and not yet checked, in order
}

// frameSum is a frame's end in the decoded stream and its checksum, if
// it has one.
type frameSum struct {
	end int64
	sum uint32
	has bool
}

func (z *zstdChecked) Read(p []byte) (int, error) {
	for !z.done {
		n, err := z.d.Read(p)
		z.out += int64(n)
		if err != io.EOF {
			return n, err
		}
		// the frame is decoded, its checksum passed: recorded before any
		// byte of the next frame is handed out. A frame of no bytes is
		// checked here (frames of no bytes in a row would pile up records
		// without bound before the reader gets a byte); a wrong one is
		// recorded for the reader to fail at, and ends the stream.
		empty := z.out == z.last
		z.last = z.out
		if !empty || z.f.hasSum && z.f.sum != zstdEmptySum {
			z.mu.Lock()
			z.ends = append(z.ends, frameSum{z.out, z.f.sum, z.f.hasSum})
			z.mu.Unlock()
			z.done = empty
		}
		if z.done || z.f.plain || !z.f.next() {
			z.done = true
		} else if err := z.d.Reset(z.f); err != nil {
			return n, err
		}
		if n > 0 {
			return n, nil
		}
	}
	return 0, io.EOF
}

// zstdSums reads the decoded stream of z (read ahead or not) and checks
// each frame's bytes against its checksum at its end.
type zstdSums struct {
	r   io.Reader
	z   *zstdChecked
	h   *xxhash.Digest
	off int64 // bytes read
	err error
}

func newZstdSums(r io.Reader, z *zstdChecked) *zstdSums {
	return &zstdSums{r: r, z: z, h: xxhash.New()}
}

func (s *zstdSums) Read(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.r.Read(p)
	if k, bad := s.check(p[:n]); bad != nil {
		s.err = bad
		return k, bad // the bytes up to the failing frame's end
	}
	return n, err
}

// check hashes b, the next bytes read, cut at the frames' ends (a frame
// whose bytes are read has been recorded: zstdChecked.Read); on a
// checksum that does not match, it returns how many bytes of b come
// before the frame's end.
func (s *zstdSums) check(b []byte) (int, error) {
	done := 0
	for {
		s.z.mu.Lock()
		var f frameSum
		ok := len(s.z.ends) > 0 && s.z.ends[0].end <= s.off+int64(len(b))
		if ok {
			f = s.z.ends[0]
			s.z.ends = s.z.ends[1:]
		}
		s.z.mu.Unlock()
		if !ok {
			s.h.Write(b)
			s.off += int64(len(b))
			return done + len(b), nil
		}
		k := int(f.end - s.off)
		s.h.Write(b[:k])
		s.off, b, done = f.end, b[k:], done+k
		if f.has && uint32(s.h.Sum64()) != f.sum {
			return done, errZstdSum
		}
		s.h.Reset()
	}
}
