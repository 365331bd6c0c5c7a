package urn

import (
	"testing"
)

// Tables read from rfc8141.txt (RFC 8141, 2017), the default profile.

// §2: namestring = assigned-name [ rq-components ] [ "#" f-component ];
// assigned-name = "urn" ":" NID ":" NSS; NID = (alphanum) 0*30(ldh) (alphanum);
// NSS = pchar *(pchar / "/"); rq-components = [ "?+" r-component ] [ "?=" q-component ];
// r-component = q-component = pchar *( pchar / "/" / "?" ). A "?" not
// followed by "=" or "+" outside the components SHOULD be a syntax error.
var rfc8141Sec2 = section{name: "rfc8141 §2", profile: RFC8141, cases: []lintCase{
	{spec: "rfc8141 §2: assigned-name begins \"urn\" \":\"", in: "isbn:0451450523", want: "URN001:error"},
	{spec: "rfc8141 §2: assigned-name begins \"urn\" \":\"", in: "urn", want: "URN001:error"},
	{spec: "rfc8141 §2: the scheme is case-insensitive (rfc3986 §3.1)", in: "URN:example:a123,z456", not: "URN001"},
	{spec: "rfc8141 §2: NID \":\" NSS", in: "urn:isbn", want: "URN002:error"},
	{spec: "rfc8141 §2", in: "urn:example:a123,z456", exact: true, not: "URN001 URN002 URN003 URN005 URN007"},
	// NID
	{spec: "rfc8141 §2: NID = (alphanum) 0*30(ldh) (alphanum): two at least", in: "urn:a:x", want: "URN003:error"},
	{spec: "rfc8141 §2: NID of two characters", in: "urn:ab:x", not: "URN003"},
	{spec: "rfc8141 §2: NID of 32 characters", in: "urn:" + nid32 + ":x", not: "URN003"},
	{spec: "rfc8141 §2: NID of 33 characters", in: "urn:" + nid33 + ":x", want: "URN003:error"},
	{spec: "rfc8141 §2: NID ends with alphanum (Appendix B.1)", in: "urn:exampl-:x", want: "URN003:error"},
	{spec: "rfc8141 §2: NID starts with alphanum", in: "urn:-example:x", want: "URN003:error"},
	{spec: "rfc8141 §2: ldh = alphanum / \"-\"", in: "urn:e.g:x", want: "URN003:error"},
	{spec: "rfc8141 §2: ldh = alphanum / \"-\"", in: "urn:e-g:x", not: "URN003"},
	{spec: "rfc8141 §2: the NID is not empty", in: "urn::x", want: "URN003:error"},
	// NSS
	{spec: "rfc8141 §2: NSS = pchar *(pchar / \"/\")", in: "urn:example:", want: "URN005:error"},
	{spec: "rfc8141 §2: NSS before \"?=\" is empty", in: "urn:example:?=q", want: "URN005:error"},
	{spec: "rfc8141 §2: NSS before \"?+\" is empty", in: "urn:example:?+r", want: "URN005:error"},
	{spec: "rfc8141 §2: NSS before \"#\" is empty", in: "urn:example:#f", want: "URN005:error"},
	{spec: "rfc8141 §2: NSS begins with a pchar, not \"/\"", in: "urn:example:/a", want: "URN007:error"},
	{spec: "rfc8141 §2: NSS = pchar *(pchar / \"/\")", in: "urn:example:a/", not: "URN007 URN005"},
	{spec: "rfc8141 §2: NSS = pchar *(pchar / \"/\")", in: "urn:example:a//b", not: "URN007"},
	{spec: "rfc8141 §2: pchar (rfc3986 §3.3)", in: "urn:example:!$&'()*+,;=-._~:@", not: "URN007 URN011"},
	{spec: "rfc8141 §2: \"[\" and \"]\" are not pchar", in: "urn:example:a[1]", want: "URN007:error"},
	{spec: "rfc8141 §2: space is not pchar", in: "urn:example:a b", want: "URN007:error"},
	{spec: "rfc8141 §2: pct-encoded is pchar", in: "urn:example:a%5B1%5D", not: "URN007"},
	// pct-encoded = "%" HEXDIG HEXDIG (rfc3986 §2.1), in every component
	{spec: "rfc8141 §2: pct-encoded = \"%\" HEXDIG HEXDIG", in: "urn:example:a%zz", want: "URN006:error"},
	{spec: "rfc8141 §2: pct-encoded = \"%\" HEXDIG HEXDIG", in: "urn:example:100%", want: "URN006:error"},
	{spec: "rfc8141 §2: pct-encoded in the r-component", in: "urn:example:a?+%zz", want: "URN006:error"},
	{spec: "rfc8141 §2: pct-encoded in the q-component", in: "urn:example:a?=%zz", want: "URN006:error"},
	{spec: "rfc8141 §2: pct-encoded in the f-component", in: "urn:example:a#%g0", want: "URN006:error"},
	{spec: "rfc8141 §2: pct-encoded", in: "urn:example:100%25", not: "URN006"},
	// "?"
	{spec: "rfc8141 §2: \"?\" not followed by \"=\" or \"+\"", in: "urn:example:a?b", want: "URN011:error"},
	{spec: "rfc8141 §2: \"?\" not followed by \"=\" or \"+\"", in: "urn:example:a?", want: "URN011:error"},
	{spec: "rfc8141 §2: \"?\" not followed by \"=\" or \"+\"", in: "urn:example:?", want: "URN011:error"},
	{spec: "rfc8141 §2: the first \"?\" of \"??=\" is bare", in: "urn:example:a??=b", want: "URN011:error"},
	{spec: "rfc8141 §2: URL-style query", in: "urn:example:a?lang=en", want: "URN011:error"},
	{spec: "rfc8141 §2: \"?=\" starts the q-component", in: "urn:example:a?=b", not: "URN011 URN012"},
	{spec: "rfc8141 §2: \"?+\" starts the r-component", in: "urn:example:a?+b", not: "URN011 URN012"},
	{spec: "rfc8141 §2: an encoded \"?\"", in: "urn:example:a%3Fb", not: "URN011"},
	{spec: "rfc8141 §2: \"?\" may be used inside the q-component", in: "urn:example:a?=b?c", not: "URN011"},
	{spec: "rfc8141 §2: \"?\" may be used inside the r-component", in: "urn:example:a?+b?c", not: "URN011"},
	{spec: "rfc8141 §2: \"?\" may be used inside the f-component", in: "urn:example:a#b?c", not: "URN011"},
	// empty components
	{spec: "rfc8141 §2: q-component = pchar *(...): not empty", in: "urn:example:a?=", want: "URN012:error"},
	{spec: "rfc8141 §2: r-component = pchar *(...): not empty", in: "urn:example:a?+", want: "URN012:error"},
	{spec: "rfc8141 §2: r-component = pchar *(...): not empty", in: "urn:example:a?+?=b", want: "URN012:error"},
	{spec: "rfc8141 §2: q-component = pchar *(...): not empty", in: "urn:example:a?=#f", want: "URN012:error"},
	{spec: "rfc8141 §2: f-component = fragment = *( pchar / \"/\" / \"?\" ) may be empty", in: "urn:example:a#", not: "URN012 URN007"},
	// order
	{spec: "rfc8141 §2: \"?+\" comes before \"?=\"", in: "urn:example:a?=lang=en?+res", want: "URN013:warning", not: "URN014 URN011"},
	{spec: "rfc8141 §2: \"?+\" comes before \"?=\"", in: "urn:example:a?+res?=lang=en", not: "URN013"},
}}

