package urn

import (
	"testing"

	"github.com/idlint/idlint/rules/internal/ruletest"
)

// Tables read from urn-syntax-draft-ietf-urnbis-rfc2141bis-03.txt (2012).

// §2: URI = scheme ":" path-rootless [ "?" query ] [ "#" fragment ];
// urn-path = NID ":" NSS; "?" and "#" are separators and MUST NOT appear
// unencoded in a NSS.
var bisSec2 = section{Name: "rfc2141bis-03 §2", Profile: RFC2141bis03, Cases: []lintCase{
	{Spec: "rfc2141bis-03 §2: scheme = \"urn\"", In: "isbn:0451450523", Want: "URN001:error"},
	{Spec: "rfc2141bis-03 §2: the scheme name is case-insensitive", In: "Urn:isbn:0451450523", Not: "URN001"},
	{Spec: "rfc2141bis-03 §2: the colons are REQUIRED", In: "urn:isbn", Want: "URN002:error"},
	{Spec: "rfc2141bis-03 §2: the colons are REQUIRED", In: "urn:isbn:0451450523", Exact: true, Not: "URN001 URN002"},
	{Spec: "rfc2141bis-03 §2: \"?\" separates the query, it is not in the NSS", In: "urn:example:a?s=I2L", Not: "URN007 URN008 URN015"},
	{Spec: "rfc2141bis-03 §2: \"#\" separates the fragment, it is not in the NSS", In: "urn:example:a#b", Not: "URN007 URN008"},
	{Spec: "rfc2141bis-03 §2: a \"?\" that is not a keyword=value query", In: "urn:example:a?b", Want: "URN015:error"},
}}

// §2.1: NID = (ALPHA / DIGIT) 0*30(ALPHA / DIGIT / "-") (ALPHA / DIGIT);
// the NID "urn" is permanently reserved and MUST NOT be used.
var bisSec21 = section{Name: "rfc2141bis-03 §2.1", Profile: RFC2141bis03, Cases: []lintCase{
	{Spec: "rfc2141bis-03 §2.1: at least two characters", In: "urn:a:x", Want: "URN003:error"},
	{Spec: "rfc2141bis-03 §2.1: two characters", In: "urn:ab:x", Not: "URN003"},
	{Spec: "rfc2141bis-03 §2.1: 1 + 30 + 1 characters", In: "urn:" + nid32 + ":x", Not: "URN003"},
	{Spec: "rfc2141bis-03 §2.1: at most 32 characters", In: "urn:" + nid33 + ":x", Want: "URN003:error"},
	// README: §2.1 forbids a trailing hyphen; Appendix B is a stale copy.
	{Spec: "rfc2141bis-03 §2.1: ends with ALPHA / DIGIT (Appendix D.6)", In: "urn:isbn-:x", Want: "URN003:error"},
	{Spec: "rfc2141bis-03 §2.1: starts with ALPHA / DIGIT", In: "urn:-isbn:x", Want: "URN003:error"},
	{Spec: "rfc2141bis-03 §2.1: inner hyphens", In: "urn:a-b:x", Not: "URN003"},
	{Spec: "rfc2141bis-03 §2.1: LDH only", In: "urn:i_s_b_n:x", Want: "URN003:error"},
	{Spec: "rfc2141bis-03 §2.1: ASCII strings", In: "urn:caf\u00e9:x", Want: "URN003:error"},
	{Spec: "rfc2141bis-03 §2.1: NID \"urn\" MUST NOT be used", In: "urn:urn:x", Want: "URN004:error"},
	{Spec: "rfc2141bis-03 §2.1: NIDs are case-insensitive", In: "urn:Urn:x", Want: "URN004:error"},
	{Spec: "rfc2141bis-03 §2.1", In: "urn:urns:x", Not: "URN004"},
}}

