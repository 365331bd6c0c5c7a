package lint

import (
	"hash/maphash"
	"slices"
	"strings"
	"sync/atomic"
	"unsafe"

	"github.com/idlint/idlint/internal/gencache"
	"github.com/idlint/idlint/rules"
)

// Memo remembers the lint results of one worker's identifiers. Corpora
// repeat identifiers (the RFC series cites the same few thousand URNs
// again and again, identifier-dense logs a hundred thousand keys millions
// of times) and a result depends only on the identifier's text and the
// engine's configuration, so a repeated identifier costs two hashes and
// one table access instead of a parse (issue 25 §1).
//
// The tables hold no pointers, so the collector does not scan them: an
// open-addressing table of entries keyed by hashes of the raw bytes, and
// the entries' text (raw, canonical, key, namespace key, namespace) in an
// append-only byte arena. Occurrences from a Memo share their strings
// (pointing into the arena) and their Findings slice with every other
// occurrence of the same text: callers must not modify Findings in place.
// Not safe for concurrent use; one per worker.
type Memo struct {
	eng     *Engine
	schemes []memoScheme
	seed    maphash.Seed
	seed2   maphash.Seed // of memoEntry.check
	// table is the open-addressing table itself (linear probing, a power
	// of two, at most three quarters full; hash 0 marks a free slot: the
	// dense input's 182,000 texts per worker fit 2^18 slots, not 2^19 as
	// at half full, so half the cache footprint and page faults, 8% less
	// CPU, while probing a little longer): a remembered
	// identifier costs one random memory access, the entry, and no look
	// at its text. A text is told by 96 bits of two seeded hashes, its
	// length and scheme: comparing its bytes too (a second random access,
	// into the arena) cost 22% of the CPU of a dense scan, while two texts
	// taken for one another would take some 2^64 lookups.
	table   []memoEntry
	mapping *memoMapping // the table's memory when mapped (allocTable)
	n       int          // entries held
	// seen is a filter of the entries' hashes, 8 bits per slot (two set
	// per entry, in one word: one access), small enough to stay in the cache: a text never seen
	// costs no access to the table (a crawl of distinct identifiers)
	seen []uint64
	// filter says lookups ask seen first: when few of the last window's
	// lookups hit (most texts new). When most hit (identifier-dense text)
	// the filter is an access more for each hit and spares little.
	filter            bool
	winLooks, winHits int
	arena             memoArena
	// classes interns what entries share: scheme, profile, key level and
	// findings; classAt finds a class by its hash (chained by next)
	classes []memoClass
	classAt map[uint64]uint32
	kinds   []string // look-alike kinds of classifyText answers, by memoEntry.text-2
	// lastScheme and lastClass are the indexes last found: tried first
	lastScheme int
	lastClass  uint32
	hits       int // lookups that found their entry (tests)
	// a full memo that was seldom hit — a crawl of mostly distinct
	// identifiers — is kept for lookups while the next misses are not
	// remembered, rather than each copied into an entry dropped before
	// its first reuse
	adm gencache.Admission
	// last is the occurrence CheckInto last wrote from an entry, and
	// whether Placed holds for it (Memo.Placed)
	last       *Occurrence
	lastPlaced bool
	// bounds (the memo… constants; tests lower them)
	maxEntries, maxBytes int
	// gen numbers this memo's generation (since its last reset) among all
	// memos' of the process: Occurrence.MemoID is gen<<32 | the entry's ord
	gen uint64
}

// memoGens hands out memo generations; 0 is never one.
var memoGens atomic.Uint32

func nextMemoGen() uint64 {
	for {
		if g := memoGens.Add(1); g != 0 {
			return uint64(g)
		}
	}
}

// memoScheme is what a memo needs of a scheme for every candidate, looked
// up once instead of in the engine's maps each time.
type memoScheme struct {
	name    string
	profile string
	cl      rules.Classifier     // nil: the scheme has no look-alikes
	tc      rules.TextClassifier // nil: classified in full every time
}

// memoEntry is one remembered text: offsets into the arena, an index into
// the classes. 56 bytes, no pointers.
type memoEntry struct {
	hash                               uint64
	check                              uint32 // the second hash
	raw, canon, key, nsKey, ns         uint32 // arena offsets
	rawLen, canonLen, keyLen, nsKeyLen uint16
	nsLen                              uint16
	class                              uint32 // m.classes index; noClass: not linted yet
	scheme                             uint8  // m.schemes index
	// text is the scheme's ClassifyText answer: 0 none (classified in
	// full every time), 1 "" (an identifier in a quiet context), k ≥ 2
	// the look-alike kind m.kinds[k-2]; facts are its facts for Quiet
	text, facts uint8
	placed      bool   // Placed holds for the result
	ord         uint32 // the entry's number in its generation (Occurrence.MemoID)
}

