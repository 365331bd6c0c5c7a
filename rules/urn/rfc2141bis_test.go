package urn

import (
	"testing"
)

// Tables read from urn-syntax-draft-ietf-urnbis-rfc2141bis-03.txt (2012).

// §2: URI = scheme ":" path-rootless [ "?" query ] [ "#" fragment ];
// urn-path = NID ":" NSS; "?" and "#" are separators and MUST NOT appear
// unencoded in a NSS.
var bisSec2 = section{name: "rfc2141bis-03 §2", profile: RFC2141bis03, cases: []lintCase{
	{spec: "rfc2141bis-03 §2: scheme = \"urn\"", in: "isbn:0451450523", want: "URN001:error"},
	{spec: "rfc2141bis-03 §2: the scheme name is case-insensitive", in: "Urn:isbn:0451450523", not: "URN001"},
	{spec: "rfc2141bis-03 §2: the colons are REQUIRED", in: "urn:isbn", want: "URN002:error"},
	{spec: "rfc2141bis-03 §2: the colons are REQUIRED", in: "urn:isbn:0451450523", exact: true, not: "URN001 URN002"},
	{spec: "rfc2141bis-03 §2: \"?\" separates the query, it is not in the NSS", in: "urn:example:a?s=I2L", not: "URN007 URN008 URN015"},
	{spec: "rfc2141bis-03 §2: \"#\" separates the fragment, it is not in the NSS", in: "urn:example:a#b", not: "URN007 URN008"},
	{spec: "rfc2141bis-03 §2: a \"?\" that is not a keyword=value query", in: "urn:example:a?b", want: "URN015:error"},
}}

// §2.1: NID = (ALPHA / DIGIT) 0*30(ALPHA / DIGIT / "-") (ALPHA / DIGIT);
// the NID "urn" is permanently reserved and MUST NOT be used.
var bisSec21 = section{name: "rfc2141bis-03 §2.1", profile: RFC2141bis03, cases: []lintCase{
	{spec: "rfc2141bis-03 §2.1: at least two characters", in: "urn:a:x", want: "URN003:error"},
	{spec: "rfc2141bis-03 §2.1: two characters", in: "urn:ab:x", not: "URN003"},
	{spec: "rfc2141bis-03 §2.1: 1 + 30 + 1 characters", in: "urn:" + nid32 + ":x", not: "URN003"},
	{spec: "rfc2141bis-03 §2.1: at most 32 characters", in: "urn:" + nid33 + ":x", want: "URN003:error"},
	// README: §2.1 forbids a trailing hyphen; Appendix B is a stale copy.
	{spec: "rfc2141bis-03 §2.1: ends with ALPHA / DIGIT (Appendix D.6)", in: "urn:isbn-:x", want: "URN003:error"},
	{spec: "rfc2141bis-03 §2.1: starts with ALPHA / DIGIT", in: "urn:-isbn:x", want: "URN003:error"},
	{spec: "rfc2141bis-03 §2.1: inner hyphens", in: "urn:a-b:x", not: "URN003"},
	{spec: "rfc2141bis-03 §2.1: LDH only", in: "urn:i_s_b_n:x", want: "URN003:error"},
	{spec: "rfc2141bis-03 §2.1: ASCII strings", in: "urn:caf\u00e9:x", want: "URN003:error"},
	{spec: "rfc2141bis-03 §2.1: NID \"urn\" MUST NOT be used", in: "urn:urn:x", want: "URN004:error"},
	{spec: "rfc2141bis-03 §2.1: NIDs are case-insensitive", in: "urn:Urn:x", want: "URN004:error"},
	{spec: "rfc2141bis-03 §2.1", in: "urn:urns:x", not: "URN004"},
}}

