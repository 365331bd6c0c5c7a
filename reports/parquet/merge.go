package parquet

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/idlint/idlint/reports"
)

// Merge combines the report directories of sharded runs into out:
// occurrences, findings and sources are concatenated in shard order, and
// clusters are re-aggregated from the occurrences exactly as one run over
// all inputs would have produced them.
func Merge(out string, shards []string, opt Options) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	meta := opt.meta()
	meta["idlint.merged_from"] = strings.Join(shards, ",")
	occ, err := newTable(out, OccurrencesFile, occurrenceColumns, meta)
	if err != nil {
		return err
	}
	fnd, err := newTable(out, FindingsFile, findingColumns, meta)
	if err != nil {
		occ.abort()
		return err
	}
	src, err := newTable(out, SourcesFile, sourceColumns, meta)
	if err != nil {
		occ.abort()
		fnd.abort()
		return err
	}
	cl, err := newTable(out, ClustersFile, clusterColumns, meta)
	if err != nil {
		occ.abort()
		fnd.abort()
		src.abort()
		return err
	}
	abort := func(err error) error {
		occ.abort()
		fnd.abort()
		src.abort()
		cl.abort()
		return err
	}
	clusters := reports.NewClusters()
	for _, dir := range shards {
		err := copyFile(filepath.Join(dir, OccurrencesFile), occ.schema, func(rec arrow.RecordBatch) error {
			addClusterRows(clusters, rec)
			return occ.writeRecord(rec)
		})
		if err == nil {
			err = copyFile(filepath.Join(dir, FindingsFile), fnd.schema, fnd.writeRecord)
		}
		if err == nil {
			err = copyFile(filepath.Join(dir, SourcesFile), src.schema, src.writeRecord)
		}
		if err != nil {
			return abort(fmt.Errorf("merging %s: %w", dir, err))
		}
	}
	if err := clusters.Each(cl.append); err != nil {
		return abort(err)
	}
	for _, t := range []interface {
		finish(map[string]string) error
	}{occ, fnd, src, cl} {
		if err := t.finish(nil); err != nil {
			return abort(err)
		}
	}
	for _, commit := range []func() error{occ.commit, fnd.commit, src.commit, cl.commit} {
		if err := commit(); err != nil {
			return abort(err)
		}
	}
	return nil
}

// writeRecord appends a whole record batch read from another report.
func (t *table[T]) writeRecord(rec arrow.RecordBatch) error {
	if err := t.flush(); err != nil {
		return err
	}
	t.total += rec.NumRows()
	return t.fw.WriteBuffered(rec)
}

// copyFile streams the record batches of a Parquet file, checking that its
// columns are the ones this version writes.
func copyFile(path string, want *arrow.Schema, fn func(arrow.RecordBatch) error) error {
	return readBatches(path, func(rec arrow.RecordBatch) error {
		if !sameColumns(rec.Schema(), want) {
			return fmt.Errorf("%s: columns differ from this version's schema", path)
		}
		// rebuild with the writer's schema (metadata may differ)
		out := array.NewRecordBatch(want, rec.Columns(), rec.NumRows())
		defer out.Release()
		return fn(out)
	})
}

// readBatches streams the record batches of an idlint report file.
func readBatches(path string, fn func(arrow.RecordBatch) error) error {
	rdr, err := file.OpenParquetFile(path, false)
	if err != nil {
		return err
	}
	defer rdr.Close()
	fr, err := pqarrow.NewFileReader(rdr, pqarrow.ArrowReadProperties{BatchSize: batchRows}, memory.DefaultAllocator)
	if err != nil {
		return err
	}
	if v := rdr.MetaData().KeyValueMetadata().FindValue("idlint.schema_version"); v == nil || *v != SchemaVersion {
		return fmt.Errorf("%s: not an idlint report of schema version %s", path, SchemaVersion)
	}
	rr, err := fr.GetRecordReader(context.Background(), nil, nil)
	if err != nil {
		return err
	}
	defer rr.Release()
	for rr.Next() {
		if err := fn(rr.RecordBatch()); err != nil {
			return err
		}
	}
	return rr.Err()
}

func sameColumns(a, b *arrow.Schema) bool {
	if a.NumFields() != b.NumFields() {
		return false
	}
	for i := range a.Fields() {
		fa, fb := a.Field(i), b.Field(i)
		if fa.Name != fb.Name || !arrow.TypeEqual(fa.Type, fb.Type) {
			return false
		}
	}
	return true
}

// addClusterRows feeds the occurrence rows of rec to the aggregation.
func addClusterRows(cs *reports.Clusters, rec arrow.RecordBatch) {
	col := func(name string) arrow.Array {
		idx := rec.Schema().FieldIndices(name)
		return rec.Column(idx[0])
	}
	s := func(name string) *array.String { return col(name).(*array.String) }
	scheme, profile, key, ns := s("scheme"), s("profile"), s("key"), s("namespace")
	raw, canon, source, member, kind := s("raw"), s("canonical"), s("source"), s("member"), s("kind")
	valid := col("valid").(*array.Boolean)
	offset := col("offset").(*array.Int64)
	line, column := col("line").(*array.Int32), col("column").(*array.Int32)
	for i := 0; i < int(rec.NumRows()); i++ {
		if kind.Value(i) != "" {
			continue
		}
		cs.AddRow(reports.Row{
			Scheme: scheme.Value(i), Profile: profile.Value(i), Key: key.Value(i), Namespace: ns.Value(i),
			Raw: raw.Value(i), Canonical: canon.Value(i), Valid: valid.Value(i),
			Source: source.Value(i), Member: member.Value(i), Offset: offset.Value(i),
			Line: int(line.Value(i)), Column: int(column.Value(i)),
		})
	}
}
