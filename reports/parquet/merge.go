//go:build parquet

package parquet

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/schema"

	"github.com/idlint/idlint/reports"
)

// Merge combines the report directories of sharded runs into out:
// occurrences, findings and sources are concatenated in shard order, and
// clusters are re-aggregated from the occurrences exactly as one run over
// all inputs would have produced them. Like a report (Create), out is
// replaced as a set: a failure (a damaged shard) or a cancelled ctx,
// which stops it between row groups, leaves out as it was and nothing
// beside it.
func Merge(ctx context.Context, out string, shards []string, opt Options) error {
	st, err := opt.stage(out)
	if err != nil {
		return fmt.Errorf("merge into %s: %w", out, err)
	}
	meta := opt.meta()
	meta["idlint.merged_from"] = strings.Join(shards, ",")
	var tables []interface{ abort() }
	abort := func(err error) error {
		for _, t := range tables {
			t.abort()
		}
		st.Abort()
		return err
	}
	occ, err := newTable(st.Path(), OccurrencesFile, occurrenceColumns, meta, opt.textCodec())
	if err != nil {
		return abort(err)
	}
	tables = append(tables, occ)
	fnd, err := newTable(st.Path(), FindingsFile, findingColumns, meta, compress.Codecs.Zstd)
	if err != nil {
		return abort(err)
	}
	tables = append(tables, fnd)
	src, err := newTable(st.Path(), SourcesFile, sourceColumns, meta, compress.Codecs.Zstd)
	if err != nil {
		return abort(err)
	}
	tables = append(tables, src)
	cl, err := newTable(st.Path(), ClustersFile, clusterColumns, meta, compress.Codecs.Zstd)
	if err != nil {
		return abort(err)
	}
	tables = append(tables, cl)
	clusters := reports.NewClusters()
	for _, dir := range shards {
		err := copyFile(ctx, filepath.Join(dir, OccurrencesFile), occ, func(s *schema.Schema, leaves []leafData) error {
			return addClusterRows(clusters, s, leaves)
		})
		if err == nil {
			err = copyFile(ctx, filepath.Join(dir, FindingsFile), fnd, nil)
		}
		if err == nil {
			err = copyFile(ctx, filepath.Join(dir, SourcesFile), src, nil)
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
	if err := finishSet(st, opt, occ.commit, fnd.commit, src.commit, cl.commit); err != nil {
		return abort(err)
	}
	return nil
}

// copyFile copies the row groups of another report's file into t, values
// and levels as they are, after checking that its columns are the ones
// this version writes; each row group also goes to fn when set.
func copyFile[T any](ctx context.Context, path string, t *table[T], fn func(*schema.Schema, []leafData) error) error {
	return readGroups(path, t.fw.Schema, func(s *schema.Schema, leaves []leafData, rows int64) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if fn != nil {
			if err := fn(s, leaves); err != nil {
				return err
			}
		}
		if err := t.flush(); err != nil {
			return err
		}
		if err := t.writeDicts(); err != nil { // rows before these
			return err
		}
		rg, err := t.rowGroup(rows) // small shards share row groups
		if err != nil {
			return err
		}
		t.total += rows
		return writeLeaves(rg, leaves)
	})
}

// addClusterRows feeds the occurrence rows of a row group to the aggregation.
func addClusterRows(cs *reports.Clusters, s *schema.Schema, leaves []leafData) error {
	col := func(name string) *leafData {
		if i := s.ColumnIndexByName(name); i >= 0 {
			return &leaves[i]
		}
		return &leafData{}
	}
	str := func(name string) []pq.ByteArray { return col(name).bytes }
	scheme, profile, key, ns := str("scheme"), str("profile"), str("ns_key"), str("namespace") // clusters group by ns_key (issue 21)
	raw, canon, source, member, kind := str("raw"), str("canonical"), str("source"), str("member"), str("kind")
	valid, offset := col("valid").bools, col("offset").i64
	line, column := col("line").i32, col("column").i32
	n := len(scheme)
	for _, l := range [][]pq.ByteArray{profile, key, ns, raw, canon, source, member, kind} {
		if len(l) != n {
			return errors.New("occurrences: columns of different lengths")
		}
	}
	if len(valid) != n || len(offset) != n || len(line) != n || len(column) != n {
		return errors.New("occurrences: columns of different lengths")
	}
	rows := make([]reports.Row, 0, min(n, 1024))
	for i := range n {
		if len(kind[i]) != 0 {
			continue
		}
		rows = append(rows, reports.Row{
			Scheme: string(scheme[i]), Profile: string(profile[i]), Key: string(key[i]), Namespace: string(ns[i]),
			Raw: string(raw[i]), Canonical: string(canon[i]), Valid: valid[i],
			Source: string(source[i]), Member: string(member[i]), Offset: offset[i],
			Line: int(line[i]), Column: int(column[i]),
		})
		if len(rows) == cap(rows) {
			cs.AddRows(rows) // a batch at a time: see AddRows
			rows = rows[:0]
		}
	}
	cs.AddRows(rows)
	return nil
}
