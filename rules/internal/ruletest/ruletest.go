// Package ruletest holds the table-test helpers the scheme packages share:
// a case names an identifier, the rule IDs its findings must be exactly, and
// the spec section the expectation is read from.
package ruletest

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"testing"
	"unsafe"

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

// LintCase is one row of a spec-section table. Expectations are written
// from the spec text cited in Spec, not from the implementation's output.
type LintCase struct {
	Spec    string // the section the expectation is read from
	Profile string // "" means the table's profile
	In      string
	Bare    bool   // read without the scheme prefix (XRDS's bare XRIs)
	Want    string // space-separated "ID:severity" pairs that must be reported
	Not     string // space-separated rule IDs that must not be reported
	Exact   bool   // nothing but Want may be reported
	Canon   string // expected canonical form ("" = not checked)
}

// Section is one table: the cases read from one section of one spec.
type Section struct {
	Name    string // e.g. "rfc8141 §2"
	Profile string // default profile of the cases
	Cases   []LintCase
}

// ProfileOf is the profile case c runs under.
func (s *Section) ProfileOf(c LintCase) string {
	if c.Profile != "" {
		return c.Profile
	}
	return s.Profile
}

// Cat joins tables.
func Cat(tables ...[]LintCase) []LintCase {
	var out []LintCase
	for _, t := range tables {
		out = append(out, t...)
	}
	return out
}

// Harness is what the shared tests drive of one scheme package.
type Harness struct {
	Catalog []*rules.Rule
	// Lint lints in under profile with every finding kept (bare: without
	// the scheme prefix) and returns the canonical form.
	Lint func(in, profile string, bare bool) (canonical string, fs []rules.Finding)
	// Parse is the package's Parse: it must fail exactly when Lint
	// reports an error.
	Parse func(in, profile string, bare bool) error
	// Invariants, if set, checks what must hold of every input.
	Invariants func(t testing.TB, in, profile string, bare bool)
	// Key is the package's equivalence key of in (Parse, then Key); CheckerKey
	// the key its rules.Checker gives. They must agree.
	Key, CheckerKey func(in, profile string) string
}

// RunSections runs every case of secs as a subtest.
func (h *Harness) RunSections(t *testing.T, secs ...*Section) {
	for _, s := range secs {
		t.Run(s.Name, func(t *testing.T) {
			if len(s.Cases) == 0 {
				t.Fatal("empty table")
			}
			for i, c := range s.Cases {
				p := s.ProfileOf(c)
				t.Run(fmt.Sprintf("%02d/%s/%s", i, p, c.In), func(t *testing.T) {
					h.RunCase(t, s.Name, p, c)
				})
			}
		})
	}
}

// RunCase checks one case of the table of section sectionName under profile.
func (h *Harness) RunCase(t *testing.T, sectionName, profile string, c LintCase) {
	t.Helper()
	if c.Spec == "" {
		t.Fatal("case cites no spec section")
	}
	if !strings.HasPrefix(c.Spec, sectionName) {
		t.Fatalf("case cites %q but sits in the table of %q", c.Spec, sectionName)
	}
	if c.Want == "" && c.Not == "" && !c.Exact && c.Canon == "" {
		t.Fatal("case asserts nothing")
	}
	canon, fs := h.Lint(c.In, profile, c.Bare)
	Expect(t, h.Catalog, c.Spec, c.In, profile, c.Want, c.Not, c.Exact, fs)
	if c.Canon != "" && canon != c.Canon {
		t.Errorf("%s %q under %s: canonical %q, want %q", c.Spec, c.In, profile, canon, c.Canon)
	}
	// Parse agrees with Lint on validity: errors are the MUST-level violations.
	err := h.Parse(c.In, profile, c.Bare)
	hasErr := false
	for _, f := range fs {
		hasErr = hasErr || f.Severity == rules.Error
	}
	if (err != nil) != hasErr {
		t.Errorf("%q under %s: Parse error %v, but Lint error findings: %v", c.In, profile, err, hasErr)
	}
	if h.Invariants != nil {
		h.Invariants(t, c.In, profile, c.Bare)
	}
}

// EquivalenceClasses checks that keys are equal exactly within each class,
// and that the package's and its checker's keys agree.
func (h *Harness) EquivalenceClasses(t *testing.T, spec, profile string, classes [][]string) {
	t.Helper()
	type keyed struct {
		in, key string
		class   int
	}
	var all []keyed
	for ci, class := range classes {
		for _, in := range class {
			k := h.Key(in, profile)
			if ck := h.CheckerKey(in, profile); ck != k {
				t.Errorf("%s: %q: Checker key %q != Key %q", spec, in, ck, k)
			}
			all = append(all, keyed{in, k, ci})
		}
	}
	for i := range all {
		for j := i + 1; j < len(all); j++ {
			a, b := all[i], all[j]
			same := a.key == b.key
			if a.class == b.class && !same {
				t.Errorf("%s (%s): %q and %q must be equivalent; keys %q, %q", spec, profile, a.in, b.in, a.key, b.key)
			}
			if a.class != b.class && same {
				t.Errorf("%s (%s): %q and %q must not be equivalent; both key %q", spec, profile, a.in, b.in, a.key)
			}
		}
	}
}

// Within reports whether sub lies inside s's memory (a true substring,
// not a copy). Empty strings trivially qualify.
func Within(sub, s string) bool {
	if len(sub) == 0 {
		return true
	}
	if len(s) == 0 {
		return false
	}
	b := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	p := uintptr(unsafe.Pointer(unsafe.StringData(sub)))
	return p >= b && p+uintptr(len(sub)) <= b+uintptr(len(s))
}

// SortedKeys returns m's keys in order.
func SortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
