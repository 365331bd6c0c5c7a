// Package reports holds the sinks that turn occurrences into output — text,
// JSON Lines, JSON, SARIF, linter lines, progress — and the aggregation of
// occurrences into equivalence clusters. Every output is a Sink; the row
// schema (schema.go) describes the columns of every table, which package
// parquet builds from and the other outputs are tested against.
package reports

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"hash/maphash"
	"math/bits"
	"slices"
	"strings"
	"unsafe"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/schemes"
	"github.com/idlint/idlint/rules/urn"
)

// Variant is one raw spelling within a cluster.
type Variant struct {
	Raw   string `json:"raw"`
	Count int    `json:"count"`
}

// Cluster groups every occurrence whose equivalence key is the same.
type Cluster struct {
	Scheme          string    `json:"scheme"`
	Profile         string    `json:"profile"`
	Key             string    `json:"key"`
	Canonical       string    `json:"canonical"`
	Namespace       string    `json:"namespace"`
	OccurrenceCount int       `json:"occurrence_count"`
	InvalidCount    int       `json:"invalid_count"`
	Valid           bool      `json:"valid"`
	Variants        []Variant `json:"variants"`
	SourceCount     int       `json:"source_count"`
	FirstSource     string    `json:"first_source"`
	FirstMember     string    `json:"first_member,omitempty"`
	FirstOffset     int64     `json:"first_offset"`
	FirstLine       int       `json:"first_line"`
	FirstColumn     int       `json:"first_column"`
	// MergedBy is "namespace" when the cluster's spellings have different
	// profile keys that only the namespace's equivalence merges (issue 21).
	MergedBy string `json:"merged_by,omitempty"`
}

// Clusters aggregates occurrences by (scheme, key). Keys, and the strings
// each cluster keeps, are copied into large byte chunks, and clusters are
// found through an open-addressing table of indices: but for two maps
// (schemes; sources, members, profiles and namespaces by name) nothing
// holds a pointer for the garbage collector to scan — with a million
// distinct keys a map of pointers to aggregates made a fifth of a
// --report run collector work — and one cluster's state is a single
// 176-byte record. Memory grows with the number of distinct keys (that
// record, the key's text, 16 bytes of table), their further spellings and
// sources (~50 bytes each and the spelling's text) and the distinct
// sources, not with occurrences, in whatever order they come.
type Clusters struct {
	text    textChunks
	pages   [][]agg // aggs in pages of aggPage, never moved
	n       int     // aggs
	table   []slot  // a power of two long, at most 3/4 full
	seed    maphash.Seed
	schemes []string // index = agg.scheme
	// counters' values after their first: extras in pages, found by
	// (counter, text) through a table of their own, each counter's
	// chained from its first extra
	xpages  [][]extra
	nx      int
	xtable  []slot
	last    [2]lastRef        // source, member: the strings of the last row
	names   map[string]strRef // sources, members, profiles, namespaces stored, by text
	byName  map[string]uint32 // schemes' indices
	lastSc  lastScheme
	touched uint32     // AddRows' loads, kept so they are made
	spill   spillState // spill.go
	runs    []*run     // sorted runs spilled, oldest first
	listed  bool       // Each merged and removed the runs
	// ids remembers, by Row.MemoID, the agg a row's text counts in and
	// where its spelling and canonical spelling are counted, so that a
	// row seen before is counted without hashing or comparing its text
	// (issue 25: with 100,000 keys, hashing and finding each of a dense
	// scan's 2.8 M rows was 2 s of CPU). Direct-mapped: a slot taken by
	// another ID is a miss, counted the long way. Emptied with the table.
	ids    []idSlot
	idsSet int // slots of ids filled
}

// idSlot is a Row.MemoID's agg (plus one: 0 is empty), and the positions
// of its spelling and canonical spelling in their counters (counterPos).
type idSlot struct {
	id            uint64
	agg, raw, can uint32
}

// maxIDs bounds the slots of Clusters.ids (24 MiB): a dense scan at -j 2
// has two memos, each naming its 182,000 texts.
const maxIDs = 1 << 20

// aggPage is the aggs per page (~700 KB): pages are filled, not grown and
// copied as one slice would be.
const aggPage = 4096

func (cs *Clusters) agg(i int) *agg { return &cs.pages[i/aggPage][i%aggPage] }

