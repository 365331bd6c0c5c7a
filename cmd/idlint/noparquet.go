//go:build !parquet

package main

import (
	"context"
	"errors"
	"io"

	"github.com/idlint/idlint/reports"
	htmlreport "github.com/idlint/idlint/reports/html"
)

// The default build, without Apache Arrow: a linter that builds in a
// fifth of the time (what a pre-commit hook's install waits for) and
// starts sooner. Reports and the Arrow stream say how to get them:
// `-tags parquet` (parquet.go).

const withParquet = false

var errNoParquet = errors.New("this idlint was built without Parquet and Arrow: --report, --format arrow, merge and report need the build with them: " + parquetHint)

func newArrowStream(io.Writer, reportMeta) (reports.Sink, error) { return nil, errNoParquet }

func createReport(string, reportMeta) (reports.Sink, error) { return nil, errNoParquet }

func mergeReports(context.Context, string, []string, reportMeta, bool) error { return errNoParquet }

func readHTMLModel(context.Context, string) (*htmlreport.Model, error) { return nil, errNoParquet }
