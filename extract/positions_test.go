package extract

import (
	"strings"
	"testing"
)

// issue 24 §5: Positions gives Position16 at every offset, as lines,
// characters (multi-byte, astral) and a jump back come, and examines each
// byte of the text once for increasing offsets, so that the positions of
// a document's n identifiers cost one pass, not n (a 4 MB XRDS took 10 s).
func TestPositions(t *testing.T) {
	for _, tc := range []struct {
		name string
		text string
		step int
		back bool
	}{
		{"lines", strings.Repeat("<CanonicalID>=!E4</CanonicalID>\n", 40), 7, false},
		{"one line", strings.Repeat("<LocalID>@é😀x</LocalID>", 40), 5, false},
		{"CRLF and astral", strings.Repeat("a😀\r\nbé\n\n", 30), 3, false},
		{"back", strings.Repeat("ab\ncd😀\n", 30), 4, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := []byte(tc.text)
			p := Positions{Text: text}
			offs := []int{}
			for off := 0; off <= len(text); off += tc.step {
				offs = append(offs, off)
			}
			if tc.back {
				offs = append(offs, 3, len(text)/2, 0, len(text))
			}
			for _, off := range offs {
				// offsets inside a UTF-8 sequence are not asked (identifiers
				// start at ASCII), but they must still agree
				l, c, c16 := p.At(off)
				wl, wc, wc16 := Position16(text, off)
				if l != wl || c != wc || c16 != wc16 {
					t.Fatalf("offset %d: %d:%d (%d), want %d:%d (%d)", off, l, c, c16, wl, wc, wc16)
				}
			}
			if !tc.back && p.Scanned != int64(offs[len(offs)-1]) {
				t.Errorf("examined %d bytes for positions up to %d: want each byte once", p.Scanned, offs[len(offs)-1])
			}
		})
	}
}

// issue 24 §5: the work of a document's positions grows linearly with its
// size: doubling the text (and its identifiers) doubles the bytes
// examined, where counting each one's line from the start quadrupled it.
func TestPositionsLinear(t *testing.T) {
	var scanned [2]int64
	for i, n := range []int{1000, 2000} {
		text := []byte(strings.Repeat("<XRD><CanonicalID>=!E4</CanonicalID></XRD>\n", n))
		p := Positions{Text: text}
		for off := range text {
			if text[off] == '=' {
				p.At(off)
			}
		}
		scanned[i] = p.Scanned
	}
	if scanned[1] > 2*scanned[0]+64 {
		t.Errorf("bytes examined: %d for n, %d for 2n: not linear", scanned[0], scanned[1])
	}
}
