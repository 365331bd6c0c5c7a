package urn

import (
	"strings"
	"testing"

	"github.com/idlint/idlint/rules"
)

// Tables read from rfc8141.txt (RFC 8141, 2017), the default profile.

// §2: namestring = assigned-name [ rq-components ] [ "#" f-component ];
// assigned-name = "urn" ":" NID ":" NSS; NID = (alphanum) 0*30(ldh) (alphanum);
// NSS = pchar *(pchar / "/"); rq-components = [ "?+" r-component ] [ "?=" q-component ];
// r-component = q-component = pchar *( pchar / "/" / "?" ). A "?" not
// followed by "=" or "+" outside the components SHOULD be a syntax error.
var rfc8141Sec2 = section{Name: "rfc8141 §2", Profile: RFC8141, Cases: []lintCase{
	{Spec: "rfc8141 §2: assigned-name begins \"urn\" \":\"", In: "isbn:0451450523", Want: "URN001:error"},
	{Spec: "rfc8141 §2: assigned-name begins \"urn\" \":\"", In: "urn", Want: "URN001:error"},
	{Spec: "rfc8141 §2: the scheme is case-insensitive (rfc3986 §3.1)", In: "URN:example:a123,z456", Not: "URN001"},
	{Spec: "rfc8141 §2: NID \":\" NSS", In: "urn:isbn", Want: "URN002:error"},
	{Spec: "rfc8141 §2", In: "urn:example:a123,z456", Exact: true, Not: "URN001 URN002 URN003 URN005 URN007"},
	// NID
	{Spec: "rfc8141 §2: NID = (alphanum) 0*30(ldh) (alphanum): two at least", In: "urn:a:x", Want: "URN003:error"},
	{Spec: "rfc8141 §2: NID of two characters", In: "urn:ab:x", Not: "URN003"},
	{Spec: "rfc8141 §2: NID of 32 characters", In: "urn:" + nid32 + ":x", Not: "URN003"},
	{Spec: "rfc8141 §2: NID of 33 characters", In: "urn:" + nid33 + ":x", Want: "URN003:error"},
	{Spec: "rfc8141 §2: NID ends with alphanum (Appendix B.1)", In: "urn:exampl-:x", Want: "URN003:error"},
	{Spec: "rfc8141 §2: NID starts with alphanum", In: "urn:-example:x", Want: "URN003:error"},
	{Spec: "rfc8141 §2: ldh = alphanum / \"-\"", In: "urn:e.g:x", Want: "URN003:error"},
	{Spec: "rfc8141 §2: ldh = alphanum / \"-\"", In: "urn:e-g:x", Not: "URN003"},
	{Spec: "rfc8141 §2: the NID is not empty", In: "urn::x", Want: "URN003:error"},
	// NSS
	{Spec: "rfc8141 §2: NSS = pchar *(pchar / \"/\")", In: "urn:example:", Want: "URN005:error"},
	{Spec: "rfc8141 §2: NSS before \"?=\" is empty", In: "urn:example:?=q", Want: "URN005:error"},
	{Spec: "rfc8141 §2: NSS before \"?+\" is empty", In: "urn:example:?+r", Want: "URN005:error"},
	{Spec: "rfc8141 §2: NSS before \"#\" is empty", In: "urn:example:#f", Want: "URN005:error"},
	{Spec: "rfc8141 §2: NSS begins with a pchar, not \"/\"", In: "urn:example:/a", Want: "URN007:error"},
	{Spec: "rfc8141 §2: NSS = pchar *(pchar / \"/\")", In: "urn:example:a/", Not: "URN007 URN005"},
	{Spec: "rfc8141 §2: NSS = pchar *(pchar / \"/\")", In: "urn:example:a//b", Not: "URN007"},
	{Spec: "rfc8141 §2: pchar (rfc3986 §3.3)", In: "urn:example:!$&'()*+,;=-._~:@", Not: "URN007 URN011"},
	{Spec: "rfc8141 §2: \"[\" and \"]\" are not pchar", In: "urn:example:a[1]", Want: "URN007:error"},
	{Spec: "rfc8141 §2: space is not pchar", In: "urn:example:a b", Want: "URN007:error"},
	{Spec: "rfc8141 §2: pct-encoded is pchar", In: "urn:example:a%5B1%5D", Not: "URN007"},
	// pct-encoded = "%" HEXDIG HEXDIG (rfc3986 §2.1), in every component
	{Spec: "rfc8141 §2: pct-encoded = \"%\" HEXDIG HEXDIG", In: "urn:example:a%zz", Want: "URN006:error"},
	{Spec: "rfc8141 §2: pct-encoded = \"%\" HEXDIG HEXDIG", In: "urn:example:100%", Want: "URN006:error"},
	{Spec: "rfc8141 §2: pct-encoded in the r-component", In: "urn:example:a?+%zz", Want: "URN006:error"},
	{Spec: "rfc8141 §2: pct-encoded in the q-component", In: "urn:example:a?=%zz", Want: "URN006:error"},
	{Spec: "rfc8141 §2: pct-encoded in the f-component", In: "urn:example:a#%g0", Want: "URN006:error"},
	{Spec: "rfc8141 §2: pct-encoded", In: "urn:example:100%25", Not: "URN006"},
	// "?"
	{Spec: "rfc8141 §2: \"?\" not followed by \"=\" or \"+\"", In: "urn:example:a?b", Want: "URN011:error"},
	{Spec: "rfc8141 §2: \"?\" not followed by \"=\" or \"+\"", In: "urn:example:a?", Want: "URN011:error"},
	{Spec: "rfc8141 §2: \"?\" not followed by \"=\" or \"+\"", In: "urn:example:?", Want: "URN011:error"},
	{Spec: "rfc8141 §2: the first \"?\" of \"??=\" is bare", In: "urn:example:a??=b", Want: "URN011:error"},
	{Spec: "rfc8141 §2: URL-style query", In: "urn:example:a?lang=en", Want: "URN011:error"},
	{Spec: "rfc8141 §2: \"?=\" starts the q-component", In: "urn:example:a?=b", Not: "URN011 URN012"},
	{Spec: "rfc8141 §2: \"?+\" starts the r-component", In: "urn:example:a?+b", Not: "URN011 URN012"},
	{Spec: "rfc8141 §2: an encoded \"?\"", In: "urn:example:a%3Fb", Not: "URN011"},
	{Spec: "rfc8141 §2: \"?\" may be used inside the q-component", In: "urn:example:a?=b?c", Not: "URN011"},
	{Spec: "rfc8141 §2: \"?\" may be used inside the r-component", In: "urn:example:a?+b?c", Not: "URN011"},
	{Spec: "rfc8141 §2: \"?\" may be used inside the f-component", In: "urn:example:a#b?c", Not: "URN011"},
	// empty components
	{Spec: "rfc8141 §2: q-component = pchar *(...): not empty", In: "urn:example:a?=", Want: "URN012:error"},
	{Spec: "rfc8141 §2: r-component = pchar *(...): not empty", In: "urn:example:a?+", Want: "URN012:error"},
	{Spec: "rfc8141 §2: r-component = pchar *(...): not empty", In: "urn:example:a?+?=b", Want: "URN012:error"},
	{Spec: "rfc8141 §2: q-component = pchar *(...): not empty", In: "urn:example:a?=#f", Want: "URN012:error"},
	{Spec: "rfc8141 §2: f-component = fragment = *( pchar / \"/\" / \"?\" ) may be empty", In: "urn:example:a#", Not: "URN012 URN007"},
	// order
	{Spec: "rfc8141 §2: \"?+\" comes before \"?=\"", In: "urn:example:a?=lang=en?+res", Want: "URN013:warning", Not: "URN014 URN011"},
	{Spec: "rfc8141 §2: \"?+\" comes before \"?=\"", In: "urn:example:a?+res?=lang=en", Not: "URN013"},
}}

