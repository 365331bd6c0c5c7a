package lint

import (
	"fmt"

	"github.com/idlint/idlint/internal/suggest"
)

// SuggestRule returns the rule ID or name closest to a mistyped one
// ("URN0O6" → "URN006", "urn/bad-percent-encodng" → "urn/bad-percent-encoding"), for "did you mean" in messages; ok is false when
// none is close.
func SuggestRule(idOrName string) (string, bool) {
	var words []string
	for _, r := range Rules() {
		words = append(words, r.ID, r.Name, r.Scheme+"/"+r.Name)
	}
	return suggest.Closest(idOrName, words)
}

// UnknownRuleError is the error for a rule ID or name no rule has.
type UnknownRuleError struct{ Name string }

func (e *UnknownRuleError) Error() string {
	if s, ok := SuggestRule(e.Name); ok {
		return fmt.Sprintf("unknown rule %q (did you mean %s?)", e.Name, s)
	}
	return fmt.Sprintf("unknown rule %q (idlint rules lists them)", e.Name)
}
