package extract

import (
	"bytes"
	"math/rand"
	"testing"
)

// proseWithIDs is English-like text with an identifier every 1–5 KB and
// plenty of colons that are not schemes, as the benchmark describes.
func proseWithIDs(size int, seed int64) []byte {
	r := rand.New(rand.NewSource(seed))
	words := []string{"the", "identifier", "resolution", "namespace", "note:", "see", "http://example.org/x", "time: 12:30", "a", "of", "and", "registry", "Go", "URN", "burn", "urns"}
	ids := []string{"urn:isbn:0451450523", "URN:IETF:RFC:2648", "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "urn:example:a123,z456?=xyz", "urn:oid:1.3.6.1.4.1"}
	var b bytes.Buffer
	next := 1000 + r.Intn(4000)
	for b.Len() < size {
		if b.Len() >= next {
			b.WriteString(ids[r.Intn(len(ids))])
			b.WriteByte(' ')
			next = b.Len() + 1000 + r.Intn(4000)
			continue
		}
		b.WriteString(words[r.Intn(len(words))])
		if r.Intn(12) == 0 {
			b.WriteString(".\n")
		} else {
			b.WriteByte(' ')
		}
	}
	return b.Bytes()
}

func BenchmarkFind(b *testing.B) {
	text := proseWithIDs(16<<20, 1)
	dst := make([]Candidate, 0, 1<<14)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		dst = Find(dst[:0], text, Options{})
	}
}

func BenchmarkStream(b *testing.B) {
	text := proseWithIDs(16<<20, 1)
	s := NewStream(nil, Options{}, 0)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		s.Reset(bytes.NewReader(text))
		for s.Next() {
		}
	}
}

// The hot path allocates nothing per byte or per candidate once buffers
// have grown (a requirement, not a timing).
func TestZeroAllocs(t *testing.T) {
	text := proseWithIDs(1<<20, 2)
	dst := Find(nil, text, Options{})
	if len(dst) == 0 {
		t.Fatal("no candidates in the benchmark text")
	}
	if n := testing.AllocsPerRun(5, func() { dst = Find(dst[:0], text, Options{}) }); n != 0 {
		t.Errorf("Find: %v allocs per run", n)
	}
	s := NewStream(nil, Options{}, 0)
	rd := bytes.NewReader(text)
	s.Reset(rd)
	for s.Next() {
	}
	if n := testing.AllocsPerRun(5, func() {
		rd.Reset(text)
		s.Reset(rd)
		for s.Next() {
		}
	}); n != 0 {
		t.Errorf("Stream: %v allocs per run", n)
	}
}
