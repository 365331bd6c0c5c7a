package xri

import (
	"strings"
	"testing"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ascii"
	"github.com/idlint/idlint/rules/internal/ruletest"
)

func allSections() []*section {
	return []*section{&rc2Sec112, &rc2Table1, &rc2Sec21, &rc2Sec2111, &rc2Sec2113, &rc2Sec2114, &rc2Sec2115,
		&rc2Sec212, &rc2Sec213, &rc2Sec214, &rc2Sec22, &rc2Sec233, &rc2Sec24, &rc2AppC, &rc2Profile, &v2ABNF}
}

// TestCatalogCoverage fails when some rule × profile it runs under has no
// table case expecting it, or no case expecting its absence.
func TestCatalogCoverage(t *testing.T) {
	triggered := map[string]map[string]bool{}
	absent := map[string]map[string]bool{}
	for _, p := range both { // the grammars: auto is no grammar of its own
		triggered[p], absent[p] = map[string]bool{}, map[string]bool{}
	}
	for _, s := range allSections() {
		for _, c := range s.Cases {
			p := s.ProfileOf(c)
			for id := range ruletest.WantSet(t, Catalog, c.Want) {
				if r := ruletest.RuleByID(Catalog, id); !r.AppliesTo(p) {
					t.Errorf("%s: case %q expects %s under %s, which it does not run under", s.Name, c.In, id, p)
				}
				triggered[p][id] = true
			}
			for _, id := range ruletest.NotSet(t, Catalog, c.Not) {
				absent[p][id] = true
			}
			if c.Exact {
				for _, r := range Catalog {
					if _, ok := ruletest.WantSet(t, Catalog, c.Want)[r.ID]; !ok {
						absent[p][r.ID] = true
					}
				}
			}
		}
	}
	for _, r := range Catalog {
		for _, p := range r.Profiles {
			if !triggered[p][r.ID] {
				t.Errorf("%s (%s) under %s: no table case triggers it", r.ID, r.Name, p)
			}
			if !absent[p][r.ID] {
				t.Errorf("%s (%s) under %s: no table case checks it stays silent", r.ID, r.Name, p)
			}
		}
	}
}

// TestCatalogShape checks the catalog entries themselves.
func TestCatalogShape(t *testing.T) {
	seen := map[string]bool{}
	names := map[string]bool{}
	prev := ""
	for _, r := range Catalog {
		if seen[r.ID] || names[r.Name] {
			t.Errorf("duplicate rule %s %s", r.ID, r.Name)
		}
		seen[r.ID], names[r.Name] = true, true
		if r.ID <= prev {
			t.Errorf("catalog not in ID order: %s after %s", r.ID, prev)
		}
		prev = r.ID
		if !strings.HasPrefix(r.ID, "XRI") || r.Scheme != "xri" {
			t.Errorf("%s: ID or scheme %q not xri", r.ID, r.Scheme)
		}
		if r.Name == "" || r.Summary == "" || r.Spec == "" || r.Doc == "" || r.Bad == "" || r.Good == "" {
			t.Errorf("%s: missing name, summary, spec, doc or examples", r.ID)
		}
		if len(r.Profiles) == 0 {
			t.Errorf("%s: runs under no profile", r.ID)
		}
		for _, p := range r.Profiles {
			if p != RC2 && p != V2 {
				t.Errorf("%s: unknown profile %q", r.ID, p)
			}
			if r.SeverityFor(p) == rules.None {
				t.Errorf("%s: severity none under %s", r.ID, p)
			}
			if sp := r.SpecFor(p); !strings.HasPrefix(sp, "xri-") && !strings.HasPrefix(sp, "idlint") && !strings.HasPrefix(sp, "rfc") {
				t.Errorf("%s: citation %q under %s names no spec", r.ID, sp, p)
			}
		}
		for i, e := range r.ProfileSeverity {
			p := e.Profile
			for _, o := range r.ProfileSeverity[:i] {
				if o.Profile == p {
					t.Errorf("%s: ProfileSeverity lists %s twice", r.ID, p)
				}
			}
			if !r.AppliesTo(p) {
				t.Errorf("%s: ProfileSeverity for %s, which it does not run under", r.ID, p)
			}
		}
		for i, e := range r.ProfileSpec {
			p := e.Profile
			for _, o := range r.ProfileSpec[:i] {
				if o.Profile == p {
					t.Errorf("%s: ProfileSpec lists %s twice", r.ID, p)
				}
			}
			if !r.AppliesTo(p) {
				t.Errorf("%s: ProfileSpec for %s, which it does not run under", r.ID, p)
			}
		}
		if page := r.Page(); !strings.Contains(page, r.ID) || !strings.Contains(page, r.Summary) {
			t.Errorf("%s: Page() lacks ID or summary", r.ID)
		}
	}
}