// §2.2: NSS = 1*pchar; characters outside it are UTF-8 encoded and
// percent-encoded. Appendix C: "&" and "~" are now allowed.
var bisSec22 = section{name: "rfc2141bis-03 §2.2", profile: RFC2141bis03, cases: []lintCase{
	{spec: "rfc2141bis-03 §2.2: NSS = 1*pchar", in: "urn:isbn:", want: "URN005:error"},
	{spec: "rfc2141bis-03 §2.2: NSS = 1*pchar; the query is not part of it", in: "urn:example:?s=I2L", want: "URN005:error"},
	{spec: "rfc2141bis-03 §2.2: NSS = 1*pchar; the fragment is not part of it", in: "urn:example:#f", want: "URN005:error"},
	{spec: "rfc2141bis-03 §2.2", in: "urn:example:a", exact: true, not: "URN005"},
	{spec: "rfc2141bis-03 §2.2: pchar = unreserved / sub-delims / \":\" / \"@\" (Appendix C)", in: "urn:example:!$&'()*+,;=-._~:@", want: "URN040:warning", not: "URN007 URN008"},
	{spec: "rfc2141bis-03 §2.2: UTF-8", in: "urn:example:caf%C3%A9", not: "URN026 URN007"},
	{spec: "rfc2141bis-03 §2.2: UTF-8 (STD 63)", in: "urn:example:caf%E9", want: "URN026:warning"},
	{spec: "rfc2141bis-03 §2.2: UTF-8 (STD 63)", in: "urn:example:%C3%A9%C3", want: "URN026:warning"},
	{spec: "rfc2141bis-03 §2.2: UTF-8 (STD 63) has at most four octets", in: "urn:example:%F8%88%80%80%80", want: "URN026:warning"},
}}

// §2.3: urn-query = directive *( "&" directive ); directive = keywd "=" value;
// keywd = ALPHA *( ["-"] (ALPHA / DIGIT) ); value = *v-pchar. A registered
// keywd MUST NOT appear more than once; the query MUST NOT be in an
// assigned URN. Registered keywords (§9.2.1): s, c.
var bisSec23 = section{name: "rfc2141bis-03 §2.3", profile: RFC2141bis03, cases: []lintCase{
	{spec: "rfc2141bis-03 §2.3.2: the example query part \"s=I2L&c=ToC\"", in: "urn:isbn:0451450523?s=I2L&c=ToC", want: "URN019:info URN042:warning", not: "URN015 URN016 URN017 URN018 URN007"},
	{spec: "rfc2141bis-03 §2.3: directive = keywd \"=\" value", in: "urn:example:a?s", want: "URN015:error"},
	{spec: "rfc2141bis-03 §2.3: at least one directive", in: "urn:example:a?", want: "URN015:error"},
	{spec: "rfc2141bis-03 §2.3: single instances of \"&\"", in: "urn:example:a?s=I2L&&c=ToC", want: "URN015:error"},
	{spec: "rfc2141bis-03 §2.3: \"&\" separates directives", in: "urn:example:a?s=I2L&", want: "URN015:error"},
	{spec: "rfc2141bis-03 §2.3: \"&\" separates directives", in: "urn:example:a?&s=I2L", want: "URN015:error"},
	{spec: "rfc2141bis-03 §2.3: keywd starts with ALPHA", in: "urn:example:a?1x=y", want: "URN015:error"},
	{spec: "rfc2141bis-03 §2.3: keywd is not empty", in: "urn:example:a?=y", want: "URN015:error"},
	{spec: "rfc2141bis-03 §2.3: at most one \"-\" in a row", in: "urn:example:a?x--y=1", want: "URN015:error"},
	{spec: "rfc2141bis-03 §2.3: \"-\" is followed by ALPHA / DIGIT", in: "urn:example:a?x-=1", want: "URN015:error"},
	{spec: "rfc2141bis-03 §2.3: keywd is LDH", in: "urn:example:a?x_y=1", want: "URN015:error"},
	{spec: "rfc2141bis-03 §2.3: keywd = ALPHA *( [\"-\"] (ALPHA / DIGIT) )", in: "urn:example:a?x-1=y", want: "URN017:info", not: "URN015"},
	{spec: "rfc2141bis-03 §2.3: v-subdels has \"=\"", in: "urn:example:a?c=a=b", not: "URN015 URN007"},
	{spec: "rfc2141bis-03 §2.3: v-subdels has \"/\" and \"?\"", in: "urn:example:a?c=a/b?c", not: "URN015 URN007"},
	{spec: "rfc2141bis-03 §2.3: value = *v-pchar may be empty", in: "urn:example:a?c=", not: "URN015"},
	{spec: "rfc2141bis-03 §2.3: query = *( pchar / \"/\" / \"?\" )", in: "urn:example:a?c=a[b", want: "URN007:error"},
	{spec: "rfc2141bis-03 §2.3: v-pchar has pct-encoded", in: "urn:example:a?c=%zz", want: "URN006:error"},
	{spec: "rfc2141bis-03 §2.3: a registered keywd MUST NOT appear more than once", in: "urn:example:a?s=I2L&s=I2R", want: "URN016:error"},
	{spec: "rfc2141bis-03 §2.3: a registered keywd MUST NOT appear more than once", in: "urn:example:a?c=ToC&s=I2L&c=Index", want: "URN016:error"},
	{spec: "rfc2141bis-03 §2.3: the rule is for registered keywds", in: "urn:example:a?x=1&x=2", want: "URN017:info", not: "URN016 URN015"},
	{spec: "rfc2141bis-03 §2.3: s and c once each", in: "urn:example:a?c=ToC&s=I2L", not: "URN016"},
	{spec: "rfc2141bis-03 §2.3: keywords are registered by IANA (§9.2.1: s, c)", in: "urn:example:a?service=I2L", want: "URN017:info"},
	{spec: "rfc2141bis-03 §2.3: directives are case-sensitive, \"S\" is not \"s\"", in: "urn:example:a?S=I2L", want: "URN017:info", not: "URN018"},
	{spec: "rfc2141bis-03 §2.3: \"c\" is registered (§2.3.2)", in: "urn:example:a?c=ToC", want: "URN019:info", not: "URN017"},
	{spec: "rfc2141bis-03 §2.3: the query MUST NOT be in an assigned URN", in: "urn:example:a?s=I2L", want: "URN019:info"},
	{spec: "rfc2141bis-03 §2.3: no query", in: "urn:example:a", not: "URN019 URN015"},
	{spec: "rfc2141bis-03 §2.3: an encoded \"?\" is NSS data", in: "urn:example:a%3Fs=I2L", not: "URN019 URN015"},
}}