// §2.1: NIDs are case insensitive; no characters outside ASCII and no
// encoding mechanism for them.
var rfc8141Sec21 = section{name: "rfc8141 §2.1", profile: RFC8141, cases: []lintCase{
	{spec: "rfc8141 §2.1: characters outside ASCII are not permitted in NIDs", in: "urn:caf\u00e9:x", want: "URN003:error"},
	{spec: "rfc8141 §2.1: no encoding mechanism for NIDs", in: "urn:caf%C3%A9:x", want: "URN003:error"},
	{spec: "rfc8141 §2.1: NIDs are case insensitive", in: "urn:EXAMPLE:x", not: "URN003 URN025"},
}}

// §2.2: "/" is now allowed in the NSS; characters outside ASCII MUST be
// UTF-8 encoded and percent-encoded.
var rfc8141Sec22 = section{name: "rfc8141 §2.2", profile: RFC8141, cases: []lintCase{
	{spec: "rfc8141 §2.2: the example urn:example:1/406/47452/2", in: "urn:example:1/406/47452/2", not: "URN007 URN008 URN011"},
	{spec: "rfc8141 §2.2: \"~\" and \"&\" are allowed (Appendix B.1)", in: "urn:example:a&b~c", not: "URN007"},
	{spec: "rfc8141 §2.2: non-ASCII MUST be encoded", in: "urn:example:caf\u00e9", want: "URN007:error"},
	{spec: "rfc8141 §2.2: UTF-8, percent-encoded", in: "urn:example:caf%C3%A9", not: "URN007 URN026"},
	{spec: "rfc8141 §2.2: UTF-8 (the §3.2 example of U+0430)", in: "urn:example:%D0%B0123,z456", not: "URN026"},
	{spec: "rfc8141 §2.2: UTF-8 (4 octets)", in: "urn:example:%F0%9F%98%80", not: "URN026"},
	{spec: "rfc8141 §2.2: Latin-1 is not UTF-8", in: "urn:example:caf%E9", want: "URN026:warning"},
	{spec: "rfc8141 §2.2: truncated UTF-8", in: "urn:example:%E2%82", want: "URN026:warning"},
	{spec: "rfc8141 §2.2: a lone continuation octet", in: "urn:example:a%BFb", want: "URN026:warning"},
	{spec: "rfc8141 §2.2: surrogates are not Unicode characters", in: "urn:example:%ED%A0%80", want: "URN026:warning"},
	{spec: "rfc8141 §2.2: overlong forms are not UTF-8 (RFC 3629)", in: "urn:example:%C0%AF", want: "URN026:warning"},
	{spec: "rfc8141 §2.2: nothing beyond U+10FFFF", in: "urn:example:%F4%90%80%80", want: "URN026:warning"},
	{spec: "rfc8141 §2.2: UTF-8 in a component", in: "urn:example:a?=caf%E9", want: "URN026:warning"},
}}

