package lint

import (
	"reflect"
	"strconv"
	"testing"

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
			{"go", "go:build", "//", " linux"},                     // a directive (look-alike)
			{"go", "go:build", "text ", ""},                        // the same text as prose: linted
			{"go", "go:build", "//", ""},                           // and a directive again, after it is remembered
			{"xri", "xri://=example*name", "", ""},                 // xri-1.0-rc2 §2.2
			{"xri", "xri::scope", "", ""},                          // a code scope look-alike
			{"lid", "lid://host.example/item", "", ""},             // lid-00
			{"urn", "urn:ISBN:0451450523", "", ""},                 // remembered
			{"xri", "urn:ISBN:0451450523", "", ""},                 // same text, another scheme: not mixed up
			{"urn", "urn:ab:" + string(make([]byte, 600)), "", ""}, // too long to remember
		}
		for round := 0; round < 2; round++ {
			for _, c := range cases {
				ctx := &rules.Context{Before: []byte(c.before), After: []byte(c.after)}
				want, err1 := e.CheckInContext(c.scheme, c.raw, ctx)
				got, err2 := m.CheckInContext(c.scheme, []byte(c.raw), ctx)
				if err1 != nil || err2 != nil || !reflect.DeepEqual(got, want) {
					t.Errorf("%+v round %d: memo %+v (%v), engine %+v (%v)", c, round, got, err2, want, err1)
				}
			}
		}
	}
}

// The memo stays bounded and keeps answering right after it is dropped.
func TestMemoBounded(t *testing.T) {
	e, _ := New(Config{})
	m := e.NewMemo()
	for i := 0; i < 3*memoMaxEntries; i++ {
		raw := []byte("urn:example:" + string(rune('a'+i%26)) + string(rune('A'+i/26%26)) + string(rune('0'+i/676%10)) + string(rune('a'+i/6760)))
		o, err := m.CheckInContext("urn", raw, nil)
		if err != nil || o.Raw != string(raw) {
			t.Fatalf("%s: %+v %v", raw, o, err)
		}
		if len(m.m) > memoMaxEntries || m.keys > memoMaxBytes {
			t.Fatalf("memo holds %d entries, %d bytes", len(m.m), m.keys)
		}
	}
}

// A stream of distinct identifiers (a crawl) fills the memo without hits:
// the full generation is then kept for lookups and nothing more is
// remembered for memoColdMisses misses, results still the engine's; then
// a new generation starts.
func TestMemoColdSpell(t *testing.T) {
	e, _ := New(Config{})
	m := e.NewMemo()
	ident := func(i int) []byte { return []byte("urn:example:item-" + strconv.Itoa(i)) }
	check := func(raw []byte) {
		t.Helper()
		want, err1 := e.CheckInContext("urn", string(raw), nil)
		got, err2 := m.CheckInContext("urn", raw, nil)
		if err1 != nil || err2 != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: memo %+v (%v), engine %+v (%v)", raw, got, err2, want, err1)
		}
	}
	n := 0
	for ; n < memoMaxEntries; n++ {
		check(ident(n))
	}
	if len(m.m) != memoMaxEntries || m.adm.Cold() != 0 {
		t.Fatalf("after %d distinct: %d entries, cold %d", n, len(m.m), m.adm.Cold())
	}
	check(ident(n)) // the memo is full and was never hit: a cold spell
	n++
	if m.adm.Cold() == 0 || len(m.m) != memoMaxEntries {
		t.Fatalf("no cold spell: %d entries, cold %d", len(m.m), m.adm.Cold())
	}
	hits := m.adm.Hits()
	check(ident(7)) // the kept generation still answers
	if m.adm.Hits() != hits+1 {
		t.Errorf("a remembered identifier was not a hit in the cold spell")
	}
	for range memoColdMisses - 1 {
		check(ident(n))
		n++
	}
	if len(m.m) != memoMaxEntries || m.adm.Cold() != 1 {
		t.Fatalf("in the cold spell: %d entries (want %d, nothing added), cold %d", len(m.m), memoMaxEntries, m.adm.Cold())
	}
	check(ident(n)) // the spell's last miss: a new generation, remembered
	if m.adm.Cold() != 0 || len(m.m) != 1 {
		t.Fatalf("after the spell: %d entries, cold %d; want a new generation of 1", len(m.m), m.adm.Cold())
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
		hits := m.adm.Hits()
		allocs := testing.AllocsPerRun(100, func() {
			for _, r := range raws {
				m.CheckInto(&o, c.scheme, r, ctx)
			}
		})
		if got := m.adm.Hits() - hits; got != 101*len(raws) {
			t.Errorf("%s: %d hits, want %d: not the hit path", c.name, got, 101*len(raws))
		}
		if per := allocs / float64(len(raws)); per != 0 {
			t.Errorf("%s: %.2f allocations per remembered identifier, want 0", c.name, per)
		}
	}
}
