package parquet

import (
	"sort"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/reports"
	"github.com/idlint/idlint/rules"
)

func str[T any](name string, dict bool, get func(*T) string) column[T] {
	return column[T]{name: name, typ: arrow.BinaryTypes.String, dict: dict,
		put: func(l []leafData, r *T) { l[0].putString(get(r)) },
		add: func(b array.Builder, r *T) { b.(*array.StringBuilder).Append(get(r)) }}
}

func i64[T any](name string, delta bool, get func(*T) int64) column[T] {
	return column[T]{name: name, typ: arrow.PrimitiveTypes.Int64, delta: delta,
		put: func(l []leafData, r *T) { l[0].i64 = append(l[0].i64, get(r)) },
		add: func(b array.Builder, r *T) { b.(*array.Int64Builder).Append(get(r)) }}
}

func i32[T any](name string, get func(*T) int32) column[T] {
	return column[T]{name: name, typ: arrow.PrimitiveTypes.Int32,
		put: func(l []leafData, r *T) { l[0].i32 = append(l[0].i32, get(r)) },
		add: func(b array.Builder, r *T) { b.(*array.Int32Builder).Append(get(r)) }}
}

func boolean[T any](name string, get func(*T) bool) column[T] {
	return column[T]{name: name, typ: arrow.FixedWidthTypes.Boolean,
		put: func(l []leafData, r *T) { l[0].bools = append(l[0].bools, get(r)) },
		add: func(b array.Builder, r *T) { b.(*array.BooleanBuilder).Append(get(r)) }}
}

// strList is a list of strings: row r has n(r) elements, the i-th at(r, i)
// (given one by one: no slice made per row).
func strList[T any](name string, n func(*T) int, at func(*T, int) string) column[T] {
	return column[T]{name: name, typ: arrow.ListOf(arrow.BinaryTypes.String),
		put: func(l []leafData, r *T) {
			d := &l[0]
			k := n(r)
			if k == 0 {
				d.putLevels(-1)
			}
			for j := range k {
				d.putString(at(r, j))
				d.putLevels(j)
			}
		},
		add: func(b array.Builder, r *T) {
			lb := b.(*array.ListBuilder)
			lb.Append(true)
			vb := lb.ValueBuilder().(*array.StringBuilder)
			for j := range n(r) {
				vb.Append(at(r, j))
			}
		}}
}

// occRow is an occurrence with the run it belongs to.
type occRow struct {
	run string
	o   *lint.Occurrence
}

var occurrenceColumns = []column[occRow]{
	str("run_id", true, func(r *occRow) string { return r.run }),
	str("source", true, func(r *occRow) string { return r.o.Source }),
	str("member", false, func(r *occRow) string { return r.o.Member }),
	str("record_id", false, func(r *occRow) string { return r.o.RecordID }),
	str("target_uri", false, func(r *occRow) string { return r.o.TargetURI }),
	i64("offset", true, func(r *occRow) int64 { return r.o.Offset }),
	i32("line", func(r *occRow) int32 { return int32(r.o.Line) }),
	i32("column", func(r *occRow) int32 { return int32(r.o.Column) }),
	str("scheme", true, func(r *occRow) string { return r.o.Scheme }),
	str("profile", true, func(r *occRow) string { return r.o.Profile }),
	str("raw", false, func(r *occRow) string { return r.o.Raw }),
	str("canonical", false, func(r *occRow) string { return r.o.Canonical }),
	str("key", false, func(r *occRow) string { return r.o.Key }),
	str("namespace", true, func(r *occRow) string { return r.o.Namespace }),
	boolean("valid", func(r *occRow) bool { return r.o.Valid() }),
	strList("rules", func(r *occRow) int { return len(r.o.Findings) }, func(r *occRow, i int) string { return r.o.Findings[i].Rule.ID }),
	str("max_severity", true, func(r *occRow) string { return r.o.MaxSeverity().String() }),
	boolean("truncated", func(r *occRow) bool { return r.o.Truncated }),
	str("kind", true, func(r *occRow) string { return r.o.Kind }),
}

// findingRow is one finding of one occurrence.
type findingRow struct {
	run string
	o   *lint.Occurrence
	f   *rules.Finding
}

