package lint

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/idlint/idlint/rules"
)

// A remembered result is the engine's result: the memo changes cost, never
// output, including look-alike classification, which depends on context.
func TestMemoMatchesEngine(t *testing.T) {
	for _, cfg := range []Config{{}, {Severity: map[string]rules.Severity{"URN030": rules.None}}, {Profiles: map[string]string{"urn": "rfc2141"}}} {
		e, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		m := e.NewMemo()
		cases := []struct {
			scheme, raw, before, after string
		}{
			{"urn", "urn:ISBN:0451450523", "see ", "."},            // rfc8141 §3.1: non-canonical case
			{"urn", "urn:ab:a?b", "", ""},                          // rfc8141 §2: bare ?
			{"urn", "urn:isbn:9783030405236", " ", " "},            // remembered with its text's class (issue 25 §2)
			{"urn", "URN:ISBN:9783030405236", " ", " "},            // canonical and key: the entry above's raw text
			{"urn", "urn:isbn:value", " ", " "},                    // a template by its text alone (namespaceShape)
			{"urn", "urn:isbn:value", "x = \"", "\" + y"},          // the same text, a context that is not quiet
			{"urn", "urn:ab:cd", "x = \"", ":\n"},                  // wrapped: remembered before it is linted
			{"urn", "urn:ab:cd", " ", " "},                         // then linted when another context needs it
			{"urn", "urn:ab:cd", "\"", ":\n"},                      // and a look-alike again
			{"go", "go:build", "//", " linux"},                     // a directive (look-alike)
			{"go", "go:build", "text ", ""},                        // the same text as prose: linted
			{"go", "go:build", "//", ""},                           // and a directive again, after it is remembered
			{"xri", "xri://=example*name", "", ""},                 // xri-1.0-rc2 §2.2
			{"xri", "xri::scope", "", ""},                          // a code scope look-alike
			{"lid", "lid://host.example/item", "", ""},             // lid-00
			{"urn", "urn:ISBN:0451450523", "", ""},                 // remembered
			{"urn", "urn:example:a", " ", " "},                     // rfc6963: Placed (URN124 by the document)
			{"xri", "urn:ISBN:0451450523", "", ""},                 // same text, another scheme: not mixed up
			{"urn", "urn:ab:" + string(make([]byte, 600)), "", ""}, // too long to remember
			{"urn", "URN:ISBN:978-3-030-40523-6", " ", " "},        // three texts: a memoAux record (issue 25)
			{"urn", "URN:AB:cd?+r", " ", " "},                      // key a prefix of the canonical form
		}
		// rounds 2 and 3: the hash Prefetch gave handed to CheckHashed
		// (issue 25: each text hashed once), misses and hits
		for round := 0; round < 4; round++ {
			if round == 2 {
				m = e.newMemo()
			}
			for _, c := range cases {
				ctx := &rules.Context{Before: []byte(c.before), After: []byte(c.after)}
				want, err1 := e.CheckInContext(c.scheme, c.raw, ctx)
				var got Occurrence
				if round%2 == 1 {
					dirty(t, &got) // a reused slot: nothing of it may stay
				}
				h := m.Prefetch([]byte(c.raw)) // a hint: changes nothing (issue 25 §2)
				if round < 2 {
					h = 0
				}
				buf := []byte(c.raw)
				err2 := m.CheckHashed(&got, c.scheme, buf, ctx, h)
				for i := range buf {
					buf[i] = '#' // the scanner's buffer moves on: no result text may point into it
				}
				if err1 != nil || err2 != nil || !sameResult(got, want) {
					t.Errorf("%+v round %d: memo %+v (%v), engine %+v (%v)", c, round, got, err2, want, err1)
				}
				if m.Placed(&got) != Placed(&want) {
					t.Errorf("%+v round %d: Memo.Placed %v, Placed %v", c, round, m.Placed(&got), Placed(&want))
				}
			}
		}
	}
}

// The memo stays bounded (issue 25 §1: a crawl of distinct identifiers
// does not grow it; a full generation seldom hit is kept for lookups and
// the next misses are not remembered) and keeps answering as the engine
// does right after it is dropped; what it handed out before stays intact.
func TestMemoBounded(t *testing.T) {
	e, _ := New(Config{})
	for _, b := range []struct {
		name                 string
		maxEntries, maxBytes int
	}{{"entries", 500, memoMaxBytes}, {"bytes", memoMaxEntries, 16 << 10}} {
		m := e.newMemo()
		m.st.maxEntries, m.st.maxBytes = b.maxEntries, b.maxBytes
		m.adm.ColdMisses = 700 // a crawl is never hit: spells of 700 misses not remembered
		type kept struct {
			raw string
			o   Occurrence
		}
		var early []kept
		resets, last, cold := 0, 0, 0
		for i := range 5000 {
			// distinct texts, some upper case (canonical and key differ from raw)
			raw := "urn:example:item-" + strconv.Itoa(i)
			if i%3 == 0 {
				raw = "URN:EXAMPLE:item-" + strconv.Itoa(i)
			}
			got, err := m.CheckInContext("urn", []byte(raw), nil)
			want, _ := e.CheckInContext("urn", raw, nil)
			if err != nil || !sameResult(got, want) {
				t.Fatalf("%s %s: memo %+v (%v), engine %+v", b.name, raw, got, err, want)
			}
			if i < 50 {
				early = append(early, kept{raw, got})
			}
			g := m.st.g.Load()
			if g.n < last {
				resets++
			}
			if m.adm.Cold() > 0 {
				cold++
				if g.n > last {
					t.Fatalf("%s: %s remembered in a cold spell", b.name, raw)
				}
			}
			last = g.n
			if g.n > b.maxEntries || g.arena.bytes > b.maxBytes+4*memoMaxLen || len(g.tab.Load().e) > 4*b.maxEntries {
				t.Fatalf("%s: memo holds %d entries, %d bytes, %d slots", b.name, g.n, g.arena.bytes, len(g.tab.Load().e))
			}
		}
		if resets == 0 || cold == 0 {
			t.Errorf("%s: the memo was dropped %d times, %d misses in cold spells", b.name, resets, cold)
		}
		for _, k := range early {
			want, _ := e.CheckInContext("urn", k.raw, nil)
			if !sameResult(k.o, want) {
				t.Errorf("%s: %s handed out before a reset became %+v", b.name, k.raw, k.o)
			}
		}
	}
}

