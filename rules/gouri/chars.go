package gouri

import "github.com/idlint/idlint/rules/internal/ascii"

// RFC 2396 character classes (§2.2, §2.3, Appendix A), one table lookup per byte.
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

func isAlpha(c byte) bool      { return class[c]&cAlpha != 0 }
func isDigit(c byte) bool      { return class[c]&cDigit != 0 }
func isAlnum(c byte) bool      { return class[c]&(cAlpha|cDigit) != 0 }
func isHex(c byte) bool        { return class[c]&cHex != 0 }
func isUnreserved(c byte) bool { return class[c]&cUnreserved != 0 }

func isUserinfoChar(c byte) bool { return class[c]&cUserinfo != 0 }

func lower(c byte) byte { return ascii.Lower(c) }

func upper(c byte) byte { return ascii.Upper(c) }

func unhex(c byte) byte { return ascii.Unhex(c) }

// hasPrefixFold: prefix must be lower case.
func hasPrefixFold(s, prefix string) bool { return ascii.HasPrefixFold(s, prefix) }

func isEscape(s string, i int) bool { return ascii.IsEscape(s, i) }

func charName(c byte) string { return ascii.CharName(c) }

// hasUpperOutsideEscapes reports an upper-case ASCII letter that is not
// a hex digit of a %-escape.
func hasUpperOutsideEscapes(s string) bool {
	for i := 0; i < len(s); i++ {
		if isEscape(s, i) {
			i += 2
			continue
		}
		if 'A' <= s[i] && s[i] <= 'Z' {
			return true
		}
	}
	return false
}

// equalFold is ASCII case-insensitive equality; b must be lower case.
func equalFold(a, b string) bool { return len(a) == len(b) && hasPrefixFold(a, b) }
