package reports

import (
	"hash/maphash"
	"slices"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/idlint/idlint/internal/pagetouch"
	"github.com/idlint/idlint/internal/prefetch"
	"github.com/idlint/idlint/internal/termsafe"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/rules"
)

// AppendOccurrence appends the JSON Lines object of o (without newline) to
// b, byte for byte what encoding/json writes for Occurrence(o) with HTML
// escaping off, without reflection or per-field allocation: JSON output is
// on the hot path of `idlint scan --format jsonl`.
func AppendOccurrence(b []byte, o *lint.Occurrence) []byte {
	b = appendDoc(b, &o.Location)
	b = appendPos(b, &o.Location)
	return appendIdent(b, o)
}

// appendDoc appends the document part of the object: `{"source":…` up to
// before `,"offset":`.
func appendDoc(b []byte, l *record.Location) []byte {
	b = append(b, `{"source":`...)
	b = appendString(b, l.Source)
	b = append(b, `,"member":`...)
	b = appendString(b, l.Member)
	if l.RecordID != "" {
		b = append(b, `,"record_id":`...)
		b = appendString(b, l.RecordID)
	}
	if l.TargetURI != "" {
		b = append(b, `,"target_uri":`...)
		b = appendString(b, l.TargetURI)
	}
	return b
}

// appendPos appends offset, line and column.
func appendPos(b []byte, o *record.Location) []byte {
	b = append(b, `,"offset":`...)
	b = strconv.AppendInt(b, o.Offset, 10)
	b = append(b, `,"line":`...)
	b = strconv.AppendInt(b, int64(o.Line), 10)
	b = append(b, `,"column":`...)
	return strconv.AppendInt(b, int64(o.Column), 10)
}