// issue 25 §3: an identifier the memo has seen costs no allocation, in
// the context the scanner gives it (look-alike classification runs each
// time): the per-occurrence path of dense input.
func TestMemoHitAllocs(t *testing.T) {
	e, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, scheme string
		raws         []string
		before       string
	}{
		{"urn, canonical", "urn", []string{
			"urn:uuid:3c840b56-47c7-482e-b2c0-1ecdcf95fb71", "urn:isbn:979-3-39381-196-4", "urn:issn:0167-6423",
			"urn:ietf:params:xml:ns:yang:ietf-grant-17251", "urn:oasis:names:tc:SAML:2.0:profiles:attribute:X500:cn-12864",
		}, "2026-11-28T00:00:00.681Z DEBUG [svc-7] read issuer="},
		{"urn, upper-case NID (URN030)", "urn", []string{"URN:ISBN:9783030405236", "URN:UUID:67593a6f-af2b-4bad-bbe1-fe03db5f72f7"}, " subject=\""},
		{"urn, invalid (findings)", "urn", []string{"urn:ab:a?b", "urn:isbn:123"}, "see "},
		{"xri", "xri", []string{"xri://=example*name", "xri://@example.org*agency/(+research)"}, "see "},
		{"lid", "lid", []string{"lid://host.example/item[1]"}, "see "},
		{"go", "go", []string{"go://cnrp.example.com?Mercedes%20Benz;geography=US-ga"}, "see "},
	}
	for _, c := range cases {
		m := e.NewMemo()
		raws := make([][]byte, len(c.raws))
		for i, r := range c.raws {
			raws[i] = []byte(r)
		}
		ctx := &rules.Context{Before: []byte(c.before), After: []byte(" latency=12ms\n")}
		var o Occurrence
		for _, r := range raws { // seen once: remembered
			if err := m.CheckInto(&o, c.scheme, r, ctx); err != nil {
				t.Fatal(err)
			}
		}
		hits := m.hits
		allocs := testing.AllocsPerRun(100, func() {
			for _, r := range raws {
				h := m.Prefetch(r) // as the scanner does ahead (issue 25 §2)
				m.CheckHashed(&o, c.scheme, r, ctx, h)
			}
		})
		if got := m.hits - hits; got != 101*len(raws) {
			t.Errorf("%s: %d hits, want %d: not the hit path", c.name, got, 101*len(raws))
		}
		if per := allocs / float64(len(raws)); per != 0 {
			t.Errorf("%s: %.2f allocations per remembered identifier, want 0", c.name, per)
		}
		// counted only (--format none): CountHashed
		hits = m.hits
		allocs = testing.AllocsPerRun(100, func() {
			for _, r := range raws {
				h := m.Prefetch(r)
				if _, _, ok := m.CountHashed(c.scheme, r, ctx, h); !ok {
					t.Fatalf("%s: %s not counted from the memo", c.name, r)
				}
			}
		})
		if got := m.hits - hits; got != 101*len(raws) {
			t.Errorf("%s, counted: %d hits, want %d", c.name, got, 101*len(raws))
		}
		if per := allocs / float64(len(raws)); per != 0 {
			t.Errorf("%s, counted: %.2f allocations per remembered identifier, want 0", c.name, per)
		}
	}
}

// issue 25 (--format none): what CountHashed tells of a remembered text
// is what a count of CheckHashed's occurrence finds (look-alike, else
// its findings); it declines a text not remembered and a result whose
// findings depend on the document's path (Placed: rfc6963 §3.6).
func TestMemoCountAgrees(t *testing.T) {
	e, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	cases := append(countCases(), countCase{"urn:uuid:3c840b56", "id: ", "\n", true}) // a short uuid at a line end
	m := e.NewMemo()
	for _, c := range cases {
		if _, _, ok := m.CountHashed("urn", []byte(c.raw), ctxOf(c.before, c.after), 0); ok {
			t.Errorf("%s: counted before it was seen", c.raw)
		}
		var o Occurrence
		if err := m.CheckInto(&o, "urn", []byte(c.raw), ctxOf(c.before, c.after)); err != nil {
			t.Fatal(err)
		}
	}
	var looks, found int
	for _, c := range cases {
		for _, ctx := range []*rules.Context{ctxOf(c.before, c.after), ctxOf("", ""), ctxOf("(", ")")} {
			lookalike, fs, ok := m.CountHashed("urn", []byte(c.raw), ctx, 0)
			if lookalike {
				looks++
			}
			found += len(fs)
			var o Occurrence
			if err := m.CheckInto(&o, "urn", []byte(c.raw), ctx); err != nil {
				t.Fatal(err)
			}
			switch {
			case ok != c.counted:
				t.Errorf("%s in %q…%q: counted %v, want %v", c.raw, ctx.Before, ctx.After, ok, c.counted)
			case ok && (lookalike != (o.Kind != "") || !slices.Equal(fs, o.Findings)):
				t.Errorf("%s in %q…%q: counted look-alike %v, findings %v; checked kind %q, findings %v", c.raw, ctx.Before, ctx.After, lookalike, fs, o.Kind, o.Findings)
			}
		}
	}
	if looks == 0 || found == 0 {
		t.Errorf("a weak test: %d look-alikes, %d findings counted", looks, found)
	}
}

