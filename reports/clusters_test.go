package reports

import (
	"bytes"
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"sort"
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
	for _, batch := range []int{1, backgroundBatch} {
		b.Run(fmt.Sprintf("batch=%d", batch), func(b *testing.B) {
			for b.Loop() {
				cs := NewClusters()
				for i := 0; i < len(in); i += batch {
					if batch == 1 {
						cs.AddRow(in[i])
					} else {
						cs.AddRows(in[i:min(i+batch, len(in))])
					}
				}
				if cs.Len() == 0 {
					b.Fatal("no clusters")
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*rows), "ns/row")
		})
	}
}

// BenchmarkClustersMemoIDs is BenchmarkClustersManyKeys' rows as a dense
// scan at -j 1 and -j 2 hands them over (issue 25): each text named by
// one or two memos' IDs, one spelling in eight upper-case.
func BenchmarkClustersMemoIDs(b *testing.B) {
	const rows, keys = 1 << 21, 100_000
	for _, memos := range []int{1, 2} {
		r := rand.New(rand.NewSource(1))
		in := make([]Row, rows)
		for i := range in {
			k, upper, memo := r.Intn(keys), r.Intn(8) == 0, r.Intn(memos)
			key := fmt.Sprintf("urn:example:item-%d", k)
			raw, text := strings.Clone(key), uint64(2*k)
			if upper {
				raw, text = strings.ToUpper(key), text+1
			}
			in[i] = Row{Scheme: "urn", Profile: "rfc8141", Key: key, Namespace: "example",
				Raw: raw, Canonical: strings.Clone(key), Valid: true,
				Source: "corpus.txt", Offset: int64(i) * 40, Line: i + 1, Column: 6,
				MemoID: uint64(memo+1)<<32 | text}
		}
		b.Run(fmt.Sprintf("memos=%d", memos), func(b *testing.B) {
			for b.Loop() {
				cs := NewClusters()
				for i := 0; i < len(in); i += backgroundBatch {
					cs.AddRows(in[i:min(i+backgroundBatch, len(in))])
				}
				if cs.Len() != keys {
					b.Fatalf("%d clusters", cs.Len())
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*rows), "ns/row")
		})
	}
}

// naiveClusters is the aggregation as reports/SCHEMA.md states it, written
// the plain way: rows grouped by (scheme, key); variants and canonical
// spellings counted; the first occurrence the smallest (source, member,
// offset); sources distinct.
func naiveClusters(rows []Row) []Cluster {
	type id struct{ scheme, key string }
	groups := map[id][]Row{}
	for _, r := range rows {
		k := id{r.Scheme, r.Key}
		groups[k] = append(groups[k], r)
	}
	var out []Cluster
	for k, g := range groups {
		c := Cluster{Scheme: k.scheme, Key: k.key, Profile: g[0].Profile, Namespace: g[0].Namespace,
			OccurrenceCount: len(g), Valid: true}
		variants, canon, sources := map[string]int{}, map[string]int{}, map[string]bool{}
		first := g[0]
		for _, r := range g {
			variants[r.Raw]++
			canon[r.Canonical]++
			sources[r.Source] = true
			if !r.Valid {
				c.InvalidCount++
				c.Valid = false
			}
			if r.Source < first.Source || r.Source == first.Source && (r.Member < first.Member || r.Member == first.Member && r.Offset < first.Offset) {
				first = r
			}
		}
		c.FirstSource, c.FirstMember, c.FirstOffset, c.FirstLine, c.FirstColumn = first.Source, first.Member, first.Offset, first.Line, first.Column
		c.SourceCount = len(sources)
		c.Variants = []Variant{}
		for raw, n := range variants {
			c.Variants = append(c.Variants, Variant{raw, n})
		}
		sort.Slice(c.Variants, func(i, j int) bool {
			x, y := c.Variants[i], c.Variants[j]
			return x.Count > y.Count || x.Count == y.Count && x.Raw < y.Raw
		})
		best := -1
		for s, n := range canon {
			if n > best || n == best && s < c.Canonical {
				c.Canonical, best = s, n
			}
		}
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		return out[i].Scheme < out[j].Scheme || out[i].Scheme == out[j].Scheme && out[i].Key < out[j].Key
	})
	return out
}

