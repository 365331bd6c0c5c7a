//go:build parquet

package parquet

import (
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/reports"
)

// Stream writes occurrences as an Arrow IPC stream (the occurrences.parquet
// columns), for piping into DuckDB, pyarrow or Polars.
type Stream struct {
	run  string
	bld  *array.RecordBuilder
	w    *ipc.Writer
	rows int
	row  reports.OccurrenceRow // reused: one made per call escaped to the heap
}

// NewStream starts an IPC stream on w.
func NewStream(w io.Writer, runID string) *Stream {
	fields := make([]arrow.Field, len(occurrenceColumns))
	for i, c := range occurrenceColumns {
		fields[i] = arrow.Field{Name: c.name, Type: c.typ}
	}
	schema := arrow.NewSchema(fields, nil)
	return &Stream{
		run: runID,
		bld: array.NewRecordBuilder(memory.DefaultAllocator, schema),
		w:   ipc.NewWriter(w, ipc.WithSchema(schema)),
	}
}

func (s *Stream) Occurrence(o *lint.Occurrence) error {
	if o.IsMeta() {
		return nil // a suppression comment's findings: no identifier
	}
	s.row = reports.OccurrenceRow{Run: s.run, O: o}
	for i := range occurrenceColumns {
		occurrenceColumns[i].add(s.bld.Field(i), &s.row)
	}
	s.row = reports.OccurrenceRow{} // o may be reused
	if s.rows++; s.rows >= batchRows {
		return s.flush()
	}
	return nil
}

func (s *Stream) Source(*record.Source) error { return nil }

func (s *Stream) flush() error {
	if s.rows == 0 {
		return nil
	}
	rec := s.bld.NewRecordBatch()
	defer rec.Release()
	s.rows = 0
	return s.w.Write(rec)
}

var _ reports.Sink = (*Stream)(nil)

// Finish is Close, the end of an output sink (reports.Sink).
func (s *Stream) Finish(reports.Summary) error { return s.Close() }

// Abort leaves the stream cut short, without its end-of-stream marker,
// as a failed run's other outputs are.
func (s *Stream) Abort(error) { s.bld.Release() }

// Close writes the last batch and the end-of-stream marker.
func (s *Stream) Close() error {
	err := s.flush()
	s.bld.Release()
	if cerr := s.w.Close(); err == nil {
		err = cerr
	}
	return err
}