// issue 25 (--format none): CheckHashed after CountHashed's miss on the
// same text takes the hash and the lookup CountHashed made, and only
// then: the engine's result whether the text was absent, added by another
// memo in between, or when the bytes at the same address changed (another
// hash) or another text follows.
func TestMemoCountMissHandsOn(t *testing.T) {
	e, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := &rules.Context{Before: []byte("see "), After: []byte(" ok")}
	check := func(m *Memo, raw []byte, h uint64) Occurrence {
		t.Helper()
		var o Occurrence
		if err := m.CheckHashed(&o, "urn", raw, ctx, h); err != nil {
			t.Fatal(err)
		}
		return o
	}
	want := func(raw string) Occurrence {
		t.Helper()
		o, err := e.CheckInContext("urn", raw, ctx)
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	same := func(what string, got, want Occurrence) {
		t.Helper()
		if got.Raw != want.Raw || got.Canonical != want.Canonical || got.Key != want.Key || got.Kind != want.Kind || !slices.Equal(got.Findings, want.Findings) {
			t.Errorf("%s: got %q %q %q %v, want %q %q %q %v", what, got.Raw, got.Canonical, got.Kind, got.Findings, want.Raw, want.Canonical, want.Kind, want.Findings)
		}
	}
	for _, countOnly := range []bool{false} { // a CountOnly memo counts what it has not seen: TestMemoCountFirstSightings
		m, other := e.newMemo(), (*Memo)(nil)
		m.CountOnly(countOnly)
		other = m.st.handle()
		// absent: the miss handed on
		a := []byte("URN:ISBN:9783030405236")
		ha := m.Prefetch(a)
		if _, _, ok := m.CountHashed("urn", a, ctx, ha); ok {
			t.Fatal("counted a text not seen")
		}
		same("a miss handed on", check(m, a, ha), want(string(a)))
		if _, _, ok := m.CountHashed("urn", a, ctx, ha); !ok {
			t.Errorf("countOnly %v: %s not counted once checked", countOnly, a)
		}
		// added by another memo between the two calls
		b := []byte("urn:issn:0167-6423")
		hb := m.Prefetch(b)
		if _, _, ok := m.CountHashed("urn", b, ctx, hb); ok {
			t.Fatal("counted a text not seen")
		}
		var o Occurrence
		if err := other.CheckInto(&o, "urn", b, ctx); err != nil {
			t.Fatal(err)
		}
		n := m.st.g.Load().n
		same("added meanwhile", check(m, b, hb), want(string(b)))
		if got := m.st.g.Load().n; got != n {
			t.Errorf("countOnly %v: %d entries after a text added meanwhile, want %d", countOnly, got, n)
		}
		// the same bytes' address, other bytes: not the miss's
		c := []byte("urn:isbn:9781234567897")
		if _, _, ok := m.CountHashed("urn", c, ctx, m.Prefetch(c)); ok {
			t.Fatal("counted a text not seen")
		}
		copy(c, "urn:isbn:9780306406157")
		same("other bytes at the address", check(m, c, m.Prefetch(c)), want(string(c)))
		c0 := []byte("urn:isbn:9781234567897")
		same("the bytes missed first", check(m, c0, m.Prefetch(c0)), want(string(c0)))
		// another text follows the miss
		d, f := []byte("urn:ietf:rfc:8141"), []byte("urn:ietf:rfc:2141")
		if _, _, ok := m.CountHashed("urn", d, ctx, m.Prefetch(d)); ok {
			t.Fatal("counted a text not seen")
		}
		same("another text", check(m, f, m.Prefetch(f)), want(string(f)))
		same("the text missed, later", check(m, d, m.Prefetch(d)), want(string(d)))
	}
}

// issue 25 (--format none): a memo that only counts (CountOnly) lints,
// remembers and counts a text it has not seen in CountHashed itself: the
// count is the engine's result's (a look-alike here, else its findings),
// and the entry serves later hits. What a count cannot tell is left to
// CheckHashed with the entry made: a Placed result (urn:example, rfc6963
// §3.6), found and placed there; a text not to be remembered (a cold
// spell), linted there without a second admission.
func TestMemoCountFirstSightings(t *testing.T) {
	e, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	cases := countCases()
	m := e.newMemo()
	m.CountOnly(true)
	looks, found := 0, 0
	for _, c := range cases {
		raw, ctx := []byte(c.raw), ctxOf(c.before, c.after)
		want, err := e.CheckInContext("urn", c.raw, ctx)
		if err != nil {
			t.Fatal(err)
		}
		h := m.Prefetch(raw)
		n := m.st.g.Load().n
		lookalike, fs, ok := m.CountHashed("urn", raw, ctx, h)
		if ok != c.counted {
			t.Errorf("%s: counted %v at its first sighting, want %v", c.raw, ok, c.counted)
		}
		if got := m.st.g.Load().n; got != n+1 {
			t.Errorf("%s: %d entries after its first sighting, want %d", c.raw, got, n+1)
		}
		if ok {
			if lookalike != (want.Kind != "") || !slices.Equal(fs, want.Findings) {
				t.Errorf("%s: counted look-alike %v, findings %v; engine kind %q, findings %v", c.raw, lookalike, fs, want.Kind, want.Findings)
			}
		} else {
			var o Occurrence
			if err := m.CheckHashed(&o, "urn", raw, ctx, h); err != nil {
				t.Fatal(err)
			}
			if o.Kind != want.Kind || o.Key != want.Key || !slices.Equal(o.Findings, want.Findings) || m.Placed(&o) != Placed(&want) {
				t.Errorf("%s: checked %+v, engine %+v", c.raw, o, want)
			}
			if got := m.st.g.Load().n; got != n+1 {
				t.Errorf("%s: %d entries after CheckHashed, want %d", c.raw, got, n+1)
			}
		}
		if lookalike {
			looks++
		}
		found += len(fs)
		// a hit in a quiet context agrees with the engine too
		quiet := ctxOf("see ", " ok")
		want, _ = e.CheckInContext("urn", c.raw, quiet)
		if lookalike, fs, ok := m.CountHashed("urn", raw, quiet, 0); ok != c.counted || ok && (lookalike != (want.Kind != "") || !slices.Equal(fs, want.Findings)) {
			t.Errorf("%s: hit counted %v, look-alike %v, findings %v; engine kind %q, findings %v", c.raw, ok, lookalike, fs, want.Kind, want.Findings)
		}
	}
	if looks == 0 || found == 0 {
		t.Errorf("a weak test: %d look-alikes, %d findings counted at first sightings", looks, found)
	}
	// a cold spell: a full memo seldom hit remembers no more misses
	m = e.newMemo()
	m.CountOnly(true)
	m.st.maxEntries = 4
	ctx := ctxOf("see ", " ok")
	for i := range 5 {
		if _, _, ok := m.CountHashed("urn", []byte("urn:isbn:978303040523"+strconv.Itoa(i)), ctx, 0); !ok && i < 4 {
			t.Fatalf("text %d not counted", i)
		}
	}
	// a miss in the spell is counted, not remembered, unless its result
	// depends on where it is (Placed): that one is left to CheckHashed
	for _, c := range []struct {
		raw     string
		counted bool
	}{{"URN:ISBN:9783030405236", true}, {"urn:example:cold", false}} {
		raw := []byte(c.raw)
		want, _ := e.CheckInContext("urn", c.raw, ctx)
		h := m.Prefetch(raw)
		n := m.st.g.Load().n
		lookalike, fs, ok := m.CountHashed("urn", raw, ctx, h)
		if ok != c.counted || !ok && !m.missCold {
			t.Fatalf("%s in a cold spell: counted %v, want %v (left to CheckHashed as a cold miss: %v)", c.raw, ok, c.counted, m.missCold)
		}
		if ok && (lookalike != (want.Kind != "") || !slices.Equal(fs, want.Findings)) {
			t.Errorf("%s in a cold spell: counted look-alike %v, findings %v; engine %+v", c.raw, lookalike, fs, want)
		}
		if !ok {
			var o Occurrence
			if err := m.CheckHashed(&o, "urn", raw, ctx, h); err != nil || !sameResult(o, want) {
				t.Errorf("%s in a cold spell: checked %+v (%v), engine %+v", c.raw, o, err, want)
			}
		}
		if got := m.st.g.Load().n; got != n {
			t.Errorf("%s: %d entries after a cold spell's miss, want %d", c.raw, got, n)
		}
	}
}

// issue 25 §1: the memo's big tables hold no pointers, so the collector
// never scans them: an entry is integers only, the arena bytes.
func TestMemoTablesHoldNoPointers(t *testing.T) {
	ty := reflect.TypeFor[memoEntry]()
	for i := range ty.NumField() {
		switch f := ty.Field(i); f.Type.Kind() {
		case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Bool:
		default:
			t.Errorf("memoEntry.%s is a %s", f.Name, f.Type)
		}
	}
	if size := ty.Size(); size > 32 {
		t.Errorf("memoEntry is %d bytes, want at most 32", size)
	}
	// the chunks are bytes, reached through one pointer each
	if k := reflect.TypeFor[memoArena]().Field(0).Type; k != reflect.TypeFor[[memoMaxChunks]*byte]() {
		t.Errorf("the arena's chunks are %s, want [memoMaxChunks]*byte", k)
	}
}

// issue 25 §1 (memo cost): a memo grown past memoHugeMin (its table then
// mapped in huge pages on Linux, the old one unmapped after the copy)
// still finds every text it holds and answers as the engine does, with
// the filter asked (round 0: every text new) and skipped (round 1: every
// lookup a hit).
func TestMemoGrowsLarge(t *testing.T) {
	e, _ := New(Config{})
	m := e.NewMemo()
	noDoorkeeper(m) // every first sighting remembered: the table grows
	const n = 60000
	text := func(i int) string {
		if i%2 == 0 {
			return "URN:ISBN:978" + strconv.Itoa(1000000+i)
		}
		return "urn:example:k-" + strconv.Itoa(i)
	}
	for round := range 2 {
		hits := m.hits
		for i := range n {
			raw := text(i)
			got, err := m.CheckInContext("urn", []byte(raw), &rules.Context{Before: []byte(" "), After: []byte(" ")})
			if i%997 == 0 || round == 1 && i%7 == 0 {
				want, _ := e.CheckInContext("urn", raw, &rules.Context{Before: []byte(" "), After: []byte(" ")})
				if err != nil || !sameResult(got, want) {
					t.Fatalf("round %d %s: memo %+v (%v), engine %+v", round, raw, got, err, want)
				}
			}
		}
		if want := round * n; m.hits-hits != want {
			t.Errorf("round %d: %d hits, want %d", round, m.hits-hits, want)
		}
		if want := round == 0; m.filter != want {
			t.Errorf("round %d: filter asked %v, want %v", round, m.filter, want)
		}
	}
	if size := len(m.st.g.Load().tab.Load().e) * int(reflect.TypeFor[memoEntry]().Size()); size < memoHugeMin {
		t.Errorf("table of %d bytes, want at least %d (grown past memoHugeMin)", size, memoHugeMin)
	}
}

// issue 25 (memo cost): a table to be mapped in huge pages is made, and
// its pages faulted in, by a goroutine of its own once the table it
// replaces is 5/8 full (from 3/4 it grows); grow takes it, and the memo
// answers as the engine does. A spare that comes after the growth is
// dropped, not kept for a size never wanted.
func TestMemoSpareTable(t *testing.T) {
	e, _ := New(Config{})
	m := e.newMemo()
	noDoorkeeper(m)
	st := m.st
	ctx := &rules.Context{Before: []byte(" "), After: []byte(" ")}
	text := func(i int) string { return "URN:ISBN:978" + strconv.Itoa(1000000+i) }
	spare := func() (*memoTable, bool) {
		st.mu.Lock()
		defer st.mu.Unlock()
		return st.spare, st.sparing
	}
	slots := func() int { return len(st.g.Load().tab.Load().e) }
	check := func(i int) {
		t.Helper()
		got, err := m.CheckInContext("urn", []byte(text(i)), ctx)
		if i%991 == 0 {
			want, _ := e.CheckInContext("urn", text(i), ctx)
			if err != nil || !sameResult(got, want) {
				t.Fatalf("%s: memo %+v (%v), engine %+v", text(i), got, err, want)
			}
		}
	}
	small := memoHugeMin / 2 / int(reflect.TypeFor[memoEntry]().Size()) // the last table not mapped
	i := 0
	for ; slots() < small; i++ {
		check(i)
	}
	for ; ; i++ {
		if sp, sparing := spare(); sp != nil || sparing {
			break
		}
		check(i)
		if slots() > small {
			t.Fatalf("grown to %d slots without a spare", slots())
		}
	}
	if n := st.g.Load().n; 8*n <= 5*small || 8*(n-1) > 5*small {
		t.Errorf("spare started at %d texts in %d slots, want the first past 5/8", n, small)
	}
	await(t, "the spare", func() bool { _, sparing := spare(); return sparing })
	sp, _ := spare()
	if sp == nil || len(sp.e) != 2*small {
		t.Fatalf("spare %v, want one of %d slots", sp, 2*small)
	}
	for ; slots() == small; i++ {
		check(i)
	}
	if got, _ := spare(); st.g.Load().tab.Load() != sp || got != nil {
		t.Errorf("grown to %p, spare %p left; want the spare %p taken", st.g.Load().tab.Load(), got, sp)
	}
	for j := range i {
		check(j) // hits, in the spare
	}
	st.prepare(st.g.Load(), slots()) // late: the table has its size already
	if got, _ := spare(); got != nil {
		t.Errorf("a spare of the table's own size kept")
	}
}

// issue 25 (memo cost), memory bounded: no spare table is held for a
// generation that cannot grow into it — one whose bounds stop it before
// 3/4 of its table (not started), one that fills or is reset while its
// spare waits (dropped), or one prepared for a generation since replaced.
func TestMemoSpareBounded(t *testing.T) {
	ctx := &rules.Context{Before: []byte(" "), After: []byte(" ")}
	text := func(i int) string { return "URN:ISBN:978" + strconv.Itoa(1000000+i) }
	small := memoHugeMin / 2 / int(reflect.TypeFor[memoEntry]().Size()) // the last table not mapped
	for _, tc := range []struct {
		name       string
		maxEntries int    // 0: the default
		then       string // after the spare is made: "full", "reset", "stale"
		started    bool
	}{
		{name: "entries bound under 3/4", maxEntries: 11 * small / 16},
		{name: "full while it waits", then: "full", started: true},
		{name: "reset while it waits", then: "reset", started: true},
		{name: "prepared for a replaced generation", then: "stale", started: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, _ := New(Config{})
			m := e.newMemo()
			noDoorkeeper(m)
			st := m.st
			if tc.maxEntries > 0 {
				st.maxEntries = tc.maxEntries
			}
			i := 0
			for ; 8*st.g.Load().n <= 5*small+8 && i < 2*small; i++ {
				m.CheckInContext("urn", []byte(text(i)), ctx)
			}
			await(t, "the spare", func() bool {
				st.mu.Lock()
				defer st.mu.Unlock()
				return st.sparing
			})
			st.mu.Lock()
			started := st.spare != nil
			st.mu.Unlock()
			if started != tc.started {
				t.Fatalf("spare made: %v, want %v (%d texts in %d slots)", started, tc.started, st.g.Load().n, small)
			}
			switch tc.then {
			case "full":
				st.mu.Lock()
				st.maxBytes = st.g.Load().arena.bytes
				st.mu.Unlock()
				m.CheckInContext("urn", []byte(text(i)), ctx)
			case "reset":
				m.reset()
			case "stale":
				st.mu.Lock()
				old := st.spare
				st.spare = nil
				st.mu.Unlock()
				old.free()
				g := st.g.Load()
				m.reset()
				st.prepare(g, 2*small)
			}
			st.mu.Lock()
			defer st.mu.Unlock()
			if st.spare != nil {
				t.Errorf("a spare of %d slots held for a generation that will not grow into it", len(st.spare.e))
			}
		})
	}
}

