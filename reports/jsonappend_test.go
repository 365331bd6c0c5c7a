package reports

import (
	"bytes"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/idlint/idlint/extract"
	"github.com/idlint/idlint/internal/termsafe"
	"github.com/idlint/idlint/internal/textgen"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/rules"
)

func encodingJSON(t testing.TB, o *lint.Occurrence) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(Occurrence(o)); err != nil {
		t.Fatal(err)
	}
	return termsafe.JSON(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
}

// The hand-written encoder writes exactly what encoding/json writes, with
// DEL, C1 and bidi controls \u-escaped as termsafe.JSON escapes them
// (issue 24 §6).
func TestAppendOccurrenceMatchesEncodingJSON(t *testing.T) {
	e, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	m := e.NewMemo()
	for _, tc := range []struct{ scheme, raw, source string }{
		{"urn", "urn:isbn:0451450523", "a.txt"},
		{"urn", "URN:EXAMPLE:a%2c\"b\\c<>&", "dir/with \"quote\".txt"},
		{"urn", "urn:ab:a?b", "tab\there\nnl\x01\x7f"},
		{"urn", "urn:ab:c", "c1\u009b31m bidi\u202e\u2066\u061c\u200e zw\u200b"},
		{"xri", "xri://=caf\u00e9\u2028\u2029", "bad\xffutf8\xe2\x80"},
		{"go", "go:Mercedes%0Benz", "ok"},
		// issue 25: canonical, key and ns_key equal to raw copy its
		// encoding, escapes included
		{"urn", "urn:example:a\"b\\c\x01\u2028\xff", "x"},
		{"urn", "urn:uuid:3c840b56-47c7-482e-b2c0-1ecdcf95fb71", "x"},
		{"urn", "URN:UUID:3c840b56-47c7-482e-b2c0-1ecdcf95fb71", "x"},
		{"urn", "urn:ietf:params:xml:ns:yang:ietf-grant-17251", "x"},
	} {
		o, err := e.Check(tc.scheme, tc.raw)
		if err != nil {
			t.Fatal(err)
		}
		o.Source, o.Member, o.Offset, o.Line, o.Column = tc.source, "m!n", 12345, 7, 9
		o.RecordID, o.TargetURI = "<urn:uuid:x>", "http://e/"
		o.Truncated = tc.scheme == "go"
		if got, want := AppendOccurrence(nil, &o), encodingJSON(t, &o); !bytes.Equal(got, want) {
			t.Errorf("%q:\n got %s\nwant %s", tc.raw, got, want)
		}
		// issue 25: a memo's result, whose texts are copied unscanned
		// when it says they need no escape (lint.Occurrence.PlainText)
		for round := range 2 {
			var mo lint.Occurrence
			if err := m.CheckInto(&mo, tc.scheme, []byte(tc.raw), nil); err != nil {
				t.Fatal(err)
			}
			mo.Location, mo.Truncated = o.Location, o.Truncated
			if got, want := AppendOccurrence(nil, &mo), encodingJSON(t, &mo); !bytes.Equal(got, want) {
				t.Errorf("%q through a memo, round %d (plain %v):\n got %s\nwant %s", tc.raw, round, mo.PlainText(), got, want)
			}
		}
	}
}

func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "a\"b", "\x00\x1f\u2028", "\xff\xfe", "é東", "\x7f\u009b\u202e",
		// the eight-byte steps and the tail checked in the last eight bytes (issue 25)
		"urn:isbn:0451450523", "urn:isbn:045145052\"", "urn:isbn:04514505\"3", "\"rn:isbn:0451450523",
		"urn:x:\\12345678", "urn:é:1234567", "1234567\n", "12345678\t", "abcdefghijklmnop\u2028"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.Encode(s)
		if got, want := appendString(nil, s), termsafe.JSON(bytes.TrimSuffix(buf.Bytes(), []byte("\n"))); !bytes.Equal(got, want) {
			t.Errorf("appendString(%q) = %s, want %s", s, got, want)
		}
	})
}

