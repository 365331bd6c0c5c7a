//go:build parquet

package parquet_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/idlint/idlint"
	"github.com/idlint/idlint/reports/parquet"
)

// A Parquet report of a scan: the Writer is the scan's Sink; Close writes
// the clusters and moves the four files into place (reports/SCHEMA.md).
func ExampleCreate() {
	dir, err := os.MkdirTemp("", "report")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	w, err := parquet.Create(dir, parquet.Options{RunID: "example"})
	if err != nil {
		fmt.Println(err)
		return
	}
	opt := idlint.Options{Stdin: strings.NewReader("see URN:ISBN:0451450523 and urn:isbn:0451450523\n")}
	if _, err := idlint.Scan(context.Background(), []string{"-"}, opt, w); err != nil {
		w.Abort(nil)
		fmt.Println(err)
		return
	}
	if err := w.Close(); err != nil {
		fmt.Println(err)
		return
	}
	for _, name := range []string{parquet.OccurrencesFile, parquet.ClustersFile} {
		rows, _, err := parquet.ReadRows(filepath.Join(dir, name))
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: %d rows, first key %v\n", name, len(rows), rows[0]["key"])
	}
	// A cluster's key is the namespace's ns_key: the ISBN-10's ISBN-13
	// (IANA isbn template's equivalence).

	// Output:
	// occurrences.parquet: 2 rows, first key urn:isbn:0451450523
	// clusters.parquet: 1 rows, first key urn:isbn:9780451450524
}
