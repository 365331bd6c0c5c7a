package xri

import (
	"fmt"
	"strings"
	"testing"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ruletest"
)

// lintCase is one row of a spec-section table. Expectations are written
// from the spec text cited in spec, not from the implementation's output.
type lintCase struct {
	spec    string // the section the expectation is read from
	profile string // "" means the table's profile
	in      string
	bare    bool   // read with ParseBare (no "xri:" needed)
	want    string // space-separated "ID:severity" pairs that must be reported
	not     string // space-separated rule IDs that must not be reported
	exact   bool   // nothing but want may be reported
	canon   string // expected canonical form ("" = not checked)
}

// section is one table: the cases read from one section of one spec.
type section struct {
	name    string // e.g. "xri-1.0-rc2 §2.1.1.1"
	profile string
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
	if c.want == "" && c.not == "" && !c.exact && c.canon == "" {
		t.Fatal("case asserts nothing")
	}
	x, fs := Lint(c.in, profile, Options{Bare: c.bare, MinSeverity: rules.Info})
	ruletest.Expect(t, Catalog, c.spec, c.in, profile, c.want, c.not, c.exact, fs)
	if c.canon != "" {
		if got := x.Canonical(); got != c.canon {
			t.Errorf("%s %q under %s: canonical %q, want %q", c.spec, c.in, profile, got, c.canon)
		}
	}
	// Parse/ParseBare agree with Lint on validity.
	var err error
	if c.bare {
		_, err = ParseBare(c.in, profile)
	} else {
		_, err = Parse(c.in, profile)
	}
	if (err != nil) != hasErrors(fs) {
		t.Errorf("%q under %s: Parse error %v, but Lint error findings: %v", c.in, profile, err, hasErrors(fs))
	}
	invariants(t, c.in, profile, c.bare)
}

// invariants checks what holds for every input: no panic, canonical and
// key stable, Key(Canonical(x)) == Key(x).
func invariants(t testing.TB, in, profile string, bare bool) {
	t.Helper()
	x, _ := Lint(in, profile, Options{Bare: bare, MinSeverity: rules.Info})
	canon, key := x.Canonical(), x.Key()
	cx, _ := Lint(canon, profile, Options{Bare: bare, MinSeverity: rules.Info})
	if k := cx.Key(); k != key {
		t.Errorf("%q under %s: Key(Canonical) %q != Key %q (canonical %q)", in, profile, k, key, canon)
	}
	if c2 := cx.Canonical(); c2 != canon {
		t.Errorf("%q under %s: canonical form not idempotent: %q → %q", in, profile, canon, c2)
	}
	if x.valid && !cx.valid {
		t.Errorf("%q under %s: valid, but its canonical form %q is not", in, profile, canon)
	}
	_ = x.Namespace()
	_ = x.URINormalForm()
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

// keyOf is the equivalence key of an input read bare.
func keyOf(in, profile string) string {
	x, _ := Lint(in, profile, Options{Bare: true})
	return x.Key()
}

// equivalenceClasses checks that keys are equal exactly within each class.
func equivalenceClasses(t *testing.T, spec, profile string, classes [][]string) {
	t.Helper()
	type keyed struct {
		in, key string
		class   int
	}
	var all []keyed
	chk := &Checker{}
	for ci, class := range classes {
		for _, in := range class {
			k := keyOf(in, profile)
			if ck := chk.Check(in, profile).Key; ck != k {
				t.Errorf("%s: %q: Checker key %q != XRI.Key %q", spec, in, ck, k)
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

func cat(tables ...[]lintCase) []lintCase {
	var out []lintCase
	for _, t := range tables {
		out = append(out, t...)
	}
	return out
}
