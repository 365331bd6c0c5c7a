package gouri

import (
	"testing"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ruletest"
)

// lintCase is one row of a spec-section table: the section, the identifier
// and the rule IDs its findings must be exactly (see ruletest.Case).
type lintCase struct{ spec, in, want string }

func ids(fs []rules.Finding) string { return ruletest.IDs(fs) }

func runCases(t *testing.T, cases []lintCase) {
	t.Helper()
	rows := make([]ruletest.Case, len(cases))
	for i, c := range cases {
		rows[i] = ruletest.Case{Spec: c.spec, In: c.in, Want: c.want}
	}
	ruletest.Run(t, rows, func(in string) []rules.Finding {
		_, fs := Lint(in, RFC3368, rules.Info)
		return fs
	})
}
