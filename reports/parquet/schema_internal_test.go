//go:build parquet

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

// schemaFingerprints are the tables' columns (names and types) of each
// SchemaVersion: a column changed without a new version fails here.
var schemaFingerprints = map[string]string{
	"1": "occurrences(run_id string, source string, member string, record_id string, target_uri string, offset int64, line int32, column int32, scheme string, profile string, raw string, canonical string, key string, namespace string, valid bool, rules list<string>, max_severity string, truncated bool, kind string) " +
		"findings(run_id string, source string, member string, offset int64, line int32, column int32, scheme string, raw string, rule string, rule_name string, severity string, message string, spec string, start int32, end int32) " +
		"clusters(scheme string, profile string, key string, canonical string, namespace string, occurrence_count int64, variants list<struct<raw string, count int64>>, source_count int64, first_source string, first_member string, first_offset int64, valid bool, invalid_count int64) " +
		"sources(source string, member string, format string, compressed_bytes int64, bytes int64, occurrence_count int64, status string, error string, record_id string, target_uri string, record_type string, record_offset int64)",
	// issue 21: ns_key and key_level; clusters' key is the ns_key
	"2": "occurrences(run_id string, source string, member string, record_id string, target_uri string, offset int64, line int32, column int32, scheme string, profile string, raw string, canonical string, key string, ns_key string, key_level string, namespace string, valid bool, rules list<string>, max_severity string, truncated bool, kind string) " +
		"findings(run_id string, source string, member string, offset int64, line int32, column int32, scheme string, raw string, rule string, rule_name string, severity string, message string, spec string, start int32, end int32) " +
		"clusters(scheme string, profile string, key string, canonical string, namespace string, occurrence_count int64, variants list<struct<raw string, count int64>>, source_count int64, first_source string, first_member string, first_offset int64, valid bool, invalid_count int64, merged_by string) " +
		"sources(source string, member string, format string, compressed_bytes int64, bytes int64, occurrence_count int64, status string, error string, record_id string, target_uri string, record_type string, record_offset int64)",
}

func fingerprint[T any](table string, cols []column[T]) string {
	var fs []string
	for _, c := range cols {
		fs = append(fs, c.name+" "+typeName(c.typ))
	}
	return table + "(" + strings.Join(fs, ", ") + ")"
}

func TestSchemaVersion(t *testing.T) {
	got := fingerprint("occurrences", occurrenceColumns) + " " + fingerprint("findings", findingColumns) + " " +
		fingerprint("clusters", clusterColumns) + " " + fingerprint("sources", sourceColumns)
	if want, ok := schemaFingerprints[SchemaVersion]; !ok || got != want {
		t.Errorf("the columns are not those of schema version %s: bump SchemaVersion (table.go) and add\n\t%q: %q,", SchemaVersion, SchemaVersion, got)
	}
}
