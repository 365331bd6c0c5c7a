package xri

import (
	"strings"
	"testing"
)

// Tables read from xri-syntax-resolution-1.0-rc2.txt (OASIS XRI 1.0
// committee draft rc2, 2003), the default profile. The copy is a PDF
// extraction: where its text is damaged the case says how it was read.

// errorRules are the error-level rules; "valid" cases exclude them all.
const errorRules = "XRI001 XRI002 XRI003 XRI004 XRI005 XRI006 XRI007 XRI008 XRI009 XRI010 XRI011 XRI012 XRI013"

// §1.1.2: the examples of XRI syntax, all valid.
var rc2Sec112 = section{name: "xri-1.0-rc2 §1.1.2", profile: RC2, cases: []lintCase{
	{spec: "xri-1.0-rc2 §1.1.2 standard HTTP URI converted to an XRI", in: "xri://www.example.com/pages/index.html", exact: true},
	{spec: "xri-1.0-rc2 §1.1.2 IPv6 authority per RFC 2732", in: "xri://[2010:836B:4179::836B:4179]/pages/index.html", want: "XRI031:info", exact: true,
		canon: "xri://[2010:836b:4179::836b:4179]/pages/index.html"},
	{spec: "xri-1.0-rc2 §1.1.2 delegation of reassignable identifiers", in: "xri://www.example.com/inventory.parts/widget.subwidget.foobarator", exact: true},
	{spec: "xri-1.0-rc2 §1.1.2 delegation of persistent identifiers", in: "xri://www.example.com/:inventory:parts/:12:7:234", exact: true},
	{spec: "xri-1.0-rc2 §1.1.2 global context symbols", in: "xri:@ExampleCorp", want: "XRI031:info", exact: true, canon: "xri:@examplecorp"},
	{spec: "xri-1.0-rc2 §1.1.2 global context symbols", in: "xri:@ExampleCorp.www", want: "XRI031:info", exact: true},
	{spec: "xri-1.0-rc2 §1.1.2 global context symbols", in: "xri:@ExampleCorp.website", want: "XRI031:info", exact: true},
	{spec: "xri-1.0-rc2 §1.1.2 global context symbols", in: "xri:=JohnDoe", want: "XRI031:info", exact: true},
	{spec: "xri-1.0-rc2 §1.1.2 global context symbols", in: "xri:=JohnDoe.home", want: "XRI031:info", exact: true},
	{spec: "xri-1.0-rc2 §1.1.2 global context symbols", in: "xri:=JohnDoe.work", want: "XRI031:info", exact: true},
	{spec: "xri-1.0-rc2 §1.1.2 global context symbols", in: "xri:+flowers", exact: true},
	{spec: "xri-1.0-rc2 §1.1.2 global context symbols", in: "xri:+flowers.rose", exact: true},
	{spec: "xri-1.0-rc2 §1.1.2 global context symbols", in: "xri:+flowers.daisy", exact: true},
	{spec: "xri-1.0-rc2 §1.1.2 cross-references", in: "xri://www.example.com/(+management)/(+CEO)", exact: true},
	{spec: "xri-1.0-rc2 §1.1.2 cross-references", in: "xri:(urn:oasis:spec:2040)/(+index)", want: "XRI034:info", exact: true},
	{spec: "xri-1.0-rc2 §1.1.2 cross-references", in: "xri:(mailto:john.doe@example.com)/(+phone)", want: "XRI034:info", exact: true},
	{spec: "xri-1.0-rc2 §1.1.2 cross-references", in: "xri:=JohnDoe.home/(+email)", want: "XRI031:info", exact: true},
	{spec: "xri-1.0-rc2 §1.1.2 cross-references", in: "xri:=JohnDoe.home/(+email).($v/3)", want: "XRI031:info", exact: true},
	{spec: "xri-1.0-rc2 §1.1.2 self-references", in: "xri:(+flowers.rose)", want: "XRI034:info", exact: true},
	{spec: "xri-1.0-rc2 §1.1.2 self-references (the copy lost the line's start \"xri:(\")", in: "xri:(xri://www.example.com/dictionary/flowers/rose)", want: "XRI034:info", exact: true},
	{spec: "xri-1.0-rc2 §1.1.2 self-references, as the damaged copy prints it", in: "xri://www.example.com/dictionary/flowers/rose)", want: "XRI006:error"},
	{spec: "xri-1.0-rc2 §1.1.2 self-references", in: "xri:(http://www.example.com/dictionary/flowers/rose)", want: "XRI034:info", exact: true},
}}

