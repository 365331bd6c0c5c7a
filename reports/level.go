package reports

import (
	"path/filepath"

	"github.com/idlint/idlint/rules"
)

// severityWords is a severity in an output's own words: for an error,
// for a warning, and for anything lower (info). Each format has its
// scale (SARIF's note, GitHub's notice, GitLab's major/minor/info).
type severityWords struct{ err, warn, other string }

func (w severityWords) of(s rules.Severity) string {
	switch s {
	case rules.Error:
		return w.err
	case rules.Warning:
		return w.warn
	}
	return w.other
}

// slashPath is an input path as a repository names it: forward slashes,
// cleaned ("./a.txt" is "a.txt").
func slashPath(p string) string { return filepath.ToSlash(filepath.Clean(p)) }