// §2.3.1 and §9.2.2: the "s" value is a registered resolution service.
var bisSec231 = section{name: "rfc2141bis-03 §2.3.1", profile: RFC2141bis03, cases: cat(
	each("rfc2141bis-03 §2.3.1; §9.2.2 registry", "", "URN018 URN015 URN016",
		"urn:example:a?s=I2L", "urn:example:a?s=I2Ls", "urn:example:a?s=I2R", "urn:example:a?s=I2Rs",
		"urn:example:a?s=I2C", "urn:example:a?s=I2Cs", "urn:example:a?s=I2N", "urn:example:a?s=I2Ns",
		"urn:example:a?s=I=I"),
	[]lintCase{
		{spec: "rfc2141bis-03 §2.3.1: directives are case-sensitive (§2.3)", in: "urn:example:a?s=i2l", want: "URN018:warning"},
		// §2.3.1's own example "s=I2U" names RFC 2483 §4.1, which the §9.2.2
		// registry lists as I2L: I2U is not a registered value.
		{spec: "rfc2141bis-03 §2.3.1; §9.2.2 has no I2U", in: "urn:example:a?s=I2U", want: "URN018:warning", not: "URN015"},
		{spec: "rfc2141bis-03 §2.3.1: an empty value is no service", in: "urn:example:a?s=", want: "URN018:warning", not: "URN015"},
		{spec: "rfc2141bis-03 §2.3.1: only \"s\" takes services", in: "urn:example:a?c=I2U", not: "URN018"},
	},
)}

