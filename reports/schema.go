package reports

import (
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/rules"
)

// The row schema: one description of the columns of each report table,
// which the Parquet tables and the Arrow stream are built from (package
// parquet) and the JSON outputs, the text output and SCHEMA.md are tested
// against. A new column is an entry here, its value in the hand-written
// JSON (jsonappend.go, OccurrenceJSON) and a bump of parquet.SchemaVersion;
// the tests say what else disagrees.

// A Column is one column of a report table with rows of type R.
type Column[R any] struct {
	Name    string // in Parquet, Arrow and SCHEMA.md
	Type    string // as SCHEMA.md writes it: string, int64, int32, bool, list<string> …
	Meaning string // SCHEMA.md's cells, Markdown
	Example string

	JSON      string // its key in JSON output; "" when JSON has none
	OmitEmpty bool   // JSON leaves it out when "", 0 or false
	JSONAfter string // JSON writes it right after this key (an older order, kept); "" in table order

	Dict  bool // few distinct values: dictionary-encoded in Parquet
	Delta bool // delta-encoded in Parquet (offsets: sorted-ish integers)

	// The column's value in a row, by its type: string; int64 and int32;
	// bool; list<string> (Len elements, the i-th At). None for a type
	// Parquet writes by hand (the clusters' variants).
	Str  func(*R) string
	Int  func(*R) int64
	Bool func(*R) bool
	Len  func(*R) int
	At   func(*R, int) string
}

// OccurrenceRow is a row of occurrences.parquet and the Arrow stream: an
// occurrence with the run it belongs to.
type OccurrenceRow struct {
	Run string
	O   *lint.Occurrence
}

// FindingRow is a row of findings.parquet: one finding of an occurrence.
type FindingRow struct {
	Run string
	O   *lint.Occurrence
	F   *rules.Finding
}