// TestCatalogExamples lints each rule's Bad and Good examples: every Bad
// line triggers the rule under one of its profiles, no Good line does.
// Parenthesized remarks are prose. XRI007 and XRI013 describe inputs too
// long to print; their table cases test them.
func TestCatalogExamples(t *testing.T) {
	lines := func(s string) []string {
		var out []string
		for _, l := range strings.Split(s, "\n") {
			if i := strings.Index(l, " ("); i >= 0 {
				l = l[:i]
			}
			if l = strings.TrimSpace(l); l != "" && !strings.Contains(l, " ") {
				out = append(out, l)
			}
		}
		return out
	}
	lint := func(in, p string, bare bool) map[string][]rules.Severity {
		_, fs := Lint(in, p, Options{Bare: bare, MinSeverity: rules.Info})
		return ruletest.Found(fs)
	}
	for _, r := range Catalog {
		if r == TooDeep || r == TooLong {
			continue
		}
		bad := lines(r.Bad)
		if len(bad) == 0 {
			t.Errorf("%s: no Bad example to lint", r.ID)
		}
		for _, in := range bad {
			ok := false
			for _, p := range r.Profiles {
				for _, bare := range []bool{false, true} {
					_, hit := lint(in, p, bare)[r.ID]
					ok = ok || hit
				}
			}
			if !ok {
				t.Errorf("%s Bad example %q is reported under none of %v", r.ID, in, r.Profiles)
			}
		}
		for _, p := range r.Profiles {
			for _, in := range lines(r.Good) {
				if _, hit := lint(in, p, !ascii.HasPrefixFold(in, "xri:"))[r.ID]; hit {
					t.Errorf("%s Good example %q under %s is reported", r.ID, in, p)
				}
			}
		}
	}
}

