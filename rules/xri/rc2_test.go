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
var rc2Sec112 = section{Name: "xri-1.0-rc2 §1.1.2", Profile: RC2, Cases: []lintCase{
	{Spec: "xri-1.0-rc2 §1.1.2 standard HTTP URI converted to an XRI", In: "xri://www.example.com/pages/index.html", Exact: true},
	{Spec: "xri-1.0-rc2 §1.1.2 IPv6 authority per RFC 2732", In: "xri://[2010:836B:4179::836B:4179]/pages/index.html", Want: "XRI031:info", Exact: true,
		Canon: "xri://[2010:836b:4179::836b:4179]/pages/index.html"},
	{Spec: "xri-1.0-rc2 §1.1.2 delegation of reassignable identifiers", In: "xri://www.example.com/inventory.parts/widget.subwidget.foobarator", Exact: true},
	{Spec: "xri-1.0-rc2 §1.1.2 delegation of persistent identifiers", In: "xri://www.example.com/:inventory:parts/:12:7:234", Exact: true},
	{Spec: "xri-1.0-rc2 §1.1.2 global context symbols", In: "xri:@ExampleCorp", Want: "XRI031:info", Exact: true, Canon: "xri:@examplecorp"},
	{Spec: "xri-1.0-rc2 §1.1.2 global context symbols", In: "xri:@ExampleCorp.www", Want: "XRI031:info", Exact: true},
	{Spec: "xri-1.0-rc2 §1.1.2 global context symbols", In: "xri:@ExampleCorp.website", Want: "XRI031:info", Exact: true},
	{Spec: "xri-1.0-rc2 §1.1.2 global context symbols", In: "xri:=JohnDoe", Want: "XRI031:info", Exact: true},
	{Spec: "xri-1.0-rc2 §1.1.2 global context symbols", In: "xri:=JohnDoe.home", Want: "XRI031:info", Exact: true},
	{Spec: "xri-1.0-rc2 §1.1.2 global context symbols", In: "xri:=JohnDoe.work", Want: "XRI031:info", Exact: true},
	{Spec: "xri-1.0-rc2 §1.1.2 global context symbols", In: "xri:+flowers", Exact: true},
	{Spec: "xri-1.0-rc2 §1.1.2 global context symbols", In: "xri:+flowers.rose", Exact: true},
	{Spec: "xri-1.0-rc2 §1.1.2 global context symbols", In: "xri:+flowers.daisy", Exact: true},
	{Spec: "xri-1.0-rc2 §1.1.2 cross-references", In: "xri://www.example.com/(+management)/(+CEO)", Exact: true},
	{Spec: "xri-1.0-rc2 §1.1.2 cross-references", In: "xri:(urn:oasis:spec:2040)/(+index)", Want: "XRI034:info", Exact: true},
	{Spec: "xri-1.0-rc2 §1.1.2 cross-references", In: "xri:(mailto:john.doe@example.com)/(+phone)", Want: "XRI034:info", Exact: true},
	{Spec: "xri-1.0-rc2 §1.1.2 cross-references", In: "xri:=JohnDoe.home/(+email)", Want: "XRI031:info", Exact: true},
	{Spec: "xri-1.0-rc2 §1.1.2 cross-references", In: "xri:=JohnDoe.home/(+email).($v/3)", Want: "XRI031:info", Exact: true},
	{Spec: "xri-1.0-rc2 §1.1.2 self-references", In: "xri:(+flowers.rose)", Want: "XRI034:info", Exact: true},
	{Spec: "xri-1.0-rc2 §1.1.2 self-references (the copy lost the line's start \"xri:(\")", In: "xri:(xri://www.example.com/dictionary/flowers/rose)", Want: "XRI034:info", Exact: true},
	{Spec: "xri-1.0-rc2 §1.1.2 self-references, as the damaged copy prints it", In: "xri://www.example.com/dictionary/flowers/rose)", Want: "XRI006:error"},
	{Spec: "xri-1.0-rc2 §1.1.2 self-references", In: "xri:(http://www.example.com/dictionary/flowers/rose)", Want: "XRI034:info", Exact: true},
}}

