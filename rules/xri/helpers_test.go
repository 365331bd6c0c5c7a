package xri

import (
	"testing"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ruletest"
)

// The spec-section tables use the shared harness (rules/internal/ruletest).
type (
	lintCase = ruletest.LintCase
	section  = ruletest.Section
)

// harness binds the shared table tests to this package.
var harness = &ruletest.Harness{
	Catalog: Catalog,
	Lint: func(in, profile string, bare bool) (string, []rules.Finding) {
		x, fs := Lint(in, profile, Options{Bare: bare, MinSeverity: rules.Info})
		return x.Canonical(), fs
	},
	Parse: func(in, profile string, bare bool) error {
		if bare {
			_, err := ParseBare(in, profile)
			return err
		}
		_, err := Parse(in, profile)
		return err
	},
	Invariants: invariants,
	Key:        keyOf,
	CheckerKey: func(in, profile string) string { return (&Checker{}).Check(in, profile).Key },
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

// keyOf is the equivalence key of an input read bare.
func keyOf(in, profile string) string {
	x, _ := Lint(in, profile, Options{Bare: true})
	return x.Key()
}