// Table 1 (§1.1.2): internationalized XRIs. The copy puts a space before
// the last "/" of the Hebrew and Kanji rows (a table-extraction artifact:
// a space is an excluded character, §2.2.5); the rows are read without it,
// and the printed form is checked to be invalid.
var rc2Table1 = section{name: "xri-1.0-rc2 Table 1", profile: RC2, cases: []lintCase{
	{spec: "xri-1.0-rc2 Table 1 French", in: "xri:@ALaFrançaise/areté", want: "XRI031:info", exact: true, canon: "xri:@alafrançaise/areté"},
	{spec: "xri-1.0-rc2 Table 1 Hebrew (URI authority with IDN labels)", in: "xri://אג.גה.הפ/גח/ט'/גז.html", exact: true},
	{spec: "xri-1.0-rc2 Table 1 Hebrew, as printed with a space", in: "xri://אג.גה.הפ/גח/ט' /גז.html", want: "XRI004:error"},
	{spec: "xri-1.0-rc2 Table 1 Kanji", in: "xri:=崎村夏彦/(+本籍地)", exact: true},
	{spec: "xri-1.0-rc2 Table 1 Kanji, as printed with a space", in: "xri:=崎村夏彦/ (+本籍地)", want: "XRI004:error"},
}}

// §2.1: XRI = absolute-xri / relative-xri; absolute-xri = "xri:" global-path.
var rc2Sec21 = section{name: "xri-1.0-rc2 §2.1", profile: RC2, cases: []lintCase{
	{spec: "xri-1.0-rc2 §2.1 absolute-xri", in: "xri:@example", exact: true},
	{spec: "xri-1.0-rc2 §2.1 absolute-xri = \"xri:\" global-path: an authority is required", in: "xri:", want: "XRI002:error"},
	{spec: "xri-1.0-rc2 §2.1 absolute-xri = \"xri:\" global-path: an authority is required", in: "xri:/a/b", want: "XRI002:error"},
	{spec: "xri-1.0-rc2 §2.1 absolute-xri = \"xri:\" global-path: an authority is required", in: "xri:example.com/x", want: "XRI002:error"},
	{spec: "xri-1.0-rc2 §2.1 the scheme \"xri:\"", in: "urn:example:a", want: "XRI001:error"},
	{spec: "xri-1.0-rc2 §2.1 the scheme \"xri:\"", in: "=JohnDoe", want: "XRI001:error"},
	{spec: "xri-1.0-rc2 §2.1 relative-xri = relative-path", in: "g/h", bare: true, exact: true},
	{spec: "xri-1.0-rc2 §2.1 relative-xri = local-path", in: "/g/h", bare: true, exact: true},
	{spec: "xri-1.0-rc2 §2.1 relative-path = *( [ \".\" ] \"/\" ) xri-segments", in: "./g/h", bare: true, exact: true},
	{spec: "xri-1.0-rc2 §2.1 relative-xri [ query-frag ]", in: "g?y#s", bare: true, exact: true},
	{spec: "xri-1.0-rc2 §2.1 xri-value in a cross-reference: global-path", in: "xri:@a/(+b)", exact: true},
	{spec: "xri-1.0-rc2 §2.1 xri-value in a cross-reference: local-path", in: "xri:@a/(/b/c)", exact: true},
	{spec: "xri-1.0-rc2 §2.1 xri-value in a cross-reference: relative-path", in: "xri:@a/(.b/c)", exact: true},
	{spec: "xri-1.0-rc2 §2.1 xri-value in a cross-reference: URI authority", in: "xri:@a/(//example.com/b)", exact: true},
	{spec: "xri-1.0-rc2 §2.1 xri-value in a cross-reference: query-frag only", in: "xri:@a/(?q=1)", exact: true},
}}

