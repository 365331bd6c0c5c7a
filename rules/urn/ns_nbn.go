package urn

import (
	"strings"

	"golang.org/x/text/language"

	"github.com/idlint/idlint/rules"
)

// urn:nbn (rfc3188 §5; updated by rfc8458): National Bibliography Numbers.
var defNbn = &NamespaceDef{
	NID: "nbn", Spec: "rfc3188 §5; rfc8458", Rules: []*rules.Rule{NBNSyntax, NBNCountry},
	Checked: "prefix \"-\" NBN string; a two-letter prefix is an ISO 3166 country code, optionally \":\" sub-namespace; no sub-namespace under a non-ISO prefix (URN114, URN115)",
	Doc: "NSS (rfc3188 §5, declaration of syntactic structure): a prefix — a two-letter ISO 3166 country code, optionally followed by \":\" and a sub-namespace code, " +
		"or a registered non-ISO prefix of three or more characters, which cannot be divided — then \"-\" and the NBN string the national library assigned " +
		"(urn:nbn:fi-fe19981001, urn:nbn:de:101-…). Country codes are checked against CLDR's region data (golang.org/x/text/language). " +
		"Equivalence: \"None in the global level\" (rfc3188 §5), so ns_key = key.",
	check: checksNBN,
}

var (
	NBNSyntax = &rules.Rule{
		ID: "URN114", Name: "nbn-syntax", Scheme: "urn", Severity: rules.Error, Profiles: all,
		Spec:    "rfc3188 §5",
		Summary: "The NSS of urn:nbn is not prefix \"-\" NBN string.",
		Doc:     "URN:NBN:<ISO 3166 country code>[:<sub-namespace code>]-<assigned NBN string>, or URN:NBN:<non-ISO prefix>-<assigned NBN string>; non-ISO prefixes cannot have sub-namespaces, and all two-letter codes are reserved for ISO 3166 (rfc3188 §5).",
		Bad:     "urn:nbn:fife19981001\nurn:nbn:fi-\nurn:nbn:abc:x-1", Good: "urn:nbn:fi-fe19981001\nurn:nbn:de:101-2008011511",
	}
	NBNCountry = &rules.Rule{
		ID: "URN115", Name: "nbn-country-code", Scheme: "urn", Severity: rules.Warning, Profiles: all,
		Spec:    "rfc3188 §5; ISO 3166-1",
		Summary: "The two-letter prefix of a urn:nbn is not an ISO 3166 country code.",
		Doc:     "Two-letter NBN prefixes are ISO 3166 alpha-2 country codes (rfc3188 §5: all two-letter codes are reserved for them). A code CLDR does not know as a country is likely a typo.",
		Bad:     "urn:nbn:zz-12345", Good: "urn:nbn:se:uu:diva-3475",
	}
)

func checkNBN(p *parser, start, end int) {
	s := p.s[start:end]
	dash := strings.IndexByte(s, '-')
	if dash <= 0 || dash == len(s)-1 {
		p.add(NBNSyntax, start, end, `an NBN is prefix "-" NBN string (rfc3188 §5)`)
		return
	}
	prefix := s[:dash]
	cc, sub, hasSub := strings.Cut(prefix, ":")
	switch {
	case len(cc) == 2:
		if !isAlpha(cc[0]) || !isAlpha(cc[1]) {
			p.add(NBNSyntax, start, start+2, `a two-character NBN prefix is an ISO 3166 country code, not "`+cc+`"`)
			return
		}
		if hasSub && sub == "" {
			p.add(NBNSyntax, start, start+dash, `empty sub-namespace code after "`+cc+`:"`)
			return
		}
		if p.wants(NBNCountry) {
			if r, err := language.ParseRegion(cc); err != nil || !r.IsCountry() {
				p.add(NBNCountry, start, start+2, `"`+cc+`" is not an ISO 3166 country code`)
			}
		}
	case hasSub:
		p.add(NBNSyntax, start, start+dash, `only ISO 3166 country-code prefixes may have sub-namespaces, not "`+cc+`"`)
	case len(cc) < 2:
		p.add(NBNSyntax, start, start+dash, `NBN prefix "`+cc+`" is too short`)
	}
}