// The JSONL sink's remembering encoder writes the same bytes as
// AppendOccurrence for every occurrence, whichever field changes between
// two occurrences of the same identifier text.
func TestOccEncoderMatchesAppendOccurrence(t *testing.T) {
	e, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	base, _ := e.Check("urn", "URN:ab:a?b")
	other, _ := e.Check("urn", "urn:isbn:0451450523")
	var seq []lint.Occurrence
	add := func(o lint.Occurrence, f func(*lint.Occurrence)) {
		f(&o)
		seq = append(seq, o)
	}
	loc := func(o *lint.Occurrence) { o.Source, o.Offset, o.Line, o.Column = "a.txt", 10, 2, 3 }
	add(base, loc)
	add(base, func(o *lint.Occurrence) { loc(o); o.Offset, o.Line = 99, 5 })
	add(base, func(o *lint.Occurrence) { loc(o); o.Member = "x.zip!y.txt" })
	add(base, func(o *lint.Occurrence) { loc(o); o.RecordID, o.TargetURI = "<urn:uuid:1>", "http://e/" })
	add(base, func(o *lint.Occurrence) { loc(o); o.Truncated = true })
	add(base, func(o *lint.Occurrence) { loc(o); o.Findings = o.Findings[1:] }) // a suppression dropped one
	add(base, func(o *lint.Occurrence) { loc(o); o.Kind, o.Findings = "prose-label", nil })
	add(base, func(o *lint.Occurrence) { loc(o); o.Key = "other" })
	add(other, loc)
	add(base, func(o *lint.Occurrence) {
		loc(o)
		o.Findings = append([]rules.Finding(nil), o.Findings...)
		o.Findings[0].Severity = rules.Error
	})
	add(base, func(o *lint.Occurrence) { o.Source = "b.txt" })
	valid, _ := e.Check("urn", "urn:example:a")
	add(valid, loc)
	add(valid, func(o *lint.Occurrence) { // a suppressed error: invalid all the same
		loc(o)
		o.Suppressed = []rules.Finding{{Rule: base.Findings[0].Rule, Severity: rules.Error}}
	})
	var enc occEncoder
	for round := 0; round < 2; round++ {
		for i := range seq {
			if got, want := enc.append(nil, &seq[i]), AppendOccurrence(nil, &seq[i]); !bytes.Equal(got, want) {
				t.Errorf("round %d, occurrence %d:\n got %s\nwant %s", round, i, got, want)
			}
		}
	}
}

// Through a crawl of mostly distinct identifiers — each seen twice, so
// remembered; the arena filled and started over, slots replaced — with
// earlier identifiers repeated now and then, the encoder still writes what AppendOccurrence writes, and its
// cache stays within its bounds.
func TestOccEncoderCrawl(t *testing.T) {
	e, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var enc occEncoder
	n := 2 * 4 * encArena / 200 // each twice, ~200 bytes an identifier part: the arena starts over 3 times or more
	for i := range n {
		k := i / 2 // remembered when seen the second time
		if i%5 == 0 {
			k = i % 100 // a few identifiers come back
		}
		o, err := e.Check("urn", "urn:example:item-"+strconv.Itoa(k))
		if err != nil {
			t.Fatal(err)
		}
		o.Source, o.Offset = "crawl.warc", int64(i)
		if got, want := enc.append(nil, &o), AppendOccurrence(nil, &o); !bytes.Equal(got, want) {
			t.Fatalf("occurrence %d:\n got %s\nwant %s", i, got, want)
		}
		if len(enc.slots) != encSlots || cap(enc.arena) != encArena {
			t.Fatalf("occurrence %d: %d slots, %d bytes of arena, want %d and %d", i, len(enc.slots), cap(enc.arena), encSlots, encArena)
		}
	}
	if enc.reuse < 3 {
		t.Errorf("the arena started over %d times, want 3", enc.reuse)
	}
}

// BenchmarkAppendIdentDense: the identifier part of a JSONL line for
// identifiers of dense text (issue 25), each encoded afresh as a miss of
// the remembering encoder is: raw, canonical, key and ns_key, mostly equal.
func BenchmarkAppendIdentDense(b *testing.B) {
	e, err := lint.New(lint.Config{})
	if err != nil {
		b.Fatal(err)
	}
	text := textgen.Dense(256<<10, 1)
	var occs []lint.Occurrence
	for _, c := range extract.Find(nil, text, extract.Options{}) {
		o, err := e.Check("urn", string(text[c.Start:c.End]))
		if err != nil {
			b.Fatal(err)
		}
		occs = append(occs, o)
	}
	var buf []byte
	for b.Loop() {
		for i := range occs {
			buf = appendIdent(buf[:0], &occs[i])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(occs)), "ns/ident")
}