// OccurrenceColumns are occurrences.parquet's, the Arrow stream's and
// (with JSON keys) a JSON occurrence's, whose findings follow them as
// "findings": FindingColumns with JSON keys.
var OccurrenceColumns = []Column[OccurrenceRow]{
	{Name: "run_id", Type: "string", Meaning: "the run that found it", Example: "`20261122T064357Z-4951bfa3`", Dict: true,
		Str: func(r *OccurrenceRow) string { return r.Run }},
	{Name: "source", Type: "string", Meaning: "input path as given", Example: "`corpus/rfcs.tar.zst`", JSON: "source", Dict: true,
		Str: func(r *OccurrenceRow) string { return r.O.Source }},
	{Name: "member", Type: "string", Meaning: "path inside the archive chain, `\"\"` for plain files", Example: "`rfcs/rfc2141.txt`", JSON: "member",
		Str: func(r *OccurrenceRow) string { return r.O.Member }},
	{Name: "record_id", Type: "string", Meaning: "WARC-Record-ID, when the document is a WARC record", Example: "`<urn:uuid:…>`", JSON: "record_id", OmitEmpty: true,
		Str: func(r *OccurrenceRow) string { return r.O.RecordID }},
	{Name: "target_uri", Type: "string", Meaning: "WARC-Target-URI", Example: "`https://example.org/`", JSON: "target_uri", OmitEmpty: true,
		Str: func(r *OccurrenceRow) string { return r.O.TargetURI }},
	{Name: "offset", Type: "int64", Meaning: "byte offset in the decompressed document", Example: "`1234`", JSON: "offset", Delta: true,
		Int: func(r *OccurrenceRow) int64 { return r.O.Offset }},
	{Name: "line", Type: "int32", Meaning: "1-based line", Example: "`12`", JSON: "line",
		Int: func(r *OccurrenceRow) int64 { return int64(r.O.Line) }},
	{Name: "column", Type: "int32", Meaning: "1-based column, in characters", Example: "`5`", JSON: "column",
		Int: func(r *OccurrenceRow) int64 { return int64(r.O.Column) }},
	{Name: "scheme", Type: "string", Meaning: "`urn`, `xri`, `lid` or `go`", Example: "`urn`", JSON: "scheme", Dict: true,
		Str: func(r *OccurrenceRow) string { return r.O.Scheme }},
	{Name: "profile", Type: "string", Meaning: "profile it was linted under", Example: "`rfc8141`", JSON: "profile", Dict: true,
		Str: func(r *OccurrenceRow) string { return r.O.Profile }},
	{Name: "raw", Type: "string", Meaning: "the text as found", Example: "`URN:ISBN:0451450523`", JSON: "raw",
		Str: func(r *OccurrenceRow) string { return r.O.Raw }},
	{Name: "canonical", Type: "string", Meaning: "normalized form, components kept", Example: "`urn:isbn:0451450523`", JSON: "canonical",
		Str: func(r *OccurrenceRow) string { return r.O.Canonical }},
	{Name: "key", Type: "string", Meaning: "equivalence key: equal keys ⇔ equivalent", Example: "`urn:isbn:0451450523`", JSON: "key",
		Str: func(r *OccurrenceRow) string { return r.O.Key }},
	{Name: "ns_key", Type: "string", Meaning: "`key` after the namespace's own equivalence (`urn:uuid` hex case, the whole `urn:ietf` case-insensitive, an ISBN-10 as its hyphen-less ISBN-13, an ISSN as `NNNN-NNNC` …); equal to `key` where the namespace defines none. Clusters group by it", Example: "`urn:ietf:rfc:2141`", JSON: "ns_key",
		Str: func(r *OccurrenceRow) string { return r.O.NSKey }},
	{Name: "key_level", Type: "string", Meaning: "`namespace` when the namespace's equivalence made `ns_key`, `\"\"` when it is the profile's `key`", Example: "`namespace`", JSON: "key_level", OmitEmpty: true, Dict: true,
		Str: func(r *OccurrenceRow) string { return r.O.KeyLevel }},
	{Name: "namespace", Type: "string", Meaning: "what dashboards group by: the NID for URNs", Example: "`isbn`", JSON: "namespace", Dict: true,
		Str: func(r *OccurrenceRow) string { return r.O.Namespace }},
	{Name: "valid", Type: "bool", Meaning: "no error-level finding", Example: "`true`", JSON: "valid", JSONAfter: "raw",
		Bool: func(r *OccurrenceRow) bool { return r.O.Valid() }},
	{Name: "rules", Type: "list<string>", Meaning: "rule IDs of its findings, in order", Example: "`[URN030]`", JSON: "rules",
		Len: func(r *OccurrenceRow) int { return len(r.O.Findings) }, At: func(r *OccurrenceRow, i int) string { return r.O.Findings[i].Rule.ID }},
	{Name: "max_severity", Type: "string", Meaning: "`none`, `info`, `warning`, `error`", Example: "`info`", JSON: "max_severity", Dict: true,
		Str: func(r *OccurrenceRow) string { return r.O.MaxSeverity().String() }},
	{Name: "truncated", Type: "bool", Meaning: "cut at `--max-len`", Example: "`false`", JSON: "truncated", OmitEmpty: true,
		Bool: func(r *OccurrenceRow) bool { return r.O.Truncated }},
	{Name: "kind", Type: "string", Meaning: "`\"\"` for identifiers; the look-alike kind with `--include-lookalikes`", Example: "`go-directive`", JSON: "kind", OmitEmpty: true, Dict: true,
		Str: func(r *OccurrenceRow) string { return r.O.Kind }},
}