// §2.1: NIDs are case insensitive; no characters outside ASCII and no
// encoding mechanism for them.
var rfc8141Sec21 = section{Name: "rfc8141 §2.1", Profile: RFC8141, Cases: []lintCase{
	{Spec: "rfc8141 §2.1: characters outside ASCII are not permitted in NIDs", In: "urn:caf\u00e9:x", Want: "URN003:error"},
	{Spec: "rfc8141 §2.1: no encoding mechanism for NIDs", In: "urn:caf%C3%A9:x", Want: "URN003:error"},
	{Spec: "rfc8141 §2.1: NIDs are case insensitive", In: "urn:EXAMPLE:x", Not: "URN003 URN025"},
}}

// §2.2: "/" is now allowed in the NSS; characters outside ASCII MUST be
// UTF-8 encoded and percent-encoded.
var rfc8141Sec22 = section{Name: "rfc8141 §2.2", Profile: RFC8141, Cases: []lintCase{
	{Spec: "rfc8141 §2.2: the example urn:example:1/406/47452/2", In: "urn:example:1/406/47452/2", Not: "URN007 URN008 URN011"},
	{Spec: "rfc8141 §2.2: \"~\" and \"&\" are allowed (Appendix B.1)", In: "urn:example:a&b~c", Not: "URN007"},
	{Spec: "rfc8141 §2.2: non-ASCII MUST be encoded", In: "urn:example:caf\u00e9", Want: "URN007:error"},
	{Spec: "rfc8141 §2.2: UTF-8, percent-encoded", In: "urn:example:caf%C3%A9", Not: "URN007 URN026"},
	{Spec: "rfc8141 §2.2: UTF-8 (the §3.2 example of U+0430)", In: "urn:example:%D0%B0123,z456", Not: "URN026"},
	{Spec: "rfc8141 §2.2: UTF-8 (4 octets)", In: "urn:example:%F0%9F%98%80", Not: "URN026"},
	{Spec: "rfc8141 §2.2: Latin-1 is not UTF-8", In: "urn:example:caf%E9", Want: "URN026:warning"},
	{Spec: "rfc8141 §2.2: truncated UTF-8", In: "urn:example:%E2%82", Want: "URN026:warning"},
	{Spec: "rfc8141 §2.2: a lone continuation octet", In: "urn:example:a%BFb", Want: "URN026:warning"},
	{Spec: "rfc8141 §2.2: surrogates are not Unicode characters", In: "urn:example:%ED%A0%80", Want: "URN026:warning"},
	{Spec: "rfc8141 §2.2: overlong forms are not UTF-8 (RFC 3629)", In: "urn:example:%C0%AF", Want: "URN026:warning"},
	{Spec: "rfc8141 §2.2: nothing beyond U+10FFFF", In: "urn:example:%F4%90%80%80", Want: "URN026:warning"},
	{Spec: "rfc8141 §2.2: UTF-8 in a component", In: "urn:example:a?=caf%E9", Want: "URN026:warning"},
}}

