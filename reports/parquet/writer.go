//go:build parquet

package parquet

import (
	"fmt"
	"os"
	"time"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/reports"
)

// File names inside a report directory.
const (
	OccurrencesFile = "occurrences.parquet"
	FindingsFile    = "findings.parquet"
	ClustersFile    = "clusters.parquet"
	SourcesFile     = "sources.parquet"
)

// Options describe the run; they become key-value metadata on every file.
type Options struct {
	RunID       string
	Version     string // tool version
	Profiles    string // e.g. "urn=rfc8141"
	CommandLine string
	Start       time.Time
	Extra       map[string]string // more keys, e.g. a shard's (issue 23 §1)
}

func (o Options) meta() map[string]string {
	m := map[string]string{
		"idlint.version":        o.Version,
		"idlint.schema_version": SchemaVersion,
		"idlint.run_id":         o.RunID,
		"idlint.profiles":       o.Profiles,
		"idlint.command_line":   o.CommandLine,
		"idlint.start_time":     o.Start.UTC().Format(time.RFC3339Nano),
	}
	for k, v := range o.Extra {
		m[k] = v
	}
	return m
}

// Writer is a report sink: occurrences, findings and sources stream to
// their files as they arrive; clusters are aggregated in memory (by key)
// and written by Close.
type Writer struct {
	opt      Options
	occ      *table[reports.OccurrenceRow]
	fnd      *table[reports.FindingRow]
	src      *table[record.Source]
	clusters *reports.Background
	// the rows being appended, reused (a row made per call escaped to
	// the heap: an allocation per occurrence and per finding)
	orow reports.OccurrenceRow
	frow reports.FindingRow
}

// Create starts a report in dir (created if needed). Nothing appears under
// the final names until Close succeeds.
func Create(dir string, opt Options) (*Writer, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	w := &Writer{opt: opt, clusters: reports.NewBackground()}
	var err error
	meta := opt.meta()
	if w.occ, err = newTable(dir, OccurrencesFile, occurrenceColumns, meta); err == nil {
		if w.fnd, err = newTable(dir, FindingsFile, findingColumns, meta); err == nil {
			w.src, err = newTable(dir, SourcesFile, sourceColumns, meta)
		}
	}
	if err != nil {
		w.abort()
		return nil, fmt.Errorf("report %s: %w", dir, err)
	}
	w.occ.async, w.fnd.async, w.src.async = true, true, true
	return w, nil
}

var _ reports.Sink = (*Writer)(nil)

func (w *Writer) Occurrence(o *lint.Occurrence) error {
	if o.IsMeta() {
		return nil // a suppression comment's findings: no identifier, no row (SCHEMA.md)
	}
	w.clusters.Add(o)
	w.orow = reports.OccurrenceRow{Run: w.opt.RunID, O: o}
	if err := w.occ.append(&w.orow); err != nil {
		return err
	}
	for i := range o.Findings {
		w.frow = reports.FindingRow{Run: w.opt.RunID, O: o, F: &o.Findings[i]}
		if err := w.fnd.append(&w.frow); err != nil {
			return err
		}
	}
	w.orow, w.frow = reports.OccurrenceRow{}, reports.FindingRow{} // o may be reused
	return nil
}

func (w *Writer) Source(r *record.Source) error { return w.src.append(r) }

// Rows reports how many rows each table has so far.
func (w *Writer) Rows() (occurrences, findings, sources int64) {
	return w.occ.total, w.fnd.total, w.src.total
}

// Close writes clusters.parquet and moves every file into place.
func (w *Writer) Close() error {
	end := map[string]string{"idlint.end_time": time.Now().UTC().Format(time.RFC3339Nano)}
	meta := w.opt.meta()
	cl, err := newTable(dirOf(w.occ.final), ClustersFile, clusterColumns, meta)
	if err != nil {
		w.abort()
		return err
	}
	err = w.clusters.Wait().Each(cl.append)
	if err == nil {
		for _, finish := range []func(map[string]string) error{w.occ.finish, w.fnd.finish, w.src.finish, cl.finish} {
			if err = finish(end); err != nil {
				break
			}
		}
	}
	if err == nil {
		// every file is complete: only now do they take their names
		for _, commit := range []func() error{w.occ.commit, w.fnd.commit, w.src.commit, cl.commit} {
			if err = commit(); err != nil {
				break
			}
		}
	}
	if err != nil {
		w.abort()
		cl.abort()
	}
	return err
}

// Finish is Close, the end of a report sink (reports.Sink).
func (w *Writer) Finish(reports.Summary) error { return w.Close() }

// Abort removes the temporary files of a failed run.
func (w *Writer) Abort(error) { w.abort() }

func (w *Writer) abort() {
	w.clusters.Wait() // stops its goroutine
	if w.occ != nil {
		w.occ.abort()
	}
	if w.fnd != nil {
		w.fnd.abort()
	}
	if w.src != nil {
		w.src.abort()
	}
}

func dirOf(path string) string {
	for i := len(path) - 1; i >= 0; i-- {
		if os.IsPathSeparator(path[i]) {
			return path[:i]
		}
	}
	return "."
}