// plain8 (appendString's eight-byte step) says yes exactly for words of
// bytes JSON copies as is: every byte value at every position, among
// plain bytes of every value (issue 25).
func TestPlain8(t *testing.T) {
	plain := func(c byte) bool { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\' }
	word := func(b [8]byte) uint64 {
		var x uint64
		for i := 7; i >= 0; i-- {
			x = x<<8 | uint64(b[i])
		}
		return x
	}
	for c := range 256 {
		for fill := byte(0x20); fill < 0x7f; fill++ {
			if !plain(fill) {
				continue
			}
			for pos := range 8 {
				var b [8]byte
				for i := range b {
					b[i] = fill
				}
				b[pos] = byte(c)
				if got := plain8(word(b)); got != plain(byte(c)) {
					t.Fatalf("plain8(%q) = %v", b[:], got)
				}
			}
		}
	}
}

// BenchmarkOccEncoderDense: whole JSONL lines of 1 MB of dense text
// (issue 25), locations and all, through one remembering encoder as a
// scan's worker or emitter writes them: its cache hit for the keys
// repeated, missed for the rest.
func BenchmarkOccEncoderDense(b *testing.B) {
	e, err := lint.New(lint.Config{})
	if err != nil {
		b.Fatal(err)
	}
	text := textgen.Dense(1<<20, 1)
	var occs []lint.Occurrence
	for i, c := range extract.Find(nil, text, extract.Options{}) {
		o, err := e.Check("urn", string(text[c.Start:c.End]))
		if err != nil {
			b.Fatal(err)
		}
		o.Source, o.Offset, o.Line, o.Column = "dense.txt", int64(c.Start), i/2+1, 40
		occs = append(occs, o)
	}
	benchEncode(b, occs)
}

// benchEncode encodes occs through one remembering encoder per loop,
// reporting the time per identifier.
func benchEncode(b *testing.B, occs []lint.Occurrence) {
	var enc occEncoder
	var buf []byte
	for b.Loop() {
		for i := range occs {
			buf = enc.append(buf[:0], &occs[i])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(occs)), "ns/ident")
}

// On identifiers all distinct the encoder stops looking most of them up
// (its cache would not hit), and looks them up again once they repeat:
// the output is AppendOccurrence's throughout (issue 25).
func TestOccEncoderColdAndWarm(t *testing.T) {
	e, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var enc occEncoder
	check := func(raw string, i int) {
		o, err := e.Check("urn", raw)
		if err != nil {
			t.Fatal(err)
		}
		o.Source, o.Offset = "a.txt", int64(i)
		if got, want := enc.append(nil, &o), AppendOccurrence(nil, &o); !bytes.Equal(got, want) {
			t.Fatalf("%s:\n got %s\nwant %s", raw, got, want)
		}
	}
	for i := range 3 * encWindow {
		check("urn:example:distinct-"+strconv.Itoa(i), i)
	}
	if !enc.cold {
		t.Errorf("after %d distinct identifiers: looking every one up", 3*encWindow)
	}
	for i := range 3 * encWindow * encColdProbe {
		check("urn:example:again-"+strconv.Itoa(i%50), i)
	}
	if enc.cold {
		t.Errorf("after 50 identifiers repeated: still cold")
	}
}

// issue 25 (encoding from a cached fragment): identifier parts cached by
// MemoID are never reused for another result: other memos and engines
// (the same texts, other IDs or findings), occurrences whose findings a
// scan changed (suppressed, filtered, placed), truncated ones,
// look-alikes, an ID forged onto another text; with a small cache, so
// that slots are replaced and the ring starts over.
func TestFragCacheNeverReusesAcrossResults(t *testing.T) {
	defer func(s, r, s0, r0 int) { fragSlots, fragRing, fragSlotsMin, fragRingMin = s, r, s0, r0 }(fragSlots, fragRing, fragSlotsMin, fragRingMin)
	fragSlots, fragRing = 16, 4<<10
	fragSlotsMin, fragRingMin = 4, 1<<10 // grown twice on the way
	strict, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	lax, err := lint.New(lint.Config{Severity: map[string]rules.Severity{"URN030": rules.None}})
	if err != nil {
		t.Fatal(err)
	}
	memos := []*lint.Memo{strict.NewMemo(), strict.NewMemo(), lax.NewMemo()}
	var texts []string
	for i := range 40 {
		texts = append(texts, "URN:ISBN:04514505"+strconv.Itoa(10+i), "urn:example:k-"+strconv.Itoa(i))
	}
	texts = append(texts, "urn:ab:cd") // a look-alike in the context below
	ctx := func(raw string) *rules.Context {
		if raw == "urn:ab:cd" {
			return &rules.Context{Before: []byte("\""), After: []byte(":\n")}
		}
		return &rules.Context{Before: []byte(" "), After: []byte(" ")}
	}
	var enc occEncoder
	n := 0
	for round := range 3 {
		for mi, m := range memos {
			for k := range 2 * len(texts) { // each twice in a row: the second may hit
				ti, raw := k/2, texts[k/2]
				if k%10 == 9 {
					ti, raw = 0, texts[0] // back after the ring moved on: its slot may be stale
				}
				var o lint.Occurrence
				if err := m.CheckInto(&o, "urn", []byte(raw), ctx(raw)); err != nil {
					t.Fatal(err)
				}
				o.Source, o.Offset = "a.txt", int64(n)
				switch (n + round) % 7 {
				case 1:
					o.Truncated = true
				case 2: // a suppression comment silenced the first finding
					if len(o.Findings) > 0 {
						o.Findings, o.Suppressed = o.Findings[1:], o.Findings[:1]
					}
				case 3: // a baseline held one back: findings differ, nothing suppressed
					if len(o.Findings) > 0 {
						o.Findings = o.Findings[1:]
					}
				case 4: // URN124 outside documentation (the scan places it)
					m.Place(&o, "a.txt")
				case 5: // the ID forged onto another text
					if ti > 0 {
						o.Raw = texts[ti-1]
					}
				}
				n++
				if got, want := enc.append(nil, &o), AppendOccurrence(nil, &o); !bytes.Equal(got, want) {
					t.Fatalf("round %d, memo %d, %s (MemoID %#x):\n got %s\nwant %s", round, mi, raw, o.MemoID, got, want)
				}
			}
		}
	}
	if enc.frag.hits == 0 || enc.frag.at <= uint64(3*fragRing) {
		t.Errorf("%d hits, %d bytes through a ring of %d: want hits and the ring started over", enc.frag.hits, enc.frag.at, fragRing)
	}
	if len(enc.frag.ring) != fragRing || len(enc.frag.slots) != fragSlots {
		t.Errorf("a ring of %d bytes and %d slots, want grown to %d and %d", len(enc.frag.ring), len(enc.frag.slots), fragRing, fragSlots)
	}
}

// BenchmarkOccEncoderMemo: JSONL lines of a memo's results (issue 25),
// 256 KB of dense text encoded over and over, so that either cache holds
// every identifier part: by MemoID (frag) or by the text's hash (MemoID
// cleared).
func BenchmarkOccEncoderMemo(b *testing.B) {
	e, err := lint.New(lint.Config{})
	if err != nil {
		b.Fatal(err)
	}
	m := e.NewMemo()
	text := textgen.Dense(256<<10, 1)
	var occs []lint.Occurrence
	for i, c := range extract.Find(nil, text, extract.Options{}) {
		var o lint.Occurrence
		if err := m.CheckInto(&o, "urn", text[c.Start:c.End], &rules.Context{Before: []byte(" "), After: []byte(" ")}); err != nil {
			b.Fatal(err)
		}
		o.Source, o.Offset, o.Line, o.Column = "dense.txt", int64(c.Start), i/2+1, 40
		occs = append(occs, o)
	}
	for _, id := range []bool{true, false} {
		name := "frag"
		if !id {
			name = "hash"
			for i := range occs {
				occs[i].MemoID = 0
			}
		}
		b.Run(name, func(b *testing.B) { benchEncode(b, occs) })
	}
}

// On a memo's results all distinct the fragment cache goes cold (looks
// up one occurrence in encColdProbe), and warms again once they repeat;
// the output is AppendOccurrence's throughout (issue 25).
func TestFragCacheColdAndWarm(t *testing.T) {
	e, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	m := e.NewMemo()
	var enc occEncoder
	check := func(raw string, i int) {
		var o lint.Occurrence
		if err := m.CheckInto(&o, "urn", []byte(raw), nil); err != nil {
			t.Fatal(err)
		}
		o.Source, o.Offset = "a.txt", int64(i)
		if got, want := enc.append(nil, &o), AppendOccurrence(nil, &o); !bytes.Equal(got, want) {
			t.Fatalf("%s:\n got %s\nwant %s", raw, got, want)
		}
	}
	for i := range 3 * encWindow {
		check("urn:example:crawl-"+strconv.Itoa(i), i)
	}
	if !enc.frag.cold {
		t.Fatalf("not cold after %d distinct identifiers (%d hits)", 3*encWindow, enc.frag.hits)
	}
	n := (encColdProbe + 1) * encWindow // cold, a window is of the lookups
	for i := range n {
		check("urn:example:hot-"+strconv.Itoa(i%50), i)
	}
	if enc.frag.cold {
		t.Errorf("still cold after %d occurrences of 50 identifiers (%d hits)", n, enc.frag.hits)
	}
}