// The aggregation equals the plain one on random rows — four schemes, keys
// that differ only in scheme, empty strings, keys longer than a text chunk,
// several spellings, sources and members, repeated offsets — whatever the
// order of the rows (reports/SCHEMA.md: "first" is order-independent),
// one at a time or in batches, and past several growths of its table.
func TestClustersEqualNaive(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	rows := randomRows(r)
	want := naiveClusters(rows)
	for round := range 4 {
		cs := NewClusters()
		if round%2 == 0 {
			for _, row := range rows {
				cs.AddRow(row)
			}
		} else { // AddRows, in batches of 1 to 700 rows
			for i := 0; i < len(rows); {
				n := min(1+r.Intn(700), len(rows)-i)
				cs.AddRows(rows[i : i+n])
				i += n
			}
		}
		got := cs.List()
		if len(got) != len(want) || cs.Len() != len(want) {
			t.Fatalf("round %d: %d clusters (Len %d), want %d", round, len(got), cs.Len(), len(want))
		}
		for i := range want {
			if !reflect.DeepEqual(*got[i], want[i]) {
				t.Fatalf("round %d, cluster %d:\n got %+v\nwant %+v", round, i, *got[i], want[i])
			}
		}
		r.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
	}
}

// issue 25 (-j 2): rows counted by their MemoID (Clusters.ids: no hashing
// or comparing of a text seen before) give the clusters the text gives —
// the plain model's — whatever the order, one at a time or in batches,
// with IDs from several memos for one text, IDs crowding the direct-mapped
// slots, and spilling (the IDs of spilled aggs forgotten, their table
// bounded by the budget).
func TestClustersMemoIDEqualsText(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	rows := randomRows(r)
	// an ID per text and memo: three memos (generations) name the texts
	type text struct{ scheme, profile, key, ns, raw, canon string }
	ids := map[text]map[int]uint64{}
	var n uint64
	for i := range rows {
		x := &rows[i]
		tx := text{x.Scheme, x.Profile, x.Key, x.Namespace, x.Raw, x.Canonical}
		memo := r.Intn(3)
		if ids[tx] == nil {
			ids[tx] = map[int]uint64{}
		}
		if ids[tx][memo] == 0 {
			n++
			ids[tx][memo] = uint64(memo+1)<<32 | n
		}
		x.MemoID = ids[tx][memo]
	}
	want := naiveClusters(rows)
	for round, tc := range []struct {
		name  string
		spill int64 // budget; 0: never
		batch bool
	}{{"row", 0, false}, {"rows", 0, true}, {"row, spilled", 1, false}, {"rows, spilled", 1, true}, {"rows shuffled", 0, true}} {
		SetClusterSpill(tc.spill, t.TempDir())
		cs := NewClusters()
		SetClusterSpill(DefaultClusterBudget, "")
		cs.spill.minKeys = 500
		if tc.batch {
			for i := 0; i < len(rows); {
				n := min(1+r.Intn(700), len(rows)-i)
				cs.AddRows(rows[i : i+n])
				i += n
			}
		} else {
			for _, row := range rows {
				cs.AddRow(row)
			}
		}
		if len(cs.ids) == 0 && tc.spill == 0 {
			t.Fatalf("%s: no ID remembered", tc.name)
		}
		if tc.spill > 0 && cs.Runs() < 2 {
			t.Fatalf("%s: %d runs, the budget did not make it spill", tc.name, cs.Runs())
		}
		if tc.spill > 0 && len(cs.ids) > 4096 {
			t.Errorf("%s: %d ID slots past a budget of %d bytes", tc.name, len(cs.ids), tc.spill)
		}
		got := cs.List()
		if len(got) != len(want) {
			t.Fatalf("%s: %d clusters, want %d", tc.name, len(got), len(want))
		}
		for i := range want {
			if !reflect.DeepEqual(*got[i], want[i]) {
				t.Fatalf("%s (round %d), cluster %d:\n got %+v\nwant %+v", tc.name, round, i, *got[i], want[i])
			}
		}
		r.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
	}
}

