package extract

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"math/bits"
)

// Match is one identifier found in a stream, with its position.
type Match struct {
	Scheme Scheme
	Offset int64 // byte offset of the identifier in the stream
	Line   int   // 1-based
	Column int   // 1-based, in characters (UTF-8 sequences count once)
	Raw    []byte
	// Before and After are up to ContextBytes of text around Raw (less at
	// the stream's start or when not yet read), for telling identifiers
	// from look-alikes such as "//go:build". Valid until the next call to Next.
	Before, After []byte
	// Truncated: the identifier ran past Options.MaxLen and was cut.
	Truncated bool
	// Column16 is Column in UTF-16 code units (SARIF, editors, GitHub):
	// a character beyond the BMP (a 4-byte UTF-8 sequence) counts twice.
	Column16 int
}

// ContextBytes is how much text before a match the stream keeps for
// Match.Before (at least the boundary check's lookbehind).
const ContextBytes = 32

// DefaultBufSize is the stream buffer: large enough to amortize reads,
// small enough that many concurrent streams stay in cache and memory.
const DefaultBufSize = 256 << 10

// Stream finds identifiers in an io.Reader with bounded memory. An
// identifier straddling two reads is carried into the next buffer, so the
// matches are the same whatever sizes the reader returns.
type Stream struct {
	ctx  context.Context // nil: never interrupted
	r    io.Reader
	opt  Options
	buf  []byte // made at the first read: text given whole never needs it
	own  []byte // the stream's own buffer while buf is text given to ResetBytes
	size int    // of the stream's own buffer
	n    int    // valid bytes in buf
	base int64  // stream offset of buf[0]
	from int    // next colon index to examine
	eof  bool
	err  error

	cands []Candidate
	next  int
	m     Match
	// ord0 is the ordinal of cands[0], ords those handed out: across
	// Resets, never reused (Stream.Ord)
	ord0, ords uint64

	// lazy line/column: counted up to pos (a buf index) only when needed
	pos       int
	line      int
	fromLine  int // the line of buf[lineAt] (0: not known), from the scan's counts
	lineAt    int // from, or before it after the last scan of the text (counted lazily)
	candLine  int // the line where the scan that found cands began
	col       int // characters between the line start and pos
	wide      int // of those, characters beyond the BMP (two UTF-16 units)
	bytesRead int64
}

// NewStream returns a stream over r; bufSize <= 0 means DefaultBufSize.
// The buffer always holds at least one maximal identifier.
func NewStream(r io.Reader, opt Options, bufSize int) *Stream {
	opt = opt.norm()
	if bufSize <= 0 {
		bufSize = DefaultBufSize
	}
	// room for a maximal identifier with its context on both sides
	bufSize = max(bufSize, opt.MaxLen+maxScheme+2*ContextBytes+64)
	// the buffer is made at the first read (issue 25, start-up: a run of
	// files read whole stays under the first GC's heap goal)
	return &Stream{r: r, opt: opt, size: bufSize, line: 1, fromLine: 1}
}

// SetContext makes the stream end with ctx's error once ctx is done,
// checked once per buffer filled: a text without identifiers (an endless
// device) is interrupted as one with many. It holds across Resets.
func (s *Stream) SetContext(ctx context.Context) { s.ctx = ctx }

// Reset reuses the stream (and its buffer) for another reader.
func (s *Stream) Reset(r io.Reader) { s.ResetAt(r, 0) }

// ResetBytes makes the stream scan text in place, without copying it (a
// memory-mapped file, a part of one): text is never written to. Offsets
// are reported from offset, lines and columns from text's start. Match.Raw,
// Before and After point into text.
func (s *Stream) ResetBytes(text []byte, offset int64) {
	own := s.own
	if own == nil {
		own = s.buf
	}
	if own == nil {
		own = []byte{} // not nil: marks buf as text given whole
	}
	*s = Stream{ctx: s.ctx, opt: s.opt, buf: text, n: len(text), eof: true, own: own, size: s.size, cands: s.cands[:0], line: 1, fromLine: 1, base: offset, bytesRead: int64(len(text)), ords: s.ords}
}

