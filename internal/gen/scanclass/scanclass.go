// Package scanclass derives the scanner's candidate-filter letter classes
// from the scheme registry, for the two generators that write extract's
// tables: schemetable (the Go table) and kernelasm (the SIMD nibble
// tables), so the two cannot disagree.
package scanclass

import (
	"slices"

	"github.com/idlint/idlint/rules"
)

// Letters returns, in registry order without repeats, the last letters
// of the scheme names (class A) and the letters before them (class B),
// in lower case. Names are two or more lower-case ASCII letters.
func Letters(all []*rules.Scheme) (a, b []byte) {
	for _, s := range all {
		if len(s.Name) < 2 {
			continue // rejected by schemetable
		}
		if c := s.Name[len(s.Name)-1]; !slices.Contains(a, c) {
			a = append(a, c)
		}
		if c := s.Name[len(s.Name)-2]; !slices.Contains(b, c) {
			b = append(b, c)
		}
	}
	return a, b
}

// Product is one (high nibbles) x (low nibbles) product of a class's
// nibble tables; bit is its bit in both tables.
type Product struct {
	Hi, Lo []byte
	Bit    byte
}

// Products factors a set of lower-case ASCII letters into nibble
// products, one per high nibble: a letter and its upper case share the
// low nibble and differ by 2 in the high one. Bits count from first (then
// step: 1 upwards, -1 downwards), so class A and class B keep apart bits.
func Products(letters []byte, first byte, up bool) []Product {
	var out []Product
	for _, c := range letters {
		hi := c >> 4
		i := slices.IndexFunc(out, func(p Product) bool { return p.Hi[1] == hi })
		if i < 0 {
			bit := first
			for range out {
				if up {
					bit <<= 1
				} else {
					bit >>= 1
				}
			}
			out = append(out, Product{Hi: []byte{hi - 2, hi}, Bit: bit})
			i = len(out) - 1
		}
		out[i].Lo = append(out[i].Lo, c&15)
	}
	return out
}
