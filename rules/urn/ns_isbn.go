package urn

import (
	"strings"

	"github.com/idlint/idlint/rules"
)

// urn:isbn (rfc3187; ISO 2108) and urn:issn (rfc3044; ISO 3297).
var defIsbn = &NamespaceDef{
	NID: "isbn", Rules: []*rules.Rule{ISBNSyntax, ISBNCheck},
	Spec:        "IANA urn-formal/isbn (template v2, 2017-06-12): Syntax, Rules for Lexical Equivalence; rfc3187 §3; ISO 2108",
	Checked:     "ISBN-10 (mod 11, X) or ISBN-13 (978/979, EAN mod 10): length, characters (URN108), check digit (URN109)",
	Equivalence: "the template's: a valid ISBN-10 becomes its ISBN-13 (978, the first 9 digits, the mod 10 check digit), hyphens are removed, x is X",
	Doc: "NSS (IANA isbn template v2, 2017-06-12, Syntax): an ISBN-13 (ISO 2108:2005 and later) or a deprecated ISBN-10 (ISO 2108:1992, the only form rfc3187 registered), " +
		"with optional hyphens between the parts. ISBN-10: ten digits, the last may be X, sum of digit×(10…1) ≡ 0 mod 11. " +
		"ISBN-13: thirteen digits starting 978 or 979, EAN-13 check (weights 1,3,…) ≡ 0 mod 10. " +
		"Equivalence (template, Rules for Lexical Equivalence): \"If the NSS is an ISBN-10, first convert it to ISBN-13\" (978, the first nine digits, a new mod 10 check digit), " +
		"\"Remove all hyphens\", then compare character by character; so ns_key is the hyphen-less ISBN-13 and urn:isbn:0-395-36341-1 and urn:isbn:978-0-395-36341-6 share one. " +
		"An ISBN-10 whose check digit is wrong is not converted (which digit is mistyped is unknown): its ns_key only drops hyphens and upper-cases x (rfc3187 §5). " +
		"The template was read in the IANA assignments mirror github.com/larseggert/iana-assignments, urn-formal/isbn.",
	check: checksISBN,
	key:   isbnKey,
}

var defIssn = &NamespaceDef{
	NID: "issn", Rules: []*rules.Rule{ISSNSyntax, ISSNCheck, ISSNHyphen},
	Spec:        "IANA urn-formal/issn (template v2, 2017-06-22): Syntax, Rules for Lexical Equivalence, Resolution; rfc3044 §2; ISO 3297",
	Checked:     "4DIGIT [\"-\"] 3DIGIT check (URN110); mod 11 check character with X (URN111); the central hyphen left out (URN125, warning)",
	Equivalence: "the template's: the central hyphen may be omitted and x is X: ns_key is NNNN-NNNC with an upper-case X",
	Doc: "NSS (IANA issn template v2, 2017-06-22, Syntax): issn-urn = \"urn:ISSN:\" 4DIGIT [\"-\"] 3DIGIT check, check = DIGIT / \"X\"; the digits weighted 8…2 " +
		"plus the check (X = 10) sum to a multiple of 11 (ISO 3297). Without the hyphen the URN is valid, but \"it SHOULD be programmatically inserted for the constitution of URN:ISSN\" " +
		"(template, Resolution): URN125, a warning. Equivalence (template, Rules for Lexical Equivalence, as rfc3044's): \"if 'x' is found it must be translated to 'X'\", " +
		"\"The hyphen between the 4th and the 5th digit can be omitted\"; so ns_key is NNNN-NNNC with X upper case (q- and r-components, which the template also drops, are not in any key). " +
		"The template was read in the IANA assignments mirror github.com/larseggert/iana-assignments, urn-formal/issn.",
	check: checksISSN,
	key:   issnKey,
}

// ISSNHyphen: the ISSN in urn:issn has no central hyphen.
var ISSNHyphen = &rules.Rule{
	ID: "URN125", Name: "issn-missing-hyphen", Scheme: "urn", Severity: rules.Warning, Profiles: all,
	Spec:    "IANA urn-formal/issn (template v2): Resolution; Syntax",
	Summary: "The ISSN in urn:issn lacks its central hyphen, which the registration says SHOULD be inserted.",
	Doc:     "The issn template (v2, 2017) allows 4DIGIT [\"-\"] 3DIGIT check and makes both spellings equivalent, but \"If a local resource stores and manages ISSN without a central hyphen, it SHOULD be programmatically inserted for the constitution of URN:ISSN\".",
	Bad:     "urn:issn:12345679", Good: "urn:issn:1234-5679",
}

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
	hyphen := len(s) == 9 && s[4] == '-'
	if !hyphen && (len(s) != 8 || strings.IndexByte(s, '-') >= 0) {
		p.add(ISSNSyntax, start, end, `an ISSN is 4DIGIT ["-"] 3DIGIT check: NNNN-NNNC`)
		return
	}
	sum := 0
	for i, w := 0, 8; i < len(s); i++ {
		c := s[i]
		switch {
		case hyphen && i == 4:
			continue
		case isDigit(c):
			sum += int(c-'0') * w
		case i == len(s)-1 && (c == 'X' || c == 'x'):
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
	if !hyphen {
		p.add(ISSNHyphen, start, end, "no hyphen between the 4th and 5th digits: write "+s[:4]+"-"+s[4:])
	}
}

// issnKey is NNNN-NNNC with X upper case for an ISSN of either spelling
// (issn template v2, Rules for Lexical Equivalence).
func issnKey(key string, nss int) (string, bool) {
	d := key[nss:]
	if len(d) == 8 && strings.IndexByte(d, '-') < 0 {
		key = key[:nss] + d[:4] + "-" + d[4:]
	}
	if n := len(key); n > nss && key[n-1] == 'x' {
		key = key[:n-1] + "X"
	}
	return key, true
}

// isbnKey is the template's comparison form: a valid ISBN-10 as its
// ISBN-13, hyphens removed, x upper case (isbn template v2, Rules for
// Lexical Equivalence).
func isbnKey(key string, nss int) (string, bool) {
	k := stripHyphensUpperX(key, nss)
	d := k[nss:]
	if len(d) != 10 {
		return k, true
	}
	for i := 0; i < 9; i++ {
		if !isDigit(d[i]) {
			return k, true
		}
	}
	if isbn10Check([]byte(d[:9])) != d[9:] {
		return k, true
	}
	return k[:nss] + "978" + d[:9] + isbn13Check("978"+d[:9]), true
}

// isbn13Check is the EAN-13 check digit of twelve digits.
func isbn13Check(d string) string {
	sum := 0
	for i := 0; i < 12; i++ {
		sum += int(d[i]-'0') * (1 + 2*(i%2))
	}
	return itoa((10 - sum%10) % 10)
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
