// Package rfc2396 holds RFC 2396's character classes (§2.2, §2.3, §3.2.2,
// §3.3, Appendix A) for the schemes built on it (lid:, go:), one table
// lookup per byte, and its dot-segment removal (§5.2 step 6), which
// xri: resolution shares.
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

// RemoveDots removes "." and ".." complete segments from an absolute path
// (one that starts with "/"; others are returned as they are), as rfc2396
// §5.2 step 6 c–f does for a merged path. ".." segments that would climb
// above the root are kept (step 6g allows keeping them; Appendix C.2
// shows "http://a/../g"); above reports them. A path that ends in a dot
// segment keeps its trailing slash. The result has no "." segment and
// ".." only at its start, so removing dots again changes nothing.
//
// split cuts path[1:] into segments; nil splits at every "/" (XRI passes
// one that keeps a cross-reference's "/" inside its segment).
func RemoveDots(path string, split func(string) []string) (out string, changed, above bool) {
	// a dot segment always follows a "/"
	if !strings.HasPrefix(path, "/") || !strings.Contains(path, "/.") {
		return path, false, false
	}
	var segs []string
	if split != nil {
		segs = split(path[1:])
	} else {
		segs = strings.Split(path[1:], "/")
	}
	st := make([]string, 0, len(segs))
	for i, seg := range segs {
		last := i == len(segs)-1
		switch seg {
		case ".":
			if last {
				st = append(st, "")
			}
		case "..":
			if len(st) > 0 && st[len(st)-1] != ".." {
				st = st[:len(st)-1]
				if last {
					st = append(st, "")
				}
			} else {
				st = append(st, "..")
				above = true
			}
		default:
			st = append(st, seg)
		}
	}
	out = "/" + strings.Join(st, "/")
	return out, out != path, above
}
