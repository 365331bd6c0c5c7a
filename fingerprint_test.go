package idlint_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idlint/idlint"
	"github.com/idlint/idlint/reports"
	"github.com/idlint/idlint/rules"
)

// issue 20 §6: fingerprints number equal findings in delivery order, which
// is the same whole or split into parts scanned in parallel: a large file's
// GitLab report (fingerprints and lines) does not depend on -j or parts.
func TestFingerprintsSplitFile(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	for i := 0; b.Len() < 256<<10; i++ {
		b.WriteString("text urn:example:a%zz and URN:x here\nfiller filler filler filler\n")
	}
	path := filepath.Join(t.TempDir(), "big.txt")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	gitlab := func(jobs int, part int64) string {
		var out bytes.Buffer
		g := reports.NewGitLab(&out, rules.Info, nil)
		sum, err := idlint.Scan(context.Background(), []string{path}, idlint.Options{Jobs: jobs, PartSize: part}, g)
		if err == nil {
			err = g.Finish(sum)
		}
		if err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	whole := gitlab(1, -1)
	if n := strings.Count(whole, `"fingerprint"`); n < 6000 {
		t.Fatalf("%d findings, want two per 64 bytes", n)
	}
	for _, c := range []struct {
		jobs int
		part int64
	}{{2, 16 << 10}, {4, 5 << 10}} {
		if got := gitlab(c.jobs, c.part); got != whole {
			t.Errorf("-j%d, parts of %d bytes: the GitLab report differs from the whole file's", c.jobs, c.part)
		}
	}
}
