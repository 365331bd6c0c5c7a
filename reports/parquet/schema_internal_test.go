package parquet

import (
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/idlint/idlint/reports"
)

// typeName writes an Arrow type as the row schema (and SCHEMA.md) does.
func typeName(t arrow.DataType) string {
	switch t := t.(type) {
	case *arrow.StringType:
		return "string"
	case *arrow.BooleanType:
		return "bool"
	case *arrow.ListType:
		return "list<" + typeName(t.Elem()) + ">"
	case *arrow.StructType:
		var fs []string
		for _, f := range t.Fields() {
			fs = append(fs, f.Name+" "+typeName(f.Type))
		}
		return "struct<" + strings.Join(fs, ", ") + ">"
	}
	return t.String() // int32, int64
}

// Every table's columns are the row schema's: names, order, types and
// the encodings it asks for (the hand-built variants column too).
func TestColumnsFollowSchema(t *testing.T) {
	checkColumns(t, "occurrences", occurrenceColumns, reports.OccurrenceColumns)
	checkColumns(t, "findings", findingColumns, reports.FindingColumns)
	checkColumns(t, "clusters", clusterColumns, reports.ClusterColumns)
	checkColumns(t, "sources", sourceColumns, reports.SourceColumns)
	// the Arrow stream's fields are the occurrence columns
	s := NewStream(nilWriter{}, "r")
	defer s.Close()
	for i, f := range s.bld.Schema().Fields() {
		if c := reports.OccurrenceColumns[i]; f.Name != c.Name || typeName(f.Type) != c.Type {
			t.Errorf("arrow field %d: %s %s, the schema's %s %s", i, f.Name, typeName(f.Type), c.Name, c.Type)
		}
	}
}

func checkColumns[T any](t *testing.T, table string, cols []column[T], desc []reports.Column[T]) {
	if len(cols) != len(desc) {
		t.Fatalf("%s: %d columns, the schema has %d", table, len(cols), len(desc))
	}
	for i, c := range cols {
		d := desc[i]
		if c.name != d.Name || typeName(c.typ) != d.Type || c.dict != d.Dict || c.delta != d.Delta {
			t.Errorf("%s column %d: %s %s dict=%v delta=%v, the schema's %s %s dict=%v delta=%v",
				table, i, c.name, typeName(c.typ), c.dict, c.delta, d.Name, d.Type, d.Dict, d.Delta)
		}
	}
}

type nilWriter struct{}

func (nilWriter) Write(b []byte) (int, error) { return len(b), nil }
