//go:build parquet

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"

	"github.com/idlint/idlint/reports/parquet"
)

// reportCorpus writes files with identifiers that cluster across files.
func reportCorpus(t *testing.T) string {
	files := map[string]string{}
	for i := 0; i < 24; i++ {
		var b strings.Builder
		for k := 0; k < 50; k++ {
			fmt.Fprintf(&b, "l%d urn:example:item-%d URN:EXAMPLE:item-%d?=q urn:isbn:%d urn:ab:x?y%d\n", k, k%9, (k+i)%9, 1000+k%4, i)
		}
		files[fmt.Sprintf("d%d/f%02d.txt", i%3, i)] = b.String()
	}
	return writeFiles(t, files)
}

func readTable(t *testing.T, dir, name string) ([]map[string]any, map[string]string) {
	t.Helper()
	rows, meta, err := parquet.ReadRows(filepath.Join(dir, name))
	if err != nil {
		t.Fatalf("%s/%s: %v", dir, name, err)
	}
	return rows, meta
}

// canonicalRows renders rows without run_id, sorted, for multiset comparison.
func canonicalRows(rows []map[string]any, sorted bool) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		delete(r, "run_id")
		b, _ := json.Marshal(r)
		out[i] = string(b)
	}
	if sorted {
		sort.Strings(out)
	}
	return out
}

// A single run equals the merge of N shard runs (issue: scale-out).
func TestShardMergeEqualsSingleRun(t *testing.T) {
	t.Parallel()
	corpus := reportCorpus(t)
	out := t.TempDir()
	single := filepath.Join(out, "single")
	if code, _, errs := runCmd(t, "", "scan", "--format", "none", "--report", single, corpus); code != exitOK {
		t.Fatalf("single run: %d %s", code, errs)
	}
	const n = 3
	var shards []string
	for k := 1; k <= n; k++ {
		dir := filepath.Join(out, fmt.Sprintf("shard%d", k))
		shards = append(shards, dir)
		if code, _, errs := runCmd(t, "", "scan", "--format", "none", "--shard", fmt.Sprintf("%d/%d", k, n), "--report", dir, "-j", "2", corpus); code != exitOK {
			t.Fatalf("shard %d: %d %s", k, code, errs)
		}
	}
	merged := filepath.Join(out, "merged")
	if code, _, errs := runCmd(t, "", append([]string{"merge", merged}, shards...)...); code != exitOK {
		t.Fatalf("merge: %d %s", code, errs)
	}
	total := 0
	for _, s := range shards {
		rows, _ := readTable(t, s, parquet.SourcesFile)
		if len(rows) == 0 {
			t.Errorf("shard %s is empty: the shards are unbalanced for this corpus", s)
		}
		total += len(rows)
	}
	if total != 24 {
		t.Errorf("shards cover %d inputs, want 24 exactly once", total)
	}
	for _, name := range []string{parquet.OccurrencesFile, parquet.FindingsFile, parquet.SourcesFile, parquet.ClustersFile} {
		a, _ := readTable(t, single, name)
		b, meta := readTable(t, merged, name)
		// clusters are sorted by key: identical rows in identical order;
		// the other tables hold the same rows, in shard order.
		sorted := name != parquet.ClustersFile
		ca, cb := canonicalRows(a, sorted), canonicalRows(b, sorted)
		if len(ca) == 0 || strings.Join(ca, "\n") != strings.Join(cb, "\n") {
			t.Errorf("%s: single run (%d rows) and merge (%d rows) differ", name, len(ca), len(cb))
		}
		if meta["idlint.schema_version"] != parquet.SchemaVersion || meta["idlint.merged_from"] == "" {
			t.Errorf("%s: metadata %v", name, meta)
		}
	}
}

// Same inputs give identical rows in identical order for any -j.
func TestReportDeterministic(t *testing.T) {
	t.Parallel()
	corpus := reportCorpus(t)
	out := t.TempDir()
	for _, j := range []string{"1", "8"} {
		if code, _, errs := runCmd(t, "", "scan", "--format", "none", "-j", j, "--run-id", "fixed", "--report", filepath.Join(out, j), corpus); code != exitOK {
			t.Fatal(errs)
		}
	}
	for _, name := range []string{parquet.OccurrencesFile, parquet.FindingsFile, parquet.SourcesFile, parquet.ClustersFile} {
		a, _ := readTable(t, filepath.Join(out, "1"), name)
		b, _ := readTable(t, filepath.Join(out, "8"), name)
		if ca, cb := canonicalRows(a, false), canonicalRows(b, false); strings.Join(ca, "\n") != strings.Join(cb, "\n") {
			t.Errorf("%s differs between -j 1 and -j 8", name)
		}
	}
}

