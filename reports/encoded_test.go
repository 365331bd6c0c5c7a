package reports

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
)

// issue 25 (emitter): occurrences a JSONL sink takes encoded, in batches
// of any size, reach its writer at the same flushes as one Occurrence
// call each: with --sources - both share stdout, and the source records
// fall between the same bytes. Lines short and long (beyond the
// writer's buffer), batches of one line to hundreds.
func TestWriteEncodedFlushesAsOccurrence(t *testing.T) {
	e, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(25))
	var occs []lint.Occurrence
	for i := range 3000 {
		raw := "urn:example:" + strings.Repeat("x", r.Intn(60))
		if i%97 == 0 {
			raw = "urn:example:" + strings.Repeat("y", 4000+r.Intn(70000))
		}
		o, err := e.Check("urn", raw)
		if err != nil {
			t.Fatal(err)
		}
		o.Source, o.Offset, o.Line, o.Column = "a.txt", int64(i*100), i+1, 1
		occs = append(occs, o)
	}
	src := func(i int) *record.Source {
		return &record.Source{Source: "a.txt", Member: string(rune('a' + i%26)), Status: record.StatusOK}
	}
	var want bytes.Buffer
	j := NewJSONL(&want, &want)
	for i := range occs {
		if err := j.Occurrence(&occs[i]); err != nil {
			t.Fatal(err)
		}
		if i%13 == 0 {
			j.Source(src(i))
		}
	}
	j.Flush()
	var got bytes.Buffer
	j = NewJSONL(&got, &got)
	enc := j.NewEncoder()
	var batch []byte
	for i := range occs {
		batch, _ = enc.Append(batch, &occs[i])
		if i%13 == 0 || r.Intn(50) == 0 { // a source record, or a batch full
			if err := j.WriteEncoded(batch); err != nil {
				t.Fatal(err)
			}
			batch = batch[:0]
		}
		if i%13 == 0 {
			j.Source(src(i))
		}
	}
	j.WriteEncoded(batch)
	j.Flush()
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		i := 0
		for i < min(got.Len(), want.Len()) && got.Bytes()[i] == want.Bytes()[i] {
			i++
		}
		t.Fatalf("encoded output differs at byte %d of %d", i, want.Len())
	}
}
