//go:build parquet

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
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