// §2.3.1: "?+" introduces the r-component, which ends at "?=" or "#";
// r-components SHOULD NOT be used before their semantics are standardized.
var rfc8141Sec231 = section{name: "rfc8141 §2.3.1", profile: RFC8141, cases: []lintCase{
	{spec: "rfc8141 §2.3.1: the example", in: "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk", want: "URN014:warning", not: "URN011 URN012 URN007"},
	{spec: "rfc8141 §2.3.1: \"?\" and \"+\" are r-component data", in: "urn:ex:a?+a?+", want: "URN014:warning", not: "URN011 URN012 URN007"},
	{spec: "rfc8141 §2.3.1: r-component = pchar *( pchar / \"/\" / \"?\" )", in: "urn:example:a?+b/c?d", not: "URN007 URN011"},
	{spec: "rfc8141 §2.3.1: it ends at \"#\"", in: "urn:example:a?+b#c", want: "URN014:warning", not: "URN007"},
	{spec: "rfc8141 §2.3.1: non-ASCII MUST be percent-encoded", in: "urn:example:a?+caf\u00e9", want: "URN007:error"},
	{spec: "rfc8141 §2.3.1: no r-component", in: "urn:example:a", not: "URN014"},
	{spec: "rfc8141 §2.3.1: \"?+\" after \"?=\" is q-component data", in: "urn:example:a?=b?+c", not: "URN014"},
	{spec: "rfc8141 §2.3.1: \"?+\" in the f-component is data", in: "urn:example:a#b?+c", not: "URN014 URN011"},
}}

// §2.3.2: "?=" introduces the q-component, which ends at "#"; "/" and "?"
// may be data in it.
var rfc8141Sec232 = section{name: "rfc8141 §2.3.2", profile: RFC8141, cases: []lintCase{
	{spec: "rfc8141 §2.3.2: the example", in: "urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z",
		want: "URN042:warning", not: "URN007 URN011 URN012 URN014 URN040"},
	{spec: "rfc8141 §2.3.2: \"/\" and \"?\" may represent data", in: "urn:example:a?=b/c?d", not: "URN007 URN011"},
	{spec: "rfc8141 §2.3.2: it ends at \"#\"", in: "urn:example:a?=b#c", not: "URN007"},
	{spec: "rfc8141 §2.3.2: same syntax as the URI query", in: "urn:example:a?=b c", want: "URN007:error"},
	{spec: "rfc8141 §2.3.2: non-ASCII MUST be percent-encoded", in: "urn:example:a?=caf\u00e9", want: "URN007:error"},
}}

