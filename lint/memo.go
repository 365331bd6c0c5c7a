package lint

import (
	"encoding/binary"
	"hash/maphash"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
	"weak"

	"github.com/idlint/idlint/internal/gencache"
	"github.com/idlint/idlint/internal/pagetouch"
	"github.com/idlint/idlint/internal/prefetch"
	"github.com/idlint/idlint/rules"
)

// Memo remembers the lint results of identifiers. Corpora repeat
// identifiers (the RFC series cites the same few thousand URNs again and
// again, identifier-dense logs a hundred thousand keys millions of times)
// and a result depends only on the identifier's text and the engine's
// configuration, so a repeated identifier costs two hashes and one table
// access instead of a parse (issue 25 §1).
//
// A Memo is one goroutine's handle on a store (memoStore): not safe for
// concurrent use, one per worker. Each worker's memo has a store of its
// own, up to memoMaxStores per engine; past that, memos share stores,
// which are read without a lock (issue 25 §3).
//
// The tables hold no pointers, so the collector does not scan them: an
// open-addressing table of entries keyed by hashes of the raw bytes, and
// the entries' text (raw, canonical, key, namespace key, namespace) in an
// append-only byte arena. Occurrences from a Memo share their strings
// (pointing into the arena) and their Findings slice with every other
// occurrence of the same text: callers must not modify Findings in place.
type Memo struct {
	st  *memoStore
	eng *Engine
	// t is the table this memo reads, announced in haz (a hazard
	// pointer): a table replaced by a bigger one is unmapped once no
	// memo announces it (memoStore.reclaim)
	t   *memoTable
	haz atomic.Pointer[memoTable]
	// filter says lookups ask the table's filter of seen hashes first:
	// when few of the last window's lookups hit (most texts new). When
	// most hit (identifier-dense text) the filter is an access more for
	// each hit and spares little.
	filter            bool
	winLooks, winHits int
	// lastScheme is the index last found: tried first
	lastScheme int
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
	// countOnly: the caller only counts what it is handed (CountOnly)
	countOnly bool
	// miss is what CountHashed learnt of a text it could not count, for
	// the CheckHashed on it that follows: its hash, and that the table
	// held no entry (missNone); the text told by its bytes' address and
	// length (hashing and looking it up again was ~1% of a dense scan)
	missRaw  *byte
	missLen  int
	missH    memoHash
	missNone bool
	// missCold: CountHashed's insert said not to remember the text (a
	// cold spell): CheckHashed lints it without asking again
	missCold bool
	// door: a text is remembered at its second sighting, not its first
	// (doorBits is the filter of texts seen once, doorMarks of them).
	// Inserting and remembering a text never seen again took half the
	// CPU of a first sighting, under the store's lock that the other
	// workers wait on (issue 25: FHIR bundles, whose resources' uuids
	// recur only inside their bundle, took twice as long at -j 2). On
	// when a window's lookups miss more than a quarter, off again for
	// memoDoorBackoff windows when the texts it let in at their second
	// sighting pass an eighth of those it kept out (dense text still
	// filling the table, whose texts would each be linted twice: its
	// trial ends within ~5 windows; FHIR's bundles of 20 resources stay
	// at ~0.09).
	door                  bool
	windows, doorOffUntil int
	doorBits              []uint64
	doorMarks             int
	winMarks, winPasses   int // this window's texts kept out, and let in at their second sighting
}

// CountOnly tells m that its caller only counts the occurrences it is
// handed (a sink that ignores them, --format none), so a text's first
// result is remembered without its texts (canonical form, key, namespace
// key and namespace): copying them into the store, and telling whether
// they are plain, was ~5% of a dense scan's CPU (issue 25). A memo on the
// same store that needs them lints such a text again and completes it.
func (m *Memo) CountOnly(on bool) { m.countOnly = on }

// memoStore is what the memos on it share (NewMemo). Lookups read it
// without a lock: an entry is published by an atomic store of its hash
// after its other fields are written, its result by an atomic store of
// its class after the result's fields; the table, grown, by an atomic
// store of its pointer; a generation (everything dropped when full) the
// same way. Everything else is written once, before what publishes it,
// and never again. Writes (misses) take mu.
type memoStore struct {
	eng     *Engine
	schemes []memoScheme
	seed    maphash.Seed
	seed2   maphash.Seed // of memoEntry.check
	g       atomic.Pointer[memoGen]
	mu      sync.Mutex
	// bounds (the memo… constants; tests lower them)
	maxEntries, maxBytes int
	// under mu: the memos on the store (weak: a memo no longer used
	// reads nothing), and the mapped tables replaced and not unmapped yet
	handles []weak.Pointer[Memo]
	retired []*memoTable
	// spare is the table grow takes next, mapped and its pages faulted in
	// by a goroutine of its own (sparing) while the table fills from 5/8
	// to 3/4: faulting a grown table's fresh pages in on the scanning
	// worker, under mu, was ~5% of a dense scan (issue 25)
	spare   *memoTable
	sparing bool
	// chunk is the arena chunk add takes next, its pages faulted in by a
	// goroutine of its own (chunking) once the current one is half full:
	// the first write to a fresh chunk's pages, under mu, was 12% of the
	// CPU of the first 20 MB of the dense input at -j 2, the other worker
	// waiting on the lock meanwhile (issue 25)
	chunk    []byte
	chunking bool
}

// memoGen is one generation of a store: what a reset drops.
type memoGen struct {
	// id numbers this generation among all memos' of the process:
	// Occurrence.MemoID is id<<32 | the entry's ord
	id uint64
	// tab is the open-addressing table itself (linear probing, a power
	// of two, at most three quarters full; hash 0 marks a free slot: the
	// dense input's 182,000 texts fit 2^18 slots, not 2^19 as at half
	// full, so half the cache footprint and page faults, 8% less CPU,
	// while probing a little longer): a remembered identifier costs one
	// random memory access, the entry, and no look at its text. A text is
	// told by 96 bits of two seeded hashes, its length and scheme:
	// comparing its bytes too (a second random access, into the arena)
	// cost 22% of the CPU of a dense scan, while two texts taken for one
	// another would take some 2^64 lookups.
	tab atomic.Pointer[memoTable]
	// under the store's mu:
	n         int // entries held
	arena     memoArena
	classAt   map[uint64]uint32 // classes by hash (chained by next)
	nClasses  int
	lastClass uint32 // the class last found: tried first
	nKinds    int
	spareFor  int // the table size a spare was last prepared for (once each)
	// written once each, before the entries that refer to them:
	classes [memoMaxClasses / memoClassChunk]*[memoClassChunk]memoClass
	kinds   [memoMaxKinds]string // look-alike kinds of classifyText answers, by memoEntry.text-2
}

