package main

import (
	"bytes"
	"fmt"
	"io"

	"github.com/idlint/idlint/internal/atomicfile"
	"github.com/idlint/idlint/reports"
	htmlreport "github.com/idlint/idlint/reports/html"
)

// newHTMLReport is the sink of --html FILE (issue 22): it collects the
// page's aggregates during the scan; finishHTML writes the file.
func newHTMLReport(rep reportSpec, m reportMeta, paths []string) *htmlreport.Collector {
	return htmlreport.NewCollector(htmlreport.Meta{Version: m.Version, RunID: m.RunID, Profiles: m.Profiles,
		CommandLine: m.CommandLine, Inputs: paths, Start: m.Start, ParquetDir: rep.dir})
}

// finishHTML writes the page of a run that ended with runErr (nothing for
// a failed run: its counts would mislead) and says where.
func finishHTML(c *htmlreport.Collector, path string, sum reports.Summary, runErr error, name string, stderr io.Writer) error {
	if runErr != nil {
		c.Abort(runErr)
		fmt.Fprintf(stderr, "idlint %s: no HTML report written to %s: the run failed\n", name, path)
		return nil
	}
	var buf bytes.Buffer
	if err := htmlreport.Write(&buf, c.Model(sum)); err != nil {
		return fmt.Errorf("--html %s: %w", path, err)
	}
	if err := atomicfile.Write(path, buf.Bytes(), 0o644, nil); err != nil {
		return fmt.Errorf("--html: %w", err)
	}
	fmt.Fprintf(stderr, "idlint %s: HTML report written to %s\n", name, path)
	return nil
}