// ResetAt is Reset for a reader that starts at offset of a larger text:
// offsets are reported in the larger text, lines and columns from the
// reader's start. The text before the reader is taken as absent, so a
// part of a text must be read from far enough before what it owns (the
// boundary rule and Match.Before look back ContextBytes).
func (s *Stream) ResetAt(r io.Reader, offset int64) {
	buf := s.buf
	if s.own != nil {
		buf = s.own // back from ResetBytes
	}
	*s = Stream{ctx: s.ctx, r: r, opt: s.opt, buf: buf, size: s.size, cands: s.cands[:0], line: 1, fromLine: 1, base: offset, ords: s.ords}
}

// Next advances to the next identifier; it returns false at the end of the
// stream or on a read error (see Err).
func (s *Stream) Next() bool {
	for {
		if s.next < len(s.cands) {
			c := &s.cands[s.next]
			s.next++
			// field by field: a Match literal is built on the stack and
			// copied, its 16-byte loads stalling on the 8-byte stores
			// just made (a third of Next's time on dense text, issue 25)
			m := &s.m
			m.Scheme, m.Offset = c.Scheme, s.base+int64(c.Start)
			if !s.opt.NoPositions {
				s.advanceTo(c.Start, s.candLine+c.nl)
				m.Line, m.Column, m.Column16 = s.line, s.col+1, s.col+s.wide+1
			}
			m.Raw, m.Truncated = s.buf[c.Start:c.End], c.Truncated
			m.Before = s.buf[max(0, c.Start-ContextBytes):c.Start]
			m.After = s.buf[c.End:min(s.n, c.End+ContextBytes)]
			return true
		}
		if s.eof && s.from >= s.n {
			return false
		}
		if !s.fill() {
			return false
		}
	}
}

// Ord numbers the current match among all the stream has found, across
// Resets: never the same number twice for one stream. The match Ahead(i)
// answers for is Ord()+i, so that work started early for it can be told
// apart from work for any other text (issue 25: its memo hash, computed
// once).
func (s *Stream) Ord() uint64 { return s.ord0 + uint64(s.next) - 1 }

// Match returns the current identifier; Raw is valid until the next call to Next.
func (s *Stream) Match() *Match { return &s.m }

// Err returns the read error that ended the stream, if any.
func (s *Stream) Err() error { return s.err }

// BytesRead is how many bytes the stream consumed from its reader.
func (s *Stream) BytesRead() int64 { return s.bytesRead }

// Lines is the number of lines seen so far (after the end: in the whole
// stream); 0 with Options.NoPositions.
func (s *Stream) Lines() int {
	if s.opt.NoPositions {
		return 0
	}
	if s.from == s.n && s.fromLine > 0 {
		if s.lineAt < s.n { // the last scan counted up to its last identifier
			s.fromLine += countNL(s.buf[s.lineAt:s.n])
			s.lineAt = s.n
		}
		s.advanceTo(s.n, s.fromLine) // scanned to the end: counted
	} else {
		s.advance(s.n)
	}
	return s.line
}

// advanceTo is advance to i where the line is known to be line: only the
// column is counted, from the line's start.
func (s *Stream) advanceTo(i, line int) {
	if i <= s.pos {
		return
	}
	seg := s.buf[s.pos:i]
	if line != s.line {
		k, ascii := lastNLASCII(seg)
		s.line = line
		s.col, s.wide = 0, 0
		if ascii {
			s.col, s.pos = len(seg)-k-1, i // one pass back, none forward
			return
		}
		seg = seg[k+1:]
	}
	s.count(seg, i)
}

// count adds the characters of seg, which ends at buf index i, to the
// column and moves pos to i.
func (s *Stream) count(seg []byte, i int) {
	if ascii(seg) {
		s.col += len(seg) // ASCII: no character counts (issue 25, dense text)
	} else {
		n, w := charsWide(seg)
		s.col += n
		s.wide += w
	}
	s.pos = i
}

// advance counts lines and columns from s.pos to i.
func (s *Stream) advance(i int) {
	if i <= s.pos {
		return
	}
	seg := s.buf[s.pos:i]
	if nl := countNL(seg); nl > 0 {
		s.line += nl
		seg = seg[lastNL(seg)+1:]
		s.col, s.wide = 0, 0
	}
	s.count(seg, i)
}

var nlByte = []byte{'\n'}

// ascii reports that b has no byte ≥ 0x80, a word at a time, the last
// word overlapping the one before.
func ascii(b []byte) bool {
	const hi = 0x8080808080808080
	n := len(b)
	if n < 8 {
		var x byte
		for _, c := range b {
			x |= c
		}
		return x < 0x80
	}
	x := binary.LittleEndian.Uint64(b[n-8:])
	for i := 0; i < n-8; i += 8 {
		x |= binary.LittleEndian.Uint64(b[i:])
	}
	return x&hi == 0
}

