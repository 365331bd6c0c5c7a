package urn

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ruletest"
)

// The namespace layer's tables, one per NID, each case citing the section
// its expectation is read from. The rules run under every profile.
func nsSection(name string, cases func(p string) []lintCase) section {
	return section{Name: name, Cases: ruletest.Cat(cases(RFC2141), cases(RFC2141bis03), cases(RFC8141))}
}

var nsUUID = nsSection("rfc9562", func(p string) []lintCase {
	return []lintCase{
		{Spec: "rfc9562 §4: 8-4-4-4-12 hex", Profile: p, In: "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", Not: "URN101 URN102"},
		{Spec: "rfc9562 §4: hex is case-insensitive on input", Profile: p, In: "urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6", Not: "URN101 URN102"},
		{Spec: "rfc9562 §4: not hex", Profile: p, In: "urn:uuid:not-a-uuid", Want: "URN101:error"},
		{Spec: "rfc9562 §4: hyphen-less form is not the string representation", Profile: p, In: "urn:uuid:f81d4fae7dec11d0a76500a0c91e6bf6", Want: "URN101:error"},
		{Spec: "rfc9562 §4: braced form is not the string representation", Profile: p, In: "urn:uuid:%7Bf81d4fae-7dec-11d0-a765-00a0c91e6bf6%7D", Want: "URN101:error"},
		{Spec: "rfc9562 §4: hyphens at 8, 13, 18, 23", Profile: p, In: "urn:uuid:f81d4fae7-dec-11d0-a765-00a0c91e6bf6", Want: "URN101:error"},
		{Spec: "rfc9562 §4: g is not hex", Profile: p, In: "urn:uuid:g81d4fae-7dec-11d0-a765-00a0c91e6bf6", Want: "URN101:error"},
		{Spec: "rfc9562 §5.9: the Nil UUID", Profile: p, In: "urn:uuid:00000000-0000-0000-0000-000000000000", Not: "URN101 URN102"},
		{Spec: "rfc9562 §5.10: the Max UUID", Profile: p, In: "urn:uuid:FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", Not: "URN101 URN102"},
		{Spec: "rfc9562 §4.1: NCS variant (0xxx)", Profile: p, In: "urn:uuid:12345678-1234-1234-1234-123456789abc", Want: "URN102:info"},
		{Spec: "rfc9562 §4.2: version 0 is not defined", Profile: p, In: "urn:uuid:12345678-1234-0234-8234-123456789abc", Want: "URN102:info"},
		{Spec: "rfc9562 §5.7: version 7, variant 10", Profile: p, In: "urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f", Not: "URN101 URN102"},
		{Spec: "rfc9562 §4.1: Microsoft variant (110x)", Profile: p, In: "urn:uuid:12345678-1234-4234-c234-123456789abc", Want: "URN102:info"},
	}
})

var nsOID = nsSection("rfc3061", func(p string) []lintCase {
	return []lintCase{
		{Spec: "rfc3061 §2: number *( DOT number )", Profile: p, In: "urn:oid:1.3.6.1.4.1.1466.115.121.1.26", Not: "URN103 URN104"},
		{Spec: "rfc3061 §2: a single number", Profile: p, In: "urn:oid:2", Not: "URN103 URN104"},
		{Spec: "rfc3061 §2: number = DIGIT: 0 is an arc", Profile: p, In: "urn:oid:0.0", Not: "URN103 URN104"},
		{Spec: "rfc3061 §2: empty arc", Profile: p, In: "urn:oid:1..3", Want: "URN103:error"},
		{Spec: "rfc3061 §2: trailing dot", Profile: p, In: "urn:oid:1.3.", Want: "URN103:error"},
		{Spec: "rfc3061 §2: leading dot", Profile: p, In: "urn:oid:.1.3", Want: "URN103:error"},
		{Spec: "rfc3061 §2: digits only", Profile: p, In: "urn:oid:x.x.x.x", Want: "URN103:error"},
		{Spec: "rfc3061 §2: LEADDIGIT 1*DIGIT, no leading zero", Profile: p, In: "urn:oid:1.02.3", Want: "URN103:error"},
		{Spec: "rfc3061 §2 and ITU-T X.660: root arcs 0, 1, 2", Profile: p, In: "urn:oid:3.1", Want: "URN104:warning"},
		{Spec: "rfc3061 §2 and ITU-T X.660: second arc ≤ 39 under 1", Profile: p, In: "urn:oid:1.40", Want: "URN104:warning"},
		{Spec: "rfc3061 §2 and ITU-T X.660: any second arc under 2", Profile: p, In: "urn:oid:2.999.1", Not: "URN104"},
	}
})

