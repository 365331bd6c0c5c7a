//go:build noparquet

package main

import (
	"context"
	"errors"
	"io"

	"github.com/idlint/idlint/reports"
)

// Built without Apache Arrow (-tags noparquet): a smaller binary that
// starts sooner, for pre-commit hooks; reports and the Arrow stream say
// what is missing instead.

const withParquet = false

var errNoParquet = errors.New("this idlint was built without Parquet and Arrow (-tags noparquet): --report, --format arrow and merge are not available")

func newArrowStream(io.Writer, reportMeta) (reports.Sink, error) { return nil, errNoParquet }

func createReport(string, reportMeta) (reports.Sink, error) { return nil, errNoParquet }

func mergeReports(context.Context, string, []string, reportMeta) error { return errNoParquet }
