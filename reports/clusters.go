// Package reports holds the sinks that turn occurrences into output — text,
// JSON Lines, JSON, SARIF, linter lines, progress — and the aggregation of
// occurrences into equivalence clusters.
package reports

import (
	"slices"
	"sort"
	"strings"

	"github.com/idlint/idlint/lint"
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
}

// counter counts distinct strings; the first one is kept inline, a map is
// made only when a second appears — most clusters have one spelling and
// one source, and a map per cluster would dominate memory and GC time.
type counter struct {
	first string
	n     int
	more  map[string]int
}

func (c *counter) add(s string) {
	switch {
	case c.n == 0 || s == c.first:
		c.first = s
		c.n++
	default:
		if c.more == nil {
			c.more = map[string]int{}
		}
		c.more[s]++
	}
}

func (c *counter) distinct() int { return min(c.n, 1) + len(c.more) }

func (c *counter) each(fn func(s string, n int)) {
	if c.n > 0 {
		fn(c.first, c.n)
	}
	for s, n := range c.more {
		fn(s, n)
	}
}

// agg is one cluster being aggregated.
type agg struct {
	key                      string // the map's own key string
	profile, namespace       string
	firstSource, firstMember string
	firstOffset              int64
	firstLine, firstColumn   int32
	count, invalid           int
	variants, canon, source  counter
}

// Clusters aggregates occurrences by (scheme, key). Memory grows with the
// number of distinct keys and spellings, not with occurrences: about
// 250 bytes per key (plus the key's text) while a key has one spelling and
// one source, a small map more when it has several.
type Clusters struct {
	// one map per scheme (there are four), keyed by the key alone: a
	// string-keyed map compares lengths and the keys' ends before their
	// bytes, and hashes one string, where a (scheme, key) struct key
	// hashed and compared two (measured: BenchmarkClustersManyKeys)
	schemes []schemeClusters
	n       int
}

type schemeClusters struct {
	scheme string
	byKey  map[string]*agg
}

// NewClusters returns an empty aggregation.
func NewClusters() *Clusters { return &Clusters{} }

// of returns the clusters of scheme.
func (cs *Clusters) of(scheme string) map[string]*agg {
	for i := range cs.schemes {
		if cs.schemes[i].scheme == scheme {
			return cs.schemes[i].byKey
		}
	}
	m := map[string]*agg{}
	cs.schemes = append(cs.schemes, schemeClusters{scheme, m})
	return m
}

// Add counts one occurrence.
func (cs *Clusters) Add(o *lint.Occurrence) {
	if o.Kind != "" {
		return // look-alikes never join clusters
	}
	cs.AddRow(rowOf(o))
}

func rowOf(o *lint.Occurrence) Row {
	return Row{
		Scheme: o.Scheme, Profile: o.Profile, Key: o.Key, Namespace: o.Namespace,
		Raw: o.Raw, Canonical: o.Canonical, Valid: o.Valid(),
		Source: o.Source, Member: o.Member, Offset: o.Offset, Line: o.Line, Column: o.Column,
	}
}

// Row is what aggregation needs of an occurrence (a merge reads it back
// from occurrences.parquet).
type Row struct {
	Scheme, Profile, Key, Namespace, Raw, Canonical string
	Valid                                           bool
	Source, Member                                  string
	Offset                                          int64
	Line, Column                                    int
}

// AddRow counts one occurrence. The result does not depend on the order
// rows arrive in, so sharded runs merge to exactly a single run's clusters:
// "first" is the smallest (source, member, offset), not the first seen.
func (cs *Clusters) AddRow(o Row) {
	m := cs.of(o.Scheme)
	a := m[o.Key]
	if a == nil || before(o.Source, o.Member, o.Offset, a.firstSource, a.firstMember, a.firstOffset) {
		if a == nil {
			a = &agg{key: o.Key, profile: o.Profile, namespace: o.Namespace}
			m[o.Key] = a
			cs.n++
		}
		a.firstSource, a.firstMember, a.firstOffset = o.Source, o.Member, o.Offset
		a.firstLine, a.firstColumn = int32(o.Line), int32(o.Column)
	}
	a.count++
	if !o.Valid {
		a.invalid++
	}
	// A spelling equal to the key is counted as the key's own string: the
	// map lookup has just read its bytes, and the counter's comparison
	// with its first spelling is then one of pointers, not another cache
	// miss (most identifiers are spelled as their key).
	raw, canon := o.Raw, o.Canonical
	if raw == a.key {
		raw = a.key
	}
	if canon == a.key {
		canon = a.key
	}
	a.variants.add(raw)
	a.canon.add(canon)
	a.source.add(o.Source)
}

