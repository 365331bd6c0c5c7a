package config

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/idlint/idlint/internal/suggest"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/rules"
)

// Selector designates rules as select, ignore and severity keys do: "ALL",
// an ID ("URN041"), an ID prefix ("URN04", "URN": the letters of an ID
// and the start of its digits), a name ("bad-percent-encoding", every
// scheme's rule of that name) or scheme/name ("urn/bad-percent-encoding").
// Case does not matter.
type Selector struct {
	Text   string
	Origin Origin
	// Specificity orders selectors matching the same rule (ruff's rule):
	// ALL < a prefix (longer is more specific) < an ID or a name.
	Specificity int
	rules       map[*rules.Rule]bool
}

const exact = 1000 // specificity of an ID or a name

// Matches reports whether s designates r.
func (s *Selector) Matches(r *rules.Rule) bool { return s.rules[r] }

// catalog is every rule the engine knows (lint.Rules), read once: rules
// added to the catalog (meta rules, new schemes) are selectable with no
// change here.
var catalog = sync.OnceValue(lint.Rules)

// parseSelector resolves text against the catalog; an unknown rule is an
// error with a suggestion.
func parseSelector(text string, origin Origin) (Selector, error) {
	s := Selector{Text: text, Origin: origin, rules: map[*rules.Rule]bool{}}
	t := strings.TrimSpace(text)
	if strings.EqualFold(t, "ALL") {
		s.Specificity = 1
		for _, r := range catalog() {
			s.rules[r] = true
		}
		return s, nil
	}
	if rs := lint.Find(t); len(rs) > 0 {
		s.Specificity = exact
		for _, r := range rs {
			s.rules[r] = true
		}
		return s, nil
	}
	if letters, digits := splitID(strings.ToUpper(t)); letters != "" && strings.Trim(digits, "0123456789") == "" {
		for _, r := range catalog() {
			rl, rd := splitID(r.ID)
			if rl == letters && strings.HasPrefix(rd, digits) {
				s.rules[r] = true
			}
		}
		if len(s.rules) > 0 {
			s.Specificity = 1 + len(t)
			return s, nil
		}
	}
	if best, ok := lint.SuggestRule(t); ok {
		return s, fmt.Errorf("unknown rule %q (did you mean %s?)", text, best)
	}
	return s, fmt.Errorf("unknown rule %q", text)
}

// splitID cuts a rule ID into its letters and the rest ("URN041" → "URN", "041").
func splitID(id string) (letters, rest string) {
	i := 0
	for i < len(id) && id[i] >= 'A' && id[i] <= 'Z' {
		i++
	}
	return id[:i], id[i:]
}

// didYouMean is ` (did you mean x?)` for the known word nearest to s, or
// "" when none is near (internal/suggest, as the CLI's messages).
func didYouMean(s string, known []string) string {
	if best, ok := suggest.Closest(s, known); ok {
		return fmt.Sprintf(" (did you mean %s?)", best)
	}
	return ""
}

func contains(list []string, s string) bool { return slices.Contains(list, s) }

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
