package schemes

import (
	"strings"
	"testing"

	"github.com/idlint/idlint/rules"
)

// fixOnce lints ident under profile and applies the first fix of rule r
// (any rule when r is nil) of the given safety; ok is false when there is none.
func fixOnce(c rules.Checker, ident, profile string, r *rules.Rule, unsafe bool) (fixed string, res rules.Result, ok bool) {
	res = c.Check(ident, profile)
	p := profile
	if res.Profile != "" {
		p = res.Profile
	}
	for i := range res.Findings {
		f := &res.Findings[i]
		if r != nil && f.Rule != r {
			continue
		}
		if e := rules.FixFor(ident, p, f); e != nil && (e.Safe || unsafe) {
			return ident[:e.Start] + e.New + ident[e.End:], res, true
		}
	}
	return ident, res, false
}

// fixAll applies fixes of r one at a time, re-linting after each, until
// none is left (at most 32 rounds).
func fixAll(t *testing.T, c rules.Checker, ident, profile string, r *rules.Rule, unsafe bool) string {
	t.Helper()
	for range 32 {
		next, _, ok := fixOnce(c, ident, profile, r, unsafe)
		if !ok {
			return ident
		}
		ident = next
	}
	t.Fatalf("%q: fixes of %v do not converge", ident, r)
	return ident
}

func count(fs []rules.Finding, r *rules.Rule) int {
	n := 0
	for i := range fs {
		if fs[i].Rule == r {
			n++
		}
	}
	return n
}

// issue 20 §5: every rule that declares a fix has a fixer and says what
// it does; every Bad example of a rule with a fix is fixed by it (the
// fixed identifier lints clean of the rule); a safe fix keeps the Key
// (rfc8141 §3.1, rfc3986 §2.1, xri-1.0-rc2 §2.4.5, rfc2396 §6), an unsafe
// one is only applied with unsafe set.
func TestCatalogFixes(t *testing.T) {
	for _, s := range All() {
		c, err := s.Checker(nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range s.Catalog {
			if (r.FixKind == rules.FixNone) != (r.Fixer == nil) {
				t.Errorf("%s: FixKind %v with Fixer set %v", r.ID, r.FixKind, r.Fixer != nil)
			}
			if r.FixKind != rules.FixNone && r.Fix == "" {
				t.Errorf("%s: a fix without its Fix text", r.ID)
			}
			if r.FixKind == rules.FixNone {
				continue
			}
			fixed := 0
			for _, bad := range strings.Split(r.Bad, "\n") {
				for _, p := range r.Profiles {
					res := c.Check(bad, p)
					if count(res.Findings, r) == 0 {
						continue
					}
					out := fixAll(t, c, bad, p, r, true)
					after := c.Check(out, p)
					if n := count(after.Findings, r); n != 0 && out != bad {
						t.Errorf("%s under %s: %q fixed to %q still has %d finding(s)", r.ID, p, bad, out, n)
					}
					if out != bad {
						fixed++
					}
					if r.FixKind == rules.FixSafe && after.Key != res.Key {
						t.Errorf("%s under %s: safe fix of %q to %q changed the key %q → %q", r.ID, p, bad, out, res.Key, after.Key)
					}
					if r.FixKind == rules.FixUnsafe {
						if out2 := fixAll(t, c, bad, p, r, false); out2 != bad {
							t.Errorf("%s: unsafe fix applied without --unsafe-fixes: %q → %q", r.ID, bad, out2)
						}
					}
				}
			}
			if fixed == 0 {
				t.Errorf("%s: declares a %v fix but fixes none of its Bad examples %q", r.ID, r.FixKind, r.Bad)
			}
		}
	}
}

// issue 20 §5: safe fixes, applied together until none is left, keep the
// identifier's equivalence class (Key) and leave none of what they fixed.
func TestSafeFixesKeepKey(t *testing.T) {
	for _, tc := range []struct {
		scheme, profile, in, want string
		spec                      string
	}{
		{"urn", "rfc8141", "URN:ISBN:0451450523", "urn:isbn:0451450523", "rfc8141 §3.1: urn and NID case-insensitive"},
		{"urn", "rfc2141", "URN:Example:a%2cb%7e", "urn:example:a%2Cb%7E", "rfc2141 §5; rfc3986 §2.1 hex case"},
		{"urn", "rfc2141bis-03", "Urn:EX:a%3a?s=I2L", "urn:ex:a%3A?s=I2L", "rfc2141bis-03 §5 steps 1–2"},
		{"urn", "rfc8141", "urn:example:%61b", "urn:example:%61b", "rfc8141 §3.1: escapes are never decoded, so decoding is unsafe"},
		{"urn", "rfc8141", "urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6", "urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6", "rfc9562 §4: no fix needed"},
		{"xri", "auto", "XRI://@Example/a%2f", "xri://@Example/a%2F", "xri-2.0 ABNF; rfc3986 §6.2.2.1 (2.0 keeps the authority's case)"},
		{"xri", "xri-1.0-rc2", "XRI:@Example/a%2f", "xri:@example/a%2F", "xri-1.0-rc2 §2.4.1, §2.4.5 Table 3"},
		{"xri", "xri-1.0-rc2", "xri:@ex%61mple/.abc", "xri:@example/abc", "xri-1.0-rc2 §2.4.2, §2.4.3"},
		{"xri", "xri-2.0", "@example", "xri://@example", "xri-2.0 XRI = [ \"xri://\" ] xri-hier-part"},
		{"xri", "xri-1.0-rc2", "@example", "xri:@example", "xri-1.0-rc2 §2.4.5 Table 3"},
		{"xri", "xri-2.0", "xri://@cafe\u0301", "xri://@caf\u00e9", "xri-1.0-rc2 §2.2.4.3 step 1 (NFC)"},
		{"lid", "lid-00", "LID://Example.COM:/a%2d%7e", "lid://example.com/a-~", "rfc2396 §6, §2.3"},
		{"go", "rfc3368", "GO://CNRP.Example.com?ID=%41%2c", "go://cnrp.example.com?id=A%2C", "rfc3368 §3.2; rfc2396 §2.4.1"},
	} {
		s := Lookup(tc.scheme)
		c, _ := s.Checker(nil)
		before := c.Check(tc.in, tc.profile)
		got := fixAll(t, c, tc.in, tc.profile, nil, false)
		if got != tc.want {
			t.Errorf("%s (%s): %q fixed to %q, want %q", tc.spec, tc.profile, tc.in, got, tc.want)
		}
		after := c.Check(got, tc.profile)
		if after.Key != before.Key {
			t.Errorf("%s: safe fixes of %q changed the key %q → %q", tc.spec, tc.in, before.Key, after.Key)
		}
		if _, _, ok := fixOnce(c, got, tc.profile, nil, false); ok {
			t.Errorf("%s: %q still has a safe fix after fixing", tc.spec, got)
		}
	}
}

// issue 20 §5: each rule page says whether a fix exists and of which kind.
func TestPageSaysFix(t *testing.T) {
	want := map[rules.FixKind]string{rules.FixNone: "Fix:       none", rules.FixSafe: "Fix:       safe (--fix)", rules.FixUnsafe: "Fix:       unsafe (--unsafe-fixes)"}
	for _, s := range All() {
		for _, r := range s.Catalog {
			if !strings.Contains(r.Page(), want[r.FixKind]) {
				t.Errorf("%s: page lacks %q:\n%s", r.ID, want[r.FixKind], r.Page())
			}
		}
	}
}