// memoClass is the part of a result many texts share.
type memoClass struct {
	scheme, profile, keyLevel string
	findings                  []rules.Finding
	hash                      uint64
	next                      uint32 // index + 1 of the next class of the same hash
}

// noClass marks an entry remembered as a look-alike before it was linted
// (Check runs when an occurrence of it in another context needs it).
const noClass = ^uint32(0)

// Memo bounds: everything is dropped at once when one is reached, so the
// memory held stays bounded whatever the input (a crawl of distinct
// identifiers just keeps refilling it): at most 28 MiB of table and
// 512 KiB of filter (2^19 slots) and memoMaxBytes of text per memo. Sized
// so that a worker keeps the distinct texts of internal/textgen's dense
// input (100,000 keys, most also in upper case: ~182,000 texts and 7.5 MB
// of text per worker of two on 200 MB).
const (
	memoMaxEntries = 1 << 18
	memoMaxBytes   = 16 << 20
	memoMaxLen     = 512 // longer identifiers are not remembered
	memoMaxClasses = 1 << 14
	memoMinSlots   = 1 << 10
	memoColdMisses = 8 * memoMaxEntries // misses not remembered after a generation seldom hit
	memoWindow     = 4096               // lookups between two choices of Memo.filter
)

// NewMemo returns an empty memo over e. Its tables start small and grow
// with the distinct texts seen.
func (e *Engine) NewMemo() *Memo {
	m := &Memo{eng: e, filter: true, seed: maphash.MakeSeed(), seed2: maphash.MakeSeed(), adm: gencache.Admission{ColdMisses: memoColdMisses}, maxEntries: memoMaxEntries, maxBytes: memoMaxBytes}
	for name, c := range e.checkers {
		cl, _ := c.(rules.Classifier)
		tc, _ := c.(rules.TextClassifier)
		m.schemes = append(m.schemes, memoScheme{name: name, profile: e.profiles[name], cl: cl, tc: tc})
	}
	m.reset()
	return m
}

func (m *Memo) scheme(name string) int {
	if i := m.lastScheme; i < len(m.schemes) && m.schemes[i].name == name {
		return i // text is mostly of one scheme
	}
	for i := range m.schemes {
		if m.schemes[i].name == name {
			m.lastScheme = i
			return i
		}
	}
	return -1
}

// reset drops every entry. The index and entries are reused; the arena
// starts a new chunk, since strings handed out still point into the old
// ones.
func (m *Memo) reset() {
	if m.table == nil {
		m.table = make([]memoEntry, memoMinSlots)
		m.seen = make([]uint64, memoMinSlots/8)
	} else {
		clear(m.table)
		clear(m.seen)
	}
	m.n = 0
	m.gen = nextMemoGen()
	m.arena.reset()
	m.classes = m.classes[:0]
	m.classAt = make(map[uint64]uint32)
	m.kinds = m.kinds[:0]
}

// CheckInContext is Engine.CheckInContext for raw text found by the
// scanner, remembered: the look-alike classification, which depends on the
// text around the candidate, runs every time (its part that depends on the
// text alone is remembered); the lint result is reused.
func (m *Memo) CheckInContext(scheme string, raw []byte, ctx *rules.Context) (Occurrence, error) {
	var o Occurrence
	err := m.CheckInto(&o, scheme, raw, ctx)
	return o, err
}

