package xri

import (
	"unicode"
	"unicode/utf8"
)

// Character classes of both profiles as one table lookup per ASCII byte.
const (
	cAlpha     uint32 = 1 << iota // ALPHA
	cDigit                        // DIGIT
	cHex                          // HEXDIG
	cXUnres                       // rc2 §2.2.3 xri-unreserved (ASCII part): ALPHA DIGIT - _ ~ '
	cXPchar                       // rc2 §2.1.2 xri-pchar (ASCII part, escapes apart)
	cPchar                        // rc2 §2.1.3 pchar (rfc2396): unreserved / ; : @ & = + $ ,
	cUserinfo                     // rc2 §2.1.1.1 userinfo (escapes apart)
	cUric                         // rfc2396 uric plus "#" "[" "]": what a URI cross-reference may hold
	cGCS1                         // rc2 §2.1.1.3 gcs-char: + = @ $ * !
	cGCS2                         // xri-2.0 gcs: = @ + $ ! (rgcs-char and "!")
	cIUnres                       // rfc3987 iunreserved (ASCII part): ALPHA DIGIT - . _ ~
	cX2Pchar                      // xri-2.0 xri-pchar (ASCII part): iunreserved / xri-sub-delims / ":"
	cIPchar                       // rfc3987 ipchar (ASCII part): iunreserved / sub-delims / ":" / "@"
	cIUserinfo                    // rfc3987 iuserinfo (ASCII part)
	cIRegName                     // rfc3987 ireg-name (ASCII part)
	cScheme                       // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
	cExcluded                     // rc2 §2.2.5 excluded (ASCII part): CTL SP < > % " { } | \ ^ `
	cHostChar                     // ASCII allowed in a hostname before IDNA: ALPHA DIGIT - .
)

var class [256]uint32

func init() {
	set := func(chars string, bits uint32) {
		for i := 0; i < len(chars); i++ {
			class[chars[i]] |= bits
		}
	}
	for c := 'a'; c <= 'z'; c++ {
		class[c] |= cAlpha
		class[c-'a'+'A'] |= cAlpha
	}
	for c := '0'; c <= '9'; c++ {
		class[c] |= cDigit | cHex
	}
	set("abcdefABCDEF", cHex)
	const alnum = cAlpha | cDigit
	for c := 0; c < 128; c++ {
		if class[c]&alnum != 0 {
			class[c] |= cXUnres | cXPchar | cPchar | cUserinfo | cUric | cIUnres | cX2Pchar | cIPchar |
				cIUserinfo | cIRegName | cScheme | cHostChar
		}
	}
	set("-_~'", cXUnres|cXPchar)
	set(";!*@&=+$,", cXPchar)
	// rfc2396 §2.3 mark; pchar adds ; : @ & = + $ ,
	set("-_.!~*'()", cPchar|cUserinfo|cUric)
	set(";:@&=+$,", cPchar)
	set(";:&=+$,", cUserinfo)
	set(";/?:@&=+$,#[]%", cUric)
	set("+=@$*!", cGCS1)
	set("=@+$!", cGCS2)
	set("-._~", cIUnres|cX2Pchar|cIPchar|cIUserinfo|cIRegName)
	set("&;,':", cX2Pchar)
	set("!$&'()*+,;=:@", cIPchar)
	set("!$&'()*+,;=:", cIUserinfo)
	set("!$&'()*+,;=", cIRegName)
	set("+-.", cScheme)
	set("-.", cHostChar)
	for c := 0; c < 0x20; c++ {
		class[c] |= cExcluded
	}
	class[0x7f] |= cExcluded
	set(" <>%\"{}|\\^`", cExcluded)
}

func is(c byte, bits uint32) bool { return class[c]&bits != 0 }

func isAlpha(c byte) bool { return class[c]&cAlpha != 0 }
func isDigit(c byte) bool { return class[c]&cDigit != 0 }
func isHex(c byte) bool   { return class[c]&cHex != 0 }

// isUcschar is rc2 §2.2.3 ucschar with its intent: the ranges of RFC 3987
// ucschar. The rc2 text prints %x10000-1FFFFD (one F too many) and Appendix
// A %x30000-3FFFF (one D too few); both mean planes 1–13 minus the last two
// code points of each, and %xE1000-EFFFD.
func isUcschar(r rune) bool {
	switch {
	case r < 0xA0:
		return false
	case r <= 0xD7FF:
		return true
	case r < 0xF900:
		return false // surrogates and the private use area
	case r <= 0xFDCF:
		return true
	case r < 0xFDF0:
		return false // noncharacters
	case r <= 0xFFEF:
		return true
	case r < 0x10000:
		return false
	case r >= 0xE0000 && r < 0xE1000:
		return false // tags and variation selectors supplement
	case r > 0xEFFFD:
		return false // planes 15 and 16: private use
	}
	return r&0xFFFF <= 0xFFFD
}

// isIPrivate is rfc3987 iprivate, allowed in an xri-2.0 query.
func isIPrivate(r rune) bool {
	return (r >= 0xE000 && r <= 0xF8FF) || (r >= 0xF0000 && r <= 0xFFFFD) || (r >= 0x100000 && r <= 0x10FFFD)
}

// isInvisible reports ucschar code points that render as nothing or as
// space: rc2 §2.2.5 says unescaped whitespace SHOULD be avoided, and bidi
// and other format controls make look-alike identifiers.
func isInvisible(r rune) bool {
	return unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Cc, r)
}

// decodable reports whether an escaped character may be written literally
// without changing the XRI (rc2 §2.4.2): xri-unreserved characters, where
// ucschar excludes invisible ones (decoding those would hide them).
func decodable(r rune, v2 bool) bool {
	if r < utf8.RuneSelf {
		if v2 {
			return is(byte(r), cIUnres) && r != '.'
		}
		return is(byte(r), cXUnres)
	}
	return isUcschar(r) && !isInvisible(r)
}

const hexdigits = "0123456789ABCDEF"

// charName renders a character for a message.
func charName(s string, i int) string {
	c := s[i]
	if c > ' ' && c < 0x7f {
		return "'" + string(rune(c)) + "'"
	}
	if c >= utf8.RuneSelf {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError || n > 1 {
			return "U+" + hex4(r)
		}
	}
	return "octet 0x" + string([]byte{hexdigits[c>>4], hexdigits[c&15]})
}

func hex4(r rune) string {
	var b [8]byte
	n := len(b)
	for v := uint32(r); v > 0 || n > len(b)-4; v >>= 4 {
		n--
		b[n] = hexdigits[v&15]
	}
	return string(b[n:])
}

// appendEscaped appends the UTF-8 octets of r as %XX triplets.
func appendEscaped(b []byte, r rune) []byte {
	var u [4]byte
	n := utf8.EncodeRune(u[:], r)
	for _, o := range u[:n] {
		b = append(b, '%', hexdigits[o>>4], hexdigits[o&15])
	}
	return b
}

// schemeEnd returns the index of the ":" ending a scheme at the start of
// s, or -1.
func schemeEnd(s string) int {
	if s == "" || !isAlpha(s[0]) {
		return -1
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if c == ':' {
			return i
		}
		if !is(c, cScheme) {
			return -1
		}
	}
	return -1
}
