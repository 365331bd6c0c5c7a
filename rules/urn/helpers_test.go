package urn

import (
	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ruletest"
)

// The spec-section tables use the shared harness (rules/internal/ruletest).
type (
	lintCase = ruletest.LintCase
	section  = ruletest.Section
)

// harness binds the shared table tests to this package, keys per rfc2141bis-03
// §5 step 5a (harnessFor gives step 5b).
var harness = harnessFor(Options{})

func harnessFor(opt Options) *ruletest.Harness {
	return &ruletest.Harness{
		Catalog: Catalog,
		Lint: func(in, profile string, _ bool) (string, []rules.Finding) {
			u, fs := Lint(in, profile, Options{QueryOrder: opt.QueryOrder, MinSeverity: rules.Info})
			return u.Canonical(), fs
		},
		Parse: func(in, profile string, _ bool) error {
			_, err := Parse(in, profile)
			return err
		},
		Key: func(in, profile string) string {
			u, _ := Lint(in, profile, opt)
			return u.Key()
		},
		CheckerKey: func(in, profile string) string {
			return (&Checker{QueryOrder: opt.QueryOrder}).Check(in, profile).Key
		},
	}
}