var nsIETF = nsSection("rfc2648", func(p string) []lintCase {
	return []lintCase{
		{Spec: "rfc2648 §2: rfc-nss = \"rfc:\" 1*DIGIT", Profile: p, In: "urn:ietf:rfc:2648", Not: "URN105 URN106 URN107"},
		{Spec: "rfc2648 §2: the entire URN is case-insensitive", Profile: p, In: "URN:IETF:RFC:2141", Not: "URN105 URN106"},
		{Spec: "rfc2648 §2: rfc-nss = \"rfc:\" 1*DIGIT", Profile: p, In: "urn:ietf:rfc:abc", Want: "URN105:error"},
		{Spec: "rfc2648 §2: bcp-nss needs digits", Profile: p, In: "urn:ietf:bcp:", Want: "URN105:error"},
		{Spec: "rfc2648 §2: std-nss needs a colon", Profile: p, In: "urn:ietf:std", Want: "URN105:error"},
		{Spec: "rfc2648 §2: draft-nss = \"id:\" string", Profile: p, In: "urn:ietf:id:draft-ietf-urnbis-rfc2141bis-urn-03", Not: "URN105"},
		{Spec: "rfc2648 §2: string = 1*(DIGIT / ALPHA / \"-\")", Profile: p, In: "urn:ietf:id:draft_x", Want: "URN105:error"},
		{Spec: "rfc2648 §2: mtg-nss = \"mtg:\" string", Profile: p, In: "urn:ietf:mtg:urn-44", Not: "URN105"},
	}
})

var nsIETFSub = nsSection("rfc6924", func(p string) []lintCase {
	return []lintCase{
		{Spec: "rfc6924 §2: rfc is registered", Profile: p, In: "urn:ietf:rfc:1", Not: "URN106"},
		{Spec: "rfc6924: the sub-namespace registry", Profile: p, In: "urn:ietf:wg:oauth:2.0:oob", Want: "URN106:warning", Not: "URN105"},
	}
})

var nsParams = nsSection("rfc3553", func(p string) []lintCase {
	return []lintCase{
		{Spec: "rfc3553 §3: registered class", Profile: p, In: "urn:ietf:params:xml:ns:netconf:base:1.0", Not: "URN105 URN106 URN107"},
		{Spec: "rfc3553 §3: registered class with a colon", Profile: p, In: "urn:ietf:params:capport:unrestricted", Not: "URN107"},
		{Spec: "rfc3553 §3: class not registered", Profile: p, In: "urn:ietf:params:oath:grant-type:jwt-bearer", Want: "URN107:warning"},
		{Spec: "rfc3553 §3: exact string match, XML is not xml", Profile: p, In: "urn:ietf:params:XML:ns:x", Want: "URN107:warning"},
	}
})

var nsISBN = nsSection("ISO 2108", func(p string) []lintCase {
	return []lintCase{
		{Spec: "ISO 2108 (rfc3187 §3): ISBN-10", Profile: p, In: "urn:isbn:0451450523", Not: "URN108 URN109"},
		{Spec: "ISO 2108 (rfc3187 §3): ISBN-10 with hyphens", Profile: p, In: "urn:isbn:0-395-36341-1", Not: "URN108 URN109"},
		{Spec: "ISO 2108: ISBN-10 check digit X", Profile: p, In: "urn:isbn:0-8044-2957-X", Not: "URN108 URN109"},
		{Spec: "ISO 2108: ISBN-10 check digit (mod 11)", Profile: p, In: "urn:isbn:0451450524", Want: "URN109:error"},
		{Spec: "ISO 2108 (2005): ISBN-13", Profile: p, In: "urn:isbn:978-0-395-36341-6", Not: "URN108 URN109"},
		{Spec: "ISO 2108 (2005): ISBN-13 check digit (EAN mod 10)", Profile: p, In: "urn:isbn:9780451450523", Want: "URN109:error"},
		{Spec: "ISO 2108 (2005): ISBN-13 prefix 978 or 979", Profile: p, In: "urn:isbn:9771234567890", Want: "URN108:error"},
		{Spec: "ISO 2108: 10 or 13 digits", Profile: p, In: "urn:isbn:123", Want: "URN108:error"},
		{Spec: "ISO 2108: digits only", Profile: p, In: "urn:isbn:abc", Want: "URN108:error"},
		{Spec: "ISO 2108 (isbn template v2, Syntax, Example 1: ISBN-10)", Profile: p, In: "URN:ISBN:951-0-18435-7", Not: "URN108 URN109"},
		{Spec: "ISO 2108 (isbn template v2, Syntax, Example 2: ISBN-13)", Profile: p, In: "URN:ISBN:978-951-0-18435-6", Not: "URN108 URN109"},
	}
})

