package urn

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"unsafe"

	"github.com/idlint/idlint/rules"
)

// lintCase is one row of a spec-section table. Expectations are written
// from the spec text cited in spec, not from the implementation's output.
type lintCase struct {
	spec    string // the section the expectation is read from
	profile string // "" means the table's profile
	in      string
	want    string // space-separated "ID:severity" pairs that must be reported
	not     string // space-separated rule IDs that must not be reported
	exact   bool   // nothing but want may be reported
}

// section is one table: the cases read from one section of one spec.
type section struct {
	name    string // e.g. "rfc8141 §2"
	profile string // default profile of the cases
	cases   []lintCase
}

func (s *section) profileOf(c lintCase) string {
	if c.profile != "" {
		return c.profile
	}
	return s.profile
}

// wantSet parses "URN004:error URN025:info" into rule ID → severity.
func wantSet(t testing.TB, s string) map[string]rules.Severity {
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
		if ruleByID(id) == nil {
			t.Fatalf("want names unknown rule %s", id)
		}
		m[id] = v
	}
	return m
}

func notSet(t testing.TB, s string) []string {
	t.Helper()
	ids := strings.Fields(s)
	for _, id := range ids {
		if ruleByID(id) == nil {
			t.Fatalf("not names unknown rule %s", id)
		}
	}
	return ids
}

func ruleByID(id string) *rules.Rule {
	for _, r := range Catalog {
		if r.ID == id {
			return r
		}
	}
	return nil
}

// found summarizes findings as rule ID → severities seen.
func found(fs []rules.Finding) map[string][]rules.Severity {
	m := map[string][]rules.Severity{}
	for _, f := range fs {
		m[f.Rule.ID] = append(m[f.Rule.ID], f.Severity)
	}
	return m
}

func describe(fs []rules.Finding) string {
	var parts []string
	for _, f := range fs {
		parts = append(parts, fmt.Sprintf("%s:%s[%d:%d] %s", f.Rule.ID, f.Severity, f.Start, f.End, f.Message))
	}
	if len(parts) == 0 {
		return "(no findings)"
	}
	return strings.Join(parts, "\n\t")
}

// checkFindings verifies what holds for every finding whatever the input:
// a catalog rule that runs under the profile, at the profile's severity,
// with an in-bounds span, in text order.
func checkFindings(t testing.TB, in, profile string, fs []rules.Finding) {
	t.Helper()
	for i, f := range fs {
		if f.Rule == nil {
			t.Fatalf("%q: finding %d has no rule", in, i)
		}
		if ruleByID(f.Rule.ID) != f.Rule {
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

// runCase lints c.in under profile and checks want, not and exact.
func runCase(t *testing.T, sectionName, profile string, c lintCase) {
	t.Helper()
	if c.spec == "" {
		t.Fatal("case cites no spec section")
	}
	if !strings.HasPrefix(c.spec, sectionName) {
		t.Fatalf("case cites %q but sits in the table of %q", c.spec, sectionName)
	}
	if c.want == "" && c.not == "" && !c.exact {
		t.Fatal("case asserts nothing")
	}
	want := wantSet(t, c.want)
	not := notSet(t, c.not)
	_, fs := Lint(c.in, profile, Options{MinSeverity: rules.Info})
	checkFindings(t, c.in, profile, fs)
	got := found(fs)
	for id, sev := range want {
		sevs, ok := got[id]
		if !ok {
			t.Errorf("%s %q under %s: want %s (%s), not reported; got\n\t%s", c.spec, c.in, profile, id, sev, describe(fs))
			continue
		}
		for _, s := range sevs {
			if s != sev {
				t.Errorf("%s %q under %s: %s has severity %s, want %s", c.spec, c.in, profile, id, s, sev)
			}
		}
	}
	for _, id := range not {
		if _, ok := want[id]; ok {
			t.Fatalf("case both wants and excludes %s", id)
		}
		if _, ok := got[id]; ok {
			t.Errorf("%s %q under %s: %s must not be reported; got\n\t%s", c.spec, c.in, profile, id, describe(fs))
		}
	}
	if c.exact {
		for id := range got {
			if _, ok := want[id]; !ok {
				t.Errorf("%s %q under %s: unexpected %s; got\n\t%s", c.spec, c.in, profile, id, describe(fs))
			}
		}
	}
	// Parse agrees with Lint on validity (rfc: errors are the MUST-level violations).
	_, err := Parse(c.in, profile)
	hasErr := false
	for _, f := range fs {
		hasErr = hasErr || f.Severity == rules.Error
	}
	if (err != nil) != hasErr {
		t.Errorf("%q under %s: Parse error %v, but Lint error findings: %v", c.in, profile, err, hasErr)
	}
}

func runSections(t *testing.T, secs ...*section) {
	for _, s := range secs {
		t.Run(s.name, func(t *testing.T) {
			if len(s.cases) == 0 {
				t.Fatal("empty table")
			}
			for i, c := range s.cases {
				p := s.profileOf(c)
				t.Run(fmt.Sprintf("%02d/%s/%s", i, p, c.in), func(t *testing.T) {
					runCase(t, s.name, p, c)
				})
			}
		})
	}
}

// equivalenceClasses checks that keys are equal exactly within each class.
func equivalenceClasses(t *testing.T, spec, profile string, opt Options, classes [][]string) {
	t.Helper()
	type keyed struct {
		in, key string
		class   int
	}
	var all []keyed
	chk := &Checker{QueryOrder: opt.QueryOrder}
	for ci, class := range classes {
		for _, in := range class {
			u, _ := Lint(in, profile, opt)
			k := u.Key()
			if ck := chk.Check(in, profile).Key; ck != k {
				t.Errorf("%s: %q: Checker key %q != URN.Key %q", spec, in, ck, k)
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

// within reports whether sub lies inside s's memory (a true substring,
// not a copy). Empty strings trivially qualify.
func within(sub, s string) bool {
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

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