// strRef is a string in the chunks.
type strRef struct{ chunk, off, n uint32 }

// textChunks is append-only text in chunks of textChunk bytes (larger
// strings get a chunk of their own), never moved once written.
// After a spill (spill.go) the chunks are written again from the first:
// chunks[:cur+1] are in use, size is their room.
type textChunks struct {
	chunks [][]byte
	cur    int
	size   int64
}

const textChunk, firstTextChunk = 1 << 20, 64 << 10

func (t *textChunks) add(s string) strRef {
	if len(t.chunks) == 0 || len(s) > cap(t.chunks[t.cur])-len(t.chunks[t.cur]) {
		if len(t.chunks) > 0 {
			t.cur++
		}
		switch {
		case t.cur == len(t.chunks):
			// the first chunks are smaller, so that a small run stays
			// under the first GC's 4 MB heap goal (issue 25, start-up)
			size := min(textChunk, firstTextChunk<<min(len(t.chunks), 4))
			t.chunks = append(t.chunks, make([]byte, 0, max(size, len(s))))
		case cap(t.chunks[t.cur]) < len(s): // a chunk kept from before a spill is too small
			t.chunks = append(t.chunks, t.chunks[t.cur])
			t.chunks[t.cur] = make([]byte, 0, len(s))
		}
		t.size += int64(cap(t.chunks[t.cur]))
	}
	last := t.cur
	c := t.chunks[last]
	t.chunks[last] = append(c, s...)
	return strRef{uint32(last), uint32(len(c)), uint32(len(s))}
}

// reset empties the chunks, keeping those of textChunk bytes for reuse.
func (t *textChunks) reset() {
	kept := t.chunks[:0]
	for _, c := range t.chunks {
		if cap(c) == textChunk {
			kept = append(kept, c[:0])
		}
	}
	clear(t.chunks[len(kept):])
	t.chunks, t.cur, t.size = kept, 0, 0
	if len(kept) > 0 {
		t.size = textChunk
	}
}

func (t *textChunks) bytes(r strRef) []byte { return t.chunks[r.chunk][r.off : r.off+r.n] }

// lastRef remembers where the last row's source (or member) is stored:
// rows come grouped by input, so names is seldom asked.
type lastRef struct {
	s   string
	ref strRef
	ok  bool
}

type lastScheme struct {
	s  string
	i  uint32
	ok bool
}

// slot is a table entry: the high bits of the key's hash and the index
// of its agg (or extra) plus one (0: empty).
type slot struct{ tag, agg uint32 }

// counter counts distinct strings: the first inline, the others (most
// clusters have one spelling and one source) as extras.
type counter struct {
	first strRef
	more  uint32 // its first extra's index plus one (0: none), which owns the others
	n     int64  // occurrences of first
}

// extra is a counter's value after its first, and its count.
type extra struct {
	hash  uint64
	s     strRef
	owner uint32 // the counter's more
	next  uint32 // the counter's next extra, plus one (0: the last)
	n     int64
}

const extraPage = 4096

func (cs *Clusters) extra(i int) *extra { return &cs.xpages[i/extraPage][i%extraPage] }

// agg is one cluster being aggregated.
type agg struct {
	hash                     uint64
	key, profile, namespace  strRef
	firstSource, firstMember strRef
	firstOffset              int64
	firstLine, firstColumn   int32
	count, invalid           int64
	variants, canon, source  counter
	scheme                   uint32
}

// NewClusters returns an empty aggregation.
// It spills to run files past the budget SetClusterSpill set (spill.go).
func NewClusters() *Clusters {
	return &Clusters{seed: maphash.MakeSeed(), table: make([]slot, 1024),
		names: map[string]strRef{}, byName: map[string]uint32{}, spill: defaultSpill()}
}

// Add counts one occurrence.
func (cs *Clusters) Add(o *lint.Occurrence) {
	if o.Kind != "" || o.IsMeta() {
		return // look-alikes and suppression comments never join clusters
	}
	cs.AddRow(rowOf(o))
}

