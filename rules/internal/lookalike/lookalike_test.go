package lookalike

import (
	"testing"

	"github.com/idlint/idlint/rules"
)

// Contexts are copied from the RFC series, the Go tree and code on the web
// where the case comes from there; the scanner's span is ident.
func TestTemplate(t *testing.T) {
	for _, c := range []struct {
		name, before, ident, after string
		xri                        bool // "$" is XRI syntax
		want                       bool
	}{
		{"{Name} after a trimmed ':' (rfc4854 §2)", "following structure:\n\n         ", "urn:xmpp", ":{ShortName}:{SubName}", false, true},
		{"{{x}} (handlebars)", "id: ", "urn:x", ":{{y}}", false, true},
		{"{0} (Python str.format)", "'", "urn:x", ":{0}'.format(n)", false, true},
		{"${x}: the scanner keeps '$'", "`", "urn:x:$", "{name}`", false, true},
		{"$(x)", "ID=", "urn:x:$(NAME)", "", false, true},
		{"a wildcard after ':' (bcp183)", "\"", "urn:example:MyCompany:*", "\" instead", false, true},
		{"a wildcard after '-' (rfc4854)", "\"", "urn:ietf:params:xml:ns:xmpp-*", "\" specified", false, true},
		{"'*' inside a name is no wildcard (rfc8141 §2)", " ", "urn:x:a*b", " ", false, false},
		{"'*' after a letter is no wildcard", " ", "urn:x:ab*", " ", false, false},
		{"$x at a segment's start", "\"", "urn:oid:$oid", "\"", false, true},
		{"$a:$b in Perl (rfc2169)", "push @ref,\"", "urn:ietf:$a:$b", "\";", false, true},
		{"%s (rfc2169 §4)", "sprintf(\"", "urn:%s:%s", "\", lc $1", false, true},
		{"%s at the end", "'", "urn:xmpp:hash-function-text-names:%s", "' % algo", false, true},
		{"%d before a non-hex character", "\"", "urn:x:%d-y", "\"", false, true},
		{"%(name)s", "'", "urn:x:%(name)s", "'", false, true},
		{"%02x: both readings fit, the escape wins (rfc3986 §2.1)", "\"", "urn:x:%02x", "\"", false, false},
		{"%00b is an escape of NUL and a b", "", "urn:example:a%00b", "", false, false},
		{"%-8.3f", "\"", "urn:x:%-8.3f", "\"", false, true},
		{"<placeholder> after a trimmed ':' (rfc3188 §4)", "Models:\n   ", "URN:NBN", ":<ISO 3166 country code>-<assign", false, true},
		{"<placeholder> inside", "", "urn:x:<id", ">", false, true},
		{"[name] segment (rfc8433 §6)", "there is no signal that expresses\n   ", "urn:alert:source:[some-unknown-alert-ind-part]", ".", false, true},
		{"ellipsis after a trimmed ':'", "see ", "urn:ietf", ":... for the rest", false, true},
		{"ellipsis after ':' and more (rfc9222)", "", "urn:lex:de:stadt.munchen:rundschreiben", ":...;\n", false, true},
		{"unicode ellipsis after a trimmed ':'", "", "urn:ietf:params", ":… and", false, true},
		{"ellipsis inside", "'", "urn:ietf:...:ietf-interfaces", "'", false, true},
		{"{ right after '=' (rfc6241 §8.8.1)", "", "urn:ietf:params:netconf:capability:url:1.0?scheme=", "{name,...}", false, true},

		{"plain URN (rfc8141 §2)", "see ", "urn:ietf:rfc:2141", " for", false, false},
		{"ISBN", "", "urn:isbn:0-395-36341-1", "", false, false},
		{"%2F is an escape (rfc3986 §2.1)", "", "urn:example:a%2Fb", "", false, false},
		{"%de is an escape, not %d", "", "urn:x:%de", "", false, false},
		{"%2d is an escape, not a width", "", "urn:x:%2d", "", false, false},
		{"% at the end is a bad escape, not a verb", "", "urn:x:100%", "", false, false},
		{"$_ after = in a test URN (go-urn tables_test.go) is a sub-delim", "[]byte(\"", "urn:ciao:@!=%2C(xyz)+a,b.*@g=$_", "'\")", false, false},
		{"$ and a name not filling its segment", "", "urn:x:$a'b", "", false, false},
		{"%F at the end is a cut escape, not a verb (go-urn tables_test.go)", "[]byte(\"", "urn:ietf:params:scim:api:messages:%F", "\"),", false, false},
		{"$ inside a segment is a sub-delim (rfc3986 §2.2)", "", "urn:x:a$b", "", false, false},
		{"UUID", "", "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "", false, false},
		{"an XRI", "", "xri://=!E117.EF2F", "", false, false},
		{"a sentence's ellipsis after a whole identifier", "e.g. ", "urn:isbn:123", "... and more", false, false},
		{"an HTML tag right after", "", "urn:isbn:123", "<br>", false, false},
		{"<placeholder> right after, the NSS going on past it (rfc6288 §2, issue 19)", "Syntax: \"", "urn:dgiwg:fad:dfdd", "<fad_code>:<fad_name>\"", false, true},
		{"a tag right after, then ':' outside any name (issue 19)", "", "urn:isbn:123", "<br/>: next", false, false},
		{"a function's body after a call", "={", "go:function(callback,wait)", "{var h;", false, false},
		{"a brace with no name", "", "urn:x:y", "{}", false, false},
		{"(words) for a segment (rfc5057 §4.1)", "<sip:bob@example.com;gr=", "urn:uuid:(Bob's", " UA's bits)>", false, true},
		{"a balanced group is part of a name (rfc8141 §2)", "", "urn:x:f(x)", " here", false, false},
		{"'(' inside a segment, then a space", "", "urn:x:a(b", " c)", false, false},
		{"'(' and no space after", "", "urn:x:(b", "", false, false},
		{"{} after '#' (aioxmpp caps390.py)", "return \"", "urn:xmpp:caps#", "{}.{}\".format(", false, true},
		{"{} after a trimmed ':'", "'", "urn:x:y", ":{}'.format(n)", false, true},
		{"XRI: $ starts a context symbol, not a variable (xri-syntax-v2.0 §2.2.1.2)", "", "xri://$dns*example.com", "", true, false},
		{"XRI: ${x} is still a template", "", "xri://=${name}", "", true, true},
		{"four dots are not an ellipsis standing for text", "", "urn:a....", "", false, false},
	} {
		ctx := rules.Context{Before: []byte(c.before), After: []byte(c.after)}
		if got := Template(c.ident, ctx, !c.xri); got != c.want {
			t.Errorf("%s: Template(%q, after %q) = %v, want %v", c.name, c.ident, c.after, got, c.want)
		}
	}
}

func TestVerb(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"%s", true}, {"%d", true}, {"%v", true}, {"%x", true}, {"%5s", true}, {"%-5s", true}, {"%(name)s", true}, {"%(x)d", true},
		{"%de", false}, {"%5d", false}, {"%0d", false}, {"%2F", false}, {"%20", false}, {"%", false}, {"%(x)", false}, {"%()s", false}, {"%zz", false},
		{"%@", true}, {"%@:calendars", true}, {"%@home", false}, // Objective-C's object verb ends its segment
	} {
		if got := Verb(c.s, 0); got != c.want {
			t.Errorf("Verb(%q) = %v, want %v (rfc3986 §2.1: %% and two hex digits is an escape)", c.s, got, c.want)
		}
	}
}