// CheckInto is CheckInContext writing the result into *dst (its Location
// is left for the caller): the scanner fills its batch's slot in place
// instead of copying an Occurrence through each call.
func (m *Memo) CheckInto(dst *Occurrence, scheme string, raw []byte, ctx *rules.Context) error {
	m.last = nil
	si := m.scheme(scheme)
	if si < 0 || len(raw) > memoMaxLen {
		o, err := m.eng.CheckInContext(scheme, string(raw), ctx) // the engine's error, or not remembered
		*dst = o
		return err
	}
	sc := &m.schemes[si]
	h := m.hash(raw)
	if m.winLooks++; m.winLooks == memoWindow {
		m.filter = m.winHits < memoWindow*3/4
		m.winLooks, m.winHits = 0, 0
	}
	e := m.lookup(h, si, raw)
	if e == nil {
		remember, reset := m.adm.Miss(m.full(len(raw)))
		if reset {
			m.reset()
		}
		if !remember { // a cold spell: linted, not remembered
			o, err := m.eng.CheckInContext(scheme, string(raw), ctx)
			*dst = o
			return err
		}
		e = m.insert(h, si, raw)
	} else {
		m.hits++
		m.winHits++
		m.adm.Hit()
	}
	ident := m.arena.str(e.raw, e.rawLen)
	kind, failed := m.classify(sc, e, ident, ctx)
	switch {
	case failed:
		o, err := m.eng.CheckInContext(scheme, ident, ctx)
		*dst = o
		return err
	case kind != "":
		*dst = Occurrence{Scheme: sc.name, Profile: sc.profile, Raw: ident, Kind: kind}
		return nil
	case e.class == noClass:
		o, err := m.eng.CheckInContext(scheme, ident, nil)
		if err != nil {
			*dst = o
			return err
		}
		if !m.remember(e, &o) {
			*dst = o
			return nil
		}
	}
	c := &m.classes[e.class]
	*dst = Occurrence{
		Scheme: c.scheme, Profile: c.profile, Raw: ident,
		Canonical: m.arena.str(e.canon, e.canonLen), Key: m.arena.str(e.key, e.keyLen), NSKey: m.arena.str(e.nsKey, e.nsKeyLen),
		KeyLevel: c.keyLevel, Namespace: m.arena.str(e.ns, e.nsLen), Findings: c.findings,
		MemoID: m.gen<<32 | uint64(e.ord),
	}
	m.last, m.lastPlaced = dst, e.placed
	return nil
}

// Placed is lint.Placed(o), told for the occurrence CheckInto last wrote
// from an entry by the entry rather than by reading o's key again (a
// remembered text is not read: its bytes are likely out of the cache).
// The caller must not have changed o's Kind, Scheme or Key since.
func (m *Memo) Placed(o *Occurrence) bool {
	if o == m.last {
		return m.lastPlaced
	}
	return Placed(o)
}

// MemoAhead is how many matches ahead of the one it checks a caller
// prefetches (Memo.Prefetch): far enough for the slot to arrive (a check
// that hits takes ~100 ns, a miss to memory as long), near enough that it
// is still in cache (BenchmarkMemoDense: 2, 4 and 8 measured, 4 best).
const MemoAhead = 4

// Prefetch starts bringing in the table slot where raw's entry would be,
// for a text the caller will look up soon (the scanner's next matches,
// extract.Stream.Ahead): a hit is otherwise one dependent cache miss into
// a table of tens of MB, the largest cost of identifier-dense text
// (issue 25 §2). A hint: it changes no result.
func (m *Memo) Prefetch(raw []byte) {
	if len(raw) > memoMaxLen {
		return
	}
	h := maphash.Bytes(m.seed, raw) | 1
	e := &m.table[h&uint64(len(m.table)-1)]
	prefetch(unsafe.Pointer(e))
	prefetch(unsafe.Add(unsafe.Pointer(e), unsafe.Sizeof(*e)-1)) // an entry may straddle two lines
}

// full reports that an entry for n more bytes of text would pass a bound.
func (m *Memo) full(n int) bool {
	return m.n >= m.maxEntries || m.arena.bytes+n > m.maxBytes || len(m.arena.chunks) >= memoMaxChunks || len(m.classes) >= memoMaxClasses
}

// lookup finds the entry of raw in scheme si (nil: none).
func (m *Memo) lookup(h memoHash, si int, raw []byte) *memoEntry {
	if m.filter && !m.maybe(h) {
		return nil
	}
	mask := uint64(len(m.table) - 1)
	for i := h.hash & mask; ; i = (i + 1) & mask {
		e := &m.table[i]
		switch {
		case e.hash == 0:
			return nil
		case e.hash == h.hash && e.check == h.check && int(e.scheme) == si && int(e.rawLen) == len(raw):
			return e
		}
	}
}

// maybe reports whether the filter holds h: false, the table does not.
// Both bits of h are in one word: one access to the filter.
func (m *Memo) maybe(h memoHash) bool {
	w := m.seen[h.hash>>32&uint64(len(m.seen)-1)]
	bits := uint64(1)<<(h.check&63) | uint64(1)<<(h.check>>6&63)
	return w&bits == bits
}

// see adds h to the filter.
func (m *Memo) see(h memoHash) {
	m.seen[h.hash>>32&uint64(len(m.seen)-1)] |= uint64(1)<<(h.check&63) | uint64(1)<<(h.check>>6&63)
}

// memoHash is a text's two hashes; hash is never 0 (a free slot).
type memoHash struct {
	hash  uint64
	check uint32
}

func (m *Memo) hash(raw []byte) memoHash {
	return memoHash{maphash.Bytes(m.seed, raw) | 1, uint32(maphash.Bytes(m.seed2, raw))}
}

