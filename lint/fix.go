package lint

import "github.com/idlint/idlint/rules"

// fillFixes sets each finding's Fix from its rule's Fixer (issue 20 §5).
// Only rules with a fix pay for it.
func fillFixes(o *Occurrence) {
	for i := range o.Findings {
		f := &o.Findings[i]
		if f.Rule.Fixer != nil {
			f.Fix = rules.FixFor(o.Raw, o.Profile, f)
		}
	}
}