func TestWrapped(t *testing.T) {
	for _, c := range []struct {
		name, before, after string
		want                bool
	}{
		{"a quote not closed before the line ends (RFC 7644 wrapped)", "the attribute \"", ":\nschemas:extension", true},
		{"a quoted identifier cut by an elision line (rfc7681 §4, issue 19 wrapped-bare)", "xmlns:AcRec=3D\"", "\n       ...\n   cord></Student>", true},
		{"an elision in Unicode (issue 19 wrapped-bare)", "'", "\n\t\u2026\n", true},
		{"a quoted list going on, no elision (xsi:schemaLocation)", "schemaLocation=\"", "\n   http://example.com/x.xsd\"", false},
		{"RFC 8792 folding", "xmlns=\"", ":\\\n   netconf", true},
		{"CRLF", "'", ":\r\nrest", true},
		{"closed on the line", "\"", "\"\n", false},
		{"not opened by a quote", "see ", ":\nnext", false},
		{"the line goes on", "\"", " and\n", false},
		{"a list value going on on the next line (xsi:schemaLocation)", "xsi:schemaLocation=\"", "\n  epp-1.0.xsd\"", false},
	} {
		if got := Wrapped(rules.Context{Before: []byte(c.before), After: []byte(c.after)}); got != c.want {
			t.Errorf("%s: Wrapped(before %q, after %q) = %v, want %v", c.name, c.before, c.after, got, c.want)
		}
	}
}