// A run that fails leaves no report, not even temporary files.
func TestReportAtomic(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "rep")
	code, _, errs := runCmd(t, "", "scan", "--format", "nope", "--report", dir, ".")
	if code != exitTrouble {
		t.Fatalf("exit %d %s", code, errs)
	}
	w, err := parquet.Create(dir, parquet.Options{RunID: "x"})
	if err != nil {
		t.Fatal(err)
	}
	w.Abort(nil)
	entries, _ := os.ReadDir(dir)
	if len(entries) != 0 {
		t.Errorf("aborted report left %v", entries)
	}
}

// duckDBEnv turns on the check of the reports by DuckDB and apache-arrow,
// which installs them from npm (the network): .ci/run sets it.
const duckDBEnv = "IDLINT_DUCKDB"

// An independent engine (DuckDB, from npm) reads all four files of a real
// scan: row counts, column types, unique cluster keys, counts matching the
// JSON Lines output, and the README's SQL merge equal to idlint merge.
func TestDuckDBReadsReport(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("-short: skipping the DuckDB check")
	}
	if os.Getenv(duckDBEnv) != "1" {
		t.Skip("the DuckDB check installs @duckdb/node-api and apache-arrow with npm (network): set " + duckDBEnv + "=1 to run it (.ci/run does)")
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("npm is not installed: skipping the DuckDB check of the Parquet report")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: skipping the DuckDB check")
	}
	work := t.TempDir()
	var out []byte
	for attempt := 1; ; attempt++ { // one retry: a registry hiccup is not a failure of idlint
		install := exec.Command(npm, "install", "--no-audit", "--no-fund", "--silent", "@duckdb/node-api", "apache-arrow")
		install.Dir = work
		if out, err = install.CombinedOutput(); err == nil {
			break
		}
		if attempt == 2 {
			t.Fatalf("npm install @duckdb/node-api apache-arrow: %v\n%s", err, out)
		}
	}
	corpus := reportCorpus(t)
	rep := filepath.Join(work, "report")
	code, jsonl, errs := runCmd(t, "", "scan", "--format", "jsonl", "--report", rep, corpus)
	if code != exitOK {
		t.Fatal(errs)
	}
	occLines := strings.Count(jsonl, "\n")
	findings := 0
	valid := 0
	for _, l := range strings.Split(strings.TrimSpace(jsonl), "\n") {
		var o struct {
			Valid bool
			Rules []string
		}
		json.Unmarshal([]byte(l), &o)
		findings += len(o.Rules)
		if o.Valid {
			valid++
		}
	}
	for k := 1; k <= 2; k++ {
		if code, _, errs := runCmd(t, "", "scan", "--format", "none", "--shard", fmt.Sprintf("%d/2", k), "--report", filepath.Join(work, fmt.Sprintf("shard%d", k)), corpus); code != exitOK {
			t.Fatal(errs)
		}
	}
	if code, _, errs := runCmd(t, "", "merge", filepath.Join(work, "merged"), filepath.Join(work, "shard1"), filepath.Join(work, "shard2")); code != exitOK {
		t.Fatal(errs)
	}
	code, arrowStream, errs := runCmd(t, "", "scan", "--format", "arrow", corpus)
	if code != exitOK {
		t.Fatal(errs)
	}
	os.WriteFile(filepath.Join(work, "occ.arrows"), []byte(arrowStream), 0o644)
	sql, err := os.ReadFile("../../reports/SCHEMA.md")
	if err != nil {
		t.Fatal(err)
	}
	merge := string(sql)
	merge = merge[strings.Index(merge, "COPY ("):]
	merge = merge[:strings.Index(merge, "```")]
	merge = strings.ReplaceAll(merge, "shard*/", filepath.Join(work, "shard*")+"/")
	merge = strings.ReplaceAll(merge, "'merged/clusters.parquet'", "'"+filepath.Join(work, "sqlmerged.parquet")+"'")
	script := filepath.Join(work, "check.mjs")
	os.WriteFile(script, []byte(duckScript), 0o644)
	os.WriteFile(filepath.Join(work, "merge.sql"), []byte(merge), 0o644)
	cmd := exec.Command(node, script, rep, filepath.Join(work, "merged"), filepath.Join(work, "merge.sql"), filepath.Join(work, "sqlmerged.parquet"))
	cmd.Dir = work
	out, err = cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("duckdb check: %v\n%s", err, out)
	}
	var got struct {
		Rows        map[string]int
		Types       map[string]map[string]string
		DupKeys     int
		Valid       int
		ClusterOccs int
		SQLMergeEq  bool
		ArrowRows   int
		ArrowCols   []string
	}
	if err := json.Unmarshal(out[strings.LastIndex(string(out[:len(out)-1]), "\n")+1:], &got); err != nil {
		t.Fatalf("duckdb output: %v\n%s", err, out)
	}
	if got.Rows["occurrences"] != occLines || got.Rows["findings"] != findings || got.Rows["sources"] != 24 {
		t.Errorf("row counts %v; jsonl has %d occurrences, %d findings; 24 inputs", got.Rows, occLines, findings)
	}
	if got.Rows["clusters"] == 0 || got.DupKeys != 0 || got.ClusterOccs != occLines || got.Valid != valid {
		t.Errorf("clusters: %d rows, %d duplicate keys, %d occurrences (want %d), %d valid (want %d)", got.Rows["clusters"], got.DupKeys, got.ClusterOccs, occLines, got.Valid, valid)
	}
	wantTypes := map[string]map[string]string{
		"occurrences": {"offset": "BIGINT", "line": "INTEGER", "valid": "BOOLEAN", "rules": "VARCHAR[]", "key": "VARCHAR"},
		"findings":    {"rule": "VARCHAR", "offset": "BIGINT", "spec": "VARCHAR"},
		"clusters":    {"occurrence_count": "BIGINT", "variants": "STRUCT(raw VARCHAR, count BIGINT)[]", "valid": "BOOLEAN"},
		"sources":     {"bytes": "BIGINT", "status": "VARCHAR"},
	}
	for table, cols := range wantTypes {
		for col, typ := range cols {
			if got.Types[table][col] != typ {
				t.Errorf("%s.%s: DuckDB type %q, want %q", table, col, got.Types[table][col], typ)
			}
		}
	}
	if got.ArrowRows != occLines || len(got.ArrowCols) != len(got.Types["occurrences"]) {
		t.Errorf("Arrow IPC stream read by apache-arrow: %d rows (want %d), columns %v", got.ArrowRows, occLines, got.ArrowCols)
	}
	if !got.SQLMergeEq {
		t.Errorf("the SQL merge of reports/SCHEMA.md differs from idlint merge's clusters")
	}
}