// sameResult compares a memo's occurrence with the engine's, but for the
// MemoID the engine does not set.
// dirty sets every field of o but its Location to a value no check
// gives: CheckInto writes a result into a slot field by field (issue 25),
// so a field it forgets, or one added to Occurrence later, shows.
func dirty(t *testing.T, o *Occurrence) {
	v := reflect.ValueOf(o).Elem()
	for i := range v.NumField() {
		f := v.Field(i)
		if v.Type().Field(i).Name == "Location" {
			continue
		}
		switch f.Kind() {
		case reflect.String:
			f.SetString("stale")
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Uint64, reflect.Uint32, reflect.Uint:
			f.SetUint(7)
		case reflect.Int, reflect.Int64, reflect.Int32:
			f.SetInt(7)
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 1, 1))
		case reflect.Map:
			f.Set(reflect.MakeMap(f.Type()))
		default:
			t.Fatalf("dirty: field %s of kind %v", v.Type().Field(i).Name, f.Kind())
		}
	}
}

func sameResult(got, want Occurrence) bool {
	got.MemoID, want.MemoID = 0, 0
	return reflect.DeepEqual(got, want)
}

// issue 25 (encoding from a cached fragment): a MemoID names one result.
// Equal IDs come with equal fields; another text, another memo (engine)
// or a memo dropped and refilled gives another ID; look-alikes and results
// not remembered have none.
func TestMemoIDNamesOneResult(t *testing.T) {
	strict, _ := New(Config{})
	lax, _ := New(Config{Severity: map[string]rules.Severity{"URN030": rules.None}})
	quiet := &rules.Context{Before: []byte(" "), After: []byte(" ")}
	byID := map[uint64]Occurrence{}
	check := func(m *Memo, raw string, ctx *rules.Context) Occurrence {
		t.Helper()
		var o Occurrence
		if err := m.CheckInto(&o, "urn", []byte(raw), ctx); err != nil {
			t.Fatal(err)
		}
		if o.MemoID == 0 {
			return o
		}
		if prev, ok := byID[o.MemoID]; ok && !reflect.DeepEqual(prev, o) {
			t.Errorf("%s: MemoID %#x also named %+v, now %+v", raw, o.MemoID, prev, o)
		}
		byID[o.MemoID] = o
		return o
	}
	texts := []string{"urn:isbn:0451450523", "URN:ISBN:0451450523", "urn:isbn:0451450524", "urn:example:a", "urn:uuid:3c840b56-47c7-482e-b2c0-1ecdcf95fb71"}
	m1, m3 := strict.NewMemo(), lax.NewMemo()
	m2 := m1.st.handle() // a memo on the same store
	ids := map[uint64]string{}
	if a, b := check(m1, texts[1], quiet), check(m3, texts[1], quiet); len(a.Findings) == len(b.Findings) {
		t.Fatalf("engines' results do not differ: %+v, %+v", a, b)
	}
	for round := range 3 {
		if round == 2 {
			m1.reset() // a dropped memo's IDs are not given again
		}
		for _, m := range []*Memo{m1, m2, m3} {
			for _, raw := range texts {
				o := check(m, raw, quiet)
				if o.MemoID == 0 {
					t.Errorf("%s: no MemoID", raw)
					continue
				}
				key := fmt.Sprintf("%p %d %s", m.st, m.st.g.Load().id, raw)
				if prev, ok := ids[o.MemoID]; ok && prev != key {
					t.Errorf("MemoID %#x given to %s and %s", o.MemoID, prev, key)
				}
				ids[o.MemoID] = key
			}
		}
	}
	// a look-alike (classified in its context, as in TestMemoMatchesEngine)
	// and an engine's own result carry no ID
	if o := check(m1, "urn:ab:cd", &rules.Context{Before: []byte("\""), After: []byte(":\n")}); o.Kind == "" || o.MemoID != 0 {
		t.Errorf("look-alike %+v: want a Kind and no MemoID", o)
	}
	if o, _ := strict.CheckInContext("urn", texts[0], quiet); o.MemoID != 0 {
		t.Errorf("engine result has MemoID %#x", o.MemoID)
	}
}

