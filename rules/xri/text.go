package xri

import (
	"bytes"
	"unicode"
	"unicode/utf8"

	"github.com/idlint/idlint/rules/internal/ascii"
	"golang.org/x/text/unicode/norm"
)

// tctx is the component a character sits in; it decides which characters
// may appear literally and which escapes are unnecessary.
type tctx uint8

const (
	tSub   tctx = iota // sub-segment text (rc2 xri-pchar; xri-2.0 xri-pchar)
	tQuery             // rc2 pchar / "/" / "?"; xri-2.0 iquery
	tFrag              // rc2 pchar / "/" / "?"; xri-2.0 ifragment
	tUser              // userinfo (rc2 §2.1.1.1; rfc3987 iuserinfo)
	tHost              // a host name
	tURI               // a URI or IRI inside a cross-reference
)

func (c tctx) String() string {
	switch c {
	case tQuery:
		return "query"
	case tFrag:
		return "fragment"
	case tUser:
		return "userinfo"
	case tHost:
		return "host"
	case tURI:
		return "cross-referenced URI"
	}
	return "sub-segment"
}

// literal reports whether the ASCII byte c may appear unescaped in ctx.
func literal(c byte, ctx tctx, v2 bool) bool {
	switch ctx {
	case tSub:
		if v2 {
			return is(c, cX2Pchar)
		}
		return is(c, cXPchar)
	case tQuery, tFrag:
		if c == '/' || c == '?' {
			return true
		}
		if v2 {
			return is(c, cIPchar)
		}
		return is(c, cPchar)
	case tUser:
		if v2 {
			return is(c, cIUserinfo)
		}
		return is(c, cUserinfo)
	case tHost:
		if v2 {
			return is(c, cIRegName)
		}
		return is(c, cHostChar)
	case tURI:
		return is(c, cUric) || c == '(' || c == ')'
	}
	return false
}

// literalRune reports whether the non-ASCII r may appear unescaped in ctx.
func literalRune(r rune, ctx tctx, v2 bool) bool {
	return isUcschar(r) || (v2 && ctx == tQuery && isIPrivate(r))
}

// decodesASCII reports whether an escaped ASCII octet c is unnecessary in
// ctx (rc2 §2.2.3, §2.4.2): it encodes an unreserved character, so the
// canonical form decodes it. Delimiters ("." ":" in rc2, "*" "!" in
// xri-2.0, parentheses and the rest) stay escaped.
//
// Under xri-2.0 "." is unreserved, but %2E stays escaped: decoding it
// could turn a segment into the dot-segment "." or "..".
func decodesASCII(c byte, ctx tctx, v2 bool) bool {
	switch ctx {
	case tSub, tQuery, tFrag:
		if v2 {
			return is(c, cIUnres) && c != '.'
		}
		return is(c, cXUnres)
	}
	return is(c, cIUnres) && c != '.' // rfc3986 unreserved: ALPHA DIGIT - . _ ~
}

// decodesRune is decodesASCII for a non-ASCII character: any visible
// ucschar, except inside a cross-referenced URI (URIs are ASCII).
func decodesRune(r rune, ctx tctx, v2 bool) bool {
	return ctx != tURI && decodable(r, v2)
}

// char checks the character at i in ctx and returns the index after it.
func (p *parser) char(i int, ctx tctx) int {
	s := p.s
	c := s[i]
	if c == '%' {
		return p.escape(i, ctx)
	}
	if c < utf8.RuneSelf {
		if !literal(c, ctx, p.v2) {
			if is(c, cExcluded) {
				p.add(ExcludedChar, i, i+1, charName(s, i)+" is an excluded character and must be percent-encoded")
			} else {
				p.add(UnexpectedChar, i, i+1, charName(s, i)+" is not allowed in the "+ctx.String())
			}
		}
		return i + 1
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == utf8.RuneError && n <= 1:
		p.add(ExcludedChar, i, i+1, charName(s, i)+" is not UTF-8 (rc2 §2.2.1) and must be percent-encoded")
		return i + 1
	case !literalRune(r, ctx, p.v2):
		p.add(ExcludedChar, i, i+n, charName(s, i)+" is not a ucschar and must be percent-encoded")
	case isInvisible(r):
		p.add(InvisibleChar, i, i+n, charName(s, i)+" is invisible or white space; write it percent-encoded")
	}
	return i + n
}

