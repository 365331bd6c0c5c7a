package urn

import (
	"strings"

	"github.com/idlint/idlint/rules"
)

// urn:isan (rfc4246; ISO 15706-1): audiovisual works.
var defIsan = &NamespaceDef{
	NID: "isan", Spec: "rfc4246 §2; §3", Rules: []*rules.Rule{ISANSyntax, ISANCheck},
	Checked:     "root (3 groups of 4 hex) - episode (4 hex) - check [- version (2 groups of 4 hex) - check] (URN120); ISO 7064 MOD 37,36 check characters (URN121)",
	Equivalence: "\"The ISAN-NSS is case-insensitive\" (rfc4246 §2): ns_key lower-cases the NSS",
	Doc: "NSS (rfc4246 §3): root \"-\" episode \"-\" check [\"-\" version \"-\" check], hex digits in groups of four: " +
		"a root of three groups, an episode of one, then a check character; the version (V-ISAN, ISO 15706-2) adds two groups and a second check character. " +
		"Spaces, which ISO 15706 allows as separators, are not allowed (rfc4246 §3). " +
		"The first check character is ISO 7064 MOD 37,36 over the 16 hex digits of root and episode, the second over all 24 (ISO 15706-1, ISO 15706-2); " +
		"rfc4246's own examples (§2) carry made-up check characters and are reported. " +
		"Equivalence: \"The ISAN-NSS is case-insensitive\" (rfc4246 §2), so ns_key lower-cases the NSS (%-escape hex stays upper case).",
	check: checksISAN,
	key: func(key string, nss int) (string, bool) {
		return lowerNSS(key, nss, func(byte) bool { return true }), true
	},
}

// ISANSyntax: the NSS of urn:isan is not rfc4246's grouping of hex digits.
var ISANSyntax = &rules.Rule{
	ID: "URN120", Name: "isan-syntax", Scheme: "urn", Severity: rules.Error, Profiles: all,
	Spec:    "rfc4246 §3",
	Summary: "The NSS of urn:isan is not root-episode-check or root-episode-check-version-check in groups of four hex digits.",
	Doc:     "An ISAN is 16 hex digits in four groups of four (root and episode) and a check character; a V-ISAN adds a version of two groups and a second check character: urn:isan:0000-0000-D07A-0090-Q-0000-0000-X.",
	Bad:     "urn:isan:0000-0000-D07A-0090-Q-0000-0000\nurn:isan:0000-0000-D07A-0090Q\nurn:isan:0000-0000-D07G-0090-Q", Good: "urn:isan:0000-0000-D07A-0090-Q\nurn:isan:0000-0000-D07A-0090-Q-0000-0000-X",
}

// ISANCheck: a check character of the ISAN is wrong.
var ISANCheck = &rules.Rule{
	ID: "URN121", Name: "isan-check-character", Scheme: "urn", Severity: rules.Error, Profiles: all,
	Spec:    "rfc4246 §2; ISO 15706-1; ISO 7064 MOD 37,36",
	Summary: "A check character of the ISAN in urn:isan is wrong (ISO 7064 MOD 37,36).",
	Doc:     "The check character after the episode is computed over the 16 hex digits before it, the one after the version over all 24 (ISO 7064 MOD 37,36, hybrid, characters 0–9 A–Z); a mistyped digit changes it. The message gives the character that fits.",
	Bad:     "urn:isan:0000-0000-D07A-0090-R\nurn:isan:0000-0000-D07A-0090-Q-0000-0000-Y", Good: "urn:isan:0000-0000-D07A-0090-Q-0000-0000-X",
}

func checkISAN(p *parser, start, end int) {
	s := p.s[start:end]
	parts := strings.Split(s, "-")
	bad := func(msg string) { p.add(ISANSyntax, start, end, msg) }
	if len(parts) != 5 && len(parts) != 8 {
		bad(itoa(len(parts)) + ` "-"-separated part(s): an ISAN has 5 (root, episode, check) and a V-ISAN 8 (and version, check)`)
		return
	}
	var hex [24]byte
	n := 0
	for i, part := range parts {
		if i == 4 || i == 7 {
			if len(part) != 1 || !isAlnum(part[0]) {
				bad(`check character "` + part + `" is not one letter or digit`)
				return
			}
			continue
		}
		if len(part) != 4 || !allHex(part) {
			bad(`group "` + part + `" is not four hex digits`)
			return
		}
		n += copy(hex[n:], part)
	}
	at := len(parts[0]) + len(parts[1]) + len(parts[2]) + len(parts[3]) + 4
	if want := mod3736(string(hex[:16])); !strings.EqualFold(parts[4], string(want)) {
		p.add(ISANCheck, start+at, start+at+1, "check character "+parts[4]+" does not fit "+s[:at-1]+": want "+string(want))
	}
	if len(parts) == 8 {
		if want := mod3736(string(hex[:24])); !strings.EqualFold(parts[7], string(want)) {
			p.add(ISANCheck, end-1, end, "version check character "+parts[7]+" does not fit the 24 hex digits before it: want "+string(want))
		}
	}
}

// mod3736 is the ISO 7064 MOD 37,36 (hybrid) check character of s, letters
// and digits (either case) read as 0–35.
func mod3736(s string) byte {
	const digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	p := 36
	for i := 0; i < len(s); i++ {
		c := s[i]
		v := 0
		switch {
		case c >= '0' && c <= '9':
			v = int(c - '0')
		case c >= 'a' && c <= 'z':
			v = int(c-'a') + 10
		default:
			v = int(c-'A') + 10
		}
		t := (p + v) % 36
		if t == 0 {
			t = 36
		}
		p = t * 2 % 37
	}
	return digits[(37-p)%36]
}