// randomRows is TestClustersEqualNaive's rows.
func randomRows(r *rand.Rand) []Row {
	schemes := []string{"urn", "xri", "lid", "go"}
	keys := make([]string, 3000)
	for i := range keys {
		keys[i] = fmt.Sprintf("%s:k%d", schemes[i%4], r.Intn(2000))
	}
	keys[0], keys[1] = "", strings.Repeat("urn:long:", textChunk/9+5)
	sources := []string{"", "a.txt", "b/c.warc.gz", "b/c.warc.gz", strings.Repeat("d", 300)}
	members := []string{"", "m1", "m2"}
	var rows []Row
	for range 40000 {
		i := r.Intn(len(keys))
		if i < 2 && r.Intn(50) != 0 {
			i += 2 // the two odd keys now and then
		}
		key := keys[i]
		sp := []string{key, strings.ToUpper(key), key + "?", "x" + key}
		rows = append(rows, Row{
			Scheme: schemes[r.Intn(4)], Key: key, Profile: "p" + key[:min(len(key), 3)], Namespace: "n" + key[:min(len(key), 5)],
			Raw: sp[r.Intn(4)], Canonical: sp[r.Intn(2)], Valid: r.Intn(10) != 0,
			Source: sources[r.Intn(len(sources))], Member: members[r.Intn(len(members))],
			Offset: int64(r.Intn(100)),
		})
	}
	// the same (scheme, key) must carry one profile and namespace (a run's
	// profile is per scheme); the naive model takes the first row's
	for i := range rows {
		rows[i].Profile += rows[i].Scheme
		rows[i].Namespace += rows[i].Scheme
		// rows at one position are at one line and column (ties for first)
		rows[i].Line, rows[i].Column = int(rows[i].Offset)*7+len(rows[i].Member), len(rows[i].Source)%80
	}
	return rows
}

// What the clusters keep grows with distinct strings, not with rows,
// whatever their order: two sources alternating row by row are stored
// once each, as two sources one after the other are.
func TestClustersTextBounded(t *testing.T) {
	for _, tc := range []struct {
		name   string
		source func(i int) string
	}{
		{"grouped", func(i int) string { return []string{"a/", "b/"}[i*2/200000] + strings.Repeat("x", 200) }},
		{"alternating", func(i int) string { return []string{"a/", "b/"}[i%2] + strings.Repeat("x", 200) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cs := NewClusters()
			var rows []Row
			for i := range 200000 {
				k := fmt.Sprintf("urn:k:%d", i%100)
				rows = append(rows, Row{Scheme: "urn", Key: k, Raw: k, Canonical: k, Source: tc.source(i), Offset: int64(i)})
				if len(rows) == backgroundBatch {
					cs.AddRows(rows)
					rows = rows[:0]
				}
			}
			cs.AddRows(rows)
			n := 0
			for _, c := range cs.text.chunks {
				n += len(c)
			}
			if n > 4096 {
				t.Errorf("%d clusters, 2 sources: %d bytes of text kept", cs.Len(), n)
			}
		})
	}
}

// Any number of schemes (a merge reads what its files hold; lint has four).
func TestClustersManySchemes(t *testing.T) {
	cs := NewClusters()
	for i := range 300 {
		for _, k := range []string{"k", "l"} {
			cs.AddRow(Row{Scheme: fmt.Sprint("s", i), Key: k, Raw: k, Canonical: k})
		}
	}
	list := cs.List()
	if len(list) != 600 || list[0].Scheme != "s0" || list[1].Key != "l" || list[599].Scheme != "s99" {
		t.Fatalf("%d clusters: first %+v, last %+v", len(list), list[0], list[len(list)-1])
	}
}

// BenchmarkClustersManySources: 100,000 keys each in 17 sources, rows in
// input order (source by source, keys shuffled in each), as a scan of 17
// files that cite the same identifiers delivers them; or grouped by key.
func BenchmarkClustersManySources(b *testing.B) {
	const keys, sources = 100_000, 17
	r := rand.New(rand.NewSource(1))
	names := make([]string, keys)
	for k := range names {
		names[k] = fmt.Sprintf("urn:example:item-%d", k)
	}
	var bySource []Row
	for s := range sources {
		src := fmt.Sprintf("crawl/part-%02d.warc.gz", s)
		for _, k := range r.Perm(keys) {
			bySource = append(bySource, Row{Scheme: "urn", Key: names[k], Raw: names[k], Canonical: names[k], Valid: true, Source: src, Offset: int64(k)})
		}
	}
	byKey := slices.Clone(bySource)
	slices.SortStableFunc(byKey, func(x, y Row) int { return strings.Compare(x.Key, y.Key) })
	for _, tc := range []struct {
		name string
		rows []Row
	}{{"source-order", bySource}, {"key-order", byKey}} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				cs := NewClusters()
				for i := 0; i < len(tc.rows); i += backgroundBatch {
					cs.AddRows(tc.rows[i:min(i+backgroundBatch, len(tc.rows))])
				}
				if cs.Len() != keys {
					b.Fatal(cs.Len())
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(tc.rows)), "ns/row")
		})
	}
}

