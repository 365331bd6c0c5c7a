package reports

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
)

var update = flag.Bool("update", false, "rewrite SCHEMA.md's tables from the row schema (schema.go)")

// objectKeys returns the keys of the JSON object in b, in order, and the
// raw value of each.
func objectKeys(t *testing.T, b []byte) ([]string, map[string]json.RawMessage) {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(b))
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not an object: %s", b)
	}
	var keys []string
	vals := map[string]json.RawMessage{}
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			t.Fatal(err)
		}
		k := tok.(string)
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k)
		vals[k] = v
	}
	return keys, vals
}

// schemaOccurrence is an occurrence with a finding; full sets every
// field JSON may leave out.
func schemaOccurrence(t *testing.T, full bool) lint.Occurrence {
	o := checkURN(t, "urn:example:a%zz")
	if len(o.Findings) == 0 {
		t.Fatal("no finding to check")
	}
	o.Source, o.Member, o.Offset, o.Line, o.Column = "a.warc", "m", 1234, 12, 5
	if full {
		o.RecordID, o.TargetURI, o.Truncated, o.Kind, o.KeyLevel = "<urn:uuid:x>", "https://example.org/", true, "go-directive", "namespace"
	}
	return o
}

// jsonValue is the value of column c in row r as JSON encodes it.
func jsonValue[R any](t *testing.T, c Column[R], r *R) string {
	t.Helper()
	var v any
	switch {
	case c.Str != nil:
		v = c.Str(r)
	case c.Int != nil:
		v = c.Int(r)
	case c.Bool != nil:
		v = c.Bool(r)
	case c.Len != nil:
		l := []string{}
		for i := range c.Len(r) {
			l = append(l, c.At(r, i))
		}
		v = l
	default:
		t.Fatalf("column %s has no value", c.Name)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b) // as JSON output, without HTML escapes
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// wantKeys are the JSON keys of cols, those left out when empty dropped
// unless full.
func wantKeys[R any](cols []Column[R], full bool) []string {
	var keys []string
	for _, k := range JSONKeys(cols) {
		i := slices.IndexFunc(cols, func(c Column[R]) bool { return c.JSON == k })
		if full || !cols[i].OmitEmpty {
			keys = append(keys, k)
		}
	}
	return keys
}

// The hand-written JSON encoder (the jsonl and json hot path) writes the
// described columns, in order, with the described values.
func TestJSONOccurrenceFollowsSchema(t *testing.T) {
	for _, full := range []bool{false, true} {
		o := schemaOccurrence(t, full)
		keys, vals := objectKeys(t, AppendOccurrence(nil, &o))
		if want := append(wantKeys(OccurrenceColumns, full), "findings"); !slices.Equal(keys, want) {
			t.Errorf("full=%v: keys\n got %q\nwant %q", full, keys, want)
		}
		row := OccurrenceRow{Run: "r", O: &o}
		for _, c := range OccurrenceColumns {
			if got, ok := vals[c.JSON]; c.JSON != "" && ok {
				if want := jsonValue(t, c, &row); string(got) != want {
					t.Errorf("%s: JSON %s, the schema's value %s", c.Name, got, want)
				}
			}
		}
		var fs []json.RawMessage
		if err := json.Unmarshal(vals["findings"], &fs); err != nil || len(fs) != len(o.Findings) {
			t.Fatalf("findings %s: %v", vals["findings"], err)
		}
		for i, f := range fs {
			keys, vals := objectKeys(t, f)
			if want := wantKeys(FindingColumns, full); !slices.Equal(keys, want) {
				t.Errorf("finding keys\n got %q\nwant %q", keys, want)
			}
			row := FindingRow{Run: "r", O: &o, F: &o.Findings[i]}
			for _, c := range FindingColumns {
				if c.JSON != "" {
					if want := jsonValue(t, c, &row); string(vals[c.JSON]) != want {
						t.Errorf("finding %s: JSON %s, the schema's value %s", c.Name, vals[c.JSON], want)
					}
				}
			}
		}
	}
}

// jsonTags are the keys of a struct's json tags, in order, and which are
// omitempty.
func jsonTags(v any) (keys []string, omit []bool) {
	rt := reflect.TypeOf(v)
	for i := range rt.NumField() {
		name, opt, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
		keys = append(keys, name)
		omit = append(omit, opt == "omitempty")
	}
	return keys, omit
}

// The structs encoding/json writes (parse's findings, --sources lines,
// the JSON document's sources) have the described keys.
func TestJSONStructsFollowSchema(t *testing.T) {
	check := func(name string, v any, keys []string, omitted func(string) bool) {
		got, omit := jsonTags(v)
		if !slices.Equal(got, keys) {
			t.Errorf("%s keys\n got %q\nwant %q", name, got, keys)
			return
		}
		for i, k := range got {
			if omit[i] != omitted(k) {
				t.Errorf("%s.%s: omitempty %v, the schema's %v", name, k, omit[i], omitted(k))
			}
		}
	}
	omitted := func(cols []Column[OccurrenceRow]) func(string) bool {
		return func(k string) bool {
			i := slices.IndexFunc(cols, func(c Column[OccurrenceRow]) bool { return c.JSON == k })
			return i >= 0 && cols[i].OmitEmpty
		}
	}
	check("OccurrenceJSON", OccurrenceJSON{}, append(JSONKeys(OccurrenceColumns), "findings"), omitted(OccurrenceColumns))
	check("FindingJSON", FindingJSON{}, JSONKeys(FindingColumns), func(string) bool { return false })
	check("SourceJSON", SourceJSON{}, JSONKeys(SourceColumns), func(k string) bool {
		i := slices.IndexFunc(SourceColumns, func(c Column[record.Source]) bool { return c.JSON == k })
		return SourceColumns[i].OmitEmpty
	})
	// and the values a --sources line has are the described ones
	r := record.Source{Source: "a.tar", Member: "b", Format: "tar", CompressedBytes: 1, Bytes: 2, Occurrences: 3, Status: record.StatusError,
		Error: "e", RecordID: "<id>", TargetURI: "http://x/", RecordType: "response", RecordOffset: 4}
	var b bytes.Buffer
	j := NewJSONL(nil, &b)
	if err := j.Source(&r); err != nil {
		t.Fatal(err)
	}
	j.Flush()
	_, vals := objectKeys(t, b.Bytes())
	for _, c := range SourceColumns {
		if want := jsonValue(t, c, &r); string(vals[c.JSON]) != want {
			t.Errorf("source %s: JSON %s, the schema's value %s", c.Name, vals[c.JSON], want)
		}
	}
}

// The text and check formats' lines show described finding columns.
func TestTextFollowsSchema(t *testing.T) {
	o := schemaOccurrence(t, false)
	var buf bytes.Buffer
	l := NewLines(&buf, 0, nil)
	if err := l.Occurrence(&o); err != nil {
		t.Fatal(err)
	}
	l.Flush()
	var want strings.Builder
	for i := range o.Findings {
		row := FindingRow{O: &o, F: &o.Findings[i]}
		v := func(name string) string {
			i := slices.IndexFunc(FindingColumns, func(c Column[FindingRow]) bool { return c.Name == name })
			if i < 0 {
				t.Fatalf("text shows %s, not a findings column", name)
			}
			s := jsonValue(t, FindingColumns[i], &row)
			if u, err := strconv.Unquote(s); err == nil {
				return u
			}
			return s
		}
		fmt.Fprintf(&want, "%s:%s:%s: %s %s %s: %s (%s)\n", Path(v("source"), v("member")), v("line"), v("column"),
			v("severity"), v("rule"), v("raw"), v("message"), v("spec"))
	}
	if buf.String() != want.String() {
		t.Errorf("text\n got %q\nwant %q", buf.String(), want.String())
	}
}

// Every column has a name of its own and a value of its type (but for
// types package parquet writes by hand).
func TestSchemaColumns(t *testing.T) {
	checkCols(t, "occurrences", OccurrenceColumns)
	checkCols(t, "findings", FindingColumns)
	checkCols(t, "clusters", ClusterColumns)
	checkCols(t, "sources", SourceColumns)
}

func checkCols[R any](t *testing.T, table string, cols []Column[R]) {
	seen := map[string]bool{}
	for _, c := range cols {
		if seen[c.Name] {
			t.Errorf("%s.%s: twice", table, c.Name)
		}
		seen[c.Name] = true
		var ok bool
		switch c.Type {
		case "string":
			ok = c.Str != nil
		case "int64", "int32":
			ok = c.Int != nil
		case "bool":
			ok = c.Bool != nil
		case "list<string>":
			ok = c.Len != nil && c.At != nil
		default:
			ok = c.Str == nil && c.Int == nil && c.Bool == nil && c.Len == nil
		}
		if !ok {
			t.Errorf("%s.%s: no value of type %s", table, c.Name, c.Type)
		}
		if c.Meaning == "" && c.Example == "" {
			t.Errorf("%s.%s: no meaning", table, c.Name)
		}
	}
}

// schemaTable renders cols as SCHEMA.md's table rows.
func schemaTable[R any](cols []Column[R]) string {
	var b strings.Builder
	b.WriteString("| column | type | meaning | example |\n|---|---|---|---|\n")
	for _, c := range cols {
		fmt.Fprintf(&b, "| `%s` | %s |%s|%s|\n", c.Name, c.Type, cell(c.Meaning), cell(c.Example))
	}
	return b.String()
}

func cell(s string) string {
	if s == "" {
		return " "
	}
	return " " + s + " "
}

// SCHEMA.md's tables are the row schema's (go test -update rewrites them).
func TestSchemaMarkdown(t *testing.T) {
	md, err := os.ReadFile("SCHEMA.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(md)
	for _, s := range []struct{ heading, table string }{
		{"## occurrences.parquet", schemaTable(OccurrenceColumns)},
		{"## findings.parquet", schemaTable(FindingColumns)},
		{"## clusters.parquet", schemaTable(ClusterColumns)},
		{"## sources.parquet", schemaTable(SourceColumns)},
	} {
		h := strings.Index(doc, s.heading)
		if h < 0 {
			t.Fatalf("SCHEMA.md: no section %q", s.heading)
		}
		start := h + strings.Index(doc[h:], "\n| column |") + 1
		end := start + strings.Index(doc[start:], "\n\n") + 1
		if got := doc[start:end]; got != s.table {
			if !*update {
				t.Errorf("SCHEMA.md %s: the table is not the row schema's (go test ./reports -run SchemaMarkdown -update)\n got:\n%s\nwant:\n%s", s.heading, got, s.table)
				continue
			}
			doc = doc[:start] + s.table + doc[end:]
		}
	}
	if *update && doc != string(md) {
		if err := os.WriteFile("SCHEMA.md", []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