func rowOf(o *lint.Occurrence) Row {
	return Row{
		Scheme: o.Scheme, Profile: o.Profile, Key: clusterKey(o), Namespace: o.Namespace,
		Raw: o.Raw, Canonical: o.Canonical, Valid: o.Valid(),
		Source: o.Source, Member: o.Member, Offset: o.Offset, Line: o.Line, Column: o.Column,
		MemoID: o.MemoID,
	}
}

// clusterKey is what clusters group by: the namespace's key (issue 21),
// the profile's where the occurrence has none.
func clusterKey(o *lint.Occurrence) string {
	if o.NSKey != "" {
		return o.NSKey
	}
	return o.Key
}

// Row is what aggregation needs of an occurrence (a merge reads it back
// from occurrences.parquet).
type Row struct {
	Scheme, Profile, Key, Namespace, Raw, Canonical string
	Valid                                           bool
	Source, Member                                  string
	Offset                                          int64
	Line, Column                                    int
	// MemoID, when not 0, is lint.Occurrence.MemoID: rows with equal IDs
	// have equal Scheme, Profile, Key, Namespace, Raw and Canonical.
	MemoID uint64
}

// AddRow counts one occurrence. The result does not depend on the order
// rows arrive in, so sharded runs merge to exactly a single run's clusters:
// "first" is the smallest (source, member, offset), not the first seen.
func (cs *Clusters) AddRow(o Row) {
	if e := cs.known(&o); e != nil {
		cs.addKnown(&o, e)
	} else {
		sc := cs.scheme(o.Scheme)
		cs.add(&o, sc, cs.hash(sc, o.Key))
	}
	cs.budget()
}

// budget spills past the budget (spill.go), and forgets the IDs of the
// aggs spilled.
func (cs *Clusters) budget() {
	n := cs.n
	cs.checkBudget()
	if cs.n < n {
		clear(cs.ids)
		cs.idsSet = 0
	}
}

// known is the slot of o's MemoID when it holds it, else nil.
func (cs *Clusters) known(o *Row) *idSlot {
	if o.MemoID == 0 || len(cs.ids) == 0 {
		return nil
	}
	e := &cs.ids[idIndex(o.MemoID, len(cs.ids))]
	if e.id != o.MemoID || e.agg == 0 {
		return nil
	}
	return e
}

// idIndex is id's slot of n (a power of two): the top bits of a
// multiplicative hash (its middle bits left half the slots empty).
func idIndex(id uint64, n int) int {
	return int((id * 0x9e3779b97f4a7c15) >> (64 - bits.TrailingZeros(uint(n))))
}

// addKnown counts o in the agg its ID names, as add would.
func (cs *Clusters) addKnown(o *Row, e *idSlot) {
	a := cs.agg(int(e.agg) - 1)
	src := cs.ref(0, o.Source)
	if cs.before(src, o.Member, o.Offset, a) {
		a.firstSource, a.firstMember, a.firstOffset = src, cs.ref(1, o.Member), o.Offset
		a.firstLine, a.firstColumn = int32(o.Line), int32(o.Column)
	}
	a.count++
	if !o.Valid {
		a.invalid++
	}
	cs.bump(&a.variants, e.raw)
	cs.bump(&a.canon, e.can)
	cs.count(&a.source, o.Source, src)
}

// bump counts once more the value at counterPos pos of c.
func (cs *Clusters) bump(c *counter, pos uint32) {
	if pos == 0 {
		c.n++
	} else {
		cs.extra(int(pos)-1).n++
	}
}

// remember fills o's ID slot with its agg (index i) and counter
// positions; the slots double when half are filled.
func (cs *Clusters) remember(o *Row, i int, raw, can uint32) {
	if cs.idsSet >= len(cs.ids)/2 && len(cs.ids) < cs.maxIDs() {
		old := cs.ids
		cs.ids, cs.idsSet = make([]idSlot, max(4096, 2*len(old))), 0
		for k := range old {
			if old[k].agg != 0 {
				cs.setID(old[k])
			}
		}
	}
	cs.setID(idSlot{id: o.MemoID, agg: uint32(i + 1), raw: raw, can: can})
}

// maxIDs is the most slots ids grows to: maxIDs, and a quarter of the
// spill budget at most (the table is not counted in it).
func (cs *Clusters) maxIDs() int {
	n := maxIDs
	if b := cs.spill.budget; b > 0 {
		for n > 4096 && int64(n)*int64(unsafe.Sizeof(idSlot{})) > b/4 {
			n /= 2
		}
	}
	return n
}