// §2.2: NSS = 1*pchar; characters outside it are UTF-8 encoded and
// percent-encoded. Appendix C: "&" and "~" are now allowed.
var bisSec22 = section{Name: "rfc2141bis-03 §2.2", Profile: RFC2141bis03, Cases: []lintCase{
	{Spec: "rfc2141bis-03 §2.2: NSS = 1*pchar", In: "urn:isbn:", Want: "URN005:error"},
	{Spec: "rfc2141bis-03 §2.2: NSS = 1*pchar; the query is not part of it", In: "urn:example:?s=I2L", Want: "URN005:error"},
	{Spec: "rfc2141bis-03 §2.2: NSS = 1*pchar; the fragment is not part of it", In: "urn:example:#f", Want: "URN005:error"},
	{Spec: "rfc2141bis-03 §2.2", In: "urn:example:a", Exact: true, Not: "URN005"},
	{Spec: "rfc2141bis-03 §2.2: pchar = unreserved / sub-delims / \":\" / \"@\" (Appendix C)", In: "urn:example:!$&'()*+,;=-._~:@", Want: "URN040:warning", Not: "URN007 URN008"},
	{Spec: "rfc2141bis-03 §2.2: UTF-8", In: "urn:example:caf%C3%A9", Not: "URN026 URN007"},
	{Spec: "rfc2141bis-03 §2.2: UTF-8 (STD 63)", In: "urn:example:caf%E9", Want: "URN026:warning"},
	{Spec: "rfc2141bis-03 §2.2: UTF-8 (STD 63)", In: "urn:example:%C3%A9%C3", Want: "URN026:warning"},
	{Spec: "rfc2141bis-03 §2.2: UTF-8 (STD 63) has at most four octets", In: "urn:example:%F8%88%80%80%80", Want: "URN026:warning"},
}}