// issue 25 (encoders copy a memo's texts instead of scanning them): a
// remembered result says its texts are printable ASCII without '"' or
// '\\' (Occurrence.PlainText) exactly when they are, on the first sighting
// and on a hit; a result not remembered never says so.
func TestMemoPlainText(t *testing.T) {
	e, _ := New(Config{})
	m := e.NewMemo()
	plain := func(o *Occurrence) bool {
		for _, s := range []string{o.Scheme, o.Profile, o.Raw, o.Canonical, o.Key, o.NSKey, o.KeyLevel, o.Namespace} {
			for _, c := range []byte(s) {
				if c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
					return false
				}
			}
		}
		return true
	}
	for _, c := range []struct {
		raw        string
		plain, ids bool
	}{
		{"urn:isbn:9783030405236", true, true},
		{"URN:ISBN:9783030405236", true, true}, // canonical and key another entry's raw
		{"urn:uuid:3C840B56-47C7-482E-B2C0-1ECDCF95FB71", true, true},
		{`urn:ab:a"b`, false, true},
		{`urn:ab:a\b`, false, true},
		{"urn:ab:a\x7fb", false, true},
		{"urn:ab:a\tb", false, true},
		{"urn:ab:caf\u00e9", false, true},
		{"urn:ab:\xff", false, true},
		{"urn:ab:" + strings.Repeat("x", 600), false, false}, // too long to remember
	} {
		for round := range 3 {
			var o Occurrence
			if err := m.CheckInto(&o, "urn", []byte(c.raw), &rules.Context{Before: []byte(" "), After: []byte(" ")}); err != nil {
				t.Fatal(err)
			}
			if o.PlainText() && !plain(&o) || o.MemoID != 0 && o.PlainText() != c.plain || c.plain && !plain(&o) {
				t.Errorf("%q round %d: PlainText %v, texts %+v", c.raw, round, o.PlainText(), o)
			}
			if round > 0 && (o.MemoID != 0) != c.ids {
				t.Errorf("%q round %d: MemoID %x", c.raw, round, o.MemoID)
			}
		}
	}
}

