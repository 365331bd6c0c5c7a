package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idlint/idlint/reports"
)

// issue 24 §5: clusters spilled to disk (a budget of one byte: a run per
// 1,024 keys) come out byte for byte as those kept in memory, in text and
// JSON, at -j 1 and -j 2, and no run file is left in --temp-dir. Not
// parallel: the budget is the process's.
func TestClusterSpillSameOutput(t *testing.T) {
	dir := spillCorpus(t)
	tmp := t.TempDir()
	for _, format := range []string{"text", "json"} {
		var want string
		for _, j := range []string{"1", "2"} {
			for _, budget := range []string{"-1", "1"} {
				before := reports.RunsSpilled()
				code, out, errs := runCmd(t, "", "scan", "--quiet", "-j", j, "--format", format, "--cluster-memory", budget, "--temp-dir", tmp, dir)
				if code != exitOK {
					t.Fatalf("exit %d: %s", code, errs)
				}
				if spilled := reports.RunsSpilled() - before; budget == "1" && spilled < 3 || budget == "-1" && spilled != 0 {
					t.Errorf("%s -j %s --cluster-memory %s: %d runs spilled", format, j, budget, spilled)
				}
				if want == "" {
					want = out
					if !strings.Contains(out, "URN:UUID:") {
						t.Fatalf("unexpected output: %.300s", out)
					}
				} else if out != want {
					t.Errorf("%s -j %s --cluster-memory %s: output differs from -j 1 in memory", format, j, budget)
				}
				if left, _ := filepath.Glob(filepath.Join(tmp, "*")); len(left) > 0 {
					t.Errorf("left in --temp-dir: %v", left)
				}
			}
		}
	}
	reports.SetClusterSpill(reports.DefaultClusterBudget, "")
}

// spillCorpus writes three files of 2,500 keys each, 5,500 distinct in
// all, some in a second spelling.
func spillCorpus(t *testing.T) string {
	files := map[string]string{}
	for f := range 3 {
		var b strings.Builder
		for i := f * 1500; i < f*1500+2500; i++ { // files share keys
			prefix := "urn:uuid:"
			if i%3 == 0 {
				prefix = "URN:UUID:" // a second spelling
			}
			fmt.Fprintf(&b, "%s%08x-1111-4222-8333-%012x\n", prefix, i, i*7919)
		}
		files[fmt.Sprintf("f%d.txt", f)] = b.String()
	}
	return writeFiles(t, files)
}
