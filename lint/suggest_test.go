package lint

import (
	"strings"
	"testing"

	"github.com/idlint/idlint/rules"
)

// issue 20 §8: an unknown rule in --severity/--ignore (lint.Config) says
// which rule was meant.
func TestUnknownRuleSuggests(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"URN0O6", `unknown rule "URN0O6" (did you mean URN006?)`},
		{"bad-percent-encodng", `unknown rule "bad-percent-encodng" (did you mean bad-percent-encoding?)`},
		{"urn/bad-percent-encodng", `unknown rule "urn/bad-percent-encodng" (did you mean urn/bad-percent-encoding?)`},
		{"NOPE-AT-ALL", `unknown rule "NOPE-AT-ALL" (idlint rules lists them)`},
	} {
		_, err := New(Config{Severity: map[string]rules.Severity{tc.name: rules.None}})
		if err == nil || err.Error() != tc.want {
			t.Errorf("New with rule %q: error %v, want %q", tc.name, err, tc.want)
			continue
		}
		if !strings.Contains(err.Error(), tc.name) {
			t.Errorf("error %v does not name the input", err)
		}
	}
}
