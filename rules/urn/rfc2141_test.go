package urn

import (
	"strings"
	"testing"

	"github.com/idlint/idlint/rules/internal/ruletest"
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
		cs[i] = lintCase{Spec: spec, In: in, Want: want, Not: not}
	}
	return cs
}

// §2: <URN> ::= "urn:" <NID> ":" <NSS>; the leading "urn:" is case-insensitive.
var rfc2141Sec2 = section{Name: "rfc2141 §2", Profile: RFC2141, Cases: []lintCase{
	{Spec: "rfc2141 §2: \"urn:\" is REQUIRED", In: "isbn:0451450523", Want: "URN001:error"},
	{Spec: "rfc2141 §2: \"urn:\" is REQUIRED", In: "urn", Want: "URN001:error"},
	{Spec: "rfc2141 §2: \"urn:\" is REQUIRED", In: "urn-isbn:0451450523", Want: "URN001:error"},
	{Spec: "rfc2141 §2: the leading \"urn:\" is case-insensitive", In: "URN:isbn:0451450523", Not: "URN001 URN002"},
	{Spec: "rfc2141 §2: the leading \"urn:\" is case-insensitive", In: "uRn:isbn:0451450523", Not: "URN001"},
	{Spec: "rfc2141 §2: \":\" after the NID is REQUIRED", In: "urn:isbn", Want: "URN002:error"},
	{Spec: "rfc2141 §2: \":\" after the NID is REQUIRED", In: "urn:", Want: "URN002:error"},
	{Spec: "rfc2141 §2", In: "urn:isbn:0451450523", Exact: true, Not: "URN001 URN002 URN003 URN005"},
}}

// §2.1: <NID> ::= <let-num> [ 1,31<let-num-hyp> ]; "urn" is reserved.
var rfc2141Sec21 = section{Name: "rfc2141 §2.1", Profile: RFC2141, Cases: []lintCase{
	{Spec: "rfc2141 §2.1: a single <let-num> is a NID", In: "urn:a:x", Not: "URN003"},
	{Spec: "rfc2141 §2.1: <let-num> plus 31 <let-num-hyp>", In: "urn:" + nid32 + ":x", Not: "URN003"},
	{Spec: "rfc2141 §2.1: at most 1 + 31 characters", In: "urn:" + nid33 + ":x", Want: "URN003:error"},
	{Spec: "rfc2141 §2.1: the first character is <let-num>", In: "urn:-isbn:x", Want: "URN003:error"},
	{Spec: "rfc2141 §2.1: <let-num-hyp> allows a trailing hyphen", In: "urn:isbn-:x", Not: "URN003"},
	{Spec: "rfc2141 §2.1: <let-num-hyp> allows inner hyphens", In: "urn:a-b--c:x", Not: "URN003"},
	{Spec: "rfc2141 §2.1: no \"_\"", In: "urn:i_s_b_n:x", Want: "URN003:error"},
	{Spec: "rfc2141 §2.1: more restrictive than [4], which allows \".\"", In: "urn:a.b:x", Want: "URN003:error"},
	{Spec: "rfc2141 §2.1: more restrictive than [4], which allows \"+\"", In: "urn:a+b:x", Want: "URN003:error"},
	{Spec: "rfc2141 §2.1: the NID is not empty", In: "urn::x", Want: "URN003:error"},
	{Spec: "rfc2141 §2.1: letters are A-Z a-z only", In: "urn:caf\u00e9:x", Want: "URN003:error"},
	{Spec: "rfc2141 §2.1: NID \"urn\" is reserved and MUST NOT be used", In: "urn:urn:x", Want: "URN004:error"},
	{Spec: "rfc2141 §2.1: the NID is case insensitive, so \"URN\" is \"urn\"", In: "urn:URN:x", Want: "URN004:error"},
	{Spec: "rfc2141 §2.1: only the NID \"urn\" itself is reserved", In: "urn:urnx:x", Not: "URN004"},
	{Spec: "rfc2141 §2.1: only the NID \"urn\" itself is reserved", In: "urn:urn-7:x", Not: "URN004 URN003"},
}}