// §2.3.1: "?+" introduces the r-component, which ends at "?=" or "#";
// r-components SHOULD NOT be used before their semantics are standardized.
var rfc8141Sec231 = section{Name: "rfc8141 §2.3.1", Profile: RFC8141, Cases: []lintCase{
	{Spec: "rfc8141 §2.3.1: the example", In: "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk", Want: "URN014:warning", Not: "URN011 URN012 URN007"},
	{Spec: "rfc8141 §2.3.1: \"?\" and \"+\" are r-component data", In: "urn:ex:a?+a?+", Want: "URN014:warning", Not: "URN011 URN012 URN007"},
	{Spec: "rfc8141 §2.3.1: r-component = pchar *( pchar / \"/\" / \"?\" )", In: "urn:example:a?+b/c?d", Not: "URN007 URN011"},
	{Spec: "rfc8141 §2.3.1: it ends at \"#\"", In: "urn:example:a?+b#c", Want: "URN014:warning", Not: "URN007"},
	{Spec: "rfc8141 §2.3.1: non-ASCII MUST be percent-encoded", In: "urn:example:a?+caf\u00e9", Want: "URN007:error"},
	{Spec: "rfc8141 §2.3.1: no r-component", In: "urn:example:a", Not: "URN014"},
	{Spec: "rfc8141 §2.3.1: \"?+\" after \"?=\" is q-component data", In: "urn:example:a?=b?+c", Not: "URN014"},
	{Spec: "rfc8141 §2.3.1: \"?+\" in the f-component is data", In: "urn:example:a#b?+c", Not: "URN014 URN011"},
}}