// issue 25: sorted orders clusters by scheme name, then key byte by byte,
// as bytes.Compare does — 8 bytes at a time, so the cases are keys that
// end inside or at the end of a word, hold zero bytes (the padding's
// value), share words past sortDepth, and schemes added out of order.
func TestSortedOrder(t *testing.T) {
	long := strings.Repeat("urn:ab:c", 12) // 96 bytes shared, past sortDepth
	r := rand.New(rand.NewSource(25))
	cases := []struct {
		name string
		rows [][2]string // scheme, key
	}{
		{"prefixes and zero bytes", [][2]string{{"urn", "urn:a"}, {"urn", "urn:a\x00"}, {"urn", "urn:a\x00\x00\x00\x00"}, {"urn", "urn:"},
			{"urn", "urn:uuid"}, {"urn", "urn:uuid:"}, {"urn", "urn:uuid\x00"}, {"urn", "urn:uuid:0"}, {"urn", "urn:uuia:ffffffff"}, {"urn", ""}, {"urn", "\xff"}}},
		{"schemes out of order", [][2]string{{"xri", "=a"}, {"urn", "urn:a"}, {"lid", "lid:x"}, {"go", "go:a"}, {"urn", "urn:0"}, {"go", "go:"}, {"xri", "@b"}}},
		{"past sortDepth", [][2]string{{"urn", long + "b"}, {"urn", long}, {"urn", long + "a"}, {"urn", long + "a\x00"}, {"urn", long[:64]}, {"urn", long[:65]}, {"urn", long[:63] + "z"}}},
	}
	var random [][2]string
	for range 5000 { // keys of a few shapes over a small alphabet: many shared words
		k := []byte("urn:x:")
		for range r.Intn(30) {
			k = append(k, "ab\x00:"[r.Intn(4)])
		}
		random = append(random, [2]string{[]string{"urn", "go"}[r.Intn(2)], string(k)})
	}
	cases = append(cases, struct {
		name string
		rows [][2]string
	}{"random", random})
	for _, tc := range cases {
		cs := NewClusters()
		for _, row := range tc.rows {
			cs.AddRow(Row{Scheme: row[0], Key: row[1], Raw: row[1], Canonical: row[1], Valid: true, Source: "s"})
		}
		want := make([]int32, cs.n)
		for i := range want {
			want[i] = int32(i)
		}
		slices.SortFunc(want, func(i, j int32) int {
			x, y := cs.agg(int(i)), cs.agg(int(j))
			if c := strings.Compare(cs.schemes[x.scheme], cs.schemes[y.scheme]); c != 0 {
				return c
			}
			return bytes.Compare(cs.text.bytes(x.key), cs.text.bytes(y.key))
		})
		if got := cs.sorted(); !slices.Equal(got, want) {
			for k := range got {
				if got[k] != want[k] {
					t.Errorf("%s: at %d: %q, want %q", tc.name, k, cs.str(cs.agg(int(got[k])).key), cs.str(cs.agg(int(want[k])).key))
					break
				}
			}
		}
	}
}

// BenchmarkClustersSorted sorts 100,000 clusters of the dense text's key
// shapes (uuid, ISBN, ISSN, urn:ietf:params, SAML names) as Each and a
// spill do, against comparing the keys through their aggs (issue 25).
func BenchmarkClustersSorted(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	cs := NewClusters()
	for i := range 100_000 {
		var k string
		switch i % 5 {
		case 0:
			k = fmt.Sprintf("urn:uuid:%08x-%04x-4%03x-%04x-%012x", r.Uint32(), r.Intn(1<<16), r.Intn(1<<12), r.Intn(1<<16), r.Int63n(1<<48))
		case 1:
			k = fmt.Sprintf("urn:isbn:978%010d", r.Int63n(1e10))
		case 2:
			k = fmt.Sprintf("urn:issn:%04d-%04d", r.Intn(1e4), r.Intn(1e4))
		case 3:
			k = fmt.Sprintf("urn:ietf:params:xml:ns:item-%d", i)
		default:
			k = fmt.Sprintf("urn:oasis:names:tc:saml:2.0:attrname:%d", i)
		}
		cs.AddRow(Row{Scheme: "urn", Key: k, Raw: k, Canonical: k, Valid: true, Source: "s"})
	}
	b.Run("words", func(b *testing.B) {
		for b.Loop() {
			cs.sorted()
		}
	})
	b.Run("through-aggs", func(b *testing.B) {
		for b.Loop() {
			order := make([]int32, cs.n)
			for i := range order {
				order[i] = int32(i)
			}
			slices.SortFunc(order, func(i, j int32) int {
				x, y := cs.agg(int(i)), cs.agg(int(j))
				if x.scheme != y.scheme {
					return strings.Compare(cs.schemes[x.scheme], cs.schemes[y.scheme])
				}
				return bytes.Compare(cs.text.bytes(x.key), cs.text.bytes(y.key))
			})
		}
	})
}
