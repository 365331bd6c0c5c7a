package xri

import (
	"strings"
	"testing"

	"github.com/idlint/idlint/rules"

	"github.com/idlint/idlint/rules/internal/ruletest"
)

// TestAuto checks the auto profile: each XRI is linted under the version
// its syntax is written in, and the result names that version.
func TestAuto(t *testing.T) {
	if DefaultProfile != Auto {
		t.Fatalf("default profile %q, want auto", DefaultProfile)
	}
	c := &Checker{}
	for _, tc := range []struct {
		spec, in string
		profile  string // the version detected
		key      string
		want     string // finding IDs, space-separated, exactly
	}{
		// xri-2.0 ABNF XRI = [ "xri://" ] xri-hier-part: "xri://" + a symbol is 2.0
		{"xri-2.0 ABNF rgcs-authority", "xri://=name*sub", V2, "xri://=name*sub", ""},
		{"xri-2.0 ABNF rgcs-authority (XRDS namespace)", "xri://$xrd*($v*2.0)", V2, "xri://$xrd*($v*2.0)", ""},
		{"xri-2.0 ABNF pgcs-authority", "xri://!!1003!103", V2, "xri://!!1003!103", ""},
		{"xri-2.0 ABNF i-number", "xri://@!5BAD.2AA.3C72.AF46", V2, "xri://@!5bad.2aa.3c72.af46", ""},
		// rc2 reads xri://@ as an empty user name (Appendix C, XRI022) and
		// xri://= as a bad host (XRI020): auto treats both as 2.0
		{"xri-2.0 ABNF rgcs-authority: empty segment", "xri://@", V2, "xri://@", ""},
		{"xri-2.0 ABNF rgcs-authority: empty segment", "xri://=", V2, "xri://=", ""},
		{"xri-2.0 ABNF rgcs-authority, not rc2's userinfo (rc2 Appendix C)", "xri://@example.com/x", V2, "xri://@example.com/x", ""},
		{"xri-2.0 ABNF xref-authority", "xri://(+wdnc)", V2, "xri://(+wdnc)", ""},
		// rc2 §2.1: "xri:" + authority is 1.0 syntax
		{"xri-1.0-rc2 §2.1.1.3 GCS authority", "xri:=JohnDoe.home", RC2, "xri:=johndoe.home", "XRI031"},
		{"xri-1.0-rc2 §2.1.1.3 GCS authority", "xri:@example", RC2, "xri:@example", ""},
		{"xri-1.0-rc2 §2.1.1.1 URI authority (both versions read it alike)", "xri://www.example.com/a", RC2, "xri://www.example.com/a", ""},
		{"xri-1.0-rc2 §2.1 not an XRI in either version", "xri:foo", RC2, "xri:foo", "XRI002"},
		// bare values (XRDS, XRI Resolution 2.0): xri-2.0
		{"xri-2.0 ABNF XRI without \"xri://\": CanonicalID", "@!5BAD.2AA.3C72.AF46", V2, "xri://@!5bad.2aa.3c72.af46", "XRI030"},
		{"xri-2.0 ABNF XRI without \"xri://\": CanonicalID", "=!E4", V2, "xri://=!e4", "XRI030"},
		{"xri-2.0 ABNF xri-path-noscheme: Query is relative", "*ootao", V2, "*ootao", ""},
		{"xri-2.0 ABNF xri-path-noscheme: LocalID is relative", "!D2", V2, "!D2", ""},
		// bare text is read as 2.0 even where rc2 would read it: XRDS holds no rc2
		{"xri-2.0 ABNF xri-subseg: text or one cross-reference", "=a.(+b)", V2, "=a.(+b)", "XRI030 XRI005"},
	} {
		r := c.Check(tc.in, Auto)
		if r.Profile != tc.profile {
			t.Errorf("%s %q: profile %s, want %s", tc.spec, tc.in, r.Profile, tc.profile)
		}
		if r.Key != tc.key {
			t.Errorf("%s %q: key %q, want %q", tc.spec, tc.in, r.Key, tc.key)
		}
		if got := ruletest.Describe(r.Findings); ids(r) != tc.want {
			t.Errorf("%s %q under auto: %s, want %q", tc.spec, tc.in, got, tc.want)
		}
		if s := c.Check(tc.in, r.Profile); s.Key != r.Key || ids(s) != ids(r) {
			t.Errorf("%s %q: auto differs from %s: %q %s", tc.spec, tc.in, r.Profile, s.Key, ruletest.Describe(s.Findings))
		}
	}
}

// ids lists a result's finding IDs, space-separated.
func ids(r rules.Result) string {
	var b strings.Builder
	for i, f := range r.Findings {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(f.Rule.ID)
	}
	return b.String()
}

// TestResolveAuto: under auto a reference is resolved under the base's
// version (rc2 §2.3.2; xri-2.0 as rfc3986 §5.2).
func TestResolveAuto(t *testing.T) {
	for _, c := range []struct{ spec, base, ref, want string }{
		{"xri-1.0-rc2 §2.3.2", "xri:@a.b.c/d.e/f;p?q", "g", "xri:@a.b.c/d.e/g"},
		{"xri-1.0-rc2 §2.3.2", "xri:@a.b.c/d.e/f;p?q", "@x", "xri:@x"},
		{"xri-2.0 ABNF (rfc3986 §5.2)", "xri://@a*b/c/d", "../e", "xri://@a*b/e"},
		{"xri-2.0 ABNF (rfc3986 §5.2): a bare XRDS base", "@!5BAD.2AA/c", "d", "xri://@!5BAD.2AA/d"},
		{"xri-2.0 ABNF (rfc3986 §5.2)", "xri://@a*b/c", "@x", "xri://@x"},
	} {
		got, err := Resolve(c.base, c.ref, Auto)
		if err != nil || got != c.want {
			t.Errorf("%s: Resolve(%q, %q, auto) = %q, %v; want %q", c.spec, c.base, c.ref, got, err, c.want)
		}
	}
}