var nsISSN = nsSection("issn template v2", func(p string) []lintCase {
	return []lintCase{
		{Spec: "issn template v2, Syntax (rfc3044 §2): NNNN-NNNC", Profile: p, In: "urn:issn:1234-5679", Not: "URN110 URN111"},
		{Spec: "issn template v2, Syntax (ISO 3297): check character X", Profile: p, In: "urn:issn:2434-561X", Not: "URN110 URN111"},
		{Spec: "issn template v2, Syntax (ISO 3297): mod 11 check", Profile: p, In: "urn:issn:1234-5678", Want: "URN111:error"},
		{Spec: "issn template v2, Syntax: 4DIGIT [\"-\"] 3DIGIT check; Resolution: the hyphen SHOULD be inserted", Profile: p, In: "urn:issn:12345679", Want: "URN125:warning", Not: "URN110 URN111"},
		{Spec: "issn template v2, Syntax: without the hyphen, still mod 11", Profile: p, In: "urn:issn:12345678", Want: "URN111:error URN125:warning"},
		{Spec: "issn template v2, Syntax: the hyphen between the 4th and 5th digits only", Profile: p, In: "urn:issn:123-45679", Want: "URN110:error", Not: "URN125"},
		{Spec: "issn template v2, Syntax: the hyphen kept", Profile: p, In: "urn:issn:0317-8471", Not: "URN110 URN111 URN125"},
		{Spec: "issn template v2, Syntax: eight characters", Profile: p, In: "urn:issn:1234-567", Want: "URN110:error"},
	}
})

func TestNamespaces(t *testing.T) {
	harness.RunSections(t, &nsUUID, &nsOID, &nsIETF, &nsIETFSub, &nsParams, &nsISBN, &nsISSN, &nsPublicID, &nsNBN, &nsDev, &nsLex, &nsLEI, &nsISAN, &nsEIDR)
}