// insert adds an entry for raw, not linted yet, with its text's
// classification.
func (m *Memo) insert(h memoHash, si int, raw []byte) *memoEntry {
	if 4*(m.n+1) > 3*len(m.table) {
		m.grow()
	}
	off := m.arena.add(raw)
	mask := uint64(len(m.table) - 1)
	i := h.hash & mask
	for m.table[i].hash != 0 {
		i = (i + 1) & mask
	}
	e := &m.table[i]
	m.see(h)
	*e = memoEntry{hash: h.hash, check: h.check, raw: off, rawLen: uint16(len(raw)), class: noClass, scheme: uint8(si), ord: uint32(m.n)}
	m.n++
	e.text, e.facts = m.classifyText(&m.schemes[si], m.arena.str(off, e.rawLen))
	return e
}

// grow doubles the table.
func (m *Memo) grow() {
	old := m.table
	var free func()
	m.table, free = m.allocTable(2 * len(old))
	defer free()
	m.seen = make([]uint64, len(m.table)/8)
	mask := uint64(len(m.table) - 1)
	for n := range old {
		if old[n].hash == 0 {
			continue
		}
		m.see(memoHash{old[n].hash, old[n].check})
		i := old[n].hash & mask
		for m.table[i].hash != 0 {
			i = (i + 1) & mask
		}
		m.table[i] = old[n]
	}
}

// classifyText is the scheme's ClassifyText answer for memoEntry.text.
func (m *Memo) classifyText(sc *memoScheme, ident string) (text, facts uint8) {
	if sc.tc == nil {
		return 0, 0
	}
	defer func() {
		if r := recover(); r != nil {
			if isFault(r) {
				panic(r)
			}
			text = 0 // classified in full, which reports the failure
		}
	}()
	kind, facts, ok := sc.tc.ClassifyText(ident)
	switch {
	case !ok:
		return 0, 0
	case kind == "":
		return 1, facts
	}
	for i, k := range m.kinds {
		if k == kind {
			return uint8(i + 2), facts
		}
	}
	if len(m.kinds) >= 250 {
		return 0, 0
	}
	m.kinds = append(m.kinds, kind)
	return uint8(len(m.kinds) + 1), facts
}

// classify is the look-alike classification of ident in ctx, from the
// remembered ClassifyText answer when the context is quiet; failed
// reports a panic, as the package's classify does.
func (m *Memo) classify(sc *memoScheme, e *memoEntry, ident string, ctx *rules.Context) (kind string, failed bool) {
	text := e.text
	if text == 0 || ctx == nil {
		return classify(sc.cl, ident, ctx)
	}
	if quiet, failed := quietIn(sc.tc, e.facts, ctx); failed {
		return "", true
	} else if !quiet {
		return classify(sc.cl, ident, ctx)
	}
	if text == 1 {
		return "", false
	}
	return m.kinds[text-2], false
}

// quietIn is tc.Quiet, a panic reported as failed.
func quietIn(tc rules.TextClassifier, facts uint8, ctx *rules.Context) (quiet, failed bool) {
	defer func() {
		if r := recover(); r != nil {
			if isFault(r) {
				panic(r)
			}
			quiet, failed = false, true
		}
	}()
	return tc.Quiet(facts, *ctx), false
}

// remember stores o, the engine's result for e's text, in e; false when
// it cannot (a result the entry has no room for): o is then handed out
// as it is and the text linted again next time.
func (m *Memo) remember(e *memoEntry, o *Occurrence) bool {
	if o.Forms != nil || o.Suppressed != nil || o.Fingerprints != nil || o.Kind != "" || o.Truncated ||
		len(o.Canonical) > 0xffff || len(o.Key) > 0xffff || len(o.NSKey) > 0xffff || len(o.Namespace) > 0xffff {
		return false
	}
	class, ok := m.class(o)
	if !ok {
		return false
	}
	raw := m.arena.str(e.raw, e.rawLen)
	held := [4]struct {
		s   string
		off uint32
	}{{s: raw, off: e.raw}}
	n := 1
	// text equal to or inside one already held (the raw text, or another
	// entry's raw text: a "URN:ISBN:…" entry's key is the "urn:isbn:…"
	// entry's raw) is not copied again
	put := func(s string) uint32 {
		for i := range n {
			if s == held[i].s {
				return held[i].off
			}
			if len(s) < len(held[i].s) && len(s) <= 32 { // a namespace
				if j := strings.Index(held[i].s, s); j >= 0 {
					return held[i].off + uint32(j)
				}
			}
		}
		if o := m.find(e.scheme, s); o != nil {
			held[n] = struct {
				s   string
				off uint32
			}{m.arena.str(o.raw, o.rawLen), o.raw}
			n++
			return o.raw
		}
		off := m.arena.add(unsafe.Slice(unsafe.StringData(s), len(s)))
		held[n] = struct {
			s   string
			off uint32
		}{m.arena.str(off, uint16(len(s))), off}
		n++
		return off
	}
	e.canon, e.canonLen = put(o.Canonical), uint16(len(o.Canonical))
	e.key, e.keyLen = put(o.Key), uint16(len(o.Key))
	e.nsKey, e.nsKeyLen = put(o.NSKey), uint16(len(o.NSKey))
	e.ns, e.nsLen = put(o.Namespace), uint16(len(o.Namespace))
	e.class = class
	e.placed = Placed(o)
	return true
}

