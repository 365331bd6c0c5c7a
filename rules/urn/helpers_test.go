package urn

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"unsafe"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ruletest"
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

// Catalog-bound forms of the shared table helpers (rules/internal/ruletest).
func wantSet(t testing.TB, s string) map[string]rules.Severity {
	return ruletest.WantSet(t, Catalog, s)
}
func notSet(t testing.TB, s string) []string               { return ruletest.NotSet(t, Catalog, s) }
func ruleByID(id string) *rules.Rule                       { return ruletest.RuleByID(Catalog, id) }
func found(fs []rules.Finding) map[string][]rules.Severity { return ruletest.Found(fs) }
func describe(fs []rules.Finding) string                   { return ruletest.Describe(fs) }
func checkFindings(t testing.TB, in, profile string, fs []rules.Finding) {
	ruletest.CheckFindings(t, Catalog, in, profile, fs)
}

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
	_, fs := Lint(c.in, profile, Options{MinSeverity: rules.Info})
	ruletest.Expect(t, Catalog, c.spec, c.in, profile, c.want, c.not, c.exact, fs)
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