// §2.3.3: "#" introduces the f-component (URI fragment syntax) up to the end.
var rfc8141Sec233 = section{name: "rfc8141 §2.3.3", profile: RFC8141, cases: []lintCase{
	{spec: "rfc8141 §2.3.3: the example", in: "urn:example:foo-bar-baz-qux#somepart", want: "URN042:warning", not: "URN007 URN011 URN012"},
	{spec: "rfc8141 §2.3.3: fragment has no \"#\"", in: "urn:example:a#b#c", want: "URN007:error"},
	{spec: "rfc8141 §2.3.3: non-ASCII MUST be percent-encoded", in: "urn:example:a#caf\u00e9", want: "URN007:error"},
	{spec: "rfc8141 §2.3.3: fragment = *( pchar / \"/\" / \"?\" )", in: "urn:example:a#b/c?d=e", not: "URN007 URN011"},
}}

// §3.1: case normalization of "urn", the NID and percent-encodings; no
// decoding, so unreserved characters need no encoding (rfc3986 §2.3).
var rfc8141Sec31 = section{name: "rfc8141 §3.1", profile: RFC8141, cases: []lintCase{
	{spec: "rfc8141 §3.1 step 1", in: "URN:example:a123,z456", want: "URN030:info"},
	{spec: "rfc8141 §3.1 step 2", in: "urn:EXAMPLE:a123,z456", want: "URN030:info"},
	{spec: "rfc8141 §3.1: the NSS is case-sensitive", in: "urn:example:A123,z456", not: "URN030 URN031"},
	{spec: "rfc8141 §3.1 step 3: upper case for A-F", in: "urn:example:a123%2cz456", want: "URN031:info"},
	{spec: "rfc8141 §3.1 step 3", in: "urn:example:a123%2Cz456", not: "URN031 URN030"},
	{spec: "rfc8141 §3.1 steps 1-3", in: "URN:EXAMPLE:a123%2cz456", want: "URN030:info URN031:info"},
	{spec: "rfc8141 §3.1: %-escapes in components too", in: "urn:example:a?=%2c", want: "URN031:info"},
	{spec: "rfc8141 §3.1; rfc3986 §2.3: ALPHA is unreserved", in: "urn:example:%61bc", want: "URN010:info"},
	{spec: "rfc8141 §3.1; rfc3986 §2.3: \"-\" is unreserved", in: "urn:example:a%2Db", want: "URN010:info"},
	{spec: "rfc8141 §3.1; rfc3986 §2.3: \"~\" is unreserved", in: "urn:example:a%7Eb", want: "URN010:info"},
	{spec: "rfc8141 §3.1; rfc3986 §2.2: \",\" is a sub-delim", in: "urn:example:a123%2Cz456", not: "URN010"},
	{spec: "rfc8141 §3.1; rfc3986 §2.2: \"/\" is a gen-delim", in: "urn:example:a%2Fb", not: "URN010"},
	{spec: "rfc8141 §3.1; rfc3986 §2.2: \":\" is a gen-delim", in: "urn:example:a%3Ab", not: "URN010"},
	{spec: "rfc8141 §3.1; rfc3986 §2.2: \"&\" is a sub-delim", in: "urn:example:a%26b", not: "URN010"},
}}