// lastNLASCII is lastNL(b) and whether the bytes after it are ASCII,
// looked at in the same pass back: false may also be a non-ASCII byte
// in the word of the line feed, before it (the caller then counts).
func lastNLASCII(b []byte) (int, bool) {
	const lo7, hi = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	var or uint64
	i := len(b)
	for ; i >= 8; i -= 8 {
		w := binary.LittleEndian.Uint64(b[i-8:])
		or |= w
		x := w ^ 0x0a0a0a0a0a0a0a0a
		if z := ^((x & lo7) + lo7 | x) & hi; z != 0 {
			return i - 8 + (63-bits.LeadingZeros64(z))/8, or&hi == 0
		}
	}
	for i--; i >= 0; i-- {
		if b[i] == '\n' {
			break
		}
		or |= uint64(b[i])
	}
	return i, or&hi == 0
}

// lastNL is bytes.LastIndexByte(b, '\n') eight bytes at a time (that one
// is a byte loop: on dense text, half of advanceTo's time went to it
// looking back from each identifier to its line's start, issue 25).
func lastNL(b []byte) int {
	const lo7, hi = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	i := len(b)
	for ; i >= 8; i -= 8 {
		x := binary.LittleEndian.Uint64(b[i-8:]) ^ 0x0a0a0a0a0a0a0a0a
		// bit 7 of a byte is clear exactly where the byte is zero (no
		// carry crosses bytes: exact, unlike the borrow trick)
		if z := ^((x & lo7) + lo7 | x) & hi; z != 0 {
			return i - 8 + (63-bits.LeadingZeros64(z))/8
		}
	}
	for i--; i >= 0; i-- {
		if b[i] == '\n' {
			return i
		}
	}
	return -1
}

// chars counts characters: bytes that are not UTF-8 continuation bytes.
// Unlike utf8.RuneCount it gives the same total however the text is split.
// Eight bytes at a time: a continuation byte is 10xxxxxx, bit 7 set and
// bit 6 clear.
func chars(b []byte) int {
	n := len(b)
	for len(b) >= 8 {
		x := binary.LittleEndian.Uint64(b)
		n -= bits.OnesCount64(x &^ (x << 1) & 0x8080808080808080)
		b = b[8:]
	}
	for _, c := range b {
		if c&0xC0 == 0x80 {
			n--
		}
	}
	return n
}

// wide counts the lead bytes of 4-byte UTF-8 sequences (11110xxx): the
// characters UTF-16 writes as a surrogate pair. Eight bytes at a time, as
// chars.
func wide(b []byte) int {
	n := 0
	for len(b) >= 8 {
		x := binary.LittleEndian.Uint64(b)
		// bit 7 of each byte: bits 7..4 set and bit 3 clear
		n += bits.OnesCount64(x & (x << 1) & (x << 2) & (x << 3) &^ (x << 4) & 0x8080808080808080)
		b = b[8:]
	}
	for _, c := range b {
		if c&0xF8 == 0xF0 {
			n++
		}
	}
	return n
}

// charsWide is chars and wide in one pass over b (advance's hot path:
// the bytes from a line's start to each identifier). A word without
// high bits (ASCII, most text before identifiers) is skipped uncounted:
// the counts were 7% of a dense scan's CPU (issue 25).
func charsWide(b []byte) (n, w int) {
	n = len(b)
	for len(b) >= 8 {
		x := binary.LittleEndian.Uint64(b)
		b = b[8:]
		if x&0x8080808080808080 == 0 {
			continue
		}
		n -= bits.OnesCount64(x &^ (x << 1) & 0x8080808080808080)
		w += bits.OnesCount64(x & (x << 1) & (x << 2) & (x << 3) &^ (x << 4) & 0x8080808080808080)
	}
	for _, c := range b {
		if c&0xC0 == 0x80 {
			n--
		} else if c&0xF8 == 0xF0 {
			w++
		}
	}
	return n, w
}

