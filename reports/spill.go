package reports

import (
	"bufio"
	"bytes"
	"container/heap"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/idlint/idlint/rules"
)

// External aggregation (issue 24 §5): past a memory budget, the clusters
// in memory are written, sorted by scheme and key, to a run file and the
// table starts over empty; Each merges the runs, k-way, combining the
// partial aggregates of a key as the table would have, so the clusters
// are the same, byte for byte, whatever the budget. Memory then follows
// the budget, not the number of distinct keys; the runs take ~60 bytes a
// key of disk. Run files are removed as soon as created (on Unix: they
// live as long as their open descriptor, so no exit, signal or crash
// leaves one behind) or, where that fails, when the runs are released.

// DefaultClusterBudget is the memory clusters take before they spill when
// nothing set another (SetClusterSpill).
const DefaultClusterBudget = 256 << 20

// maxRuns is the runs kept open at once: one more and they are merged
// into one (each takes a descriptor and, while merging, a read buffer).
const maxRuns = 64

// minRunKeys is the fewest clusters a run is spilled with: a budget
// smaller than the table's fixed memory (its first chunk and page) does
// not make a run per row.
const minRunKeys = 1024

// nameCost is the estimated memory of an entry of Clusters.names besides
// its text.
const nameCost = 64

var spillConfig = struct {
	sync.Mutex
	budget int64
	dir    string
}{budget: DefaultClusterBudget}

// SetClusterSpill sets, for the aggregations made after it, the memory in
// bytes their tables may take before they spill to run files in dir (""
// the system's temporary directory); budget 0 or less: never spill.
func SetClusterSpill(budget int64, dir string) {
	spillConfig.Lock()
	defer spillConfig.Unlock()
	spillConfig.budget, spillConfig.dir = budget, dir
}

// spillState is an aggregation's budget and what it counts against it.
type spillState struct {
	budget    int64
	dir       string
	maxRuns   int
	minKeys   int
	nameBytes int64 // names' estimated memory
	count     int   // clusters after merging the runs, -1 unknown
	err       error // a spill that failed: the aggregation stays in memory
}

func defaultSpill() spillState {
	spillConfig.Lock()
	defer spillConfig.Unlock()
	return spillState{budget: spillConfig.budget, dir: spillConfig.dir, maxRuns: maxRuns, minKeys: minRunKeys, count: -1}
}

// runsSpilled counts the runs spilled by every aggregation of the process.
var runsSpilled atomic.Int64

// RunsSpilled is the number of runs aggregations have spilled to disk in
// this process (for tests and diagnostics).
func RunsSpilled() int64 { return runsSpilled.Load() }

// SpillError is why spilling to disk failed, if it did: the aggregation
// then went on in memory, whatever its size (the clusters are still right).
func (cs *Clusters) SpillError() error { return cs.spill.err }

// Runs is the number of run files the aggregation spilled to so far.
func (cs *Clusters) Runs() int { return len(cs.runs) }

// mem is the estimated memory of the aggregation in memory.
func (cs *Clusters) mem() int64 {
	aggs := int64((cs.n+aggPage-1)/aggPage) * aggPage * int64(unsafe.Sizeof(agg{}))
	xs := int64((cs.nx+extraPage-1)/extraPage) * extraPage * int64(unsafe.Sizeof(extra{}))
	return aggs + xs + cs.text.size + int64(len(cs.table)+len(cs.xtable))*int64(unsafe.Sizeof(slot{})) + cs.spill.nameBytes
}

func (cs *Clusters) checkBudget() {
	if cs.spill.budget > 0 && cs.n >= max(cs.spill.minKeys, 1) && cs.mem() > cs.spill.budget {
		cs.spillRun()
	}
}