// issue 25 (Occurrence.PlainText): plainText, 8 bytes at a time, agrees
// with a byte loop for every byte value at every position of texts up to
// 24 bytes, and plainTexts with plainText of each text, texts within
// others included.
func TestPlainTextWords(t *testing.T) {
	ref := func(s string) bool {
		for _, c := range []byte(s) {
			if c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
				return false
			}
		}
		return true
	}
	for n := 0; n <= 24; n++ {
		b := []byte(strings.Repeat("u", n))
		if got := plainText(string(b)); !got {
			t.Fatalf("%q: not plain", b)
		}
		for i := range n {
			for c := range 256 {
				b[i] = byte(c)
				if s := string(b); plainText(s) != ref(s) {
					t.Fatalf("%q: plainText %v", s, plainText(s))
				}
			}
			b[i] = 'u'
		}
	}
	raw := "urn:ab:c\"d"
	for _, ss := range [][]string{
		{raw, raw, raw[:4], raw[4:6]},   // within raw: raw decides
		{"urn:ab:cd", raw[:8], raw[4:]}, // raw[4:] is not within the first
		{"urn:ab:cd", "urn:ab:cd", ""},
		{"", "x\\"},
	} {
		want := true
		for _, s := range ss {
			want = want && ref(s)
		}
		if got := plainTexts(ss...); got != want {
			t.Errorf("plainTexts(%q) = %v, want %v", ss, got, want)
		}
	}
}

// issue 25 (32-byte entries): a result's texts other than raw are kept
// as one text in the entry, the namespace within raw or it, else all in
// a memoAux record; every form gives back the engine's texts, on the
// first sighting and on a hit.
func TestMemoEntryForms(t *testing.T) {
	e, _ := New(Config{})
	long := "urn:ab:" + strings.Repeat("y", 400)
	for _, c := range []struct {
		raw         string
		form        uint64 // metaForm's bits but metaPlaced
		nsAt, nsLen uint32
	}{
		{"urn:isbn:9783030405236", 0, 4, 4},                                                    // every text raw (rfc8141 §3.1)
		{"URN:ISBN:9783030405236", metaCanonAlt | metaKeyAlt | metaNSKeyAlt | metaNSAlt, 4, 4}, // the lower-case form
		{"urn:isbn:978-3-030-40523-6", metaNSKeyAlt, 4, 4},                                     // the ISBN's key without hyphens
		{"URN:ISBN:978-3-030-40523-6", metaAux, 0, 0},                                          // both
		{"urn:ab:cd?+r", metaKeyAlt | metaNSKeyAlt, 4, 2},                                      // the key cut before "?+"
		{"URN:AB:cd?+r", metaAux, 0, 0},                                                        // canonical form and key differ
		{long, 0, 4, 2},
		{"go:build", 0, 0, 0}, // no namespace
	} {
		scheme := "urn"
		if strings.HasPrefix(c.raw, "go:") {
			scheme = "go"
		}
		m := e.newMemo()
		want, _ := e.CheckInContext(scheme, c.raw, nil)
		for round := range 2 {
			var got Occurrence
			if err := m.CheckInto(&got, scheme, []byte(c.raw), nil); err != nil || !sameResult(got, want) {
				t.Errorf("%q round %d: memo %+v (%v), engine %+v", c.raw, round, got, err, want)
			}
		}
		g := m.st.g.Load()
		en := g.tab.Load().lookup(m.st.hash([]byte(c.raw)), m.scheme(scheme), len(c.raw), false)
		if en == nil {
			t.Fatalf("%q: not remembered", c.raw)
		}
		form := en.meta & (metaForm &^ metaPlaced)
		nsAt, nsLen := en.ord>>ordNSOffShift&ordNSOffMax, en.ord>>ordNSLenShift&ordNSLenMax
		if form != c.form || form&metaAux == 0 && (nsAt != c.nsAt || nsLen != c.nsLen) {
			t.Errorf("%q: form %#x, namespace at %d+%d; want %#x, %d+%d", c.raw, form, nsAt, nsLen, c.form, c.nsAt, c.nsLen)
		}
	}
}

