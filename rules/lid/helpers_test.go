package lid

import (
	"testing"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ruletest"
)

// lintCase is one row of a spec-section table: the section, the identifier
// and the rule IDs its findings must be exactly (ruletest.Case).
type lintCase = ruletest.Case

// runCases runs the shared table check (rules/internal/ruletest) under LID00.
func runCases(t *testing.T, cases []lintCase) {
	t.Helper()
	ruletest.Run(t, cases, func(in string) []rules.Finding {
		_, fs := Lint(in, LID00, Options{MinSeverity: rules.Info})
		return fs
	})
}
