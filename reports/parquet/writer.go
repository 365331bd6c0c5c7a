//go:build parquet

package parquet

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/apache/arrow-go/v18/parquet/compress"

	"github.com/idlint/idlint/internal/atomicfile"
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
	// Complete, when set, writes more files into the report's staging
	// directory once the tables are complete, before the directory takes
	// its place: the completion marker (DONE.json).
	Complete func(staging string) error
	// Snappy compresses occurrences' identifier columns (raw, canonical,
	// key, ns_key …) with Snappy instead of zstd: on identifier-dense text
	// zstd on them is a third of a --report run's CPU, on the one
	// goroutine writing occurrences; Snappy takes the run ~17–20% less
	// CPU for an occurrences file ~1.6× larger (issue 25).
	Snappy bool
	// ReplaceAny lets the directory given hold files that are not a
	// report's, replaced with the rest (merge --force); without it such
	// a directory is refused (IsReportFile).
	ReplaceAny bool
}

// IsReportFile reports whether name, in a report directory, is a report's:
// the four tables, DONE.json, report.html (idlint report), and the hidden
// temporary files of runs of earlier versions. A new report replaces a
// directory holding only these.
func IsReportFile(name string) bool {
	switch name {
	case OccurrencesFile, FindingsFile, ClustersFile, SourcesFile, "DONE.json", "report.html":
		return true
	}
	return strings.HasPrefix(name, ".") && (strings.HasSuffix(name, ".tmp") || strings.Contains(name, ".idlint-"))
}

// stage starts replacing dir as a set (issue 24 §7).
func (o Options) stage(dir string) (*atomicfile.Dir, error) {
	owned := IsReportFile
	if o.ReplaceAny {
		owned = nil
	}
	return atomicfile.NewDir(dir, owned)
}

// failAt, when set (tests only), fails a report's writing at the step
// named: after a table's file is complete ("occurrences.parquet" …),
// before the completion files ("complete"), before the swap ("swap").
var failAt func(step string) error

func checkpoint(step string) error {
	if failAt != nil {
		return failAt(step)
	}
	return nil
}

// finishSet commits the finished tables inside the staging directory,
// adds the completion files and swaps the directory in.
func finishSet(st *atomicfile.Dir, opt Options, commits ...func() error) error {
	for _, commit := range commits {
		if err := commit(); err != nil {
			return err
		}
	}
	if err := checkpoint("complete"); err != nil {
		return err
	}
	if opt.Complete != nil {
		if err := opt.Complete(st.Path()); err != nil {
			return err
		}
	}
	if err := checkpoint("swap"); err != nil {
		return err
	}
	return st.Commit()
}

// textCodec is the codec of occurrences.parquet's string columns without
// a dictionary (newTable): most of a report's bytes. The other tables are
// small and zstd's.
func (o Options) textCodec() compress.Compression {
	if o.Snappy {
		return compress.Codecs.Snappy
	}
	return compress.Codecs.Zstd
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
	dir      string
	st       *atomicfile.Dir // the staging directory the tables go to
	occ      *table[reports.OccurrenceRow]
	fnd      *table[reports.FindingRow]
	src      *table[record.Source]
	clusters *reports.Background
	// the rows being appended, reused (a row made per call escaped to
	// the heap: an allocation per occurrence and per finding)
	orow reports.OccurrenceRow
	frow reports.FindingRow
}

// Create starts a report in dir (created if needed). The files are
// written into a staging directory beside dir, which takes dir's place
// when Close succeeds: dir holds an earlier complete report or this one,
// never a mix (issue 24 §7).
func Create(dir string, opt Options) (*Writer, error) {
	st, err := opt.stage(dir)
	if err != nil {
		return nil, fmt.Errorf("report %s: %w", dir, err)
	}
	w := &Writer{opt: opt, dir: dir, st: st, clusters: reports.NewBackground()}
	meta := opt.meta()
	if w.occ, err = newTable(st.Path(), OccurrencesFile, occurrenceColumns, meta, opt.textCodec()); err == nil {
		if w.fnd, err = newTable(st.Path(), FindingsFile, findingColumns, meta, compress.Codecs.Zstd); err == nil {
			w.src, err = newTable(st.Path(), SourcesFile, sourceColumns, meta, compress.Codecs.Zstd)
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

// Close writes clusters.parquet and swaps the complete set in for dir.
// The streamed tables finish — their last row groups encoded, compressed
// and written — on goroutines of their own while the clusters are sorted
// and written (issue 25: that tail was serial).
func (w *Writer) Close() error {
	end := map[string]string{"idlint.end_time": time.Now().UTC().Format(time.RFC3339Nano)}
	meta := w.opt.meta()
	cl, err := newTable(w.st.Path(), ClustersFile, clusterColumns, meta, compress.Codecs.Zstd)
	if err != nil {
		w.abort()
		return err
	}
	cl.async = true          // the rows are made while the writer encodes the last ones
	errs := make([]error, 4) // by table, in the order of the steps below
	var wg sync.WaitGroup
	for i, t := range []interface{ finish(map[string]string) error }{w.occ, w.fnd, w.src} {
		wg.Go(func() { errs[i] = t.finish(end) })
	}
	if errs[3] = w.clusters.Wait().Each(cl.append); errs[3] == nil {
		errs[3] = cl.finish(end)
	}
	wg.Wait()
	for i, name := range []string{OccurrencesFile, FindingsFile, SourcesFile, ClustersFile} {
		if err = errs[i]; err == nil {
			err = checkpoint(name)
		}
		if err != nil {
			break
		}
	}
	if err == nil {
		err = finishSet(w.st, w.opt, w.occ.commit, w.fnd.commit, w.src.commit, cl.commit)
	}
	if err != nil {
		w.abort()
		cl.abort()
		return fmt.Errorf("report %s: %w", w.dir, err)
	}
	return nil
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
	w.st.Abort()
}
