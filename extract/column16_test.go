package extract

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf16"
	"unicode/utf8"
)

// Match.Column16 counts UTF-16 code units, as SARIF's
// columnKind "utf16CodeUnits" does (sarif-v2.1.0 §3.14.23, issue 20 §6):
// a character beyond the BMP before an identifier shifts it by 2, one in
// the BMP by 1, whatever sizes the reader returns.
func TestColumn16(t *testing.T) {
	for _, c := range []struct {
		name, text string
		col, col16 int
	}{
		{"ascii", "ab urn:a:bc", 4, 4},
		{"bmp non-ASCII shifts by 1", "é urn:a:bc", 3, 3},
		{"CJK (3 UTF-8 bytes, one unit)", "漢字 urn:a:bc", 4, 4},
		{"non-BMP shifts by 2", "😀 urn:a:bc", 3, 4},
		{"two non-BMP", "😀𝔘 urn:a:bc", 4, 6},
		{"non-BMP on an earlier line", "😀😀\nx urn:a:bc", 3, 3},
		{"long line (the 8-byte loop)", strings.Repeat("😀a", 20) + " urn:a:bc", 42, 62},
		{"invalid byte counts once", "\xff urn:a:bc", 3, 3},
	} {
		for _, r := range []struct {
			name string
			wrap func(s string) *Stream
		}{
			{"whole", func(s string) *Stream { st := NewStream(nil, Options{}, 0); st.ResetBytes([]byte(s), 0); return st }},
			{"one byte a read", func(s string) *Stream {
				return NewStream(iotest.OneByteReader(strings.NewReader(s)), Options{}, 0)
			}},
		} {
			st := r.wrap(c.text)
			if !st.Next() {
				t.Fatalf("%s/%s: no match in %q", c.name, r.name, c.text)
			}
			if m := st.Match(); m.Column != c.col || m.Column16 != c.col16 {
				t.Errorf("%s/%s: column %d, column16 %d; want %d, %d", c.name, r.name, m.Column, m.Column16, c.col, c.col16)
			}
		}
		off := strings.Index(c.text, "urn:")
		if _, col, col16 := Position16([]byte(c.text), off); col != c.col || col16 != c.col16 {
			t.Errorf("%s: Position16 column %d, %d; want %d, %d", c.name, col, col16, c.col, c.col16)
		}
	}
}

// wide agrees with encoding the text as UTF-16, for valid UTF-8, and
// charsWide with chars and wide.
func TestWideMatchesUTF16(t *testing.T) {
	for _, s := range []string{"", "abc", "😀", "a😀b𝔘cé漢" + strings.Repeat("😀x", 9), strings.Repeat("\U0010FFFF", 17)} {
		want := len(utf16.Encode([]rune(s))) - utf8.RuneCountInString(s)
		if got := wide([]byte(s)); got != want {
			t.Errorf("wide(%q) = %d, want %d", s, got, want)
		}
		if n, w := charsWide([]byte(s)); n != chars([]byte(s)) || w != want {
			t.Errorf("charsWide(%q) = %d, %d; want %d, %d", s, n, w, chars([]byte(s)), want)
		}
	}
}

// Column16 equals the UTF-16 length of the line before the identifier,
// plus one, for random mixes of ASCII, BMP and non-BMP characters and
// newlines, read whole, a byte at a time and in odd-sized reads
// (sarif-v2.1.0 §3.14.23; issue 20 §6).
func TestColumn16Random(t *testing.T) {
	pieces := []string{"a", " ", "é", "漢", "😀", "\U0010FFFF", "\n", "xy "}
	rng := rand.New(rand.NewPCG(20, 6))
	for i := range 300 {
		var b strings.Builder
		var want []int
		for range 1 + rng.IntN(40) {
			if rng.IntN(6) == 0 {
				b.WriteString(" ") // a word boundary before it
				text := b.String()
				line := text[strings.LastIndexByte(text, '\n')+1:]
				want = append(want, len(utf16.Encode([]rune(line)))+1)
				b.WriteString("urn:ab:cd ")
				continue
			}
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		text := b.String()
		for _, rd := range []io.Reader{strings.NewReader(text), iotest.OneByteReader(strings.NewReader(text)), iotest.HalfReader(strings.NewReader(text))} {
			st := NewStream(rd, Options{}, 0)
			var got []int
			for st.Next() {
				got = append(got, st.Match().Column16)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("text %d %q: Column16 %v, want %v", i, text, got, want)
			}
		}
	}
}
