package idlint_test

import (
	"os"
	"strings"
	"testing"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/reports"
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
