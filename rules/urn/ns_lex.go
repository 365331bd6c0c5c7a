package urn

import (
	"strings"

	"github.com/idlint/idlint/rules"
)

// urn:lex (rfc9676 §2.1, Appendix with the full ABNF): sources of law.
var defLex = &NamespaceDef{
	NID: "lex", Spec: "rfc9676 §2.1; §3.3", Rules: []*rules.Rule{LexSyntax},
	Checked:     "jurisdiction \":\" local-name; jurisdiction-code 2*alf-dot; work = authority \":\" measure \":\" details, details with \";\" numbers (URN117)",
	Equivalence: "names are case-insensitive (rfc9676 §3.3): ns_key lower-cases the NSS",
	Doc: "NSS (rfc9676 §2.1): jurisdiction \":\" local-name; jurisdiction = jurisdiction-code *(\";\" jurisdiction-unit), jurisdiction-code = 2*alf-dot; " +
		"local-name = work [\"@\" expression] [\"$\" manifestation]; work = authority \":\" measure \":\" details *(\":\" annex); details = (dates / period) \";\" numbers. " +
		"Only the outline is checked (jurisdiction, the three parts of the work, the \";\" of details). " +
		"Equivalence: \"names that differ only in case … MUST be considered equivalent\" (rfc9676 §3.3), so ns_key lower-cases the NSS (%-escape hex stays upper case); " +
		"spelling variants it also merges are beyond a lexical key.",
	check: checksLex,
	key: func(key string, nss int) (string, bool) {
		return lowerNSS(key, nss, func(byte) bool { return true }), true
	},
}

// LexSyntax: the NSS of urn:lex lacks a part of rfc9676's structure.
var LexSyntax = &rules.Rule{
	ID: "URN117", Name: "lex-syntax", Scheme: "urn", Severity: rules.Error, Profiles: all,
	Spec:    "rfc9676 §2.1",
	Summary: "The NSS of urn:lex is not jurisdiction \":\" authority \":\" measure \":\" details.",
	Doc:     "A LEX name is urn:lex:<jurisdiction>:<authority>:<measure>:<details>, details being dates or a period, \";\" and numbers (urn:lex:it:stato:legge:2003-09-21;456). A jurisdiction alone (urn:lex:br) names no source of law.",
	Bad:     "urn:lex:br\nurn:lex:it:stato:legge:2003-09-21\nurn:lex:i:stato:legge:2003-09-21;456", Good: "urn:lex:it:stato:legge:2003-09-21;456",
}

func checkLex(p *parser, start, end int) {
	s := p.s[start:end]
	bad := func(msg string) { p.add(LexSyntax, start, end, msg+" (rfc9676 §2.1)") }
	jur, local, ok := strings.Cut(s, ":")
	code, _, _ := strings.Cut(jur, ";")
	if len(code) < 2 || !lexAlfDot(code) {
		bad(`jurisdiction code "` + code + `" is not 2*alf-dot`)
		return
	}
	if !ok || local == "" {
		bad(`a jurisdiction alone: the local-name (authority:measure:details) is missing`)
		return
	}
	work := local
	if i := strings.IndexAny(work, "@$"); i >= 0 {
		work = work[:i]
	}
	parts := strings.Split(work, ":")
	if len(parts) < 3 {
		bad(`the work is authority ":" measure ":" details; got ` + itoa(len(parts)) + ` part(s)`)
		return
	}
	for _, part := range parts[:3] {
		if part == "" {
			bad(`empty part in the work "` + work + `"`)
			return
		}
	}
	if !strings.Contains(parts[2], ";") {
		bad(`details "` + parts[2] + `" lack ";" and the numbers (details = (dates / period) ";" numbers)`)
	}
}

// lexAlfDot: alf-dot = alfanum *alfadot (escapes count as alfanum).
func lexAlfDot(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isAlnum(c) && c != '%' && (c != '.' || i == 0) {
			return false
		}
	}
	return true
}
