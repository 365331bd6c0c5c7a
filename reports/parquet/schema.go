//go:build parquet

package parquet

import (
	"slices"
	"sort"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/idlint/idlint/reports"
)

// columnsOf builds the Parquet and Arrow columns of a table from its
// description (reports.Column); byHand are the columns of types built
// here by hand, by name.
func columnsOf[T any](desc []reports.Column[T], byHand ...column[T]) []column[T] {
	cols := make([]column[T], len(desc))
	for i, d := range desc {
		switch {
		case d.Type == "string" && d.Str != nil:
			cols[i] = str(d.Name, d.Dict, d.Str)
		case d.Type == "int64" && d.Int != nil:
			cols[i] = i64(d.Name, d.Delta, d.Int)
		case d.Type == "int32" && d.Int != nil:
			cols[i] = i32(d.Name, d.Int)
		case d.Type == "bool" && d.Bool != nil:
			cols[i] = boolean(d.Name, d.Bool)
		case d.Type == "list<string>" && d.Len != nil && d.At != nil:
			cols[i] = strList(d.Name, d.Len, d.At)
		default:
			k := slices.IndexFunc(byHand, func(c column[T]) bool { return c.name == d.Name })
			if k < 0 {
				panic("parquet: column " + d.Name + " of type " + d.Type + ": no value or no Parquet type")
			}
			cols[i] = byHand[k]
		}
	}
	return cols
}

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

func i32[T any](name string, get func(*T) int64) column[T] {
	return column[T]{name: name, typ: arrow.PrimitiveTypes.Int32,
		put: func(l []leafData, r *T) { l[0].i32 = append(l[0].i32, int32(get(r))) },
		add: func(b array.Builder, r *T) { b.(*array.Int32Builder).Append(int32(get(r))) }}
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

// The tables' columns, as reports' row schema describes them.
var (
	occurrenceColumns = columnsOf(reports.OccurrenceColumns)
	findingColumns    = columnsOf(reports.FindingColumns)
	clusterColumns    = columnsOf(reports.ClusterColumns, column[reports.Cluster]{name: "variants", typ: variantType, put: putVariants})
	sourceColumns     = columnsOf(reports.SourceColumns)
)

var variantType = arrow.ListOf(arrow.StructOf(
	arrow.Field{Name: "raw", Type: arrow.BinaryTypes.String},
	arrow.Field{Name: "count", Type: arrow.PrimitiveTypes.Int64},
))

func putVariants(l []leafData, c *reports.Cluster) {
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
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
