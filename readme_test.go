package idlint_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/reports"
	"github.com/idlint/idlint/rules/schemes"
)

// README.md carries the rule table generated from the catalog; this keeps
// them the same (regenerate with `go run ./cmd/idlint rules --markdown`).
func TestReadmeRuleTable(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if table := reports.RuleMarkdown(lint.Rules()); !strings.Contains(string(b), table) {
		t.Errorf("README.md rule table is stale; replace it with the output of `go run ./cmd/idlint rules --markdown`")
	}
	for _, cmd := range []string{"go run ./cmd/idlint demo", "go test ./..."} {
		if !strings.Contains(string(b[:min(len(b), 400)]), cmd) {
			t.Errorf("README.md does not open with %q", cmd)
		}
	}
}

// README's "What is checked" table names every scheme of the registry with
// its profiles, the default first.
func TestReadmeSchemeTable(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string][]string{} // scheme → profiles as the table lists them
	for _, line := range strings.Split(string(b), "\n") {
		cells := strings.Split(line, " | ")
		if len(cells) < 3 || !strings.HasPrefix(cells[0], "| `") || !strings.HasSuffix(cells[0], ":`") {
			continue
		}
		var ps []string
		for _, p := range strings.Split(cells[1], ", ") {
			ps = append(ps, strings.Trim(p, "`"))
		}
		rows[strings.Trim(cells[0], "| `:")] = ps
	}
	for _, s := range schemes.All() {
		ps, ok := rows[s.Name]
		if !ok {
			t.Errorf("README.md's scheme table has no row for %s:", s.Name)
			continue
		}
		if len(ps) == 0 || ps[0] != s.DefaultProfile {
			t.Errorf("README.md lists %s: profiles %v: want the default %s first", s.Name, ps, s.DefaultProfile)
		}
		if !sameSet(ps, s.Profiles) {
			t.Errorf("README.md lists %s: profiles %v, the registry %v", s.Name, ps, s.Profiles)
		}
	}
	if len(rows) != len(schemes.All()) {
		t.Errorf("README.md's scheme table has %d rows, the registry %d schemes", len(rows), len(schemes.All()))
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
