package urn

import (
	"strings"

	"github.com/idlint/idlint/rules"
)

// urn:dev (rfc9039 §3.2): device identifiers.
var defDev = &NamespaceDef{
	NID: "dev", Spec: "rfc9039 §3.2", Rules: []*rules.Rule{DevSyntax},
	Checked: "mac:/ow: + hex octets, org:/os:/ops: + number \"-\" identifiers, other subtypes, \"_\" components (URN116)",
	Doc: "NSS (rfc9039 §3.2): body componentpart. body = \"mac:\" hexstring / \"ow:\" hexstring / \"org:\" posnumber \"-\" identifier *(\":\" identifier) / " +
		"\"os:\" posnumber \"-\" serial *(\":\" identifier) / \"ops:\" posnumber \"-\" product \"-\" serial *(\":\" identifier) / subtype \":\" identifier *(\":\" identifier); " +
		"componentpart = *(\"_\" identifier); identifier = 1*(ALPHA / DIGIT / \".\" / \"-\"); hexstring is whole octets. " +
		"The subtype is read as lower case: the ABNF's LALPHA = %x41-5A contradicts its name and every example. " +
		"Equivalence: rfc8141 §3.1 only, the rest compared case-sensitively (rfc9039 §3.2.1), so ns_key = key.",
	check: checksDev,
}

// DevSyntax: the NSS of urn:dev does not follow rfc9039's grammar.
var DevSyntax = &rules.Rule{
	ID: "URN116", Name: "dev-syntax", Scheme: "urn", Severity: rules.Error, Profiles: all,
	Spec:    "rfc9039 §3.2",
	Summary: "The NSS of urn:dev does not follow rfc9039's grammar for its subtype.",
	Doc:     "mac and ow take whole hex octets (urn:dev:mac:0024befffe804ff1); org, os and ops a private enterprise number without leading zero, \"-\" and identifiers; other subtypes a lower-case name, \":\" and identifiers; \"_\" components are identifiers of letters, digits, \".\" and \"-\".",
	Bad:     "urn:dev:mac:0024befffe804ff\nurn:dev:org:032473-foo\nurn:dev:os:32473-", Good: "urn:dev:mac:0024befffe804ff1\nurn:dev:org:32473-foo_bar\nurn:dev:ops:32473-Refrigerator-5002",
}

func checkDev(p *parser, start, end int) {
	s := p.s[start:end]
	body, comps, _ := strings.Cut(s, "_")
	bad := func(msg string) { p.add(DevSyntax, start, end, msg+" (rfc9039 §3.2)") }
	if comps != "" || strings.Contains(s, "_") {
		for _, c := range strings.Split(comps, "_") {
			if !devIdent(c, true) {
				bad(`component "` + c + `" is not an identifier of letters, digits, "." and "-"`)
				return
			}
		}
	}
	sub, rest, ok := strings.Cut(body, ":")
	if !ok {
		bad(`no ":" after the subtype "` + sub + `"`)
		return
	}
	switch sub {
	case "mac", "ow":
		if rest == "" || len(rest)%2 != 0 || !allHex(rest) {
			bad(sub + `: must be followed by whole hex octets, got "` + rest + `"`)
		}
		return
	case "org", "os", "ops":
		num, ids, ok := strings.Cut(rest, "-")
		if !ok || num == "" || num[0] == '0' || strings.Trim(num, "0123456789") != "" {
			bad(sub + `: must be followed by an enterprise number without leading zero and "-"`)
			return
		}
		if sub == "ops" {
			product, serial, ok := strings.Cut(ids, "-")
			if !ok || !devIdent(product, false) {
				bad(`ops: product and serial are separated by "-", the product has none`)
				return
			}
			ids = serial
		}
		for _, id := range strings.Split(ids, ":") {
			if !devIdent(id, true) {
				bad(sub + `: "` + id + `" is not an identifier`)
				return
			}
		}
	default:
		if sub == "" || sub[0] < 'a' || sub[0] > 'z' || strings.Trim(sub, "abcdefghijklmnopqrstuvwxyz0123456789") != "" {
			bad(`subtype "` + sub + `" is not a lower-case letter and lower-case letters or digits`)
			return
		}
		for _, id := range strings.Split(rest, ":") {
			if !devIdent(id, true) {
				bad(sub + `: "` + id + `" is not an identifier`)
				return
			}
		}
	}
}

// devIdent: identifier = 1*devunreserved; without dash: identifiernodash.
func devIdent(s string, dash bool) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isAlnum(c) && c != '.' && (c != '-' || !dash) {
			return false
		}
	}
	return true
}
