// Package ruletest holds the table-test helpers the scheme packages share:
// a case names an identifier, the rule IDs its findings must be exactly, and
// the spec section the expectation is read from.
package ruletest

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/idlint/idlint/rules"
)

// Case is one row of a spec-section table: want is the space-separated set
// of rule IDs (any order, "" for none).
type Case struct {
	Spec string
	In   string
	Want string
}

// IDs renders the distinct rule IDs of fs, sorted and space-separated.
func IDs(fs []rules.Finding) string {
	seen := map[string]bool{}
	var out []string
	for _, f := range fs {
		if !seen[f.Rule.ID] {
			seen[f.Rule.ID] = true
			out = append(out, f.Rule.ID)
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// Sorted normalizes a space-separated ID list.
func Sorted(s string) string {
	f := strings.Fields(s)
	sort.Strings(f)
	return strings.Join(f, " ")
}

// Run checks every case with lint, and that finding spans lie in the input.
func Run(t *testing.T, cases []Case, lint func(string) []rules.Finding) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.In, func(t *testing.T) {
			fs := lint(c.In)
			if got, want := IDs(fs), Sorted(c.Want); got != want {
				t.Errorf("%s: %q: findings %q, want %q (%s)", c.Spec, c.In, got, want, c.Spec)
				for _, f := range fs {
					t.Logf("  %s %s [%d,%d] %s", f.Rule.ID, f.Severity, f.Start, f.End, f.Message)
				}
			}
			for _, f := range fs {
				if f.Start < 0 || f.End > len(c.In) || f.Start > f.End {
					t.Errorf("%q: finding %s has span [%d,%d] outside the input", c.In, f.Rule.ID, f.Start, f.End)
				}
			}
		})
	}
}

// WantSet parses "URN004:error URN025:info" into rule ID → severity; every
// ID must be in catalog.
func WantSet(t testing.TB, catalog []*rules.Rule, s string) map[string]rules.Severity {
	t.Helper()
	m := map[string]rules.Severity{}
	for _, f := range strings.Fields(s) {
		id, sev, ok := strings.Cut(f, ":")
		if !ok {
			t.Fatalf("bad want %q: need ID:severity", f)
		}
		v, err := rules.ParseSeverity(sev)
		if err != nil {
			t.Fatal(err)
		}
		if RuleByID(catalog, id) == nil {
			t.Fatalf("want names unknown rule %s", id)
		}
		m[id] = v
	}
	return m
}

// NotSet parses a space-separated list of rule IDs that must be in catalog.
func NotSet(t testing.TB, catalog []*rules.Rule, s string) []string {
	t.Helper()
	ids := strings.Fields(s)
	for _, id := range ids {
		if RuleByID(catalog, id) == nil {
			t.Fatalf("not names unknown rule %s", id)
		}
	}
	return ids
}

// RuleByID finds a rule of catalog.
func RuleByID(catalog []*rules.Rule, id string) *rules.Rule {
	for _, r := range catalog {
		if r.ID == id {
			return r
		}
	}
	return nil
}

// Found summarizes findings as rule ID → severities seen.
func Found(fs []rules.Finding) map[string][]rules.Severity {
	m := map[string][]rules.Severity{}
	for _, f := range fs {
		m[f.Rule.ID] = append(m[f.Rule.ID], f.Severity)
	}
	return m
}

// Describe renders findings for a failure message.
func Describe(fs []rules.Finding) string {
	var parts []string
	for _, f := range fs {
		parts = append(parts, fmt.Sprintf("%s:%s[%d:%d] %s", f.Rule.ID, f.Severity, f.Start, f.End, f.Message))
	}
	if len(parts) == 0 {
		return "(no findings)"
	}
	return strings.Join(parts, "\n\t")
}

// CheckFindings verifies what holds for every finding whatever the input:
// a catalog rule that runs under the profile, at the profile's severity,
// with a message and an in-bounds span, in text order.
func CheckFindings(t testing.TB, catalog []*rules.Rule, in, profile string, fs []rules.Finding) {
	t.Helper()
	for i, f := range fs {
		if f.Rule == nil {
			t.Fatalf("%q: finding %d has no rule", in, i)
		}
		if RuleByID(catalog, f.Rule.ID) != f.Rule {
			t.Errorf("%q: finding %s is not the catalog's rule", in, f.Rule.ID)
		}
		if !f.Rule.AppliesTo(profile) {
			t.Errorf("%q: %s reported under %s, which it does not apply to", in, f.Rule.ID, profile)
		}
		if f.Severity != f.Rule.SeverityFor(profile) {
			t.Errorf("%q: %s has severity %s under %s, catalog says %s", in, f.Rule.ID, f.Severity, profile, f.Rule.SeverityFor(profile))
		}
		if f.Start < 0 || f.End > len(in) || f.Start > f.End {
			t.Errorf("%q: %s span [%d:%d] outside 0..%d or reversed", in, f.Rule.ID, f.Start, f.End, len(in))
		}
		if f.Message == "" {
			t.Errorf("%q: %s has no message", in, f.Rule.ID)
		}
		if i > 0 && fs[i-1].Start > f.Start {
			t.Errorf("%q: findings not in text order: %d after %d", in, f.Start, fs[i-1].Start)
		}
	}
}

// Expect checks the findings of one table case: every wanted rule reported
// at its severity, no excluded rule, and with exact nothing else.
func Expect(t testing.TB, catalog []*rules.Rule, spec, in, profile, want, not string, exact bool, fs []rules.Finding) {
	t.Helper()
	wants := WantSet(t, catalog, want)
	nots := NotSet(t, catalog, not)
	CheckFindings(t, catalog, in, profile, fs)
	got := Found(fs)
	for id, sev := range wants {
		sevs, ok := got[id]
		if !ok {
			t.Errorf("%s %q under %s: want %s (%s), not reported; got\n\t%s", spec, in, profile, id, sev, Describe(fs))
			continue
		}
		for _, s := range sevs {
			if s != sev {
				t.Errorf("%s %q under %s: %s has severity %s, want %s", spec, in, profile, id, s, sev)
			}
		}
	}
	for _, id := range nots {
		if _, ok := wants[id]; ok {
			t.Fatalf("case both wants and excludes %s", id)
		}
		if _, ok := got[id]; ok {
			t.Errorf("%s %q under %s: %s must not be reported; got\n\t%s", spec, in, profile, id, Describe(fs))
		}
	}
	if exact {
		for id := range got {
			if _, ok := wants[id]; !ok {
				t.Errorf("%s %q under %s: unexpected %s; got\n\t%s", spec, in, profile, id, Describe(fs))
			}
		}
	}
}