// §2.3: urn-query = directive *( "&" directive ); directive = keywd "=" value;
// keywd = ALPHA *( ["-"] (ALPHA / DIGIT) ); value = *v-pchar. A registered
// keywd MUST NOT appear more than once; the query MUST NOT be in an
// assigned URN. Registered keywords (§9.2.1): s, c.
var bisSec23 = section{Name: "rfc2141bis-03 §2.3", Profile: RFC2141bis03, Cases: []lintCase{
	{Spec: "rfc2141bis-03 §2.3.2: the example query part \"s=I2L&c=ToC\"", In: "urn:isbn:0451450523?s=I2L&c=ToC", Want: "URN019:info URN042:warning", Not: "URN015 URN016 URN017 URN018 URN007"},
	{Spec: "rfc2141bis-03 §2.3: directive = keywd \"=\" value", In: "urn:example:a?s", Want: "URN015:error"},
	{Spec: "rfc2141bis-03 §2.3: at least one directive", In: "urn:example:a?", Want: "URN015:error"},
	{Spec: "rfc2141bis-03 §2.3: single instances of \"&\"", In: "urn:example:a?s=I2L&&c=ToC", Want: "URN015:error"},
	{Spec: "rfc2141bis-03 §2.3: \"&\" separates directives", In: "urn:example:a?s=I2L&", Want: "URN015:error"},
	{Spec: "rfc2141bis-03 §2.3: \"&\" separates directives", In: "urn:example:a?&s=I2L", Want: "URN015:error"},
	{Spec: "rfc2141bis-03 §2.3: keywd starts with ALPHA", In: "urn:example:a?1x=y", Want: "URN015:error"},
	{Spec: "rfc2141bis-03 §2.3: keywd is not empty", In: "urn:example:a?=y", Want: "URN015:error"},
	{Spec: "rfc2141bis-03 §2.3: at most one \"-\" in a row", In: "urn:example:a?x--y=1", Want: "URN015:error"},
	{Spec: "rfc2141bis-03 §2.3: \"-\" is followed by ALPHA / DIGIT", In: "urn:example:a?x-=1", Want: "URN015:error"},
	{Spec: "rfc2141bis-03 §2.3: keywd is LDH", In: "urn:example:a?x_y=1", Want: "URN015:error"},
	{Spec: "rfc2141bis-03 §2.3: keywd = ALPHA *( [\"-\"] (ALPHA / DIGIT) )", In: "urn:example:a?x-1=y", Want: "URN017:info", Not: "URN015"},
	{Spec: "rfc2141bis-03 §2.3: v-subdels has \"=\"", In: "urn:example:a?c=a=b", Not: "URN015 URN007"},
	{Spec: "rfc2141bis-03 §2.3: v-subdels has \"/\" and \"?\"", In: "urn:example:a?c=a/b?c", Not: "URN015 URN007"},
	{Spec: "rfc2141bis-03 §2.3: value = *v-pchar may be empty", In: "urn:example:a?c=", Not: "URN015"},
	{Spec: "rfc2141bis-03 §2.3: query = *( pchar / \"/\" / \"?\" )", In: "urn:example:a?c=a[b", Want: "URN007:error"},
	{Spec: "rfc2141bis-03 §2.3: v-pchar has pct-encoded", In: "urn:example:a?c=%zz", Want: "URN006:error"},
	{Spec: "rfc2141bis-03 §2.3: a registered keywd MUST NOT appear more than once", In: "urn:example:a?s=I2L&s=I2R", Want: "URN016:error"},
	{Spec: "rfc2141bis-03 §2.3: a registered keywd MUST NOT appear more than once", In: "urn:example:a?c=ToC&s=I2L&c=Index", Want: "URN016:error"},
	{Spec: "rfc2141bis-03 §2.3: the rule is for registered keywds", In: "urn:example:a?x=1&x=2", Want: "URN017:info", Not: "URN016 URN015"},
	{Spec: "rfc2141bis-03 §2.3: s and c once each", In: "urn:example:a?c=ToC&s=I2L", Not: "URN016"},
	{Spec: "rfc2141bis-03 §2.3: keywords are registered by IANA (§9.2.1: s, c)", In: "urn:example:a?service=I2L", Want: "URN017:info"},
	{Spec: "rfc2141bis-03 §2.3: directives are case-sensitive, \"S\" is not \"s\"", In: "urn:example:a?S=I2L", Want: "URN017:info", Not: "URN018"},
	{Spec: "rfc2141bis-03 §2.3: \"c\" is registered (§2.3.2)", In: "urn:example:a?c=ToC", Want: "URN019:info", Not: "URN017"},
	{Spec: "rfc2141bis-03 §2.3: the query MUST NOT be in an assigned URN", In: "urn:example:a?s=I2L", Want: "URN019:info"},
	{Spec: "rfc2141bis-03 §2.3: no query", In: "urn:example:a", Not: "URN019 URN015"},
	{Spec: "rfc2141bis-03 §2.3: an encoded \"?\" is NSS data", In: "urn:example:a%3Fs=I2L", Not: "URN019 URN015"},
}}

// §2.3.1 and §9.2.2: the "s" value is a registered resolution service.
var bisSec231 = section{Name: "rfc2141bis-03 §2.3.1", Profile: RFC2141bis03, Cases: ruletest.Cat(
	each("rfc2141bis-03 §2.3.1; §9.2.2 registry", "", "URN018 URN015 URN016",
		"urn:example:a?s=I2L", "urn:example:a?s=I2Ls", "urn:example:a?s=I2R", "urn:example:a?s=I2Rs",
		"urn:example:a?s=I2C", "urn:example:a?s=I2Cs", "urn:example:a?s=I2N", "urn:example:a?s=I2Ns",
		"urn:example:a?s=I=I"),
	[]lintCase{
		{Spec: "rfc2141bis-03 §2.3.1: directives are case-sensitive (§2.3)", In: "urn:example:a?s=i2l", Want: "URN018:warning"},
		// §2.3.1's own example "s=I2U" names RFC 2483 §4.1, which the §9.2.2
		// registry lists as I2L: I2U is not a registered value.
		{Spec: "rfc2141bis-03 §2.3.1; §9.2.2 has no I2U", In: "urn:example:a?s=I2U", Want: "URN018:warning", Not: "URN015"},
		{Spec: "rfc2141bis-03 §2.3.1: an empty value is no service", In: "urn:example:a?s=", Want: "URN018:warning", Not: "URN015"},
		{Spec: "rfc2141bis-03 §2.3.1: only \"s\" takes services", In: "urn:example:a?c=I2U", Not: "URN018"},
	},
)}

