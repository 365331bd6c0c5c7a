package extract

import (
	"bytes"
	"strings"
	"testing"
	"testing/iotest"
)

// Ahead(i) is the scheme and raw text of the match i Nexts later,
// whenever it answers (issue 25 §2: the memo prefetches by it), whatever
// the reader's sizes; it answers within a scanned window, not past it.
func TestStreamAhead(t *testing.T) {
	var sb strings.Builder
	for i := range 3000 {
		sb.WriteString("id urn:isbn:97800000" + strings.Repeat("1", i%7) + " and xri://=a*b" + strings.Repeat("c", i%5) + ", go:build\n")
	}
	text := sb.String()
	for _, c := range []struct {
		name string
		st   func() *Stream
	}{
		{"bytes", func() *Stream {
			s := NewStream(nil, Options{Schemes: AllSchemes}, 0)
			s.ResetBytes([]byte(text), 0)
			return s
		}},
		{"reader", func() *Stream {
			return NewStream(strings.NewReader(text), Options{Schemes: AllSchemes}, 4096)
		}},
		{"half reader", func() *Stream {
			return NewStream(iotest.HalfReader(strings.NewReader(text)), Options{Schemes: AllSchemes}, 4096)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			type seen struct {
				sc  Scheme
				raw []byte
			}
			var all []seen
			var ords []uint64
			ahead := map[[2]int]seen{} // [match, i] → what Ahead said
			s := c.st()
			if _, _, ok := s.Ahead(1); ok {
				t.Error("Ahead before the first Next answered")
			}
			for k := 0; s.Next(); k++ {
				m := s.Match()
				all = append(all, seen{m.Scheme, bytes.Clone(m.Raw)})
				ords = append(ords, s.Ord())
				for _, i := range []int{0, -1} {
					if _, _, ok := s.Ahead(i); ok {
						t.Errorf("Ahead(%d) answered", i)
					}
				}
				for i := 1; i <= 8; i++ {
					if sc, raw, ok := s.Ahead(i); ok {
						ahead[[2]int{k, i}] = seen{sc, bytes.Clone(raw)}
					}
				}
			}
			if len(all) != 9000 || len(ahead) < len(all) {
				t.Fatalf("%d matches, %d answers from Ahead", len(all), len(ahead))
			}
			for k := 1; k < len(ords); k++ {
				if ords[k] != ords[k-1]+1 {
					t.Fatalf("Ord %d after %d", ords[k], ords[k-1])
				}
			}
			for ki, a := range ahead {
				w := all[ki[0]+ki[1]]
				if a.sc != w.sc || !bytes.Equal(a.raw, w.raw) {
					t.Errorf("match %d Ahead(%d) = %v %q, then matched %v %q", ki[0], ki[1], a.sc, a.raw, w.sc, w.raw)
				}
			}
		})
	}
}

// Ord never gives a number twice, across Resets of any kind and matches
// left unread (issue 25: work started for the match Ahead(i), Ord()+i,
// must not be taken for another text's).
func TestStreamOrdNeverReused(t *testing.T) {
	text := []byte(strings.Repeat("urn:a:b urn:c:d\n", 50))
	s := NewStream(nil, Options{}, 0)
	seen := map[uint64]bool{}
	for round := range 6 {
		switch round % 3 {
		case 0:
			s.ResetBytes(text, 0)
		case 1:
			s.Reset(bytes.NewReader(text))
		default:
			s.ResetAt(iotest.HalfReader(bytes.NewReader(text)), 7)
		}
		for k := 0; k < 30+round*10 && s.Next(); k++ { // some left unread
			if seen[s.Ord()] {
				t.Fatalf("round %d: Ord %d again", round, s.Ord())
			}
			seen[s.Ord()] = true
		}
	}
}