// §2.1.1.1 URI authority = "//" [userinfo "@"] host [":" port]; a hostname
// MUST meet rfc2396 §3.2.2 after ToASCII.
var rc2Sec2111 = section{name: "xri-1.0-rc2 §2.1.1.1", profile: RC2, cases: []lintCase{
	{spec: "xri-1.0-rc2 §2.1.1.1 userinfo", in: "xri://bob@www.example.com/", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.1 userinfo = *(unreserved / escaped / ; : & = + $ ,)", in: "xri://bob;auth=x:y&z+$,@example.com:8080/a", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.1 userinfo excludes \"[\"", in: "xri://a[b@example.com/", want: "XRI005:error"},
	{spec: "xri-1.0-rc2 §2.1.1.1 userinfo excludes space", in: "xri://a b@example.com/", want: "XRI004:error"},
	{spec: "xri-1.0-rc2 §2.1.1.1 host may be omitted", in: "xri:///path", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.1 port = *DIGIT", in: "xri://example.com:8080", exact: true, canon: "xri://example.com:8080"},
	{spec: "xri-1.0-rc2 §2.1.1.1 port = *DIGIT may be empty; no default port, so it is kept", in: "xri://example.com:/x", exact: true, canon: "xri://example.com:/x"},
	{spec: "xri-1.0-rc2 §2.1.1.1 port = *DIGIT", in: "xri://example.com:http/", want: "XRI010:error"},
	{spec: "xri-1.0-rc2 §2.1.1.1 IPv4address", in: "xri://192.168.0.1/x", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.1 dec-octet ≤ 255; then a hostname whose top label starts with a digit", in: "xri://256.1.1.1/", want: "XRI009:error"},
	{spec: "xri-1.0-rc2 §2.1.1.1 dec-octet has no leading zero", in: "xri://01.1.1.1/", want: "XRI009:error"},
	{spec: "xri-1.0-rc2 §2.1.1.1 IPv6reference", in: "xri://[::1]/", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.1 IPv6 ls32 = IPv4address", in: "xri://[::ffff:1.2.3.4]/", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.1 IPv6address", in: "xri://[1:2:3]/", want: "XRI009:error"},
	{spec: "xri-1.0-rc2 §2.1.1.1 IPv6address has no zone", in: "xri://[fe80::1%25eth0]/", want: "XRI009:error"},
	{spec: "xri-1.0-rc2 §2.1.1.1 IPv6reference = \"[\" IPv6address \"]\"", in: "xri://[::1/", want: "XRI009:error"},
	{spec: "xri-1.0-rc2 §2.1.1.1 hostname (rfc2396 §3.2.2)", in: "xri://www.exa_mple.com/", want: "XRI009:error"},
	{spec: "xri-1.0-rc2 §2.1.1.1 hostname: no leading hyphen", in: "xri://-a.example.com/", want: "XRI009:error"},
	{spec: "xri-1.0-rc2 §2.1.1.1 hostname: no trailing hyphen", in: "xri://a-.example.com/", want: "XRI009:error"},
	{spec: "xri-1.0-rc2 §2.1.1.1 qualified = *( \".\" idomainlabel ) [ \".\" ]", in: "xri://example.com./", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.1 hostname: no empty label", in: "xri://a..com/", want: "XRI009:error"},
	{spec: "xri-1.0-rc2 §2.1.1.1 hostname: labels of at most 63 octets", in: "xri://" + strings.Repeat("a", 64) + ".com/", want: "XRI009:error"},
	{spec: "xri-1.0-rc2 §2.1.1.1 hostname: labels of at most 63 octets", in: "xri://" + strings.Repeat("a", 63) + ".com/", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.1 hostname: toplabel starts with a letter", in: "xri://www.example.123/", want: "XRI009:error"},
	{spec: "xri-1.0-rc2 §2.1.1.1 hostname after ToASCII (not idomainlabel = 1*ucschar, which excludes ASCII)", in: "xri://bücher.example/", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.1 hostname after ToASCII", in: "xri://例え.テスト/", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.1 hostname after ToASCII: rfc3490 rejects the label", in: "xri://⒈example.com/", want: "XRI009:error"},
	{spec: "xri-1.0-rc2 §2.1.1.1 hostname after ToASCII: the bidi rule", in: "xri://aא.com/", want: "XRI009:error"},
	{spec: "xri-1.0-rc2 §2.1.1.1 hostname: no escapes", in: "xri://ex%41mple.com/", want: "XRI009:error"},
	{spec: "xri-1.0-rc2 §2.1.1.1 hostname is case-insensitive (§2.4.1)", in: "xri://WWW.Example.COM/a", want: "XRI031:info", exact: true, canon: "xri://www.example.com/a"},
}}

// §2.1.1.2–§2.1.1.3: XRI-authority = ( gcs-char xri-segment ) / xref-authority;
// gcs-char = "+" / "=" / "@" / "$" / "*" / "!".
var rc2Sec2113 = section{name: "xri-1.0-rc2 §2.1.1.3", profile: RC2, cases: []lintCase{
	{spec: "xri-1.0-rc2 §2.1.1.3 \"+\" general public", in: "xri:+flowers", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.3 \"=\" person", in: "xri:=john", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.3 \"@\" organization", in: "xri:@corp", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.3 \"$\" XRI metadata", in: "xri:$v.1", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.3 \"*\" user-relative", in: "xri:*home", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.3 \"!\" XRI author annotation", in: "xri:!note", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.3 a GCS before a cross-reference", in: "xri:=(http://www.my-website.com)/favorites.html", exact: true, not: "XRI034"},
	{spec: "xri-1.0-rc2 §2.1.1.3 an xri-segment may be empty", in: "xri:@", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.3 \"#\" is no gcs-char", in: "xri:#x", want: "XRI002:error"},
	{spec: "xri-1.0-rc2 §2.1.1.3 the optional leading dot of the authority's segment", in: "xri:@.corp", want: "XRI032:info", canon: "xri:@corp"},
}}

// §2.1.1.4: xref = "(" ( xri-value / URI ) ")"; an XRI value MUST start
// with a symbol; xref-authority = xref 1*( "." sub-segment / ":" sub-segment ).
var rc2Sec2114 = section{name: "xri-1.0-rc2 §2.1.1.4", profile: RC2, cases: []lintCase{
	{spec: "xri-1.0-rc2 §2.1.1.4 a URI as a global authority, with no sub-segment after it (accepted, noted)", in: "xri:(mailto:john.doe@example.com)/favorites/home", want: "XRI034:info", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.4 xref-authority with its sub-segment", in: "xri:(mailto:john.doe@example.com).home/favorites", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.4 xref-authority with a colon sub-segment", in: "xri:(+flowers):1", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.4 an XRI value MUST start with a symbol", in: "xri:@example/(foo/bar)", want: "XRI008:error"},
	{spec: "xri-1.0-rc2 §2.1.1.4 \"(.foo/bar)\" keeps its leading dot", in: "xri:@example/(.foo/bar)", exact: true, canon: "xri:@example/(.foo/bar)"},
	{spec: "xri-1.0-rc2 §2.1.1.4 xref needs its \")\"", in: "xri:@example/(+email", want: "XRI006:error"},
	{spec: "xri-1.0-rc2 §2.1.1.4 a \")\" closing nothing", in: "xri:@example/a)", want: "XRI006:error"},
	{spec: "xri-1.0-rc2 §2.1.1.4 sub-segment = *xri-pchar / xref: not both", in: "xri:@a(+b)", want: "XRI005:error"},
	{spec: "xri-1.0-rc2 §2.1.1.4 sub-segment = *xri-pchar / xref: not both", in: "xri:@a.(+b)c", want: "XRI005:error"},
	{spec: "xri-1.0-rc2 §2.1.1.4 sub-segment = xref", in: "xri:@a.(+b).c", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.4 an empty cross-reference", in: "xri:@example/()", want: "XRI023:warning"},
	{spec: "xri-1.0-rc2 §2.1.1.4 URI cross-reference with balanced parentheses (rfc2396 mark)", in: "xri:@a/(http://example.com/a(b)c)", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.4 URI cross-reference: excluded characters", in: "xri:@a/(http://example.com/a b)", want: "XRI004:error"},
	{spec: "xri-1.0-rc2 §2.1.1.4 nesting to any depth", in: "xri:@a/(+b/(+c/(+d/(+e))))", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.4 an XRI value with a query", in: "xri:@a/(+b?x=1)", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.4 an absolute XRI as cross-reference", in: "xri:@a/(xri:@b.c/d)", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.4 a cross-reference at any node", in: "xri:@a.(+b):(+c)/(+d).(+e)", exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.4 nesting bounded by idlint at 32", in: "xri:@a/" + nest(32), exact: true},
	{spec: "xri-1.0-rc2 §2.1.1.4 nesting bounded by idlint at 32", in: "xri:@a/" + nest(33), want: "XRI007:error"},
	{spec: "xri-1.0-rc2 §2.1.1.4 nesting bounded by idlint at 32", in: "xri:@a/" + strings.Repeat("(", 5000), want: "XRI007:error XRI006:error"},
}}

// nest returns n cross-references nested one in another: (+a/(+a/…)).
func nest(n int) string {
	return strings.Repeat("(+a/", n) + strings.Repeat(")", n)
}

// §2.1.1.5: a self-reference is the whole XRI value in parentheses.
var rc2Sec2115 = section{name: "xri-1.0-rc2 §2.1.1.5", profile: RC2, cases: []lintCase{
	{spec: "xri-1.0-rc2 §2.1.1.5 self-reference (accepted; the ABNF wants a sub-segment after the xref)", in: "xri:(+user-friendly)", want: "XRI034:info", exact: true},
}}

// §2.1.2: xri-segment = ( [ "." ] sub-segment / ":" sub-segment ) *( "." sub-segment / ":" sub-segment );
// xri-pchar = xri-unreserved / escaped / ";" / "!" / "*" / "@" / "&" / "=" / "+" / "$" / ",".
var rc2Sec212 = section{name: "xri-1.0-rc2 §2.1.2", profile: RC2, cases: []lintCase{
	{spec: "xri-1.0-rc2 §2.1.2 dot and colon sub-segments", in: "xri:@example/a.b:c", exact: true},
	{spec: "xri-1.0-rc2 §2.1.2 colon segments", in: "xri:@example/:12:7:234", exact: true},
	{spec: "xri-1.0-rc2 §2.1.2 xri-pchar", in: "xri:@example/;!*@&=+$,-_~'", exact: true},
	{spec: "xri-1.0-rc2 §2.1.2 a dot used as data MUST be escaped", in: "xri:@example/a%2Eb", exact: true, canon: "xri:@example/a%2Eb"},
	{spec: "xri-1.0-rc2 §2.1.2 \"[\" is not an xri-pchar", in: "xri:@example/a[1]", want: "XRI005:error"},
	{spec: "xri-1.0-rc2 §2.1.2 the default is a dot segment: no leading dot required", in: "xri:@example/.abc", want: "XRI032:info", canon: "xri:@example/abc"},
	{spec: "xri-1.0-rc2 §2.1.2 the dot before an empty sub-segment is not optional", in: "xri:@example/..abc", not: "XRI032 XRI033", canon: "xri:@example/..abc"},
	{spec: "xri-1.0-rc2 §2.1.2 empty segments", in: "xri:@example//a/", exact: true},
}}

// §2.1.3 xri-query = [ xref ] *( pchar / "/" / "?" ); §2.1.4 xri-fragment = [ xref ] *( pchar / "/" / "?" ).
var rc2Sec213 = section{name: "xri-1.0-rc2 §2.1.3", profile: RC2, cases: []lintCase{
	{spec: "xri-1.0-rc2 §2.1.3 a query beginning with a cross-reference", in: "xri:@example/a?(+meta)x=1", exact: true},
	{spec: "xri-1.0-rc2 §2.1.3 pchar holds parentheses (rfc2396 mark)", in: "xri:@example/a?x=(y)/z?w", exact: true},
	{spec: "xri-1.0-rc2 §2.1.3 pchar has no \"[\"", in: "xri:@example/a?x=[1]", want: "XRI005:error"},
	{spec: "xri-1.0-rc2 §2.1.3 space is excluded", in: "xri:@example/a?x y", want: "XRI004:error"},
	{spec: "xri-1.0-rc2 §2.1.3 ucschar in a query (the IRI character set, §2.2)", in: "xri:@example/a?q=été", exact: true},
}}

var rc2Sec214 = section{name: "xri-1.0-rc2 §2.1.4", profile: RC2, cases: []lintCase{
	{spec: "xri-1.0-rc2 §2.1.4 a fragment beginning with a cross-reference", in: "xri:@example/a#(+type)frag", exact: true},
	{spec: "xri-1.0-rc2 §2.1.4 \"#\" is not allowed in a fragment", in: "xri:@example/a#b#c", want: "XRI005:error"},
	{spec: "xri-1.0-rc2 §2.1.4 an empty fragment", in: "xri:@example/a#", exact: true},
}}

// §2.2: characters.
var rc2Sec22 = section{name: "xri-1.0-rc2 §2.2", profile: RC2, cases: []lintCase{
	{spec: "xri-1.0-rc2 §2.2.1 %FC is not UTF-8", in: "xri:@example/m%FCller", want: "XRI011:error"},
	{spec: "xri-1.0-rc2 §2.2.1 a truncated UTF-8 sequence", in: "xri:@example/%C3", want: "XRI011:error"},
	{spec: "xri-1.0-rc2 §2.2.1 a broken UTF-8 sequence", in: "xri:@example/%C3%28", want: "XRI011:error"},
	{spec: "xri-1.0-rc2 §2.2.1 an overlong UTF-8 sequence", in: "xri:@example/%C0%AE", want: "XRI011:error"},
	{spec: "xri-1.0-rc2 §2.2.1 UTF-8 escapes of a ucschar are valid (and unnecessary, §2.2.3)", in: "xri:@example/m%C3%BCller", want: "XRI024:warning", not: errorRules, canon: "xri:@example/müller"},
	{spec: "xri-1.0-rc2 §2.2.1 raw octets that are not UTF-8", in: "xri:@example/caf\xe9", want: "XRI004:error"},
	{spec: "xri-1.0-rc2 §2.2.2 reserved characters escaped as data", in: "xri:@example/a%2Fb%3Fc%23d%28e%29%2A%21%3A", exact: true},
	{spec: "xri-1.0-rc2 §2.2.3 escaping unreserved characters should be avoided", in: "xri:@ex%61mple", want: "XRI024:warning", canon: "xri:@example"},
	{spec: "xri-1.0-rc2 §2.2.3 xri-mark \"'\" is unreserved", in: "xri:@example/%27", want: "XRI024:warning", canon: "xri:@example/'"},
	{spec: "xri-1.0-rc2 §2.2.3 ucschar (plane 1)", in: "xri:@example/\U00010000", exact: true},
	{spec: "xri-1.0-rc2 §2.2.3 ucschar ends at 1FFFD (the printed %x10000-1FFFFD is a typo)", in: "xri:@example/\U0001FFFE", want: "XRI004:error"},
	{spec: "xri-1.0-rc2 §2.2.3 ucschar excludes the private use area", in: "xri:@example/\uE000", want: "XRI004:error"},
	{spec: "xri-1.0-rc2 §2.2.3 ucschar excludes E0000-E0FFF", in: "xri:@example/\U000E0001", want: "XRI004:error"},
	{spec: "xri-1.0-rc2 §2.2.3 ucschar excludes noncharacters FDD0-FDEF", in: "xri:@example/\uFDD0", want: "XRI004:error"},
	{spec: "xri-1.0-rc2 §2.2.3 ucschar excludes C1 controls", in: "xri:@example/\u0085", want: "XRI004:error"},
	{spec: "xri-1.0-rc2 §2.2.4.1 escaped = \"%\" HEXDIG HEXDIG", in: "xri:@example/100%", want: "XRI003:error"},
	{spec: "xri-1.0-rc2 §2.2.4.1 escaped = \"%\" HEXDIG HEXDIG", in: "xri:@example/a%zz", want: "XRI003:error"},
	{spec: "xri-1.0-rc2 §2.2.4.1 uppercase digits SHOULD be used", in: "xri:@example/a%2fb", want: "XRI025:warning", canon: "xri:@example/a%2Fb"},
	{spec: "xri-1.0-rc2 §2.2.5 excluded delims", in: "xri:@example/a<b>", want: "XRI004:error"},
	{spec: "xri-1.0-rc2 §2.2.5 excluded unwise", in: "xri:@example/{a}|b\\c^d`", want: "XRI004:error"},
	{spec: "xri-1.0-rc2 §2.2.5 excluded DQUOTE", in: "xri:@example/\"q\"", want: "XRI004:error"},
	{spec: "xri-1.0-rc2 §2.2.5 excluded CTL", in: "xri:@example/a\tb", want: "XRI004:error"},
	{spec: "xri-1.0-rc2 §2.2.5 whitespace SHOULD be avoided (no-break space is a ucschar)", in: "xri:@example/a\u00a0b", want: "XRI026:warning", not: errorRules, canon: "xri:@example/a%C2%A0b"},
	{spec: "xri-1.0-rc2 §2.2.5 invisible format characters", in: "xri:@exa\u200bmple", want: "XRI026:warning", not: errorRules},
	{spec: "xri-1.0-rc2 §2.2.5 look-alikes should be avoided (full-width forms)", in: "xri:@ｅｘａｍｐｌｅ", want: "XRI027:info", not: errorRules},
}}

// §2.3.3: a colon in the first segment of a relative XRI.
var rc2Sec233 = section{name: "xri-1.0-rc2 §2.3.3", profile: RC2, cases: []lintCase{
	{spec: "xri-1.0-rc2 §2.3.3 \"foo:bar\" must be rewritten", in: "foo:bar", bare: true, want: "XRI012:error"},
	{spec: "xri-1.0-rc2 §2.3.3 \".foo:bar\"", in: ".foo:bar", bare: true, exact: true, canon: ".foo:bar"},
	{spec: "xri-1.0-rc2 §2.3.3 \"./foo:bar\"", in: "./foo:bar", bare: true, exact: true, canon: ".foo:bar"},
	{spec: "xri-1.0-rc2 §2.3.3 \"foo.bar:baz\" must be rewritten", in: "foo.bar:baz", bare: true, want: "XRI012:error"},
	{spec: "xri-1.0-rc2 §2.3.3 \".foo.bar:baz\"", in: ".foo.bar:baz", bare: true, exact: true},
	{spec: "xri-1.0-rc2 §2.3.3 a colon after the first \"/\" is fine", in: "a/b:c", bare: true, exact: true},
	{spec: "xri-1.0-rc2 §2.3.3 the leading dot of the first relative segment is optional without a colon", in: ".g", bare: true, want: "XRI032:info", canon: "g"},
}}

// §2.4: normalization and comparison findings.
var rc2Sec24 = section{name: "xri-1.0-rc2 §2.4", profile: RC2, cases: []lintCase{
	{spec: "xri-1.0-rc2 §2.4.1 the scheme is case-insensitive", in: "XRI:@example", want: "XRI031:info", not: errorRules, canon: "xri:@example"},
	{spec: "xri-1.0-rc2 §2.4.5 Table 3: add the optional scheme", in: "@example", bare: true, want: "XRI030:info", exact: true, canon: "xri:@example"},
	{spec: "xri-1.0-rc2 §2.4.5 Table 3: a relative XRI has no scheme to add", in: "g/h", bare: true, not: "XRI030"},
	{spec: "xri-1.0-rc2 §2.4.5 Table 3: ./ in absolute XRIs", in: "xri:@example/./abc", want: "XRI033:info", canon: "xri:@example/abc"},
	{spec: "xri-1.0-rc2 §2.4.5 Table 3: ../ in absolute XRIs", in: "xri:@example/a/../abc", want: "XRI033:info", canon: "xri:@example/abc"},
	{spec: "xri-1.0-rc2 §2.4.5 Table 3: ./ in a relative XRI is not reported", in: "./abc", bare: true, not: "XRI033"},
	{spec: "xri-1.0-rc2 §2.4.2 NFC (§2.2.4.3 step 1)", in: "xri:@cafe\u0301", want: "XRI035:info", not: errorRules, canon: "xri:@caf\u00e9"},
}}

// Appendix C: HTTP URIs turned into XRIs, and their traps.
var rc2AppC = section{name: "xri-1.0-rc2 Appendix C", profile: RC2, cases: []lintCase{
	{spec: "xri-1.0-rc2 Appendix C \"xri://@example.com/example1\" misleads", in: "xri://@example.com/example1", want: "XRI022:warning", exact: true},
	{spec: "xri-1.0-rc2 Appendix C \"=bob@example.com\" misleads", in: "xri://=bob@example.com/example1", want: "XRI022:warning", exact: true},
	{spec: "xri-1.0-rc2 Appendix C a plain user name does not", in: "xri://bob@example.com/example1", exact: true},
	{spec: "xri-1.0-rc2 Appendix C an HTTP colon becomes a delimiter", in: "xri://www.example.com/example1:example2", exact: true},
	{spec: "xri-1.0-rc2 Appendix C xri:// with an empty userinfo and host", in: "xri://@", want: "XRI022:warning"},
}}

// Appendix A, read against xri-2.0: XRI 2.0 text under the rc2 profile.
var rc2Profile = section{name: "xri-1.0-rc2 Appendix A", profile: RC2, cases: []lintCase{
	{spec: "xri-1.0-rc2 Appendix A: xri:// + \"=\" is no URI authority; XRI 2.0 syntax", in: "xri://=name", want: "XRI020:warning", exact: true, canon: "xri://=name"},
	{spec: "xri-1.0-rc2 Appendix A: \"*\" in a host; XRI 2.0 syntax", in: "xri://@org*dept", want: "XRI020:warning", exact: true},
	{spec: "xri-1.0-rc2 Appendix A: \"$\" and \"(\" in a host; XRI 2.0 syntax", in: "xri://$xrd*($v*2.0)", want: "XRI020:warning", exact: true},
	{spec: "xri-1.0-rc2 Appendix A: XRI 2.0 global i-number", in: "xri://!!1003!103", want: "XRI020:warning", exact: true},
	{spec: "xri-1.0-rc2 Appendix A: XRI 2.0 cross-reference glued to text", in: "=name*(+x)", bare: true, want: "XRI020:warning", exact: true},
	{spec: "xri-1.0-rc2 Appendix A: invalid under both profiles stays an error", in: "xri://a b", want: "XRI004:error", not: "XRI020"},
	{spec: "xri-1.0-rc2 Appendix A: a bad host name is no sign of XRI 2.0", in: "xri://www.exa_mple.com/", want: "XRI009:error", not: "XRI020"},
	{spec: "xri-1.0-rc2 Appendix A: XRI 1.0 syntax is not reported", in: "xri:@example", not: "XRI020"},
	{spec: "xri-1.0-rc2 Appendix A: length bounded by idlint", in: "xri:@a/" + strings.Repeat("a", MaxLength), want: "XRI013:error"},
}}

func TestRC2(t *testing.T) {
	runSections(t, &rc2Sec112, &rc2Table1, &rc2Sec21, &rc2Sec2111, &rc2Sec2113, &rc2Sec2114, &rc2Sec2115,
		&rc2Sec212, &rc2Sec213, &rc2Sec214, &rc2Sec22, &rc2Sec233, &rc2Sec24, &rc2AppC, &rc2Profile)
}
