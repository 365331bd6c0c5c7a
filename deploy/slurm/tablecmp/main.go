//go:build parquet

// Command tablecmp compares two idlint report directories table by
// table, by row content (run_id aside, rows sorted), not file bytes:
// the check of deploy/slurm/e2e.sh that a merged job equals one run.
//
//	go run -tags parquet ./deploy/slurm/tablecmp A B
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/idlint/idlint/reports/parquet"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: tablecmp A B")
		os.Exit(2)
	}
	code := 0
	for _, name := range []string{parquet.OccurrencesFile, parquet.FindingsFile, parquet.SourcesFile, parquet.ClustersFile} {
		a, err := rows(filepath.Join(os.Args[1], name))
		if err == nil {
			var b []string
			if b, err = rows(filepath.Join(os.Args[2], name)); err == nil {
				same := len(a) == len(b)
				for i := 0; same && i < len(a); i++ {
					same = a[i] == b[i]
				}
				if same {
					fmt.Printf("%s: %d rows, same\n", name, len(a))
					continue
				}
				fmt.Printf("%s: %d and %d rows, differ\n", name, len(a), len(b))
				code = 1
				continue
			}
		}
		fmt.Fprintln(os.Stderr, "tablecmp:", err)
		os.Exit(2)
	}
	os.Exit(code)
}

// rows renders a table's rows as JSON, without run_id, sorted.
func rows(path string) ([]string, error) {
	rs, _, err := parquet.ReadRows(path)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(rs))
	for i, r := range rs {
		delete(r, "run_id")
		b, err := json.Marshal(r)
		if err != nil {
			return nil, err
		}
		out[i] = string(b)
	}
	sort.Strings(out)
	return out, nil
}
