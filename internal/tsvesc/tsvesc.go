// Package tsvesc writes and reads a text line as one field of a
// tab-separated file, escaped so that the file reads as the text does:
// testdata/precision/judged.tsv, which bench/precision writes and the root
// package's precision test reads.
package tsvesc

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Escape writes a context line as one judged.tsv field: backslash, tab,
// CR, LF, other control bytes and invalid UTF-8 as \\, \t, \r, \n, \xNN;
// everything else as it is, so the file reads as the text does. A leading
// "#" is written \x23: a line starting with "#" is a comment.
func Escape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == utf8.RuneError && n == 1, r < 0x20, r == 0x7f, r == '#' && i == 0:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// Unescape reverses Escape.
func Unescape(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 >= len(s) {
			return "", fmt.Errorf("trailing backslash in %q", s)
		}
		i++
		switch s[i] {
		case '\\':
			b.WriteByte('\\')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'n':
			b.WriteByte('\n')
		case 'x':
			if i+2 >= len(s) {
				return "", fmt.Errorf("short \\x in %q", s)
			}
			v, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
			if err != nil {
				return "", err
			}
			b.WriteByte(byte(v))
			i += 2
		default:
			return "", fmt.Errorf("unknown escape \\%c in %q", s[i], s)
		}
	}
	return b.String(), nil
}
