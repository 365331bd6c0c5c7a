package reports

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/rules"
)

func occ(t *testing.T, e *lint.Engine, source, raw string) *lint.Occurrence {
	t.Helper()
	o, err := e.Check("urn", raw)
	if err != nil {
		t.Fatal(err)
	}
	o.Source = source
	return &o
}

// rfc8141 §3.2: the first six examples form one cluster, %-encoded ones another.
func TestClusters(t *testing.T) {
	e, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	cs := NewClusters()
	for i, raw := range []string{"urn:example:a123,z456", "URN:example:a123,z456", "urn:EXAMPLE:a123,z456",
		"urn:example:a123,z456?+abc", "urn:example:a123,z456?=xyz", "urn:example:a123,z456#789",
		"urn:example:a123%2Cz456", "URN:EXAMPLE:a123%2cz456", "urn:example:a123,z456"} {
		cs.Add(occ(t, e, []string{"a.txt", "b.txt"}[i%2], raw))
	}
	cs.Add(&lint.Occurrence{Scheme: "urn", Raw: "urn:example:x", Key: "urn:example:x", Kind: "prose-label"})
	list := cs.List()
	if len(list) != 2 {
		t.Fatalf("%d clusters, want 2 (look-alikes excluded)", len(list))
	}
	a, b := list[0], list[1] // sorted by key: "%2C" < ","
	if a.Key != "urn:example:a123%2Cz456" || a.OccurrenceCount != 2 || len(a.Variants) != 2 {
		t.Errorf("percent cluster: %+v", a)
	}
	if b.Key != "urn:example:a123,z456" || b.OccurrenceCount != 7 || b.SourceCount != 2 || !b.Valid || b.InvalidCount != 0 {
		t.Errorf("plain cluster: %+v", b)
	}
	if b.Variants[0] != (Variant{"urn:example:a123,z456", 2}) || b.Canonical != "urn:example:a123,z456" {
		t.Errorf("variants ordered by count then text, canonical the most frequent: %+v %q", b.Variants, b.Canonical)
	}
	if b.FirstSource != "a.txt" {
		t.Errorf("first source %q", b.FirstSource)
	}
}

func TestClusterInvalidCount(t *testing.T) {
	e, _ := lint.New(lint.Config{})
	cs := NewClusters()
	cs.Add(occ(t, e, "a", "urn:example:a%zz"))
	cs.Add(occ(t, e, "a", "URN:example:a%zz"))
	c := cs.List()[0]
	if c.Valid || c.InvalidCount != 2 || c.OccurrenceCount != 2 {
		t.Errorf("rfc8141 §2 bad escape: cluster %+v", c)
	}
	_ = rules.Error
}

// Aggregating on a goroutine of its own gives the same clusters, whatever
// the number of rows against its batches (none, fewer than one batch, a
// batch exactly, several), with the occurrence reused after each Add as
// a scan's batches are; Wait may be called twice.
func TestBackgroundEqualsClusters(t *testing.T) {
	e, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 1, backgroundBatch - 1, backgroundBatch, 5*backgroundBatch + 3} {
		cs, bg := NewClusters(), NewBackground()
		var reused lint.Occurrence
		for i := range n {
			o := occ(t, e, []string{"a.txt", "b.txt", "c.txt"}[i%3], []string{"urn:example:k", "URN:example:K", "urn:x:%2c"}[i%3]+string(rune('a'+i%7)))
			o.Offset, o.Line = int64(n-i), i
			cs.Add(o)
			reused = *o
			bg.Add(&reused)
			reused = lint.Occurrence{Raw: "overwritten"}
		}
		got, want := bg.Wait().List(), cs.List()
		if len(got) != len(want) {
			t.Fatalf("%d rows: %d clusters, want %d", n, len(got), len(want))
		}
		for i := range got {
			if fmt.Sprint(*got[i]) != fmt.Sprint(*want[i]) {
				t.Errorf("%d rows, cluster %d: %+v, want %+v", n, i, *got[i], *want[i])
			}
		}
		if bg.Wait().Len() != len(want) {
			t.Errorf("a second Wait lost the clusters")
		}
	}
}

// BenchmarkClustersManyKeys aggregates 2 M rows over 100,000 keys, each
// row's strings allocated apart as a scan's are (a --report of a large
// corpus; the map's cache misses dominate).
func BenchmarkClustersManyKeys(b *testing.B) {
	const rows, keys = 1 << 21, 100_000
	r := rand.New(rand.NewSource(1))
	in := make([]Row, rows)
	for i := range in {
		k := r.Intn(keys)
		key := fmt.Sprintf("urn:example:item-%d", k)
		in[i] = Row{Scheme: "urn", Profile: "rfc8141", Key: key, Namespace: "example",
			Raw: strings.Clone(key), Canonical: strings.Clone(key), Valid: true,
			Source: "corpus.txt", Offset: int64(i) * 40, Line: i + 1, Column: 6}
	}
	b.ResetTimer()
	for b.Loop() {
		cs := NewClusters()
		for i := range in {
			cs.AddRow(in[i])
		}
		if cs.Len() == 0 {
			b.Fatal("no clusters")
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*rows), "ns/row")
}
