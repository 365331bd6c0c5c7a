package xri

import "testing"

// Tables read from the XRI Syntax 2.0 ABNF (OASIS committee specification,
// 14 November 2005; its text is not in shared/specs, the issue and the
// ABNF as the XRI TC published it are the source):
//
//	XRI            = [ "xri://" ] xri-hier-part [ "?" iquery ] [ "#" ifragment ]
//	xri-hier-part  = ( xri-authority / iauthority ) xri-path-abempty
//	xri-authority  = gcs-authority / xref-authority
//	pgcs-authority = "!" xri-subseg-pt-nz *xri-subseg
//	rgcs-authority = rgcs-char xri-segment      ; rgcs-char = "=" / "@" / "+" / "$"
//	xref-authority = xref *xri-subseg
//	xref           = "(" ( XRI-reference / IRI ) ")"
//	xri-subseg     = ( "*" / "!" ) ( xref / *xri-pchar )
//	xri-pchar      = iunreserved / pct-encoded / xri-sub-delims / ":"
//	xri-sub-delims = "&" / ";" / "," / "'"
//	xri-path-noscheme = xri-subseg-od-nx *xri-subseg-nc *( "/" xri-segment )
var v2ABNF = section{name: "xri-2.0 ABNF", profile: V2, cases: []lintCase{
	{spec: "xri-2.0 ABNF rgcs-authority", in: "xri://=name", exact: true, canon: "xri://=name"},
	{spec: "xri-2.0 ABNF rgcs-authority with a reassignable sub-segment", in: "xri://@org*dept", exact: true},
	{spec: "xri-2.0 ABNF rgcs-authority with a cross-reference (XRDS namespace)", in: "xri://$xrd*($v*2.0)", exact: true},
	{spec: "xri-2.0 ABNF rgcs-authority: the segment may be empty", in: "xri://@", exact: true},
	{spec: "xri-2.0 ABNF rgcs-authority: the segment may be empty", in: "xri://=", exact: true},
	{spec: "xri-2.0 ABNF i-number: \".\" is an ordinary character", in: "xri://=!F83.62B1.44F.2813", exact: true, canon: "xri://=!F83.62B1.44F.2813"},
	{spec: "xri-2.0 ABNF i-number with two persistent sub-segments", in: "xri://@!5BAD.2AA.3C72.AF46!0000.0000.3B9A.CA01", exact: true},
	{spec: "xri-2.0 ABNF pgcs-authority", in: "xri://!!1003!103", exact: true},
	{spec: "xri-2.0 ABNF pgcs-authority = \"!\" xri-subseg-pt-nz", in: "xri://!1003", want: "XRI014:error"},
	{spec: "xri-2.0 ABNF pgcs-authority: xri-subseg-pt-nz is not empty", in: "xri://!!", want: "XRI014:error"},
	{spec: "xri-2.0 ABNF xref-authority = xref *xri-subseg", in: "xri://(+wdnc)", exact: true},
	{spec: "xri-2.0 ABNF xref-authority with a sub-segment", in: "xri://(http://example.com)*home", exact: true},
	{spec: "xri-2.0 ABNF cross-references nested", in: "xri://+i-service*(+contact)*($v*1.0)", exact: true},
	{spec: "xri-2.0 ABNF xref = \"(\" ( XRI-reference / IRI ) \")\": XRI-reference may be empty", in: "xri://@a*()", exact: true},
	{spec: "xri-2.0 ABNF \".\" and \":\" are xri-pchar", in: "xri://@a.b:c/d.e:f", exact: true},
	{spec: "xri-2.0 ABNF \"=\" is a gen-delim, not an xri-pchar", in: "xri://@a=b", want: "XRI005:error"},
	{spec: "xri-2.0 ABNF a sub-segment is text or one cross-reference", in: "xri://@a*b(c)", want: "XRI005:error"},
	{spec: "xri-2.0 ABNF iauthority", in: "xri://www.example.com/a*b", exact: true},
	{spec: "xri-2.0 ABNF iauthority with port", in: "xri://www.example.com:8080/a", exact: true},
	{spec: "xri-2.0 ABNF iauthority: IPvFuture", in: "xri://[v1.fe]/a", exact: true},
	{spec: "xri-2.0 ABNF iauthority: ireg-name is not a DNS name", in: "xri://www.exa_mple.com/", want: "XRI009:warning", not: "XRI002 XRI004 XRI005"},
	{spec: "xri-2.0 ABNF iauthority: IDN host", in: "xri://bücher.example/a", exact: true},
	{spec: "xri-2.0 ABNF XRI = [ \"xri://\" ] …: \"xri:\" alone is not enough; rc2 reads it", in: "xri:=JohnDoe.home", want: "XRI021:warning", exact: true, canon: "xri:=johndoe.home"},
	{spec: "xri-2.0 ABNF XRI = [ \"xri://\" ] …: neither profile reads it", in: "xri:foo", want: "XRI002:error", not: "XRI021"},
	{spec: "xri-2.0 ABNF \"@\" in a sub-segment, which rc2 reads as userinfo: no sign of 1.0 syntax", in: "xri://=bob@example.com/x", want: "XRI005:error", not: "XRI021"},
	{spec: "xri-2.0 ABNF iquery", in: "xri://@a?x=(y)&z=1/2?3", exact: true},
	{spec: "xri-2.0 ABNF iquery allows iprivate", in: "xri://@a?\uE000", exact: true},
	{spec: "xri-2.0 ABNF ifragment does not", in: "xri://@a#\uE000", want: "XRI004:error"},
	{spec: "xri-2.0 ABNF iunreserved: \"%2E\" stays escaped (it could form a dot-segment)", in: "xri://@a/%2E", exact: true, canon: "xri://@a/%2E"},
	{spec: "xri-2.0 ABNF iunreserved: \"%7E\" is unnecessary", in: "xri://@a/%7E", want: "XRI024:warning", canon: "xri://@a/~"},
	{spec: "xri-2.0 ABNF escaped delimiters \"*\" \"!\" stay", in: "xri://@a/b%2Ac%21", exact: true, canon: "xri://@a/b%2Ac%21"},
	{spec: "xri-2.0 ABNF the scheme is case-insensitive", in: "XRI://@a", want: "XRI031:info", canon: "xri://@a"},
	{spec: "xri-2.0 ABNF the host is case-insensitive", in: "xri://WWW.Example.com/", want: "XRI031:info", canon: "xri://www.example.com/"},
	{spec: "xri-2.0 ABNF dot-segments in an absolute XRI", in: "xri://@a/b/../c", want: "XRI033:info", canon: "xri://@a/c"},
	// bare values, as XRDS documents write them
	{spec: "xri-2.0 ABNF XRI without \"xri://\": CanonicalID", in: "=!E4", bare: true, want: "XRI030:info", exact: true, canon: "xri://=!E4"},
	{spec: "xri-2.0 ABNF XRI without \"xri://\": CanonicalID", in: "@!5BAD.2AA.3C72.AF46!0000.0000.3B9A.CA01", bare: true, want: "XRI030:info", exact: true},
	{spec: "xri-2.0 ABNF xri-path-noscheme: LocalID", in: "!5BAD.2AA.3C72.AF46", bare: true, exact: true, canon: "!5BAD.2AA.3C72.AF46"},
	{spec: "xri-2.0 ABNF xri-path-noscheme: Query", in: "*ootao", bare: true, exact: true, canon: "*ootao"},
	{spec: "xri-2.0 ABNF xri-path-noscheme: no \":\" in the first segment", in: "a:b", bare: true, want: "XRI012:error"},
	{spec: "xri-2.0 ABNF xri-path-noscheme: a cross-reference cannot start it", in: "./(+x)", bare: true, exact: true, canon: "./(+x)"},
	{spec: "xri-2.0 ABNF xref-authority without \"xri://\": Type", in: "(+i-name)", bare: true, want: "XRI030:info", exact: true},
	{spec: "xri-2.0 ABNF rc2-only GCS \"*\" is a relative sub-segment", in: "*home", bare: true, not: "XRI030 " + errorRules},
	// the rules both profiles share (rfc3986/rfc3987 for what xri-2.0 inherits)
	{spec: "xri-2.0 ABNF XRI: the scheme", in: "=JohnDoe", want: "XRI001:error"},
	{spec: "xri-2.0 ABNF pct-encoded", in: "xri://@a/100%", want: "XRI003:error"},
	{spec: "xri-2.0 ABNF pct-encoded: lower-case hex", in: "xri://@a/b%2ac", want: "XRI025:warning", canon: "xri://@a/b%2Ac"},
	{spec: "xri-2.0 ABNF xref: unbalanced", in: "xri://@a*(+b", want: "XRI006:error"},
	{spec: "xri-2.0 ABNF xref: nesting bounded by idlint at 32", in: "xri://@a/" + nest(33), want: "XRI007:error"},
	{spec: "xri-2.0 ABNF port", in: "xri://example.com:x/", want: "XRI010:error"},
	{spec: "xri-2.0 ABNF pct-encoded UTF-8 (rfc3987 §3.2)", in: "xri://@a/%FC", want: "XRI011:error"},
	{spec: "xri-2.0 ABNF length bounded by idlint", in: "xri://@a/" + nest(1) + string(make([]byte, MaxLength)), want: "XRI013:error"},
	{spec: "xri-2.0 ABNF ucschar: invisible characters (rfc3987 §6.4)", in: "xri://@a*b\u2028c", want: "XRI026:warning", not: errorRules},
	{spec: "xri-2.0 ABNF ucschar: compatibility characters (rfc3987 §6.4)", in: "xri://@ｅｘａｍｐｌｅ", want: "XRI027:info", not: errorRules},
	{spec: "xri-2.0 ABNF NFC (rfc3987 §5.3.2.2)", in: "xri://@cafe\u0301", want: "XRI035:info", not: errorRules, canon: "xri://@caf\u00e9"},
}}

func TestV2(t *testing.T) {
	runSections(t, &v2ABNF)
}