const duckScript = `
import { DuckDBInstance } from '@duckdb/node-api';
import { readFileSync } from 'node:fs';
import { tableFromIPC } from 'apache-arrow';
const [rep, merged, mergeSQL, sqlOut] = process.argv.slice(2);
const con = await (await DuckDBInstance.create(':memory:')).connect();
const q = async (s) => (await con.runAndReadAll(s)).getRowObjectsJson();
const res = { Rows: {}, Types: {} };
for (const t of ['occurrences', 'findings', 'clusters', 'sources']) {
  const f = rep + '/' + t + '.parquet';
  res.Rows[t] = Number((await q("SELECT count(*) AS n FROM read_parquet('" + f + "')"))[0].n);
  res.Types[t] = {};
  for (const r of await q("DESCRIBE SELECT * FROM read_parquet('" + f + "')")) res.Types[t][r.column_name] = r.column_type;
}
const c = rep + '/clusters.parquet';
res.DupKeys = Number((await q("SELECT count(*) - count(DISTINCT (scheme, key)) AS d FROM read_parquet('" + c + "')"))[0].d);
res.ClusterOccs = Number((await q("SELECT sum(occurrence_count) AS s FROM read_parquet('" + c + "')"))[0].s);
res.Valid = Number((await q("SELECT count(*) AS v FROM read_parquet('" + rep + "/occurrences.parquet') WHERE valid"))[0].v);
await con.run(readFileSync(mergeSQL, 'utf8'));
const diff = await q("SELECT count(*) AS n FROM ((SELECT * EXCLUDE (profile) FROM read_parquet('" + sqlOut + "') EXCEPT ALL SELECT * EXCLUDE (profile) FROM read_parquet('" + merged + "/clusters.parquet')) UNION ALL (SELECT * EXCLUDE (profile) FROM read_parquet('" + merged + "/clusters.parquet') EXCEPT ALL SELECT * EXCLUDE (profile) FROM read_parquet('" + sqlOut + "')))");
res.SQLMergeEq = Number(diff[0].n) === 0;
const at = tableFromIPC(readFileSync('occ.arrows'));
res.ArrowRows = at.numRows;
res.ArrowCols = at.schema.fields.map(f => f.name);
console.log(JSON.stringify(res));
`

