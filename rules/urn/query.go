package urn

import (
	"strings"
	"unicode/utf8"
)

// Registered query keywords (rfc2141bis-03 §9.2.1) in their preferred
// order for equivalence step 5b, and resolution services (§9.2.2).
var (
	keywordOrder = []string{"s", "c"}
	services     = []string{"I2L", "I2Ls", "I2R", "I2Rs", "I2C", "I2Cs", "I2N", "I2Ns", "I=I"}
)

func registeredKeyword(k string) int {
	for i, r := range keywordOrder {
		if k == r {
			return i
		}
	}
	return -1
}

// directives parses the rfc2141bis-03 §2.3 urn-query in s[start:end].
func (p *parser) directives(start, end int) {
	s := p.s
	if start == end {
		p.add(QuerySyntax, start-1, end, `empty query after "?": at least one keyword=value directive is required`)
		return
	}
	var seen [2]bool
	for i := start; i <= end; {
		j := i
		for j < end && s[j] != '&' {
			j++
		}
		d := s[i:j]
		eq := -1
		for k := 0; k < len(d); k++ {
			if d[k] == '=' {
				eq = k
				break
			}
		}
		switch {
		case len(d) == 0:
			p.add(QuerySyntax, i, j, `empty directive (doubled or trailing "&")`)
		case eq < 0:
			p.add(QuerySyntax, i, j, `directive "`+d+`" has no "=": directives are keyword=value`)
		case !validKeyword(d[:eq]):
			p.add(QuerySyntax, i, i+eq, `"`+d[:eq]+`" is not a keyword: ALPHA *( ["-"] (ALPHA / DIGIT) )`)
		default:
			kw, val := d[:eq], d[eq+1:]
			if p.u.Directives == nil {
				// one allocation for all the directives still to come
				p.u.Directives = make([]Directive, 0, 1+strings.Count(s[j:end], "&"))
			}
			p.u.Directives = append(p.u.Directives, Directive{Keyword: kw, Value: val})
			if r := registeredKeyword(kw); r >= 0 {
				if seen[r] {
					p.add(DuplicateKeyword, i, j, `registered keyword "`+kw+`" appears more than once`)
				}
				seen[r] = true
			} else if p.wants(UnknownKeyword) {
				p.add(UnknownKeyword, i, i+eq, `keyword "`+kw+`" is not registered (s, c); resolvers ignore it`)
			}
			if kw == "s" && !knownService(val) && p.wants(UnknownService) {
				p.add(UnknownService, i+eq+1, j, `"`+val+`" is not a registered resolution service (I2L I2Ls I2R I2Rs I2C I2Cs I2N I2Ns I=I)`)
			}
		}
		i = j + 1
	}
}

func validKeyword(k string) bool {
	if len(k) == 0 || !isAlpha(k[0]) {
		return false
	}
	for i := 1; i < len(k); i++ {
		c := k[i]
		if c == '-' {
			// "-" must be followed by ALPHA / DIGIT
			if i+1 >= len(k) || !isAlnum(k[i+1]) {
				return false
			}
			continue
		}
		if !isAlnum(c) {
			return false
		}
	}
	return true
}

func knownService(v string) bool {
	for _, s := range services {
		if v == s {
			return true
		}
	}
	return false
}

// validUTF8 reports whether b, one complete sequence as utf8Octet gathers
// it, encodes a character. rfc8141 and rfc2141bis-03 §2.2 mean STD 63
// (RFC 3629: at most four octets, nothing above U+10FFFF). rfc2141 §2.2
// predates it and translates characters into "one to six octets using
// UTF-8" (the RFC 2279 form), so legacy accepts five- and six-octet
// sequences and code points above U+10FFFF. Overlong forms and surrogates
// are not UTF-8 under either.
func validUTF8(b []byte, legacy bool) bool {
	if !legacy {
		return utf8.Valid(b)
	}
	n := len(b)
	if n < 2 || n > 6 {
		return n == 1 && b[0] < 0x80
	}
	v := uint32(b[0]) & (0x7F >> n)
	for _, c := range b[1:] {
		if c&0xC0 != 0x80 {
			return false
		}
		v = v<<6 | uint32(c&0x3F)
	}
	shortest := [...]uint32{2: 0x80, 3: 0x800, 4: 0x10000, 5: 0x200000, 6: 0x4000000}
	return v >= shortest[n] && (v < 0xD800 || v > 0xDFFF)
}
