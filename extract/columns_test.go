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

// lastNL, lastNLASCII, ascii and charsWide's ASCII skip agree with the byte-at-a-time
// definitions at every length and position (issue 25: both run per
// identifier, a word at a time), line feeds and non-ASCII anywhere.
func TestLastNLAndCharsWideAgree(t *testing.T) {
	bytesOf := []string{"a", "\n", "é", "😀", "\xff", "\x8a", "\x0a\x80"}
	for n := range 80 {
		for trial := range 30 {
			var b []byte
			for k := 0; len(b) < n; k++ {
				b = append(b, bytesOf[(k*7+trial*13+n)%len(bytesOf)]...)
				if trial%3 == 0 {
					b = append(b, 'x') // mostly ASCII
				}
			}
			b = b[:n]
			want := -1
			for i := len(b) - 1; i >= 0; i-- {
				if b[i] == '\n' {
					want = i
					break
				}
			}
			if got := lastNL(b); got != want {
				t.Errorf("lastNL(%q) = %d, want %d", b, got, want)
			}
			// ASCII after the line feed is told so when the whole text is
			// ASCII, and never told so wrongly
			k, asc := lastNLASCII(b)
			if k != want || asc && !ascii(b[k+1:]) || !asc && ascii(b) {
				t.Errorf("lastNLASCII(%q) = %d, %v; want %d", b, k, asc, want)
			}
			h := 0
			for i := len(b) - 1; i >= 0; i-- {
				if b[i] >= 0x80 {
					h = i + 1
					break
				}
			}
			if got := ascii(b); got != (h == 0) {
				t.Errorf("ascii(%q) = %v, want %v", b, got, h == 0)
			}
			c, w := 0, 0
			for _, x := range b {
				if x&0xC0 != 0x80 {
					c++
				}
				if x&0xF8 == 0xF0 {
					w++
				}
			}
			if gc, gw := charsWide(b); gc != c || gw != w {
				t.Errorf("charsWide(%q) = %d, %d; want %d, %d", b, gc, gw, c, w)
			}
		}
	}
}