// Table 1 (§1.1.2): internationalized XRIs. The copy puts a space before
// the last "/" of the Hebrew and Kanji rows (a table-extraction artifact:
// a space is an excluded character, §2.2.5); the rows are read without it,
// and the printed form is checked to be invalid.
var rc2Table1 = section{Name: "xri-1.0-rc2 Table 1", Profile: RC2, Cases: []lintCase{
	{Spec: "xri-1.0-rc2 Table 1 French", In: "xri:@ALaFrançaise/areté", Want: "XRI031:info", Exact: true, Canon: "xri:@alafrançaise/areté"},
	{Spec: "xri-1.0-rc2 Table 1 Hebrew (URI authority with IDN labels)", In: "xri://אג.גה.הפ/גח/ט'/גז.html", Exact: true},
	{Spec: "xri-1.0-rc2 Table 1 Hebrew, as printed with a space", In: "xri://אג.גה.הפ/גח/ט' /גז.html", Want: "XRI004:error"},
	{Spec: "xri-1.0-rc2 Table 1 Kanji", In: "xri:=崎村夏彦/(+本籍地)", Exact: true},
	{Spec: "xri-1.0-rc2 Table 1 Kanji, as printed with a space", In: "xri:=崎村夏彦/ (+本籍地)", Want: "XRI004:error"},
}}

