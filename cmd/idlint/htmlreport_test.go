//go:build parquet

package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	htmlreport "github.com/idlint/idlint/reports/html"
	"github.com/idlint/idlint/reports/parquet"
)

// section is the page's <section id="id"> without the notes that name
// the run (Parquet path, counts of the page's own rows are kept).
func section(page, id string) string {
	i := strings.Index(page, `<section id="`+id+`"`)
	if i < 0 {
		return ""
	}
	j := strings.Index(page[i:], "</section>")
	return page[i : i+j]
}

// issue 22: `idlint report DIR` shows what `scan --html` showed of the
// same run, and of a merge of its shards the same as of one run.
func TestReportHTMLEqualsScanHTML(t *testing.T) {
	t.Parallel()
	in := reportCorpus(t)
	os.WriteFile(filepath.Join(in, "bad.gz"), []byte("\x1f\x8b\x08\x00broken"), 0o644)
	os.WriteFile(filepath.Join(in, "plain.txt"), []byte("urn:example:a%zz urn:foo:x xri://=example\n"), 0o644)
	out := t.TempDir()
	single, scanPage := filepath.Join(out, "single"), filepath.Join(out, "scan.html")
	if code, _, errs := runCmd(t, "", "scan", "--format", "none", "-j", "1", "--report", single, "--html", scanPage, in); code != exitTrouble {
		t.Fatalf("scan (a broken input: exit 2): %d %s", code, errs)
	}
	var shards []string
	for _, k := range []string{"1/2", "2/2"} {
		dir := filepath.Join(out, "shard"+k[:1])
		runCmd(t, "", "scan", "--format", "none", "--shard", k, "--report", dir, in)
		shards = append(shards, dir)
	}
	merged := filepath.Join(out, "merged")
	if code, _, errs := runCmd(t, "", append([]string{"merge", merged}, shards...)...); code != exitOK {
		t.Fatalf("merge: %d %s", code, errs)
	}
	read := func(p string) string {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	want := read(scanPage)
	for _, dir := range []string{single, merged} {
		code, stdout, errs := runCmd(t, "", "report", dir)
		if code != exitOK || strings.TrimSpace(stdout) != filepath.Join(dir, "report.html") {
			t.Fatalf("report %s: exit %d, stdout %q, stderr %s", dir, code, stdout, errs)
		}
		got := read(filepath.Join(dir, "report.html"))
		ids := []string{"totals", "schemes", "rules", "namespaces", "clusters", "sources", "problems"}
		if dir == single { // a merge's findings come in shard order
			ids = append(ids, "findings")
		}
		for _, id := range ids {
			w, g := section(want, id), section(got, id)
			if id == "findings" { // the page of a report names its Parquet file
				re := regexp.MustCompile(`(?s)<p>All of them.*?</pre>`)
				w, g = re.ReplaceAllString(w, ""), re.ReplaceAllString(g, "")
			}
			if w == "" || w != g {
				k := 0
				for k < min(len(w), len(g)) && w[k] == g[k] {
					k++
				}
				t.Errorf("report %s: section %s differs from scan --html's at %d: %q, want %q", dir, id, k, g[max(0, k-80):min(len(g), k+80)], w[max(0, k-80):min(len(w), k+80)])
			}
		}
	}
	if !strings.Contains(read(filepath.Join(merged, "report.html")), "<dt>shards merged</dt><dd>2</dd>") {
		t.Error("the merged report's page does not say it merged 2 shards")
	}
}

// issue 22: the page's numbers equal what DuckDB computes from the same
// Parquet files, and the query the page prints lists every finding.
func TestDuckDBMatchesHTMLReport(t *testing.T) {
	t.Parallel()
	if os.Getenv(duckDBEnv) != "1" {
		t.Skip("the DuckDB check installs @duckdb/node-api with npm (network): set " + duckDBEnv + "=1 to run it (.ci/run does)")
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("npm is not installed: skipping the DuckDB check of the HTML report")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: skipping the DuckDB check of the HTML report")
	}
	work := t.TempDir()
	for attempt := 1; ; attempt++ { // one retry: a registry hiccup is not a failure of idlint
		install := exec.Command(npm, "install", "--no-audit", "--no-fund", "--silent", "@duckdb/node-api")
		install.Dir = work
		out, err := install.CombinedOutput()
		if err == nil {
			break
		}
		if attempt == 2 {
			t.Fatalf("npm install @duckdb/node-api: %v\n%s", err, out)
		}
	}
	in := reportCorpus(t)
	os.WriteFile(filepath.Join(in, "bad.gz"), []byte("\x1f\x8b\x08\x00broken"), 0o644)
	rep := filepath.Join(work, "report")
	runCmd(t, "", "scan", "--format", "none", "--report", rep, in)
	m, err := parquet.ReadModel(context.Background(), rep)
	if err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(work, "html.mjs")
	os.WriteFile(script, []byte(duckHTMLScript), 0o644)
	cmd := exec.Command(node, script, rep, htmlreport.DuckDBQuery(rep))
	cmd.Dir = work
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("duckdb: %v\n%s", err, out)
	}
	var got struct {
		Occ, Invalid, Clusters, Namespaces, InvalidDocs, Problems, Listed int
		Severity, Rules                                                   map[string]int
		Schemes                                                           map[string][2]int
	}
	if err := json.Unmarshal(out[strings.LastIndex(string(out[:len(out)-1]), "\n")+1:], &got); err != nil {
		t.Fatalf("duckdb output: %v\n%s", err, out)
	}
	if got.Occ == 0 || got.Problems == 0 || got.Listed == 0 {
		t.Fatalf("DuckDB counted nothing: %s", out)
	}
	s := m.Summary
	for _, c := range []struct {
		what      string
		page, sql int
	}{
		{"identifiers", s.Occurrences, got.Occ},
		{"invalid", s.Invalid, got.Invalid},
		{"clusters", m.ClusterCount, got.Clusters},
		{"namespaces", m.NamespaceCount, got.Namespaces},
		{"documents with invalid identifiers", m.InvalidSources, got.InvalidDocs},
		{"failed or skipped", m.ProblemCount, got.Problems},
		{"findings listed by the page's query", m.FindingCount, got.Listed},
		{"errors", s.Findings[3], got.Severity["error"]},
		{"warnings", s.Findings[2], got.Severity["warning"]},
		{"info", s.Findings[1], got.Severity["info"]},
		{"rules", len(m.Rules), len(got.Rules)},
		{"schemes", len(m.Schemes), len(got.Schemes)},
	} {
		if c.page != c.sql {
			t.Errorf("%s: page %d, DuckDB %d", c.what, c.page, c.sql)
		}
	}
	for _, r := range m.Rules {
		if r.Count != got.Rules[r.Rule.ID] {
			t.Errorf("rule %s: page %d, DuckDB %d", r.Rule.ID, r.Count, got.Rules[r.Rule.ID])
		}
	}
	for _, sc := range m.Schemes {
		if w := got.Schemes[sc.Scheme]; sc.Occurrences != w[0] || sc.Invalid != w[1] {
			t.Errorf("scheme %s: page %d/%d invalid, DuckDB %v", sc.Scheme, sc.Invalid, sc.Occurrences, w)
		}
	}
}

