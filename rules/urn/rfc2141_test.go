package urn

import (
	"strings"
	"testing"
)

// Tables read from urn-syntax-rfc2141.txt (RFC 2141, 1997). Its pages 2–7
// are joined into long lines in that copy; the section numbers are the RFC's.

var (
	nid32 = strings.Repeat("a", 31) + "1" // longest NID: 1 + 31 characters
	nid33 = strings.Repeat("a", 32) + "1"
)

// each returns one case per input, all with the same spec and expectations.
func each(spec, want, not string, ins ...string) []lintCase {
	cs := make([]lintCase, len(ins))
	for i, in := range ins {
		cs[i] = lintCase{spec: spec, in: in, want: want, not: not}
	}
	return cs
}

func cat(parts ...[]lintCase) []lintCase {
	var out []lintCase
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// §2: <URN> ::= "urn:" <NID> ":" <NSS>; the leading "urn:" is case-insensitive.
var rfc2141Sec2 = section{name: "rfc2141 §2", profile: RFC2141, cases: []lintCase{
	{spec: "rfc2141 §2: \"urn:\" is REQUIRED", in: "isbn:0451450523", want: "URN001:error"},
	{spec: "rfc2141 §2: \"urn:\" is REQUIRED", in: "urn", want: "URN001:error"},
	{spec: "rfc2141 §2: \"urn:\" is REQUIRED", in: "urn-isbn:0451450523", want: "URN001:error"},
	{spec: "rfc2141 §2: the leading \"urn:\" is case-insensitive", in: "URN:isbn:0451450523", not: "URN001 URN002"},
	{spec: "rfc2141 §2: the leading \"urn:\" is case-insensitive", in: "uRn:isbn:0451450523", not: "URN001"},
	{spec: "rfc2141 §2: \":\" after the NID is REQUIRED", in: "urn:isbn", want: "URN002:error"},
	{spec: "rfc2141 §2: \":\" after the NID is REQUIRED", in: "urn:", want: "URN002:error"},
	{spec: "rfc2141 §2", in: "urn:isbn:0451450523", exact: true, not: "URN001 URN002 URN003 URN005"},
}}

// §2.1: <NID> ::= <let-num> [ 1,31<let-num-hyp> ]; "urn" is reserved.
var rfc2141Sec21 = section{name: "rfc2141 §2.1", profile: RFC2141, cases: []lintCase{
	{spec: "rfc2141 §2.1: a single <let-num> is a NID", in: "urn:a:x", not: "URN003"},
	{spec: "rfc2141 §2.1: <let-num> plus 31 <let-num-hyp>", in: "urn:" + nid32 + ":x", not: "URN003"},
	{spec: "rfc2141 §2.1: at most 1 + 31 characters", in: "urn:" + nid33 + ":x", want: "URN003:error"},
	{spec: "rfc2141 §2.1: the first character is <let-num>", in: "urn:-isbn:x", want: "URN003:error"},
	{spec: "rfc2141 §2.1: <let-num-hyp> allows a trailing hyphen", in: "urn:isbn-:x", not: "URN003"},
	{spec: "rfc2141 §2.1: <let-num-hyp> allows inner hyphens", in: "urn:a-b--c:x", not: "URN003"},
	{spec: "rfc2141 §2.1: no \"_\"", in: "urn:i_s_b_n:x", want: "URN003:error"},
	{spec: "rfc2141 §2.1: more restrictive than [4], which allows \".\"", in: "urn:a.b:x", want: "URN003:error"},
	{spec: "rfc2141 §2.1: more restrictive than [4], which allows \"+\"", in: "urn:a+b:x", want: "URN003:error"},
	{spec: "rfc2141 §2.1: the NID is not empty", in: "urn::x", want: "URN003:error"},
	{spec: "rfc2141 §2.1: letters are A-Z a-z only", in: "urn:caf\u00e9:x", want: "URN003:error"},
	{spec: "rfc2141 §2.1: NID \"urn\" is reserved and MUST NOT be used", in: "urn:urn:x", want: "URN004:error"},
	{spec: "rfc2141 §2.1: the NID is case insensitive, so \"URN\" is \"urn\"", in: "urn:URN:x", want: "URN004:error"},
	{spec: "rfc2141 §2.1: only the NID \"urn\" itself is reserved", in: "urn:urnx:x", not: "URN004"},
	{spec: "rfc2141 §2.1: only the NID \"urn\" itself is reserved", in: "urn:urn-7:x", not: "URN004 URN003"},
}}

// §2.2: <NSS> ::= 1*<URN chars>; other characters are translated to UTF-8
// octets, each %-encoded.
var rfc2141Sec22 = section{name: "rfc2141 §2.2", profile: RFC2141, cases: []lintCase{
	{spec: "rfc2141 §2.2: <NSS> ::= 1*<URN chars>", in: "urn:isbn:", want: "URN005:error"},
	{spec: "rfc2141 §2.2: <NSS> ::= 1*<URN chars>", in: "urn:isbn:0", not: "URN005"},
	{spec: "rfc2141 §2.2: <other> is ( ) + , - . : = @ ; $ _ ! * '", in: "urn:example:()+,-.:=@;$_!*'", exact: true, not: "URN007 URN008"},
	{spec: "rfc2141 §2.2: upper, lower, number", in: "urn:example:AZaz09", exact: true, not: "URN007"},
	{spec: "rfc2141 §2.2: translation uses UTF-8", in: "urn:example:caf%C3%A9", not: "URN026 URN007"},
	{spec: "rfc2141 §2.2: translation uses UTF-8 (3 octets)", in: "urn:example:%E2%82%AC", not: "URN026"},
	{spec: "rfc2141 §2.2: translation uses UTF-8 (4 octets)", in: "urn:example:%F0%9F%98%80", not: "URN026"},
	{spec: "rfc2141 §2.2: \"one to six octets using UTF-8\" (5 octets)", in: "urn:example:%F8%88%80%80%80", not: "URN026"},
	{spec: "rfc2141 §2.2: \"one to six octets using UTF-8\" (6 octets)", in: "urn:example:%FC%84%80%80%80%80", not: "URN026"},
	{spec: "rfc2141 §2.2: Latin-1 é is not UTF-8", in: "urn:example:caf%E9", want: "URN026:warning"},
	{spec: "rfc2141 §2.2: a UTF-8 sequence cut short", in: "urn:example:%C3", want: "URN026:warning"},
	{spec: "rfc2141 §2.2: a UTF-8 sequence cut short by a literal", in: "urn:example:%E2%82x", want: "URN026:warning"},
	{spec: "rfc2141 §2.2: a continuation octet cannot start a character", in: "urn:example:%80", want: "URN026:warning"},
	{spec: "rfc2141 §2.2: FE and FF never occur in UTF-8", in: "urn:example:%FE", want: "URN026:warning"},
}}

// §2.3.1: "%" introduces an escape and MUST be followed by two <hex>; a
// character MUST NOT be %-encoded unless it is reserved (a warning: the
// namespace may reserve characters of its own).
var rfc2141Sec231 = section{name: "rfc2141 §2.3.1", profile: RFC2141, cases: []lintCase{
	{spec: "rfc2141 §2.3.1: \"%\" MUST be followed by two <hex>", in: "urn:example:a%zz", want: "URN006:error"},
	{spec: "rfc2141 §2.3.1: \"%\" MUST be followed by two <hex>", in: "urn:example:100%", want: "URN006:error"},
	{spec: "rfc2141 §2.3.1: \"%\" MUST be followed by two <hex>", in: "urn:example:a%2", want: "URN006:error"},
	{spec: "rfc2141 §2.3.1: \"%\" MUST be followed by two <hex>", in: "urn:example:a%g0", want: "URN006:error"},
	{spec: "rfc2141 §2.3.1: literal \"%\" is encoded as %25", in: "urn:example:100%25", not: "URN006 URN010"},
	{spec: "rfc2141 §2.3.1: <hex> includes a-f", in: "urn:example:a%2fb", not: "URN006"},
	{spec: "rfc2141 §2.3.1: MUST NOT %-encode a non-reserved character (letter)", in: "urn:example:%61bc", want: "URN010:warning"},
	{spec: "rfc2141 §2.3.1: MUST NOT %-encode a non-reserved character (<other> \",\")", in: "urn:foo:a123%2C456", want: "URN010:warning"},
	{spec: "rfc2141 §2.3.1: \"/\" is reserved, so %2F is needed", in: "urn:example:a%2Fb", not: "URN010"},
	{spec: "rfc2141 §2.3.1: \"?\" is reserved, so %3F is needed", in: "urn:example:a%3Fb", not: "URN010"},
	{spec: "rfc2141 §2.3.1: \"#\" is reserved, so %23 is needed", in: "urn:example:a%23b", not: "URN010"},
	{spec: "rfc2141 §2.3.1: excluded \"&\" (§2.4) must be encoded", in: "urn:example:a%26b", not: "URN010"},
	{spec: "rfc2141 §2.3.1: excluded \"~\" (§2.4) must be encoded", in: "urn:example:a%7Eb", not: "URN010"},
	{spec: "rfc2141 §2.3.1: excluded space (§2.4) must be encoded", in: "urn:example:a%20b", not: "URN010"},
}}

// §2.3.2: "/", "?" and "#" are RESERVED; namespaces SHOULD NOT use them
// unencoded. rfc2141bis-03 and rfc8141 warn about them for rfc2141 parsers
// (URN041, URN042 cite this section).
var rfc2141Sec232 = section{name: "rfc2141 §2.3.2", profile: RFC2141, cases: []lintCase{
	{spec: "rfc2141 §2.3.2: \"/\" SHOULD NOT be used unencoded", in: "urn:example:a/b", want: "URN008:warning", not: "URN007"},
	{spec: "rfc2141 §2.3.2: \"?\" SHOULD NOT be used unencoded", in: "urn:example:a?b", want: "URN008:warning", not: "URN007"},
	{spec: "rfc2141 §2.3.2: \"#\" SHOULD NOT be used unencoded", in: "urn:example:a#b", want: "URN008:warning", not: "URN007"},
	{spec: "rfc2141 §2.3.2: use the %-encoding", in: "urn:example:a%2Fb%3Fc%23d", not: "URN008"},
	// rfc8141 allows "/" in the NSS; rfc2141 parsers treat it as reserved.
	{spec: "rfc2141 §2.3.2", profile: RFC8141, in: "urn:example:1/406/47452/2", want: "URN041:warning", not: "URN008 URN007"},
	{spec: "rfc2141 §2.3.2", profile: RFC8141, in: "urn:example:a%2Fb", not: "URN041"},
	{spec: "rfc2141 §2.3.2: the slash is in the q-component, not the NSS", profile: RFC8141, in: "urn:example:a?=b/c", want: "URN042:warning", not: "URN041"},
	// An rfc2141 parser keeps ?+r, ?=q, #f (and rfc2141bis-03's ?query, #fragment) in the NSS.
	{spec: "rfc2141 §2.3.2", profile: RFC8141, in: "urn:example:a?+r", want: "URN042:warning"},
	{spec: "rfc2141 §2.3.2", profile: RFC8141, in: "urn:example:a?=lang=en", want: "URN042:warning"},
	{spec: "rfc2141 §2.3.2", profile: RFC8141, in: "urn:example:a#f", want: "URN042:warning"},
	{spec: "rfc2141 §2.3.2", profile: RFC8141, in: "urn:example:a", not: "URN042 URN041"},
	{spec: "rfc2141 §2.3.2", profile: RFC8141, in: "urn:example:a%3F%2Bb%23c", not: "URN042 URN011"},
	{spec: "rfc2141 §2.3.2", profile: RFC2141bis03, in: "urn:example:a?s=I2L", want: "URN042:warning"},
	{spec: "rfc2141 §2.3.2", profile: RFC2141bis03, in: "urn:example:a#f", want: "URN042:warning"},
	{spec: "rfc2141 §2.3.2", profile: RFC2141bis03, in: "urn:example:a", not: "URN042"},
}}

// §2.4: excluded octets MUST be %-encoded; octet 0 should never be used.
var rfc2141Sec24 = section{name: "rfc2141 §2.4", profile: RFC2141, cases: cat(
	each("rfc2141 §2.4: <excluded> MUST be %encoded", "URN007:error", "",
		"urn:example:a\x01b", "urn:example:a\x1fb", "urn:example:a b", "urn:example:a\\b", "urn:example:a\"b",
		"urn:example:a&b", "urn:example:a<b", "urn:example:a>b", "urn:example:a[b", "urn:example:a]b",
		"urn:example:a^b", "urn:example:a`b", "urn:example:a{b", "urn:example:a|b", "urn:example:a}b",
		"urn:example:a~b", "urn:example:a\x7fb", "urn:example:a\x80b", "urn:example:a\xffb",
		"urn:example:caf\u00e9", "urn:example:a\x00b"),
	each("rfc2141 §2.4: encoded excluded octets are fine", "", "URN007",
		"urn:example:a%01b", "urn:example:a%20b", "urn:example:a%26b%7Ec", "urn:example:a%5B1%5D", "urn:example:caf%C3%A9"),
	[]lintCase{
		{spec: "rfc2141 §2.4: octet 0 should NEVER be used, not even %-encoded", in: "urn:example:a%00b", want: "URN009:error"},
		{spec: "rfc2141 §2.4: octet 1 may be %-encoded", in: "urn:example:a%01b", not: "URN009"},
		// rfc2141bis-03 and rfc8141 admit "&" and "~"; rfc2141 parsers do not.
		{spec: "rfc2141 §2.4", profile: RFC2141bis03, in: "urn:example:a&b", want: "URN040:warning", not: "URN007"},
		{spec: "rfc2141 §2.4", profile: RFC2141bis03, in: "urn:example:a~b", want: "URN040:warning", not: "URN007"},
		{spec: "rfc2141 §2.4", profile: RFC2141bis03, in: "urn:example:a%26b%7Ec", not: "URN040"},
		{spec: "rfc2141 §2.4", profile: RFC8141, in: "urn:example:a&b~c", want: "URN040:warning", not: "URN007"},
		{spec: "rfc2141 §2.4", profile: RFC8141, in: "urn:example:a%26b%7Ec", not: "URN040"},
		{spec: "rfc2141 §2.4: the rule is about the NSS; & in a q-component is query syntax", profile: RFC8141, in: "urn:example:a?=x=1&y=2", not: "URN040"},
		// rfc8141 is silent on octet 0: a compatibility warning there.
		{spec: "rfc2141 §2.4", profile: RFC8141, in: "urn:example:a%00b", want: "URN009:warning"},
		{spec: "rfc2141 §2.4", profile: RFC8141, in: "urn:example:a%01b", not: "URN009"},
	},
)}

// §5: lexical equivalence normalizes the case of "urn:", of the NID and of
// %-escapes, never removing them (URN030, URN031 cite it).
var rfc2141Sec5 = section{name: "rfc2141 §5", profile: RFC2141, cases: []lintCase{
	{spec: "rfc2141 §5 step 1: case of \"urn:\"", in: "URN:foo:a123,456", want: "URN030:info"},
	{spec: "rfc2141 §5 step 2: case of the NID", in: "urn:FOO:a123,456", want: "URN030:info"},
	{spec: "rfc2141 §5: the NSS is not case-normalized", in: "urn:foo:A123,456", not: "URN030 URN031"},
	{spec: "rfc2141 §5 step 3: case of %-escaping", in: "urn:foo:a123%2c456", want: "URN031:info", not: "URN030"},
	{spec: "rfc2141 §5 step 3", in: "urn:foo:a123%2C456", not: "URN031 URN030"},
	{spec: "rfc2141 §5 steps 1-3", in: "URN:FOO:a123%2c456", want: "URN030:info URN031:info"},
}}

func TestRFC2141(t *testing.T) {
	runSections(t, &rfc2141Sec2, &rfc2141Sec21, &rfc2141Sec22, &rfc2141Sec231, &rfc2141Sec232, &rfc2141Sec24, &rfc2141Sec5)
}

// §6: URNs 1, 2 and 3 are lexically equivalent; 4 is equivalent to none of
// the others; 5 and 6 only to each other.
func TestRFC2141Sec6Examples(t *testing.T) {
	equivalenceClasses(t, "rfc2141 §6", RFC2141, Options{}, [][]string{
		{"URN:foo:a123,456", "urn:foo:a123,456", "urn:FOO:a123,456"}, // 1 2 3
		{"urn:foo:A123,456"},                         // 4
		{"urn:foo:a123%2C456", "URN:FOO:a123%2c456"}, // 5 6
	})
	// §5: "%-escaping MUST NOT be removed" and nothing is cut: "?" and "#"
	// are (reserved) NSS characters under rfc2141, so they count.
	equivalenceClasses(t, "rfc2141 §5", RFC2141, Options{}, [][]string{
		{"urn:foo:a"}, {"urn:foo:%61"}, {"urn:foo:a?b"}, {"urn:foo:a#b"}, {"urn:foo:a%3Fb"},
	})
}
