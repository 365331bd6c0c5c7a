package idlint

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/rules"
)

// keysOf scans paths and lists each identifier's scheme and key, with the
// rule IDs of its findings at or above min, in text order.
type keyList struct {
	keys  []string
	rules map[string]int
	min   rules.Severity
}

func (k *keyList) Occurrence(o *lint.Occurrence) error {
	if !o.IsMeta() { // a suppression comment is no identifier: its fix removes it
		k.keys = append(k.keys, o.Scheme+" "+o.Key)
	}
	for _, f := range o.Findings {
		if f.Severity >= k.min {
			k.rules[f.Rule.ID]++
		}
	}
	return nil
}
func (k *keyList) Source(*record.Source) error { return nil }

func scanKeys(t *testing.T, paths []string, min rules.Severity) *keyList {
	t.Helper()
	k := &keyList{rules: map[string]int{}, min: min}
	if _, err := Scan(context.Background(), paths, Options{Suppressions: true}, k); err != nil {
		t.Fatal(err)
	}
	return k
}

// badExamples is a document of every Bad example of the rules with a fix,
// one a line, the way a spec would quote them; CRLF line ends.
func badExamples() string {
	var b strings.Builder
	for _, r := range lint.Rules() {
		if r.FixKind == rules.FixNone {
			continue
		}
		for _, ex := range strings.Split(r.Bad, "\n") {
			fmt.Fprintf(&b, "%s: see %s here.\r\n", r.ID, ex)
		}
	}
	return b.String()
}

// corpusDir copies the demo sample and the Bad examples into a temporary directory.
func corpusDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	ents, err := Sample.ReadDir("sample")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		b, _ := Sample.ReadFile("sample/" + e.Name())
		if err := os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "bad.txt"), []byte(badExamples()), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// issue 20 §5: safe fixes never change an identifier's equivalence class
// (rfc8141 §3.1, rfc3986 §2.1, xri-1.0-rc2 §2.4, rfc2396 §6): over the
// demo sample and every fixable rule's Bad examples, the identifiers'
// (scheme, key) list is the same before and after --fix; the fixed files
// lint clean of every safe-fixable finding; fixing again changes nothing.
func TestFixSafeKeepsKeys(t *testing.T) {
	dir := corpusDir(t)
	before := scanKeys(t, []string{dir}, rules.Info)
	ctx := context.Background()
	res, err := Fix(ctx, []string{dir}, Options{Suppressions: true}, FixOptions{Min: rules.Info})
	if err != nil {
		t.Fatal(err)
	}
	if res.Fixed == 0 || len(res.Files) == 0 {
		t.Fatalf("nothing fixed: %+v", res)
	}
	after := scanKeys(t, []string{dir}, rules.Info)
	if !slices.Equal(before.keys, after.keys) {
		for i := range min(len(before.keys), len(after.keys)) {
			if before.keys[i] != after.keys[i] {
				t.Errorf("key %d: %q → %q", i, before.keys[i], after.keys[i])
			}
		}
		t.Fatalf("keys changed by safe fixes (%d before, %d after)", len(before.keys), len(after.keys))
	}
	for _, r := range lint.Rules() {
		if r.FixKind == rules.FixSafe && after.rules[r.ID] > 0 {
			// a safe fix may decline (a decoded escape that would be a
			// space …); every rule's Bad example is fixable, so none is left
			t.Errorf("%s: %d finding(s) left after --fix (before: %d)", r.ID, after.rules[r.ID], before.rules[r.ID])
		}
	}
	for _, f := range res.Files {
		if !f.Converged {
			t.Errorf("%s: did not converge", f.Path)
		}
	}
	again, err := Fix(ctx, []string{dir}, Options{Suppressions: true}, FixOptions{Min: rules.Info})
	if err != nil || again.Fixed != 0 || len(again.Files) != 0 {
		t.Errorf("fixing twice changed something: %d fixed in %d file(s), %v", again.Fixed, len(again.Files), err)
	}
}

// issue 20 §5: with unsafe fixes too, the fixed files lint clean of every
// fixable rule, CRLF line ends are kept, and a second run changes nothing.
func TestFixUnsafeCleansAndIsIdempotent(t *testing.T) {
	dir := corpusDir(t)
	bad := filepath.Join(dir, "bad.txt")
	before := scanKeys(t, []string{bad}, rules.Info)
	ctx := context.Background()
	fo := FixOptions{Min: rules.Info, Unsafe: true}
	res, err := Fix(ctx, []string{bad}, Options{Suppressions: true}, fo)
	if err != nil || len(res.Files) != 1 {
		t.Fatalf("Fix: %v, %d file(s)", err, len(res.Files))
	}
	after := scanKeys(t, []string{bad}, rules.Info)
	for id, n := range before.rules {
		r := lint.Find(id)[0]
		if r.FixKind != rules.FixNone && after.rules[id] > 0 {
			t.Errorf("%s: %d of %d finding(s) left after --fix --unsafe-fixes", id, after.rules[id], n)
		}
	}
	if res.Remaining != sum(after.rules) || res.UnsafeFixable != 0 {
		t.Errorf("remaining %d (unsafe-fixable %d), a scan of the fixed file finds %d", res.Remaining, res.UnsafeFixable, sum(after.rules))
	}
	b, _ := os.ReadFile(bad)
	if n, crlf := strings.Count(string(b), "\n"), strings.Count(string(b), "\r\n"); n == 0 || n != crlf {
		t.Errorf("line ends changed: %d LF, %d CRLF", n, crlf)
	}
	again, err := Fix(ctx, []string{bad}, Options{Suppressions: true}, fo)
	if err != nil || again.Fixed != 0 {
		t.Errorf("fixing twice changed something: %d fixed, %v", again.Fixed, err)
	}
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}