// spillRun writes the clusters in memory to a new run and empties the
// table. When writing fails, the run is dropped, the clusters stay in
// memory and the aggregation spills no more.
func (cs *Clusters) spillRun() {
	r, err := cs.writeRun(func(w *runWriter) error {
		for _, i := range cs.sorted() {
			if err := w.writeAgg(cs, cs.agg(int(i))); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		cs.spill.err, cs.spill.budget = err, 0
		return
	}
	cs.runs = append(cs.runs, r)
	runsSpilled.Add(1)
	cs.reset()
	if len(cs.runs) > cs.spill.maxRuns {
		// merge them all into one, in order: the merge's first run is
		// still the earliest rows'
		m, err := cs.writeRun(func(w *runWriter) error {
			return cs.merge(func(p *part) error { return w.writePart(cs, p) })
		})
		if err != nil {
			cs.spill.err, cs.spill.maxRuns = err, int(^uint(0)>>1) // keep the runs, merge them at the end
			return
		}
		cs.releaseRuns()
		cs.runs = []*run{m}
	}
}

// reset empties the table, keeping its memory for the next run.
func (cs *Clusters) reset() {
	cs.n, cs.nx = 0, 0
	clear(cs.table)
	clear(cs.xtable)
	cs.text.reset()
	clear(cs.names)
	cs.last = [2]lastRef{}
	cs.spill.nameBytes = 0
}

// run is a spilled file of partial clusters sorted by scheme and key.
type run struct {
	f       *os.File
	path    string // to remove when releasing ("" already removed)
	records int
}

func (r *run) release() {
	r.f.Close()
	if r.path != "" {
		os.Remove(r.path)
	}
}

func (cs *Clusters) releaseRuns() {
	for _, r := range cs.runs {
		r.release()
	}
	cs.runs = nil
}

// Release removes the run files of an aggregation that spilled (Each
// does once it has merged them; Release is for one ended without).
func (cs *Clusters) Release() { cs.releaseRuns() }

// writeRun makes a run of what fill writes.
func (cs *Clusters) writeRun(fill func(*runWriter) error) (*run, error) {
	f, err := os.CreateTemp(cs.spill.dir, "idlint-clusters-*.run")
	if err != nil {
		return nil, fmt.Errorf("clusters: spilling to disk: %w", err)
	}
	r := &run{f: f, path: f.Name()}
	if os.Remove(r.path) == nil {
		r.path = ""
	}
	w := &runWriter{w: bufio.NewWriterSize(f, 64<<10), names: map[string]uint64{}}
	err = fill(w)
	if err == nil {
		err = w.w.Flush()
	}
	if err == nil {
		_, err = f.Seek(0, io.SeekStart)
	}
	if err != nil {
		r.release()
		return nil, fmt.Errorf("clusters: spilling to %s: %w", f.Name(), err)
	}
	r.records = w.records
	return r, nil
}

// A run's record, all integers varints:
//
//	scheme (index into Clusters.schemes)
//	key: bytes shared with the previous record's key, then the rest (length, bytes)
//	profile, namespace, first source, first member (names)
//	first offset, line, column; count, invalid
//	variants, canonical spellings: count, then each (spelling, count)
//	sources: count, then each (name, count)
//
// A name is its index in the run's names plus one, or 0 followed by its
// text when it is new (it takes the next index); a spelling is 0 when it
// is the key, else its length plus one then its bytes.

type runWriter struct {
	w       *bufio.Writer
	buf     []byte
	key     []byte // the previous record's
	names   map[string]uint64
	records int
}

func (w *runWriter) uint(v uint64)  { w.buf = binary.AppendUvarint(w.buf, v) }
func (w *runWriter) int(v int64)    { w.buf = binary.AppendVarint(w.buf, v) }
func (w *runWriter) bytes(b []byte) { w.uint(uint64(len(b))); w.buf = append(w.buf, b...) }

func (w *runWriter) name(s string) {
	if i, ok := w.names[s]; ok {
		w.uint(i + 1)
		return
	}
	w.names[strings.Clone(s)] = uint64(len(w.names))
	w.uint(0)
	w.uint(uint64(len(s)))
	w.buf = append(w.buf, s...)
}

func (w *runWriter) spelling(s string, key []byte) {
	if s == string(key) {
		w.uint(0)
		return
	}
	w.uint(uint64(len(s)) + 1)
	w.buf = append(w.buf, s...)
}

func (w *runWriter) head(scheme uint32, key []byte) {
	w.buf = w.buf[:0]
	w.uint(uint64(scheme))
	n := 0
	for n < len(key) && n < len(w.key) && key[n] == w.key[n] {
		n++
	}
	w.uint(uint64(n))
	w.bytes(key[n:])
	w.key = append(w.key[:0], key...)
}

func (w *runWriter) end() error {
	w.records++
	_, err := w.w.Write(w.buf)
	return err
}

// writeAgg writes a of cs's table.
func (w *runWriter) writeAgg(cs *Clusters, a *agg) error {
	key := cs.text.bytes(a.key)
	w.head(a.scheme, key)
	w.name(cs.str(a.profile))
	w.name(cs.str(a.namespace))
	w.name(cs.str(a.firstSource))
	w.name(cs.str(a.firstMember))
	w.int(a.firstOffset)
	w.int(int64(a.firstLine))
	w.int(int64(a.firstColumn))
	w.uint(uint64(a.count))
	w.uint(uint64(a.invalid))
	for _, c := range []*counter{&a.variants, &a.canon} {
		w.uint(uint64(cs.distinct(c)))
		cs.each(c, func(s string, n int) {
			w.spelling(s, key)
			w.uint(uint64(n))
		})
	}
	w.uint(uint64(cs.distinct(&a.source)))
	cs.each(&a.source, func(s string, n int) {
		w.name(s)
		w.uint(uint64(n))
	})
	return w.end()
}

// writePart writes a merged partial cluster.
func (w *runWriter) writePart(cs *Clusters, p *part) error {
	w.head(p.scheme, p.key)
	w.name(p.profile)
	w.name(p.namespace)
	w.name(p.firstSource)
	w.name(p.firstMember)
	w.int(p.firstOffset)
	w.int(p.firstLine)
	w.int(p.firstColumn)
	w.uint(uint64(p.count))
	w.uint(uint64(p.invalid))
	for _, l := range [][]counted{p.variants, p.canon} {
		w.uint(uint64(len(l)))
		for _, v := range l {
			w.spelling(v.s, p.key)
			w.uint(uint64(v.n))
		}
	}
	w.uint(uint64(len(p.sources)))
	for _, v := range p.sources {
		w.name(v.s)
		w.uint(uint64(v.n))
	}
	return w.end()
}

// part is a cluster, partly aggregated, read back from a run.
type part struct {
	scheme                                       uint32
	key                                          []byte
	profile, namespace, firstSource, firstMember string
	firstOffset, firstLine, firstColumn          int64
	count, invalid                               int64
	variants, canon, sources                     []counted
}

type counted struct {
	s string
	n int64
}

// runReader reads a run's records in order.
type runReader struct {
	r     *bufio.Reader
	idx   int // the run's place, oldest first
	left  int
	names []string
	p     part
	err   error
}

var errRunCorrupt = errors.New("corrupt run file")

func (rr *runReader) uint() uint64 {
	v, err := binary.ReadUvarint(rr.r)
	if err != nil && rr.err == nil {
		rr.err = err
	}
	return v
}

func (rr *runReader) int() int64 {
	v, err := binary.ReadVarint(rr.r)
	if err != nil && rr.err == nil {
		rr.err = err
	}
	return v
}

// text reads n bytes (bounded: a corrupt length is an error, not an
// allocation of what it says).
func (rr *runReader) text(dst []byte, n uint64) []byte {
	if n > 1<<31 {
		if rr.err == nil {
			rr.err = errRunCorrupt
		}
		return dst
	}
	start := len(dst)
	dst = slices.Grow(dst, int(n))[:start+int(n)]
	if _, err := io.ReadFull(rr.r, dst[start:]); err != nil && rr.err == nil {
		rr.err = err
	}
	return dst
}

func (rr *runReader) name() string {
	i := rr.uint()
	if i == 0 {
		s := string(rr.text(nil, rr.uint()))
		rr.names = append(rr.names, s)
		return s
	}
	if i > uint64(len(rr.names)) {
		if rr.err == nil {
			rr.err = errRunCorrupt
		}
		return ""
	}
	return rr.names[i-1]
}

func (rr *runReader) spelling() string {
	n := rr.uint()
	if n == 0 {
		return string(rr.p.key)
	}
	return string(rr.text(nil, n-1))
}

func (rr *runReader) list(dst []counted, item func() string) []counted {
	n := rr.uint()
	for range n {
		if rr.err != nil {
			break
		}
		s := item()
		dst = append(dst, counted{s, int64(rr.uint())})
	}
	return dst
}

// next reads the next record into rr.p; false at the end or on an error
// (rr.err).
func (rr *runReader) next(schemes int) bool {
	if rr.left == 0 || rr.err != nil {
		return false
	}
	rr.left--
	p := &rr.p
	p.scheme = uint32(rr.uint())
	shared := rr.uint()
	if shared > uint64(len(p.key)) || int(p.scheme) >= schemes {
		rr.err = errRunCorrupt
		return false
	}
	p.key = rr.text(p.key[:shared], rr.uint())
	p.profile, p.namespace = rr.name(), rr.name()
	p.firstSource, p.firstMember = rr.name(), rr.name()
	p.firstOffset, p.firstLine, p.firstColumn = rr.int(), rr.int(), rr.int()
	p.count, p.invalid = int64(rr.uint()), int64(rr.uint())
	p.variants = rr.list(p.variants[:0], rr.spelling)
	p.canon = rr.list(p.canon[:0], rr.spelling)
	p.sources = rr.list(p.sources[:0], rr.name)
	return rr.err == nil
}

// readers is the runs being merged, a heap by (scheme, key, run).
type readers struct {
	rs      []*runReader
	schemes []string
}

func (h *readers) Len() int { return len(h.rs) }
func (h *readers) Less(i, j int) bool {
	x, y := &h.rs[i].p, &h.rs[j].p
	if x.scheme != y.scheme {
		return h.schemes[x.scheme] < h.schemes[y.scheme]
	}
	if c := bytes.Compare(x.key, y.key); c != 0 {
		return c < 0
	}
	return h.rs[i].idx < h.rs[j].idx
}
func (h *readers) Swap(i, j int) { h.rs[i], h.rs[j] = h.rs[j], h.rs[i] }
func (h *readers) Push(x any)    { h.rs = append(h.rs, x.(*runReader)) }
func (h *readers) Pop() any {
	x := h.rs[len(h.rs)-1]
	h.rs = h.rs[:len(h.rs)-1]
	return x
}

// merge calls fn with each key's partial clusters of all runs combined,
// in order of scheme and key; p is reused after fn returns.
func (cs *Clusters) merge(fn func(p *part) error) error {
	h := &readers{schemes: cs.schemes}
	for i, r := range cs.runs {
		if _, err := r.f.Seek(0, io.SeekStart); err != nil {
			return fmt.Errorf("clusters: reading a spilled run: %w", err)
		}
		rr := &runReader{r: bufio.NewReaderSize(r.f, 64<<10), idx: i, left: r.records}
		if rr.next(len(cs.schemes)) {
			h.rs = append(h.rs, rr)
		} else if rr.err != nil {
			return fmt.Errorf("clusters: reading a spilled run: %w", rr.err)
		}
	}
	heap.Init(h)
	var acc part
	var m combiner
	for h.Len() > 0 {
		top := h.rs[0]
		acc.copyFrom(&top.p)
		m.reset()
		// the same key in later runs: combined in run order, as the rows
		// came, so the first run's profile and namespace are kept
		for h.advance(top, len(cs.schemes)) {
			top = h.rs[0]
			if top.p.scheme != acc.scheme || !bytes.Equal(top.p.key, acc.key) {
				break
			}
			if m.n == 0 {
				m.start(&acc)
			}
			m.add(&acc, &top.p)
		}
		for _, rr := range h.rs {
			if rr.err != nil {
				return fmt.Errorf("clusters: reading a spilled run: %w", rr.err)
			}
		}
		if m.n > 0 {
			m.end(&acc)
		}
		if err := fn(&acc); err != nil {
			return err
		}
	}
	return nil
}

// advance moves the heap's top, rr, to its next record (or drops it);
// false when the heap is empty.
func (h *readers) advance(rr *runReader, schemes int) bool {
	if rr.next(schemes) {
		heap.Fix(h, 0)
	} else {
		heap.Pop(h)
		if rr.err != nil {
			h.rs = append(h.rs, rr) // seen by the caller
			return false
		}
	}
	return h.Len() > 0
}

func (p *part) copyFrom(q *part) {
	p.scheme = q.scheme
	p.key = append(p.key[:0], q.key...)
	p.profile, p.namespace, p.firstSource, p.firstMember = q.profile, q.namespace, q.firstSource, q.firstMember
	p.firstOffset, p.firstLine, p.firstColumn = q.firstOffset, q.firstLine, q.firstColumn
	p.count, p.invalid = q.count, q.invalid
	p.variants = append(p.variants[:0], q.variants...)
	p.canon = append(p.canon[:0], q.canon...)
	p.sources = append(p.sources[:0], q.sources...)
}

// combiner adds up the counted lists of a key found in several runs.
type combiner struct {
	n                        int
	variants, canon, sources map[string]int64
}

func (m *combiner) reset() { m.n = 0 }

func (m *combiner) start(acc *part) {
	m.n = 1
	m.variants = fill(m.variants, acc.variants)
	m.canon = fill(m.canon, acc.canon)
	m.sources = fill(m.sources, acc.sources)
}

func fill(m map[string]int64, l []counted) map[string]int64 {
	if m == nil {
		m = map[string]int64{}
	}
	clear(m)
	for _, c := range l {
		m[c.s] += c.n
	}
	return m
}

func (m *combiner) add(acc, p *part) {
	m.n++
	// the smallest (source, member, offset) is the first; ties: the
	// earlier run's, as the table keeps the first seen
	if p.firstSource != acc.firstSource && p.firstSource < acc.firstSource ||
		p.firstSource == acc.firstSource && (p.firstMember < acc.firstMember ||
			p.firstMember == acc.firstMember && p.firstOffset < acc.firstOffset) {
		acc.firstSource, acc.firstMember = p.firstSource, p.firstMember
		acc.firstOffset, acc.firstLine, acc.firstColumn = p.firstOffset, p.firstLine, p.firstColumn
	}
	acc.count += p.count
	acc.invalid += p.invalid
	for _, c := range p.variants {
		m.variants[c.s] += c.n
	}
	for _, c := range p.canon {
		m.canon[c.s] += c.n
	}
	for _, c := range p.sources {
		m.sources[c.s] += c.n
	}
}

func (m *combiner) end(acc *part) {
	acc.variants = list(acc.variants[:0], m.variants)
	acc.canon = list(acc.canon[:0], m.canon)
	acc.sources = list(acc.sources[:0], m.sources)
}

// list is m's entries, sorted so that a run written from them does not
// depend on the map's order.
func list(dst []counted, m map[string]int64) []counted {
	for s, n := range m {
		dst = append(dst, counted{s, n})
	}
	slices.SortFunc(dst, func(x, y counted) int { return strings.Compare(x.s, y.s) })
	return dst
}

// spilledLen is the number of clusters of a spilled aggregation: a merge
// that only counts, made once.
func (cs *Clusters) spilledLen() int {
	if cs.spill.count < 0 && !cs.listed {
		if err := cs.spillTail(); err != nil {
			return cs.n
		}
		n := 0
		if cs.merge(func(*part) error { n++; return nil }) == nil {
			cs.spill.count = n
		}
	}
	return max(cs.spill.count, 0)
}

// spillTail writes what is still in memory as the last run, so that the
// merge has runs only.
func (cs *Clusters) spillTail() error {
	if cs.n == 0 {
		return nil
	}
	cs.spillRun()
	return cs.spill.err
}

// eachSpilled is Each of a spilled aggregation: the runs merged, then
// removed.
func (cs *Clusters) eachSpilled(fn func(*Cluster) error) error {
	if cs.listed {
		return errors.New("clusters: a spilled aggregation can be listed once")
	}
	if err := cs.spillTail(); err != nil {
		return err
	}
	defer func() {
		cs.releaseRuns()
		cs.listed = true
	}()
	var c Cluster
	checkers := map[string]rules.Checker{}
	n := 0
	err := cs.merge(func(p *part) error {
		n++
		c = Cluster{
			Scheme: cs.schemes[p.scheme], Profile: p.profile, Key: string(p.key), Namespace: p.namespace,
			OccurrenceCount: int(p.count), InvalidCount: int(p.invalid), Valid: p.invalid == 0,
			SourceCount: len(p.sources),
			FirstSource: p.firstSource, FirstMember: p.firstMember,
			FirstOffset: p.firstOffset, FirstLine: int(p.firstLine), FirstColumn: int(p.firstColumn),
			Variants: c.Variants[:0],
		}
		for _, v := range p.variants {
			c.Variants = append(c.Variants, Variant{v.s, int(v.n)})
		}
		bestN := int64(-1)
		for _, v := range p.canon {
			if v.n > bestN || v.n == bestN && v.s < c.Canonical {
				c.Canonical, bestN = v.s, v.n
			}
		}
		finishCluster(&c, checkers)
		return fn(&c)
	})
	if err == nil {
		cs.spill.count = n
	}
	return err
}
