package idlint_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idlint/idlint"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/lint/config"
	"github.com/idlint/idlint/record"
)

// profiles counts occurrences by source and profile, and the findings of
// rule URN008.
type profiles struct{ n map[string]int }

func (p *profiles) Occurrence(o *lint.Occurrence) error {
	p.n[filepath.Base(filepath.Dir(o.Source))+" "+o.Profile]++
	for _, f := range o.Findings {
		if f.Rule.ID == "URN008" {
			p.n[filepath.Base(filepath.Dir(o.Source))+" URN008"]++
		}
	}
	return nil
}

func (p *profiles) Source(*record.Source) error { return nil }

// issue 20 §1: Options.EngineFor gives each input its own engine, the
// parts of a split file and the members of an archive included, the same
// whatever the worker count.
func TestScanEngineFor(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var b strings.Builder
	for i := 0; i < 3000; i++ {
		fmt.Fprintf(&b, "line %d urn:ex:a/b%d\n", i, i)
	}
	for _, d := range []string{"a", "b"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, d, "big.txt"), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// a/: rfc2141, where '/' is reserved (URN008); b/: the defaults
	if err := os.WriteFile(filepath.Join(dir, "a", config.FileName), []byte("[profiles]\nurn = \"rfc2141\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, jobs := range []int{1, 2} {
		ld := &config.Loader{Cwd: dir}
		sink := &profiles{n: map[string]int{}}
		opt := idlint.Options{Jobs: jobs, PartSize: 8 << 10, EngineFor: ld.EngineFor}
		if _, err := idlint.Scan(context.Background(), []string{filepath.Join(dir, "a"), filepath.Join(dir, "b")}, opt, sink); err != nil {
			t.Fatal(err)
		}
		want := map[string]int{"a rfc2141": 3000, "a URN008": 3000, "b rfc8141": 3000}
		if fmt.Sprint(sink.n) != fmt.Sprint(want) {
			t.Errorf("-j %d: %v, want %v", jobs, sink.n, want)
		}
	}
}
