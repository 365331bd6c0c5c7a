package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/idlint/idlint/corpus"
	"github.com/idlint/idlint/extract"
	"github.com/idlint/idlint/record"
)

// PartSize is the size of the parts a large plain-text file is split into
// when several workers scan it (corpus.Split): large enough that a part's
// setup is noise, small enough that two workers share a 100 MB file evenly.
const PartSize = 8 << 20

// partContext is how much text before its part a worker reads: the
// boundary rule and Match.Before look back extract.ContextBytes; the text
// after the part is read for Match.After.
const partContext = 2 * extract.ContextBytes

// partDone is what a part reports besides its occurrences.
type partDone struct {
	lines int   // line breaks in the part
	bytes int64 // bytes of the part read
	occ   int
	err   error
}

// part scans one part of a split file. Its occurrences carry lines counted
// from the part's start (the emitter adds the lines of the parts before);
// offsets and columns are the file's, since a part starts at a line start.
// The part is scanned in place in the file's memory map when there is one,
// else read through the stream's buffer.
func (s *scanner) part(ctx context.Context, t *task, copt corpus.Options, bud *budget) {
	defer t.slot.close()
	done := &partDone{}
	w := span{from: t.Off, to: t.End} // the matches it owns
	var data []byte                   // the mapped file, when mapped
	if t.mapping != nil {
		defer t.mapping.Release()
		if d, err := t.mapping.Bytes(); err == nil {
			data = d
			defer s.stream.ResetAt(nil, 0) // no slice into the map outlives it
			// a page of a file that shrinks under the map faults: a panic
			// recovered below, not a crash
			defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		}
	}
	b := batcher{ctx: ctx, seq: t.seq, out: t.slot, bud: bud, dl: s.dl, relLines: t.part > 0}
	defer func() {
		if r := recover(); r != nil {
			b.flush() // what was found before, as the record counts it
			done.occ = w.found
			if _, fault := r.(interface{ Addr() uintptr }); fault && data != nil {
				done.err = errors.New("the file changed while being read: a page of its memory map is gone (shrunk or truncated?)")
				done.bytes = max(0, w.end-t.Off) // at least what its occurrences span
			} else {
				done.err = fmt.Errorf("internal error: %v (please report it with this input)", r)
			}
			t.slot.put(item{done: done})
		}
	}()
	if err := s.use(t.in.Path); err != nil {
		done.err = err
		t.slot.put(item{done: done})
		return
	}
	pt, err := s.openPart(t, copt, data)
	if err != nil {
		done.err = err
		t.slot.put(item{done: done})
		return
	}
	if pt.rc != nil {
		defer pt.rc.Close()
	}
	doc := &corpus.Document{Source: t.in.Path, Format: "text"}
	w.before, w.lc = pt.before, pt.lc
	done.err = s.matches(ctx, doc, &b, &w)
	done.occ = w.found
	b.flush()
	if data != nil {
		t.mapping.Drop(t.Off, t.End)
	}
	s.closePart(t, &pt, done, w.end)
	t.slot.put(item{done: done})
}

// partText is the text a part is scanned in: the part and partContext
// bytes either side.
type partText struct {
	rc            io.Closer    // the file read (nil: mapped)
	lc            *lineCounter // counts the line breaks of the text read (nil: mapped)
	before, after int          // line breaks before and after the part (mapped)
	read          int64        // the offset up to which the file was read (mapped)
}

// openPart sets the stream to part t's text: in place in the mapped file,
// data, when there is one, else read from the file.
func (s *scanner) openPart(t *task, copt corpus.Options, data []byte) (partText, error) {
	from := max(0, t.Off-partContext)
	if data == nil {
		rc, err := corpus.OpenPart(t.in, copt, from, t.End+partContext)
		if err != nil {
			return partText{}, err
		}
		lc := &lineCounter{r: rc, pos: from, lo: t.Off, hi: t.End}
		s.stream.ResetAt(lc, from)
		return partText{rc: rc, lc: lc}, nil
	}
	size := int64(len(data))
	end := min(size, t.End+partContext)
	s.stream.ResetBytes(data[min(from, size):end], from)
	if copt.ReadBytes != nil {
		copt.ReadBytes.Add(min(size, t.End) - min(t.Off, size))
	}
	return partText{
		before: bytes.Count(data[min(from, size):min(t.Off, size)], nlByte),
		after:  bytes.Count(data[min(t.End, end):end], nlByte),
		read:   end,
	}, nil
}

// closePart completes part t's report: its lines and the bytes read of
// it (at least what its occurrences span, end: they were read before the
// file could shrink). A part read short is an error.
func (s *scanner) closePart(t *task, pt *partText, done *partDone, end int64) {
	st := s.stream
	if done.err == nil {
		// the stream counted the lines of all it read; the part's are
		// those less the ones read before and after it
		for st.Next() {
		}
		if pt.lc != nil {
			pt.before, pt.after = pt.lc.before, pt.lc.after
		}
		if lines := st.Lines(); lines > 0 { // 0: not counted (occurrences only counted)
			done.lines = lines - 1 - pt.before - pt.after
		}
	}
	read := pt.read
	if pt.lc != nil {
		read = pt.lc.pos
	} else if fi, err := os.Stat(t.in.Path); err == nil && fi.Size() < read {
		read = fi.Size() // shrank within a page: no fault, zeros read
	}
	done.bytes = max(0, min(read, t.End)-t.Off, end-t.Off)
	if done.err == nil && done.bytes < t.End-t.Off {
		done.err = fmt.Errorf("file shrank to %d bytes while being read", read)
	}
}

var nlByte = []byte{'\n'}

// lineCounter counts the line breaks that pass through it before lo
// (before) and from hi on (after); pos is the offset of the next byte.
type lineCounter struct {
	r             io.Reader
	pos           int64
	lo, hi        int64
	before, after int
}

func (c *lineCounter) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	b, at := p[:k], c.pos
	c.pos += int64(k)
	if at < c.lo {
		c.before += bytes.Count(b[:min(int64(len(b)), c.lo-at)], nlByte)
	}
	if end := at + int64(len(b)); end > c.hi {
		c.after += bytes.Count(b[max(0, c.hi-at):], nlByte)
	}
	return k, err
}

// mergePart adds a part's report to the record of its file, which is the
// record Open would give the file read whole, errors named by offset.
func mergePart(r record.Source, t *task, d *partDone) record.Source {
	if t.part == 0 {
		r = record.Source{Source: t.in.Path, Format: "text", Status: record.StatusOK}
	}
	if t.part == t.parts-1 {
		r.CompressedBytes = t.End
	}
	if r.Status == record.StatusError {
		return r // read up to the failed part only (its results dropped)
	}
	r.Bytes += d.bytes
	r.Occurrences += d.occ
	if d.err != nil {
		r.Status = record.StatusError
		r.Error = fmt.Sprintf("bytes %d-%d: %v", t.Off, t.End, d.err)
	}
	return r
}