// issue 25 (--format none): a memo that only counts (CountOnly) remembers
// a result's class without its texts; what it hands out is still the
// engine's result. A memo on the same store that needs the texts lints
// the text again and completes the entry; then both answer from it, and
// CountHashed's answers stay the engine's throughout.
func TestMemoCountOnly(t *testing.T) {
	e, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		scheme, raw, before, after string
	}{
		{"urn", "urn:isbn:9783030405236", " ", " "},
		{"urn", "URN:ISBN:9783030405236", " ", " "},           // rfc8141 §3.1: an alt text
		{"urn", "URN:ISBN:978-3-030-40523-6", " ", " "},       // three texts: a memoAux record
		{"urn", "urn:ab:a?b", "", ""},                         // rfc8141 §2: invalid
		{"urn", "urn:isbn:value", " ", " "},                   // a template look-alike
		{"urn", "urn:ab:cd", "x = \"", ":\n"},                 // a look-alike here
		{"urn", "urn:ab:cd", " ", " "},                        // linted in another context
		{"urn", "urn:example:a", " ", " "},                    // rfc6963: Placed, texts kept
		{"go", "go:build", "text ", ""},                       // go-uri
		{"xri", "xri://=example*name", "", ""},                // xri-1.0-rc2 §2.2
		{"urn", "urn:ab:" + strings.Repeat("x", 600), "", ""}, // too long to remember
	}
	counter := e.newMemo()
	full := counter.st.handle() // on the same store
	counter.CountOnly(true)
	check := func(m *Memo, round string) {
		for _, c := range cases {
			ctx := ctxOf(c.before, c.after)
			want, err1 := e.CheckInContext(c.scheme, c.raw, ctx)
			var got Occurrence
			dirty(t, &got)
			err2 := m.CheckHashed(&got, c.scheme, []byte(c.raw), ctx, m.Prefetch([]byte(c.raw)))
			if err1 != nil || err2 != nil || !sameResult(got, want) {
				t.Errorf("%s: %s: memo %+v (%v), engine %+v (%v)", round, c.raw, got, err2, want, err1)
			}
			if m.Placed(&got) != Placed(&want) {
				t.Errorf("%s: %s: Memo.Placed %v, Placed %v", round, c.raw, m.Placed(&got), Placed(&want))
			}
		}
	}
	count := func(round string) {
		for _, c := range cases {
			ctx := ctxOf(c.before, c.after)
			lookalike, fs, ok := counter.CountHashed(c.scheme, []byte(c.raw), ctx, 0)
			want, _ := e.CheckInContext(c.scheme, c.raw, ctx)
			if ok && (lookalike != (want.Kind != "") || !slices.Equal(fs, want.Findings)) {
				t.Errorf("%s: %s counted look-alike %v, findings %v; engine kind %q, findings %v", round, c.raw, lookalike, fs, want.Kind, want.Findings)
			}
		}
	}
	// counted reports how many of the cases' entries hold a class
	// without texts
	counted := func() int {
		n := 0
		st := counter.st
		for _, c := range cases {
			raw := []byte(c.raw)
			if ent := st.g.Load().tab.Load().lookup(st.hash(raw), counter.scheme(c.scheme), len(raw), false); ent != nil && atomic.LoadUint64(&ent.meta)&metaCounted != 0 {
				n++
			}
		}
		return n
	}
	check(counter, "first sightings, counting")
	if n := counted(); n < 5 {
		t.Errorf("%d entries remembered without their texts, want most", n)
	}
	count("counting entries")
	check(counter, "hits, counting")
	check(full, "completed")
	if n := counted(); n != 0 {
		t.Errorf("%d entries still without their texts", n)
	}
	check(full, "hits")
	count("completed entries")
	check(counter, "hits after completion, counting")
}

// issue 25 (memo cost): a miss in a cold spell (the store full and
// seldom hit) is admitted once: CountHashed counts it without
// remembering it, or, its result Placed, leaves it to CheckHashed, which
// takes CountHashed's hash and lookup (prefetched, h known, or not, h 0,
// as for a stream's first matches), not a second miss that would shorten
// the spell.
func TestMemoCountColdSpellOnce(t *testing.T) {
	e, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := &rules.Context{Before: []byte("see "), After: []byte(" ok")}
	for _, tc := range []struct {
		name       string
		raw        string
		prefetched bool
		counted    bool // else Placed: left to CheckHashed
	}{
		{"counted, prefetched", "URN:ISBN:9783030405236", true, true},
		{"counted, not prefetched (h 0)", "URN:ISBN:9783030405236", false, true},
		{"placed, prefetched", "urn:example:cold", true, false},
		{"placed, not prefetched (h 0)", "urn:example:cold", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := e.newMemo()
			m.CountOnly(true)
			m.st.maxEntries = 4
			for i := range 5 {
				m.CountHashed("urn", []byte("urn:isbn:978303040523"+strconv.Itoa(i)), ctx, 0)
			}
			raw := []byte(tc.raw)
			var h uint64
			if tc.prefetched {
				h = m.Prefetch(raw)
			}
			before := m.adm.Cold()
			if before == 0 {
				t.Fatal("no cold spell")
			}
			if _, _, ok := m.CountHashed("urn", raw, ctx, h); ok != tc.counted {
				t.Fatalf("counted %v in a cold spell, want %v", ok, tc.counted)
			}
			if !tc.counted {
				var o Occurrence
				if err := m.CheckHashed(&o, "urn", raw, ctx, h); err != nil {
					t.Fatal(err)
				}
				if want, _ := e.CheckInContext("urn", string(raw), ctx); !sameResult(o, want) {
					t.Errorf("memo %+v, engine %+v", o, want)
				}
			}
			if got := before - m.adm.Cold(); got != 1 {
				t.Errorf("the cold spell went down by %d misses for one miss, want 1", got)
			}
		})
	}
}

// ctxOf is a context of the text before and after an identifier.
func ctxOf(before, after string) *rules.Context {
	return &rules.Context{Before: []byte(before), After: []byte(after)}
}

// countCase is an identifier in its context, and whether a count of
// remembered results takes it (counted) or declines it.
type countCase struct {
	raw, before, after string
	counted            bool
}

