package reports

import (
	"fmt"
	"strings"

	"github.com/idlint/idlint/rules"
)

// RuleTable renders the catalog as `idlint rules` prints it.
func RuleTable(rs []*rules.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-7s %-30s %-8s %-26s %-6s %s\n", "ID", "NAME", "SEVERITY", "PROFILES", "FIX", "SPEC")
	for _, r := range rs {
		sev := r.Severity.String()
		for _, p := range r.Profiles {
			if _, ok := r.ProfileSeverity.Get(p); ok {
				sev += "*"
				break
			}
		}
		fmt.Fprintf(&b, "%-7s %-30s %-8s %-26s %-6s %s\n", r.ID, r.Name, sev, strings.Join(r.Profiles, ","), fixWord(r), r.Spec)
	}
	fmt.Fprintf(&b, "\n* severity differs under some profiles; `idlint rules ID` shows the page.\n")
	fmt.Fprintf(&b, "FIX: safe fixes are applied by `idlint check --fix`, unsafe ones with --unsafe-fixes too.\n")
	return b.String()
}

// RuleMarkdown renders the catalog as a Markdown table (README's rule list).
func RuleMarkdown(rs []*rules.Rule) string {
	var b strings.Builder
	b.WriteString("| ID | name | severity | profiles | fix | spec | summary |\n|---|---|---|---|---|---|---|\n")
	for _, r := range rs {
		sev := r.Severity.String()
		for _, p := range r.Profiles {
			if s, ok := r.ProfileSeverity.Get(p); ok {
				sev += fmt.Sprintf(" (%s: %s)", p, s)
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", r.ID, r.Name, sev, strings.Join(r.Profiles, ", "), fixWord(r), r.Spec, strings.ReplaceAll(r.Summary, "|", "\\|"))
	}
	return b.String()
}

// fixWord is a rule's fix kind in the tables: "safe", "unsafe" or "".
func fixWord(r *rules.Rule) string {
	if r.FixKind == rules.FixNone {
		return ""
	}
	return r.FixKind.String()
}
