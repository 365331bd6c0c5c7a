package reports

import (
	"bytes"
	"unsafe"

	"github.com/idlint/idlint/internal/prefetch"
	"github.com/idlint/idlint/lint"
)

// A scan hands every occurrence to its sink on one goroutine, in order.
// On identifier-dense input, encoding them there is the bottleneck of a
// parallel scan (issue 25): a sink whose per-occurrence output is only
// bytes an Encoder makes (JSON Lines) can let the scan's workers encode
// them and take the bytes instead; a sink that ignores occurrences lets
// the workers only count them.

// EncodedSink is a sink that takes occurrences as bytes its Encoders
// made, in place of Occurrence calls.
type EncodedSink interface {
	// NewEncoder returns an encoder for one goroutine, or nil when the
	// sink needs every occurrence itself (then Occurrence is called).
	NewEncoder() *Encoder
	// WriteEncoded writes occurrences its encoders rendered, in output
	// order, as Occurrence would have written them.
	WriteEncoded(b []byte) error
}

// OccurrenceIgnorer is a sink whose Occurrence does nothing (it wants the
// source records only): a scan need not hand it occurrences.
type OccurrenceIgnorer interface {
	IgnoresOccurrences() bool
}

// Encoder renders occurrences as a JSONL sink writes them, for one
// goroutine: its cache of identifier parts is its own.
type Encoder struct{ enc occEncoder }

// Append appends o's JSON Lines object and newline to dst; line is the
// index in b where o.Line's decimal digits start, so that a line number
// known only later (a part of a split file) can be put in its place.
func (e *Encoder) Append(dst []byte, o *lint.Occurrence) (b []byte, line int) {
	b, line = e.enc.appendAt(dst, o)
	return append(b, '\n'), line
}

// Prefetch starts bringing into the cache what Append will read of o:
// its texts and its slot of the encoder's cache. Called a few occurrences
// ahead of Append (issue 25: on identifier-dense input each is a miss
// otherwise); a hint, which changes no output.
func (e *Encoder) Prefetch(o *lint.Occurrence) { e.enc.prefetch(o) }

// PrefetchText starts bringing in o's texts, for a caller that encodes
// or reads them a few occurrences later (a hint).
func PrefetchText(o *lint.Occurrence) {
	prefetch.String(o.Raw)
	// canonical is mostly raw's or key's text, the namespace inside raw
	if unsafe.StringData(o.Key) != unsafe.StringData(o.Raw) {
		prefetch.String(o.Key)
	}
	if unsafe.StringData(o.NSKey) != unsafe.StringData(o.Raw) {
		prefetch.String(o.NSKey)
	}
}

// NewEncoder returns an encoder of the sink's lines; nil when the sink
// also aggregates clusters (they need the occurrences).
func (j *JSONL) NewEncoder() *Encoder {
	if j.Clusters != nil {
		return nil
	}
	return &Encoder{}
}

// WriteEncoded writes lines its encoders made, flushing where
// Occurrence would have: before a line when less than jsonlRoom is
// buffered (--sources - interleaves its lines with these at the flushes:
// the same bytes whoever encoded). Without source records nothing
// interleaves: a large b goes in one write, not copied into the buffer
// first; small ones (a small file's) are gathered in the buffer.
func (j *JSONL) WriteEncoded(b []byte) error {
	if j.src == nil {
		if len(b) < jsonlShared {
			if len(b) > j.w.Available() {
				if err := j.w.Flush(); err != nil {
					return err
				}
			}
			_, err := j.w.Write(b)
			return err
		}
		if err := j.w.Flush(); err != nil {
			return err
		}
		_, err := j.out.Write(b)
		return err
	}
	for len(b) > 0 {
		room := j.w.Available() - jsonlRoom
		if room < 0 {
			if err := j.w.Flush(); err != nil {
				return err
			}
			continue
		}
		// the lines that start within room go without a flush
		n := len(b)
		if room < len(b) {
			if k := bytes.IndexByte(b[room:], '\n'); k >= 0 {
				n = room + k + 1
			}
		}
		if _, err := j.w.Write(b[:n]); err != nil {
			return err
		}
		b = b[n:]
	}
	return nil
}

// IgnoresOccurrences: Failures only names the inputs that failed.
func (*Failures) IgnoresOccurrences() bool { return true }

var (
	_ EncodedSink       = (*JSONL)(nil)
	_ OccurrenceIgnorer = (*Failures)(nil)
)
