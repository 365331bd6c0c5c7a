package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"

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

// cmdReport is `idlint report [-o FILE] REPORT_DIR`: the HTML page of a
// finished (or merged) --report directory, by default REPORT_DIR/report.html.
func cmdReport(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("report", stderr)
	out := fs.String("o", "", "write the page to `FILE` (default: REPORT_DIR/report.html)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(fs, err, stdout)
	}
	if len(pos) != 1 {
		fmt.Fprintln(stderr, "idlint report: want one REPORT_DIR (a scan's --report directory, or a merge's)")
		return exitTrouble
	}
	if *out == "" {
		*out = filepath.Join(pos[0], "report.html")
	}
	m, err := readHTMLModel(ctx, pos[0])
	if err != nil {
		fmt.Fprintln(stderr, "idlint report:", err)
		return exitTrouble
	}
	var buf bytes.Buffer
	if err = htmlreport.Write(&buf, m); err == nil {
		err = atomicfile.Write(*out, buf.Bytes(), 0o644, nil)
	}
	if err != nil {
		fmt.Fprintln(stderr, "idlint report:", err)
		return exitTrouble
	}
	fmt.Fprintln(stdout, *out)
	return exitOK
}