// §2.2: <NSS> ::= 1*<URN chars>; other characters are translated to UTF-8
// octets, each %-encoded.
var rfc2141Sec22 = section{Name: "rfc2141 §2.2", Profile: RFC2141, Cases: []lintCase{
	{Spec: "rfc2141 §2.2: <NSS> ::= 1*<URN chars>", In: "urn:isbn:", Want: "URN005:error"},
	{Spec: "rfc2141 §2.2: <NSS> ::= 1*<URN chars>", In: "urn:isbn:0", Not: "URN005"},
	{Spec: "rfc2141 §2.2: <other> is ( ) + , - . : = @ ; $ _ ! * '", In: "urn:example:()+,-.:=@;$_!*'", Exact: true, Not: "URN007 URN008"},
	{Spec: "rfc2141 §2.2: upper, lower, number", In: "urn:example:AZaz09", Exact: true, Not: "URN007"},
	{Spec: "rfc2141 §2.2: translation uses UTF-8", In: "urn:example:caf%C3%A9", Not: "URN026 URN007"},
	{Spec: "rfc2141 §2.2: translation uses UTF-8 (3 octets)", In: "urn:example:%E2%82%AC", Not: "URN026"},
	{Spec: "rfc2141 §2.2: translation uses UTF-8 (4 octets)", In: "urn:example:%F0%9F%98%80", Not: "URN026"},
	{Spec: "rfc2141 §2.2: \"one to six octets using UTF-8\" (5 octets)", In: "urn:example:%F8%88%80%80%80", Not: "URN026"},
	{Spec: "rfc2141 §2.2: \"one to six octets using UTF-8\" (6 octets)", In: "urn:example:%FC%84%80%80%80%80", Not: "URN026"},
	{Spec: "rfc2141 §2.2: Latin-1 é is not UTF-8", In: "urn:example:caf%E9", Want: "URN026:warning"},
	{Spec: "rfc2141 §2.2: a UTF-8 sequence cut short", In: "urn:example:%C3", Want: "URN026:warning"},
	{Spec: "rfc2141 §2.2: a UTF-8 sequence cut short by a literal", In: "urn:example:%E2%82x", Want: "URN026:warning"},
	{Spec: "rfc2141 §2.2: a continuation octet cannot start a character", In: "urn:example:%80", Want: "URN026:warning"},
	{Spec: "rfc2141 §2.2: FE and FF never occur in UTF-8", In: "urn:example:%FE", Want: "URN026:warning"},
}}

// §2.3.1: "%" introduces an escape and MUST be followed by two <hex>; a
// character MUST NOT be %-encoded unless it is reserved (a warning: the
// namespace may reserve characters of its own).
var rfc2141Sec231 = section{Name: "rfc2141 §2.3.1", Profile: RFC2141, Cases: []lintCase{
	{Spec: "rfc2141 §2.3.1: \"%\" MUST be followed by two <hex>", In: "urn:example:a%zz", Want: "URN006:error"},
	{Spec: "rfc2141 §2.3.1: \"%\" MUST be followed by two <hex>", In: "urn:example:100%", Want: "URN006:error"},
	{Spec: "rfc2141 §2.3.1: \"%\" MUST be followed by two <hex>", In: "urn:example:a%2", Want: "URN006:error"},
	{Spec: "rfc2141 §2.3.1: \"%\" MUST be followed by two <hex>", In: "urn:example:a%g0", Want: "URN006:error"},
	{Spec: "rfc2141 §2.3.1: literal \"%\" is encoded as %25", In: "urn:example:100%25", Not: "URN006 URN010"},
	{Spec: "rfc2141 §2.3.1: <hex> includes a-f", In: "urn:example:a%2fb", Not: "URN006"},
	{Spec: "rfc2141 §2.3.1: MUST NOT %-encode a non-reserved character (letter)", In: "urn:example:%61bc", Want: "URN010:warning"},
	{Spec: "rfc2141 §2.3.1: MUST NOT %-encode a non-reserved character (<other> \",\")", In: "urn:foo:a123%2C456", Want: "URN010:warning"},
	{Spec: "rfc2141 §2.3.1: \"/\" is reserved, so %2F is needed", In: "urn:example:a%2Fb", Not: "URN010"},
	{Spec: "rfc2141 §2.3.1: \"?\" is reserved, so %3F is needed", In: "urn:example:a%3Fb", Not: "URN010"},
	{Spec: "rfc2141 §2.3.1: \"#\" is reserved, so %23 is needed", In: "urn:example:a%23b", Not: "URN010"},
	{Spec: "rfc2141 §2.3.1: excluded \"&\" (§2.4) must be encoded", In: "urn:example:a%26b", Not: "URN010"},
	{Spec: "rfc2141 §2.3.1: excluded \"~\" (§2.4) must be encoded", In: "urn:example:a%7Eb", Not: "URN010"},
	{Spec: "rfc2141 §2.3.1: excluded space (§2.4) must be encoded", In: "urn:example:a%20b", Not: "URN010"},
}}

