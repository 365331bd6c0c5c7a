//go:build parquet

package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/idlint/idlint/reports"
	"github.com/idlint/idlint/reports/parquet"
)

// issue 24 §5: --report's clusters.parquet holds the same rows in the
// same order whether the clusters spilled to disk or not, at -j 1 and 2.
// Not parallel: the budget is the process's.
func TestClusterSpillSameReport(t *testing.T) {
	corpus := spillCorpus(t)
	out, tmp := t.TempDir(), t.TempDir()
	var want string
	for _, run := range [][2]string{{"1", "-1"}, {"1", "1"}, {"2", "1"}} {
		dir := filepath.Join(out, run[0]+run[1])
		before := reports.RunsSpilled()
		if code, _, errs := runCmd(t, "", "scan", "--quiet", "--format", "none", "-j", run[0], "--cluster-memory", run[1], "--temp-dir", tmp, "--report", dir, corpus); code != exitOK {
			t.Fatalf("exit %d: %s", code, errs)
		}
		if spilled := reports.RunsSpilled() - before; run[1] == "1" && spilled < 3 {
			t.Errorf("-j %s: %d runs spilled", run[0], spilled)
		}
		rows, _ := readTable(t, dir, parquet.ClustersFile)
		got := strings.Join(canonicalRows(rows, false), "\n")
		if want == "" {
			want = got
			if len(rows) != 5500 {
				t.Fatalf("%d clusters, want 5500", len(rows))
			}
		} else if got != want {
			t.Errorf("-j %s --cluster-memory %s: clusters.parquet differs from the in-memory run's", run[0], run[1])
		}
		if left, _ := filepath.Glob(filepath.Join(tmp, "*")); len(left) > 0 {
			t.Errorf("left in --temp-dir: %v", left)
		}
	}
	reports.SetClusterSpill(reports.DefaultClusterBudget, "")
}
