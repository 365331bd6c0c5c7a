package reports

import (
	"bytes"
	"math/rand"
	"slices"
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

// writeLog records the size of each Write.
type writeLog struct {
	bytes.Buffer
	sizes []int
}

func (w *writeLog) Write(p []byte) (int, error) {
	w.sizes = append(w.sizes, len(p))
	return w.Buffer.Write(p)
}

// issue 25 (identifier-dense text into a pipe): without source records a
// JSONL sink's occurrences go out in large writes — an encoded batch in
// one, Occurrence calls in jsonlAlone buffers, not 64 KiB ones — and the
// bytes are those of the shared 64 KiB path.
func TestJSONLAloneWritesLarge(t *testing.T) {
	e, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var occs []lint.Occurrence
	for i := range 20000 {
		o, err := e.Check("urn", "urn:example:"+strings.Repeat("x", i%50))
		if err != nil {
			t.Fatal(err)
		}
		o.Source, o.Offset, o.Line, o.Column = "a.txt", int64(i*100), i+1, 1
		occs = append(occs, o)
	}
	var shared bytes.Buffer
	j := NewJSONL(&shared, &bytes.Buffer{})
	for i := range occs {
		j.Occurrence(&occs[i])
	}
	j.Flush()
	if shared.Len() < 2*jsonlAlone {
		t.Fatalf("only %d bytes: the test needs several buffers' worth", shared.Len())
	}

	var each writeLog
	j = NewJSONL(&each, nil)
	for i := range occs {
		j.Occurrence(&occs[i])
	}
	j.Flush()
	if !bytes.Equal(each.Bytes(), shared.Bytes()) {
		t.Fatal("Occurrence without sources: output differs")
	}
	for _, n := range each.sizes[:len(each.sizes)-1] {
		if n < 512<<10 {
			t.Fatalf("writes of %v bytes, want each but the last ≥ 512 KiB", each.sizes)
		}
	}

	// writeBatches writes occs to j as encoded batches of every
	// occurrences and returns the batches' sizes
	writeBatches := func(j *JSONL, every int) []int {
		en := j.NewEncoder()
		var batch []byte
		var sizes []int
		for i := range occs {
			batch, _ = en.Append(batch, &occs[i])
			if (i+1)%every == 0 || i == len(occs)-1 {
				sizes = append(sizes, len(batch))
				if err := j.WriteEncoded(batch); err != nil {
					t.Fatal(err)
				}
				batch = batch[:0]
			}
		}
		j.Flush()
		return sizes
	}
	var enc writeLog
	j = NewJSONL(&enc, nil)
	sizes := writeBatches(j, 1024)
	if !bytes.Equal(enc.Bytes(), shared.Bytes()) {
		t.Fatal("WriteEncoded without sources: output differs")
	}
	if !slices.Equal(enc.sizes, sizes) {
		t.Errorf("writes of %v bytes, want one per batch: %v", enc.sizes, sizes)
	}

	// small batches (small files') are gathered, not a write each
	var small writeLog
	writeBatches(NewJSONL(&small, nil), 10)
	if !bytes.Equal(small.Bytes(), shared.Bytes()) {
		t.Fatal("WriteEncoded of small batches without sources: output differs")
	}
	for _, n := range small.sizes[:len(small.sizes)-1] {
		if n < 512<<10 {
			t.Fatalf("small batches written in %v bytes, want each but the last ≥ 512 KiB", small.sizes)
		}
	}
}