// setID puts e in its slot, over the ID there if any.
func (cs *Clusters) setID(e idSlot) {
	s := &cs.ids[idIndex(e.id, len(cs.ids))]
	if s.agg == 0 {
		cs.idsSet++
	}
	*s = e
}

// AddRows counts rows as AddRow does, some at a time in three passes:
// the first hashes the keys and loads their table slots, the second loads
// the aggregates and key texts those slots point to, the third counts.
// The loads of a pass do not wait on each other, so the processor has
// many cache misses in flight instead of one at a time (with 100,000 keys
// a row's three misses were most of its time; measured:
// BenchmarkClustersManyKeys).
func (cs *Clusters) AddRows(rows []Row) {
	var hs [256]uint64
	var scs [256]uint32
	var hashed [256]bool
	for len(rows) > 0 {
		n := min(len(rows), len(hs))
		mask := len(cs.table) - 1
		var touch uint32
		// a row whose ID is remembered (Clusters.ids) loads its slot, then
		// its agg; the others hash their key and load its table slot
		for i := range rows[:n] {
			if id := rows[i].MemoID; id != 0 && len(cs.ids) > 0 {
				touch += cs.ids[idIndex(id, len(cs.ids))].agg
				hashed[i] = false
				continue
			}
			scs[i] = cs.scheme(rows[i].Scheme)
			hs[i] = cs.hash(scs[i], rows[i].Key)
			hashed[i] = true
			touch += cs.table[int(hs[i])&mask].agg
		}
		// a row whose ID is not remembered (a text another memo named, at
		// -j 2) hashes now, and loads its table slot, then its agg below
		for i := range rows[:n] {
			if hashed[i] {
				continue
			}
			if e := cs.known(&rows[i]); e != nil {
				a := cs.agg(int(e.agg) - 1)
				// an agg is 184 bytes over 3–4 lines: each line addKnown
				// writes, from firstSource's (before reads it first) to
				// source's (issue 25: before's miss was a fifth of the
				// aggregation's CPU at -j 2)
				touch += a.firstSource.off + uint32(a.count) + uint32(a.variants.n) + uint32(a.source.n)
				continue
			}
			scs[i] = cs.scheme(rows[i].Scheme)
			hs[i] = cs.hash(scs[i], rows[i].Key)
			hashed[i] = true
			touch += cs.table[int(hs[i])&mask].agg
		}
		for i := range rows[:n] {
			if !hashed[i] {
				continue
			}
			if s := cs.table[int(hs[i])&mask]; s.agg != 0 && s.tag == uint32(hs[i]>>32) {
				a := cs.agg(int(s.agg) - 1) // its three or four cache lines
				touch += a.firstSource.off + uint32(a.count) + uint32(a.variants.n) + uint32(a.source.n)
				if a.key.n > 0 {
					touch += uint32(cs.text.chunks[a.key.chunk][a.key.off])
				}
			}
		}
		cs.touched += touch
		for i := range rows[:n] {
			o := &rows[i]
			if e := cs.known(o); e != nil {
				cs.addKnown(o, e)
				continue
			}
			if !hashed[i] { // its slot was taken by a row of this batch since
				scs[i] = cs.scheme(o.Scheme)
				hs[i] = cs.hash(scs[i], o.Key)
			}
			cs.add(o, scs[i], hs[i])
		}
		cs.budget()
		rows = rows[n:]
	}
}

func (cs *Clusters) hash(sc uint32, key string) uint64 {
	return maphash.String(cs.seed, key) ^ uint64(sc)*0x9e3779b97f4a7c15
}

func (cs *Clusters) add(o *Row, sc uint32, h uint64) {
	a, i := cs.find(o, sc, h)
	src := cs.ref(0, o.Source)
	if a.count == 0 || cs.before(src, o.Member, o.Offset, a) {
		a.firstSource, a.firstMember, a.firstOffset = src, cs.ref(1, o.Member), o.Offset
		a.firstLine, a.firstColumn = int32(o.Line), int32(o.Column)
	}
	a.count++
	if !o.Valid {
		a.invalid++
	}
	raw := cs.countKeyed(&a.variants, o.Raw, o.Raw == o.Key, a.key)
	can := cs.countKeyed(&a.canon, o.Canonical, o.Canonical == o.Key, a.key)
	cs.count(&a.source, o.Source, src)
	if o.MemoID != 0 {
		cs.remember(o, i, raw, can)
	}
}