// §2.4: absent a namespace definition that specifies fragment usage, URNs
// MUST NOT contain a fragment identifier.
var bisSec24 = section{Name: "rfc2141bis-03 §2.4", Profile: RFC2141bis03, Cases: []lintCase{
	{Spec: "rfc2141bis-03 §2.4", In: "urn:example:a#part", Want: "URN020:warning", Not: "URN007 URN008"},
	{Spec: "rfc2141bis-03 §2.4: even an empty fragment", In: "urn:example:a#", Want: "URN020:warning"},
	{Spec: "rfc2141bis-03 §2.4: after a query", In: "urn:example:a?s=I2L#p", Want: "URN020:warning URN019:info", Not: "URN015 URN018"},
	{Spec: "rfc2141bis-03 §2.4: an encoded \"#\" is NSS data", In: "urn:example:a%23part", Not: "URN020"},
	{Spec: "rfc2141bis-03 §2.4: fragment = *( pchar / \"/\" / \"?\" )", In: "urn:example:a#b/c?d", Not: "URN007"},
	{Spec: "rfc2141bis-03 §2.4: fragment = *( pchar / \"/\" / \"?\" ) has no \"#\"", In: "urn:example:a#b#c", Want: "URN007:error"},
}}

// §2.5.1: "/", "?", "#" MUST NOT appear literally in the NSS; "[" and "]"
// are not allowed literally; ":" and "@" are pchar.
var bisSec251 = section{Name: "rfc2141bis-03 §2.5.1", Profile: RFC2141bis03, Cases: []lintCase{
	{Spec: "rfc2141bis-03 §2.5.1: \"/\" is not allowed in the NSS", In: "urn:example:a/b", Want: "URN008:error"},
	{Spec: "rfc2141bis-03 §2.5.1: employ percent-encoding", In: "urn:example:a%2Fb", Not: "URN008 URN010"},
	{Spec: "rfc2141bis-03 §2.5.1: square brackets MUST be percent-encoded", In: "urn:example:a[1]", Want: "URN007:error"},
	{Spec: "rfc2141bis-03 §2.5.1: square brackets MUST be percent-encoded", In: "urn:example:a%5B1%5D", Not: "URN007 URN010"},
	{Spec: "rfc2141bis-03 §2.5.1: \":\" and \"@\" are pchar", In: "urn:example:a:b@c", Not: "URN007 URN008"},
}}

// §2.5.2: "%" MUST be followed by two HEXDIG; a character MUST NOT be
// percent-encoded unless it is reserved.
var bisSec252 = section{Name: "rfc2141bis-03 §2.5.2", Profile: RFC2141bis03, Cases: ruletest.Cat(
	each("rfc2141bis-03 §2.5.2: \"%\" MUST be followed by two HEXDIG", "URN006:error", "",
		"urn:example:a%zz", "urn:example:100%", "urn:example:a%2", "urn:example:a%%41"),
	each("rfc2141bis-03 §2.5.2: pchar needs no percent-encoding", "URN010:warning", "URN006",
		"urn:example:%61bc", "urn:example:a%26b", "urn:example:a%7Eb", "urn:example:a%3Ab", "urn:example:a%2Cb"),
	each("rfc2141bis-03 §2.5.2: reserved and excluded characters are encoded", "", "URN010 URN006",
		"urn:example:a%2Fb", "urn:example:a%3Fb", "urn:example:a%23b", "urn:example:100%25", "urn:example:a%5Bb",
		"urn:example:a%20b", "urn:example:caf%C3%A9"),
)}

