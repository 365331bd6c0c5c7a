package extract

import "testing"

// Chars and Wide are the counts behind Match.Column and Column16 (SARIF
// §3.30.2: columns in UTF-16 code units), for other readers of the text.
func TestCharsWide(t *testing.T) {
	for _, c := range []struct {
		s           string
		chars, wide int
	}{
		{"", 0, 0},
		{"urn:x", 5, 0},
		{"é", 1, 0},        // two bytes, one character
		{"€", 1, 0},        // three bytes, in the BMP
		{"😀", 1, 1},        // four bytes: a surrogate pair in UTF-16
		{"a😀b😀c€é!", 8, 2}, // past eight bytes: the word-at-a-time path
	} {
		if got := Chars([]byte(c.s)); got != c.chars {
			t.Errorf("Chars(%q) = %d, want %d", c.s, got, c.chars)
		}
		if got := Wide([]byte(c.s)); got != c.wide {
			t.Errorf("Wide(%q) = %d, want %d", c.s, got, c.wide)
		}
	}
}