// ns_key: each namespace's equivalence, and the level that applied.
func TestNSKey(t *testing.T) {
	for _, c := range []struct{ spec, in, key, nsKey, level string }{
		{"rfc9562 §4", "urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6", "urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6", "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", LevelNamespace},
		{"rfc9562 §4; rfc8141 §3.1: escape hex stays upper", "urn:uuid:A%2C", "urn:uuid:A%2C", "urn:uuid:a%2C", LevelNamespace},
		{"rfc2648 §2: the entire URN is case-insensitive", "URN:IETF:RFC:2141", "urn:ietf:RFC:2141", "urn:ietf:rfc:2141", LevelNamespace},
		{"rfc3553 §3: exact string match", "urn:ietf:params:XML:ns:A", "urn:ietf:params:XML:ns:A", "urn:ietf:params:XML:ns:A", LevelProfile},
		{"rfc3061 §2: exact match", "urn:oid:1.3.6", "urn:oid:1.3.6", "urn:oid:1.3.6", LevelProfile},
		{"isbn template v2, Lexical Equivalence: ISBN-10 converted to ISBN-13, hyphens removed", "urn:isbn:0-8044-2957-x", "urn:isbn:0-8044-2957-x", "urn:isbn:9780804429573", LevelNamespace},
		{"isbn template v2, Lexical Equivalence: the template's Example 1 and Example 2 are one", "URN:ISBN:951-0-18435-7", "urn:isbn:951-0-18435-7", "urn:isbn:9789510184356", LevelNamespace},
		{"isbn template v2, Lexical Equivalence: the template's Example 2", "URN:ISBN:978-951-0-18435-6", "urn:isbn:978-951-0-18435-6", "urn:isbn:9789510184356", LevelNamespace},
		{"isbn template v2: an ISBN-10 with a wrong check digit is not converted", "urn:isbn:0-8044-2957-1", "urn:isbn:0-8044-2957-1", "urn:isbn:0804429571", LevelNamespace},
		{"issn template v2, Lexical Equivalence: x is X", "urn:ISSN:2434-561x", "urn:issn:2434-561x", "urn:issn:2434-561X", LevelNamespace},
		{"issn template v2, Lexical Equivalence: the hyphen can be omitted", "urn:issn:2434561x", "urn:issn:2434561x", "urn:issn:2434-561X", LevelNamespace},
		{"rfc9676 §3.3: LEX names are case-insensitive", "urn:lex:IT:Stato:Legge:2003-09-21;456", "urn:lex:IT:Stato:Legge:2003-09-21;456", "urn:lex:it:stato:legge:2003-09-21;456", LevelNamespace},
		{"rfc4246 §2: the ISAN-NSS is case-insensitive", "urn:isan:0000-0000-d07a-0090-q", "urn:isan:0000-0000-d07a-0090-q", "urn:isan:0000-0000-d07a-0090-q", LevelNamespace},
		{"rfc4246 §2: the ISAN-NSS is case-insensitive", "URN:ISAN:0000-0000-D07A-0090-Q", "urn:isan:0000-0000-D07A-0090-Q", "urn:isan:0000-0000-d07a-0090-q", LevelNamespace},
		{"rfc7972 §2: case-insensitive string match", "urn:EIDR:10.5240:7791-8534-2C23-9030-8610-5", "urn:eidr:10.5240:7791-8534-2C23-9030-8610-5", "urn:eidr:10.5240:7791-8534-2c23-9030-8610-5", LevelNamespace},
		{"rfc8141 §3.1: no namespace layer", "urn:example:ABC", "urn:example:ABC", "urn:example:ABC", LevelProfile},
		{"rfc8141 §3.1: components removed before", "urn:uuid:ABC?=Q", "urn:uuid:ABC", "urn:uuid:abc", LevelNamespace},
	} {
		u, _ := Lint(c.in, RFC8141, Options{})
		k := u.Key()
		nk, lvl := u.NSKey()
		if k != c.key || nk != c.nsKey || lvl != c.level {
			t.Errorf("%s: %q: key %q ns_key %q level %s, want %q %q %s", c.spec, c.in, k, nk, lvl, c.key, c.nsKey, c.level)
		}
	}
}

// issue 21: a near miss of a registered NID gets "did you mean"; a NID
// far from all gets none.
func TestUnregisteredDidYouMean(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"urn:ibsn:0451450523", `did you mean "isbn"?`},
		{"urn:ieft:rfc:2141", `did you mean "ietf"?`},
		{"urn:mycompany:item:1", ""},
	} {
		_, fs := Lint(c.in, RFC8141, Options{MinSeverity: rules.Info})
		got := ""
		for _, f := range fs {
			if f.Rule == UnregisteredNID {
				got = f.Message
			}
		}
		if got == "" || (c.want == "") != !strings.Contains(got, "did you mean") || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("IANA URN Namespaces registry: %q: URN025 message %q, want %q", c.in, got, c.want)
		}
	}
}

var nsPublicID = nsSection("rfc3151", func(p string) []lintCase {
	return []lintCase{
		{Spec: "rfc3151 §3: example", Profile: p, In: "urn:publicid:-:OASIS:DTD+DocBook+XML+V4.1.2:EN", Not: "URN113"},
		{Spec: "rfc3151 §3: example", Profile: p, In: "urn:publicid:ISO%2FIEC+10179%3A1996:DTD+DSSSL+Architecture:EN", Not: "URN113"},
		{Spec: "rfc3151 §2: adjacent \"+\" never occur", Profile: p, In: "urn:publicid:-:OASIS:DTD++DocBook:EN", Want: "URN113:error"},
		{Spec: "rfc3151 §1.1: trailing whitespace removed", Profile: p, In: "urn:publicid:foo+", Want: "URN113:error"},
		{Spec: "rfc3151 §2: a literal \"'\" is %27", Profile: p, In: "urn:publicid:O'Reilly", Want: "URN113:error"},
	}
})

