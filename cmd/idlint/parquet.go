//go:build !noparquet

package main

import (
	"context"
	"io"

	"github.com/idlint/idlint/reports"
	"github.com/idlint/idlint/reports/parquet"
)

// Parquet reports and the Arrow stream: Apache Arrow's packages, linked
// here only, are a third of the binary and a millisecond of every start
// (their initialisation); `go build -tags noparquet` leaves them out
// (noparquet.go), for a linter that only prints.

const withParquet = true

func (m reportMeta) parquet() parquet.Options {
	return parquet.Options{RunID: m.RunID, Version: m.Version, Profiles: m.Profiles, CommandLine: m.CommandLine, Start: m.Start}
}

func newArrowStream(w io.Writer, m reportMeta) (reports.Sink, error) {
	return parquet.NewStream(w, m.RunID), nil
}

func createReport(dir string, m reportMeta) (reports.Sink, error) {
	pw, err := parquet.Create(dir, m.parquet())
	if err != nil {
		return nil, err
	}
	return pw, nil
}

func mergeReports(ctx context.Context, out string, shards []string, m reportMeta) error {
	return parquet.Merge(ctx, out, shards, m.parquet())
}
