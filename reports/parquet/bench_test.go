//go:build parquet

package parquet

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/rules"
)

// BenchmarkReport writes a report of 200,000 occurrences over 20,000 keys
// (one in eight spelled in upper case, with an info finding), in ten
// sources: the occurrence and finding tables, the clusters, as
// `idlint scan --report` writes them.
func BenchmarkReport(b *testing.B) {
	const rows, keys = 200_000, 20_000
	r := rand.New(rand.NewSource(1))
	rule := &rules.Rule{ID: "URN030", Name: "case"}
	occs := make([]lint.Occurrence, rows)
	for i := range occs {
		k := r.Intn(keys)
		key := fmt.Sprintf("urn:example:item-%d", k)
		o := lint.Occurrence{Location: record.Location{Source: fmt.Sprintf("crawl/part-%d.warc.gz", i*10/rows), Offset: int64(i) * 30, Line: i + 1, Column: 5},
			Scheme: "urn", Profile: "rfc8141", Raw: key, Canonical: key, Key: key, Namespace: "example"}
		if r.Intn(8) == 0 {
			o.Raw = fmt.Sprintf("URN:EXAMPLE:item-%d", k)
			o.Findings = []rules.Finding{{Rule: rule, Severity: rules.Info, Message: "scheme or NID not in lower case"}}
		}
		occs[i] = o
	}
	b.ReportAllocs()
	for b.Loop() {
		w, err := Create(b.TempDir(), Options{RunID: "bench"})
		if err != nil {
			b.Fatal(err)
		}
		for i := range occs {
			if err := w.Occurrence(&occs[i]); err != nil {
				b.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*rows), "ns/row")
}