// rfc3151 §3: every example, both ways.
func TestPublicIDTranscription(t *testing.T) {
	for _, c := range []struct{ pubid, urn string }{
		{"ISO/IEC 10179:1996//DTD DSSSL Architecture//EN", "urn:publicid:ISO%2FIEC+10179%3A1996:DTD+DSSSL+Architecture:EN"},
		{"ISO 8879:1986//ENTITIES Added Latin 1//EN", "urn:publicid:ISO+8879%3A1986:ENTITIES+Added+Latin+1:EN"},
		{"-//OASIS//DTD DocBook XML V4.1.2//EN", "urn:publicid:-:OASIS:DTD+DocBook+XML+V4.1.2:EN"},
		{"+//IDN example.org//DTD XML Bookmarks 1.0//EN//XML", "urn:publicid:%2B:IDN+example.org:DTD+XML+Bookmarks+1.0:EN:XML"},
		{"-//ArborText::prod//DTD Help Document::19970708//EN", "urn:publicid:-:ArborText;prod:DTD+Help+Document;19970708:EN"},
		{"foo", "urn:publicid:foo"},
		{"3+3=6", "urn:publicid:3%2B3=6"},
		{"-//Acme, Inc.//DTD Book Version 1.0", "urn:publicid:-:Acme,+Inc.:DTD+Book+Version+1.0"},
	} {
		if got := PublicIDURN(c.pubid); got != c.urn {
			t.Errorf("rfc3151 §3: PublicIDURN(%q) = %q, want %q", c.pubid, got, c.urn)
		}
		if got, err := PublicIDFromURN(c.urn); err != nil || got != c.pubid {
			t.Errorf("rfc3151 §3: PublicIDFromURN(%q) = %q, %v, want %q", c.urn, got, err, c.pubid)
		}
		if _, fs := Lint(c.urn, RFC8141, Options{MinSeverity: rules.Info}); len(fs) > 0 {
			t.Errorf("rfc3151 §3: %q has findings %v", c.urn, fs)
		}
	}
	// rfc3151 §1.1: whitespace normalized before transcription
	if got := PublicIDURN("  -//A//DTD  B\tC//EN \n"); got != "urn:publicid:-:A:DTD+B+C:EN" {
		t.Errorf("rfc3151 §1.1: got %q", got)
	}
	if _, err := PublicIDFromURN("urn:publicid:a%zz"); err == nil || !strings.Contains(err.Error(), "urn:publicid:a%zz") {
		t.Errorf("rfc3151 §2: bad escape: %v", err)
	}
}

var nsNBN = nsSection("rfc3188", func(p string) []lintCase {
	return []lintCase{
		{Spec: "rfc3188 §5: URN:NBN:<ISO 3166 country code>-<assigned NBN string>", Profile: p, In: "urn:nbn:fi-fe19981001", Not: "URN114 URN115"},
		{Spec: "rfc3188 §5: a country code with a sub-namespace", Profile: p, In: "URN:NBN:fi:vn-1999-1", Not: "URN114 URN115"},
		{Spec: "rfc3188 §5: a non-ISO prefix", Profile: p, In: "urn:nbn:abc-123", Not: "URN114 URN115"},
		{Spec: "rfc3188 §5: hyphen between prefix and NBN string", Profile: p, In: "urn:nbn:fife19981001", Want: "URN114:error"},
		{Spec: "rfc3188 §5: the NBN string is not empty", Profile: p, In: "urn:nbn:fi-", Want: "URN114:error"},
		{Spec: "rfc3188 §5: non-ISO prefixes cannot be divided", Profile: p, In: "urn:nbn:abc:x-1", Want: "URN114:error"},
		{Spec: "rfc3188 §5: two-letter codes are ISO 3166", Profile: p, In: "urn:nbn:zz-12345", Want: "URN115:warning"},
	}
})