func before(s1, m1 string, o1 int64, s2, m2 string, o2 int64) bool {
	if s1 != s2 {
		return s1 < s2
	}
	if m1 != m2 {
		return m1 < m2
	}
	return o1 < o2
}

// Len is the number of clusters.
func (cs *Clusters) Len() int { return cs.n }

// List returns the clusters sorted by scheme and key (see Each).
func (cs *Clusters) List() []*Cluster {
	out := make([]*Cluster, 0, cs.n)
	cs.Each(func(c *Cluster) error {
		cc := *c
		out = append(out, &cc)
		return nil
	})
	return out
}

// Each calls fn for every cluster, sorted by scheme and key, building one
// Cluster at a time (fn must not keep it): variants by count then text,
// canonical = the most frequent canonical spelling (ties: the smallest).
func (cs *Clusters) Each(fn func(*Cluster) error) error {
	schemes := slices.Clone(cs.schemes)
	slices.SortFunc(schemes, func(x, y schemeClusters) int { return strings.Compare(x.scheme, y.scheme) })
	for _, sc := range schemes {
		if err := each(sc, fn); err != nil {
			return err
		}
	}
	return nil
}

func each(sc schemeClusters, fn func(*Cluster) error) error {
	aggs := make([]*agg, 0, len(sc.byKey))
	for _, a := range sc.byKey {
		aggs = append(aggs, a)
	}
	slices.SortFunc(aggs, func(x, y *agg) int { return strings.Compare(x.key, y.key) })
	for _, a := range aggs {
		c := &Cluster{
			Scheme: sc.scheme, Profile: a.profile, Key: a.key, Namespace: a.namespace,
			OccurrenceCount: a.count, InvalidCount: a.invalid, Valid: a.invalid == 0,
			SourceCount: a.source.distinct(),
			FirstSource: a.firstSource, FirstMember: a.firstMember, FirstOffset: a.firstOffset,
			FirstLine: int(a.firstLine), FirstColumn: int(a.firstColumn),
			Variants: make([]Variant, 0, a.variants.distinct()),
		}
		a.variants.each(func(s string, n int) { c.Variants = append(c.Variants, Variant{s, n}) })
		if len(c.Variants) > 1 {
			sort.Slice(c.Variants, func(i, j int) bool {
				x, y := c.Variants[i], c.Variants[j]
				if x.Count != y.Count {
					return x.Count > y.Count
				}
				return x.Raw < y.Raw
			})
		}
		bestN := -1
		a.canon.each(func(s string, n int) {
			if n > bestN || n == bestN && s < c.Canonical {
				c.Canonical, bestN = s, n
			}
		})
		if err := fn(c); err != nil {
			return err
		}
	}
	return nil
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
	for range backgroundDepth + 1 {
		b.free <- make([]Row, 0, backgroundBatch)
	}
	b.batch = <-b.free
	go func(cs *Clusters, full <-chan []Row, free chan<- []Row, done chan<- struct{}) {
		defer close(done)
		for rows := range full {
			for i := range rows {
				cs.AddRow(rows[i])
			}
			clear(rows) // drop the strings for the collector
			free <- rows[:0]
		}
	}(b.cs, b.full, b.free, b.done)
	return b
}

// Add counts one occurrence (see Clusters.Add); o may be reused once Add
// returns.
func (b *Background) Add(o *lint.Occurrence) {
	if o.Kind != "" {
		return
	}
	b.batch = append(b.batch, rowOf(o))
	if len(b.batch) == backgroundBatch {
		b.full <- b.batch
		b.batch = <-b.free
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