// §2.4: absent a namespace definition that specifies fragment usage, URNs
// MUST NOT contain a fragment identifier.
var bisSec24 = section{name: "rfc2141bis-03 §2.4", profile: RFC2141bis03, cases: []lintCase{
	{spec: "rfc2141bis-03 §2.4", in: "urn:example:a#part", want: "URN020:warning", not: "URN007 URN008"},
	{spec: "rfc2141bis-03 §2.4: even an empty fragment", in: "urn:example:a#", want: "URN020:warning"},
	{spec: "rfc2141bis-03 §2.4: after a query", in: "urn:example:a?s=I2L#p", want: "URN020:warning URN019:info", not: "URN015 URN018"},
	{spec: "rfc2141bis-03 §2.4: an encoded \"#\" is NSS data", in: "urn:example:a%23part", not: "URN020"},
	{spec: "rfc2141bis-03 §2.4: fragment = *( pchar / \"/\" / \"?\" )", in: "urn:example:a#b/c?d", not: "URN007"},
	{spec: "rfc2141bis-03 §2.4: fragment = *( pchar / \"/\" / \"?\" ) has no \"#\"", in: "urn:example:a#b#c", want: "URN007:error"},
}}

// §2.5.1: "/", "?", "#" MUST NOT appear literally in the NSS; "[" and "]"
// are not allowed literally; ":" and "@" are pchar.
var bisSec251 = section{name: "rfc2141bis-03 §2.5.1", profile: RFC2141bis03, cases: []lintCase{
	{spec: "rfc2141bis-03 §2.5.1: \"/\" is not allowed in the NSS", in: "urn:example:a/b", want: "URN008:error"},
	{spec: "rfc2141bis-03 §2.5.1: employ percent-encoding", in: "urn:example:a%2Fb", not: "URN008 URN010"},
	{spec: "rfc2141bis-03 §2.5.1: square brackets MUST be percent-encoded", in: "urn:example:a[1]", want: "URN007:error"},
	{spec: "rfc2141bis-03 §2.5.1: square brackets MUST be percent-encoded", in: "urn:example:a%5B1%5D", not: "URN007 URN010"},
	{spec: "rfc2141bis-03 §2.5.1: \":\" and \"@\" are pchar", in: "urn:example:a:b@c", not: "URN007 URN008"},
}}

// §2.5.2: "%" MUST be followed by two HEXDIG; a character MUST NOT be
// percent-encoded unless it is reserved.
var bisSec252 = section{name: "rfc2141bis-03 §2.5.2", profile: RFC2141bis03, cases: cat(
	each("rfc2141bis-03 §2.5.2: \"%\" MUST be followed by two HEXDIG", "URN006:error", "",
		"urn:example:a%zz", "urn:example:100%", "urn:example:a%2", "urn:example:a%%41"),
	each("rfc2141bis-03 §2.5.2: pchar needs no percent-encoding", "URN010:warning", "URN006",
		"urn:example:%61bc", "urn:example:a%26b", "urn:example:a%7Eb", "urn:example:a%3Ab", "urn:example:a%2Cb"),
	each("rfc2141bis-03 §2.5.2: reserved and excluded characters are encoded", "", "URN010 URN006",
		"urn:example:a%2Fb", "urn:example:a%3Fb", "urn:example:a%23b", "urn:example:100%25", "urn:example:a%5Bb",
		"urn:example:a%20b", "urn:example:caf%C3%A9"),
)}

// §2.5.3: excluded characters MUST be percent-encoded; NUL MUST NOT be used.
var bisSec253 = section{name: "rfc2141bis-03 §2.5.3", profile: RFC2141bis03, cases: cat(
	each("rfc2141bis-03 §2.5.3: excluded", "URN007:error", "",
		"urn:example:a\x01b", "urn:example:a\x1fb", "urn:example:a b", "urn:example:a\"b", "urn:example:a<b",
		"urn:example:a>b", "urn:example:a\\b", "urn:example:a^b", "urn:example:a`b", "urn:example:a{b",
		"urn:example:a|b", "urn:example:a}b", "urn:example:a\x7fb", "urn:example:a\x80b", "urn:example:a\xffb",
		"urn:example:caf\u00e9", "urn:example:a\x00b"),
	[]lintCase{
		{spec: "rfc2141bis-03 §2.5.3: NUL MUST NOT be used percent-encoded", in: "urn:example:a%00b", want: "URN009:error"},
		{spec: "rfc2141bis-03 §2.5.3: other controls are percent-encoded", in: "urn:example:a%01b", not: "URN009 URN007"},
	},
)}

