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
var v2ABNF = section{Name: "xri-2.0 ABNF", Profile: V2, Cases: []lintCase{
	{Spec: "xri-2.0 ABNF rgcs-authority", In: "xri://=name", Exact: true, Canon: "xri://=name"},
	{Spec: "xri-2.0 ABNF rgcs-authority with a reassignable sub-segment", In: "xri://@org*dept", Exact: true},
	{Spec: "xri-2.0 ABNF rgcs-authority with a cross-reference (XRDS namespace)", In: "xri://$xrd*($v*2.0)", Exact: true},
	{Spec: "xri-2.0 ABNF rgcs-authority: the segment may be empty", In: "xri://@", Exact: true},
	{Spec: "xri-2.0 ABNF rgcs-authority: the segment may be empty", In: "xri://=", Exact: true},
	{Spec: "xri-2.0 ABNF i-number: \".\" is an ordinary character", In: "xri://=!F83.62B1.44F.2813", Exact: true, Canon: "xri://=!F83.62B1.44F.2813"},
	{Spec: "xri-2.0 ABNF i-number with two persistent sub-segments", In: "xri://@!5BAD.2AA.3C72.AF46!0000.0000.3B9A.CA01", Exact: true},
	{Spec: "xri-2.0 ABNF pgcs-authority", In: "xri://!!1003!103", Exact: true},
	{Spec: "xri-2.0 ABNF pgcs-authority = \"!\" xri-subseg-pt-nz", In: "xri://!1003", Want: "XRI014:error"},
	{Spec: "xri-2.0 ABNF pgcs-authority: xri-subseg-pt-nz is not empty", In: "xri://!!", Want: "XRI014:error"},
	{Spec: "xri-2.0 ABNF xref-authority = xref *xri-subseg", In: "xri://(+wdnc)", Exact: true},
	{Spec: "xri-2.0 ABNF xref-authority with a sub-segment", In: "xri://(http://example.com)*home", Exact: true},
	{Spec: "xri-2.0 ABNF cross-references nested", In: "xri://+i-service*(+contact)*($v*1.0)", Exact: true},
	{Spec: "xri-2.0 ABNF xref = \"(\" ( XRI-reference / IRI ) \")\": XRI-reference may be empty", In: "xri://@a*()", Exact: true},
	{Spec: "xri-2.0 ABNF \".\" and \":\" are xri-pchar", In: "xri://@a.b:c/d.e:f", Exact: true},
	{Spec: "xri-2.0 ABNF \"=\" is a gen-delim, not an xri-pchar", In: "xri://@a=b", Want: "XRI005:error"},
	{Spec: "xri-2.0 ABNF a sub-segment is text or one cross-reference", In: "xri://@a*b(c)", Want: "XRI005:error"},
	{Spec: "xri-2.0 ABNF iauthority", In: "xri://www.example.com/a*b", Exact: true},
	{Spec: "xri-2.0 ABNF iauthority with port", In: "xri://www.example.com:8080/a", Exact: true},
	{Spec: "xri-2.0 ABNF iauthority: IPvFuture", In: "xri://[v1.fe]/a", Exact: true},
	{Spec: "xri-2.0 ABNF iauthority: ireg-name is not a DNS name", In: "xri://www.exa_mple.com/", Want: "XRI009:warning", Not: "XRI002 XRI004 XRI005"},
	{Spec: "xri-2.0 ABNF iauthority: IDN host", In: "xri://bücher.example/a", Exact: true},
	{Spec: "xri-2.0 ABNF XRI = [ \"xri://\" ] …: \"xri:\" alone is not enough; rc2 reads it", In: "xri:=JohnDoe.home", Want: "XRI021:error", Exact: true, Canon: "xri:=johndoe.home"},
	{Spec: "xri-2.0 ABNF XRI = [ \"xri://\" ] …: neither profile reads it", In: "xri:foo", Want: "XRI002:error", Not: "XRI021"},
	{Spec: "xri-2.0 ABNF \"@\" in a sub-segment, which rc2 reads as userinfo: no sign of 1.0 syntax", In: "xri://=bob@example.com/x", Want: "XRI005:error", Not: "XRI021"},
	{Spec: "xri-2.0 ABNF iquery", In: "xri://@a?x=(y)&z=1/2?3", Exact: true},
	{Spec: "xri-2.0 ABNF iquery allows iprivate", In: "xri://@a?\uE000", Exact: true},
	{Spec: "xri-2.0 ABNF ifragment does not", In: "xri://@a#\uE000", Want: "XRI004:error"},
	{Spec: "xri-2.0 ABNF iunreserved: \"%2E\" stays escaped (it could form a dot-segment)", In: "xri://@a/%2E", Exact: true, Canon: "xri://@a/%2E"},
	{Spec: "xri-2.0 ABNF iunreserved: \"%7E\" is unnecessary", In: "xri://@a/%7E", Want: "XRI024:warning", Canon: "xri://@a/~"},
	{Spec: "xri-2.0 ABNF escaped delimiters \"*\" \"!\" stay", In: "xri://@a/b%2Ac%21", Exact: true, Canon: "xri://@a/b%2Ac%21"},
	{Spec: "xri-2.0 ABNF the scheme is case-insensitive", In: "XRI://@a", Want: "XRI031:info", Canon: "xri://@a"},
	{Spec: "xri-2.0 ABNF the host is case-insensitive", In: "xri://WWW.Example.com/", Want: "XRI031:info", Canon: "xri://www.example.com/"},
	{Spec: "xri-2.0 ABNF dot-segments in an absolute XRI", In: "xri://@a/b/../c", Want: "XRI033:info", Canon: "xri://@a/c"},
	// bare values, as XRDS documents write them
	{Spec: "xri-2.0 ABNF XRI without \"xri://\": CanonicalID", In: "=!E4", Bare: true, Want: "XRI030:info", Exact: true, Canon: "xri://=!E4"},
	{Spec: "xri-2.0 ABNF XRI without \"xri://\": CanonicalID", In: "@!5BAD.2AA.3C72.AF46!0000.0000.3B9A.CA01", Bare: true, Want: "XRI030:info", Exact: true},
	{Spec: "xri-2.0 ABNF xri-path-noscheme: LocalID", In: "!5BAD.2AA.3C72.AF46", Bare: true, Exact: true, Canon: "!5BAD.2AA.3C72.AF46"},
	{Spec: "xri-2.0 ABNF xri-path-noscheme: Query", In: "*ootao", Bare: true, Exact: true, Canon: "*ootao"},
	{Spec: "xri-2.0 ABNF xri-path-noscheme: no \":\" in the first segment", In: "a:b", Bare: true, Want: "XRI012:error"},
	{Spec: "xri-2.0 ABNF xri-path-noscheme: a cross-reference cannot start it", In: "./(+x)", Bare: true, Exact: true, Canon: "./(+x)"},
	{Spec: "xri-2.0 ABNF xref-authority without \"xri://\": Type", In: "(+i-name)", Bare: true, Want: "XRI030:info", Exact: true},
	{Spec: "xri-2.0 ABNF rc2-only GCS \"*\" is a relative sub-segment", In: "*home", Bare: true, Not: "XRI030 " + errorRules},
	// the rules both profiles share (rfc3986/rfc3987 for what xri-2.0 inherits)
	{Spec: "xri-2.0 ABNF XRI: the scheme", In: "=JohnDoe", Want: "XRI001:error"},
	{Spec: "xri-2.0 ABNF pct-encoded", In: "xri://@a/100%", Want: "XRI003:error"},
	{Spec: "xri-2.0 ABNF pct-encoded: lower-case hex", In: "xri://@a/b%2ac", Want: "XRI025:warning", Canon: "xri://@a/b%2Ac"},
	{Spec: "xri-2.0 ABNF xref: unbalanced", In: "xri://@a*(+b", Want: "XRI006:error"},
	{Spec: "xri-2.0 ABNF xref: nesting bounded by idlint at 32", In: "xri://@a/" + nest(33), Want: "XRI007:error"},
	{Spec: "xri-2.0 ABNF port", In: "xri://example.com:x/", Want: "XRI010:error"},
	{Spec: "xri-2.0 ABNF pct-encoded UTF-8 (rfc3987 §3.2)", In: "xri://@a/%FC", Want: "XRI011:error"},
	{Spec: "xri-2.0 ABNF length bounded by idlint", In: "xri://@a/" + nest(1) + string(make([]byte, MaxLength)), Want: "XRI013:error"},
	{Spec: "xri-2.0 ABNF ucschar: invisible characters (rfc3987 §6.4)", In: "xri://@a*b\u2028c", Want: "XRI026:warning", Not: errorRules},
	{Spec: "xri-2.0 ABNF ucschar: compatibility characters (rfc3987 §6.4)", In: "xri://@ｅｘａｍｐｌｅ", Want: "XRI027:info", Not: errorRules},
	{Spec: "xri-2.0 ABNF NFC (rfc3987 §5.3.2.2)", In: "xri://@cafe\u0301", Want: "XRI035:info", Not: errorRules, Canon: "xri://@caf\u00e9"},
}}

func TestV2(t *testing.T) {
	harness.RunSections(t, &v2ABNF)
}