// FindingColumns are findings.parquet's and (with JSON keys) a JSON
// finding's, nested in its occurrence.
var FindingColumns = []Column[FindingRow]{
	{Name: "run_id", Type: "string", Meaning: "as above", Dict: true,
		Str: func(r *FindingRow) string { return r.Run }},
	{Name: "source", Type: "string", Meaning: "`source` of the occurrence it belongs to (with `member`, `offset`: the join key with occurrences)", Dict: true,
		Str: func(r *FindingRow) string { return r.O.Source }},
	{Name: "member", Type: "string", Meaning: "`member` of the occurrence",
		Str: func(r *FindingRow) string { return r.O.Member }},
	{Name: "offset", Type: "int64", Meaning: "`offset` of the occurrence", Delta: true,
		Int: func(r *FindingRow) int64 { return r.O.Offset }},
	{Name: "line", Type: "int32", Meaning: "line of the occurrence", Example: "`12`",
		Int: func(r *FindingRow) int64 { return int64(r.O.Line) }},
	{Name: "column", Type: "int32", Meaning: "column of the offending character", Example: "`18`",
		Int: func(r *FindingRow) int64 { return int64(FindingColumn(r.O, r.F)) }},
	{Name: "scheme", Type: "string", Example: "`urn`", Dict: true,
		Str: func(r *FindingRow) string { return r.O.Scheme }},
	{Name: "raw", Type: "string", Meaning: "the identifier", Example: "`urn:example:a%zz`",
		Str: func(r *FindingRow) string { return r.O.Raw }},
	{Name: "rule", Type: "string", Meaning: "rule ID", Example: "`URN006`", JSON: "rule", Dict: true,
		Str: func(r *FindingRow) string { return r.F.Rule.ID }},
	{Name: "rule_name", Type: "string", Meaning: "rule name", Example: "`bad-percent-encoding`", JSON: "name", Dict: true,
		Str: func(r *FindingRow) string { return r.F.Rule.Name }},
	{Name: "severity", Type: "string", Meaning: "effective severity (after `--severity`)", Example: "`error`", JSON: "severity", Dict: true,
		Str: func(r *FindingRow) string { return r.F.Severity.String() }},
	{Name: "message", Type: "string", Meaning: "what is wrong", Example: "`\"%\" not followed by two hex digits: \"%zz\"`", JSON: "message",
		Str: func(r *FindingRow) string { return r.F.Message }},
	{Name: "spec", Type: "string", Meaning: "citation under the profile", Example: "`rfc8141 §2; rfc3986 §2.1`", JSON: "spec", Dict: true,
		Str: func(r *FindingRow) string { return r.F.Rule.SpecFor(r.O.Profile) }},
	{Name: "start", Type: "int32", Meaning: "byte span within `raw`: start", Example: "`13`", JSON: "start",
		Int: func(r *FindingRow) int64 { return int64(r.F.Start) }},
	{Name: "end", Type: "int32", Meaning: "and end", Example: "`16`", JSON: "end",
		Int: func(r *FindingRow) int64 { return int64(r.F.End) }},
}

// ClusterColumns are clusters.parquet's (JSON output writes a Cluster with
// encoding/json, by its tags).
var ClusterColumns = []Column[Cluster]{
	{Name: "scheme", Type: "string", Example: "`urn`", Dict: true,
		Str: func(c *Cluster) string { return c.Scheme }},
	{Name: "profile", Type: "string", Meaning: "profile of the key", Example: "`rfc8141`", Dict: true,
		Str: func(c *Cluster) string { return c.Profile }},
	{Name: "key", Type: "string", Meaning: "the occurrences' `ns_key` (unique per scheme): the equivalence key after the namespace's own rules", Example: "`urn:isbn:9780451450524`",
		Str: func(c *Cluster) string { return c.Key }},
	{Name: "canonical", Type: "string", Meaning: "most frequent canonical spelling (ties: smallest)", Example: "`urn:isbn:0451450523`",
		Str: func(c *Cluster) string { return c.Canonical }},
	{Name: "namespace", Type: "string", Meaning: "NID", Example: "`isbn`", Dict: true,
		Str: func(c *Cluster) string { return c.Namespace }},
	{Name: "occurrence_count", Type: "int64", Meaning: "occurrences with this key", Example: "`3`",
		Int: func(c *Cluster) int64 { return int64(c.OccurrenceCount) }},
	{Name: "variants", Type: "list<struct<raw string, count int64>>", Meaning: "distinct raw spellings, most frequent first", Example: "`[{URN:ISBN:0451450523, 2}, …]`"},
	{Name: "source_count", Type: "int64", Meaning: "distinct `source` values", Example: "`2`",
		Int: func(c *Cluster) int64 { return int64(c.SourceCount) }},
	{Name: "first_source", Type: "string", Meaning: "`source` of the smallest (source, member, offset): order-independent, so shard merges are exact",
		Str: func(c *Cluster) string { return c.FirstSource }},
	{Name: "first_member", Type: "string", Meaning: "`member` of it",
		Str: func(c *Cluster) string { return c.FirstMember }},
	{Name: "first_offset", Type: "int64", Meaning: "`offset` of it",
		Int: func(c *Cluster) int64 { return c.FirstOffset }},
	{Name: "valid", Type: "bool", Meaning: "no occurrence of the cluster is invalid", Example: "`true`",
		Bool: func(c *Cluster) bool { return c.Valid }},
	{Name: "invalid_count", Type: "int64", Meaning: "invalid occurrences", Example: "`0`",
		Int: func(c *Cluster) int64 { return int64(c.InvalidCount) }},
	{Name: "merged_by", Type: "string", Meaning: "`namespace` when the spellings' profile keys differ and only the namespace's equivalence makes them one (`URN:IETF:RFC:2141`, `urn:ietf:rfc:2141`), else `\"\"`", Example: "`namespace`", Dict: true,
		Str: func(c *Cluster) string { return c.MergedBy }},
}