// §2.5.3: excluded characters MUST be percent-encoded; NUL MUST NOT be used.
var bisSec253 = section{Name: "rfc2141bis-03 §2.5.3", Profile: RFC2141bis03, Cases: ruletest.Cat(
	each("rfc2141bis-03 §2.5.3: excluded", "URN007:error", "",
		"urn:example:a\x01b", "urn:example:a\x1fb", "urn:example:a b", "urn:example:a\"b", "urn:example:a<b",
		"urn:example:a>b", "urn:example:a\\b", "urn:example:a^b", "urn:example:a`b", "urn:example:a{b",
		"urn:example:a|b", "urn:example:a}b", "urn:example:a\x7fb", "urn:example:a\x80b", "urn:example:a\xffb",
		"urn:example:caf\u00e9", "urn:example:a\x00b"),
	[]lintCase{
		{Spec: "rfc2141bis-03 §2.5.3: NUL MUST NOT be used percent-encoded", In: "urn:example:a%00b", Want: "URN009:error"},
		{Spec: "rfc2141bis-03 §2.5.3: other controls are percent-encoded", In: "urn:example:a%01b", Not: "URN009 URN007"},
	},
)}

// §5 steps 1–3: case of "urn", the NID and percent-encodings.
var bisSec5 = section{Name: "rfc2141bis-03 §5", Profile: RFC2141bis03, Cases: []lintCase{
	{Spec: "rfc2141bis-03 §5 step 1", In: "URN:foo:a123,456", Want: "URN030:info"},
	{Spec: "rfc2141bis-03 §5 step 2", In: "urn:FOO:a123,456", Want: "URN030:info"},
	{Spec: "rfc2141bis-03 §5: NSS case is significant", In: "urn:foo:A123,456", Not: "URN030 URN031"},
	{Spec: "rfc2141bis-03 §5 step 3", In: "URN:FOO:a123%2c456", Want: "URN030:info URN031:info"},
	{Spec: "rfc2141bis-03 §5 step 3", In: "urn:foo:a123%2C456", Not: "URN031"},
	{Spec: "rfc2141bis-03 §5 step 3: any percent-encoding, the query's too", In: "urn:example:a?c=%2f", Want: "URN031:info"},
}}

func TestRFC2141bis03(t *testing.T) {
	harness.RunSections(t, &bisSec2, &bisSec21, &bisSec22, &bisSec23, &bisSec231, &bisSec24, &bisSec251, &bisSec252, &bisSec253, &bisSec5)
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
		harness.EquivalenceClasses(t, "rfc2141bis-03 §5.1 (5a)", RFC2141bis03, [][]string{
			{u1, u2, u3, u8, u7}, {u4}, {u5, u6},
		})
	})
	t.Run("step 5b", func(t *testing.T) {
		harnessFor(Options{QueryOrder: true}).EquivalenceClasses(t, "rfc2141bis-03 §5.1 (5b)", RFC2141bis03, [][]string{
			{u1, u2, u3, u8}, {u7}, {u4}, {u5, u6},
		})
	})
}

// §5 step 5b reorders the directives into a preferred keyword order, so
// the order in which they are written does not matter; step 4 still
// removes the fragment; steps 1–3 apply to the query's escapes.
func TestRFC2141bis03Step5b(t *testing.T) {
	harnessFor(Options{QueryOrder: true}).EquivalenceClasses(t, "rfc2141bis-03 §5 step 5b", RFC2141bis03, [][]string{
		{"urn:example:a?s=I2L&c=ToC", "urn:example:a?c=ToC&s=I2L", "URN:EXAMPLE:a?c=ToC&s=I2L#frag"},
		{"urn:example:a?s=I2L&c=ToC&x=1&y=2", "urn:example:a?y=2&x=1&c=ToC&s=I2L", "urn:example:a?x=1&c=ToC&y=2&s=I2L"},
		{"urn:example:a?s=I2L"},
		{"urn:example:a?s=I2R"},
		{"urn:example:a?c=%2f", "urn:example:a?c=%2F"},
		{"urn:example:a", "urn:example:a#frag"},
	})
	// Under 5a every one of these names the same resource.
	harness.EquivalenceClasses(t, "rfc2141bis-03 §5 step 5a", RFC2141bis03, [][]string{
		{"urn:example:a?s=I2L&c=ToC", "urn:example:a?c=ToC&s=I2L", "urn:example:a?s=I2R", "urn:example:a", "urn:example:a#frag"},
	})
}
