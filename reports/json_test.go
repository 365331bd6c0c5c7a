package reports

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/rules"
)

// jsonDoc is the document --format json writes, for encoding/json.
type jsonDoc struct {
	Occurrences []OccurrenceJSON `json:"occurrences"`
	Clusters    []*Cluster       `json:"clusters"`
	Sources     []SourceJSON     `json:"sources"`
	Summary     SummaryJSON      `json:"summary"`
}

// The streamed document is, byte for byte, encoding/json's indented
// encoding (two spaces, no HTML escapes) of the whole report: with no
// occurrences, no sources, one of each, and many with findings, look-alikes
// and strings to escape (quotes, backslashes, controls, <>&, non-ASCII,
// invalid UTF-8).
func TestJSONDocumentEqualsEncodingJSON(t *testing.T) {
	e, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	raws := []string{"urn:isbn:0451450523", "URN:EXAMPLE:a%2c\"b\\c<>&", "urn:ab:a?b", "urn:example:a%zz", "urn:é:x\u2028"}
	sources := []string{"a.txt", "dir/with \"quote\" & <tag>.txt", "tab\there\x01", "bad\xffutf8"}
	for _, tc := range []struct{ occs, srcs int }{{0, 0}, {0, 2}, {1, 0}, {1, 1}, {50, 7}} {
		t.Run(fmt.Sprintf("%d occurrences, %d sources", tc.occs, tc.srcs), func(t *testing.T) {
			var out bytes.Buffer
			j := NewJSON(&out)
			want := jsonDoc{Occurrences: []OccurrenceJSON{}, Sources: []SourceJSON{}}
			cs := NewClusters()
			for i := range tc.occs {
				o, err := e.Check("urn", raws[i%len(raws)])
				if err != nil {
					t.Fatal(err)
				}
				o.Source, o.Offset, o.Line, o.Column = sources[i%len(sources)], int64(i), i+1, 3
				if i%9 == 4 {
					o.Kind = "prose-label"
				}
				if err := j.Occurrence(&o); err != nil {
					t.Fatal(err)
				}
				cs.Add(&o)
				want.Occurrences = append(want.Occurrences, Occurrence(&o))
			}
			for i := range tc.srcs {
				r := &record.Source{Source: sources[i%len(sources)], Member: strings.Repeat("m", i), Format: "text", Bytes: int64(i), Status: record.StatusOK}
				if i == 3 {
					r.Status, r.Error = record.StatusError, "read \"x\": <boom> & more"
				}
				if err := j.Source(r); err != nil {
					t.Fatal(err)
				}
				want.Sources = append(want.Sources, Source(r))
			}
			sum := Summary{Inputs: 2, Occurrences: tc.occs, Suppressed: 3} // issue 20 §3: "suppressed" in the JSON summary
			sum.Findings[rules.Warning] = 1
			if err := j.Finish(sum); err != nil {
				t.Fatal(err)
			}
			want.Clusters = cs.List()
			want.Summary = SummaryOf(sum, len(want.Clusters))
			if want.Clusters == nil {
				want.Clusters = []*Cluster{}
			}
			var exp bytes.Buffer
			enc := json.NewEncoder(&exp)
			enc.SetEscapeHTML(false)
			enc.SetIndent("", "  ")
			if err := enc.Encode(want); err != nil {
				t.Fatal(err)
			}
			if out.String() != exp.String() {
				t.Errorf("document differs:\n got %q\nwant %q", out.String(), exp.String())
			}
		})
	}
}

// appendIndented indents compact JSON as json.Indent does, on random
// documents of nested objects, arrays (empty too) and strings with
// escapes, brackets, commas and colons inside them.
func TestAppendIndentedEqualsJSONIndent(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	strs := []string{"", "a", `q"uote`, `back\slash`, `end\`, `\"`, `\\"\`, "{[,:]}", "ctl\x01\n", "é\u2028", "<&>"}
	var gen func(depth int) any
	gen = func(depth int) any {
		switch k := r.Intn(6); {
		case depth > 3 || k == 0:
			return strs[r.Intn(len(strs))]
		case k == 1:
			return r.Intn(1000) - 500
		case k == 2:
			return r.Intn(2) == 0
		case k == 3:
			a := make([]any, r.Intn(4))
			for i := range a {
				a[i] = gen(depth + 1)
			}
			return a
		default:
			m := map[string]any{}
			for range r.Intn(4) {
				m[strs[r.Intn(len(strs))]] = gen(depth + 1)
			}
			return m
		}
	}
	for i := range 2000 {
		src, err := json.Marshal(gen(0))
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if err := json.Indent(&want, src, "    ", "  "); err != nil {
			t.Fatal(err)
		}
		if got := appendIndented(nil, src, "    ", "  "); string(got) != want.String() {
			t.Fatalf("document %d %s:\n got %s\nwant %s", i, src, got, want.String())
		}
	}
}

// A sink ended by Abort (the run failed) stops its cluster goroutine; the
// JSON document is left cut short (not valid JSON, as the run is not whole).
func TestSinksAbort(t *testing.T) {
	o := checkURN(t, "urn:example:a")
	before := runtime.NumGoroutine()
	var out bytes.Buffer
	for range 10 {
		j := NewJSON(&out)
		tx := NewText(&bytes.Buffer{}, &bytes.Buffer{})
		for range 3000 {
			if j.Occurrence(&o) != nil || tx.Occurrence(&o) != nil {
				t.Fatal("write failed")
			}
		}
		j.Abort(nil)
		tx.Abort(nil)
	}
	for i := 0; runtime.NumGoroutine() > before && i < 100; i++ {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines left after Abort (%d before)", n, before)
	}
	if out.Len() == 0 || json.Valid(out.Bytes()) {
		t.Errorf("aborted documents: %d bytes, valid %v", out.Len(), json.Valid(out.Bytes()))
	}
}

// FuzzAppendIndented: for any valid JSON, compacted as encoding/json
// writes it, appendIndented equals json.Indent.
func FuzzAppendIndented(f *testing.F) {
	for _, s := range []string{`{}`, `[]`, `{"a":[1,{"b":""},[]],"c":"\"\\"}`, `"x\\"`, `[{"k":{}}]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var compact bytes.Buffer
		if json.Compact(&compact, []byte(s)) != nil {
			return
		}
		var want bytes.Buffer
		if err := json.Indent(&want, compact.Bytes(), "    ", "  "); err != nil {
			t.Fatal(err)
		}
		if got := appendIndented(nil, compact.Bytes(), "    ", "  "); string(got) != want.String() {
			t.Fatalf("%s:\n got %s\nwant %s", compact.Bytes(), got, want.String())
		}
	})
}

// BenchmarkAppendIndented indents a typical occurrence object (an
// element of --format json's occurrences).
func BenchmarkAppendIndented(b *testing.B) {
	o := checkURN(b, "URN:EXAMPLE:item-12345")
	o.Source, o.Offset, o.Line, o.Column = "crawl/part-00017.warc.gz", 123456, 789, 12
	src := AppendOccurrence(nil, &o)
	var dst []byte
	in := newIndenter(jsonElem, jsonIndent)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		dst = in.append(dst[:0], src)
	}
}

// checkURN is the default engine's occurrence of raw.
func checkURN(tb testing.TB, raw string) lint.Occurrence {
	tb.Helper()
	e, err := lint.New(lint.Config{})
	if err != nil {
		tb.Fatal(err)
	}
	o, err := e.Check("urn", raw)
	if err != nil {
		tb.Fatal(err)
	}
	return o
}
