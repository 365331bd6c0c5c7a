//go:build !parquet

package main

import (
	"context"
	"errors"
	"io"

	"github.com/idlint/idlint/reports"
)

// The default build, without Apache Arrow: a linter that builds in a
// fifth of the time (what a pre-commit hook's install waits for) and
// starts sooner. Reports and the Arrow stream say how to get them:
// `-tags parquet` (parquet.go).

const withParquet = false

var errNoParquet = errors.New("this idlint was built without Parquet and Arrow: --report, --format arrow and merge need the build with them: " + parquetHint)

func newArrowStream(io.Writer, reportMeta) (reports.Sink, error) { return nil, errNoParquet }

func createReport(string, reportMeta) (reports.Sink, error) { return nil, errNoParquet }

func mergeReports(context.Context, string, []string, reportMeta) error { return errNoParquet }
