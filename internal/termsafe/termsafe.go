// Package termsafe writes untrusted text — file and archive member names,
// WARC record IDs, link targets, identifiers, messages quoting them — so
// that a terminal or viewer shows it rather than acts on it (issue 24 §6):
// a zip member named "\x1b]0;title\a" must not set the window title, nor
// "\x1b[2J" clear the screen, nor U+202E reverse the text around it.
//
// Escaped, as Go's %q writes them without the quotes: C0 controls (\t,
// \n, \r … \x1b), DEL (\x7f), C1 controls (\u009b), the bidirectional
// controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), the
// line and paragraph separators (U+2028, U+2029) and bytes that are not
// UTF-8 (\xff). Everything else, backslashes included, is written as it
// is: the result is for reading, and escaping it again changes nothing.
// Every human-readable output and message goes through this package;
// JSON outputs escape the same characters as \u sequences (JSON).
package termsafe

import (
	"io"
	"unicode/utf8"
)

// String is s with what a terminal would act on escaped; s itself when
// there is none (no allocation).
func String(s string) string {
	i := unsafeAt(s, false)
	if i < 0 {
		return s
	}
	return string(appendFrom(make([]byte, 0, len(s)+16), s, i, false))
}

// Append appends s escaped to b.
func Append(b []byte, s string) []byte {
	i := unsafeAt(s, false)
	if i < 0 {
		return append(b, s...)
	}
	return appendFrom(b, s, i, false)
}

// Text is String for a whole message or page, whose tabs and line breaks
// are its layout: it keeps \t and \n.
func Text(s string) string {
	i := unsafeAt(s, true)
	if i < 0 {
		return s
	}
	return string(appendFrom(make([]byte, 0, len(s)+16), s, i, true))
}

// Writer returns a writer that escapes as Text what it is given, each
// write on its own: for a stream of whole messages (stderr).
func Writer(w io.Writer) io.Writer { return writer{w} }

type writer struct{ w io.Writer }

func (w writer) Write(p []byte) (int, error) {
	s := string(p)
	i := unsafeAt(s, true)
	if i < 0 {
		return w.w.Write(p)
	}
	if _, err := w.w.Write(appendFrom(make([]byte, 0, len(p)+16), s, i, true)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Unsafe reports whether r is a character this package escapes.
func Unsafe(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x2028 && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// Index is the index of the first byte of s that Text would escape (a
// control other than tab and line feed, a C1 or bidi control, a byte that
// is not UTF-8), -1 when none: what tests of an output assert.
func Index(s string) int { return unsafeAt(s, true) }

// unsafeAt is the index of the first byte of s to escape, -1 when none.
func unsafeAt(s string, layout bool) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			i++
			continue
		}
		if c < 0x80 {
			if layout && (c == '\t' || c == '\n') {
				i++
				continue
			}
			return i
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || Unsafe(r) {
			return i
		}
		i += n
	}
	return -1
}

const hex = "0123456789abcdef"

// appendFrom appends s escaped, copying s[:i] (known safe) as it is.
func appendFrom(b []byte, s string, i int, layout bool) []byte {
	b = append(b, s[:i]...)
	for i < len(s) {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			b = append(b, c)
			i++
			continue
		}
		if c < 0x80 {
			switch {
			case layout && (c == '\t' || c == '\n'):
				b = append(b, c)
			case c == '\a':
				b = append(b, `\a`...)
			case c == '\b':
				b = append(b, `\b`...)
			case c == '\f':
				b = append(b, `\f`...)
			case c == '\n':
				b = append(b, `\n`...)
			case c == '\r':
				b = append(b, `\r`...)
			case c == '\t':
				b = append(b, `\t`...)
			case c == '\v':
				b = append(b, `\v`...)
			default:
				b = append(b, '\\', 'x', hex[c>>4], hex[c&15])
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b = append(b, '\\', 'x', hex[c>>4], hex[c&15])
		case Unsafe(r):
			b = append(b, '\\', 'u', hex[r>>12&15], hex[r>>8&15], hex[r>>4&15], hex[r&15])
		default:
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return b
}

// JSON is the JSON text b with the characters String escapes written as
// \u escapes where encoding/json leaves them raw (DEL, C1 and bidi
// controls): lossless, a decoder gives the same strings back, and the
// file shown on a terminal acts on nothing. They can only stand inside
// strings, where such an escape is valid; the layout's line feeds and
// the control characters encoding/json escapes itself are left alone. b
// itself when there is nothing to do.
func JSON(b []byte) []byte {
	i := jsonAt(b)
	if i < 0 {
		return b
	}
	out := append(make([]byte, 0, len(b)+32), b[:i]...)
	for i < len(b) {
		c := b[i]
		if c < 0x7f {
			out = append(out, c)
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if c == 0x7f || r != utf8.RuneError && Unsafe(r) {
			out = append(out, '\\', 'u', hex[r>>12&15], hex[r>>8&15], hex[r>>4&15], hex[r&15])
		} else {
			out = append(out, b[i:i+n]...)
		}
		i += n
	}
	return out
}

// jsonAt is the index of the first character JSON escapes, -1 when none.
func jsonAt(b []byte) int {
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x7f {
			i++
			continue
		}
		if c == 0x7f {
			return i
		}
		r, n := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError && Unsafe(r) {
			return i
		}
		i += n
	}
	return -1
}
