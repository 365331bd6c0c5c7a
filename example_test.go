package idlint_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/idlint/idlint"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/reports"
)

// invalid is a Sink that prints the invalid identifiers it is given.
type invalid struct{}

func (invalid) Occurrence(o *lint.Occurrence) error {
	if !o.Valid() {
		fmt.Printf("%s:%d:%d %s %v\n", o.Source, o.Line, o.Column, o.Raw, o.RuleIDs())
	}
	return nil
}

func (invalid) Source(*record.Source) error { return nil }

// Scan a corpus (here the embedded sample `idlint demo` scans) and take
// the occurrences in a Sink of your own: they come in input order, the
// same for any number of workers.
func ExampleScan() {
	opt := idlint.Options{}
	opt.Corpus.FS = idlint.Sample
	sum, err := idlint.Scan(context.Background(), []string{"sample/urn-notes.txt"}, opt, invalid{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d identifiers, %d invalid\n", sum.Occurrences, sum.Invalid)
	// Output:
	// sample/urn-notes.txt:26:56 urn:ab:item?id=7 [URN023 URN025 URN011]
	// sample/urn-notes.txt:27:26 urn:example:100% [URN006]
	// sample/urn-notes.txt:27:61 urn:example:a%zz [URN006]
	// sample/urn-notes.txt:28:38 urn:-example:x [URN003]
	// sample/urn-notes.txt:29:52 urn:isbn [URN002]
	// sample/urn-notes.txt:32:27 urn:example:weather?= [URN012 URN042]
	// 32 identifiers, 6 invalid
}

// Equivalence clusters of the identifiers found in text (RFC 8141 §3.2:
// scheme and NID compare case-insensitively, components are ignored). A
// cluster's key is the namespace's ns_key: for an ISBN-10, its ISBN-13 (the
// IANA isbn template's equivalence), so the ISBN-13 spelling would join too.
func ExampleScan_clusters() {
	opt := idlint.Options{Stdin: strings.NewReader("URN:ISBN:0451450523 urn:isbn:0451450523?+x urn:ietf:rfc:2648\n")}
	cs := reports.NewClusters()
	sink := clusterSink{cs}
	if _, err := idlint.Scan(context.Background(), []string{"-"}, opt, sink); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	cs.Each(func(c *reports.Cluster) error {
		fmt.Printf("%s ×%d (%d spellings)\n", c.Key, c.OccurrenceCount, len(c.Variants))
		return nil
	})
	// Output:
	// urn:ietf:rfc:2648 ×1 (1 spellings)
	// urn:isbn:9780451450524 ×2 (2 spellings)
}

type clusterSink struct{ cs *reports.Clusters }

func (s clusterSink) Occurrence(o *lint.Occurrence) error { s.cs.Add(o); return nil }
func (clusterSink) Source(*record.Source) error           { return nil }
