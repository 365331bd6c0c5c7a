package gouri

import (
	"sort"
	"strings"
	"testing"

	"github.com/idlint/idlint/rules"
)

// lintCase is one row of a spec-section table: the identifier, the rule IDs
// its findings must be exactly (space-separated, any order, "" for none) and
// the section the expectation is read from.
type lintCase struct {
	spec string
	in   string
	want string
}

func ids(fs []rules.Finding) string {
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

func sortedIDs(s string) string {
	f := strings.Fields(s)
	sort.Strings(f)
	return strings.Join(f, " ")
}

func runCases(t *testing.T, cases []lintCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			_, fs := Lint(c.in, RFC3368, rules.Info)
			if got, want := ids(fs), sortedIDs(c.want); got != want {
				t.Errorf("%s: %q: findings %q, want %q (%s)", c.spec, c.in, got, want, c.spec)
				for _, f := range fs {
					t.Logf("  %s %s [%d,%d] %s", f.Rule.ID, f.Severity, f.Start, f.End, f.Message)
				}
			}
			for _, f := range fs {
				if f.Start < 0 || f.End > len(c.in) || f.Start > f.End {
					t.Errorf("%q: finding %s has span [%d,%d] outside the input", c.in, f.Rule.ID, f.Start, f.End)
				}
			}
		})
	}
}