// §5.1: a formal NID MUST NOT start with "urn-", MUST be more than two
// characters, MUST NOT start with ALPHA ALPHA "-" (nor two letters and
// "--"), MUST NOT start with "X-". The NID "urn" stays reserved
// (rfc2141 §2.1); rfc8141's grammar admits it, hence a warning.
var rfc8141Sec51 = section{name: "rfc8141 §5.1", profile: RFC8141, cases: []lintCase{
	{spec: "rfc8141 §5.1; rfc2141 §2.1", in: "urn:urn:x", want: "URN004:warning", not: "URN003"},
	{spec: "rfc8141 §5.1; rfc2141 §2.1", in: "urn:URN:x", want: "URN004:warning"},
	{spec: "rfc8141 §5.1", in: "urn:urnx:x", not: "URN004"},
	{spec: "rfc8141 §5.1 item 4: not \"X-\"", in: "urn:x-mine:123", want: "URN022:warning", not: "URN003 URN024"},
	{spec: "rfc8141 §5.1 item 4: not \"X-\"", in: "urn:X-mine:123", want: "URN022:warning"},
	{spec: "rfc8141 §5.1 item 4", in: "urn:xmine:123", not: "URN022"},
	{spec: "rfc8141 §5.1 item 3: more than two characters", in: "urn:ab:123", want: "URN023:warning", not: "URN003"},
	{spec: "rfc8141 §5.1 item 3: more than two characters", in: "urn:a1:123", want: "URN023:warning"},
	{spec: "rfc8141 §5.1 item 3", in: "urn:abc:123", not: "URN023"},
	{spec: "rfc8141 §5.1 item 3: ALPHA ALPHA \"-\" is for country codes", in: "urn:de-dnb:123", want: "URN024:warning", not: "URN003"},
	{spec: "rfc8141 §5.1 item 3: two letters and two hyphens, such as xn--", in: "urn:xn--bcher-kva:1", want: "URN024:warning"},
	{spec: "rfc8141 §5.1 item 3: ALPHA is case-insensitive", in: "urn:DE-dnb:1", want: "URN024:warning"},
	{spec: "rfc8141 §5.1 item 3: two letters and a hyphen is not \"X-\"", in: "urn:xx-mine:1", want: "URN024:warning", not: "URN022"},
	{spec: "rfc8141 §5.1 item 3: the NSS is not the NID", in: "urn:nbn:de:101-123", not: "URN024"},
	{spec: "rfc8141 §5.1 item 3: a digit is not ALPHA", in: "urn:d1-x:1", not: "URN024"},
	{spec: "rfc8141 §5.1 item 3: three letters", in: "urn:abc-d:1", not: "URN024"},
	{spec: "rfc8141 §5.1 item 3: one letter", in: "urn:a-bc:1", not: "URN024"},
}}

// §5.2: InformalNamespaceName = "urn-" Number; Number = DigitNonZero 0*Digit.
var rfc8141Sec52 = section{name: "rfc8141 §5.2", profile: RFC8141, cases: []lintCase{
	{spec: "rfc8141 §5.2: no leading zeros", in: "urn:urn-0:x", want: "URN021:warning"},
	{spec: "rfc8141 §5.2: no leading zeros", in: "urn:urn-07:x", want: "URN021:warning"},
	{spec: "rfc8141 §5.2: ASCII digits only", in: "urn:urn-abc:x", want: "URN021:warning"},
	{spec: "rfc8141 §5.2: ASCII digits only", in: "urn:urn-1a:x", want: "URN021:warning"},
	{spec: "rfc8141 §5.2: e.g. \"urn-7\"", in: "urn:urn-7:x", not: "URN021 URN004 URN024 URN003"},
	{spec: "rfc8141 §5.2", in: "urn:urn-10:x", not: "URN021"},
	{spec: "rfc8141 §5.2: NIDs are case-insensitive (§2.1)", in: "urn:URN-7:x", not: "URN021"},
}}

func TestRFC8141(t *testing.T) {
	runSections(t, &rfc8141Sec2, &rfc8141Sec21, &rfc8141Sec22, &rfc8141Sec231, &rfc8141Sec232, &rfc8141Sec233, &rfc8141Sec31, &rfc8141Sec51, &rfc8141Sec52)
}

// §3.2, all six groups.
func TestRFC8141Sec32Examples(t *testing.T) {
	equivalenceClasses(t, "rfc8141 §3.2", RFC8141, Options{}, [][]string{
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
	equivalenceClasses(t, "rfc8141 §3.1", RFC8141, Options{}, [][]string{
		{"urn:example:a"}, {"urn:example:%61"}, {"urn:example:a%2Fb"}, {"urn:example:a/b"},
	})
}

// rfc8141 §3.1 lets a namespace add lexical equivalences; urn:uuid's hex
// digits are case-insensitive (rfc9562 §4), so these are one identifier,
// while %-escape hex stays upper case and other namespaces keep case.
func TestNamespaceEquivalenceUUID(t *testing.T) {
	c := &Checker{}
	for _, p := range Profiles {
		a := c.Check("urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6", p).Key
		b := c.Check("URN:UUID:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", p).Key
		if a != b || a != "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6" {
			t.Errorf("%s (rfc9562 §4): keys %q and %q", p, a, b)
		}
		if k := c.Check("urn:example:ABC", p).Key; k != "urn:example:ABC" {
			t.Errorf("%s (rfc8141 §3.1): other namespaces keep NSS case, got %q", p, k)
		}
		if k := c.Check("urn:uuid:AB%2cCD", p).Key; k != "urn:uuid:ab%2Ccd" {
			t.Errorf("%s: escapes stay upper case, got %q", p, k)
		}
	}
}
