package urn

import (
	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ascii"
)

// urn:oid (rfc3061 §2).
var defOid = &NamespaceDef{
	NID: "oid", Rules: []*rules.Rule{OIDSyntax, OIDRoot},
	Spec:    "rfc3061 §2",
	Checked: "number *(\".\" number), no leading zeros (URN103); root arcs 0–2, second arc ≤ 39 under 0 and 1 (URN104)",
	Doc: "NSS (rfc3061 §2): oid = number *( DOT number ); number = DIGIT / ( LEADDIGIT 1*DIGIT ). " +
		"Equivalence: exact string match (rfc3061 §2, lexical equivalence), so the namespace adds none. " +
		"The root-arc check follows ITU-T X.660 (three root arcs; at most 40 second arcs under 0 and 1).",
	check: checksOID,
}

func checkOID(p *parser, start, end int) {
	s := p.s
	arc, arcStart := 0, start
	var first, second int
	for i := start; i <= end; i++ {
		if i < end && isDigit(s[i]) {
			continue
		}
		if i < end && s[i] != '.' {
			p.add(OIDSyntax, i, i+1, ascii.CharName(s[i])+" in an OID: only digits and dots are allowed")
			return
		}
		switch {
		case i == arcStart:
			p.add(OIDSyntax, i, min(i+1, end), "empty arc in an OID")
			return
		case s[arcStart] == '0' && i-arcStart > 1:
			p.add(OIDSyntax, arcStart, i, `arc "`+s[arcStart:i]+`" has a leading zero`)
			return
		}
		if arc < 2 {
			n := 0
			for j := arcStart; j < i && n < 1000; j++ {
				n = n*10 + int(s[j]-'0')
			}
			if arc == 0 {
				first = n
			} else {
				second = n
			}
		}
		arc++
		arcStart = i + 1
	}
	switch {
	case first > 2:
		p.add(OIDRoot, start, end, "first arc "+itoa(first)+": the OID tree has root arcs 0, 1 and 2 only")
	case arc > 1 && first < 2 && second > 39:
		p.add(OIDRoot, start, end, "second arc "+itoa(second)+" under "+itoa(first)+": at most 39 is allowed there")
	}
}