// appendIdent appends the part of the object that depends on the
// identifier only, from `,"scheme":` to the end.
func appendIdent(b []byte, o *lint.Occurrence) []byte {
	plain := o.PlainText()
	b = append(b, `,"scheme":`...)
	b = appendText(b, o.Scheme, plain)
	b = append(b, `,"profile":`...)
	b = appendText(b, o.Profile, plain)
	b = append(b, `,"raw":`...)
	at := len(b)
	b = appendText(b, o.Raw, plain)
	raw := b[at:len(b):len(b)]
	b = append(b, `,"valid":`...)
	b = strconv.AppendBool(b, o.Valid())
	b = append(b, `,"canonical":`...)
	b = appendAgain(b, o.Canonical, o.Raw, raw, plain)
	b = append(b, `,"key":`...)
	b = appendAgain(b, o.Key, o.Raw, raw, plain)
	b = append(b, `,"ns_key":`...)
	b = appendAgain(b, o.NSKey, o.Raw, raw, plain)
	if o.KeyLevel != "" {
		b = append(b, `,"key_level":`...)
		b = appendText(b, o.KeyLevel, plain)
	}
	b = append(b, `,"namespace":`...)
	b = appendText(b, o.Namespace, plain)
	b = append(b, `,"rules":[`...)
	for i := range o.Findings {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, o.Findings[i].Rule.ID)
	}
	b = append(b, `],"max_severity":`...)
	if sev := o.MaxSeverity(); int(sev) < len(quotedSeverity) {
		b = append(b, quotedSeverity[sev]...)
	} else {
		b = appendString(b, sev.String())
	}
	if o.Truncated {
		b = append(b, `,"truncated":true`...)
	}
	if o.Kind != "" {
		b = append(b, `,"kind":`...)
		b = appendString(b, o.Kind)
	}
	b = append(b, `,"findings":[`...)
	for i := range o.Findings {
		f := &o.Findings[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"rule":`...)
		b = appendString(b, f.Rule.ID)
		b = append(b, `,"name":`...)
		b = appendString(b, f.Rule.Name)
		b = append(b, `,"severity":`...)
		b = appendString(b, f.Severity.String())
		b = append(b, `,"message":`...)
		b = appendString(b, f.Message)
		b = append(b, `,"spec":`...)
		b = appendString(b, f.Rule.SpecFor(o.Profile))
		b = append(b, `,"start":`...)
		b = strconv.AppendInt(b, int64(f.Start), 10)
		b = append(b, `,"end":`...)
		b = strconv.AppendInt(b, int64(f.End), 10)
		b = append(b, '}')
	}
	return append(b, "]}"...)
}

const hexDigits = "0123456789abcdef"

// quotedSeverity are the severities' names quoted, by severity.
var quotedSeverity = func() (q [rules.Error + 1]string) {
	for i := range q {
		q[i] = string(appendString(nil, rules.Severity(i).String()))
	}
	return q
}()

// appendAgain appends s quoted; when s is prev, whose quoted form is enc,
// it copies enc instead of escaping again (an identifier already in
// canonical form has raw = canonical = key = ns_key: issue 25).
func appendAgain(b []byte, s, prev string, enc []byte, plain bool) []byte {
	if s == prev {
		return append(b, enc...)
	}
	return appendText(b, s, plain)
}

// appendText appends s quoted: copied as it is when plain (a memo found
// it needs no escape: lint.Occurrence.PlainText), else appendString.
func appendText(b []byte, s string, plain bool) []byte {
	if plain {
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	return appendString(b, s)
}

// plain8 reports whether the eight bytes of x are ASCII that JSON copies
// as is: none below 0x20, '"', '\\', DEL or above. It may say no for
// some that are (a borrow across bytes), never yes for one that is not.
func plain8(x uint64) bool {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	zero := func(v uint64) uint64 { return (v - lo) & ^v & hi }
	return (x&hi | (x-0x20*lo)&^x&hi | zero(x^'"'*lo) | zero(x^'\\'*lo) | zero(x^0x7f*lo)) == 0
}

func load8(s string, i int) uint64 {
	return uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
		uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
}

// appendString quotes s as encoding/json does with SetEscapeHTML(false):
// ", \\ and controls escaped (\b \f \n \r \t by name), invalid UTF-8 as
// \ufffd, U+2028 and U+2029 as \u2028 and \u2029; and DEL, C1 and bidi
// controls as \u escapes, as termsafe.JSON writes them in encoding/json's
// output (issue 24 §6).
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		// eight bytes at a time while none needs a look (issue 25: the
		// identifiers of dense text are plain ASCII)
		if i+8 <= len(s) && plain8(load8(s, i)) {
			i += 8
			continue
		}
		if i+8 > len(s) && len(s) >= 8 && plain8(load8(s, len(s)-8)) {
			break // the tail, checked in the last eight bytes
		}
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != 0x7f {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF]) // controls, DEL
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if termsafe.Unsafe(r) { // U+2028, U+2029, C1, bidi
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', hexDigits[r>>12&0xF], hexDigits[r>>8&0xF], hexDigits[r>>4&0xF], hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// occEncoder is AppendOccurrence with memory: a scan delivers runs of
// occurrences from one document and repeats identifiers, so the document
// part and the identifier part of the object are encoded once and copied
// after that, when the fields they come from are equal (compared field by
// field, so the output is the same bytes as AppendOccurrence's).
//
// The identifier parts are cached in a direct-mapped table over one
// arena of bytes, both allocated once: an identifier missed a second time
// (its hash remembered the first) replaces its slot and appends to the
// arena, which starts over when full (issue 25: no
// allocation per identifier, hits or misses, on identifier-dense input
// of more distinct identifiers than the cache holds). A memo's results
// (Occurrence.MemoID) go to frag instead, found by their ID.
type occEncoder struct {
	doc    record.Location
	docEnc []byte
	// tags[i] is the hash of slots[i]'s raw text, 0 for an empty slot: a
	// miss is told in 64 KB, without touching the slots
	tags  []uint64
	slots []identSlot
	seen  []uint32 // hashes (high half) of identifiers missed once
	arena []byte
	seed  maphash.Seed
	reuse int // times the arena started over
	// the hit rate over a window of lookups; below encColdRate, only one
	// occurrence in encColdProbe is looked up in the next window (dense
	// text of more distinct identifiers than the cache holds: the lookups
	// would cost more than the hits save)
	looks, hits, skip int
	cold              bool
	frag              fragCache
}

// fragCache holds the identifier parts of memo results (issue 25: "JSON
// encoding from a per-distinct-identifier cached fragment"), found by
// Occurrence.MemoID in a direct-mapped table: a hit neither hashes nor
// compares text. The parts are in a ring of bytes: a slot's part is good
// while fewer than len(ring) bytes were written after it.
type fragCache struct {
	slots []fragSlot
	ring  []byte
	at    uint64 // bytes written to the ring, gaps at its end included
	hits  int    // (tests)
	// as occEncoder's: cold when under one lookup in fragColdRate hit in
	// the last window, and then one occurrence in encColdProbe looked up
	// (dense text of more distinct identifiers than the cache holds: a
	// lookup and an insert are cache misses, about what encoding afresh
	// costs)
	looks, winHits, skip int
	cold                 bool
}

// alloc gives c empty slots and ring; the next part goes at the ring's
// start (at, the ring's history, moves on to a multiple of its size).
func (c *fragCache) alloc(slots, ring int) {
	c.slots = make([]fragSlot, slots)
	// a word of each page written now, not read first by a lookup (or the
	// collector) and written again by the insert (issue 25)
	pagetouch.Zero(c.slots)
	c.ring = make([]byte, ring)
	c.at += uint64(ring) - c.at%uint64(ring)
}

// fragSlot is one cached part: the result it renders, checked on a hit
// by identity (the MemoID, Raw's bytes' address) and by the findings,
// which a scan may have filtered per occurrence.
type fragSlot struct {
	id       uint64
	pos      uint64 // where in the ring's history the part starts
	n        uint32
	raw      string
	findings []rules.Finding
}

// Bounds of the fragment cache: slots (a power of two) and ring bytes
// (~12,000 parts of 340 bytes): small enough to stay in the processor's
// cache, where a hit costs a fifth of encoding afresh; a bigger one
// (2^18 slots, 96 MB) did not pay on dense text: every lookup missed the
// processor's cache. Lowered by tests.
var (
	fragSlots = 1 << 14
	fragRing  = 4 << 20
	fragMax   = 4 << 10 // longer parts are not cached
	// the cache starts at these and grows 4× (to the bounds above) each
	// time its ring fills: sparse text (the RFC series: 10,000
	// identifiers) fills a fraction of it, and three encoders of 5 MB
	// were 80% of the live heap, whose doubling the collector let grow
	// in fresh pages (2,000 page faults of 6,800; issue 25)
	fragSlotsMin = 1 << 10
	fragRingMin  = 256 << 10
)

// fragColdRate: 200 MB of dense text (100,000 keys) hit ~6% of lookups,
// which cost more than they saved (+6–9% user CPU); a hit saves ~4/5 of
// an encoding (BenchmarkOccEncoderMemo), a miss adds a lookup and an
// insert.
const fragColdRate = 4

// identSlot is a cached identifier part: the fields it was encoded from
// and where its bytes are in the arena.
type identSlot struct {
	id     lint.Occurrence // Location and Forms unused
	off, n int32
}

// Bounds of the identifier cache: slots (a power of two) and arena bytes.
const (
	encSlots = 8192
	encSeen  = 2 * encSlots
	encArena = 4 << 20

	encWindow    = 4096
	encColdRate  = 16 // cold under one hit in 16 lookups
	encColdProbe = 8
)

func (e *occEncoder) append(b []byte, o *lint.Occurrence) []byte {
	b, _ = e.appendAt(b, o)
	return b
}

// appendAt is append, also returning where the line number starts.
func (e *occEncoder) appendAt(b []byte, o *lint.Occurrence) ([]byte, int) {
	l := &o.Location
	if e.docEnc == nil || l.Source != e.doc.Source || l.Member != e.doc.Member || l.RecordID != e.doc.RecordID || l.TargetURI != e.doc.TargetURI {
		e.doc = record.Location{Source: l.Source, Member: l.Member, RecordID: l.RecordID, TargetURI: l.TargetURI}
		e.docEnc = appendDoc(e.docEnc[:0], l)
	}
	b = append(b, e.docEnc...)
	b = append(b, `,"offset":`...)
	b = strconv.AppendInt(b, l.Offset, 10)
	b = append(b, `,"line":`...)
	line := len(b)
	b = strconv.AppendInt(b, int64(l.Line), 10)
	b = append(b, `,"column":`...)
	b = strconv.AppendInt(b, int64(l.Column), 10)
	return e.appendIdentCached(b, o), line
}

// appendIdentCached appends o's identifier part, from the cache when it
// holds it.
func (e *occEncoder) appendIdentCached(b []byte, o *lint.Occurrence) []byte {
	if o.MemoID != 0 && !o.Truncated && o.Kind == "" && len(o.Suppressed) == 0 {
		return e.frag.append(b, o)
	}
	if e.slots == nil {
		e.tags = make([]uint64, encSlots)
		e.slots = make([]identSlot, encSlots)
		e.seen = make([]uint32, encSeen)
		e.arena = make([]byte, 0, encArena)
		e.seed = maphash.MakeSeed()
	}
	if e.cold {
		if e.skip++; e.skip < encColdProbe {
			return appendIdent(b, o)
		}
		e.skip = 0
	}
	if e.looks++; e.looks == encWindow {
		e.cold = e.hits*encColdRate < e.looks
		e.looks, e.hits = 0, 0
	}
	h := maphash.String(e.seed, o.Raw) | 1 // never 0, the empty tag
	i := h & (encSlots - 1)
	if e.tags[i] == h {
		if x := &e.slots[i]; sameIdent(&x.id, o) {
			e.hits++
			return append(b, e.arena[x.off:x.off+x.n]...)
		}
	}
	start := len(b)
	b = appendIdent(b, o)
	enc := b[start:]
	if g := &e.seen[h>>32&(encSeen-1)]; *g != uint32(h>>32) {
		*g = uint32(h >> 32) // remembered the second time seen: most of dense text's are seen once in a while
		return b
	}
	if len(enc) > encArena/64 {
		return b // a giant: not worth an arena's share
	}
	if len(e.arena)+len(enc) > cap(e.arena) {
		e.arena = e.arena[:0]
		clear(e.tags) // every slot empty
		e.reuse++
	}
	x := &e.slots[i]
	x.id = *o
	x.id.Location, x.id.Forms, x.id.Fingerprints = record.Location{}, nil, nil
	x.off, x.n = int32(len(e.arena)), int32(len(enc))
	e.tags[i] = h
	e.arena = append(e.arena, enc...)
	return b
}

// prefetch is Encoder.Prefetch.
func (e *occEncoder) prefetch(o *lint.Occurrence) {
	PrefetchText(o)
	if c := &e.frag; o.MemoID != 0 && c.slots != nil {
		prefetch.Line(unsafe.Pointer(&c.slots[c.slot(o.MemoID)]))
	}
}

// sameIdent reports whether a and b encode to the same identifier part.
func sameIdent(a, b *lint.Occurrence) bool {
	if a.Scheme != b.Scheme || a.Profile != b.Profile || a.Raw != b.Raw || a.Canonical != b.Canonical ||
		a.Key != b.Key || a.NSKey != b.NSKey || a.KeyLevel != b.KeyLevel || a.Namespace != b.Namespace || a.Truncated != b.Truncated || a.Kind != b.Kind ||
		len(a.Findings) != len(b.Findings) || a.Valid() != b.Valid() { // suppressed errors count in valid
		return false
	}
	for i := range a.Findings {
		if a.Findings[i] != b.Findings[i] {
			return false
		}
	}
	return true
}

// slot is the index of MemoID id's slot.
func (c *fragCache) slot(id uint64) uint32 {
	return (uint32(id) + uint32(id>>32)*0x9e3779b1) & uint32(len(c.slots)-1)
}

// append appends the identifier part of o, a memo's result (MemoID set)
// neither truncated nor with suppressed findings nor a look-alike: those
// fields are not part of what the MemoID names.
func (c *fragCache) append(b []byte, o *lint.Occurrence) []byte {
	if c.slots == nil {
		c.alloc(min(fragSlotsMin, fragSlots), min(fragRingMin, fragRing))
	}
	if c.cold {
		if c.skip++; c.skip < encColdProbe {
			return appendIdent(b, o)
		}
		c.skip = 0
	}
	if c.looks++; c.looks == encWindow {
		c.cold = c.winHits*fragColdRate < c.looks
		c.looks, c.winHits = 0, 0
	}
	id := o.MemoID
	x := &c.slots[c.slot(id)]
	if x.id == id && c.at-x.pos <= uint64(len(c.ring)) && len(x.raw) == len(o.Raw) &&
		unsafe.StringData(x.raw) == unsafe.StringData(o.Raw) && slices.Equal(x.findings, o.Findings) {
		c.hits++
		c.winHits++
		p := x.pos % uint64(len(c.ring))
		return append(b, c.ring[p:p+uint64(x.n)]...)
	}
	start := len(b)
	b = appendIdent(b, o)
	enc := b[start:]
	if len(enc) > fragMax || len(enc) > len(c.ring) {
		return b
	}
	p := c.at % uint64(len(c.ring))
	if p+uint64(len(enc)) > uint64(len(c.ring)) {
		if len(c.ring) < fragRing {
			c.alloc(min(4*len(c.slots), fragSlots), min(4*len(c.ring), fragRing)) // empty, larger
		} else {
			c.at += uint64(len(c.ring)) - p // the part starts the ring over
		}
		p = c.at % uint64(len(c.ring))
		x = &c.slots[c.slot(id)]
	}
	copy(c.ring[p:], enc)
	*x = fragSlot{id: id, pos: c.at, n: uint32(len(enc)), raw: o.Raw, findings: o.Findings}
	c.at += uint64(len(enc))
	return b
}
