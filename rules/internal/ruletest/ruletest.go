// Package ruletest holds the table-test helpers the scheme packages share:
// a case names an identifier, the rule IDs its findings must be exactly, and
// the spec section the expectation is read from.
package ruletest

import (
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