var findingColumns = []column[findingRow]{
	str("run_id", true, func(r *findingRow) string { return r.run }),
	str("source", true, func(r *findingRow) string { return r.o.Source }),
	str("member", false, func(r *findingRow) string { return r.o.Member }),
	i64("offset", true, func(r *findingRow) int64 { return r.o.Offset }),
	i32("line", func(r *findingRow) int32 { return int32(r.o.Line) }),
	i32("column", func(r *findingRow) int32 { return int32(reports.FindingColumn(r.o, r.f)) }),
	str("scheme", true, func(r *findingRow) string { return r.o.Scheme }),
	str("raw", false, func(r *findingRow) string { return r.o.Raw }),
	str("rule", true, func(r *findingRow) string { return r.f.Rule.ID }),
	str("rule_name", true, func(r *findingRow) string { return r.f.Rule.Name }),
	str("severity", true, func(r *findingRow) string { return r.f.Severity.String() }),
	str("message", false, func(r *findingRow) string { return r.f.Message }),
	str("spec", true, func(r *findingRow) string { return r.f.Rule.SpecFor(r.o.Profile) }),
	i32("start", func(r *findingRow) int32 { return int32(r.f.Start) }),
	i32("end", func(r *findingRow) int32 { return int32(r.f.End) }),
}

var variantType = arrow.ListOf(arrow.StructOf(
	arrow.Field{Name: "raw", Type: arrow.BinaryTypes.String},
	arrow.Field{Name: "count", Type: arrow.PrimitiveTypes.Int64},
))

var clusterColumns = []column[reports.Cluster]{
	str("scheme", true, func(c *reports.Cluster) string { return c.Scheme }),
	str("profile", true, func(c *reports.Cluster) string { return c.Profile }),
	str("key", false, func(c *reports.Cluster) string { return c.Key }),
	str("canonical", false, func(c *reports.Cluster) string { return c.Canonical }),
	str("namespace", true, func(c *reports.Cluster) string { return c.Namespace }),
	i64("occurrence_count", false, func(c *reports.Cluster) int64 { return int64(c.OccurrenceCount) }),
	{name: "variants", typ: variantType, put: func(l []leafData, c *reports.Cluster) {
		raw, count := &l[0], &l[1]
		if len(c.Variants) == 0 {
			raw.putLevels(-1)
			count.putLevels(-1)
		}
		for j, v := range c.Variants {
			raw.putString(v.Raw)
			raw.putLevels(j)
			count.i64 = append(count.i64, int64(v.Count))
			count.putLevels(j)
		}
	}},
	i64("source_count", false, func(c *reports.Cluster) int64 { return int64(c.SourceCount) }),
	str("first_source", false, func(c *reports.Cluster) string { return c.FirstSource }),
	str("first_member", false, func(c *reports.Cluster) string { return c.FirstMember }),
	i64("first_offset", false, func(c *reports.Cluster) int64 { return c.FirstOffset }),
	boolean("valid", func(c *reports.Cluster) bool { return c.Valid }),
	i64("invalid_count", false, func(c *reports.Cluster) int64 { return int64(c.InvalidCount) }),
}

var sourceColumns = []column[record.Source]{
	str("source", false, func(r *record.Source) string { return r.Source }),
	str("member", false, func(r *record.Source) string { return r.Member }),
	str("format", true, func(r *record.Source) string { return r.Format }),
	i64("compressed_bytes", false, func(r *record.Source) int64 { return r.CompressedBytes }),
	i64("bytes", false, func(r *record.Source) int64 { return r.Bytes }),
	i64("occurrence_count", false, func(r *record.Source) int64 { return int64(r.Occurrences) }),
	str("status", true, func(r *record.Source) string { return string(r.Status) }),
	str("error", false, func(r *record.Source) string { return r.Error }),
	str("record_id", false, func(r *record.Source) string { return r.RecordID }),
	str("target_uri", false, func(r *record.Source) string { return r.TargetURI }),
	str("record_type", true, func(r *record.Source) string { return r.RecordType }),
	i64("record_offset", false, func(r *record.Source) int64 { return r.RecordOffset }),
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
