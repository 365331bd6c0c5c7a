package html_test

import (
	"archive/zip"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/idlint/idlint"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/reports"
	htmlreport "github.com/idlint/idlint/reports/html"
)

// recount is an independent count of what the page shows, from every
// occurrence and source record of the scan.
type recount struct {
	clusters   *reports.Clusters
	schemes    map[string][2]int // occurrences, invalid
	rules      map[string]int
	namespaces map[string]int
	invalidIn  map[string]int // by a.zip!b.xml
	findings   int
	problems   []string
}

func newRecount() *recount {
	return &recount{clusters: reports.NewClusters(), schemes: map[string][2]int{}, rules: map[string]int{},
		namespaces: map[string]int{}, invalidIn: map[string]int{}}
}

func (r *recount) Occurrence(o *lint.Occurrence) error {
	r.findings += len(o.Findings)
	for _, f := range o.Findings {
		r.rules[f.Rule.ID]++
	}
	if o.Kind != "" || o.IsMeta() {
		return nil
	}
	r.clusters.Add(o)
	s := r.schemes[o.Scheme]
	s[0]++
	if !o.Valid() {
		s[1]++
		name := o.Source
		if o.Member != "" {
			name += "!" + o.Member
		}
		r.invalidIn[name]++
	}
	r.schemes[o.Scheme] = s
	if o.Namespace != "" {
		r.namespaces[o.Scheme+":"+o.Namespace]++
	}
	return nil
}

func (r *recount) Source(s *record.Source) error {
	if s.Status != record.StatusOK {
		r.problems = append(r.problems, s.Source+"!"+s.Member+" "+string(s.Status))
	}
	return nil
}

// scan runs paths through a Collector and a recount side by side.
func scan(t *testing.T, paths []string, opt idlint.Options) (*htmlreport.Model, *recount) {
	t.Helper()
	c := htmlreport.NewCollector(htmlreport.Meta{Version: idlint.Version, Inputs: paths})
	rc := newRecount()
	opt.Jobs = 1 // the findings table keeps scan order; one worker makes it fixed
	sum, err := idlint.Scan(context.Background(), paths, opt, idlint.Tee(c, rc))
	if err != nil {
		t.Fatal(err)
	}
	return c.Model(sum), rc
}