// find returns the agg of (scheme sc, o.Key), whose hash is h, a new one
// if there is none, and its index.
func (cs *Clusters) find(o *Row, sc uint32, h uint64) (*agg, int) {
	tag := uint32(h >> 32)
	mask := len(cs.table) - 1
	for i := int(h) & mask; ; i = (i + 1) & mask {
		s := cs.table[i]
		if s.agg == 0 {
			break
		}
		if s.tag == tag {
			a := cs.agg(int(s.agg) - 1)
			if a.scheme == sc && string(cs.text.bytes(a.key)) == o.Key {
				return a, int(s.agg) - 1
			}
		}
	}
	if cs.n == len(cs.pages)*aggPage { // pages kept from before a spill are reused
		cs.pages = append(cs.pages, make([]agg, aggPage))
	}
	a := cs.agg(cs.n)
	*a = agg{hash: h, scheme: sc, key: cs.text.add(o.Key), profile: cs.intern(o.Profile), namespace: cs.intern(o.Namespace)}
	cs.n++
	cs.table = place(cs.table, cs.n, h, func(i int) uint64 { return cs.agg(i).hash })
	return a, cs.n - 1
}

// insert puts index i (plus one) with hash h into table.
func insert(table []slot, h uint64, i int) {
	mask := len(table) - 1
	k := int(h) & mask
	for table[k].agg != 0 {
		k = (k + 1) & mask
	}
	table[k] = slot{uint32(h >> 32), uint32(i)}
}

// place puts entry n (of n, counting from 1) with hash h into table, or
// makes a table twice as large (1024 at first) for all n, hashOf(i) the
// i-th's (from 0), when it would be over 3/4 full.
func place(table []slot, n int, h uint64, hashOf func(int) uint64) []slot {
	if n*4 <= len(table)*3 {
		insert(table, h, n)
		return table
	}
	table = make([]slot, max(1024, 2*len(table)))
	for i := range n {
		insert(table, hashOf(i), i+1)
	}
	return table
}

// scheme is the index of scheme s (a scan has four; a merge takes what
// its files hold).
func (cs *Clusters) scheme(s string) uint32 {
	if l := &cs.lastSc; l.ok && l.s == s {
		return l.i
	}
	i, ok := cs.byName[s]
	if !ok {
		i = uint32(len(cs.schemes))
		cs.schemes = append(cs.schemes, s)
		cs.byName[s] = i
	}
	cs.lastSc = lastScheme{s, i, true}
	return i
}

// intern is where s is stored: each distinct source, member, profile or
// namespace once.
func (cs *Clusters) intern(s string) strRef {
	r, ok := cs.names[s]
	if !ok {
		r = cs.text.add(s)
		cs.names[s] = r
		cs.spill.nameBytes += nameCost + int64(len(s))
	}
	return r
}

// ref is where source (k 0) or member (k 1) s is stored, each distinct
// one once, whatever the order of rows.
func (cs *Clusters) ref(k int, s string) strRef {
	l := &cs.last[k]
	if !l.ok || l.s != s {
		*l = lastRef{s, cs.intern(s), true}
	}
	return l.ref
}

// before: is (source src, member, offset) before a's first occurrence?
func (cs *Clusters) before(src strRef, member string, offset int64, a *agg) bool {
	if src != a.firstSource {
		if c := strings.Compare(cs.str(src), cs.str(a.firstSource)); c != 0 {
			return c < 0
		}
	}
	if c := strings.Compare(member, cs.str(a.firstMember)); c != 0 {
		return c < 0
	}
	return offset < a.firstOffset
}