func TestPattern(t *testing.T) {
	for _, c := range []struct {
		name, ident, after string
		want               bool
	}{
		{"NAPTR regexp (rfc3405 §8)", "urn:([", "^:]+)/\\\\2/i\" .", true},
		{"NAPTR regexp (rfc3403 §6.2)", "urn:cid:.+@([", "^\\.]+\\.)(.*)$!\\2!i\"", true},
		{"[^ inside", "urn:x:[^a]", "", true},
		{"a group before \\d (rfc2648 §4's Perl)", "urn:ietf:mtg:(", "\\d*)-(\\w*)/i);", true},
		{"a parenthesis before prose is no group", "urn:a:f(", "x)", false},
		{"a bracket placeholder is not a regexp", "urn:alert:source:[x]", "", false},
		{"a class and a count (an XML schema's pattern; rfc9562 §4 forbids brackets)", "urn:uuid:[0-9a-f]", "{8}-[0-9a-f]{4}\"/>", true},
		{"a class and a count, more after (botocore service-2.json)", "urn:tdm:(([a-z]", "{2}-[a-z]+-[0-9]{1}:[0-9]+:)?)", true},
		{"a class and '+' inside", "urn:x:[a-z]+", "", true},
		{"a class and a brace with no count is a template's", "urn:alert:source:[x]", "{y}", false},
		{"plain", "urn:ietf:rfc:2141", "", false},
	} {
		if got := Pattern(c.ident, rules.Context{After: []byte(c.after)}); got != c.want {
			t.Errorf("%s: Pattern(%q, after %q) = %v, want %v", c.name, c.ident, c.after, got, c.want)
		}
	}
}

