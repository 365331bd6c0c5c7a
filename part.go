package idlint

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"github.com/idlint/idlint/corpus"
	"github.com/idlint/idlint/extract"
	"github.com/idlint/idlint/rules"
)

// PartSize is the size of the parts a large plain-text file is split into
// when several workers scan it (corpus.Split): large enough that a part's
// setup is noise, small enough that two workers share a 100 MB file evenly.
const PartSize = 8 << 20

// partContext is how much text before its part a worker reads: the
// boundary rule and Match.Before look back extract.ContextBytes; the text
// after the part is read for Match.After.
const partContext = 2 * extract.ContextBytes

// Groups of small inputs handed to a worker as one task.
const (
	groupFile     = 256 << 10 // larger files are tasks of their own
	groupInputs   = 64
	groupBytesMax = 1 << 20
)

// task is one unit of work: whole inputs (one, or a group of small ones
// scanned in turn), or one part of a split file.
type task struct {
	seq int // position in the output order
	ins []corpus.Input
	in  corpus.Input // the split file
	// part k of parts (parts == 0: the whole input) and its byte range
	part, parts int
	corpus.Part
	slot *slot
}

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
func (s *scanner) part(ctx context.Context, t *task, copt corpus.Options, bud *budget) {
	defer t.slot.close()
	done := &partDone{}
	defer func() {
		if r := recover(); r != nil {
			done.err = fmt.Errorf("internal error: %v (please report it with this input)", r)
			t.slot.put(item{done: done})
		}
	}()
	b := batcher{ctx: ctx, seq: t.seq, out: t.slot, bud: bud}
	from := max(0, t.Off-partContext)
	rc, err := corpus.OpenPart(t.in, copt, from, t.End+partContext)
	if err != nil {
		done.err = err
		t.slot.put(item{done: done})
		return
	}
	defer rc.Close()
	// Read through the stream's own buffer, not a memory map: measured,
	// the copy into a buffer that stays in L2 costs less than scanning
	// mapped pages (page faults, DRAM reads).
	nl := &lineCounter{r: rc, pos: from, lo: t.Off, hi: t.End}
	st := s.stream
	st.ResetAt(nl, from)
	doc := &corpus.Document{Source: t.in.Path, Format: "text"}
	for st.Next() {
		if ctx.Err() != nil {
			done.err = ctx.Err()
			break
		}
		m := st.Match()
		if m.Offset < t.Off {
			continue // the part before owns it
		}
		if m.Offset >= t.End {
			break
		}
		o, err := s.memo.CheckInContext(m.Scheme.String(), m.Raw, &rules.Context{Before: m.Before, After: m.After})
		if err != nil {
			done.err = err
			break
		}
		o.Location = location(doc, m.Offset, m.Line-nl.before, m.Column)
		o.Truncated = m.Truncated
		b.add(o)
		done.occ++
	}
	b.flush()
	if err := st.Err(); err != nil && done.err == nil {
		done.err = err
	}
	if done.err == nil {
		// the stream counted the lines of all it read; the part's are
		// those less the ones read before and after it
		for st.Next() {
		}
		done.lines = st.Lines() - 1 - nl.before - nl.after
	}
	done.bytes = max(0, min(nl.pos, t.End)-t.Off)
	if done.err == nil {
		if done.bytes < t.End-t.Off {
			done.err = fmt.Errorf("file shrank to %d bytes while being read", nl.pos)
		}
	}
	t.slot.put(item{done: done})
}

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
		c.before += bytes.Count(b[:min(int64(len(b)), c.lo-at)], nl)
	}
	if end := at + int64(len(b)); end > c.hi {
		c.after += bytes.Count(b[max(0, c.hi-at):], nl)
	}
	return k, err
}

var nl = []byte{'\n'}

// mergePart adds a part's report to the record of its file, which is the
// record Open would give the file read whole, errors named by offset.
func mergePart(r corpus.SourceRecord, t *task, d *partDone) corpus.SourceRecord {
	if t.part == 0 {
		r = corpus.SourceRecord{Source: t.in.Path, Format: "text", Status: corpus.StatusOK}
	}
	if t.part == t.parts-1 {
		r.CompressedBytes = t.End
	}
	if r.Status == corpus.StatusError {
		return r // read up to the failed part only (its results dropped)
	}
	r.Bytes += d.bytes
	r.Occurrences += d.occ
	if d.err != nil {
		r.Status = corpus.StatusError
		r.Error = fmt.Sprintf("bytes %d-%d: %v", t.Off, t.End, d.err)
	}
	return r
}