// countCases are the memo count tests' identifiers: valid, findings,
// look-alikes, and a result that depends on the document's path.
func countCases() []countCase {
	return []countCase{
		{"urn:isbn:9783030405236", "see ", ".\n", true},
		{"URN:ISBN:9783030405236", "see ", " ok", true},                     // URN030
		{"urn:ab:a?b", "see ", "\n", true},                                  // invalid
		{"urn:isbn:value", "e.g. ", " here", true},                          // a template look-alike
		{"urn:uuid:3c840b56-47c7-482e-b2c0-1ecdcf95fb71", "\"", "\"", true}, // quoted
		{"urn:issn:0167-6423", "x\x03", "", true},                           // a binary's length byte: a look-alike here
		{"urn:example:a", "see ", " ok", false},                             // Placed (rfc6963 §3.6)
	}
}

// A crawl of distinct identifiers (FHIR's urn:uuid on every resource)
// turns the doorkeeper on: a text is linted at its first sighting and
// remembered at its second, with the engine's result each time. Where
// most lookups hit it stays off, and where the texts it keeps out come
// back (identifier-dense text still filling the table) it is tried and
// turned off again: a text is remembered at its first sighting (issue 25).
func TestMemoDoorkeeper(t *testing.T) {
	e, _ := New(Config{})
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		name     string
		draw     func(i int) int // the i-th lookup's text
		wantDoor bool
		tried    bool // turned off after a trial
	}{
		{"distinct", func(i int) int { return i }, true, false},
		{"bundles", func(i int) int { // of 32: the patient 16 times between 16 resources seen once
			if i%2 == 0 {
				return i / 32 * 32
			}
			return i
		}, true, false},
		{"repeated", func(i int) int { return i % 20_000 }, false, false},
		{"returning", func(int) int { return r.IntN(300_000) }, false, true},
	} {
		m := e.newMemo()
		n := 0
		raw := func(i int) string {
			i = c.draw(i)
			s := "urn:example:item-" + strconv.Itoa(i)
			if i%5 == 0 {
				s = "URN:Example:item-" + strconv.Itoa(i) // canonical and key differ from raw
			}
			return s
		}
		check := func(s string) {
			t.Helper()
			got, err := m.CheckInContext("urn", []byte(s), nil)
			if want, _ := e.CheckInContext("urn", s, nil); err != nil || !sameResult(got, want) {
				t.Fatalf("%s %s: memo %+v (%v), engine %+v", c.name, s, got, err, want)
			}
		}
		for ; n < (memoDoorAfter+24)*memoWindow; n++ {
			check(raw(n))
		}
		if m.door != c.wantDoor || (m.doorOffUntil > 0) != c.tried {
			t.Fatalf("%s: doorkeeper on %v (backing off until window %d) after %d windows, want %v (tried %v)", c.name, m.door, m.doorOffUntil, m.windows, c.wantDoor, c.tried)
		}
		if !c.wantDoor {
			continue
		}
		// a new text the filter does not take for seen (one in ~4,000 is)
		var s string
		for i := 0; ; i++ {
			s = "urn:example:new-" + strconv.Itoa(i)
			if w, bits := m.doorWord(m.st.hash([]byte(s))); *w&bits != bits {
				break
			}
		}
		before := m.st.g.Load().n
		check(s)
		if got := m.st.g.Load().n; got != before {
			t.Fatalf("%s: a first sighting was remembered (%d entries, %d before)", c.name, got, before)
		}
		check(s)
		if got := m.st.g.Load().n; got != before+1 {
			t.Fatalf("%s: the second sighting was not remembered (%d entries, %d before)", c.name, got, before)
		}
		hits := m.hits
		check(s)
		if m.hits != hits+1 {
			t.Fatalf("%s: the third sighting missed", c.name)
		}
	}
}

// noDoorkeeper keeps m's doorkeeper off: a test of the table's growth
// remembers every text at its first sighting, distinct as they are.
func noDoorkeeper(m *Memo) { m.doorOffUntil = math.MaxInt }

// issue 25: the arena's next chunk is made, its pages faulted in, off
// the store's lock once the current one is half full, and the chunk that
// follows is that one; texts in the chunks before still read right.
func TestMemoArenaChunkAhead(t *testing.T) {
	e, _ := New(Config{})
	m := e.newMemo()
	noDoorkeeper(m)
	st := m.st
	ctx := &rules.Context{Before: []byte(" "), After: []byte(" ")}
	text := func(i int) string { return "urn:example:chunk-" + strconv.Itoa(1000000+i) }
	chunk := func() ([]byte, bool, int) {
		st.mu.Lock()
		defer st.mu.Unlock()
		return st.chunk, st.chunking, st.g.Load().arena.n
	}
	i := 0
	for ; ; i++ {
		if c, making, _ := chunk(); cap(c) > 0 || making {
			break
		}
		if _, err := m.CheckInContext("urn", []byte(text(i)), ctx); err != nil {
			t.Fatal(err)
		}
	}
	await(t, "the chunk", func() bool { _, making, _ := chunk(); return making })
	ahead, _, n := chunk()
	if cap(ahead) < memoChunkAhead {
		t.Fatalf("chunk made ahead of %d bytes, want at least %d", cap(ahead), memoChunkAhead)
	}
	for ; ; i++ {
		if _, _, k := chunk(); k > n {
			break
		}
		if _, err := m.CheckInContext("urn", []byte(text(i)), ctx); err != nil {
			t.Fatal(err)
		}
	}
	a := &st.g.Load().arena
	if a.base[n] != unsafe.SliceData(ahead) {
		t.Error("the next chunk is not the one made ahead")
	}
	for j := range i {
		want, _ := e.CheckInContext("urn", text(j), ctx)
		if got, _ := m.CheckInContext("urn", []byte(text(j)), ctx); !sameResult(got, want) || got.MemoID == 0 {
			t.Fatalf("%s: memo %+v, engine %+v", text(j), got, want)
		}
	}
}

// await waits while busy says a goroutine of the store is still making
// what, failing after 10 s: not a timing test, the work is awaited.
func await(t *testing.T, what string, busy func() bool) {
	t.Helper()
	for wait := 0; busy(); wait++ {
		if wait > 10000 {
			t.Fatalf("%s not made after 10 s", what)
		}
		time.Sleep(time.Millisecond)
	}
}