// fill shifts consumed bytes out, reads more and scans the new region.
func (s *Stream) fill() bool {
	if s.ctx != nil {
		if err := s.ctx.Err(); err != nil {
			s.cands, s.next = s.cands[:0], 0
			s.eof, s.err, s.from = true, err, s.n
			s.fromLine = 0 // not scanned to there
			return false
		}
	}
	// Keep the bytes from the first unexamined colon's possible scheme
	// start, plus lookbehind for the boundary check.
	keep := max(0, s.from-maxScheme-ContextBytes)
	if keep > 0 && s.own == nil {
		if !s.opt.NoPositions {
			s.advanceTo(keep, s.fromLine-countNL(s.buf[keep:s.lineAt]))
			s.pos -= keep
			s.lineAt -= keep
		}
		copy(s.buf, s.buf[keep:s.n])
		s.n -= keep
		s.from -= keep
		s.base += int64(keep)
	}
	s.cands, s.next = s.cands[:0], 0
	if !s.eof {
		if cap(s.buf) == 0 {
			s.buf = make([]byte, s.size)
		}
		for empty := 0; s.n < len(s.buf); empty++ {
			k, err := s.r.Read(s.buf[s.n:])
			s.n += k
			s.bytesRead += int64(k)
			if err == nil && k == 0 && empty == maxEmptyReads {
				err = io.ErrNoProgress // a broken reader must not hang the scan
			}
			if err != nil {
				s.eof = true
				if !errors.Is(err, io.EOF) {
					s.err = err
				}
				break
			}
			if k > 0 {
				break
			}
		}
	}
	// An incomplete identifier never fills the buffer: it holds MaxLen plus
	// slack after any scheme start, so the next fill always makes progress.
	end, atEOF := s.n, s.eof
	if s.own != nil && end-s.from > s.window() {
		// Text given whole (ResetBytes) is scanned a window at a time, so
		// that lines are counted up to each match while its bytes are still
		// in cache: scanning a whole 8 MiB part first made the line count
		// a second pass over memory.
		end, atEOF = s.from+s.window(), false
	}
	var nl int
	s.candLine = s.fromLine
	// the last scan (atEOF) counts lines only up to its last identifier
	s.cands, s.from, _, nl, s.lineAt = scan(s.cands, s.buf[:end], s.from, atEOF, s.opt, !s.opt.NoPositions, atEOF)
	s.fromLine += nl
	s.ord0 = s.ords
	s.ords += uint64(len(s.cands))
	return len(s.cands) > 0 || !s.eof || s.from < s.n
}

// window is how much of a text given whole one fill scans: the stream's
// buffer's worth, and room for a maximal identifier with its context.
func (s *Stream) window() int {
	return max(s.size, 4*(s.opt.MaxLen+maxScheme+2*ContextBytes))
}

// maxEmptyReads is how many reads returning nothing and no error in a row
// the stream accepts (as bufio.Reader does) before failing.
const maxEmptyReads = 100

// Position is the 1-based line and column (in characters, as the stream
// counts them) of byte offset off in text.
func Position(text []byte, off int) (line, col int) {
	line, col, _ = Position16(text, off)
	return line, col
}

// Position16 is Position with the column also in UTF-16 code units
// (Match.Column16).
func Position16(text []byte, off int) (line, col, col16 int) {
	before := text[:off]
	ls := lastNL(before) + 1
	c := chars(before[ls:])
	return bytes.Count(before, nlByte) + 1, c + 1, c + wide(before[ls:]) + 1
}

// Positions gives Position16 of increasing offsets of one text, each
// from the last one's: the positions of n offsets cost one pass over the
// text, not n (issue 24 §5: the i-names of a 4 MB XRDS document took
// 10 s, their lines counted from the start each time). Scanned counts
// the bytes it has examined. An offset before the last one starts over.
type Positions struct {
	Text    []byte
	off     int // the last offset
	line    int // its line, from 1
	chars   int // characters between its line's start and it
	wide    int // of them, outside the BMP
	Scanned int64
}

// At is Position16(p.Text, off).
func (p *Positions) At(off int) (line, col, col16 int) {
	if off < p.off || p.line == 0 {
		p.off, p.line, p.chars, p.wide = 0, 1, 0, 0
	}
	seg := p.Text[p.off:off]
	p.Scanned += int64(len(seg))
	if nl := lastNL(seg); nl >= 0 {
		p.line += bytes.Count(seg[:nl+1], nlByte)
		seg = seg[nl+1:]
		p.chars, p.wide = 0, 0
	}
	c, w := charsWide(seg)
	p.off, p.chars, p.wide = off, p.chars+c, p.wide+w
	return p.line, p.chars + 1, p.chars + p.wide + 1
}
