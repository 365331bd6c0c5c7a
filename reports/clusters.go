// Package reports holds the sinks that turn occurrences into output — text,
// JSON Lines, JSON, linter lines — and the aggregation of occurrences into
// equivalence clusters.
package reports

import (
	"sort"

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

	variants  map[string]int
	canonical map[string]int
	sources   map[string]struct{}
}

// Clusters aggregates occurrences by (scheme, key). Memory grows with the
// number of distinct keys and spellings, not with occurrences: about
// 300 bytes per key plus the text of each distinct raw form and source.
type Clusters struct {
	byKey map[string]*Cluster
}

// NewClusters returns an empty aggregation.
func NewClusters() *Clusters { return &Clusters{byKey: map[string]*Cluster{}} }

// Add counts one occurrence.
func (cs *Clusters) Add(o *lint.Occurrence) {
	if o.Kind != "" {
		return // look-alikes never join clusters
	}
	cs.AddRow(Row{
		Scheme: o.Scheme, Profile: o.Profile, Key: o.Key, Namespace: o.Namespace,
		Raw: o.Raw, Canonical: o.Canonical, Valid: o.Valid(),
		Source: o.Source, Member: o.Member, Offset: o.Offset, Line: o.Line, Column: o.Column,
	})
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
	k := o.Scheme + "\x00" + o.Key
	c := cs.byKey[k]
	if c == nil {
		c = &Cluster{
			Scheme: o.Scheme, Profile: o.Profile, Key: o.Key, Namespace: o.Namespace,
			FirstSource: o.Source, FirstMember: o.Member, FirstOffset: o.Offset,
			FirstLine: o.Line, FirstColumn: o.Column,
			variants: map[string]int{}, canonical: map[string]int{}, sources: map[string]struct{}{},
		}
		cs.byKey[k] = c
	} else if before(o.Source, o.Member, o.Offset, c.FirstSource, c.FirstMember, c.FirstOffset) {
		c.FirstSource, c.FirstMember, c.FirstOffset, c.FirstLine, c.FirstColumn = o.Source, o.Member, o.Offset, o.Line, o.Column
	}
	c.OccurrenceCount++
	if !o.Valid {
		c.InvalidCount++
	}
	c.variants[o.Raw]++
	c.canonical[o.Canonical]++
	c.sources[o.Source] = struct{}{}
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
func (cs *Clusters) Len() int { return len(cs.byKey) }

// List returns the clusters sorted by scheme and key, variants by count
// (then text), canonical = the most frequent canonical spelling.
func (cs *Clusters) List() []*Cluster {
	out := make([]*Cluster, 0, len(cs.byKey))
	for _, c := range cs.byKey {
		c.Valid = c.InvalidCount == 0
		c.SourceCount = len(c.sources)
		c.Variants = c.Variants[:0]
		for raw, n := range c.variants {
			c.Variants = append(c.Variants, Variant{raw, n})
		}
		sort.Slice(c.Variants, func(i, j int) bool {
			a, b := c.Variants[i], c.Variants[j]
			if a.Count != b.Count {
				return a.Count > b.Count
			}
			return a.Raw < b.Raw
		})
		best, bestN := "", -1
		for s, n := range c.canonical {
			if n > bestN || n == bestN && s < best {
				best, bestN = s, n
			}
		}
		c.Canonical = best
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Scheme != out[j].Scheme {
			return out[i].Scheme < out[j].Scheme
		}
		return out[i].Key < out[j].Key
	})
	return out
}
