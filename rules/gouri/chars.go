package gouri

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

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

func unhex(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

// hasPrefixFold reports whether s starts with prefix, ASCII
// case-insensitively; prefix must be lower case.
func hasPrefixFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if lower(s[i]) != prefix[i] {
			return false
		}
	}
	return true
}

// isEscape reports whether s[i:] starts with "%" hex hex.
func isEscape(s string, i int) bool {
	return i+2 < len(s) && s[i] == '%' && isHex(s[i+1]) && isHex(s[i+2])
}

// charName renders a byte for a message: printable ASCII quoted, others in hex.
func charName(c byte) string {
	if c > ' ' && c < 0x7f {
		return "'" + string(rune(c)) + "'"
	}
	const hexdig = "0123456789ABCDEF"
	return "octet 0x" + string([]byte{hexdig[c>>4], hexdig[c&15]})
}

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