// §2.3.2: "/", "?" and "#" are RESERVED; namespaces SHOULD NOT use them
// unencoded. rfc2141bis-03 and rfc8141 warn about them for rfc2141 parsers
// (URN041, URN042 cite this section).
var rfc2141Sec232 = section{Name: "rfc2141 §2.3.2", Profile: RFC2141, Cases: []lintCase{
	{Spec: "rfc2141 §2.3.2: \"/\" SHOULD NOT be used unencoded", In: "urn:example:a/b", Want: "URN008:warning", Not: "URN007"},
	{Spec: "rfc2141 §2.3.2: \"?\" SHOULD NOT be used unencoded", In: "urn:example:a?b", Want: "URN008:warning", Not: "URN007"},
	{Spec: "rfc2141 §2.3.2: \"#\" SHOULD NOT be used unencoded", In: "urn:example:a#b", Want: "URN008:warning", Not: "URN007"},
	{Spec: "rfc2141 §2.3.2: use the %-encoding", In: "urn:example:a%2Fb%3Fc%23d", Not: "URN008"},
	// rfc8141 allows "/" in the NSS; rfc2141 parsers treat it as reserved.
	{Spec: "rfc2141 §2.3.2", Profile: RFC8141, In: "urn:example:1/406/47452/2", Want: "URN041:info", Not: "URN008 URN007"},
	{Spec: "rfc2141 §2.3.2", Profile: RFC8141, In: "urn:example:a%2Fb", Not: "URN041"},
	{Spec: "rfc2141 §2.3.2: the slash is in the q-component, not the NSS", Profile: RFC8141, In: "urn:example:a?=b/c", Want: "URN042:info", Not: "URN041"},
	// An rfc2141 parser keeps ?+r, ?=q, #f (and rfc2141bis-03's ?query, #fragment) in the NSS.
	{Spec: "rfc2141 §2.3.2", Profile: RFC8141, In: "urn:example:a?+r", Want: "URN042:info"},
	{Spec: "rfc2141 §2.3.2", Profile: RFC8141, In: "urn:example:a?=lang=en", Want: "URN042:info"},
	{Spec: "rfc2141 §2.3.2", Profile: RFC8141, In: "urn:example:a#f", Want: "URN042:info"},
	{Spec: "rfc2141 §2.3.2", Profile: RFC8141, In: "urn:example:a", Not: "URN042 URN041"},
	{Spec: "rfc2141 §2.3.2", Profile: RFC8141, In: "urn:example:a%3F%2Bb%23c", Not: "URN042 URN011"},
	{Spec: "rfc2141 §2.3.2", Profile: RFC2141bis03, In: "urn:example:a?s=I2L", Want: "URN042:warning"},
	{Spec: "rfc2141 §2.3.2", Profile: RFC2141bis03, In: "urn:example:a#f", Want: "URN042:warning"},
	{Spec: "rfc2141 §2.3.2", Profile: RFC2141bis03, In: "urn:example:a", Not: "URN042"},
}}