// find is the entry of text s in scheme si, if one is remembered.
func (m *Memo) find(si uint8, s string) *memoEntry {
	if s == "" || len(s) > memoMaxLen {
		return nil
	}
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	return m.lookup(m.hash(b), int(si), b)
}

// class interns o's scheme, profile, key level and findings (false: the
// table is full; a reset empties it with the entries).
func (m *Memo) class(o *Occurrence) (uint32, bool) {
	if i := m.lastClass; int(i) < len(m.classes) && m.classes[i].is(o) {
		return i, true // most texts have the class of the one before
	}
	h := maphash.String(m.seed, o.Scheme) ^ maphash.String(m.seed, o.Profile)*3 ^ maphash.String(m.seed, o.KeyLevel)*5
	if o.Findings != nil {
		h ^= 7
	}
	for i := range o.Findings {
		f := &o.Findings[i]
		h = h*31 ^ maphash.String(m.seed, f.Message) ^ uint64(uintptr(unsafe.Pointer(f.Rule))) ^ uint64(f.Severity)<<56 ^ uint64(f.Start)<<20 ^ uint64(f.End) ^ uint64(uintptr(unsafe.Pointer(f.Fix)))
	}
	first, ok := m.classAt[h]
	for i := first; ok && i != 0; i = m.classes[i-1].next {
		c := &m.classes[i-1]
		if c.is(o) {
			m.lastClass = i - 1
			return i - 1, true
		}
	}
	if len(m.classes) >= memoMaxClasses {
		return 0, false
	}
	fs := o.Findings[:len(o.Findings):len(o.Findings)] // an append by a caller copies
	m.classes = append(m.classes, memoClass{scheme: o.Scheme, profile: o.Profile, keyLevel: o.KeyLevel, findings: fs, hash: h, next: first})
	m.classAt[h] = uint32(len(m.classes))
	m.lastClass = uint32(len(m.classes) - 1)
	return m.lastClass, true
}

// is reports o's class c.
func (c *memoClass) is(o *Occurrence) bool {
	return c.scheme == o.Scheme && c.profile == o.Profile && c.keyLevel == o.KeyLevel && (c.findings == nil) == (o.Findings == nil) && slices.Equal(c.findings, o.Findings)
}

// memoArena holds the memo's text: chunks of bytes appended to and never
// overwritten, so that strings over them stay valid after the memo drops
// them. An offset is a chunk's index << memoChunkShift | the position in it.
type memoArena struct {
	chunks [][]byte
	bytes  int // held in the chunks
}

const (
	memoChunkShift = 20
	memoChunkMax   = 1 << memoChunkShift
	memoChunkMin   = 16 << 10
	memoMaxChunks  = 1 << (32 - memoChunkShift)
)

func (a *memoArena) reset() {
	a.chunks, a.bytes = nil, 0
}

// add appends b (at most 64 KB) and returns its offset.
func (a *memoArena) add(b []byte) uint32 {
	last := len(a.chunks) - 1
	if last < 0 || len(a.chunks[last])+len(b) > cap(a.chunks[last]) {
		size := memoChunkMin
		if last >= 0 {
			size = min(2*cap(a.chunks[last]), memoChunkMax)
		}
		a.chunks = append(a.chunks, make([]byte, 0, max(size, len(b))))
		last++
	}
	c := a.chunks[last]
	off := uint32(last)<<memoChunkShift | uint32(len(c))
	a.chunks[last] = append(c, b...)
	a.bytes += len(b)
	return off
}

// str is the string of n bytes at off, pointing into the chunk.
func (a *memoArena) str(off uint32, n uint16) string {
	if n == 0 {
		return ""
	}
	c := a.chunks[off>>memoChunkShift]
	p := int(off & (memoChunkMax - 1))
	return unsafe.String(&c[p : p+int(n)][0], int(n))
}
