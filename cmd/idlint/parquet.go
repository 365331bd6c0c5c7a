//go:build parquet

package main

import (
	"context"
	"io"

	"github.com/idlint/idlint/internal/shard"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/reports"
	htmlreport "github.com/idlint/idlint/reports/html"
	"github.com/idlint/idlint/reports/parquet"
)

// Parquet reports and the Arrow stream, with `-tags parquet`: Apache
// Arrow's packages, linked here only, are most of the binary, most of its
// build time (79 s against 13 s on 2 cores) and a millisecond of every
// start (their initialisation), so the default build leaves them out
// (noparquet.go), for a linter that only prints.

const withParquet = true

func (m reportMeta) parquet() parquet.Options {
	return parquet.Options{RunID: m.RunID, Version: m.Version, Profiles: m.Profiles, CommandLine: m.CommandLine, Start: m.Start, Extra: m.Shard.Keys()}
}

func newArrowStream(w io.Writer, m reportMeta) (reports.Sink, error) {
	return parquet.NewStream(w, m.RunID), nil
}

func createReport(dir string, m reportMeta) (reports.Sink, error) {
	if err := shard.RemoveDone(dir); err != nil { // not complete until it ends
		return nil, err
	}
	pw, err := parquet.Create(dir, m.parquet())
	if err != nil {
		return nil, err
	}
	return doneSink{pw, dir, m.Shard}, nil
}

func mergeReports(ctx context.Context, out string, shards []string, m reportMeta) error {
	return parquet.Merge(ctx, out, shards, m.parquet())
}

func readHTMLModel(ctx context.Context, dir string) (*htmlreport.Model, error) {
	return parquet.ReadModel(ctx, dir)
}

// doneSink writes the report's completion marker after the report itself.
type doneSink struct {
	reports.Sink
	dir string
	m   shard.Meta
}

func (d doneSink) Occurrence(o *lint.Occurrence) error { return d.Sink.Occurrence(o) }
func (d doneSink) Source(r *record.Source) error       { return d.Sink.Source(r) }

func (d doneSink) Finish(s reports.Summary) error {
	if err := d.Sink.Finish(s); err != nil {
		return err
	}
	return shard.WriteDone(d.dir, d.m)
}