// TestChecker covers the rules.Checker adapter.
func TestChecker(t *testing.T) {
	c := &Checker{}
	if Scheme.Name != "xri" || Scheme.DefaultProfile != Auto || len(Scheme.Profiles) != 3 || len(Scheme.Catalog) != len(Catalog) {
		t.Fatalf("descriptor: %q %q %v %d", Scheme.Name, Scheme.DefaultProfile, Scheme.Profiles, len(Scheme.Catalog))
	}
	for _, tc := range []struct {
		spec, profile, in  string
		canonical, key, ns string
		valid              bool
	}{
		{"xri-1.0-rc2 §2.4.5", RC2, "XRI:@Example/./.abc", "xri:@example/abc", "xri:@example/abc", "@example", true},
		{"xri-1.0-rc2 §2.4.3", RC2, "xri:@:A6B4.(!www.example.org):5E32", "xri:@:a6b4.(!www.example.org):5e32", "xri:@:a6b4:5e32", "@:a6b4", true},
		{"xri-1.0-rc2 §2.1.1.1", RC2, "xri://WWW.Example.com:80/a", "xri://www.example.com:80/a", "xri://www.example.com:80/a", "www.example.com", true},
		{"xri-1.0-rc2 §2.1.1.4", RC2, "xri:(mailto:john.doe@example.com)/favorites/home", "xri:(mailto:john.doe@example.com)/favorites/home", "xri:(mailto:john.doe@example.com)/favorites/home", "(mailto:john.doe@example.com)", true},
		{"xri-1.0-rc2 §2.3", RC2, ".foo:bar", ".foo:bar", ".foo:bar", "", true},
		{"xri-1.0-rc2 §2.1", RC2, "xri:foo", "xri:foo", "xri:foo", "", false},
		{"xri-1.0-rc2 Appendix A (2.0 syntax)", RC2, "XRI://$xrd*($v*2.0)", "xri://$xrd*($v*2.0)", "xri://$xrd*($v*2.0)", "$xrd", false},
		{"xri-2.0 ABNF", V2, "@!5BAD.2AA.3C72.AF46!0000.0000.3B9A.CA01", "xri://@!5BAD.2AA.3C72.AF46!0000.0000.3B9A.CA01", "xri://@!5bad.2aa.3c72.af46!0000.0000.3b9a.ca01", "@!5bad.2aa.3c72.af46", true},
		{"xri-2.0 ABNF", V2, "xri://=name*(+x)", "xri://=name*(+x)", "xri://=name*(+x)", "=name", true},
		{"xri-2.0 ABNF", "", "xri:@example", "xri:@example", "xri:@example", "@example", true},
	} {
		res := c.Check(tc.in, tc.profile)
		p := tc.profile
		if p == "" {
			p = RC2 // the default, auto, reads "xri:" + authority as rc2
		}
		if res.Scheme != "xri" || res.Profile != p {
			t.Errorf("%s %q: scheme/profile %q %q", tc.spec, tc.in, res.Scheme, res.Profile)
		}
		if res.Canonical != tc.canonical || res.Key != tc.key || res.Namespace != tc.ns {
			t.Errorf("%s %q: canonical %q key %q ns %q; want %q %q %q", tc.spec, tc.in, res.Canonical, res.Key, res.Namespace, tc.canonical, tc.key, tc.ns)
		}
		if res.Valid() != tc.valid {
			t.Errorf("%s %q: valid %v, want %v: %s", tc.spec, tc.in, res.Valid(), tc.valid, ruletest.Describe(res.Findings))
		}
	}
}

// TestParseErrors covers Parse, ParseBare and *Error.
func TestParseErrors(t *testing.T) {
	if _, err := Parse("=a", RC2); err == nil || !strings.Contains(err.Error(), "XRI001") {
		t.Errorf("Parse without the scheme: %v", err)
	}
	if _, err := ParseBare("=a", RC2); err != nil {
		t.Errorf("ParseBare: %v", err)
	}
	x, err := Parse("xri://bob@Example.com:8080/p.q?r#s", RC2)
	if err != nil {
		t.Fatal(err)
	}
	a := x.Authority
	if x.Scheme != "xri" || a.Kind != URIAuthority || a.Kind.String() != "uri" || a.UserInfo != "bob" || !a.HasUserInfo || a.Host != "Example.com" ||
		a.Port != "8080" || !a.HasPort || x.Path != "/p.q" || x.Query != "r" || x.Fragment != "s" || x.Relative() || x.String() != "xri://bob@Example.com:8080/p.q?r#s" {
		t.Errorf("components: %+v", x)
	}
	x, _ = Parse("xri:=JohnDoe.home/(+email)", RC2)
	if x.Authority.Kind != GCSAuthority || x.Authority.GCS != '=' || x.Authority.Text != "=JohnDoe.home" || x.Path != "/(+email)" {
		t.Errorf("components: %+v", x)
	}
	x, _ = ParseBare("g/h", RC2)
	if !x.Relative() || x.Path != "g/h" || x.Scheme != "" {
		t.Errorf("components: %+v", x)
	}
}