// §2.3.2: "?=" introduces the q-component, which ends at "#"; "/" and "?"
// may be data in it.
var rfc8141Sec232 = section{Name: "rfc8141 §2.3.2", Profile: RFC8141, Cases: []lintCase{
	{Spec: "rfc8141 §2.3.2: the example", In: "urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z",
		Want: "URN042:info", Not: "URN007 URN011 URN012 URN014 URN040"},
	{Spec: "rfc8141 §2.3.2: \"/\" and \"?\" may represent data", In: "urn:example:a?=b/c?d", Not: "URN007 URN011"},
	{Spec: "rfc8141 §2.3.2: it ends at \"#\"", In: "urn:example:a?=b#c", Not: "URN007"},
	{Spec: "rfc8141 §2.3.2: same syntax as the URI query", In: "urn:example:a?=b c", Want: "URN007:error"},
	{Spec: "rfc8141 §2.3.2: non-ASCII MUST be percent-encoded", In: "urn:example:a?=caf\u00e9", Want: "URN007:error"},
}}

// §2.3.3: "#" introduces the f-component (URI fragment syntax) up to the end.
var rfc8141Sec233 = section{Name: "rfc8141 §2.3.3", Profile: RFC8141, Cases: []lintCase{
	{Spec: "rfc8141 §2.3.3: the example", In: "urn:example:foo-bar-baz-qux#somepart", Want: "URN042:info", Not: "URN007 URN011 URN012"},
	{Spec: "rfc8141 §2.3.3: fragment has no \"#\"", In: "urn:example:a#b#c", Want: "URN007:error"},
	{Spec: "rfc8141 §2.3.3: non-ASCII MUST be percent-encoded", In: "urn:example:a#caf\u00e9", Want: "URN007:error"},
	{Spec: "rfc8141 §2.3.3: fragment = *( pchar / \"/\" / \"?\" )", In: "urn:example:a#b/c?d=e", Not: "URN007 URN011"},
}}

// §3.1: case normalization of "urn", the NID and percent-encodings; no
// decoding, so unreserved characters need no encoding (rfc3986 §2.3).
var rfc8141Sec31 = section{Name: "rfc8141 §3.1", Profile: RFC8141, Cases: []lintCase{
	{Spec: "rfc8141 §3.1 step 1", In: "URN:example:a123,z456", Want: "URN030:info"},
	{Spec: "rfc8141 §3.1 step 2", In: "urn:EXAMPLE:a123,z456", Want: "URN030:info"},
	{Spec: "rfc8141 §3.1: the NSS is case-sensitive", In: "urn:example:A123,z456", Not: "URN030 URN031"},
	{Spec: "rfc8141 §3.1 step 3: upper case for A-F", In: "urn:example:a123%2cz456", Want: "URN031:info"},
	{Spec: "rfc8141 §3.1 step 3", In: "urn:example:a123%2Cz456", Not: "URN031 URN030"},
	{Spec: "rfc8141 §3.1 steps 1-3", In: "URN:EXAMPLE:a123%2cz456", Want: "URN030:info URN031:info"},
	{Spec: "rfc8141 §3.1: %-escapes in components too", In: "urn:example:a?=%2c", Want: "URN031:info"},
	{Spec: "rfc8141 §3.1; rfc3986 §2.3: ALPHA is unreserved", In: "urn:example:%61bc", Want: "URN010:info"},
	{Spec: "rfc8141 §3.1; rfc3986 §2.3: \"-\" is unreserved", In: "urn:example:a%2Db", Want: "URN010:info"},
	{Spec: "rfc8141 §3.1; rfc3986 §2.3: \"~\" is unreserved", In: "urn:example:a%7Eb", Want: "URN010:info"},
	{Spec: "rfc8141 §3.1; rfc3986 §2.2: \",\" is a sub-delim", In: "urn:example:a123%2Cz456", Not: "URN010"},
	{Spec: "rfc8141 §3.1; rfc3986 §2.2: \"/\" is a gen-delim", In: "urn:example:a%2Fb", Not: "URN010"},
	{Spec: "rfc8141 §3.1; rfc3986 §2.2: \":\" is a gen-delim", In: "urn:example:a%3Ab", Not: "URN010"},
	{Spec: "rfc8141 §3.1; rfc3986 §2.2: \"&\" is a sub-delim", In: "urn:example:a%26b", Not: "URN010"},
}}