// escape checks the %-escape at s[i] (and the escapes of the same UTF-8
// character after it) and returns the index after them.
func (p *parser) escape(i int, ctx tctx) int {
	s := p.s
	if !isTriplet(s, i) {
		end := min2(i+3, len(s))
		p.add(BadPercent, i, end, `"%" is not followed by two hex digits: "`+clipTo(s[i:end])+`"; write a literal "%" as %25`)
		return i + 1
	}
	o := ascii.Unhex(s[i+1])<<4 | ascii.Unhex(s[i+2])
	p.hexCase(i)
	if o < utf8.RuneSelf {
		if decodesASCII(o, ctx, p.v2) {
			p.add(UnneededEscape, i, i+3, `"`+s[i:i+3]+`" encodes '`+string(rune(o))+`', an unreserved character that needs no escaping`)
		}
		return i + 3
	}
	var buf [utf8.UTFMax]byte
	n := utf8SeqLen(o)
	if n == 0 {
		p.add(NotUTF8, i, i+3, `"`+s[i:i+3]+`" cannot start a UTF-8 sequence`)
		return i + 3
	}
	buf[0] = o
	j := i + 3
	for k := 1; k < n; k++ {
		if !isTriplet(s, j) {
			break
		}
		b := ascii.Unhex(s[j+1])<<4 | ascii.Unhex(s[j+2])
		if b&0xC0 != 0x80 {
			break
		}
		p.hexCase(j)
		buf[k] = b
		j += 3
		if k == n-1 {
			r, size := utf8.DecodeRune(buf[:n])
			if r == utf8.RuneError && size <= 1 {
				p.add(NotUTF8, i, j, `"`+s[i:j]+`" is not valid UTF-8 (rc2 §2.2.1)`)
				return j
			}
			if decodesRune(r, ctx, p.v2) {
				p.add(UnneededEscape, i, j, `"`+s[i:j]+`" encodes `+charName(string(buf[:n]), 0)+`, a ucschar that may be written as it is`)
			}
			return j
		}
	}
	p.add(NotUTF8, i, j, `"`+s[i:j]+`" is an incomplete UTF-8 sequence (rc2 §2.2.1)`)
	return j
}

func (p *parser) hexCase(i int) {
	if p.s[i+1] >= 'a' || p.s[i+2] >= 'a' {
		p.add(LowercaseHex, i, i+3, `lower-case hex in "`+p.s[i:i+3]+`"; write "%`+string([]byte{ascii.Upper(p.s[i+1]), ascii.Upper(p.s[i+2])})+`"`)
	}
}

func clipTo(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] < utf8.RuneSelf {
			b = append(b, s[i])
		} else {
			b = append(b, '\\', 'x', hexdigits[s[i]>>4], hexdigits[s[i]&15])
		}
	}
	return string(b)
}

// isTriplet reports whether s[i:] starts with "%" HEXDIG HEXDIG.
func isTriplet(s string, i int) bool {
	return i+2 < len(s) && s[i] == '%' && isHex(s[i+1]) && isHex(s[i+2])
}

// utf8SeqLen is the length of the UTF-8 sequence a leading octet starts (0 if none).
func utf8SeqLen(b byte) int {
	switch {
	case b&0xE0 == 0xC0:
		return 2
	case b&0xF0 == 0xE0:
		return 3
	case b&0xF8 == 0xF0:
		return 4
	}
	return 0
}

// unicodeChecks looks at the non-ASCII characters of the input once:
// normalization form C (rc2 §2.2.4.3 step 1) and compatibility characters
// (rc2 §2.2.5, after [IRI]: look-alikes such as full-width forms).
func (p *parser) unicodeChecks() {
	s := p.s
	if !norm.NFC.IsNormalString(s) {
		i := norm.NFC.QuickSpanString(s)
		j := i + 1
		for j < len(s) && !utf8.RuneStart(s[j]) {
			j++
		}
		p.add(NotNFC, i, j, "the XRI is not in Unicode normalization form C; canonical form composes it")
	}
	if !p.wants(CompatChar) {
		return
	}
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError && isUcschar(r) && !unicode.IsMark(r) {
			kd := norm.NFKD.PropertiesString(s[i:]).Decomposition()
			if kd != nil && !bytes.Equal(kd, norm.NFD.PropertiesString(s[i:]).Decomposition()) {
				p.add(CompatChar, i, i+n, charName(s, i)+" is a compatibility character (a look-alike of \""+string(norm.NFKC.Bytes(kd))+"\"); equivalence folds it")
			}
		}
		i += n
	}
}

// caseCheck reports upper-case letters in s[a:b] outside %-escapes (rc2
// §2.4.5 Table 3: the authority is provided in lower case).
func (p *parser) caseCheck(a, b int, what string) {
	if !p.wants(NonCanonicalCase) {
		return
	}
	s := p.s
	for i := a; i < b; {
		c := s[i]
		switch {
		case c == '%' && isTriplet(s, i):
			i += 3
			continue
		case c >= 'A' && c <= 'Z':
			p.add(NonCanonicalCase, a, b, "the "+what+" is not in lower case; comparison ignores case (rc2 §2.4.1)")
			return
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(s[i:])
			if unicode.ToLower(r) != r {
				p.add(NonCanonicalCase, a, b, "the "+what+" is not in lower case; comparison ignores case (rc2 §2.4.1)")
				return
			}
			i += n
			continue
		}
		i++
	}
}
