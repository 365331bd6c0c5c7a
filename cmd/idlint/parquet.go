//go:build parquet

package main

import (
	"context"
	"io"

	"github.com/idlint/idlint/internal/shard"
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
	return parquet.Options{RunID: m.RunID, Version: m.Version, Profiles: m.Profiles, CommandLine: m.CommandLine, Start: m.Start, Extra: m.Shard.Keys(), Snappy: m.Snappy}
}

func newArrowStream(w io.Writer, m reportMeta) (reports.Sink, error) {
	return parquet.NewStream(w, m.RunID), nil
}

// createReport starts the report of --report DIR: written beside DIR and
// swapped in whole with its completion marker at the end, so that DIR
// holds the previous complete report (its DONE.json with it) until then
// (issue 24 §7).
func createReport(dir string, m reportMeta) (reports.Sink, error) {
	opt := m.parquet()
	opt.Complete = func(staging string) error { return shard.WriteDone(staging, m.Shard) }
	return parquet.Create(dir, opt)
}

// mergeReports merges shards into out, replaced as a set with its
// completion marker; replace lets out hold files of any name (--force).
func mergeReports(ctx context.Context, out string, shards []string, m reportMeta, replace bool) error {
	opt := m.parquet()
	opt.Complete = func(staging string) error { return shard.WriteDone(staging, m.Shard) }
	opt.ReplaceAny = replace
	return parquet.Merge(ctx, out, shards, opt)
}

func readHTMLModel(ctx context.Context, dir string) (*htmlreport.Model, error) {
	return parquet.ReadModel(ctx, dir)
}