const duckHTMLScript = `
import { DuckDBInstance } from '@duckdb/node-api';
const [rep, listing] = process.argv.slice(2);
const con = await (await DuckDBInstance.create(':memory:')).connect();
const q = async (s) => (await con.runAndReadAll(s)).getRowObjectsJson();
const one = async (s) => Number(Object.values((await q(s))[0])[0]);
const occ = "(SELECT * FROM read_parquet('" + rep + "/occurrences.parquet') WHERE kind = '')";
const res = {};
res.Occ = await one("SELECT count(*) FROM " + occ);
res.Invalid = await one("SELECT count(*) FROM " + occ + " WHERE NOT valid");
res.Clusters = await one("SELECT count(*) FROM read_parquet('" + rep + "/clusters.parquet')");
res.Namespaces = await one("SELECT count(DISTINCT (scheme, namespace)) FROM " + occ + " WHERE namespace <> ''");
res.InvalidDocs = await one("SELECT count(DISTINCT (source, member)) FROM " + occ + " WHERE NOT valid");
res.Problems = await one("SELECT count(*) FROM read_parquet('" + rep + "/sources.parquet') WHERE status <> 'ok'");
res.Listed = await one("SELECT count(*) FROM (" + listing + ")");
res.Severity = {}; res.Rules = {}; res.Schemes = {};
for (const r of await q("SELECT severity, count(*) AS n FROM read_parquet('" + rep + "/findings.parquet') GROUP BY ALL")) res.Severity[r.severity] = Number(r.n);
for (const r of await q("SELECT rule, count(*) AS n FROM read_parquet('" + rep + "/findings.parquet') GROUP BY ALL")) res.Rules[r.rule] = Number(r.n);
for (const r of await q("SELECT scheme, count(*) AS n, count(*) FILTER (NOT valid) AS i FROM " + occ + " GROUP BY ALL")) res.Schemes[r.scheme] = [Number(r.n), Number(r.i)];
console.log(JSON.stringify(res));
`