// str is a stored string, without a copy: the chunks are never written
// again where a string was stored (a string kept refers to its chunk,
// which the collector then keeps).
func (cs *Clusters) str(r strRef) string {
	b := cs.text.bytes(r)
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// countKeyed counts s, a spelling whose equality with the cluster's key is
// isKey: when the counter's first value is the key itself, no bytes need
// comparing. It returns where s is counted (counterPos).
func (cs *Clusters) countKeyed(c *counter, s string, isKey bool, key strRef) uint32 {
	switch {
	case c.n == 0:
		if isKey {
			c.first = key
		} else {
			c.first = cs.text.add(s)
		}
		c.n = 1
	case c.first == key && isKey || c.first != key && !isKey && cs.str(c.first) == s:
		c.n++
	default:
		return cs.countMore(c, s, key, isKey) // the key's own text when s is the key
	}
	return 0
}

// A counterPos is where a counter counts a value: 0 its first, else the
// index of its extra plus one (extras never move).

// count counts s, stored at ref when it is the first value.
func (cs *Clusters) count(c *counter, s string, ref strRef) {
	switch {
	case c.n == 0:
		c.first, c.n = ref, 1
	case c.first == ref || cs.str(c.first) == s:
		c.n++
	default:
		cs.countMore(c, s, ref, true)
	}
}

// countMore counts s among c's extras; ref is where s is stored, when
// stored (a source), else s is stored when new. It returns s's counterPos.
func (cs *Clusters) countMore(c *counter, s string, ref strRef, stored bool) uint32 {
	var h uint64
	if c.more != 0 {
		h = cs.xhash(c.more, s)
		tag, mask := uint32(h>>32), len(cs.xtable)-1
		for i := int(h) & mask; ; i = (i + 1) & mask {
			sl := cs.xtable[i]
			if sl.agg == 0 {
				break
			}
			if e := cs.extra(int(sl.agg) - 1); sl.tag == tag && e.owner == c.more && (stored && e.s == ref || cs.str(e.s) == s) {
				e.n++
				return sl.agg
			}
		}
	}
	i := cs.nx
	if i == len(cs.xpages)*extraPage {
		cs.xpages = append(cs.xpages, make([]extra, extraPage))
	}
	cs.nx++
	e := cs.extra(i)
	*e = extra{n: 1, s: ref}
	if c.more == 0 { // the counter's first extra: it owns the others
		c.more = uint32(i + 1)
		h = cs.xhash(c.more, s)
	} else { // after the first: the order does not matter
		first := cs.extra(int(c.more) - 1)
		e.next, first.next = first.next, uint32(i+1)
	}
	e.owner, e.hash = c.more, h
	if !stored {
		e.s = cs.text.add(s)
	}
	cs.xtable = place(cs.xtable, cs.nx, e.hash, func(k int) uint64 { return cs.extra(k).hash })
	return uint32(i + 1)
}

func (cs *Clusters) xhash(owner uint32, s string) uint64 {
	return maphash.String(cs.seed, s) ^ uint64(owner)*0xc2b2ae3d27d4eb4f
}

func (cs *Clusters) distinct(c *counter) int {
	n := min(int(c.n), 1)
	for i := c.more; i != 0; i = cs.extra(int(i) - 1).next {
		n++
	}
	return n
}

// each calls fn for each value of c and its count.
func (cs *Clusters) each(c *counter, fn func(s string, n int)) {
	if c.n > 0 {
		fn(cs.str(c.first), int(c.n))
	}
	for i := c.more; i != 0; {
		e := cs.extra(int(i) - 1)
		fn(cs.str(e.s), int(e.n))
		i = e.next
	}
}

// Len is the number of clusters.
func (cs *Clusters) Len() int {
	if len(cs.runs) > 0 || cs.listed {
		return cs.spilledLen()
	}
	return cs.n
}

// List returns the clusters sorted by scheme and key (see Each; those
// listed before a failure to read a spilled run).
func (cs *Clusters) List() []*Cluster {
	out := make([]*Cluster, 0, cs.n)
	cs.Each(func(c *Cluster) error {
		cc := *c
		cc.Variants = slices.Clone(c.Variants)
		out = append(out, &cc)
		return nil
	})
	return out
}

// Each calls fn for every cluster, sorted by scheme and key, in one
// Cluster reused (fn must not keep it; its strings it may): variants by
// count then text,
// canonical = the most frequent canonical spelling (ties: the smallest).
// When the aggregation spilled to run files (spill.go) Each merges them,
// and removes them after: it may then be called once.
func (cs *Clusters) Each(fn func(*Cluster) error) error {
	if len(cs.runs) > 0 || cs.listed {
		return cs.eachSpilled(fn)
	}
	var c Cluster // one for all: fn must not keep it
	checkers := map[string]rules.Checker{}
	for _, i := range cs.sorted() {
		a := cs.agg(int(i))
		c = Cluster{
			Scheme: cs.schemes[a.scheme], Profile: cs.str(a.profile), Key: cs.str(a.key), Namespace: cs.str(a.namespace),
			OccurrenceCount: int(a.count), InvalidCount: int(a.invalid), Valid: a.invalid == 0,
			SourceCount: cs.distinct(&a.source),
			FirstSource: cs.str(a.firstSource), FirstMember: cs.str(a.firstMember),
			FirstOffset: a.firstOffset, FirstLine: int(a.firstLine), FirstColumn: int(a.firstColumn),
			Variants: c.Variants[:0],
		}
		cs.each(&a.variants, func(s string, n int) { c.Variants = append(c.Variants, Variant{s, n}) })
		bestN := -1
		cs.each(&a.canon, func(s string, n int) {
			if n > bestN || n == bestN && s < c.Canonical {
				c.Canonical, bestN = s, n
			}
		})
		finishCluster(&c, checkers)
		if err := fn(&c); err != nil {
			return err
		}
	}
	return nil
}

// sorted is the aggs' indices sorted by scheme and key. The keys are
// sorted 8 bytes at a time (most significant first): each pass compares
// integers held in the entries, and only the entries whose keys share
// those bytes go on to the next 8, so that the comparisons do not chase
// each agg and its key's text (issue 25: with 100,000 keys comparing
// them through the aggs was a third of writing clusters.parquet, at the
// end of the run, alone).
func (cs *Clusters) sorted() []int32 {
	rank := make([]uint32, len(cs.schemes)) // a scheme's place by name
	byName := make([]uint32, len(cs.schemes))
	for i := range byName {
		byName[i] = uint32(i)
	}
	slices.SortFunc(byName, func(x, y uint32) int { return strings.Compare(cs.schemes[x], cs.schemes[y]) })
	for r, i := range byName {
		rank[i] = uint32(r)
	}
	es := make([]sortEntry, cs.n)
	for i := range es {
		es[i] = sortEntry{rank: rank[cs.agg(i).scheme], i: int32(i)}
	}
	cs.sortFrom(es, 0)
	order := make([]int32, cs.n)
	for k, e := range es {
		order[k] = e.i
	}
	return order
}

// sortEntry is an agg in sorted's order: its scheme's rank, and its key's
// 8 bytes from the depth being sorted, big-endian, zero-padded, with how
// many of them the key has (9: it goes on).
type sortEntry struct {
	word uint64
	rank uint32
	n    uint8
	i    int32
}

// sortDepth is how deep sorted goes 8 bytes at a time; keys sharing
// more are compared whole past it (bounding the recursion).
const sortDepth = 64

// sortFrom sorts es, whose keys share their first d bytes (and scheme,
// below depth 0), by what follows.
func (cs *Clusters) sortFrom(es []sortEntry, d int) {
	for k := range es {
		es[k].word, es[k].n = keyWord(cs.text.bytes(cs.agg(int(es[k].i)).key), d)
	}
	slices.SortFunc(es, func(x, y sortEntry) int {
		if x.rank != y.rank {
			return cmp.Compare(x.rank, y.rank)
		}
		if x.word != y.word {
			return cmp.Compare(x.word, y.word)
		}
		return cmp.Compare(x.n, y.n) // the key that ends first is a prefix of the other
	})
	for lo := 0; lo < len(es); {
		hi := lo + 1
		for hi < len(es) && es[hi].rank == es[lo].rank && es[hi].word == es[lo].word && es[hi].n == es[lo].n {
			hi++
		}
		switch {
		case hi-lo < 2 || es[lo].n <= 8: // one entry, or equal keys (a key is one agg per scheme)
		case d+8 < sortDepth:
			cs.sortFrom(es[lo:hi], d+8)
		default:
			slices.SortFunc(es[lo:hi], func(x, y sortEntry) int {
				return bytes.Compare(cs.text.bytes(cs.agg(int(x.i)).key)[d+8:], cs.text.bytes(cs.agg(int(y.i)).key)[d+8:])
			})
		}
		lo = hi
	}
}

// keyWord is key's 8 bytes from d, big-endian, zero-padded, and how many
// there are (9: more follow).
func keyWord(key []byte, d int) (uint64, uint8) {
	if d >= len(key) {
		return 0, 0
	}
	rest := key[d:]
	if len(rest) > 8 {
		return binary.BigEndian.Uint64(rest), 9
	}
	var b [8]byte
	copy(b[:], rest)
	return binary.BigEndian.Uint64(b[:]), uint8(len(rest))
}

// finishCluster sorts c's variants and says what merged them, the same
// for clusters from memory and from runs.
func finishCluster(c *Cluster, checkers map[string]rules.Checker) {
	if len(c.Variants) > 1 {
		slices.SortFunc(c.Variants, func(x, y Variant) int {
			if x.Count != y.Count {
				return y.Count - x.Count
			}
			return strings.Compare(x.Raw, y.Raw)
		})
		c.MergedBy = mergedBy(c, checkers)
	}
}

// mergedBy says why a cluster's spellings are one: "namespace" when their
// profile keys differ (the namespace's own equivalence merged them), ""
// when the profile's key already does. Its checkers are made once per scheme.
func mergedBy(c *Cluster, checkers map[string]rules.Checker) string {
	if c.Scheme != "urn" {
		return "" // only URN namespaces add equivalences
	}
	if d := urn.LookupNamespace(c.Namespace); d == nil || !d.HasEquivalence() {
		return ""
	}
	ch, ok := checkers[c.Scheme]
	if !ok {
		if s := schemes.Lookup(c.Scheme); s != nil {
			ch = s.New(nil)
		}
		checkers[c.Scheme] = ch
	}
	if ch == nil {
		return ""
	}
	first := ""
	for i, v := range c.Variants {
		k := ch.Check(v.Raw, c.Profile).Key
		if i == 0 {
			first = k
		} else if k != first {
			return lint.KeyLevelNamespace
		}
	}
	return ""
}

// Background aggregates clusters on a goroutine of its own, fed in
// batches, so that the goroutine delivering occurrences (a scan's only
// serial part) does not wait on a map of every distinct key: with 100,000
// keys the map's cache misses were a third of a --report scan.
type Background struct {
	cs    *Clusters
	batch []Row
	full  chan []Row
	free  chan []Row
	done  chan struct{}
	made  int // batches allocated, up to backgroundDepth+1
}

// backgroundBatch is the rows handed over at once; backgroundDepth the
// batches in flight.
const (
	backgroundBatch = 1024
	backgroundDepth = 4
)

// NewBackground starts an aggregation; Wait ends it.
func NewBackground() *Background {
	b := &Background{cs: NewClusters(), full: make(chan []Row, backgroundDepth),
		free: make(chan []Row, backgroundDepth+1), done: make(chan struct{})}
	// batches are made when first needed: a small run stays under the
	// first GC's 4 MB heap goal (issue 25, start-up)
	b.batch, b.made = make([]Row, 0, backgroundBatch), 1
	go func(cs *Clusters, full <-chan []Row, free chan<- []Row, done chan<- struct{}) {
		defer close(done)
		for rows := range full {
			cs.AddRows(rows)
			// not cleared: a free batch keeps its rows' strings until it is
			// filled again, a bounded few (clearing them, pointers under the
			// collector's write barrier, cost more: issue 25)
			free <- rows[:0]
		}
	}(b.cs, b.full, b.free, b.done)
	return b
}

// Add counts one occurrence (see Clusters.Add); o may be reused once Add
// returns.
func (b *Background) Add(o *lint.Occurrence) {
	if o.Kind != "" || o.IsMeta() {
		return
	}
	b.batch = append(b.batch, rowOf(o))
	if len(b.batch) == backgroundBatch {
		b.full <- b.batch
		select {
		case b.batch = <-b.free:
		default:
			if b.made == backgroundDepth+1 {
				b.batch = <-b.free
				break
			}
			b.batch = make([]Row, 0, backgroundBatch)
			b.made++
		}
	}
}

// Wait hands over the last rows, waits for the aggregation and returns
// it. Add must not be called after.
func (b *Background) Wait() *Clusters {
	if b.full != nil {
		b.full <- b.batch
		close(b.full)
		b.full, b.batch = nil, nil
		<-b.done
	}
	return b.cs
}
