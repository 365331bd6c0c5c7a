package urn

import (
	"strconv"

	"github.com/idlint/idlint/rules"
)

// urn:lei (IANA lei template, 2021; ISO 17442-1): legal entity identifiers.
var defLei = &NamespaceDef{
	NID: "lei", Spec: "ISO 17442-1 §4; IANA urn-formal/lei", Rules: []*rules.Rule{LEISyntax, LEICheck},
	Checked: "20 characters: 18 letters or digits, 2 check digits (URN118); ISO 7064 MOD 97-10 (URN119)",
	Doc: "NSS: the LEI, 20 characters — 18 letters or digits (upper case in ISO 17442; lower case is read the same here) and two check digits computed with ISO 7064 MOD 97-10 " +
		"(letters read as 10–35, the whole number mod 97 is 1), as IBANs are. No equivalence beyond rfc8141's is assumed: " +
		"the template at hand here names none, so ns_key = key.",
	check: checksLEI,
}

// LEISyntax: the NSS of urn:lei is not 18 letters or digits and two digits.
var LEISyntax = &rules.Rule{
	ID: "URN118", Name: "lei-syntax", Scheme: "urn", Severity: rules.Error, Profiles: all,
	Spec:    "ISO 17442-1 §4",
	Summary: "The NSS of urn:lei is not an LEI: 18 letters or digits and two check digits.",
	Doc:     "A Legal Entity Identifier has 20 characters: 18 upper-case letters or digits, then two decimal check digits (urn:lei:506700GE1G29325QX363).",
	Bad:     "urn:lei:506700GE1G29325QX36\nurn:lei:506700GE1G29325QX3X3", Good: "urn:lei:506700GE1G29325QX363",
}

// LEICheck: the check digits of the LEI are wrong.
var LEICheck = &rules.Rule{
	ID: "URN119", Name: "lei-check-digits", Scheme: "urn", Severity: rules.Error, Profiles: all,
	Spec:    "ISO 17442-1 §4; ISO 7064 MOD 97-10",
	Summary: "The check digits of the LEI in urn:lei are wrong (ISO 7064 MOD 97-10).",
	Doc:     "The 20 characters, letters read as 10–35, form a number that is 1 modulo 97; a mistyped character changes it. The message gives the check digits that fit the first 18 characters.",
	Bad:     "urn:lei:506700GE1G29325QX364", Good: "urn:lei:506700GE1G29325QX363",
}

func checkLEI(p *parser, start, end int) {
	s := p.s[start:end]
	if len(s) != 20 {
		p.add(LEISyntax, start, end, "an LEI has 20 characters, this one "+itoa(len(s))+" (ISO 17442-1 §4)")
		return
	}
	for i := 0; i < 20; i++ {
		c := s[i]
		if i >= 18 && (c < '0' || c > '9') || !isAlnum(c) {
			p.add(LEISyntax, start+i, start+i+1, "character "+itoa(i+1)+" of the LEI is "+strconv.Quote(string([]byte{c}))+": 18 letters or digits, then 2 digits (ISO 17442-1 §4)")
			return
		}
	}
	if leiMod97(s) != 1 {
		want := 98 - leiMod97(s[:18]+"00")
		p.add(LEICheck, start+18, end, "check digits "+s[18:]+" do not fit "+s[:18]+": want "+string(rune('0'+want/10))+string(rune('0'+want%10))+" (ISO 7064 MOD 97-10)")
	}
}

// leiMod97 is s, letters read as 10–35 (either case), modulo 97.
func leiMod97(s string) int {
	m := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			m = (m*10 + int(c-'0')) % 97
		case c >= 'a' && c <= 'z':
			m = (m*100 + int(c-'a') + 10) % 97
		default:
			m = (m*100 + int(c-'A') + 10) % 97
		}
	}
	return m
}
