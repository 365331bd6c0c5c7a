// Package rfc2396 holds RFC 2396's character classes (§2.2, §2.3, §3.2.2,
// §3.3, Appendix A) for the schemes built on it (lid:, go:), one table
// lookup per byte.
package rfc2396

import (
	"strings"

	"github.com/idlint/idlint/rules/internal/ascii"
)

const (
	cAlpha      = 1 << iota // alpha
	cDigit                  // digit
	cHex                    // hex
	cUnreserved             // §2.3: alphanum | mark
	cReserved               // §2.2: ; / ? : @ & = + $ ,
	cPchar                  // §3.3: unreserved | ":" | "@" | "&" | "=" | "+" | "$" | "," (escaped apart)
	cUserinfo               // §3.2.2: unreserved | ";" | ":" | "&" | "=" | "+" | "$" | "," (escaped apart)
)

var class [256]uint8

func init() {
	for c := 'a'; c <= 'z'; c++ {
		class[c] |= cAlpha | cUnreserved | cPchar | cUserinfo
		class[c-'a'+'A'] |= cAlpha | cUnreserved | cPchar | cUserinfo
	}
	for c := '0'; c <= '9'; c++ {
		class[c] |= cDigit | cHex | cUnreserved | cPchar | cUserinfo
	}
	for _, c := range "abcdefABCDEF" {
		class[c] |= cHex
	}
	for _, c := range "-_.!~*'()" { // mark
		class[c] |= cUnreserved | cPchar | cUserinfo
	}
	for _, c := range ";/?:@&=+$," {
		class[c] |= cReserved
	}
	for _, c := range ":@&=+$," {
		class[c] |= cPchar
	}
	for _, c := range ";:&=+$," {
		class[c] |= cUserinfo
	}
}

func IsAlpha(c byte) bool      { return class[c]&cAlpha != 0 }
func IsDigit(c byte) bool      { return class[c]&cDigit != 0 }
func IsAlnum(c byte) bool      { return class[c]&(cAlpha|cDigit) != 0 }
func IsHex(c byte) bool        { return class[c]&cHex != 0 }
func IsUnreserved(c byte) bool { return class[c]&cUnreserved != 0 }
func IsPchar(c byte) bool      { return class[c]&cPchar != 0 }
func IsUserinfo(c byte) bool   { return class[c]&cUserinfo != 0 }

// IsUric is uric without escaped: reserved | unreserved.
func IsUric(c byte) bool { return class[c]&(cReserved|cUnreserved) != 0 }

// HasUpperOutsideEscapes reports an upper-case ASCII letter that is not a
// hex digit of a %-escape.
func HasUpperOutsideEscapes(s string) bool {
	for i := 0; i < len(s); i++ {
		if ascii.IsEscape(s, i) {
			i += 2
			continue
		}
		if 'A' <= s[i] && s[i] <= 'Z' {
			return true
		}
	}
	return false
}

// NormEscapes writes s with %-hex in upper case and, when decode is set,
// escaped unreserved characters decoded (§2.3: they are equivalent).
func NormEscapes(b *strings.Builder, s string, decode bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && ascii.IsEscape(s, i) {
			o := ascii.Unhex(s[i+1])<<4 | ascii.Unhex(s[i+2])
			if decode && IsUnreserved(o) {
				b.WriteByte(o)
			} else {
				b.WriteByte('%')
				b.WriteByte(ascii.Upper(s[i+1]))
				b.WriteByte(ascii.Upper(s[i+2]))
			}
			i += 2
			continue
		}
		b.WriteByte(c)
	}
}

// LowerHost writes a host in lower case; any (invalid) escape keeps upper-case hex.
func LowerHost(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && ascii.IsEscape(s, i) {
			b.WriteByte('%')
			b.WriteByte(ascii.Upper(s[i+1]))
			b.WriteByte(ascii.Upper(s[i+2]))
			i += 2
			continue
		}
		b.WriteByte(ascii.Lower(s[i]))
	}
}
