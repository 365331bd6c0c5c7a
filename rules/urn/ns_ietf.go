package urn

import (
	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ascii"
)

// urn:ietf (rfc2648 §2) and its sub-namespaces (rfc6924 registry).
var defIetf = &NamespaceDef{
	NID: "ietf", Rules: []*rules.Rule{IETFSyntax, IETFSubNamespace},
	Spec:        "rfc2648 §2; rfc6924",
	Checked:     "rfc/fyi/std/bcp + digits, id/mtg + 1*(ALPHA/DIGIT/\"-\") (URN105); sub-namespace registered (URN106)",
	Equivalence: "the entire URN is case-insensitive (rfc2648 §2): ns_key lower-cases the NSS, except under params",
	Doc: "NSS (rfc2648 §2): \"rfc:\" 1*DIGIT, likewise fyi:, std:, bcp:; \"id:\" string and \"mtg:\" string with string = 1*(DIGIT / ALPHA / \"-\"). " +
		"The second level is the IETF URN Sub-namespaces registry of rfc6924 (rfc, fyi, std, bcp, id, mtg, params; IANA params registry of " + IETFParamsDate + "). " +
		"Equivalence: \"The entire URN is case-insensitive\" (rfc2648 §2), so ns_key lower-cases the NSS (%-escape hex stays upper case). " +
		"urn:ietf:params has its own page (idlint rules --namespace ietf:params): it does not inherit the case folding.",
	check: checksIETF,
	key: func(key string, nss int) (string, bool) {
		if isParams(key[nss:]) {
			return key, false // rfc3553 §3: exact string match
		}
		return lowerNSS(key, nss, func(byte) bool { return true }), true
	},
}

// urn:ietf:params (rfc3553 §3), reached through urn:ietf.
var defIetfParams = &NamespaceDef{
	NID: "ietf:params", Rules: []*rules.Rule{IETFParamsClass},
	Spec:    "rfc3553 §3",
	Checked: "class registered in the IANA params registry (URN107)",
	Doc: "urn:ietf:params:<class>:<protocol-specific>, where the class is registered with IANA (rfc3553 §3; registry of " + IETFParamsDate + "). " +
		"Equivalence: exact string match according to rfc2141 (rfc3553 §3), so, unlike the rest of urn:ietf, nothing in the NSS is case-folded and ns_key equals key.",
}

func isParams(nss string) bool {
	return len(nss) >= 7 && ascii.HasPrefixFold(nss, "params") && nss[6] == ':' || ascii.EqualFold(nss, "params")
}

func checkIETF(p *parser, start, end int) {
	s := p.s
	subEnd := end
	for i := start; i < end; i++ {
		if s[i] == ':' {
			subEnd = i
			break
		}
	}
	sub := s[start:subEnd]
	var lower [8]byte
	if len(sub) > len(lower) {
		p.unknownIETF(sub, start, subEnd)
		return
	}
	for i := 0; i < len(sub); i++ {
		lower[i] = ascii.Lower(sub[i])
	}
	rest := start + len(sub) + 1
	switch string(lower[:len(sub)]) {
	case "rfc", "fyi", "std", "bcp":
		if rest > end {
			p.add(IETFSyntax, start, end, `"`+sub+`" must be followed by ":" and the document number`)
			return
		}
		for i := rest; i <= end; i++ {
			if i == end && i == rest || i < end && !isDigit(s[i]) {
				p.add(IETFSyntax, start, end, `"`+sub+`:" must be followed by digits only (rfc2648 §2: 1*DIGIT)`)
				return
			}
		}
	case "id", "mtg":
		if rest > end {
			p.add(IETFSyntax, start, end, `"`+sub+`" must be followed by ":" and a name`)
			return
		}
		for i := rest; i <= end; i++ {
			if i == end && i == rest || i < end && !isAlnum(s[i]) && s[i] != '-' {
				p.add(IETFSyntax, start, end, `"`+sub+`:" must be followed by letters, digits and hyphens only (rfc2648 §2: 1*(DIGIT / ALPHA / "-"))`)
				return
			}
		}
	case "params":
		checkParams(p, rest, end)
	default:
		if _, ok := ietfSubNamespaces()[string(lower[:len(sub)])]; !ok {
			p.unknownIETF(sub, start, subEnd) // registered later ones pass unchecked
		}
	}
}

func (p *parser) unknownIETF(sub string, start, end int) {
	if p.wants(IETFSubNamespace) {
		p.add(IETFSubNamespace, start, end, `"`+sub+`" is not in the IETF URN Sub-namespaces registry (rfc6924; `+IETFParamsDate+`)`)
	}
}

// checkParams looks the class of urn:ietf:params:<class>:… up in the
// registry, case-sensitively: rfc3553 §3 compares by exact string match.
func checkParams(p *parser, start, end int) {
	if !p.wants(IETFParamsClass) {
		return
	}
	s := p.s
	classEnd := end
	for i := start; i < end; i++ {
		if s[i] == ':' {
			classEnd = i
			break
		}
	}
	if start >= end {
		p.add(IETFParamsClass, min(start, end), end, "urn:ietf:params without a class")
		return
	}
	class := s[start:classEnd]
	if _, ok := ietfParamsClasses()[class]; ok {
		return
	}
	// a registered class with a colon (capport:unrestricted)
	for c := range ietfParamsClasses() {
		if len(c) > len(class) && end-start >= len(c) && s[start:start+len(c)] == c && (start+len(c) == end || s[start+len(c)] == ':') {
			return
		}
	}
	msg := `class "` + class + `" is not in the IANA params registry of ` + IETFParamsDate
	for c := range ietfParamsClasses() {
		if ascii.EqualFold(c, class) {
			msg = `class "` + class + `" is registered as "` + c + `"; params URNs compare by exact string match`
			break
		}
	}
	p.add(IETFParamsClass, start, classEnd, msg)
}