func TestPrefix(t *testing.T) {
	for _, c := range []struct {
		name, before, ident, after string
		want                       bool
	}{
		{"concatenation, ':' trimmed", "id = \"", "urn:publicid", ":\" + x", true},
		{"concatenation across a line, the next literal going on with ':' (rfc9684 §6, issue 19 concat)", "namespace \"", "urn:ietf:params:xml:ns:yang", "\"\n       + \":ietf-tpm-remote-attestation\";", true},
		{"concatenation, the next literal going on with '-' (issue 19 concat)", "x = '", "urn:a:b", "' + '-c'", true},
		{"concatenation with a variable: may be whole (issue 19 concat)", "x = \"", "urn:a:b", "\"\n  + suffix", false},
		{"concatenation with a literal that starts a word: may be whole", "x = \"", "urn:a:b", "\" + \" is the id\"", false},
		{"concatenation, ':' kept", "id = \"", "urn:publicid:", "\" + x", true},
		{"concatenation, single quotes, no space", "u = '", "urn:uuid", ":'+str(u)", true},
		{"PHP concatenation", "$id = '", "urn:uuid", ":' . $uuid;", true},
		{"Lua concatenation", "local s = \"", "urn:x", ":\" .. id", true},
		{"SQL concatenation", "SELECT '", "urn:isbn", ":' || isbn", true},
		{"startswith (Python)", "if s.startswith('", "xri://", "'):", true},
		{"startswith, ':' trimmed", "if uri.startswith(\"", "urn:uuid", ":\"):", true},
		{"strings.HasPrefix (Go)", "if strings.HasPrefix(s, \"", "urn:uuid", ":\") {", true},
		{"strings.HasPrefix of a lowered string", "HasPrefix(strings.ToLower(s), \"", "urn:uuid", ":\") {", true},
		{"TrimPrefix", "id := strings.TrimPrefix(s, \"", "urn:uuid", ":\")", true},
		{"starts_with (Rust)", "if s.starts_with(\"", "urn:ietf", ":\") {", true},
		{"start_with? (Ruby)", "if s.start_with?('", "urn:oid", ":')", true},
		{"indexOf (JS)", "if (s.indexOf('", "urn:x", ":') === 0)", true},
		{"startsWith with a full URN", "s.startsWith(\"", "urn:ietf:params:xml:ns", "\")", true},

		{"a whole URN concatenated may be a whole identifier", "s = \"", "urn:x:y", "\" + \"\\n\"", false},
		{"a URN at the end of a quoted string, not concatenated", "xmlns=\"", "urn:ietf:params:xml:ns:xmpp-tls", "\"/>", false},
		{"quoted in prose", "the value \"", "urn:ietf:rfc:2141", "\", which", false},
		{"a call that does not test a prefix", "print(\"", "urn:uuid", ":\")", false},
		{"not quoted", "prefix ", "urn:uuid", ": + x", false},
		{"another literal in the call (Python tuple)", "s.startswith((\"xri:\", \"", "urn:x", ":\"))", true},
		{"the call's literal closed before", "x.startswith(a); f(\"", "urn:x", ":\")", false},
	} {
		ctx := rules.Context{Before: []byte(c.before), After: []byte(c.after)}
		if got := Prefix(c.ident, ctx); got != c.want {
			t.Errorf("%s: Prefix(%q, before %q, after %q) = %v, want %v", c.name, c.ident, c.before, c.after, got, c.want)
		}
	}
}

// The context kinds gouri and lid share (rules/gouri Classify rules 1, 2
// and 8; rules/lid Classify rules 1, 2 and 7).
// TestCodeScope: "::" is no URI syntax after a scheme (rfc3986 §3.1,
// rfc8141 §2: a NID follows "urn:"); it is a scope operator in code.
func TestCodeScope(t *testing.T) {
	for _, c := range []struct {
		name, before, rest string
		want               bool
	}{
		{"Perl package (URI::urn::isbn)", "package URI::", ":isbn", true},
		{"C++ namespace", "  ", ":GoGenerator", true},
		{"after '::', more colons", "Foo::", ":a:b", true},
		{"a NID left out keeps its error (rfc8141 §2)", "see ", ":ietf:params:x", false},
		{"digits after '::' are no name (rfc8141 §2: URN003)", "missing: ", ":1234", false},
		{"element content", "<id>", ":x", false},
		{"an attribute's value", "xmlns=\"", ":foo", false},
		{"after '='", "href=", ":pkg", false},
		{"a name with digits and '_'", "use ", ":oid_2", true},
		{"one colon", "see ", "isbn:123", false},
		{"nothing after the scheme", "", "", false},
	} {
		if got := CodeScope(c.rest, []byte(c.before)); got != c.want {
			t.Errorf("%s: CodeScope(%q, before %q) = %v, want %v", c.name, c.rest, c.before, got, c.want)
		}
	}
}

func TestAttachedAndCodeKey(t *testing.T) {
	for _, c := range []struct {
		before   string
		attached string
		codeKey  bool
	}{
		{"", "", false},
		{"Al", KindWordPart, false},
		{"net.", KindWordPart, false},
		{"see http://", KindURLHost, false},
		{"see ", "", false},
		{"{", "", true},
		{"{id:1,", "", true},
		{"a, ", "", false},
	} {
		if got := Attached([]byte(c.before)); got != c.attached {
			t.Errorf("Attached(%q) = %q, want %q", c.before, got, c.attached)
		}
		if got := CodeKey([]byte(c.before)); got != c.codeKey {
			t.Errorf("CodeKey(%q) = %v, want %v", c.before, got, c.codeKey)
		}
	}
}