// memoTable is a table and its filter. seen is a filter of the entries'
// hashes, 8 bits per slot (two set per entry, in one word: one access),
// small enough to stay in the cache: a text never seen costs no access to
// the table (a crawl of distinct identifiers).
type memoTable struct {
	e      []memoEntry
	seen   []uint64
	mapped bool // e is a mapping outside the heap (memo_linux.go)
	memoMapping
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

// memoStores are the stores of the engines with memos alive, by engine:
// weak both ways, so that neither an engine nor its stores are kept
// alive by this (a store lives while a Memo on it does).
var memoStores struct {
	sync.Mutex
	m map[weak.Pointer[Engine]][]weak.Pointer[memoStore]
}

// memoMaxStores is how many stores the memos of one engine alive at once
// have at most: each memo has one of its own up to this many, and the
// next ones share them. Two workers on one store wrote the same table,
// filter, arena and lock for every text they saw first, each write
// taking the cache line from the other core: on the first 20 MB of the
// dense input -j 2 took 0.18 s against -j 1's 0.17 s, and with a store
// each 0.13 s; FHIR bundles 0.40 against 0.27 s (issue 25). A text is
// then linted once per store, not once per run; the bound keeps the
// memory all memos hold at memoMaxStores stores' whatever the workers.
const memoMaxStores = 4

// memoScheme is what a memo needs of a scheme for every candidate, looked
// up once instead of in the engine's maps each time.
type memoScheme struct {
	name    string
	profile string
	c       rules.Checker
	cl      rules.Classifier     // nil: the scheme has no look-alikes
	tc      rules.TextClassifier // nil: classified in full every time
}

// memoEntry is one remembered text: offsets into the arena, an index into
// the classes. 32 bytes, no pointers, two to a cache line: the dense
// input's table of 2^19 slots is 16.8 MB where 56-byte entries made it
// 29.4 MB, every page of it fresh memory, dear on a VM where a page
// fault costs 11-16 µs (issue 25), and a hit's probes span 2 lines, not 3.
type memoEntry struct {
	hash  uint64
	check uint32 // the second hash
	raw   uint32 // arena offset of the raw text
	// alt is the arena offset of the result's one text other than raw
	// among its canonical form, key and namespace key (metaCanonAlt …
	// say which are alt), or with metaAux of a memoAux record holding
	// all four texts' offsets: most results' texts are raw itself or
	// raw and one other text (an upper-case variant's lower-case form,
	// an ISBN's key without hyphens), and the namespace is inside one.
	alt uint32
	// ord is the entry's number in its generation (Occurrence.MemoID)
	// with memoPlain, and where the namespace is in raw or alt (ordNS…)
	ord uint32
	// meta is raw's length and scheme (what a lookup compares), the
	// class (metaNoClass: not linted yet), ClassifyText's answer, Placed
	// and the texts' form: written by an atomic store, which publishes
	// the result
	meta uint64
}

// memoEntry.meta's fields.
const (
	metaLenBits    = 10 // raw's length, memoMaxLen at most
	metaSchemeBits = 5  // m.schemes index: memoMaxSchemes
	metaKeyMask    = 1<<(metaLenBits+metaSchemeBits) - 1
	metaAltShift   = metaLenBits + metaSchemeBits // alt's length
	metaAltMax     = 1<<10 - 1
	metaClassShift = metaAltShift + 10 // m.classes index
	metaClassMask  = 1<<15 - 1
	metaNoClass    = metaClassMask // noClass
	// text is the scheme's ClassifyText answer: 0 none (classified in
	// full every time), 1 "" (an identifier in a quiet context), k ≥ 2
	// the look-alike kind m.kinds[k-2]; facts are its facts for Quiet
	metaTextShift  = metaClassShift + 15
	metaFactsShift = metaTextShift + 8
	metaPlaced     = 1 << (metaFactsShift + 8) // Placed holds for the result
	metaCanonAlt   = metaPlaced << 1           // the canonical form is alt, else raw
	metaKeyAlt     = metaPlaced << 2
	metaNSKeyAlt   = metaPlaced << 3
	metaNSAlt      = metaPlaced << 4 // the namespace is in alt, else in raw
	metaAux        = metaPlaced << 5 // alt is a memoAux record
	// metaCounted: the result's class only, its texts not kept (a memo
	// that only counts, Memo.CountOnly): counted from, else linted again
	// and completed
	metaCounted = metaPlaced << 6
	metaForm    = metaPlaced | metaCanonAlt | metaKeyAlt | metaNSKeyAlt | metaNSAlt | metaAux | metaCounted

	memoMaxSchemes = 1 << metaSchemeBits

	ordMask       = memoMaxEntries - 1 // memoEntry.ord's number
	ordNSOffShift = 18                 // the namespace's offset in raw or alt
	ordNSOffMax   = 1<<5 - 1
	ordNSLenShift = ordNSOffShift + 5 // and its length
	ordNSLenMax   = 1<<8 - 1
)

// memoAux is the record an entry's alt points to when its texts take
// more than one other text: the canonical form's, key's, namespace
// key's and namespace's offsets and lengths, little-endian.
const memoAuxSize = 4*4 + 4*2

// metaOf is the meta of a text of n bytes in scheme si, not linted, of
// ClassifyText answer text and facts.
func metaOf(n, si int, text, facts uint8) uint64 {
	return uint64(n) | uint64(si)<<metaLenBits | metaNoClass<<metaClassShift | uint64(text)<<metaTextShift | uint64(facts)<<metaFactsShift
}

func metaClass(meta uint64) uint32 {
	if c := uint32(meta>>metaClassShift) & metaClassMask; c != metaNoClass {
		return c
	}
	return noClass
}

func (e *memoEntry) rawLen() uint16 { return uint16(e.meta & (1<<metaLenBits - 1)) }
func (e *memoEntry) scheme() int    { return int(e.meta>>metaLenBits) & (memoMaxSchemes - 1) }

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
// 512 KiB of filter (2^19 slots) and memoMaxBytes of text per store (one
// per worker, memoMaxStores per engine at most). Sized so that it keeps
// the distinct texts of internal/textgen's dense input (100,000 keys, most
// also in upper case: ~182,000 texts and 7.5 MB of text on 200 MB).
const (
	memoMaxEntries = 1 << 18
	memoMaxBytes   = 16 << 20
	memoMaxLen     = 512 // longer identifiers are not remembered
	memoMaxClasses = 1 << 14
	memoMinSlots   = 1 << 10
	memoColdMisses = 8 * memoMaxEntries // misses not remembered after a generation seldom hit
	memoWindow     = 4096               // lookups between two choices of Memo.filter
	// the doorkeeper (Memo.door): tried after memoDoorSoon windows (32 Ki
	// lookups) when fewer than one in 16 hit (a crawl of distinct texts),
	// after memoDoorAfter (128 Ki) when fewer than three in four do (the
	// dense input's hit rate is ~20% at 32 Ki lookups, ~60% at 128 Ki: its
	// texts come back, and are not kept out before the table holds most);
	// a short input, such as a pre-commit hook's, never meets it. Its
	// filter is 2^20 bits (in L2), two per text, emptied at memoDoorMarks
	// texts (a text then taken for seen ~1.4%)
	memoDoorSoon    = 8
	memoDoorAfter   = 32
	memoDoorBackoff = 256
	memoDoorWords   = 1 << 14
	memoDoorMarks   = 1 << 16
	memoClassChunk  = 256 // classes are allocated this many at a time
	memoMaxKinds    = 250 // look-alike kinds a generation tells apart
)

// memoEntry's fields hold what they must (a build fails else).
var (
	_ [metaAltMax - memoMaxLen]struct{}
	_ [metaNoClass - memoMaxClasses]struct{}
	_ [1<<metaLenBits - 1 - memoMaxLen]struct{}
	_ [1<<ordNSOffShift - memoMaxEntries]struct{}
	_ [64 - (metaFactsShift + 8 + 7)]struct{}
)

// NewMemo returns a memo over e for one goroutine, on a store of its own
// while e's memos alive have fewer than memoMaxStores, else on the one
// of those with the fewest memos (they share what they remember: issue
// 25 §3). Results depend on the text and the engine only.
func (e *Engine) NewMemo() *Memo {
	memoStores.Lock()
	defer memoStores.Unlock()
	if memoStores.m == nil {
		memoStores.m = map[weak.Pointer[Engine]][]weak.Pointer[memoStore]{}
	}
	for k, v := range memoStores.m {
		if v = slices.DeleteFunc(v, func(p weak.Pointer[memoStore]) bool { return p.Value() == nil }); k.Value() == nil || len(v) == 0 {
			delete(memoStores.m, k)
		} else {
			memoStores.m[k] = v
		}
	}
	k := weak.Make(e)
	var least *memoStore
	fewest, stores := 0, 0
	for _, p := range memoStores.m[k] {
		if st := p.Value(); st != nil { // (collected since: not counted)
			stores++
			if n := st.live(); least == nil || n < fewest {
				least, fewest = st, n
			}
		}
	}
	if stores < memoMaxStores {
		least = newMemoStore(e)
		memoStores.m[k] = append(memoStores.m[k], weak.Make(least))
	}
	return least.handle()
}

// newMemo returns a memo over e on a store of its own.
func (e *Engine) newMemo() *Memo { return newMemoStore(e).handle() }

func newMemoStore(e *Engine) *memoStore {
	st := &memoStore{eng: e, seed: maphash.MakeSeed(), seed2: maphash.MakeSeed(), maxEntries: memoMaxEntries, maxBytes: memoMaxBytes}
	for name, c := range e.checkers {
		cl, _ := c.(rules.Classifier)
		tc, _ := c.(rules.TextClassifier)
		st.schemes = append(st.schemes, memoScheme{name: name, profile: e.profiles[name], c: c, cl: cl, tc: tc})
	}
	st.g.Store(st.newGen())
	return st
}

// live is how many memos on st are alive.
func (st *memoStore) live() int {
	st.mu.Lock()
	defer st.mu.Unlock()
	return len(st.liveHandles())
}

// liveHandles drops the handles of memos collected and returns the rest.
// The caller holds mu.
func (st *memoStore) liveHandles() []weak.Pointer[Memo] {
	st.handles = slices.DeleteFunc(st.handles, func(h weak.Pointer[Memo]) bool { return h.Value() == nil })
	return st.handles
}

func (st *memoStore) handle() *Memo {
	m := &Memo{st: st, eng: st.eng, filter: true, adm: gencache.Admission{ColdMisses: memoColdMisses}}
	st.mu.Lock()
	st.handles = append(st.liveHandles(), weak.Make(m))
	st.mu.Unlock()
	return m
}

// current is the store's generation and table, the table announced as
// read by m first (the hazard pointer's protocol: announced, then
// checked still current, so that reclaim either sees it or it is not used).
func (m *Memo) current() (*memoGen, *memoTable) {
	for {
		g := m.st.g.Load()
		t := g.tab.Load()
		if t == m.t {
			return g, t // announced since before it could be replaced
		}
		m.haz.Store(t)
		m.t = t
		if m.st.g.Load() == g && g.tab.Load() == t {
			return g, t
		}
	}
}

// retire hands t, replaced, to reclaim. The caller holds mu.
func (st *memoStore) retire(t *memoTable) {
	if t.mapped {
		st.retired = append(st.retired, t)
	}
	st.reclaim()
}

// reclaim unmaps the replaced tables no memo reads any more (a memo
// announces a new table at its next lookup). The caller holds mu.
func (st *memoStore) reclaim() {
	if len(st.retired) == 0 {
		return
	}
	keep := st.retired[:0]
	for _, t := range st.retired {
		read := false
		for _, h := range st.handles {
			if m := h.Value(); m != nil && m.haz.Load() == t {
				read = true
			}
		}
		if read {
			keep = append(keep, t)
		} else {
			t.free()
		}
	}
	clear(st.retired[len(keep):])
	st.retired = keep
}

func (m *Memo) scheme(name string) int {
	sc := m.st.schemes
	if i := m.lastScheme; i < len(sc) && sc[i].name == name {
		return i // text is mostly of one scheme
	}
	for i := range sc {
		if sc[i].name == name {
			m.lastScheme = i
			return i
		}
	}
	return -1
}

// newGen returns an empty generation. Strings handed out from an old one
// still point into its arena, which is never written again.
func (st *memoStore) newGen() *memoGen {
	g := &memoGen{id: nextMemoGen(), classAt: map[uint64]uint32{}}
	g.tab.Store(allocTable(memoMinSlots))
	return g
}

// reset drops every entry, unless another memo on the store did since g.
// The caller holds st.mu.
func (st *memoStore) reset(g *memoGen) {
	if st.g.Load() == g {
		st.g.Store(st.newGen())
		st.retire(g.tab.Load())
		st.dropSpare()
	}
}

// reset drops every entry of the store (tests).
func (m *Memo) reset() {
	m.st.mu.Lock()
	m.st.reset(m.st.g.Load())
	m.st.mu.Unlock()
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
// is left for the caller, as it was or zeroed): the scanner fills its
// batch's slot in place instead of copying an Occurrence through each call.
func (m *Memo) CheckInto(dst *Occurrence, scheme string, raw []byte, ctx *rules.Context) error {
	return m.CheckHashed(dst, scheme, raw, ctx, 0)
}

// CheckHashed is CheckInto given h, what Prefetch(raw) returned on this
// memo (0: not known): the text is hashed once for both (issue 25, each
// hash was ~2% of a dense scan's CPU). h must be raw's, on this memo.
func (m *Memo) CheckHashed(dst *Occurrence, scheme string, raw []byte, ctx *rules.Context, h uint64) error {
	m.last = nil
	si := m.scheme(scheme)
	if si < 0 || si >= memoMaxSchemes || len(raw) > memoMaxLen {
		o, err := m.eng.CheckInContext(scheme, string(raw), ctx) // the engine's error, or not remembered
		*dst = o
		return err
	}
	st := m.st
	sc := &st.schemes[si]
	var hh memoHash
	known, none := false, false
	if m.missRaw != nil {
		// CountHashed's miss of this text: hashed, and looked up (a text
		// not prefetched, h 0, is hashed again to be told the same)
		same := m.missRaw == unsafe.SliceData(raw) && m.missLen == len(raw)
		if same && h == 0 {
			h = st.hash1(raw)
		}
		known = same && m.missH.hash == h
		hh, none, m.missRaw = m.missH, m.missNone, nil
		if known && m.missCold {
			m.look()
			*dst = m.eng.checkWith(sc.c, sc.name, sc.profile, string(raw), ctx) // a cold spell: linted, not remembered
			return nil
		}
	}
	if !known {
		if h == 0 {
			h = st.hash1(raw)
		}
		hh, none = st.hashFrom(h, raw), false
	}
	m.look()
	g, t := m.current()
	var e *memoEntry
	if !none {
		e = t.lookup(hh, si, len(raw), m.filter)
	}
	if e == nil {
		var remember bool
		if g, t, e, remember = m.insert(hh, si, raw); !remember {
			*dst = m.eng.checkWith(sc.c, sc.name, sc.profile, string(raw), ctx) // a cold spell: linted, not remembered
			return nil
		}
	} else {
		m.hit()
	}
	ident := g.arena.str(e.raw, uint16(len(raw)))
	meta := atomic.LoadUint64(&e.meta)
	kind, failed := m.classify(g, sc, meta, ident, ctx)
	class := metaClass(meta)
	switch {
	case failed:
		*dst = m.eng.checkWith(sc.c, sc.name, sc.profile, ident, ctx)
		return nil
	case kind != "":
		*dst = Occurrence{Scheme: sc.name, Profile: sc.profile, Raw: ident, Kind: kind}
		return nil
	case class == noClass || meta&metaCounted != 0:
		o := m.eng.checkWith(sc.c, sc.name, sc.profile, ident, nil)
		var ent memoEntry
		if class, ent = st.remember(g, hh, si, &o, m.countOnly); class == noClass || ent.meta&metaCounted != 0 {
			*dst = o // the engine's, its texts its own
			return nil
		}
		e, meta = &ent, ent.meta // as remembered (the table may have grown meanwhile)
	}
	c := g.class(class)
	// field by field, Location left to the caller: an Occurrence literal
	// is built on the stack and copied, the copy's loads stalling on the
	// stores just made (a tenth of a dense scan's CPU, issue 25)
	dst.Scheme, dst.Profile, dst.Raw = c.scheme, c.profile, ident
	dst.Canonical, dst.Key, dst.NSKey, dst.Namespace = g.texts(e, meta, ident)
	dst.KeyLevel, dst.Findings = c.keyLevel, c.findings
	dst.Truncated, dst.Forms, dst.Kind, dst.Suppressed, dst.Fingerprints = false, nil, "", nil, nil
	dst.MemoID = g.id<<32 | uint64(e.ord&(ordMask|memoPlain))
	m.last, m.lastPlaced = dst, meta&metaPlaced != 0
	runtime.KeepAlive(t) // e points into it, maybe a mapping
	return nil
}

// look counts a lookup in the hit-rate window, which decides whether
// lookups use the filter word (m.filter).
func (m *Memo) look() {
	if m.winLooks++; m.winLooks == memoWindow {
		m.filter = m.winHits < memoWindow*3/4
		m.windows++
		if m.door && m.winMarks >= memoWindow/16 && 8*m.winPasses > m.winMarks {
			m.doorOffUntil = m.windows + memoDoorBackoff // the texts come back: remember them at once
		}
		m.door = m.windows >= m.doorOffUntil && (m.windows >= memoDoorSoon && 16*m.winHits < memoWindow ||
			m.windows >= memoDoorAfter && 4*m.winHits < 3*memoWindow)
		m.winLooks, m.winHits, m.winMarks, m.winPasses = 0, 0, 0, 0
	}
}

// keepOut reports that a text the table does not hold is to be linted
// and not remembered, without the store's lock: a cold spell's miss, or,
// with the doorkeeper on, a text not seen before (marked seen now).
func (m *Memo) keepOut(h memoHash) bool {
	if m.adm.Cold() > 1 {
		m.adm.Miss(false) // one miss less in the spell; its end is insert's
		return true
	}
	if !m.door {
		return false
	}
	if m.doorBits == nil {
		m.doorBits = make([]uint64, memoDoorWords)
	}
	w, bits := m.doorWord(h)
	if *w&bits == bits {
		m.winPasses++
		return false // seen (or taken for seen): remembered now
	}
	*w |= bits
	m.winMarks++
	if m.doorMarks++; m.doorMarks == memoDoorMarks {
		clear(m.doorBits)
		m.doorMarks = 0
	}
	return true
}

// doorWord is the doorkeeper's word for h and h's two bits in it: the
// word by the hash's high bits (the table's slot is its low ones), the
// bits by the check hash.
func (m *Memo) doorWord(h memoHash) (*uint64, uint64) {
	return &m.doorBits[h.hash>>40&(memoDoorWords-1)], uint64(1)<<(h.check&63) | uint64(1)<<(h.check>>6&63)
}

// hit counts a lookup that found its text.
func (m *Memo) hit() {
	m.hits++
	m.winHits++
	m.adm.Hit()
}

// CountHashed is CheckHashed for a caller that only counts occurrences
// (a sink that ignores them): for a text remembered and linted it
// writes no Occurrence and returns what a count needs, whether the
// candidate is a look-alike here and else its findings (shared: not to
// be modified). Writing the 328-byte Occurrence, its location and its
// batch slot for each identifier was ~10% of a dense scan's CPU with
// --format none (issue 25). A memo that only counts (CountOnly) also
// lints and remembers a text not seen yet, and counts it (countFirst).
// ok false: it cannot tell so (a text not remembered or not linted yet,
// a result whose findings depend on where it is (Placed), a failed
// classification), and has changed no result: the caller calls
// CheckHashed, on the same raw and h.
func (m *Memo) CountHashed(scheme string, raw []byte, ctx *rules.Context, h uint64) (lookalike bool, findings []rules.Finding, ok bool) {
	m.missRaw = nil
	si := m.scheme(scheme)
	if si < 0 || si >= memoMaxSchemes || len(raw) > memoMaxLen {
		return false, nil, false
	}
	st := m.st
	if h == 0 {
		h = st.hash1(raw)
	}
	hh := st.hashFrom(h, raw)
	g, t := m.current()
	e := t.lookup(hh, si, len(raw), m.filter)
	m.missRaw, m.missLen, m.missH, m.missNone, m.missCold = unsafe.SliceData(raw), len(raw), hh, e == nil, false
	if e == nil {
		// a first sighting: insert will set the filter's word, out of
		// the cache while lookups hit and skip it (a stall of ~1.5% of a
		// dense scan on insert's atomic or)
		prefetch.Line(unsafe.Pointer(t.seenWord(hh)))
		if m.countOnly {
			return m.countFirst(si, raw, ctx, hh)
		}
		return false, nil, false
	}
	meta := atomic.LoadUint64(&e.meta)
	kind, failed := m.classify(g, &st.schemes[si], meta, g.arena.str(e.raw, uint16(len(raw))), ctx)
	class := metaClass(meta)
	switch {
	case failed:
		return false, nil, false
	case kind != "":
		lookalike = true
	case class == noClass || meta&metaPlaced != 0:
		return false, nil, false
	default:
		findings = g.class(class).findings
	}
	// CheckHashed's accounting of a hit
	m.missRaw = nil
	m.look()
	m.hit()
	m.last = nil
	runtime.KeepAlive(t)
	return lookalike, findings, true
}

// countFirst is CountHashed for a text the table does not hold, in a
// memo that only counts: linted and remembered here as CheckHashed does,
// and counted, so that the caller fills no occurrence for it either
// (issue 25: a dense input's first sightings are 7% of its identifiers).
// Where CheckHashed would hand out what a count cannot tell (a Placed
// result, a failed classification) it returns ok false with the entry
// made, and CheckHashed finds it; a text not to be remembered (a cold
// spell, the doorkeeper) is linted and counted, not remembered, or, its
// result Placed, left to CheckHashed with missCold.
func (m *Memo) countFirst(si int, raw []byte, ctx *rules.Context, hh memoHash) (lookalike bool, findings []rules.Finding, ok bool) {
	st := m.st
	sc := &st.schemes[si]
	g, t, e, remember := m.insert(hh, si, raw)
	if !remember {
		// linted for the count alone, its bytes not copied into a string
		// for the collector to free (~50 ns of a distinct identifier's
		// ~400, issue 25): the caller reads the result before its buffer
		// moves on, and a checker keeps nothing of ident but its result
		// (rules.Checker)
		o := m.eng.checkWith(sc.c, sc.name, sc.profile, unsafe.String(unsafe.SliceData(raw), len(raw)), ctx)
		if Placed(&o) {
			m.missCold = true // CheckHashed lints and places it
			return false, nil, false
		}
		m.missRaw = nil
		m.look()
		m.last = nil
		return o.Kind != "", o.Findings, true
	}
	m.missNone = false // CheckHashed finds the entry
	ident := g.arena.str(e.raw, uint16(len(raw)))
	meta := atomic.LoadUint64(&e.meta)
	kind, failed := m.classify(g, sc, meta, ident, ctx)
	class := metaClass(meta)
	switch {
	case failed:
		return false, nil, false
	case kind != "":
		lookalike = true // not linted, as CheckHashed
	case class == noClass:
		o := m.eng.checkWith(sc.c, sc.name, sc.profile, ident, nil)
		st.remember(g, hh, si, &o, true)
		if Placed(&o) {
			return false, nil, false // its texts kept: CheckHashed finds and places it
		}
		findings = o.Findings
	case meta&metaPlaced != 0:
		return false, nil, false
	default:
		findings = g.class(class).findings // linted by another memo meanwhile
	}
	m.missRaw = nil
	m.look()
	m.last = nil
	runtime.KeepAlive(t)
	return lookalike, findings, true
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
// (issue 25 §2). A hint: it changes no result. It returns raw's hash
// for CheckHashed (0: none).
func (m *Memo) Prefetch(raw []byte) uint64 {
	if len(raw) > memoMaxLen {
		return 0
	}
	h := m.st.hash1(raw)
	t := m.st.g.Load().tab.Load()
	e := &t.e[h&uint64(len(t.e)-1)]
	// the lines of the entry and of the two slots after it (a hit probes
	// 2.5 on average at three quarters full): at most two
	prefetch.Ends(unsafe.Pointer(e), 3*unsafe.Sizeof(*e))
	runtime.KeepAlive(t)
	return h
}

// full reports that an entry for n more bytes of text would pass a bound.
func (st *memoStore) full(g *memoGen, n int) bool {
	return g.n >= st.maxEntries || g.arena.bytes+n > st.maxBytes || g.arena.n >= memoMaxChunks || g.nClasses >= memoMaxClasses
}

// lookup finds the entry of a text of n bytes in scheme si (nil: none),
// asking the filter first if filter.
func (t *memoTable) lookup(h memoHash, si, n int, filter bool) *memoEntry {
	if filter && !t.maybe(h) {
		return nil
	}
	mask := uint64(len(t.e) - 1)
	key := uint64(n) | uint64(si)<<metaLenBits
	for i := h.hash & mask; ; i = (i + 1) & mask {
		e := &t.e[i]
		switch eh := atomic.LoadUint64(&e.hash); {
		case eh == 0:
			return nil
		case eh == h.hash && e.check == h.check && atomic.LoadUint64(&e.meta)&metaKeyMask == key:
			return e
		}
	}
}

// maybe reports whether the filter holds h: false, the table does not.
// Both bits of h are in one word: one access to the filter.
func (t *memoTable) maybe(h memoHash) bool {
	w := atomic.LoadUint64(t.seenWord(h))
	bits := uint64(1)<<(h.check&63) | uint64(1)<<(h.check>>6&63)
	return w&bits == bits
}

// see adds h to the filter.
func (t *memoTable) see(h memoHash) {
	atomic.OrUint64(t.seenWord(h), uint64(1)<<(h.check&63)|uint64(1)<<(h.check>>6&63))
}

// seenWord is h's word of the filter.
func (t *memoTable) seenWord(h memoHash) *uint64 {
	return &t.seen[h.hash>>32&uint64(len(t.seen)-1)]
}

// memoHash is a text's two hashes; hash is never 0 (a free slot).
type memoHash struct {
	hash  uint64
	check uint32
}

func (st *memoStore) hash(raw []byte) memoHash { return st.hashFrom(st.hash1(raw), raw) }

// hash1 is the first half of raw's hash (never 0): what Prefetch finds
// the slot by and returns.
func (st *memoStore) hash1(raw []byte) uint64 { return maphash.Bytes(st.seed, raw) | 1 }

// hashFrom is raw's hash given its first half h.
func (st *memoStore) hashFrom(h uint64, raw []byte) memoHash {
	return memoHash{h, uint32(maphash.Bytes(st.seed2, raw))}
}

// insert is a miss of raw: the entry another memo added meanwhile, or a
// new one, not linted yet, with its text's classification, in the
// store's generation now (a full one may be dropped); remember false: the
// admission says not to remember it.
func (m *Memo) insert(h memoHash, si int, raw []byte) (_ *memoGen, _ *memoTable, _ *memoEntry, remember bool) {
	if m.keepOut(h) {
		return nil, nil, nil, false
	}
	st := m.st
	kind, facts, ok := textClass(&st.schemes[si], unsafe.String(unsafe.SliceData(raw), len(raw)))
	st.mu.Lock()
	defer st.mu.Unlock()
	st.reclaim()
	g := st.g.Load()
	t := g.tab.Load()
	// announced: after the lock, t may be replaced and must stay mapped
	// while e points into it
	m.haz.Store(t)
	m.t = t
	if e := t.lookup(h, si, len(raw), false); e != nil {
		return g, t, e, true // linted once per run, not once per memo
	}
	remember, reset := m.adm.Miss(st.full(g, len(raw)))
	if reset {
		st.reset(g)
		g = st.g.Load()
		t = g.tab.Load()
		m.haz.Store(t)
		m.t = t
	}
	if full := st.full(g, len(raw)); !remember || full {
		if full {
			st.dropSpare() // a full generation grows no more
		}
		return g, t, nil, false
	}
	if 8*(g.n+1) > 5*len(t.e) && g.spareFor != len(t.e) && st.spare == nil && !st.sparing &&
		2*len(t.e)*int(unsafe.Sizeof(memoEntry{})) >= memoHugeMin && st.canReach(g, 3*len(t.e)/4) {
		g.spareFor = len(t.e)
		st.sparing = true
		go st.prepare(g, 2*len(t.e))
	}
	if 4*(g.n+1) > 3*len(t.e) {
		t = st.grow(g)
		m.haz.Store(t)
		m.t = t
		st.reclaim()
	}
	off := st.add(g, raw)
	mask := uint64(len(t.e) - 1)
	i := h.hash & mask
	for t.e[i].hash != 0 {
		i = (i + 1) & mask
	}
	e := &t.e[i]
	// field by field: lookups read hash meanwhile
	e.check, e.raw, e.alt, e.ord = h.check, off, 0, uint32(g.n)
	text, facts := g.textOf(kind, facts, ok)
	atomic.StoreUint64(&e.meta, metaOf(len(raw), si, text, facts))
	g.n++
	t.see(h)
	atomic.StoreUint64(&e.hash, h.hash) // published
	return g, t, e, true
}

// grow doubles g's table: a copy, published; lookups still in the old
// one see what it held (a text added since is a miss there, found again
// under the lock). The caller holds st.mu.
func (st *memoStore) grow(g *memoGen) *memoTable {
	old := g.tab.Load()
	t := st.spare
	if t != nil && len(t.e) == 2*len(old.e) {
		st.spare = nil
	} else {
		t = allocTable(2 * len(old.e)) // a spare of another size waits for its table
	}
	mask := uint64(len(t.e) - 1)
	for n := range old.e {
		if old.e[n].hash == 0 {
			continue
		}
		t.see(memoHash{old.e[n].hash, old.e[n].check})
		i := old.e[n].hash & mask
		for t.e[i].hash != 0 {
			i = (i + 1) & mask
		}
		t.e[i] = old.e[n]
	}
	g.tab.Store(t)
	if old.mapped {
		st.retired = append(st.retired, old)
	}
	return t
}

// prepare makes st's spare table of n slots for generation g.
func (st *memoStore) prepare(g *memoGen, n int) {
	t := allocTable(n)
	t.fault()
	st.mu.Lock()
	if st.g.Load() == g && len(g.tab.Load().e) < n {
		st.spare = t
	} else {
		t.free() // grown without it, or reset, meanwhile: not the size wanted
	}
	st.sparing = false
	st.mu.Unlock()
}

// canReach reports whether g may hold n entries within the store's
// bounds, its texts' bytes projected from those so far: a spare for a
// generation that fills first would be held for nothing. The caller
// holds mu.
func (st *memoStore) canReach(g *memoGen, n int) bool {
	return n <= st.maxEntries && g.arena.bytes/(g.n+1)*n <= st.maxBytes
}

// dropSpare frees the spare table, which no grow will take. The caller
// holds mu.
func (st *memoStore) dropSpare() {
	if st.spare != nil {
		st.spare.free()
		st.spare = nil
	}
}

// textClass is the scheme's ClassifyText answer for ident, asked without
// the store's lock (it was a fifth of insert's time under it, the other
// worker waiting, issue 25); ok false: none, classified in full every
// time (a panic included, which classifying in full reports).
func textClass(sc *memoScheme, ident string) (kind string, facts uint8, ok bool) {
	if sc.tc == nil {
		return "", 0, false
	}
	defer func() {
		if r := recover(); r != nil {
			if isFault(r) {
				panic(r)
			}
			kind, facts, ok = "", 0, false
		}
	}()
	return sc.tc.ClassifyText(ident)
}

// textOf is memoEntry.text and facts for textClass's answer: the kind's
// index in g.kinds, the kind added (a copy: ident may be the scanner's
// bytes) if new. The caller holds the store's mu.
func (g *memoGen) textOf(kind string, facts uint8, ok bool) (uint8, uint8) {
	switch {
	case !ok:
		return 0, 0
	case kind == "":
		return 1, facts
	}
	for i, k := range g.kinds[:g.nKinds] {
		if k == kind {
			return uint8(i + 2), facts
		}
	}
	if g.nKinds >= memoMaxKinds {
		return 0, 0
	}
	g.kinds[g.nKinds] = strings.Clone(kind)
	g.nKinds++
	return uint8(g.nKinds + 1), facts
}

// classify is the look-alike classification of ident in ctx, from the
// remembered ClassifyText answer when the context is quiet; failed
// reports a panic, as the package's classify does.
func (m *Memo) classify(g *memoGen, sc *memoScheme, meta uint64, ident string, ctx *rules.Context) (kind string, failed bool) {
	text := uint8(meta >> metaTextShift)
	if text == 0 || ctx == nil {
		return classify(sc.cl, ident, ctx)
	}
	if quiet, failed := quietIn(sc.tc, uint8(meta>>metaFactsShift), ctx); failed {
		return "", true
	} else if !quiet {
		return classify(sc.cl, ident, ctx)
	}
	if text == 1 {
		return "", false
	}
	return g.kinds[text-2], false
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

// remember stores o, the engine's result for the text of hash h in
// scheme si, in its entry of g and returns its class and the entry;
// noClass when it
// cannot (a result the entry has no room for, the entry dropped): o is
// then handed out as it is and the text linted again next time. With
// counted, the class alone (metaCounted), unless the result is Placed (a
// count needs its key then), or the entry already holds the texts.
func (st *memoStore) remember(g *memoGen, h memoHash, si int, o *Occurrence, counted bool) (uint32, memoEntry) {
	if o.Forms != nil || o.Suppressed != nil || o.Fingerprints != nil || o.Kind != "" || o.Truncated ||
		len(o.Canonical) > 0xffff || len(o.Key) > 0xffff || len(o.NSKey) > 0xffff || len(o.Namespace) > 0xffff {
		return noClass, memoEntry{}
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	e := g.tab.Load().lookup(h, si, len(o.Raw), false)
	if e == nil {
		return noClass, memoEntry{} // dropped since
	}
	meta := e.meta
	if c := metaClass(meta); c != noClass && (counted || meta&metaCounted == 0) {
		return c, *e // remembered by another memo meanwhile
	}
	class, ok := g.internClass(o)
	if !ok {
		return noClass, memoEntry{}
	}
	placed := Placed(o)
	if counted && !placed {
		meta = meta&^(metaClassMask<<metaClassShift|metaForm) | uint64(class)<<metaClassShift | metaCounted
		atomic.StoreUint64(&e.meta, meta) // published
		return class, *e
	}
	raw := g.arena.str(e.raw, e.rawLen())
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
		if o := st.find(g, uint8(e.scheme()), s); o != nil {
			// s, not the entry's arena text: the same bytes (told by
			// the 96 bits of a lookup), and in cache where the other
			// entry's are not (comparing them was 3% of a dense scan's
			// CPU, issue 25)
			held[n] = struct {
				s   string
				off uint32
			}{s, o.raw}
			n++
			return o.raw
		}
		off := st.add(g, unsafe.Slice(unsafe.StringData(s), len(s)))
		held[n] = struct {
			s   string
			off uint32
		}{g.arena.str(off, uint16(len(s))), off}
		n++
		return off
	}
	// the texts other than raw: one (alt) in the entry, the namespace in
	// raw or alt, else all four in a memoAux record
	var alt string
	haveAlt := false
	form := uint64(0)
	other := func(s string, bit uint64) bool {
		switch {
		case s == raw:
			return true
		case !haveAlt:
			alt, haveAlt = s, true
		}
		form |= bit
		return s == alt
	}
	ns, nsIn, nsAt := o.Namespace, raw, -1
	if other(o.Canonical, metaCanonAlt) && other(o.Key, metaKeyAlt) && other(o.NSKey, metaNSKeyAlt) && len(alt) <= metaAltMax && len(ns) <= ordNSLenMax {
		if nsAt = strings.Index(raw, ns); nsAt < 0 && haveAlt {
			nsIn, nsAt = alt, strings.Index(alt, ns)
			form |= metaNSAlt
		}
	}
	ord := e.ord & ordMask
	if nsAt >= 0 && nsAt <= ordNSOffMax && nsAt+len(ns) <= len(nsIn) {
		e.alt = 0
		if haveAlt {
			e.alt = put(alt)
		}
		meta = meta&^(metaAltMax<<metaAltShift) | uint64(len(alt))<<metaAltShift
		ord |= uint32(nsAt)<<ordNSOffShift | uint32(len(ns))<<ordNSLenShift
	} else {
		var rec [memoAuxSize]byte
		for i, s := range [...]string{o.Canonical, o.Key, o.NSKey, o.Namespace} {
			binary.LittleEndian.PutUint32(rec[4*i:], put(s))
			binary.LittleEndian.PutUint16(rec[16+2*i:], uint16(len(s)))
		}
		e.alt = st.add(g, rec[:])
		form = metaAux
	}
	if placed {
		form |= metaPlaced
	}
	if plainText(o.Scheme) && plainText(o.Profile) && plainText(o.KeyLevel) &&
		plainTexts(o.Raw, o.Canonical, o.Key, o.NSKey, o.Namespace) {
		ord |= memoPlain
	}
	e.ord = ord
	meta = meta&^(metaClassMask<<metaClassShift|metaForm) | uint64(class)<<metaClassShift | form
	atomic.StoreUint64(&e.meta, meta) // published
	return class, *e
}

// texts are the canonical form, key, namespace key and namespace of the
// result of entry e of meta, raw its text.
func (g *memoGen) texts(e *memoEntry, meta uint64, raw string) (canon, key, nsKey, ns string) {
	if meta&metaAux != 0 {
		b := unsafe.Slice(unsafe.StringData(g.arena.str(e.alt, memoAuxSize)), memoAuxSize)
		str := func(i int) string {
			return g.arena.str(binary.LittleEndian.Uint32(b[4*i:]), binary.LittleEndian.Uint16(b[16+2*i:]))
		}
		return str(0), str(1), str(2), str(3)
	}
	alt := g.arena.str(e.alt, uint16(meta>>metaAltShift&metaAltMax))
	canon, key, nsKey = raw, raw, raw
	if meta&metaCanonAlt != 0 {
		canon = alt
	}
	if meta&metaKeyAlt != 0 {
		key = alt
	}
	if meta&metaNSKeyAlt != 0 {
		nsKey = alt
	}
	in := raw
	if meta&metaNSAlt != 0 {
		in = alt
	}
	at := e.ord >> ordNSOffShift & ordNSOffMax
	return canon, key, nsKey, in[at : at+e.ord>>ordNSLenShift&ordNSLenMax]
}

// memoPlain, in an entry's ord (and so in Occurrence.MemoID), tells
// that its texts are plain (Occurrence.PlainText); ords stay below
// memoMaxEntries.
const memoPlain = 1 << 31

// plainText reports whether s is printable ASCII without '"' or '\\',
// 8 bytes at a time (a byte loop over each first sighting's five texts
// was a fifth of remember's CPU on dense text, issue 25).
func plainText(s string) bool {
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	for len(b) > 0 {
		var w uint64
		if len(b) >= 8 {
			w = binary.LittleEndian.Uint64(b)
			b = b[8:]
		} else {
			// the tail padded with 'a', a plain byte
			var t [8]byte
			copy(t[copy(t[:], b):], "aaaaaaaa")
			w = binary.LittleEndian.Uint64(t[:])
			b = nil
		}
		// a byte below 0x20, one with its high bit set, and one equal to
		// 0x7f, '"' or '\\' (each test exact for the word as a whole)
		x, y, z := w^lo*0x7f, w^lo*'"', w^lo*'\\'
		if ((w-lo*0x20)&^w|w|(x-lo)&^x|(y-lo)&^y|(z-lo)&^z)&hi != 0 {
			return false
		}
	}
	return true
}

// plainTexts is plainText of every text of ss, a text whose bytes lie
// within an earlier one's not read again: a result's canonical form,
// key and namespace key are most often its raw text and the namespace
// inside it.
func plainTexts(ss ...string) bool {
	for i, s := range ss {
		if !within(s, ss[:i]) && !plainText(s) {
			return false
		}
	}
	return true
}

// within reports whether s's bytes are in one of ts's (same memory).
func within(s string, ts []string) bool {
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	for _, t := range ts {
		q := uintptr(unsafe.Pointer(unsafe.StringData(t)))
		if len(t) > 0 && p >= q && p+uintptr(len(s)) <= q+uintptr(len(t)) {
			return true
		}
	}
	return false
}

// find is the entry of text s in scheme si, if one is remembered.
func (st *memoStore) find(g *memoGen, si uint8, s string) *memoEntry {
	if s == "" || len(s) > memoMaxLen {
		return nil
	}
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	return g.tab.Load().lookup(st.hash(b), int(si), len(b), false)
}

// class is class number i.
func (g *memoGen) class(i uint32) *memoClass {
	return &g.classes[i/memoClassChunk][i%memoClassChunk]
}

// internClass interns o's scheme, profile, key level and findings (false:
// the table is full; a reset empties it with the entries). The caller
// holds the store's mu.
func (g *memoGen) internClass(o *Occurrence) (uint32, bool) {
	if i := g.lastClass; int(i) < g.nClasses && g.class(i).is(o) {
		return i, true // most texts have the class of the one before
	}
	seed := classSeed
	h := maphash.String(seed, o.Scheme) ^ maphash.String(seed, o.Profile)*3 ^ maphash.String(seed, o.KeyLevel)*5
	if o.Findings != nil {
		h ^= 7
	}
	for i := range o.Findings {
		f := &o.Findings[i]
		h = h*31 ^ maphash.String(seed, f.Message) ^ uint64(uintptr(unsafe.Pointer(f.Rule))) ^ uint64(f.Severity)<<56 ^ uint64(f.Start)<<20 ^ uint64(f.End) ^ uint64(uintptr(unsafe.Pointer(f.Fix)))
	}
	first, ok := g.classAt[h]
	for i := first; ok && i != 0; i = g.class(i - 1).next {
		if g.class(i - 1).is(o) {
			g.lastClass = i - 1
			return i - 1, true
		}
	}
	if g.nClasses >= memoMaxClasses {
		return 0, false
	}
	i := uint32(g.nClasses)
	if g.classes[i/memoClassChunk] == nil {
		g.classes[i/memoClassChunk] = new([memoClassChunk]memoClass)
	}
	fs := o.Findings[:len(o.Findings):len(o.Findings)] // an append by a caller copies
	*g.class(i) = memoClass{scheme: o.Scheme, profile: o.Profile, keyLevel: o.KeyLevel, findings: fs, hash: h, next: first}
	g.nClasses++
	g.classAt[h] = i + 1
	g.lastClass = i
	return i, true
}

// classSeed hashes classes (their hash never leaves the process).
var classSeed = maphash.MakeSeed()

// is reports o's class c.
func (c *memoClass) is(o *Occurrence) bool {
	return c.scheme == o.Scheme && c.profile == o.Profile && c.keyLevel == o.KeyLevel && (c.findings == nil) == (o.Findings == nil) && slices.Equal(c.findings, o.Findings)
}

// memoArena holds the memo's text: chunks of bytes appended to and never
// overwritten, so that strings over them stay valid after the memo drops
// them, and can be read while more is appended. An offset is a chunk's
// index << memoChunkShift | the position in it.
type memoArena struct {
	base  [memoMaxChunks]*byte // the chunks' starts, each written once before an entry refers to it
	cur   []byte               // the last chunk (writers only)
	n     int                  // chunks
	bytes int                  // held in the chunks
}

const (
	memoChunkShift = 20
	memoChunkMax   = 1 << memoChunkShift
	memoChunkMin   = 16 << 10
	memoChunkAhead = 128 << 10 // chunks from this size are made ahead (memoStore.chunk)
	memoMaxChunks  = 1 << (32 - memoChunkShift)
)

// add appends b (at most 64 KB) to g's arena and returns its offset,
// taking a new chunk from st.chunk when it has one big enough, and
// starting the next one's making once the chunk is half full. The caller
// holds mu.
func (st *memoStore) add(g *memoGen, b []byte) uint32 {
	a := &g.arena
	if a.n == 0 || len(a.cur)+len(b) > cap(a.cur) {
		size := max(a.nextSize(), len(b))
		c := st.chunk
		if cap(c) >= size {
			st.chunk = nil
		} else {
			c = make([]byte, 0, size)
		}
		a.start(c)
	}
	off := a.append(b)
	if size := a.nextSize(); 2*len(a.cur) > cap(a.cur) && size >= memoChunkAhead && cap(st.chunk) < size && !st.chunking {
		st.chunking = true
		go st.makeChunk(size)
	}
	return off
}

// makeChunk makes st's next arena chunk of size bytes, its pages faulted
// in, off the lock.
func (st *memoStore) makeChunk(size int) {
	c := make([]byte, size)
	pagetouch.Zero(c)
	st.mu.Lock()
	if cap(st.chunk) < size {
		st.chunk = c[:0]
	}
	st.chunking = false
	st.mu.Unlock()
}

// nextSize is the size of a's next chunk: each twice the last, up to
// memoChunkMax.
func (a *memoArena) nextSize() int {
	if a.n == 0 {
		return memoChunkMin
	}
	return min(2*cap(a.cur), memoChunkMax)
}

// start makes c (empty) a's current chunk.
func (a *memoArena) start(c []byte) {
	a.cur = c[:0]
	a.base[a.n] = unsafe.SliceData(a.cur)
	a.n++
}

// append appends b to the current chunk, which has room, and returns its
// offset.
func (a *memoArena) append(b []byte) uint32 {
	off := uint32(a.n-1)<<memoChunkShift | uint32(len(a.cur))
	a.cur = append(a.cur, b...)
	a.bytes += len(b)
	return off
}

// str is the string of n bytes at off, pointing into the chunk.
func (a *memoArena) str(off uint32, n uint16) string {
	if n == 0 {
		return ""
	}
	p := unsafe.Add(unsafe.Pointer(a.base[off>>memoChunkShift]), off&(memoChunkMax-1))
	return unsafe.String((*byte)(p), int(n))
}