// §2.4: excluded octets MUST be %-encoded; octet 0 should never be used.
var rfc2141Sec24 = section{Name: "rfc2141 §2.4", Profile: RFC2141, Cases: ruletest.Cat(
	each("rfc2141 §2.4: <excluded> MUST be %encoded", "URN007:error", "",
		"urn:example:a\x01b", "urn:example:a\x1fb", "urn:example:a b", "urn:example:a\\b", "urn:example:a\"b",
		"urn:example:a&b", "urn:example:a<b", "urn:example:a>b", "urn:example:a[b", "urn:example:a]b",
		"urn:example:a^b", "urn:example:a`b", "urn:example:a{b", "urn:example:a|b", "urn:example:a}b",
		"urn:example:a~b", "urn:example:a\x7fb", "urn:example:a\x80b", "urn:example:a\xffb",
		"urn:example:caf\u00e9", "urn:example:a\x00b"),
	each("rfc2141 §2.4: encoded excluded octets are fine", "", "URN007",
		"urn:example:a%01b", "urn:example:a%20b", "urn:example:a%26b%7Ec", "urn:example:a%5B1%5D", "urn:example:caf%C3%A9"),
	[]lintCase{
		{Spec: "rfc2141 §2.4: octet 0 should NEVER be used, not even %-encoded", In: "urn:example:a%00b", Want: "URN009:error"},
		{Spec: "rfc2141 §2.4: octet 1 may be %-encoded", In: "urn:example:a%01b", Not: "URN009"},
		// rfc2141bis-03 and rfc8141 admit "&" and "~"; rfc2141 parsers do not.
		{Spec: "rfc2141 §2.4", Profile: RFC2141bis03, In: "urn:example:a&b", Want: "URN040:warning", Not: "URN007"},
		{Spec: "rfc2141 §2.4", Profile: RFC2141bis03, In: "urn:example:a~b", Want: "URN040:warning", Not: "URN007"},
		{Spec: "rfc2141 §2.4", Profile: RFC2141bis03, In: "urn:example:a%26b%7Ec", Not: "URN040"},
		{Spec: "rfc2141 §2.4", Profile: RFC8141, In: "urn:example:a&b~c", Want: "URN040:warning", Not: "URN007"},
		{Spec: "rfc2141 §2.4", Profile: RFC8141, In: "urn:example:a%26b%7Ec", Not: "URN040"},
		{Spec: "rfc2141 §2.4: the rule is about the NSS; & in a q-component is query syntax", Profile: RFC8141, In: "urn:example:a?=x=1&y=2", Not: "URN040"},
		// rfc8141 is silent on octet 0: a compatibility warning there.
		{Spec: "rfc2141 §2.4", Profile: RFC8141, In: "urn:example:a%00b", Want: "URN009:warning"},
		{Spec: "rfc2141 §2.4", Profile: RFC8141, In: "urn:example:a%01b", Not: "URN009"},
	},
)}

// §5: lexical equivalence normalizes the case of "urn:", of the NID and of
// %-escapes, never removing them (URN030, URN031 cite it).
var rfc2141Sec5 = section{Name: "rfc2141 §5", Profile: RFC2141, Cases: []lintCase{
	{Spec: "rfc2141 §5 step 1: case of \"urn:\"", In: "URN:foo:a123,456", Want: "URN030:info"},
	{Spec: "rfc2141 §5 step 2: case of the NID", In: "urn:FOO:a123,456", Want: "URN030:info"},
	{Spec: "rfc2141 §5: the NSS is not case-normalized", In: "urn:foo:A123,456", Not: "URN030 URN031"},
	{Spec: "rfc2141 §5 step 3: case of %-escaping", In: "urn:foo:a123%2c456", Want: "URN031:info", Not: "URN030"},
	{Spec: "rfc2141 §5 step 3", In: "urn:foo:a123%2C456", Not: "URN031 URN030"},
	{Spec: "rfc2141 §5 steps 1-3", In: "URN:FOO:a123%2c456", Want: "URN030:info URN031:info"},
}}

func TestRFC2141(t *testing.T) {
	harness.RunSections(t, &rfc2141Sec2, &rfc2141Sec21, &rfc2141Sec22, &rfc2141Sec231, &rfc2141Sec232, &rfc2141Sec24, &rfc2141Sec5)
}

// §6: URNs 1, 2 and 3 are lexically equivalent; 4 is equivalent to none of
// the others; 5 and 6 only to each other.
func TestRFC2141Sec6Examples(t *testing.T) {
	harness.EquivalenceClasses(t, "rfc2141 §6", RFC2141, [][]string{
		{"URN:foo:a123,456", "urn:foo:a123,456", "urn:FOO:a123,456"}, // 1 2 3
		{"urn:foo:A123,456"},                         // 4
		{"urn:foo:a123%2C456", "URN:FOO:a123%2c456"}, // 5 6
	})
	// §5: "%-escaping MUST NOT be removed" and nothing is cut: "?" and "#"
	// are (reserved) NSS characters under rfc2141, so they count.
	harness.EquivalenceClasses(t, "rfc2141 §5", RFC2141, [][]string{
		{"urn:foo:a"}, {"urn:foo:%61"}, {"urn:foo:a?b"}, {"urn:foo:a#b"}, {"urn:foo:a%3Fb"},
	})
}
