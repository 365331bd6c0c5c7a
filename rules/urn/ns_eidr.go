package urn

import (
	"strings"

	"github.com/idlint/idlint/rules"
)

// urn:eidr (rfc7972 §2): entertainment identifiers, DOI names.
var defEidr = &NamespaceDef{
	NID: "eidr", Spec: "rfc7972 §2", Rules: []*rules.Rule{EIDRSyntax, EIDRCheck},
	Checked:     "EIDR-PREFIX \":\" EIDR-SUFFIX of ALPHA/DIGIT/-/./_; under 10.5240 the suffix is 5 groups of 4 hex and a check character (URN122); ISO 7064 MOD 37,36 (URN123)",
	Equivalence: "\"case-insensitive string match\" (rfc7972 §2): ns_key lower-cases the NSS",
	Doc: "NSS (rfc7972 §2): EIDR-PREFIX \":\" EIDR-SUFFIX, each 1*(ALPHA / DIGIT / \"-\" / \".\" / \"_\"): the DOI prefix and suffix with \":\" where a DOI has \"/\". " +
		"Under the prefix 10.5240, the only one in use, the suffix is RP2079-SUFFIX = 5(4HEXDIG \"-\") CHECK, CHECK being the ISO 7064 MOD 37,36 check character " +
		"over the 20 hex digits (SMPTE RP 2079); other prefixes are opaque. " +
		"Equivalence: \"case-insensitive string match\" of the whole URN (rfc7972 §2), so ns_key lower-cases the NSS (%-escape hex stays upper case).",
	check: checksEIDR,
	key: func(key string, nss int) (string, bool) {
		return lowerNSS(key, nss, func(byte) bool { return true }), true
	},
}

// EIDRSyntax: the NSS of urn:eidr is not prefix ":" suffix.
var EIDRSyntax = &rules.Rule{
	ID: "URN122", Name: "eidr-syntax", Scheme: "urn", Severity: rules.Error, Profiles: all,
	Spec:    "rfc7972 §2",
	Summary: "The NSS of urn:eidr is not EIDR-PREFIX \":\" EIDR-SUFFIX, or under 10.5240 not five groups of four hex digits and a check character.",
	Doc:     "urn:eidr:10.5240:7791-8534-2C23-9030-8610-5: the DOI 10.5240/7791-… with \":\" for \"/\" (a \"/\" is not an EIDR character). Prefix and suffix are letters, digits, \"-\", \".\" and \"_\"; under 10.5240 the suffix is 5(4HEXDIG \"-\") CHECK.",
	Bad:     "urn:eidr:10.5240%2F7791-8534-2C23-9030-8610-5\nurn:eidr:10.5240:7791-8534-2C23-9030-5\nurn:eidr:10.5240", Good: "urn:eidr:10.5240:7791-8534-2C23-9030-8610-5",
}

// EIDRCheck: the check character of an EIDR suffix is wrong.
var EIDRCheck = &rules.Rule{
	ID: "URN123", Name: "eidr-check-character", Scheme: "urn", Severity: rules.Error, Profiles: all,
	Spec:    "rfc7972 §2; ISO 7064 MOD 37,36",
	Summary: "The check character of the EIDR suffix in urn:eidr is wrong (ISO 7064 MOD 37,36).",
	Doc:     "Under the prefix 10.5240 the last character is the ISO 7064 MOD 37,36 check character computed over the 20 hex digits of the suffix (rfc7972 §2); a mistyped digit changes it. The message gives the character that fits.",
	Bad:     "urn:eidr:10.5240:7791-8534-2C23-9030-8610-6", Good: "urn:eidr:10.5240:7791-8534-2C23-9030-8610-5",
}

func checkEIDR(p *parser, start, end int) {
	s := p.s[start:end]
	bad := func(at, to int, msg string) { p.add(EIDRSyntax, start+at, start+to, msg) }
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isAlnum(c) && c != '-' && c != '.' && c != '_' && c != ':' {
			msg := `"` + s[i:i+1] + `" is not an EIDR character (ALPHA / DIGIT / "-" / "." / "_")`
			if c == '%' && strings.HasPrefix(s[i:], "%2F") || c == '/' {
				msg = `a "/" between prefix and suffix: the URN form has ":" where the DOI has "/"`
			}
			bad(i, i+1, msg)
			return
		}
	}
	prefix, suffix, ok := strings.Cut(s, ":")
	if !ok || prefix == "" || suffix == "" || strings.Contains(suffix, ":") {
		bad(0, len(s), `EIDR-NSS = EIDR-PREFIX ":" EIDR-SUFFIX, both non-empty, one ":"`)
		return
	}
	if prefix != "10.5240" {
		return // opaque under other prefixes (rfc7972 §2)
	}
	parts := strings.Split(suffix, "-")
	var hex [20]byte
	n := 0
	for i, part := range parts {
		if i == 5 && len(parts) == 6 {
			break
		}
		if len(part) != 4 || !allHex(part) || len(parts) != 6 {
			bad(len(prefix)+1, len(s), `under 10.5240 the suffix is 5(4HEXDIG "-") CHECK (SMPTE RP 2079): "`+suffix+`"`)
			return
		}
		n += copy(hex[n:], part)
	}
	if c := parts[5]; len(c) != 1 || !isAlnum(c[0]) {
		bad(len(s)-len(c), len(s), `CHECK is one letter or digit, not "`+c+`"`)
		return
	}
	if want := mod3736(string(hex[:])); !strings.EqualFold(parts[5], string(want)) {
		p.add(EIDRCheck, end-1, end, "check character "+parts[5]+" does not fit "+suffix[:len(suffix)-2]+": want "+string(want))
	}
}