// corpusDir is a directory with an archive member holding invalid
// identifiers and an input that cannot be read (a broken gzip stream).
func corpusDir(t *testing.T) string {
	dir := t.TempDir()
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	w, _ := zw.Create("b.xml")
	w.Write([]byte("<a>urn:isbn:0451450523 urn:ISBN:0451450523 urn:a:x urn:example:a%zz urn:foo:bar</a>\n"))
	zw.Close()
	for name, data := range map[string][]byte{
		"a.zip":     zb.Bytes(),
		"plain.txt": []byte("urn:isbn:0451450523\nurn:example:ok\nxri://=example\n"),
		"bad.gz":    []byte("\x1f\x8b\x08\x00broken"),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// issue 22: every number on the page equals an independent count of the
// same scan's occurrences.
func TestModelMatchesScan(t *testing.T) {
	for _, tc := range []struct {
		name  string
		paths func(t *testing.T) ([]string, idlint.Options)
		// wantSource is a document the page must list with invalid
		// identifiers; wantProblems whether failed inputs are expected.
		wantSource   string
		wantProblems bool
	}{
		{"demo sample", func(*testing.T) ([]string, idlint.Options) {
			opt := idlint.Options{}
			opt.Corpus.FS = idlint.Sample
			return []string{"sample"}, opt
		}, "", false},
		{"archive and a broken input", func(t *testing.T) ([]string, idlint.Options) {
			return []string{corpusDir(t)}, idlint.Options{}
		}, "a.zip!b.xml", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			paths, opt := tc.paths(t)
			m, rc := scan(t, paths, opt)
			s := m.Summary
			if m.FindingCount != rc.findings || m.FindingCount != s.Findings[1]+s.Findings[2]+s.Findings[3] {
				t.Errorf("findings: page %d, recount %d, summary %v", m.FindingCount, rc.findings, s.Findings)
			}
			if len(m.Findings) != min(rc.findings, htmlreport.MaxFindings) {
				t.Errorf("findings rows: %d, want %d", len(m.Findings), min(rc.findings, htmlreport.MaxFindings))
			}
			if m.ClusterCount != rc.clusters.Len() {
				t.Errorf("clusters: page %d, recount %d", m.ClusterCount, rc.clusters.Len())
			}
			occ, inv := 0, 0
			for _, sc := range m.Schemes {
				if want := rc.schemes[sc.Scheme]; sc.Occurrences != want[0] || sc.Invalid != want[1] {
					t.Errorf("scheme %s: page %d/%d invalid, recount %v", sc.Scheme, sc.Invalid, sc.Occurrences, want)
				}
				occ, inv = occ+sc.Occurrences, inv+sc.Invalid
			}
			if len(m.Schemes) != len(rc.schemes) || occ != s.Occurrences || inv != s.Invalid {
				t.Errorf("schemes: %d with %d/%d invalid, summary %d/%d, recount %d schemes", len(m.Schemes), inv, occ, s.Invalid, s.Occurrences, len(rc.schemes))
			}
			if len(m.Rules) != len(rc.rules) {
				t.Errorf("rules: page %d, recount %d", len(m.Rules), len(rc.rules))
			}
			for _, r := range m.Rules {
				if r.Count != rc.rules[r.Rule.ID] {
					t.Errorf("rule %s: page %d, recount %d", r.Rule.ID, r.Count, rc.rules[r.Rule.ID])
				}
			}
			if m.NamespaceCount != len(rc.namespaces) {
				t.Errorf("namespaces: page %d, recount %d", m.NamespaceCount, len(rc.namespaces))
			}
			for _, n := range m.Namespaces {
				if want := rc.namespaces[n.Scheme+":"+n.Namespace]; n.Occurrences != want {
					t.Errorf("namespace %s:%s: page %d, recount %d", n.Scheme, n.Namespace, n.Occurrences, want)
				}
				if n.Scheme == "urn" && n.Registry == "" {
					t.Errorf("urn namespace %s has no registry status", n.Namespace)
				}
			}
			if m.InvalidSources != len(rc.invalidIn) {
				t.Errorf("documents with invalid identifiers: page %d, recount %d", m.InvalidSources, len(rc.invalidIn))
			}
			found := tc.wantSource == ""
			for _, d := range m.Sources {
				if d.Invalid != rc.invalidIn[d.Name()] {
					t.Errorf("document %s: page %d invalid, recount %d", d.Name(), d.Invalid, rc.invalidIn[d.Name()])
				}
				found = found || strings.HasSuffix(d.Name(), string(filepath.Separator)+tc.wantSource)
			}
			if !found {
				t.Errorf("document %s not among %+v", tc.wantSource, m.Sources)
			}
			if m.ProblemCount != len(rc.problems) || (m.ProblemCount > 0) != tc.wantProblems {
				t.Errorf("problems: page %d %+v, recount %v", m.ProblemCount, m.Problems, rc.problems)
			}
			checkPage(t, m)
		})
	}
}

// external is any reference a browser would fetch from outside the file.
var external = regexp.MustCompile(`(?i)(src|href|action|poster|data)\s*=\s*["']?\s*(https?:)?//|url\(\s*["']?\s*(https?:)?//|@import`)

// checkPage renders m and checks what issue 22 asks of the page itself:
// nothing loaded from elsewhere, the totals in the DOM, real tables.
func checkPage(t *testing.T, m *htmlreport.Model) {
	t.Helper()
	var b bytes.Buffer
	if err := htmlreport.Write(&b, m); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if loc := external.FindStringIndex(page); loc != nil {
		t.Errorf("page refers outside itself: %q", page[max(0, loc[0]-40):min(len(page), loc[1]+40)])
	}
	for _, want := range []string{
		`id="total-occurrences">` + htmlreport.Num(m.Summary.Occurrences) + "<",
		`id="total-invalid">` + htmlreport.Num(m.Summary.Invalid) + "<",
		`id="total-clusters">` + htmlreport.Num(m.ClusterCount) + "<",
		"<table", "<th scope=\"col\"", "@media print", `<html lang="en">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	for _, r := range m.Rules {
		if !strings.Contains(page, `id="rule-`+r.Rule.ID+`"`) {
			t.Errorf("page lacks the text of rule %s", r.Rule.ID)
		}
	}
}