var nsDev = nsSection("rfc9039", func(p string) []lintCase {
	return []lintCase{
		{Spec: "rfc9039 §4.1: MAC address", Profile: p, In: "urn:dev:mac:0024befffe804ff1", Not: "URN116"},
		{Spec: "rfc9039 §4.2: 1-Wire", Profile: p, In: "urn:dev:ow:10e2073a01080063", Not: "URN116"},
		{Spec: "rfc9039 §4.3: org", Profile: p, In: "urn:dev:org:32473-foo", Not: "URN116"},
		{Spec: "rfc9039 §4.5: ops", Profile: p, In: "urn:dev:ops:32473-Refrigerator-5002", Not: "URN116"},
		{Spec: "rfc9039 §3.2: componentpart", Profile: p, In: "urn:dev:mac:0024befffe804ff1_bulb8", Not: "URN116"},
		{Spec: "rfc9039 §3.2: otherbody", Profile: p, In: "urn:dev:example:new-1:a", Not: "URN116"},
		{Spec: "rfc9039 §3.2: hexstring = 1*(hexdigit hexdigit)", Profile: p, In: "urn:dev:mac:0024befffe804ff", Want: "URN116:error"},
		{Spec: "rfc9039 §3.2: posnumber = NZDIGIT *DIGIT", Profile: p, In: "urn:dev:org:032473-foo", Want: "URN116:error"},
		{Spec: "rfc9039 §3.2: serial = identifier", Profile: p, In: "urn:dev:os:32473-", Want: "URN116:error"},
		{Spec: "rfc9039 §3.2: identifier after \"_\"", Profile: p, In: "urn:dev:mac:0024befffe804ff1_", Want: "URN116:error"},
		{Spec: "rfc9039 §3.2: body needs a subtype and \":\"", Profile: p, In: "urn:dev:foo", Want: "URN116:error"},
	}
})

var nsLex = nsSection("rfc9676", func(p string) []lintCase {
	return []lintCase{
		{Spec: "rfc9676 §2.1: jurisdiction \":\" local-name", Profile: p, In: "urn:lex:it:stato:legge:2003-09-21;456", Not: "URN117"},
		{Spec: "rfc9676 §2.1: jurisdiction units and expression", Profile: p, In: "urn:lex:ch;glarus:regiere:erlass:2007-10-15;963@original:de", Not: "URN117"},
		{Spec: "rfc9676 §2.1: manifestation", Profile: p, In: "urn:lex:it:stato:legge:2000-04-03;56$senato.it:text-xml", Not: "URN117"},
		{Spec: "rfc9676 §2.1: a jurisdiction alone", Profile: p, In: "urn:lex:br", Want: "URN117:error"},
		{Spec: "rfc9676 §2.1: details = (dates / period) \";\" numbers", Profile: p, In: "urn:lex:it:stato:legge:2003-09-21", Want: "URN117:error"},
		{Spec: "rfc9676 §2.1: jurisdiction-code = 2*alf-dot", Profile: p, In: "urn:lex:i:stato:legge:2003-09-21;456", Want: "URN117:error"},
		{Spec: "rfc9676 §2.1: work = authority \":\" measure \":\" details", Profile: p, In: "urn:lex:it:stato:2003-09-21;456", Want: "URN117:error"},
	}
})

var nsLEI = nsSection("ISO 17442", func(p string) []lintCase {
	return []lintCase{
		{Spec: "ISO 17442-1 §4: 18 characters and 2 check digits (GLEIF's own LEI)", Profile: p, In: "urn:lei:506700GE1G29325QX363", Not: "URN118 URN119"},
		{Spec: "ISO 17442-1 §4, ISO 7064 MOD 97-10", Profile: p, In: "urn:lei:7LTWFZYICNSX8D621K86", Not: "URN118 URN119"},
		{Spec: "ISO 17442-1 §4: 20 characters", Profile: p, In: "urn:lei:506700GE1G29325QX36", Want: "URN118:error"},
		{Spec: "ISO 17442-1 §4: the check characters are digits", Profile: p, In: "urn:lei:506700GE1G29325QX3X3", Want: "URN118:error"},
		{Spec: "ISO 17442-1 §4, ISO 7064 MOD 97-10: one character changed", Profile: p, In: "urn:lei:506700GE1G29325QX364", Want: "URN119:error"},
		{Spec: "ISO 17442-1 §4, ISO 7064 MOD 97-10: two characters swapped", Profile: p, In: "urn:lei:506700GE1G29325XQ363", Want: "URN119:error"},
	}
})