// SourceColumns are sources.parquet's and (with JSON keys) a line's of
// the --sources file and a JSON document's "sources".
var SourceColumns = []Column[record.Source]{
	{Name: "source", Type: "string", Meaning: "input path", Example: "`corpus/a.tar.gz`", JSON: "source",
		Str: func(r *record.Source) string { return r.Source }},
	{Name: "member", Type: "string", Meaning: "member path, `\"\"` for the input itself", Example: "`docs/x.txt`", JSON: "member",
		Str: func(r *record.Source) string { return r.Member }},
	{Name: "format", Type: "string", Meaning: "detected format", Example: "`text`, `gzip`, `zstd+tar`", JSON: "format", Dict: true,
		Str: func(r *record.Source) string { return r.Format }},
	{Name: "compressed_bytes", Type: "int64", Meaning: "bytes read from the container", Example: "`1200`", JSON: "compressed_bytes",
		Int: func(r *record.Source) int64 { return r.CompressedBytes }},
	{Name: "bytes", Type: "int64", Meaning: "decompressed bytes scanned", Example: "`5000`", JSON: "bytes",
		Int: func(r *record.Source) int64 { return r.Bytes }},
	{Name: "occurrence_count", Type: "int64", Meaning: "identifiers found in it", Example: "`7`", JSON: "occurrence_count",
		Int: func(r *record.Source) int64 { return int64(r.Occurrences) }},
	{Name: "status", Type: "string", Meaning: "`ok`, `skipped`, `error`", Example: "`ok`", JSON: "status", Dict: true,
		Str: func(r *record.Source) string { return string(r.Status) }},
	{Name: "error", Type: "string", Meaning: "reason or message", Example: "`after 1024 bytes: unexpected EOF`", JSON: "error", OmitEmpty: true,
		Str: func(r *record.Source) string { return r.Error }},
	{Name: "record_id", Type: "string", Meaning: "WARC-Record-ID of a WARC record document", Example: "`<urn:uuid:…>`", JSON: "record_id", OmitEmpty: true,
		Str: func(r *record.Source) string { return r.RecordID }},
	{Name: "target_uri", Type: "string", Meaning: "WARC-Target-URI", Example: "`https://example.org/`", JSON: "target_uri", OmitEmpty: true,
		Str: func(r *record.Source) string { return r.TargetURI }},
	{Name: "record_type", Type: "string", Meaning: "WARC-Type (`response`, `conversion` …)", Example: "`response`", JSON: "record_type", OmitEmpty: true, Dict: true,
		Str: func(r *record.Source) string { return r.RecordType }},
	{Name: "record_offset", Type: "int64", Meaning: "offset of the record in the file (of its gzip member for per-record `.warc.gz`)", Example: "`1219`", JSON: "record_offset", OmitEmpty: true,
		Int: func(r *record.Source) int64 { return r.RecordOffset }},
}

// JSONKeys are the JSON keys of cols in the order JSON writes them.
func JSONKeys[R any](cols []Column[R]) []string {
	var keys []string
	for _, c := range cols {
		if c.JSON != "" && c.JSONAfter == "" {
			keys = append(keys, c.JSON)
		}
	}
	for _, c := range cols {
		if c.JSON == "" || c.JSONAfter == "" {
			continue
		}
		for i, k := range keys {
			if k == c.JSONAfter {
				keys = append(keys[:i+1], append([]string{c.JSON}, keys[i+1:]...)...)
				break
			}
		}
	}
	return keys
}
