package reports

import (
	"fmt"
	"strings"

	"github.com/idlint/idlint/rules"
)

// RuleTable renders the catalog as `idlint rules` prints it.
func RuleTable(rs []*rules.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-7s %-30s %-8s %-26s %s\n", "ID", "NAME", "SEVERITY", "PROFILES", "SPEC")
	for _, r := range rs {
		sev := r.Severity.String()
		for _, p := range r.Profiles {
			if _, ok := r.ProfileSeverity[p]; ok {
				sev += "*"
				break
			}
		}
		fmt.Fprintf(&b, "%-7s %-30s %-8s %-26s %s\n", r.ID, r.Name, sev, strings.Join(r.Profiles, ","), r.Spec)
	}
	fmt.Fprintf(&b, "\n* severity differs under some profiles; `idlint rules ID` shows the page.\n")
	return b.String()
}

// RuleMarkdown renders the catalog as a Markdown table (README's rule list).
func RuleMarkdown(rs []*rules.Rule) string {
	var b strings.Builder
	b.WriteString("| ID | name | severity | profiles | spec | summary |\n|---|---|---|---|---|---|\n")
	for _, r := range rs {
		sev := r.Severity.String()
		for _, p := range r.Profiles {
			if s, ok := r.ProfileSeverity[p]; ok {
				sev += fmt.Sprintf(" (%s: %s)", p, s)
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", r.ID, r.Name, sev, strings.Join(r.Profiles, ", "), r.Spec, strings.ReplaceAll(r.Summary, "|", "\\|"))
	}
	return b.String()
}