var nsISAN = nsSection("rfc4246", func(p string) []lintCase {
	return []lintCase{
		{Spec: "rfc4246 §3: root episode check (ISO 15706-1's example)", Profile: p, In: "urn:isan:0000-0000-D07A-0090-Q", Not: "URN120 URN121"},
		{Spec: "rfc4246 §3: with the version (V-ISAN)", Profile: p, In: "urn:isan:0000-0000-D07A-0090-Q-0000-0000-X", Not: "URN120 URN121"},
		{Spec: "rfc4246 §2: case-insensitive", Profile: p, In: "URN:ISAN:0000-0000-3a8d-0000-z-0000-0000-6", Not: "URN120 URN121"},
		{Spec: "rfc4246 §3: the version has two groups and a check", Profile: p, In: "urn:isan:0000-0000-D07A-0090-Q-0000-0000", Want: "URN120:error"},
		{Spec: "rfc4246 §3: episode \"-\" check", Profile: p, In: "urn:isan:0000-0000-D07A-0090Q", Want: "URN120:error"},
		{Spec: "rfc4246 §3: hexnum", Profile: p, In: "urn:isan:0000-0000-D07G-0090-Q", Want: "URN120:error"},
		{Spec: "rfc4246 §3: no space separator", Profile: p, In: "urn:isan:0000-0000-D07A-0090-%20Q", Want: "URN120:error"},
		{Spec: "rfc4246 §2 and ISO 7064 MOD 37,36: the first check character", Profile: p, In: "urn:isan:0000-0000-D07A-0090-R", Want: "URN121:error"},
		{Spec: "rfc4246 §2 and ISO 7064 MOD 37,36: the version check character over 24 digits", Profile: p, In: "urn:isan:0000-0000-D07A-0090-Q-0000-0000-Y", Want: "URN121:error"},
		{Spec: "rfc4246 §2: its own example's check character is made up", Profile: p, In: "URN:ISAN:0123-1230-3210-2310-1", Want: "URN121:error", Not: "URN120"},
	}
})

var nsEIDR = nsSection("rfc7972", func(p string) []lintCase {
	slash := "urn:eidr:10.5240/7791-8534-2C23-9030-8610-5"
	if p == RFC2141bis03 {
		slash = "urn:eidr:10.5240%2F7791-8534-2C23-9030-8610-5" // a literal "/" is URN008 there
	}
	return []lintCase{
		{Spec: "rfc7972 §2: EXAMPLE", Profile: p, In: "urn:eidr:10.5240:7791-8534-2C23-9030-8610-5", Not: "URN122 URN123"},
		{Spec: "rfc7972 §2: case-insensitive", Profile: p, In: "urn:eidr:10.5240:7791-8534-2c23-9030-8610-5", Not: "URN122 URN123"},
		{Spec: "rfc7972 §2: another prefix is opaque", Profile: p, In: "urn:eidr:10.9999:anything_goes.1", Not: "URN122 URN123"},
		{Spec: "rfc7972 §2: EIDR-NSS = EIDR-PREFIX \":\" EIDR-SUFFIX", Profile: p, In: "urn:eidr:10.5240", Want: "URN122:error"},
		{Spec: "rfc7972 §2: the DOI's \"/\" is \":\" in the URN", Profile: p, In: slash, Want: "URN122:error"},
		{Spec: "rfc7972 §2: RP2079-SUFFIX = 5(4HEXDIG \"-\") CHECK", Profile: p, In: "urn:eidr:10.5240:7791-8534-2C23-9030-5", Want: "URN122:error"},
		{Spec: "rfc7972 §2: one \":\"", Profile: p, In: "urn:eidr:10.5240:7791:8534", Want: "URN122:error"},
		{Spec: "rfc7972 §2: the Mod 37,36 check character", Profile: p, In: "urn:eidr:10.5240:7791-8534-2C23-9030-8610-6", Want: "URN123:error"},
		{Spec: "rfc7972 §2: two digits swapped", Profile: p, In: "urn:eidr:10.5240:7791-8534-2C23-9030-6810-5", Want: "URN123:error"},
	}
})