// §5.1: a formal NID MUST NOT start with "urn-", MUST be more than two
// characters, MUST NOT start with ALPHA ALPHA "-" (nor two letters and
// "--"), MUST NOT start with "X-". The NID "urn" stays reserved
// (rfc2141 §2.1); rfc8141's grammar admits it, hence a warning.
var rfc8141Sec51 = section{Name: "rfc8141 §5.1", Profile: RFC8141, Cases: []lintCase{
	{Spec: "rfc8141 §5.1; rfc2141 §2.1", In: "urn:urn:x", Want: "URN004:warning", Not: "URN003"},
	{Spec: "rfc8141 §5.1; rfc2141 §2.1", In: "urn:URN:x", Want: "URN004:warning"},
	{Spec: "rfc8141 §5.1", In: "urn:urnx:x", Not: "URN004"},
	{Spec: "rfc8141 §5.1 item 4: not \"X-\"", In: "urn:x-mine:123", Want: "URN022:warning", Not: "URN003 URN024"},
	{Spec: "rfc8141 §5.1 item 4: not \"X-\"", In: "urn:X-mine:123", Want: "URN022:warning"},
	{Spec: "rfc8141 §5.1 item 4", In: "urn:xmine:123", Not: "URN022"},
	{Spec: "rfc8141 §5.1 item 3: more than two characters", In: "urn:ab:123", Want: "URN023:warning", Not: "URN003"},
	{Spec: "rfc8141 §5.1 item 3: more than two characters", In: "urn:a1:123", Want: "URN023:warning"},
	{Spec: "rfc8141 §5.1 item 3", In: "urn:abc:123", Not: "URN023"},
	{Spec: "rfc8141 §5.1 item 3: ALPHA ALPHA \"-\" is for country codes", In: "urn:de-dnb:123", Want: "URN024:warning", Not: "URN003"},
	{Spec: "rfc8141 §5.1 item 3: two letters and two hyphens, such as xn--", In: "urn:xn--bcher-kva:1", Want: "URN024:warning"},
	{Spec: "rfc8141 §5.1 item 3: ALPHA is case-insensitive", In: "urn:DE-dnb:1", Want: "URN024:warning"},
	{Spec: "rfc8141 §5.1 item 3: two letters and a hyphen is not \"X-\"", In: "urn:xx-mine:1", Want: "URN024:warning", Not: "URN022"},
	{Spec: "rfc8141 §5.1 item 3: the NSS is not the NID", In: "urn:nbn:de:101-123", Not: "URN024"},
	{Spec: "rfc8141 §5.1 item 3: a digit is not ALPHA", In: "urn:d1-x:1", Not: "URN024"},
	{Spec: "rfc8141 §5.1 item 3: three letters", In: "urn:abc-d:1", Not: "URN024"},
	{Spec: "rfc8141 §5.1 item 3: one letter", In: "urn:a-bc:1", Not: "URN024"},
}}

