package urn

import (
	"testing"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ascii"
)

// One case per rule of Classify; contexts are copied from the RFC series
// (file named) or from code where the case comes from code.
func TestClassify(t *testing.T) {
	for _, c := range []struct {
		rule                 string
		before, ident, after string
		want                 string
	}{
		{"1 pattern: NAPTR (rfc3405)", ": urn     IN NAPTR 0 0 \"\" \"\" \"/^", "urn:([", "^:]+)/\\\\2/i\" .", KindPattern},
		{"1 pattern: NAPTR (rfc3403)", "N NAPTR 100   10   \"\"    \"\"  \"!^", "urn:cid:.+@([", "^\\.]+\\.)(.*)$!\\2!i\"", KindPattern},
		{"2 template: {Name} (rfc4854 §4)", " following structure:\n\n         ", "urn:xmpp", ":{ShortName}:{SubName}\n", KindTemplate},
		{"2 template: %s (XMPP code)", "'", "urn:xmpp:hash-function-text-names:%s", "' % algo", KindTemplate},
		{"2 template: %s:%s (rfc2169)", "~ s/^urn:([^:]*):(.*)$/sprintf(\"", "urn:%s:%s", "\", lc $1, $2)/ie;", KindTemplate},
		{"2 template: $oid", "\"", "urn:oid:$oid", "\"", KindTemplate},
		{"2 template: (words) for a segment (rfc5057 §4.1)", "<sip:bob@example.com;gr=", "urn:uuid:(Bob's", " UA's bits)>", KindTemplate},
		{"2 template: {} after '#' (aioxmpp)", "return \"", "urn:xmpp:caps#", "{}.{}\".format(", KindTemplate},
		{"2 template: ellipsis (issue 19)", "such as ", "urn:ietf", ":...", KindTemplate},
		{"2 template: <placeholder> inside a segment (rfc6288 §2, issue 19)", "Syntax: \"", "urn:dgiwg:fad:dfdd", "<fad_code>:<fad_name>\"", KindTemplate},
		{"2 template: <placeholder> (rfc3188)", "Models:\n   ", "URN:NBN", ":<ISO 3166 country code>-<assign", KindTemplate},
		{"2 template: [name] (rfc8433)", "no signal that expresses\n   ", "urn:alert:source:[some-unknown-alert-ind-part]", ".  So", KindTemplate},
		{"3 prefix: concatenation", "id = \"", "urn:publicid", ":\" + x", KindPrefix},
		{"3 prefix: HasPrefix", "if strings.HasPrefix(s, \"", "urn:uuid", ":\") {", KindPrefix},
		{"3 prefix: quoted NID and ':' in ABNF (rfc6588)", "BNF [RFC5234].\n\n   UCODE-URN = \"", "urn:ucode", ":\" ucode-name", KindPrefix},
		{"3 prefix: quoted NID and ':' in prose (rfc9393)", "ed in [RFC4122], including the \"", "urn:uuid", ":\"\n      prefix.", KindPrefix},
		{"3 prefix: compared (google/uuid uuid.go)", "if !strings.EqualFold(s[:9], \"", "urn:uuid", ":\") {", KindPrefix},
		{"3 prefix: quoted NID and ':' even as a test's bad input (go-urn tables_test.go)", "[]byte(\"", "urn:a", ":\"),", KindPrefix},
		{"3 prefix: ':' kept by the scanner", "\"", "urn:oid:", "\"", KindPrefix},
		{"10 prefix: ':' kept inside POD's C<> (URI.pm; rfc8141 §2 needs an NSS)", "The C<", "urn:isbn:", "> namespace", KindPrefix},
		{"10 prefix: a registered NID alone in quotes (JDK DOMKeyValue.java)", "// strip off \"", "urn:oid", "\"\n", KindPrefix},
		{"12 identifier: a registered NID as a value in code (rfc8141 §2: URN002)", "PREFIX = '", "urn:isbn", "'", ""},
		{"12 identifier: a registered NID as a key's value", "scheme : \"", "urn:uuid", "\",", ""},
		{"12 identifier: between escaped quotes, an attribute's value", "String xml = \"<root xmlns=\\\"", "urn:ietf", "\\\"/>\";", ""},
		{"12 identifier: an attribute's value, spaces around '='", "<root xmlns = \"", "urn:ietf", "\"/>", ""},
		{"12 identifier: an NSS-less item of a quoted list", "{\"ids\":[\"urn:isbn:9780395363411\",\"", "urn:isbn", "\",\"urn:isbn:9783030405236\"]}", ""},
		{"12 identifier: a registered NID as an attribute's value, with ' (rfc8141 §2: URN002)", "<a ns='", "urn:ietf", "'>", ""},
		{"12 identifier: an item of a YAML flow list keeps URN002", "namespaces: [urn:test, ", "urn:example", ", urn:foo]", ""},
		{"12 identifier: a group and a query (rfc8141 §2: URN011)", "The resource ", "urn:example:weather(today)?lang=en", " is invalid.", ""},
		{"12 identifier: (? not a regexp's", "", "urn:example:f(?x)", "", ""},
		{"12 identifier: an invalid NID with its ':' kept keeps URN003", "x C<", "urn:-bad:", "> y", ""},
		{"12 identifier: a registered NID as an attribute's value (rfc8141 §2: URN002)", "<a xmlns=\"", "urn:ietf", "\">", ""},
		{"12 identifier: an unregistered NID alone in quotes", "// strip off \"", "urn:frobnitz", "\"", ""},
		{"10b prose: a list of registered NIDs, first item (rfc8141 §2 needs an NSS)", "| namespace rules: ", "urn:ietf", ", urn:ietf:params, urn:oid", KindProse},
		{"10b prose: a list, inner item", "urn:ietf:params, ", "urn:oid", ", urn:oasis", KindProse},
		{"10b prose: a list, last item", "urn:isbn/issn, ", "urn:uuid", " |", KindProse},
		{"10b prose: registered NIDs joined by '/'", "urn:nbn, ", "urn:isbn/issn", ", urn:uuid", KindProse},
		{"12 identifier: an unregistered NID in a list keeps URN002", "see ", "urn:frobnitz", ", then", ""},
		{"12 identifier: an NSS left out in a list of URNs keeps URN002", "ids: urn:isbn:1, ", "urn:isbn", ", urn:isbn:2", ""},
		{"10b prose: an unregistered NID listed with a registered one (auth0)", "* - urn:ietf, ", "urn:auth0", ", urn:okta", KindProse},
		{"10b prose: a registered NID first in a list of bare NIDs", "* - ", "urn:ietf", ", urn:auth0, urn:okta", KindProse},
		{"10b prose: the last of such a list", "* - urn:ietf, urn:auth0, ", "urn:okta", "\n", KindProse},
		{"10c prose: a registered NID and its RFC in a Markdown list (uri-js README)", "*\t", "urn:uuid", " \\[[RFC 4122](http://www.ietf.org/rfc/rfc4122.txt)\\]", KindProse},
		{"1 pattern: a group before an escape doubled in a string (JSON schema)", "\"pattern\": \"^", "urn:oid:[0-2](", "\\\\.(0|[1-9][0-9]*))+$\",", KindPattern},
		{"1 pattern: a non-capturing group (validator.js isMagnetURI)", "[^?&]&)xt(?:\\.1)?=", "urn:(?:(?:aich", "|btih):[a-z0-9]{32})/i;", KindPattern},
		{"1 pattern: an optional group (OpenLayers)", "i.replace(/", "urn:(x-)?ogc:def:crs:EPSG:(.*:)?(", "\\w+)$/,", KindPattern},
		{"1 pattern: an anchor after a regexp's '/' (simplesamlphp)", "                '/^", "urn:x-IGNORE_Case/i", "',", KindPattern},
		{"1 pattern: a SCIM filter's value path (rfc7644 §3.4.2.2)", "\t`", "urn:ietf:params:scim:schemas:core:2.0:User:emails[type", " eq \"work\"]`,", KindPattern},
		{"1 pattern: a SCIM filter, 'pr'", "filter=", "urn:ietf:params:scim:schemas:core:2.0:User:emails[value", " pr]", KindPattern},
		{"12 identifier: a '[' and prose after it keeps URN007 (rfc8141 §2)", "see ", "urn:x:a[b", " and more", ""},
		{"1 pattern: /urn:/ (node-opcua)", "assert(!suffix.match(/", "urn:/", "), \"already", KindPattern},
		{"1 not a pattern: a q-component after a group (rfc8141 §2)", "see ", "urn:a:f(x)?=y", " here", ""},
		{"2 template: a literal closed, an expression joined, opened again (KindleUnpack)", "data.append('<dc:identifier>", "urn:uuid:'+self.BookId+", "'</dc:identifier>\\n')", KindTemplate},
		{"7b template: Qt's positional %1 (Sigil; rfc9562 §4 is hex)", "QString id = QString(\"", "urn:uuid:%1", "\").arg(uuid);", KindTemplate},
		{"7b template: Java's %1$s", "String.format(\"", "urn:uuid:%1$s", "\", u)", KindTemplate},
		{"1 pattern: a class the scanner stopped in, then a count (cyclonedx-go)", "regexp.MustCompile(`^", "urn:uuid:[", "\\da-f]{8}-[\\da-f]{4}", KindPattern},
		{"12 identifier: an apostrophe in an NSS is a sub-delim (rfc3986 §2.2)", "see ", "urn:x:o'reilly", " here", ""},
		{"2 template: Ruby's #{} (uuidtools)", "      return \"", "urn:uuid:#", "{self.to_s}\"", KindTemplate},
		{"2 template: Objective-C's %@ (SOGo)", "stringWithFormat:@\"", "urn:uuid:%@", "\", x];", KindTemplate},
		{"0 code-scope: Perl package (URI::urn::isbn)", "package URI::", "urn::isbn", ";", KindCodeScope},
		{"0 code-scope: '::' and a name", "use ", "urn::oid", ";", KindCodeScope},
		{"0 code-key: an object literal's key in minified code (URI.js in Cesium)", "var p={protocol:null,hostname:null,", "urn:null,port:null,path:null,query:null", "};", KindCodeKey},
		{"0 code-key: a member expression as the value", "{", "urn:e.urn,port:e.port", "}", KindCodeKey},
		{"0 not code-key: a CSV field (rfc8141 §2)", "a,", "urn:isbn:0451450523,b", "\n", ""},
		{"0 not code-key: a NID with a dot keeps URN003", "x,", "urn:example.com:a,b", "", ""},
		{"0 not code-key: a CSV field with a dotted NID keeps URN002", "id,", "urn:example.com,title", "\n", ""},
		{"7b identifier: a percent-encoded {GUID} keeps URN101 (rfc9562 §4)", "?id=", "urn:uuid:%7B3F2504E0-4F89-11D3-9A0C-0305E82C3301%7D", "", ""},
		{"0 not code-scope: a NID left out keeps URN003 (rfc8141 §2)", "see ", "urn::ietf:params:x", " here", ""},
		{"1 pattern: a class and a count (XML schema; rfc9562 §4)", "<xsd:pattern value=\"", "urn:uuid:[0-9a-f]", "{8}-[0-9a-f]{4}\"/>", KindPattern},
		{"7b template: a UUID of x's (google/uuid; rfc9562 §4 is hex)", "returned in the form ", "urn:uuid:xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", " or", KindTemplate},
		{"7b template: version and variant shown (rfc9562 §5.4)", "as ", "urn:uuid:xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx", ".", KindTemplate},
		{"7b template: capitals", "", "URN:UUID:XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX", "", KindTemplate},
		{"7b template: printf verbs with widths (libcups)", "snprintf(buf, \"", "urn:uuid:%08x-%04x-%04x-%04x-%012x", "\", a)", KindTemplate},
		{"7b identifier: a real UUID (rfc9562 §4)", "", "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "", ""},
		{"7b identifier: one stray letter stays a bad UUID (URN101)", "", "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bfx", "", ""},
		{"3 prefix: a quoted literal ending in ':' (rfc8555 §6.7)", "the following \"", "urn:ietf:params:acme:error", ":\" namespace", KindPrefix},
		{"3 prefix: a capability name ending in ':' (rfc8620 §9.4)", "Capability Name: \"", "urn:ietf:params:jmap:error", ":\"", KindPrefix},
		{"3 prefix: a value in code ending in an OID arc and '.' (pysaml2 attributemaps)", "X500ATTR_OID = '", "urn:oid:2.5.4", ".'\n", KindPrefix},
		{"3 prefix: a dictionary's value ending in an arc and '.'", "'oid': \"", "urn:oid:1.3.6.1.4.1.5923.1.1.1", ".\",", KindPrefix},
		{"3 not a prefix: a sentence's '.' inside quotes in prose", "the URN \"", "urn:isbn:0451450523", ".\" names", ""},
		{"3 not a prefix: a quoted URN that ends without ':' (rfc8141 §2)", "xmlns=\"", "urn:ietf:params:xml:ns:yang:ietf-interfaces", "\">", ""},
		{"8 xml-name: element (rfc7878)", "ader/>\n    <soapenv:Body>\n     <", "urn:spppAddRequest", ">\n", KindXMLName},
		{"8 xml-name: end tag", "</obj>\n     </", "urn:spppAddRequest", ">\n", KindXMLName},
		{"8 xml-name: xsi:type (rfc7878)", "<objKey xsi:type=\"", "urn:ObjKeyType", "\">", KindXMLName},
		{"9a prose: acronym plural (rfc8458)", "syntax of ", "URN:NBNs", ".  That syntax", KindProse},
		{"9a prose: acronym and -word (rfc8458)", "libraries have implemented ", "URN:NBN-based", " systems.", KindProse},
		{"9b prose: URN:s", "several ", "URN:s", " are", KindProse},
		{"9c prose: namespace word (rfc5328)", "Considerations\n\n   The ", "urn:dvb", " namespace is used", KindProse},
		{"9c prose: word on the next line", "references to the ", "urn:dvb", "\n      namespace.", KindProse},
		{"9c prose: quoted, then the word (rfc5119)", "URNs for the \"", "urn:smpte", "\" namespace shall", KindProse},
		{"9c prose: trimmed ':' then the word (rfc5842)", "(e.g., the ", "urn:uuid", ": URN namespace defined in", KindProse},
		{"9d prose: capitals (rfc8458)", "If the ", "URN:NBN", " can resolve to", KindProse},

		{"2b template: an isbn NSS without a digit (ISO 2108; docbook-xsl README.epub3, issue 19 §4)", "<dc:identifier>", "urn:isbn:value", "</dc:identifier>", KindTemplate},
		{"2b template: digits written as letters (rfc3305 §4)", "identifier \"", "urn:isbn:n-nn-nnnnnn-n", "\" ", KindTemplate},
		{"2b template: an oid NSS of words (rfc3061 §2)", "as in ", "urn:oid:arc.arc", " where", KindTemplate},
		{"2b not a template: an isbn with its digits (ISO 2108)", "see ", "urn:isbn:0451450523", " for", ""},
		{"2b prefix: a lex NSS without ':' names a jurisdiction (rfc9676 §2.1)", "e.g., \"", "urn:lex:br", "\" for Brazil", KindPrefix},
		{"2b prefix: a jurisdiction and its unit (rfc9676 §2.1)", "\"", "urn:lex:br;sao.paolo", "\" ", KindPrefix},
		{"2b prefix: an nbn NSS without '-' names a sub-namespace (rfc3188 §5)", "(e.g., ", "urn:nbn:fi:vn", ")", KindPrefix},
		{"2b not a prefix: a lex name (rfc9676 §2.1)", "see ", "urn:lex:it:stato:legge:2006-05-14;22", " for", ""},
		{"2b not a prefix: an nbn name (rfc3188 §5)", "see ", "urn:nbn:de:bvb:19-146642", " for", ""},
		{"4 binary: a quoted value whose C string ends before the quote closes (libupnp, issue 19)", "\x00\x00</e:propertyset><e:propertyset xmlns:e=\"", "urn:schemas-upnp-org:eveTIMEOUT", ": Second-qsscUc\x00qsscsscc\x00TIMEO", KindBinary},
		{"4 binary: longer than the length byte before it (ejabberd's mod_sic.beam, issue 19)", "\x03N \x90\x03StrT\x00\x00\x00\x0c", "urn:xmpp:sicImpT", "\x00\x00\x00|\x00\x00\x00", KindBinary},
		{"12 identifier: a quoted value closed before its NUL (rfc8141 §2)", "\x00\x00xmlns=\"", "urn:schemas-upnp-org:event-1-0", "\">\x00", ""},
		{"12 identifier: a length byte that fits it (rfc8141 §2)", "\x00\x00\x00\x10", "urn:xmpp:sic:0:1", "\x00", ""},
		{"4 binary: a quoted value, its string ends with no NUL before it in view (libupnp, issue 19)", "</e:propertyset><e:propertyset xmlns:e=\"", "urn:schemas-upnp-org:eveTIMEOUT", ": Second-qsscUc\x00", KindBinary},
		{"12 identifier: a quoted value, the line ends before a NUL (rfc8141 §2)", "xmlns=\"", "urn:x:y", " z\n\x00", ""},
		{"12 identifier: a length byte with no NUL before it (rfc8141 §2)", "ab\x08", "urn:xmpp:sicImpT", "\x00", ""},
		{"5 wrapped: a quoted identifier cut at a line's end (rfc7644 §3.3)", "For example, adding the attribute \"", "urn:ietf:params:scim", ":\n   schemas:extension:enterprise", KindWrapped},
		{"6 prefix: NUL after a trimmed ':' (minidlnad, issue 19 §4)", "\x00\x00", "urn:schemas-upnp-org:device:MediaServer", ":\x00\x00urn:", KindPrefix},
		{"6 prefix: element content ending in ':' (docbook-xsl, issue 19 §4)", "<xsl:text>", "urn:issn", ":</xsl:text>\n", KindPrefix},
		{"6 prefix: a line of its own (rfc6087 §5)", "YANG modules:\n\n   ", "urn:ietf:params:xml:ns:yang", ":\n\n   The", KindPrefix},
		{"6 prefix: ':,' in prose (rfc3862 §8)", "sub-namespace, ", "urn:ietf:params:cpim-headers", ":, per", KindPrefix},
		{"6 wrapped: a table cell (rfc7643 §10.2)", "   | ", "urn:ietf:params:scim:schemas", ":     | User Resource", KindWrapped},
		{"6 wrapped: a hyphen at a line's end (rfc5141)", "      ", "urn:iso:std:iso:9999:-1:ed-2:en:amd:1:term:3.2,3.3,3.4.1-", "\n", KindWrapped},
		{"6 wrapped: RFC 8792 fold (rfc9944)", "/v2/Schemas/", "urn:ietf:params:scim:schemas", ":\\\n   extension:ble", KindWrapped},
		{"6 wrapped: a table cell that goes on in the next row (rfc4741 §10.3, issue 19)", "\n   | :candidate         | ", "urn:ietf:params:netconf:capability:candidate", " |\n   |                    | :1.0", KindWrapped},
		{"6 wrapped: the next line goes on with '@' under the candidate (rfc9676 §2, issue 19)", "form:\n\n      ", "urn:lex:eu:tribunal.justicia:sentencia:2009-06-11;33-08", "\n      @original:es$juradmin.eu;j", KindWrapped},
		{"6 wrapped: the next line starts with ':' (rfc7590 §1)", "<starttls xmlns='", "urn:ietf:params:xml:ns", "\n   :xmpp-tls'/>", KindWrapped},
		{"6 wrapped: the next line goes on (rfc6120 §13.7.1.4)", "otherName:", "urn:oid", ":\n      1.3.6.1.5.5.7.8.5;UTF8", KindWrapped},
		{"5 wrapped: a quoted identifier cut by an elision line (rfc7681 §4, issue 19)", "xmlns:AcRec=3D\"", "urn:org:pesc:sector:Acad", "\n       ...\n   cord></Student>", KindWrapped},
		{"6b prefix: prose names a prefix (rfc6643 §3, issue 19 prefix-prose)", "   prefix ", "urn:ietf:params:xml:ns:yang:smiv2", ": (see Section 12) followed", KindPrefix},
		{"6b prefix: starts with, quoted (issue 19 prefix-prose)", "names that begin with \"", "urn:ietf:params:xml:ns", ":\" are", KindPrefix},
		{"12 identifier: a label's ':' after another word (rfc8141 §2)", "   see ", "urn:ietf:rfc:2141", ": the syntax", ""},
		{"7 wrapped: a UUID cut at a line's end (rfc5627 §9, rfc9562 §4)", "<sip:callee@example.com;gr=", "urn:uuid:f8", "\n      1d4fae-7dec-11d0-a765-00a0c91e6bf6>", KindWrapped},
		{"7 wrapped: CRLF, cut at a hyphen's place (rfc4488 §6)", "opaque=", "urn:uuid:f81d4fae", "\r\n   -7dec-11d0-a765-00a0c91e6bf6;grid=99a", KindWrapped},
		{"12 identifier: a short UUID, then a word of prose (rfc9562 §4)", "the bad ", "urn:uuid:f8", "\nabout which", ""},
		{"12 identifier: a whole UUID at a line's end (rfc9562 §4)", "id: ", "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "\nabc", ""},
		{"12 identifier: a short UUID, then hex that does not fit (rfc9562 §4)", "id: ", "urn:uuid:f81d4fae", "\n12345678", ""},
		{"6 escaped: roff's \\- in a man page", "Defaults to\n", "urn:ietf:params:oauth:token", "\\-type:jwt.\n", KindEscaped},
		{"10 prefix: a NID and ':' unquoted (issue 19 §4)", "URNs of the form ", "urn:oid", ": followed by", KindPrefix},
		{"11 prose: words around an NSS-less NID (rfc5328)", "registration of ", "urn:dvb", " as a formal namespace", KindProse},
		{"11 prose: words around (rfc7467)", "registrations within ", "urn:nato", " to ensure", KindProse},
		{"11 prose: ', ' before", "e.g., ", "urn:isbn", " for books", KindProse},

		{"11 prose: a sentence's end (rfc7467 §3)", "products and vocabularies: ", "urn:nato", ".\n\n   The", KindProse},
		{"11 prose: a tree figure's node (rfc8433 §5)", "\n                                ", "urn:alert", "\n                                    |\n", KindProse},
		{"11 prose: a tree figure's node, the context all blanks (rfc8433 §5)", "                                ", "urn:alert", "\n                               ", KindProse},
		{"12 identifier: an xmlns value before '.' (rfc8141 §2)", "xmlns=\"", "urn:test", "\".\n", ""},
		{"12 identifier: alone on a line, no figure (rfc8141 §2)", "\n   ", "urn:test", "\n   next line", ""},
		{"12 identifier: a command's argument before a URL (mod-auth-mellon)", "echo \"  $PROG ", "urn:someservice", " https://sp.example.org", ""},
		{"12 identifier: a word after, no word before", "<a>\n", "urn:x", " is", ""},
		{"12 identifier: a YAML key, not wrapped (rfc9944)", "           ", "urn:ietf:params:scim:schemas:extension:ble:2.0:Device", ":\n             $ref: '#/comp", ""},
		{"12 identifier: a label's ':' (rfc5141 §4)", "      ", "urn:iso:std:iso:9999:-1:ed-1:en", ": corresponds to", ""},
		{"12 identifier: RFC 8792 fold after a whole one (rfc8040)", "        ", "urn:ietf:params:restconf:capability:depth:1.0", "\\\n       </capability>", ""},
		{"12 identifier (rfc8141 §2)", "see ", "urn:ietf:rfc:2141", " for", ""},
		{"12 identifier: ISBN", "", "urn:isbn:0-395-36341-1", "", ""},
		{"12 identifier: %2F escape (rfc3986 §2.1)", "", "urn:example:a%2Fb", "", ""},
		{"12 identifier: UUID", "<id>", "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "</id>", ""},
		{"12 identifier: at the end of a quoted string, not concatenated", "<starttls xmlns='", "urn:ietf:params:xml:ns:xmpp-tls", "'/>", ""},
		{"12 identifier: NSS-less in an xmlns keeps its URN002 (rfc5261)", "<doc xmlns:pref=\"", "urn:test", "\">", ""},
		{"12 identifier: NSS-less compared in code (rfc6933)", "entPhysicalUris.2 == '", "urn:7dc53df5-703e-49b3-8670-b1c468f47f1f", "'", ""},
		{"12 identifier: a quoted URN whose next word is a namespace word", "the \"", "urn:ietf:params:xml:ns:foo", "\" namespace", ""},
		{"12 identifier: an attribute's value followed by name= (rfc4743)", "\n     targetNamespace=\"", "urn:myNetconfService", "\"\n     name=\"myNetconfService.ws", ""},
		{"12 identifier: a test URN with $_ (go-urn tables_test.go)", "[]byte(\"", "urn:ciao:@!=%2C(xyz)+a,b.*@g=$_", "'_____________/-10\")", ""},
		{"12 identifier: element content, not a tag name", "<id>", "urn:x", "</id>", ""},
		{"not a URN: not ours", "", "xri://=x", "", ""},
	} {
		ctx := rules.Context{Before: []byte(c.before), After: []byte(c.after)}
		if got := (&Checker{}).Classify(c.ident, ctx); got != c.want {
			t.Errorf("rule %s: Classify(%q, before %q, after %q) = %q, want %q", c.rule, c.ident, c.before, c.after, got, c.want)
		}
	}
}

// An ordinary identifier costs no allocation: classifiers run on every
// candidate.
func TestClassifyAllocs(t *testing.T) {
	ctx := rules.Context{Before: []byte("see the value \""), After: []byte("\" for the rest")}
	for _, id := range []string{"urn:ietf:rfc:2141", "urn:oid:1.2.3.4", "urn:x:a%2Fb", "urn:nbn"} {
		if n := testing.AllocsPerRun(100, func() { Classify(id, ctx) }); n != 0 {
			t.Errorf("Classify(%q) allocates %v times", id, n)
		}
	}
}

// BenchmarkClassify is the cost Classify adds to each URN candidate on the
// common path, an ordinary identifier.
func BenchmarkClassify(b *testing.B) {
	ctx := rules.Context{Before: []byte("<Identifier>"), After: []byte("</Identifier>\n  <Title>")}
	for b.Loop() {
		Classify("urn:ietf:params:xml:ns:yang:ietf-interfaces", ctx)
	}
}

// classifyText and quiet, the fast path, say what classify says
// (issue 25 §2: the memo keeps classifyText's answer with the text): every
// pair of the candidates and contexts below that the split covers.
func TestClassifyTextAgrees(t *testing.T) {
	idents := []string{"urn:ietf:rfc:2141", "urn:isbn:0-395-36341-1", "urn:example:a%2Fb", "urn:oid:1.2.3", "urn:x", "urn:x:", "URN:NBN", "URN:NBNs",
		"urn:xmpp", "urn:x:%s", "urn:oid:$oid", "urn:ietf:...", "urn:a:*", "urn:([", "urn:ietf:mtg:(", "urn:publicid:", "urn:test", "urn:dvb", "urn:a:b{c}", "urn:s", "urn:x:a-", "urn:ietf:params:xml:ns", "urn:xmpp:caps#", "urn:uuid:(Bob's", "urn:x:f(x)",
		// the shaped namespaces (namespaceShape) and "." in the NSS
		"urn:isbn:value", "URN:ISBN:9783030405236", "urn:issn:0167-6423", "urn:issn:n", "urn:oid:x.y", "urn:oid:1.2.3.", "urn:lex:br", "urn:lex:br:federal:lei", "urn:nbn:fi", "urn:nbn:de:101-2007", "urn:NBN:fi-fe",
		"urn:oasis:names:tc:SAML:2.0:profiles:attribute:X500:cn-12864", "urn:a:b...c", "urn:a:b..", "urn:a:b.c.", "urn:a:...", "urn:a:b\u2026c", "urn:cid:.+@", "urn:oid:2.5.4.",
		"urn:uuid:3c840b56-47c7-482e-b2c0-1ecdcf95fb71", "urn:uuid:f81d4fae", "URN:UUID:f8", "xri://=x", "urnx:a:b",
		"urn:x:o'reilly", "urn:uuid:'+id+'", "urn:uuid:%1", "urn:uuid:[", "urn:null,port:null", "urn:e.urn,x:1", "urn:isbn:1,b",
		// uuid templates (uuidStandIn), "::", a NID with its ":" kept
		"urn:uuid:xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx", "urn:uuid:nnnnnnnn", "URN:UUID:XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX", "urn:uuid:%08x-%04x", "urn::isbn", "urn::1234", "urn:isbn:", "urn:-bad:"}
	contexts := []string{"", " ", "\"", "'", "`", "<", "</", ":type=\"", "the ", "startswith('", "x = \"", "=", "(", "\n", "   | ", "\n   ", "of ", "X = '", "|", "prefix ", "\x00\x0c", "issuer=",
		"\t", "\r\n", "x\x00\x0b", "x\x00\x07", "subject=\"", "if s.startswith(\"", "f(\"", "x = `", "\x00\"",
		"{\"fullUrl\":\"", "if s.startswith(x, \"k\":\"", "/^", "match(/", "\\\"", "{", "a,", "-1?"}
	afters := []string{"", " ", " here", "\"", "'", ":{Name}", "{x}", "$", "<name>", "...", "…", ":", ":\n", "-", ".", "?", "=", " namespace", "s", "\" + x", "')", "\\d*)", "^:]",
		":\x00", ":</x>", ":,", ":\n\n", "\n", "\n   :xmpp-tls'", "\r\n:x", "\n  -7dec", "\n .0:x", "\n.SH", ".'", ".\"", ":    |", "{}", ":{}", " UA's bits)", "\\-type", "\\$x", "\\\n  more", ":\\\n", ":     | Name |", ":\n    Name element", " as a", " to be",
		"\n1d4fae-7dec-11d0", "\n   %D1%8F", " latency=12ms\n", "\"\n", ". ", ".\n", " | x\n |", "\tx",
		"\" latency=12ms", "\"", "\" + id", "\"+id", "\".$x", "\" . $x", "\" || x", "\" <> x", "\")", "\", 1)", "\" \n + \":x\"", "\"\n  + \":x\"", "\"\x00", "\"x\x00",
		"'", "' x", "')", "`", "` + x", "\"  ", "\"\t)", "'\"", "\"<br>", "\">",
		"\",\"resource\":{", "\")", "/i',", "\\\","}
	n, shaped := 0, 0
	for _, id := range idents {
		for _, b := range contexts {
			for _, a := range afters {
				ctx := rules.Context{Before: []byte(b), After: []byte(a)}
				if kind, facts, ok := classifyText(id); ok && quiet(facts, ctx) {
					n++
					if kind != "" {
						shaped++
					}
					if got := Classify(id, ctx); got != kind {
						t.Errorf("%q, before %q, after %q: classifyText says %q, Classify %q", id, b, a, kind, got)
					}
					if got := fullClassify(id, ctx); got != kind {
						t.Errorf("%q, before %q, after %q: classifyText says %q, classify %q", id, b, a, kind, got)
					}
				}
			}
		}
	}
	if n == 0 || shaped == 0 {
		t.Fatalf("the split covered %d pairs, %d of them look-alikes by namespaceShape", n, shaped)
	}
	t.Logf("%d pairs covered, %d of them look-alikes by namespaceShape", n, shaped)
}

// fullClassify is Classify without its fast path.
func fullClassify(ident string, ctx rules.Context) string {
	if !ascii.HasPrefixFold(ident, "urn:") {
		return ""
	}
	return classify(ident, ctx)
}

// Bad input never panics, whatever the candidate and its context.
func FuzzClassify(f *testing.F) {
	f.Add("<doc xmlns:pref=\"", "urn:test", "\">")
	f.Add("the \"", "urn:smpte", "\" namespace")
	f.Add("", "URN:NBN-", "")
	f.Add("'", "urn:", ":'")
	f.Add("subject=\"", "isbn:978-3-030-40523-6", "\" latency=12ms") // issue 25 §2: quotedQuiet
	f.Add("\n", "oasis:names:tc:SAML:2.0:assertion", "\"+x")
	f.Fuzz(func(t *testing.T, before, ident, after string) {
		Classify(ident, rules.Context{Before: []byte(before), After: []byte(after)})
		ctx := rules.Context{Before: []byte(before), After: []byte(after)}
		id := "urn:" + ident
		if kind, facts, ok := classifyText(id); ok && quiet(facts, ctx) && classify(id, ctx) != kind {
			t.Errorf("classifyText(%q) says %q in before %q, after %q, but classify says %q", id, kind, before, after, classify(id, ctx))
		}
	})
}

// BenchmarkClassifyPlain is the cost on the fast path (classifyText, quiet): an
// identifier in prose, and one that ends a line (issue 19: rules on what
// follows a line end must not slow it).
func BenchmarkClassifyPlain(b *testing.B) {
	for _, c := range []struct{ name, after string }{{"prose", " here\nsee urn:x"}, {"line-end", "\nsee urn:example:item-1"}} {
		ctx := rules.Context{Before: []byte("\nsee "), After: []byte(c.after)}
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				Classify("urn:example:item-98081", ctx)
			}
		})
	}
}
