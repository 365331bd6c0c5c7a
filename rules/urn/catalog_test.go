package urn

import (
	"strings"
	"testing"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ruletest"
)

// URN025 cites the IANA URN Namespaces registry (and rfc8141 §5); NIDs are
// case-insensitive in every profile (rfc2141 §2.1, rfc2141bis-03 §2.1, rfc8141 §2.1).
func registryCases(p string) []lintCase {
	return []lintCase{
		{Spec: "IANA URN Namespaces registry", Profile: p, In: "urn:mycompany:item:1", Want: "URN025:info"},
		{Spec: "IANA URN Namespaces registry: isbn", Profile: p, In: "urn:isbn:0451450523", Not: "URN025"},
		{Spec: "IANA URN Namespaces registry: NIDs are case-insensitive", Profile: p, In: "urn:ISBN:0451450523", Not: "URN025"},
		{Spec: "IANA URN Namespaces registry: example (rfc6963)", Profile: p, In: "urn:example:a", Not: "URN025"},
		{Spec: "IANA URN Namespaces registry: foo is hypothetical (rfc2141 §6)", Profile: p, In: "urn:foo:a123,456", Want: "URN025:info"},
		{Spec: "IANA URN Namespaces registry: widely used, never registered (issue 21)", Profile: p, In: "urn:schemas-upnp-org:device:MediaServer:1", Want: "URN112:info", Not: "URN025"},
		{Spec: "IANA URN Namespaces registry: widely used NIDs are case-insensitive too", Profile: p, In: "urn:BTIH:c12fe1c06bba254a9dc9f519b335aa7c1367a88a", Want: "URN112:info", Not: "URN025"},
		{Spec: "IANA URN Namespaces registry: a registered NID is neither", Profile: p, In: "urn:isbn:0451450523", Not: "URN112 URN025"},
	}
}

var ianaRegistry = section{Name: "IANA URN Namespaces registry", Cases: ruletest.Cat(
	registryCases(RFC2141), registryCases(RFC2141bis03), registryCases(RFC8141),
)}

func TestIANARegistry(t *testing.T) {
	harness.RunSections(t, &ianaRegistry)
}

// allSections lists every spec-section table.
func allSections() []*section {
	return []*section{
		&rfc2141Sec2, &rfc2141Sec21, &rfc2141Sec22, &rfc2141Sec231, &rfc2141Sec232, &rfc2141Sec24, &rfc2141Sec5,
		&bisSec2, &bisSec21, &bisSec22, &bisSec23, &bisSec231, &bisSec24, &bisSec251, &bisSec252, &bisSec253, &bisSec5,
		&rfc8141Sec2, &rfc8141Sec21, &rfc8141Sec22, &rfc8141Sec231, &rfc8141Sec232, &rfc8141Sec233, &rfc8141Sec31, &rfc8141Sec51, &rfc8141Sec52,
		&ianaRegistry,
		&nsUUID, &nsOID, &nsIETF, &nsIETFSub, &nsParams, &nsISBN, &nsISSN, &nsPublicID, &nsNBN, &nsDev, &nsLex, &nsLEI, &nsISAN, &nsEIDR,
	}
}