// §5.2: InformalNamespaceName = "urn-" Number; Number = DigitNonZero 0*Digit.
var rfc8141Sec52 = section{Name: "rfc8141 §5.2", Profile: RFC8141, Cases: []lintCase{
	{Spec: "rfc8141 §5.2: no leading zeros", In: "urn:urn-0:x", Want: "URN021:warning"},
	{Spec: "rfc8141 §5.2: no leading zeros", In: "urn:urn-07:x", Want: "URN021:warning"},
	{Spec: "rfc8141 §5.2: ASCII digits only", In: "urn:urn-abc:x", Want: "URN021:warning"},
	{Spec: "rfc8141 §5.2: ASCII digits only", In: "urn:urn-1a:x", Want: "URN021:warning"},
	{Spec: "rfc8141 §5.2: e.g. \"urn-7\"", In: "urn:urn-7:x", Not: "URN021 URN004 URN024 URN003"},
	{Spec: "rfc8141 §5.2", In: "urn:urn-10:x", Not: "URN021"},
	{Spec: "rfc8141 §5.2: NIDs are case-insensitive (§2.1)", In: "urn:URN-7:x", Not: "URN021"},
}}

func TestRFC8141(t *testing.T) {
	harness.RunSections(t, &rfc8141Sec2, &rfc8141Sec21, &rfc8141Sec22, &rfc8141Sec231, &rfc8141Sec232, &rfc8141Sec233, &rfc8141Sec31, &rfc8141Sec51, &rfc8141Sec52)
}

// §3.2, all six groups.
func TestRFC8141Sec32Examples(t *testing.T) {
	harness.EquivalenceClasses(t, "rfc8141 §3.2", RFC8141, [][]string{
		// first and second groups: one class
		{
			"urn:example:a123,z456", "URN:example:a123,z456", "urn:EXAMPLE:a123,z456",
			"urn:example:a123,z456?+abc", "urn:example:a123,z456?=xyz", "urn:example:a123,z456#789",
		},
		// third: not equivalent to each other or to the six above
		{"urn:example:a123,z456/foo"},
		{"urn:example:a123,z456/bar"},
		{"urn:example:a123,z456/baz"},
		// fourth: only to each other
		{"urn:example:a123%2Cz456", "URN:EXAMPLE:a123%2cz456"},
		// fifth: not to the first three (and, by §3.1, not to each other)
		{"urn:example:A123,z456"},
		{"urn:example:a123,Z456"},
		// sixth: U+0430 is not "a"
		{"urn:example:%D0%B0123,z456"},
	})
}

// §3.1: the key is the normalized assigned-name; components are ignored.
func TestRFC8141Sec31Keys(t *testing.T) {
	for _, c := range []struct{ in, key string }{
		{"urn:example:a123,z456", "urn:example:a123,z456"},
		{"URN:EXAMPLE:a123%2cz456", "urn:example:a123%2Cz456"},
		{"urn:example:a?+r?=q#f", "urn:example:a"},
		{"urn:example:a?=q?+r", "urn:example:a"},
		{"urn:Example:A%2fb%3a?+%2c?=%2c#%2c", "urn:example:A%2Fb%3A"},
	} {
		u, err := Parse(c.in, RFC8141)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
		}
		if k := u.Key(); k != c.key {
			t.Errorf("rfc8141 §3.1: Key(%q) = %q, want %q", c.in, k, c.key)
		}
	}
	// "Percent-encoded characters MUST NOT be decoded"
	harness.EquivalenceClasses(t, "rfc8141 §3.1", RFC8141, [][]string{
		{"urn:example:a"}, {"urn:example:%61"}, {"urn:example:a%2Fb"}, {"urn:example:a/b"},
	})
}

// rfc8141 §3.1 lets a namespace add lexical equivalences; urn:uuid's hex
// digits are case-insensitive (rfc9562 §4), so these are one identifier
// under NSKey (Key keeps the profile's equivalence: NSS case kept, issue 21),
// while %-escape hex stays upper case and other namespaces keep case.
func TestNamespaceEquivalenceUUID(t *testing.T) {
	c := &Checker{}
	for _, p := range Profiles {
		a := c.Check("urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6", p).NSKey
		b := c.Check("URN:UUID:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", p).NSKey
		if a != b || a != "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6" || c.Check("urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6", p).Key == a {
			t.Errorf("%s (rfc9562 §4): keys %q and %q", p, a, b)
		}
		if k := c.Check("urn:example:ABC", p).NSKey; k != "urn:example:ABC" {
			t.Errorf("%s (rfc8141 §3.1): other namespaces keep NSS case, got %q", p, k)
		}
		if k := c.Check("urn:uuid:AB%2cCD", p).NSKey; k != "urn:uuid:ab%2Ccd" {
			t.Errorf("%s: escapes stay upper case, got %q", p, k)
		}
	}
}