// §5 steps 1–3: case of "urn", the NID and percent-encodings.
var bisSec5 = section{name: "rfc2141bis-03 §5", profile: RFC2141bis03, cases: []lintCase{
	{spec: "rfc2141bis-03 §5 step 1", in: "URN:foo:a123,456", want: "URN030:info"},
	{spec: "rfc2141bis-03 §5 step 2", in: "urn:FOO:a123,456", want: "URN030:info"},
	{spec: "rfc2141bis-03 §5: NSS case is significant", in: "urn:foo:A123,456", not: "URN030 URN031"},
	{spec: "rfc2141bis-03 §5 step 3", in: "URN:FOO:a123%2c456", want: "URN030:info URN031:info"},
	{spec: "rfc2141bis-03 §5 step 3", in: "urn:foo:a123%2C456", not: "URN031"},
	{spec: "rfc2141bis-03 §5 step 3: any percent-encoding, the query's too", in: "urn:example:a?c=%2f", want: "URN031:info"},
}}

func TestRFC2141bis03(t *testing.T) {
	runSections(t, &bisSec2, &bisSec21, &bisSec22, &bisSec23, &bisSec231, &bisSec24, &bisSec251, &bisSec252, &bisSec253, &bisSec5)
}

// §5.1: URNs 1, 2, 3 and 8 are equivalent; 7 is too under step 5a but not
// under step 5b; 4 is equivalent to no other; 5 and 6 only to each other.
func TestRFC2141bis03Sec51Examples(t *testing.T) {
	const (
		u1 = "URN:foo:a123,456"
		u2 = "urn:foo:a123,456"
		u3 = "urn:FOO:a123,456"
		u4 = "urn:foo:A123,456"
		u5 = "urn:foo:a123%2C456"
		u6 = "URN:FOO:a123%2c456"
		u7 = "urn:foo:a123,456?x=y"
		u8 = "urn:foo:a123,456#xyz"
	)
	t.Run("step 5a", func(t *testing.T) {
		equivalenceClasses(t, "rfc2141bis-03 §5.1 (5a)", RFC2141bis03, Options{}, [][]string{
			{u1, u2, u3, u8, u7}, {u4}, {u5, u6},
		})
	})
	t.Run("step 5b", func(t *testing.T) {
		equivalenceClasses(t, "rfc2141bis-03 §5.1 (5b)", RFC2141bis03, Options{QueryOrder: true}, [][]string{
			{u1, u2, u3, u8}, {u7}, {u4}, {u5, u6},
		})
	})
}

// §5 step 5b reorders the directives into a preferred keyword order, so
// the order in which they are written does not matter; step 4 still
// removes the fragment; steps 1–3 apply to the query's escapes.
func TestRFC2141bis03Step5b(t *testing.T) {
	equivalenceClasses(t, "rfc2141bis-03 §5 step 5b", RFC2141bis03, Options{QueryOrder: true}, [][]string{
		{"urn:example:a?s=I2L&c=ToC", "urn:example:a?c=ToC&s=I2L", "URN:EXAMPLE:a?c=ToC&s=I2L#frag"},
		{"urn:example:a?s=I2L&c=ToC&x=1&y=2", "urn:example:a?y=2&x=1&c=ToC&s=I2L", "urn:example:a?x=1&c=ToC&y=2&s=I2L"},
		{"urn:example:a?s=I2L"},
		{"urn:example:a?s=I2R"},
		{"urn:example:a?c=%2f", "urn:example:a?c=%2F"},
		{"urn:example:a", "urn:example:a#frag"},
	})
	// Under 5a every one of these names the same resource.
	equivalenceClasses(t, "rfc2141bis-03 §5 step 5a", RFC2141bis03, Options{}, [][]string{
		{"urn:example:a?s=I2L&c=ToC", "urn:example:a?c=ToC&s=I2L", "urn:example:a?s=I2R", "urn:example:a", "urn:example:a#frag"},
	})
}
