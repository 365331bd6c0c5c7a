// Package ascii holds the byte-level helpers every scheme parser in rules/
// shares: ASCII case mapping, hex digits, case-insensitive prefixes and
// readable names for bytes in messages. Small enough to inline.
package ascii

// Lower maps A-Z to a-z.
func Lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// Upper maps a-z to A-Z.
func Upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

// IsHex reports a HEXDIG (rfc5234 §B.1, either case).
func IsHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// Unhex is the value of a hex digit (c must be one).
func Unhex(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

// HasPrefixFold reports whether s starts with prefix, ASCII
// case-insensitively; prefix must be lower case.
func HasPrefixFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if Lower(s[i]) != prefix[i] {
			return false
		}
	}
	return true
}

// EqualFold is ASCII case-insensitive equality; b must be lower case.
func EqualFold(a, b string) bool { return len(a) == len(b) && HasPrefixFold(a, b) }

// IsEscape reports whether s[i:] starts with "%" HEXDIG HEXDIG.
func IsEscape(s string, i int) bool {
	return i+2 < len(s) && s[i] == '%' && IsHex(s[i+1]) && IsHex(s[i+2])
}

// CharName renders a byte for a message: printable ASCII quoted, others in hex.
func CharName(c byte) string {
	if c > ' ' && c < 0x7f {
		return "'" + string(rune(c)) + "'"
	}
	const hexdig = "0123456789ABCDEF"
	return "octet 0x" + string([]byte{hexdig[c>>4], hexdig[c&15]})
}

// HasUpper reports whether s holds an ASCII upper-case letter, 8 bytes at
// a time: a byte b is one when b+0x80-'A' has its top bit and b+0x80-'Z'-1
// has not, computed per byte without carries across bytes.
func HasUpper(s string) bool {
	for len(s) >= 8 {
		w := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		const ones, high = 0x0101010101010101, 0x8080808080808080
		if w&high == 0 { // ASCII: the per-byte sums below do not carry
			ge := (w | high) - ones*'A'     // top bit: b >= 'A'
			le := (w | high) - ones*('Z'+1) // top bit: b > 'Z'
			if ge&^le&high != 0 {
				return true
			}
		} else if hasUpperBytes(s[:8]) {
			return true
		}
		s = s[8:]
	}
	return hasUpperBytes(s)
}

func hasUpperBytes(s string) bool {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return true
		}
	}
	return false
}
