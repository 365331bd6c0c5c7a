//go:build parquet

package main

import (
	"path/filepath"
	"testing"

	"github.com/idlint/idlint/reports/parquet"
)

// issue 20 §3: the Parquet tables hold identifiers only: a suppression
// comment's findings are in the linter outputs, not in them.
func TestSuppressionFindingsNotInReport(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"spec.txt": suppressDoc})
	rep := filepath.Join(t.TempDir(), "report")
	if code, _, errs := runCmd(t, "", "scan", "--suppressions", "--format", "none", "--report", rep, dir); code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for table, want := range map[string]int{"occurrences": 4, "clusters": 4, "findings": 0} {
		rows, _, err := parquet.ReadRows(filepath.Join(rep, table+".parquet"))
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != want {
			t.Errorf("%s: %d rows, want %d: %v", table, len(rows), want, rows)
		}
		for _, r := range rows {
			if r["scheme"] == "idlint" {
				t.Errorf("%s: row %v of a suppression comment", table, r)
			}
		}
	}
}