// issue 25: --report writes every column zstd; --report-compression snappy (scan and
// merge) makes occurrences' identifier columns Snappy, with the same rows,
// and shards may differ in it (it changes no row).
func TestReportSnappyFlag(t *testing.T) {
	in := reportCorpus(t)
	out := t.TempDir()
	codecOf := func(dir, column string) compress.Compression {
		t.Helper()
		f, err := file.OpenParquetFile(filepath.Join(dir, parquet.OccurrencesFile), false)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		k := f.MetaData().Schema.ColumnIndexByName(column)
		cc, err := f.MetaData().RowGroup(0).ColumnChunk(k)
		if err != nil {
			t.Fatal(err)
		}
		return cc.Compression()
	}
	rowsOf := func(dir string) []map[string]any {
		t.Helper()
		rows, _, err := parquet.ReadRows(filepath.Join(dir, parquet.OccurrencesFile))
		if err != nil {
			t.Fatal(err)
		}
		return rows
	}
	for _, tc := range []struct {
		name     string
		args     []string
		raw, off compress.Compression
	}{
		{"scan", []string{"scan", "--format", "none", "--run-id", "R", "--report", filepath.Join(out, "default"), in}, compress.Codecs.Zstd, compress.Codecs.Zstd},
		{"scan --report-compression snappy", []string{"scan", "--format", "none", "--run-id", "R", "--report-compression", "snappy", "--report", filepath.Join(out, "snappy"), in}, compress.Codecs.Snappy, compress.Codecs.Zstd},
		{"shard 1/2", []string{"scan", "--format", "none", "--run-id", "R", "--shard", "1/2", "--report", filepath.Join(out, "s1"), in}, compress.Codecs.Zstd, compress.Codecs.Zstd},
		{"shard 2/2 --report-compression snappy", []string{"scan", "--format", "none", "--run-id", "R", "--shard", "2/2", "--report-compression", "snappy", "--report", filepath.Join(out, "s2"), in}, compress.Codecs.Snappy, compress.Codecs.Zstd},
		{"merge --report-compression snappy", []string{"merge", "--run-id", "R", "--report-compression", "snappy", filepath.Join(out, "merged"), filepath.Join(out, "s1"), filepath.Join(out, "s2")}, compress.Codecs.Snappy, compress.Codecs.Zstd},
	} {
		if code, _, errs := runCmd(t, "", tc.args...); code != exitOK {
			t.Fatalf("%s: exit %d %s", tc.name, code, errs)
		}
		dir := tc.args[slices.Index(tc.args, "--report")+1]
		if tc.args[0] == "merge" {
			dir = tc.args[len(tc.args)-3]
		}
		if got := codecOf(dir, "raw"); got != tc.raw {
			t.Errorf("%s: raw %v, want %v", tc.name, got, tc.raw)
		}
		if got := codecOf(dir, "offset"); got != tc.off {
			t.Errorf("%s: offset %v, want %v", tc.name, got, tc.off)
		}
	}
	if a, b := rowsOf(filepath.Join(out, "default")), rowsOf(filepath.Join(out, "snappy")); !reflect.DeepEqual(a, b) || len(a) == 0 {
		t.Errorf("--report-compression snappy changed the rows: %d vs %d", len(a), len(b))
	} // a codec it does not write is a usage error, before any input is read
	for _, v := range []string{"gzip", "", "Snappy"} {
		code, _, errs := runCmd(t, "", "scan", "--format", "none", "--report-compression", v, "--report", filepath.Join(out, "bad"), in)
		if code != exitTrouble || !strings.Contains(errs, "want zstd or snappy") {
			t.Errorf("--report-compression %q: exit %d, stderr %q", v, code, errs)
		}
	}
}
