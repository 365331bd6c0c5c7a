package html

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/idlint/idlint/internal/termsafe"
	"github.com/idlint/idlint/rules"
)

//go:embed page.html.tmpl
var pageText string

// page is parsed on first use: parsing it costs ~0.7 ms and 110 KB at
// every start of the binary otherwise (issue 25: start-up).
var page = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("page").Funcs(template.FuncMap{
		"num":     num,
		"num64":   func(n int64) string { return num(int(n)) },
		"pct":     pct,
		"ruleURL": func(id string) string { return "#rule-" + id },
		"sev":     func(s rules.Severity) string { return s.String() },
		"sevN":    func(m *Model, s rules.Severity) int { return m.Summary.Findings[s] },
		"doc":     docName,
		"short":   short,
		"when":    func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05 UTC") },
		"dur":     func(d time.Duration) string { return d.Round(time.Millisecond).String() },
		"duckdb":  duckdb,
		"shown":   func(n, of int) bool { return n < of },
		"seen":    seenRules,
		"sevlist": func() []rules.Severity { return []rules.Severity{rules.Error, rules.Warning, rules.Info} },
	}).Parse(pageText))
})

// Write renders m as one HTML page: styles, script and charts inline, no
// reference to anything outside the file.
//
// What a browser would act on rather than show — a bidi control that
// reverses an identifier or a file name (U+202E), a control character —
// is escaped visibly (\u202e, \x1b: internal/termsafe), as in the
// text outputs: html/template escapes markup, not those.
func Write(w io.Writer, m *Model) error {
	var b bytes.Buffer
	if err := page().Execute(&b, m); err != nil {
		return err
	}
	_, err := io.WriteString(w, termsafe.Text(b.String()))
	return err
}

// num writes n with thin groups: 1 234 567 (locale-free, like the text
// output's counts).
func num(n int) string {
	s := fmt.Sprint(n)
	if n < 0 || len(s) <= 3 {
		return s
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteRune('\u202f')
		}
		b.WriteRune(c)
	}
	return b.String()
}

func pct(n, of int) string {
	if of == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f %%", 100*float64(n)/float64(of))
}

// short cuts s to n characters for a table cell (the title attribute
// keeps all of it).
func short(n int, s string) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// duckdb is the command that lists every finding of the Parquet report,
// in the page's order (the file's: scan order).
func duckdb(dir string) string {
	return `duckdb -c "` + DuckDBQuery(dir) + `"`
}

// DuckDBQuery is the SQL the page prints to see all the findings.
func DuckDBQuery(dir string) string {
	p := filepath.ToSlash(filepath.Join(dir, "findings.parquet"))
	return "SELECT * FROM read_parquet('" + strings.ReplaceAll(p, "'", "''") + "')"
}

// seenRules are the rules with findings, by ID, for their embedded pages.
func seenRules(m *Model) []*rules.Rule {
	out := make([]*rules.Rule, 0, len(m.Rules))
	for _, r := range m.Rules {
		out = append(out, r.Rule)
	}
	slices.SortFunc(out, func(a, b *rules.Rule) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// Charts: inline SVG drawn here. They are decoration: every number is in
// the table next to them, so they are aria-hidden.

// SchemeChart is the invalid share of each scheme's identifiers.
func (m *Model) SchemeChart() template.HTML {
	var bs []Bar
	for _, s := range m.Schemes {
		bs = append(bs, Bar{s.Scheme + " valid", s.Valid(), "ok"}, Bar{s.Scheme + " invalid", s.Invalid, "bad"})
	}
	return svgBars(bs)
}

// SeverityChart is the findings by severity.
func (m *Model) SeverityChart() template.HTML {
	return svgBars([]Bar{{"error", m.Summary.Findings[rules.Error], "bad"},
		{"warning", m.Summary.Findings[rules.Warning], "warn"}, {"info", m.Summary.Findings[rules.Info], "info"}})
}

// RuleChart is the 15 rules with most findings.
func (m *Model) RuleChart() template.HTML {
	var bs []Bar
	for _, r := range m.Rules[:min(len(m.Rules), 15)] {
		bs = append(bs, Bar{r.Rule.ID + " " + r.Rule.Name, r.Count, sevClass(r.Worst())})
	}
	return svgBars(bs)
}

// NamespaceChart is the 15 namespaces with most identifiers.
func (m *Model) NamespaceChart() template.HTML {
	var bs []Bar
	for _, n := range m.Namespaces[:min(len(m.Namespaces), 15)] {
		c := "b"
		if n.Registry == "unregistered" {
			c = "warn"
		}
		bs = append(bs, Bar{n.Scheme + ":" + n.Namespace, n.Occurrences, c})
	}
	return svgBars(bs)
}

func sevClass(s rules.Severity) string {
	switch s {
	case rules.Error:
		return "bad"
	case rules.Warning:
		return "warn"
	}
	return "info"
}

func svgBars(bs []Bar) template.HTML {
	const rowH, labelW, barW, numW = 22, 250, 300, 90
	maxN := 1
	for _, b := range bs {
		maxN = max(maxN, b.N)
	}
	var s strings.Builder
	h := rowH * len(bs)
	fmt.Fprintf(&s, `<svg class="chart" role="img" aria-hidden="true" viewBox="0 0 %d %d" width="%d" height="%d">`, labelW+barW+numW, h, labelW+barW+numW, h)
	for i, b := range bs {
		y := i * rowH
		w := 0
		if b.N > 0 {
			w = max(1, b.N*barW/maxN)
		}
		fmt.Fprintf(&s, `<text x="%d" y="%d" text-anchor="end">%s</text><rect class="%s" x="%d" y="%d" width="%d" height="%d"/><text x="%d" y="%d">%s</text>`,
			labelW-6, y+15, template.HTMLEscapeString(short(34, b.Label)), cls(b.Class), labelW, y+4, w, rowH-8, labelW+w+4, y+15, num(b.N))
	}
	s.WriteString(`</svg>`)
	return template.HTML(s.String())
}

func cls(c string) string {
	if c == "" {
		return "b"
	}
	return c
}

// Bar is one bar of a chart: a label, a value and its CSS class.
type Bar struct {
	Label string
	N     int
	Class string
}

// Num formats a count as the page shows it (tests look for the totals).
func Num(n int) string { return num(n) }
