package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/idlint/idlint/internal/longtest"
	"github.com/idlint/idlint/rules"
)

// TestGOROOT checks the goal on the Go tree: no go: identifier comes from a
// Go directive ("//go:" at a comment's start) or a source position
// ("go:" digits). The few identifiers left are listed in the log. By
// default it walks the runtime, densest in directives; IDLINT_LONG=1 walks
// the whole tree.
func TestGOROOT(t *testing.T) {
	if testing.Short() {
		t.Skip("walks the Go source tree")
	}
	root, err := goroot()
	if err != nil {
		t.Skip(err)
	}
	if _, err := os.Stat(root); err != nil {
		t.Skip(err)
	}
	root = longtest.Pick(filepath.Join(root, "runtime"), root)
	position := regexp.MustCompile(`^go:\d+(:\d+)*$`)
	counts := map[string]int{}
	files, total, err := walk(root, func(path, ident string, ctx rules.Context, kind string) {
		counts[kind]++
		if kind != "identifier" {
			return
		}
		t.Logf("identifier %s: %q in %q…%q", strings.TrimPrefix(path, root), ident, ctx.Before, ctx.After)
		directive := strings.HasSuffix(strings.TrimRight(string(ctx.Before), " \t"), "//") && !strings.HasPrefix(ident, "go://")
		if directive || position.MatchString(ident) {
			t.Errorf("%s: %q (before %q) classified as an identifier", path, ident, ctx.Before)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	report(&b, root, files, total, counts)
	t.Log("\n" + b.String())
	if total == 0 || counts["go-directive"] < total/2 {
		t.Errorf("expected thousands of go directives in the Go tree, got %v", counts)
	}
}