// TestCatalogCoverage fails when some rule × profile it runs under has no
// table case expecting it, or no case expecting its absence.
func TestCatalogCoverage(t *testing.T) {
	triggered := map[string]map[string]bool{} // profile → rule ID
	absent := map[string]map[string]bool{}
	for _, p := range Profiles {
		triggered[p], absent[p] = map[string]bool{}, map[string]bool{}
	}
	for _, s := range allSections() {
		for _, c := range s.Cases {
			p := s.ProfileOf(c)
			if triggered[p] == nil {
				t.Fatalf("%s: case %q has unknown profile %q", s.Name, c.In, p)
			}
			for id := range ruletest.WantSet(t, Catalog, c.Want) {
				if r := ruletest.RuleByID(Catalog, id); !r.AppliesTo(p) {
					t.Errorf("%s: case %q expects %s under %s, which it does not run under", s.Name, c.In, id, p)
				}
				triggered[p][id] = true
			}
			for _, id := range ruletest.NotSet(t, Catalog, c.Not) {
				absent[p][id] = true
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
		if seen[r.ID] {
			t.Errorf("duplicate rule ID %s", r.ID)
		}
		if names[r.Name] {
			t.Errorf("duplicate rule name %s", r.Name)
		}
		seen[r.ID], names[r.Name] = true, true
		if r.ID <= prev {
			t.Errorf("catalog not in ID order: %s after %s", r.ID, prev)
		}
		prev = r.ID
		if !strings.HasPrefix(r.ID, "URN") || r.Scheme != "urn" {
			t.Errorf("%s: ID or scheme %q not urn", r.ID, r.Scheme)
		}
		if r.Name == "" || r.Summary == "" || r.Spec == "" || r.Doc == "" {
			t.Errorf("%s: missing name, summary, spec or doc", r.ID)
		}
		if len(r.Profiles) == 0 {
			t.Errorf("%s: runs under no profile", r.ID)
		}
		for _, p := range r.Profiles {
			if !contains(Profiles, p) {
				t.Errorf("%s: unknown profile %q", r.ID, p)
			}
			if s := r.SeverityFor(p); s == rules.None {
				t.Errorf("%s: severity none under %s", r.ID, p)
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
	if DefaultProfile != RFC8141 || !contains(Profiles, DefaultProfile) {
		t.Errorf("default profile %q: rfc8141 is the standard in force", DefaultProfile)
	}
}

// TestCatalogExamples lints each rule's Bad and Good examples: every Bad
// line triggers the rule under at least one of its profiles (URN003's
// "urn:isbn-:…" is fine under rfc2141 §2.1, which allows a trailing
// hyphen), and no Good line triggers it under any. Parenthesized remarks
// are prose, not part of the URN.
func TestCatalogExamples(t *testing.T) {
	lines := func(s string) []string {
		var out []string
		for _, l := range strings.Split(s, "\n") {
			if i := strings.Index(l, " ("); i >= 0 {
				l = l[:i]
			}
			if l = strings.TrimSpace(l); l != "" {
				out = append(out, l)
			}
		}
		return out
	}
	for _, r := range Catalog {
		for _, in := range lines(r.Bad) {
			var under []string
			for _, p := range r.Profiles {
				_, fs := Lint(in, p, Options{MinSeverity: rules.Info})
				if _, ok := ruletest.Found(fs)[r.ID]; ok {
					under = append(under, p)
				}
			}
			if len(under) == 0 {
				t.Errorf("%s Bad example %q is reported under none of %v", r.ID, in, r.Profiles)
			}
		}
		for _, p := range r.Profiles {
			for _, in := range lines(r.Good) {
				_, fs := Lint(in, p, Options{MinSeverity: rules.Info})
				if _, ok := ruletest.Found(fs)[r.ID]; ok {
					t.Errorf("%s Good example %q under %s is reported", r.ID, in, p)
				}
			}
		}
	}
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// TestChecker covers the rules.Checker adapter.
func TestChecker(t *testing.T) {
	c := &Checker{}
	if Scheme.Name != "urn" || Scheme.DefaultProfile != RFC8141 || len(Scheme.Profiles) != 3 || len(Scheme.Catalog) != len(Catalog) {
		t.Fatalf("descriptor: %q %q %v %d", Scheme.Name, Scheme.DefaultProfile, Scheme.Profiles, len(Scheme.Catalog))
	}
	for _, tc := range []struct {
		spec, profile, in  string
		canonical, key, ns string
		valid              bool
	}{
		{"rfc8141 §3.1", RFC8141, "URN:EXAMPLE:a123%2cz456?=Q%2c#F", "urn:example:a123%2Cz456?=Q%2C#F", "urn:example:a123%2Cz456", "example", true},
		{"rfc2141 §5", RFC2141, "URN:FOO:a123%2c456", "urn:foo:a123%2C456", "urn:foo:a123%2C456", "foo", true},
		{"rfc2141bis-03 §5 step 5a", RFC2141bis03, "URN:FOO:a123,456?x=y#z", "urn:foo:a123,456?x=y#z", "urn:foo:a123,456", "foo", true},
		{"rfc8141 §2", RFC8141, "isbn:0451450523", "isbn:0451450523", "isbn:0451450523", "", false},
		{"rfc8141 §2", RFC8141, "urn:isbn", "urn:isbn", "urn:isbn", "", false},
		{"rfc8141 §2", RFC8141, "urn:example:a?b", "urn:example:a?b", "urn:example:a?b", "example", false},
	} {
		res := c.Check(tc.in, tc.profile)
		if res.Scheme != "urn" || res.Profile != tc.profile {
			t.Errorf("%s %q: scheme/profile %q %q", tc.spec, tc.in, res.Scheme, res.Profile)
		}
		if res.Canonical != tc.canonical || res.Key != tc.key || res.Namespace != tc.ns {
			t.Errorf("%s %q: canonical %q key %q ns %q, want %q %q %q", tc.spec, tc.in, res.Canonical, res.Key, res.Namespace, tc.canonical, tc.key, tc.ns)
		}
		if res.Valid() != tc.valid {
			t.Errorf("%s %q: Valid() = %v, want %v\n\t%s", tc.spec, tc.in, res.Valid(), tc.valid, ruletest.Describe(res.Findings))
		}
		ruletest.CheckFindings(t, Catalog, tc.in, tc.profile, res.Findings)
	}
}
