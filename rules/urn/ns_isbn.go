package urn

import "github.com/idlint/idlint/rules"

// urn:isbn (rfc3187; ISO 2108) and urn:issn (rfc3044; ISO 3297).
var _ = register(&NamespaceDef{
	NID: "isbn", Rules: []*rules.Rule{ISBNSyntax, ISBNCheck},
	Spec:        "rfc3187 §3; ISO 2108",
	Checked:     "ISBN-10 (mod 11, X) or ISBN-13 (978/979, EAN mod 10): length, characters (URN108), check digit (URN109)",
	Equivalence: "hyphens are not significant and x is X: ns_key drops hyphens and upper-cases x",
	Doc: "NSS: an ISBN, ISBN-10 (ISO 2108:1992, the only form rfc3187 registered) or ISBN-13 (ISO 2108:2005, added by draft-ietf-urnbis-rfc3187bis-isbn-urn-03 " +
		"and the registry's current template). Hyphens between the parts are allowed. ISBN-10: ten digits, the last may be X, sum of digit×(10…1) ≡ 0 mod 11. " +
		"ISBN-13: thirteen digits starting 978 or 979, EAN-13 check (weights 1,3,…) ≡ 0 mod 10. " +
		"Equivalence: hyphens only separate the parts (their placement carries no identity), and the check character X is case-insensitive, " +
		"so ns_key removes hyphens and upper-cases x (draft-ietf-urnbis-rfc3187bis-isbn-urn-03 §4.4 normalization). An ISBN-10 and the ISBN-13 of the same book are not merged.",
	check: checksISBN,
	key:   func(key string, nss int) (string, bool) { return stripHyphensUpperX(key, nss), true },
})

var _ = register(&NamespaceDef{
	NID: "issn", Rules: []*rules.Rule{ISSNSyntax, ISSNCheck},
	Spec:        "rfc3044 §2; ISO 3297",
	Checked:     "NNNN-NNNC (URN110), mod 11 check character with X (URN111)",
	Equivalence: "the check character X is case-insensitive: ns_key upper-cases x",
	Doc: "NSS (rfc3044 §2): an ISSN, NNNN-NNNC with the hyphen, seven digits and a check character (digit or X); the digits weighted 8…2 " +
		"plus the check (X = 10) sum to a multiple of 11 (ISO 3297). Equivalence: x and X are the same check character, so ns_key upper-cases x.",
	check: checksISSN,
	key: func(key string, nss int) (string, bool) {
		if n := len(key); n > nss && key[n-1] == 'x' {
			return key[:n-1] + "X", true
		}
		return key, true
	},
})

func checkISBN(p *parser, start, end int) {
	s := p.s
	var d [13]byte
	n := 0
	for i := start; i < end; i++ {
		c := s[i]
		switch {
		case c == '-' && i > start && i < end-1 && s[i-1] != '-':
			continue
		case isDigit(c) || (c == 'X' || c == 'x') && i == end-1:
			if n == len(d) {
				p.add(ISBNSyntax, start, end, "more than 13 digits: not an ISBN")
				return
			}
			d[n] = c
			n++
		default:
			p.add(ISBNSyntax, i, i+1, `unexpected "`+s[i:i+1]+`" in an ISBN: digits, hyphens between them and a final X only`)
			return
		}
	}
	switch n {
	case 10:
		sum := 0
		for i := 0; i < 10; i++ {
			v := int(d[i] - '0')
			if d[i] == 'X' || d[i] == 'x' {
				v = 10
			}
			sum += v * (10 - i)
		}
		if sum%11 != 0 {
			p.add(ISBNCheck, start, end, "ISBN-10 check digit is wrong: should be "+isbn10Check(d[:9]))
		}
	case 13:
		if d[12] == 'X' || d[12] == 'x' {
			p.add(ISBNSyntax, end-1, end, "an ISBN-13 has no X check digit")
			return
		}
		if string(d[:3]) != "978" && string(d[:3]) != "979" {
			p.add(ISBNSyntax, start, end, `an ISBN-13 starts with 978 or 979, not "`+string(d[:3])+`"`)
			return
		}
		sum := 0
		for i := 0; i < 12; i++ {
			sum += int(d[i]-'0') * (1 + 2*(i%2))
		}
		if want := (10 - sum%10) % 10; int(d[12]-'0') != want {
			p.add(ISBNCheck, start, end, "ISBN-13 check digit is wrong: should be "+itoa(want))
		}
	default:
		p.add(ISBNSyntax, start, end, itoa(n)+" digits: an ISBN has 10 or 13")
	}
}

func isbn10Check(d []byte) string {
	sum := 0
	for i, c := range d {
		sum += int(c-'0') * (10 - i)
	}
	switch v := (11 - sum%11) % 11; v {
	case 10:
		return "X"
	default:
		return itoa(v)
	}
}

func checkISSN(p *parser, start, end int) {
	s := p.s[start:end]
	if len(s) != 9 || s[4] != '-' {
		msg := "an ISSN is NNNN-NNNC (9 characters with the hyphen)"
		if len(s) == 8 {
			msg = "ISSN without its hyphen: write NNNN-NNNC (rfc3044 §2)"
		}
		p.add(ISSNSyntax, start, end, msg)
		return
	}
	sum := 0
	for i, w := 0, 8; i < 9; i++ {
		c := s[i]
		switch {
		case i == 4:
			continue
		case isDigit(c):
			sum += int(c-'0') * w
		case i == 8 && (c == 'X' || c == 'x'):
			sum += 10
		default:
			p.add(ISSNSyntax, start+i, start+i+1, `unexpected "`+s[i:i+1]+`" in an ISSN: seven digits and a check digit or X`)
			return
		}
		w--
	}
	if sum%11 != 0 {
		p.add(ISSNCheck, start, end, "ISSN check character is wrong")
	}
}

// stripHyphensUpperX drops "-" from the NSS of key and upper-cases x.
func stripHyphensUpperX(key string, nss int) string {
	change := false
	for i := nss; i < len(key); i++ {
		if key[i] == '-' || key[i] == 'x' {
			change = true
			break
		}
	}
	if !change {
		return key
	}
	b := make([]byte, 0, len(key))
	b = append(b, key[:nss]...)
	for i := nss; i < len(key); i++ {
		switch c := key[i]; c {
		case '-':
		case 'x':
			b = append(b, 'X')
		default:
			b = append(b, c)
		}
	}
	return string(b)
}