// rfc8141 §3.1 ("urn" and the NID are case-insensitive; the canonical form
// is lower case): NonCanonicalCase names the canonical "urn:NID", the same
// text whether the namespace layer knows the NID (its message built once,
// issue 25) or not, and the layer's checks and key still apply.
func TestNonCanonicalCaseMessage(t *testing.T) {
	for _, tc := range []struct{ in, want, nsKey string }{
		{"URN:ISBN:978-3-030-40523-6", `scheme or NID not in lower case: canonical form is "urn:isbn"`, "urn:isbn:9783030405236"},
		{"urn:IsBn:9783030405236", `scheme or NID not in lower case: canonical form is "urn:isbn"`, "urn:isbn:9783030405236"},
		{"Urn:uuid:3c840b56-47c7-482e-b2c0-1ecdcf95fb71", `scheme or NID not in lower case: canonical form is "urn:uuid"`, "urn:uuid:3c840b56-47c7-482e-b2c0-1ecdcf95fb71"},
		{"URN:Ab:cd", `scheme or NID not in lower case: canonical form is "urn:ab"`, "urn:ab:cd"},
	} {
		u, fs := Lint(tc.in, RFC8141, Options{MinSeverity: rules.Info})
		msg := ""
		for _, f := range fs {
			if f.Rule == NonCanonicalCase {
				msg = f.Message
			}
		}
		if msg != tc.want {
			t.Errorf("%q: message %q, want %q", tc.in, msg, tc.want)
		}
		if k, _ := u.NSKey(); k != tc.nsKey {
			t.Errorf("%q: NSKey %q, want %q", tc.in, k, tc.nsKey)
		}
	}
}

// rfc8141 §3.1: the canonical form lower-cases "urn" and the NID and
// upper-cases a %-escape's hex digits, and nothing else: copied between
// escapes (issue 25), it equals the byte-by-byte rewrite, with escapes
// at the end, cut short, not hex, or following one another.
func TestCanonicalEscapes(t *testing.T) {
	byteByByte := func(u *URN) string {
		s := u.raw
		var b strings.Builder
		nidEnd := 0
		if len(s) >= 4 && strings.EqualFold(s[:4], "urn:") {
			nidEnd = 4 + len(u.NID)
			b.WriteString(strings.ToLower(s[:nidEnd]))
		}
		for i := nidEnd; i < len(s); i++ {
			if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
				b.WriteString("%" + strings.ToUpper(s[i+1:i+3]))
				i += 2
				continue
			}
			b.WriteByte(s[i])
		}
		return b.String()
	}
	changed := 0
	for _, in := range []string{
		"URN:ISBN:9783030405236", "urn:example:a%2fb", "URN:Example:%2f", "urn:example:a%2", "urn:example:a%", "urn:example:%%2f",
		"urn:example:%zz%2f", "urn:example:%2f%3a%4B", "urn:EXAMPLE:a%2F", "urn:example:a%e2%80%a6b", "Urn:x-y:Q%aB?+r%cd#f%ef",
		"urn:example:a", "urn:ietf:rfc:2141",
	} {
		for _, prof := range []string{RFC8141, RFC2141} {
			u, _ := Lint(in, prof, Options{})
			want := in
			if u.needsCase {
				want = byteByByte(&u)
			}
			if got := u.Canonical(); got != want {
				t.Errorf("%s (%s): canonical %q, want %q", in, prof, got, want)
			}
			if u.Canonical() != in {
				changed++
			}
		}
	}
	if changed < 10 {
		t.Errorf("a weak test: %d canonical forms differ from their input", changed)
	}
}