// §2.1: XRI = absolute-xri / relative-xri; absolute-xri = "xri:" global-path.
var rc2Sec21 = section{Name: "xri-1.0-rc2 §2.1", Profile: RC2, Cases: []lintCase{
	{Spec: "xri-1.0-rc2 §2.1 absolute-xri", In: "xri:@example", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1 absolute-xri = \"xri:\" global-path: an authority is required", In: "xri:", Want: "XRI002:error"},
	{Spec: "xri-1.0-rc2 §2.1 absolute-xri = \"xri:\" global-path: an authority is required", In: "xri:/a/b", Want: "XRI002:error"},
	{Spec: "xri-1.0-rc2 §2.1 absolute-xri = \"xri:\" global-path: an authority is required", In: "xri:example.com/x", Want: "XRI002:error"},
	{Spec: "xri-1.0-rc2 §2.1 the scheme \"xri:\"", In: "urn:example:a", Want: "XRI001:error"},
	{Spec: "xri-1.0-rc2 §2.1 the scheme \"xri:\"", In: "=JohnDoe", Want: "XRI001:error"},
	{Spec: "xri-1.0-rc2 §2.1 relative-xri = relative-path", In: "g/h", Bare: true, Exact: true},
	{Spec: "xri-1.0-rc2 §2.1 relative-xri = local-path", In: "/g/h", Bare: true, Exact: true},
	{Spec: "xri-1.0-rc2 §2.1 relative-path = *( [ \".\" ] \"/\" ) xri-segments", In: "./g/h", Bare: true, Exact: true},
	{Spec: "xri-1.0-rc2 §2.1 relative-xri [ query-frag ]", In: "g?y#s", Bare: true, Exact: true},
	{Spec: "xri-1.0-rc2 §2.1 xri-value in a cross-reference: global-path", In: "xri:@a/(+b)", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1 xri-value in a cross-reference: local-path", In: "xri:@a/(/b/c)", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1 xri-value in a cross-reference: relative-path", In: "xri:@a/(.b/c)", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1 xri-value in a cross-reference: URI authority", In: "xri:@a/(//example.com/b)", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1 xri-value in a cross-reference: query-frag only", In: "xri:@a/(?q=1)", Exact: true},
}}

// §2.1.1.1 URI authority = "//" [userinfo "@"] host [":" port]; a hostname
// MUST meet rfc2396 §3.2.2 after ToASCII.
var rc2Sec2111 = section{Name: "xri-1.0-rc2 §2.1.1.1", Profile: RC2, Cases: []lintCase{
	{Spec: "xri-1.0-rc2 §2.1.1.1 userinfo", In: "xri://bob@www.example.com/", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.1 userinfo = *(unreserved / escaped / ; : & = + $ ,)", In: "xri://bob;auth=x:y&z+$,@example.com:8080/a", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.1 userinfo excludes \"[\"", In: "xri://a[b@example.com/", Want: "XRI005:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.1 userinfo excludes space", In: "xri://a b@example.com/", Want: "XRI004:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.1 host may be omitted", In: "xri:///path", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.1 port = *DIGIT", In: "xri://example.com:8080", Exact: true, Canon: "xri://example.com:8080"},
	{Spec: "xri-1.0-rc2 §2.1.1.1 port = *DIGIT may be empty; no default port, so it is kept", In: "xri://example.com:/x", Exact: true, Canon: "xri://example.com:/x"},
	{Spec: "xri-1.0-rc2 §2.1.1.1 port = *DIGIT", In: "xri://example.com:http/", Want: "XRI010:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.1 IPv4address", In: "xri://192.168.0.1/x", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.1 dec-octet ≤ 255; then a hostname whose top label starts with a digit", In: "xri://256.1.1.1/", Want: "XRI009:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.1 dec-octet has no leading zero", In: "xri://01.1.1.1/", Want: "XRI009:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.1 IPv6reference", In: "xri://[::1]/", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.1 IPv6 ls32 = IPv4address", In: "xri://[::ffff:1.2.3.4]/", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.1 IPv6address", In: "xri://[1:2:3]/", Want: "XRI009:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.1 IPv6address has no zone", In: "xri://[fe80::1%25eth0]/", Want: "XRI009:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.1 IPv6reference = \"[\" IPv6address \"]\"", In: "xri://[::1/", Want: "XRI009:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.1 hostname (rfc2396 §3.2.2)", In: "xri://www.exa_mple.com/", Want: "XRI009:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.1 hostname: no leading hyphen", In: "xri://-a.example.com/", Want: "XRI009:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.1 hostname: no trailing hyphen", In: "xri://a-.example.com/", Want: "XRI009:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.1 qualified = *( \".\" idomainlabel ) [ \".\" ]", In: "xri://example.com./", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.1 hostname: no empty label", In: "xri://a..com/", Want: "XRI009:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.1 hostname: labels of at most 63 octets", In: "xri://" + strings.Repeat("a", 64) + ".com/", Want: "XRI009:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.1 hostname: labels of at most 63 octets", In: "xri://" + strings.Repeat("a", 63) + ".com/", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.1 hostname: toplabel starts with a letter", In: "xri://www.example.123/", Want: "XRI009:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.1 hostname after ToASCII (not idomainlabel = 1*ucschar, which excludes ASCII)", In: "xri://bücher.example/", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.1 hostname after ToASCII", In: "xri://例え.テスト/", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.1 hostname after ToASCII: rfc3490 rejects the label", In: "xri://⒈example.com/", Want: "XRI009:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.1 hostname after ToASCII: the bidi rule", In: "xri://aא.com/", Want: "XRI009:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.1 hostname: no escapes", In: "xri://ex%41mple.com/", Want: "XRI009:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.1 hostname is case-insensitive (§2.4.1)", In: "xri://WWW.Example.COM/a", Want: "XRI031:info", Exact: true, Canon: "xri://www.example.com/a"},
}}

// §2.1.1.2–§2.1.1.3: XRI-authority = ( gcs-char xri-segment ) / xref-authority;
// gcs-char = "+" / "=" / "@" / "$" / "*" / "!".
var rc2Sec2113 = section{Name: "xri-1.0-rc2 §2.1.1.3", Profile: RC2, Cases: []lintCase{
	{Spec: "xri-1.0-rc2 §2.1.1.3 \"+\" general public", In: "xri:+flowers", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.3 \"=\" person", In: "xri:=john", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.3 \"@\" organization", In: "xri:@corp", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.3 \"$\" XRI metadata", In: "xri:$v.1", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.3 \"*\" user-relative", In: "xri:*home", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.3 \"!\" XRI author annotation", In: "xri:!note", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.3 a GCS before a cross-reference", In: "xri:=(http://www.my-website.com)/favorites.html", Exact: true, Not: "XRI034"},
	{Spec: "xri-1.0-rc2 §2.1.1.3 an xri-segment may be empty", In: "xri:@", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.3 \"#\" is no gcs-char", In: "xri:#x", Want: "XRI002:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.3 the optional leading dot of the authority's segment", In: "xri:@.corp", Want: "XRI032:info", Canon: "xri:@corp"},
}}

// §2.1.1.4: xref = "(" ( xri-value / URI ) ")"; an XRI value MUST start
// with a symbol; xref-authority = xref 1*( "." sub-segment / ":" sub-segment ).
var rc2Sec2114 = section{Name: "xri-1.0-rc2 §2.1.1.4", Profile: RC2, Cases: []lintCase{
	{Spec: "xri-1.0-rc2 §2.1.1.4 a URI as a global authority, with no sub-segment after it (accepted, noted)", In: "xri:(mailto:john.doe@example.com)/favorites/home", Want: "XRI034:info", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.4 xref-authority with its sub-segment", In: "xri:(mailto:john.doe@example.com).home/favorites", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.4 xref-authority with a colon sub-segment", In: "xri:(+flowers):1", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.4 an XRI value MUST start with a symbol", In: "xri:@example/(foo/bar)", Want: "XRI008:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.4 \"(.foo/bar)\" keeps its leading dot", In: "xri:@example/(.foo/bar)", Exact: true, Canon: "xri:@example/(.foo/bar)"},
	{Spec: "xri-1.0-rc2 §2.1.1.4 xref needs its \")\"", In: "xri:@example/(+email", Want: "XRI006:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.4 a \")\" closing nothing", In: "xri:@example/a)", Want: "XRI006:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.4 sub-segment = *xri-pchar / xref: not both", In: "xri:@a(+b)", Want: "XRI005:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.4 sub-segment = *xri-pchar / xref: not both", In: "xri:@a.(+b)c", Want: "XRI005:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.4 sub-segment = xref", In: "xri:@a.(+b).c", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.4 an empty cross-reference", In: "xri:@example/()", Want: "XRI023:warning"},
	{Spec: "xri-1.0-rc2 §2.1.1.4 URI cross-reference with balanced parentheses (rfc2396 mark)", In: "xri:@a/(http://example.com/a(b)c)", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.4 URI cross-reference: excluded characters", In: "xri:@a/(http://example.com/a b)", Want: "XRI004:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.4 nesting to any depth", In: "xri:@a/(+b/(+c/(+d/(+e))))", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.4 an XRI value with a query", In: "xri:@a/(+b?x=1)", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.4 an absolute XRI as cross-reference", In: "xri:@a/(xri:@b.c/d)", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.4 a cross-reference at any node", In: "xri:@a.(+b):(+c)/(+d).(+e)", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.4 nesting bounded by idlint at 32", In: "xri:@a/" + nest(32), Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.1.4 nesting bounded by idlint at 32", In: "xri:@a/" + nest(33), Want: "XRI007:error"},
	{Spec: "xri-1.0-rc2 §2.1.1.4 nesting bounded by idlint at 32", In: "xri:@a/" + strings.Repeat("(", 5000), Want: "XRI007:error XRI006:error"},
}}

// nest returns n cross-references nested one in another: (+a/(+a/…)).
func nest(n int) string {
	return strings.Repeat("(+a/", n) + strings.Repeat(")", n)
}

// §2.1.1.5: a self-reference is the whole XRI value in parentheses.
var rc2Sec2115 = section{Name: "xri-1.0-rc2 §2.1.1.5", Profile: RC2, Cases: []lintCase{
	{Spec: "xri-1.0-rc2 §2.1.1.5 self-reference (accepted; the ABNF wants a sub-segment after the xref)", In: "xri:(+user-friendly)", Want: "XRI034:info", Exact: true},
}}

// §2.1.2: xri-segment = ( [ "." ] sub-segment / ":" sub-segment ) *( "." sub-segment / ":" sub-segment );
// xri-pchar = xri-unreserved / escaped / ";" / "!" / "*" / "@" / "&" / "=" / "+" / "$" / ",".
var rc2Sec212 = section{Name: "xri-1.0-rc2 §2.1.2", Profile: RC2, Cases: []lintCase{
	{Spec: "xri-1.0-rc2 §2.1.2 dot and colon sub-segments", In: "xri:@example/a.b:c", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.2 colon segments", In: "xri:@example/:12:7:234", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.2 xri-pchar", In: "xri:@example/;!*@&=+$,-_~'", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.2 a dot used as data MUST be escaped", In: "xri:@example/a%2Eb", Exact: true, Canon: "xri:@example/a%2Eb"},
	{Spec: "xri-1.0-rc2 §2.1.2 \"[\" is not an xri-pchar", In: "xri:@example/a[1]", Want: "XRI005:error"},
	{Spec: "xri-1.0-rc2 §2.1.2 the default is a dot segment: no leading dot required", In: "xri:@example/.abc", Want: "XRI032:info", Canon: "xri:@example/abc"},
	{Spec: "xri-1.0-rc2 §2.1.2 the dot before an empty sub-segment is not optional", In: "xri:@example/..abc", Not: "XRI032 XRI033", Canon: "xri:@example/..abc"},
	{Spec: "xri-1.0-rc2 §2.1.2 empty segments", In: "xri:@example//a/", Exact: true},
}}

// §2.1.3 xri-query = [ xref ] *( pchar / "/" / "?" ); §2.1.4 xri-fragment = [ xref ] *( pchar / "/" / "?" ).
var rc2Sec213 = section{Name: "xri-1.0-rc2 §2.1.3", Profile: RC2, Cases: []lintCase{
	{Spec: "xri-1.0-rc2 §2.1.3 a query beginning with a cross-reference", In: "xri:@example/a?(+meta)x=1", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.3 pchar holds parentheses (rfc2396 mark)", In: "xri:@example/a?x=(y)/z?w", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.3 pchar has no \"[\"", In: "xri:@example/a?x=[1]", Want: "XRI005:error"},
	{Spec: "xri-1.0-rc2 §2.1.3 space is excluded", In: "xri:@example/a?x y", Want: "XRI004:error"},
	{Spec: "xri-1.0-rc2 §2.1.3 ucschar in a query (the IRI character set, §2.2)", In: "xri:@example/a?q=été", Exact: true},
}}

var rc2Sec214 = section{Name: "xri-1.0-rc2 §2.1.4", Profile: RC2, Cases: []lintCase{
	{Spec: "xri-1.0-rc2 §2.1.4 a fragment beginning with a cross-reference", In: "xri:@example/a#(+type)frag", Exact: true},
	{Spec: "xri-1.0-rc2 §2.1.4 \"#\" is not allowed in a fragment", In: "xri:@example/a#b#c", Want: "XRI005:error"},
	{Spec: "xri-1.0-rc2 §2.1.4 an empty fragment", In: "xri:@example/a#", Exact: true},
}}

// §2.2: characters.
var rc2Sec22 = section{Name: "xri-1.0-rc2 §2.2", Profile: RC2, Cases: []lintCase{
	{Spec: "xri-1.0-rc2 §2.2.1 %FC is not UTF-8", In: "xri:@example/m%FCller", Want: "XRI011:error"},
	{Spec: "xri-1.0-rc2 §2.2.1 a truncated UTF-8 sequence", In: "xri:@example/%C3", Want: "XRI011:error"},
	{Spec: "xri-1.0-rc2 §2.2.1 a broken UTF-8 sequence", In: "xri:@example/%C3%28", Want: "XRI011:error"},
	{Spec: "xri-1.0-rc2 §2.2.1 an overlong UTF-8 sequence", In: "xri:@example/%C0%AE", Want: "XRI011:error"},
	{Spec: "xri-1.0-rc2 §2.2.1 UTF-8 escapes of a ucschar are valid (and unnecessary, §2.2.3)", In: "xri:@example/m%C3%BCller", Want: "XRI024:warning", Not: errorRules, Canon: "xri:@example/müller"},
	{Spec: "xri-1.0-rc2 §2.2.1 raw octets that are not UTF-8", In: "xri:@example/caf\xe9", Want: "XRI004:error"},
	{Spec: "xri-1.0-rc2 §2.2.2 reserved characters escaped as data", In: "xri:@example/a%2Fb%3Fc%23d%28e%29%2A%21%3A", Exact: true},
	{Spec: "xri-1.0-rc2 §2.2.3 escaping unreserved characters should be avoided", In: "xri:@ex%61mple", Want: "XRI024:warning", Canon: "xri:@example"},
	{Spec: "xri-1.0-rc2 §2.2.3 xri-mark \"'\" is unreserved", In: "xri:@example/%27", Want: "XRI024:warning", Canon: "xri:@example/'"},
	{Spec: "xri-1.0-rc2 §2.2.3 ucschar (plane 1)", In: "xri:@example/\U00010000", Exact: true},
	{Spec: "xri-1.0-rc2 §2.2.3 ucschar ends at 1FFFD (the printed %x10000-1FFFFD is a typo)", In: "xri:@example/\U0001FFFE", Want: "XRI004:error"},
	{Spec: "xri-1.0-rc2 §2.2.3 ucschar excludes the private use area", In: "xri:@example/\uE000", Want: "XRI004:error"},
	{Spec: "xri-1.0-rc2 §2.2.3 ucschar excludes E0000-E0FFF", In: "xri:@example/\U000E0001", Want: "XRI004:error"},
	{Spec: "xri-1.0-rc2 §2.2.3 ucschar excludes noncharacters FDD0-FDEF", In: "xri:@example/\uFDD0", Want: "XRI004:error"},
	{Spec: "xri-1.0-rc2 §2.2.3 ucschar excludes C1 controls", In: "xri:@example/\u0085", Want: "XRI004:error"},
	{Spec: "xri-1.0-rc2 §2.2.4.1 escaped = \"%\" HEXDIG HEXDIG", In: "xri:@example/100%", Want: "XRI003:error"},
	{Spec: "xri-1.0-rc2 §2.2.4.1 escaped = \"%\" HEXDIG HEXDIG", In: "xri:@example/a%zz", Want: "XRI003:error"},
	{Spec: "xri-1.0-rc2 §2.2.4.1 uppercase digits SHOULD be used", In: "xri:@example/a%2fb", Want: "XRI025:warning", Canon: "xri:@example/a%2Fb"},
	{Spec: "xri-1.0-rc2 §2.2.5 excluded delims", In: "xri:@example/a<b>", Want: "XRI004:error"},
	{Spec: "xri-1.0-rc2 §2.2.5 excluded unwise", In: "xri:@example/{a}|b\\c^d`", Want: "XRI004:error"},
	{Spec: "xri-1.0-rc2 §2.2.5 excluded DQUOTE", In: "xri:@example/\"q\"", Want: "XRI004:error"},
	{Spec: "xri-1.0-rc2 §2.2.5 excluded CTL", In: "xri:@example/a\tb", Want: "XRI004:error"},
	{Spec: "xri-1.0-rc2 §2.2.5 whitespace SHOULD be avoided (no-break space is a ucschar)", In: "xri:@example/a\u00a0b", Want: "XRI026:warning", Not: errorRules, Canon: "xri:@example/a%C2%A0b"},
	{Spec: "xri-1.0-rc2 §2.2.5 invisible format characters", In: "xri:@exa\u200bmple", Want: "XRI026:warning", Not: errorRules},
	{Spec: "xri-1.0-rc2 §2.2.5 look-alikes should be avoided (full-width forms)", In: "xri:@ｅｘａｍｐｌｅ", Want: "XRI027:info", Not: errorRules},
}}

// §2.3.3: a colon in the first segment of a relative XRI.
var rc2Sec233 = section{Name: "xri-1.0-rc2 §2.3.3", Profile: RC2, Cases: []lintCase{
	{Spec: "xri-1.0-rc2 §2.3.3 \"foo:bar\" must be rewritten", In: "foo:bar", Bare: true, Want: "XRI012:error"},
	{Spec: "xri-1.0-rc2 §2.3.3 \".foo:bar\"", In: ".foo:bar", Bare: true, Exact: true, Canon: ".foo:bar"},
	{Spec: "xri-1.0-rc2 §2.3.3 \"./foo:bar\"", In: "./foo:bar", Bare: true, Exact: true, Canon: ".foo:bar"},
	{Spec: "xri-1.0-rc2 §2.3.3 \"foo.bar:baz\" must be rewritten", In: "foo.bar:baz", Bare: true, Want: "XRI012:error"},
	{Spec: "xri-1.0-rc2 §2.3.3 \".foo.bar:baz\"", In: ".foo.bar:baz", Bare: true, Exact: true},
	{Spec: "xri-1.0-rc2 §2.3.3 a colon after the first \"/\" is fine", In: "a/b:c", Bare: true, Exact: true},
	{Spec: "xri-1.0-rc2 §2.3.3 the leading dot of the first relative segment is optional without a colon", In: ".g", Bare: true, Want: "XRI032:info", Canon: "g"},
}}

// §2.4: normalization and comparison findings.
var rc2Sec24 = section{Name: "xri-1.0-rc2 §2.4", Profile: RC2, Cases: []lintCase{
	{Spec: "xri-1.0-rc2 §2.4.1 the scheme is case-insensitive", In: "XRI:@example", Want: "XRI031:info", Not: errorRules, Canon: "xri:@example"},
	{Spec: "xri-1.0-rc2 §2.4.5 Table 3: add the optional scheme", In: "@example", Bare: true, Want: "XRI030:info", Exact: true, Canon: "xri:@example"},
	{Spec: "xri-1.0-rc2 §2.4.5 Table 3: a relative XRI has no scheme to add", In: "g/h", Bare: true, Not: "XRI030"},
	{Spec: "xri-1.0-rc2 §2.4.5 Table 3: ./ in absolute XRIs", In: "xri:@example/./abc", Want: "XRI033:info", Canon: "xri:@example/abc"},
	{Spec: "xri-1.0-rc2 §2.4.5 Table 3: ../ in absolute XRIs", In: "xri:@example/a/../abc", Want: "XRI033:info", Canon: "xri:@example/abc"},
	{Spec: "xri-1.0-rc2 §2.4.5 Table 3: ./ in a relative XRI is not reported", In: "./abc", Bare: true, Not: "XRI033"},
	{Spec: "xri-1.0-rc2 §2.4.2 NFC (§2.2.4.3 step 1)", In: "xri:@cafe\u0301", Want: "XRI035:info", Not: errorRules, Canon: "xri:@caf\u00e9"},
}}

// Appendix C: HTTP URIs turned into XRIs, and their traps.
var rc2AppC = section{Name: "xri-1.0-rc2 Appendix C", Profile: RC2, Cases: []lintCase{
	{Spec: "xri-1.0-rc2 Appendix C \"xri://@example.com/example1\" misleads", In: "xri://@example.com/example1", Want: "XRI022:warning", Exact: true},
	{Spec: "xri-1.0-rc2 Appendix C \"=bob@example.com\" misleads", In: "xri://=bob@example.com/example1", Want: "XRI022:warning", Exact: true},
	{Spec: "xri-1.0-rc2 Appendix C a plain user name does not", In: "xri://bob@example.com/example1", Exact: true},
	{Spec: "xri-1.0-rc2 Appendix C an HTTP colon becomes a delimiter", In: "xri://www.example.com/example1:example2", Exact: true},
	{Spec: "xri-1.0-rc2 Appendix C xri:// with an empty userinfo and host", In: "xri://@", Want: "XRI022:warning"},
}}

// Appendix A, read against xri-2.0: XRI 2.0 text under the rc2 profile.
var rc2Profile = section{Name: "xri-1.0-rc2 Appendix A", Profile: RC2, Cases: []lintCase{
	{Spec: "xri-1.0-rc2 Appendix A: xri:// + \"=\" is no URI authority; XRI 2.0 syntax", In: "xri://=name", Want: "XRI020:error", Exact: true, Canon: "xri://=name"},
	{Spec: "xri-1.0-rc2 Appendix A: \"*\" in a host; XRI 2.0 syntax", In: "xri://@org*dept", Want: "XRI020:error", Exact: true},
	{Spec: "xri-1.0-rc2 Appendix A: \"$\" and \"(\" in a host; XRI 2.0 syntax", In: "xri://$xrd*($v*2.0)", Want: "XRI020:error", Exact: true},
	{Spec: "xri-1.0-rc2 Appendix A: XRI 2.0 global i-number", In: "xri://!!1003!103", Want: "XRI020:error", Exact: true},
	{Spec: "xri-1.0-rc2 Appendix A: XRI 2.0 cross-reference glued to text", In: "=name*(+x)", Bare: true, Want: "XRI020:error", Exact: true},
	{Spec: "xri-1.0-rc2 Appendix A: invalid under both profiles stays an error", In: "xri://a b", Want: "XRI004:error", Not: "XRI020"},
	{Spec: "xri-1.0-rc2 Appendix A: a bad host name is no sign of XRI 2.0", In: "xri://www.exa_mple.com/", Want: "XRI009:error", Not: "XRI020"},
	{Spec: "xri-1.0-rc2 Appendix A: XRI 1.0 syntax is not reported", In: "xri:@example", Not: "XRI020"},
	{Spec: "xri-1.0-rc2 Appendix A: length bounded by idlint", In: "xri:@a/" + strings.Repeat("a", MaxLength), Want: "XRI013:error"},
}}

func TestRC2(t *testing.T) {
	harness.RunSections(t, &rc2Sec112, &rc2Table1, &rc2Sec21, &rc2Sec2111, &rc2Sec2113, &rc2Sec2114, &rc2Sec2115,
		&rc2Sec212, &rc2Sec213, &rc2Sec214, &rc2Sec22, &rc2Sec233, &rc2Sec24, &rc2AppC, &rc2Profile)
}