// issue 21 item 2, rfc6963 §3.6: which paths are documentation, tests or
// examples (URN124 stays silent there).
func TestIsDocumentationPath(t *testing.T) {
	for _, c := range []struct {
		path string
		doc  bool
	}{
		{"", true}, {"-", true},
		{"docs/config.md", true},
		{"README", true},
		{"src/README.rst", true},
		{"rfcs.tar.zst!rfcs/rfc6963.txt", true},
		{"draft-ietf-urnbis-rfc2141bis-urn-03.xml", true},
		{"pkg.deb!data.tar.xz!./usr/share/man/man5/foo.conf.5.gz", true},
		{"pkg.deb!data.tar.xz!./usr/share/doc/foo/copyright", true},
		{"/usr/share/perl5/Foo.3pm", true},
		{"internal/config/config_test.go", true},
		{"tests/saml.py", true},
		{"src/encoding/xml/testdata/x.xml", true},
		{"test_saml2.py", true},
		{"src/FooTest.java", true},
		{"web/app.spec.js", true},
		{"etc/app.example.yaml", true},
		{"https://example.org/docs/index", true},
		{"site/page.html", true},
		{"etc/app/config.yaml", false},
		{"src/saml2/config.py", false},
		{"pkg.deb!data.tar.xz!./usr/lib/python3/dist-packages/saml2/entity.py", false},
		{"src/latest.go", false},
		{"src/contest/main.go", false},
		{"src/Attestation.java", false},
		{"lib/x.so.1", true}, // a man-page section by its extension: a library's version is read the same (quiet, not loud)
	} {
		if got := IsDocumentationPath(c.path); got != c.doc {
			t.Errorf("rfc6963 §3.6 (issue 21 item 2): IsDocumentationPath(%q) = %v, want %v", c.path, got, c.doc)
		}
	}
	if _, ok := ExampleFinding("example", "etc/app.yaml", "urn:example:a"); !ok {
		t.Errorf("rfc6963 §3.6: urn:example in etc/app.yaml not reported")
	}
	if _, ok := ExampleFinding("isbn", "etc/app.yaml", "urn:isbn:0451450523"); ok {
		t.Errorf("rfc6963 §3.6: URN124 on another NID")
	}
}

// rfc8141 §5 (registered NIDs) and the namespace layer: the one index
// a parse looks a NID up in (issue 25) answers for every registry entry
// and every namespace, in any case, as the tables themselves do, and a
// parse finds its namespace there.
func TestNIDIndex(t *testing.T) {
	for _, r := range registry {
		for _, nid := range []string{r.nid, strings.ToUpper(r.nid)} {
			if ref, ok := Reference(nid); !ok || ref != r.ref {
				t.Errorf("Reference(%q) = %q, %v; want %q", nid, ref, ok, r.ref)
			}
			if got, want := LookupNamespace(nid), namespaces()[r.nid]; got != want {
				t.Errorf("LookupNamespace(%q) = %v, want %v", nid, got, want)
			}
		}
	}
	defs := 0
	for nid, d := range namespaces() {
		if got := LookupNamespace(strings.ToUpper(nid)); got != d {
			t.Errorf("LookupNamespace(%q) = %v, want %v", strings.ToUpper(nid), got, d)
		}
		if strings.Contains(nid, ":") {
			continue // a sub-namespace: not a NID a parse reads
		}
		u, _ := Lint("URN:"+strings.ToUpper(nid)+":x", RFC8141, Options{})
		if u.namespaceDef() != d {
			t.Errorf("a parse of urn:%s found %v, want %v", nid, u.namespaceDef(), d)
		}
		defs++
	}
	for _, nid := range []string{"", "x", "zzzz-not-registered", strings.Repeat("a", 33), "isbn\x00"} {
		if _, ok := Reference(nid); ok {
			t.Errorf("Reference(%q) found", nid)
		}
		if d := LookupNamespace(nid); d != nil {
			t.Errorf("LookupNamespace(%q) = %v", nid, d)
		}
	}
	if defs < 5 || len(registry) < 50 {
		t.Errorf("a weak test: %d namespaces, %d registry entries", defs, len(registry))
	}
}

// Every definition an NID file declares is in namespaceDefs, which is
// what the namespace layer looks NIDs up in.
func TestNamespaceDefsListed(t *testing.T) {
	files, err := filepath.Glob("ns_*.go")
	if err != nil {
		t.Fatal(err)
	}
	declared := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		declared += strings.Count(string(src), "= &NamespaceDef{")
	}
	if declared == 0 || declared != len(namespaceDefs) || len(namespaces()) != declared {
		t.Errorf("%d definitions declared in ns_*.go, %d listed in namespaceDefs, %d NIDs", declared, len(namespaceDefs), len(namespaces()))
	}
}
