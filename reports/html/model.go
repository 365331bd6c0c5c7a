// Package html renders a scan's data-quality report as one self-contained,
// offline HTML file (issue 22): run metadata, totals by scheme and
// validity, severities, rules by count with their text, namespaces with
// their registry status, the largest clusters, the sources with the most
// invalid identifiers, inputs that failed or were skipped, and the first
// rows of the findings. The page embeds aggregates and a bounded number
// of rows, so its size does not grow with the occurrences; the rest is in
// the Parquet report, whose path and a DuckDB query the page prints.
//
// A Model is filled by a Collector (a reports.Sink, during a scan) or by
// any reader of a finished report, and written by Write.
package html

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/reports"
	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/urn"
)

// Limits of the rows the page embeds; the totals count every row.
const (
	MaxFindings   = 1000 // rows of the findings table
	MaxClusters   = 50   // largest clusters shown
	MaxVariants   = 8    // spellings per cluster shown
	MaxNamespaces = 100
	MaxSources    = 50
	MaxProblems   = 200 // failed or skipped inputs
)

// Meta is what the page says of the run.
type Meta struct {
	Title        string
	Version      string
	RunID        string
	Profiles     string
	CommandLine  string
	Inputs       []string
	Start        time.Time
	Duration     time.Duration
	ShardsMerged int    // 0 for a single run
	ParquetDir   string // the --report directory, "" when none was written
}

// SchemeRow is one scheme's identifiers by validity.
type SchemeRow struct {
	Scheme                string
	Occurrences, Invalid  int
	Distinct, InvalidKeys int // clusters, clusters with an invalid occurrence
}

// Valid is the occurrences without an error finding.
func (s SchemeRow) Valid() int { return s.Occurrences - s.Invalid }

// RuleRow is one rule and its findings.
type RuleRow struct {
	Rule  *rules.Rule
	Count int
	// BySeverity counts the findings at each effective severity (a
	// profile or the config may change a rule's).
	BySeverity [rules.Error + 1]int
}

// Worst is the highest effective severity of the rule's findings.
func (r RuleRow) Worst() rules.Severity {
	for s := rules.Error; s > rules.None; s-- {
		if r.BySeverity[s] > 0 {
			return s
		}
	}
	return r.Rule.Severity
}

// NamespaceRow is one namespace (a URN's NID …) and its identifiers.
type NamespaceRow struct {
	Scheme, Namespace    string
	Occurrences, Invalid int
	// Registry is "registered" or "unregistered" in the IANA URN
	// Namespaces registry for a URN NID, "" where no registry applies.
	Registry string
}

// SourceRow is one document (an input or an archive member) and its
// identifiers.
type SourceRow struct {
	Source, Member       string
	Occurrences, Invalid int
}

// Name is the document as the other outputs show it: a.zip!b.xml.
func (s SourceRow) Name() string { return docName(s.Source, s.Member) }

func docName(src, member string) string {
	if member == "" {
		return src
	}
	return src + "!" + member
}

// FindingRow is one finding of the findings table; Column is the
// offending character's, as in findings.parquet.
type FindingRow struct {
	Source, Member string
	Line, Column   int
	Scheme, Raw    string
	RuleID         string
	Severity       rules.Severity
	Message        string
}

// Name is the document of the finding (see SourceRow.Name).
func (f FindingRow) Name() string { return docName(f.Source, f.Member) }

// Model is everything the page shows: aggregates, and the first rows of
// the long tables with their full counts.
type Model struct {
	Meta    Meta
	Summary reports.Summary
	Schemes []SchemeRow
	Rules   []RuleRow // by count, most first
	// Namespaces by occurrences, most first; NamespaceCount is all of them.
	Namespaces     []NamespaceRow
	NamespaceCount int
	// Clusters: the largest by occurrences; ClusterCount is all of them.
	Clusters     []reports.Cluster
	ClusterCount int
	// Sources with the most invalid identifiers; InvalidSources counts
	// the documents with any.
	Sources        []SourceRow
	InvalidSources int
	// Problems are the inputs and members that failed or were skipped;
	// ProblemCount is all of them.
	Problems     []record.Source
	ProblemCount int
	// Findings are the first rows in scan order; FindingCount is all the
	// findings the scan reported.
	Findings     []FindingRow
	FindingCount int
}

// Collector fills a Model from a scan: it is a reports.Sink. Its memory
// grows with the distinct keys (clusters), namespaces and documents, not
// with the occurrences.
type Collector struct {
	Meta Meta
	// Write, when set, is called by Finish with the finished model (the
	// command writes the file there).
	Write func(*Model) error

	m          Model
	clusters   *reports.Background
	rowCs      *reports.Clusters // of AddRow, for readers of a finished report
	rules      map[*rules.Rule]*RuleRow
	namespaces map[[2]string]*NamespaceRow
	sources    map[[2]string]*SourceRow
	schemes    map[string]*SchemeRow
	start      time.Time
}

// NewCollector returns a Collector for a run described by meta.
func NewCollector(meta Meta) *Collector {
	return &Collector{Meta: meta, clusters: reports.NewBackground(),
		rules: map[*rules.Rule]*RuleRow{}, namespaces: map[[2]string]*NamespaceRow{},
		sources: map[[2]string]*SourceRow{}, schemes: map[string]*SchemeRow{}, start: time.Now()}
}

// Occurrence counts o.
func (c *Collector) Occurrence(o *lint.Occurrence) error {
	for i := range o.Findings {
		f := &o.Findings[i]
		c.AddFinding(f.Rule, FindingRow{Source: o.Source, Member: o.Member,
			Line: o.Line, Column: reports.FindingColumn(o, f), Scheme: o.Scheme, Raw: o.Raw, RuleID: f.Rule.ID,
			Severity: f.Severity, Message: f.Message})
	}
	if o.Kind != "" || o.IsMeta() {
		return nil // look-alikes and suppression comments are no identifiers
	}
	c.clusters.Add(o)
	c.count(o.Scheme, o.Namespace, o.Source, o.Member, o.Valid())
	return nil
}

// AddFinding counts one finding of rule r (a reader of a finished report
// calls it for every row of findings.parquet, in order).
func (c *Collector) AddFinding(r *rules.Rule, f FindingRow) {
	rr := c.rules[r]
	if rr == nil {
		rr = &RuleRow{Rule: r}
		c.rules[r] = rr
	}
	rr.Count++
	rr.BySeverity[f.Severity]++
	if c.m.FindingCount++; len(c.m.Findings) < MaxFindings {
		c.m.Findings = append(c.m.Findings, f)
	}
}

// AddRows counts identifiers given as rows (look-alikes left out by the
// caller), instead of Occurrence: for a reader of a finished report.
func (c *Collector) AddRows(rows []reports.Row) {
	if c.rowCs == nil {
		c.rowCs = reports.NewClusters()
	}
	c.rowCs.AddRows(rows)
	for i := range rows {
		r := &rows[i]
		c.count(r.Scheme, r.Namespace, r.Source, r.Member, r.Valid)
	}
}

func (c *Collector) count(scheme, namespace, source, member string, valid bool) {
	invalid := 0
	if !valid {
		invalid = 1
	}
	s := c.schemes[scheme]
	if s == nil {
		s = &SchemeRow{Scheme: scheme}
		c.schemes[scheme] = s
	}
	s.Occurrences++
	s.Invalid += invalid
	if namespace != "" {
		k := [2]string{scheme, namespace}
		n := c.namespaces[k]
		if n == nil {
			n = &NamespaceRow{Scheme: scheme, Namespace: namespace}
			c.namespaces[k] = n
		}
		n.Occurrences++
		n.Invalid += invalid
	}
	k := [2]string{source, member}
	d := c.sources[k]
	if d == nil {
		d = &SourceRow{Source: source, Member: member}
		c.sources[k] = d
	}
	d.Occurrences++
	d.Invalid += invalid
}

// Source keeps the inputs that failed or were skipped.
func (c *Collector) Source(r *record.Source) error {
	if r.Status == record.StatusOK {
		return nil
	}
	if c.m.ProblemCount++; len(c.m.Problems) < MaxProblems {
		c.m.Problems = append(c.m.Problems, *r)
	}
	return nil
}

// Finish completes the model with the run's totals and hands it to Write.
func (c *Collector) Finish(sum reports.Summary) error {
	m := c.Model(sum)
	if c.Write == nil {
		return nil
	}
	return c.Write(m)
}

// Abort drops the model: a page of a cut run would mislead.
func (c *Collector) Abort(error) { c.clusters.Wait() }

// Model ends the collection and returns the model; the Collector must not
// be used after.
func (c *Collector) Model(sum reports.Summary) *Model {
	m := &c.m
	m.Meta = c.Meta
	if m.Meta.Duration == 0 {
		m.Meta.Duration = time.Since(c.start)
	}
	m.Summary = sum
	cs := c.clusters.Wait()
	if c.rowCs != nil {
		cs = c.rowCs
	}
	var all []reports.Cluster
	cs.Each(func(cl *reports.Cluster) error {
		if s := c.schemes[cl.Scheme]; s != nil {
			s.Distinct++
			if !cl.Valid {
				s.InvalidKeys++
			}
		}
		m.ClusterCount++
		all = topAppend(all, cl, MaxClusters)
		return nil
	})
	m.Clusters = all
	for _, s := range c.schemes {
		m.Schemes = append(m.Schemes, *s)
	}
	for _, r := range c.rules {
		m.Rules = append(m.Rules, *r)
	}
	for _, n := range c.namespaces {
		m.Namespaces = append(m.Namespaces, *n)
	}
	for _, d := range c.sources {
		if d.Invalid > 0 {
			m.Sources = append(m.Sources, *d)
		}
	}
	m.NamespaceCount, m.InvalidSources = len(m.Namespaces), len(m.Sources)
	m.Normalize()
	return m
}

// topAppend keeps the n largest clusters by occurrences (then most
// variants, then scheme and key, for a deterministic page), copying cl.
func topAppend(top []reports.Cluster, cl *reports.Cluster, n int) []reports.Cluster {
	if len(top) == n && clusterCmp(cl, &top[n-1]) >= 0 {
		return top
	}
	cc := *cl
	cc.Variants = slices.Clone(cl.Variants[:min(len(cl.Variants), MaxVariants)])
	i, _ := slices.BinarySearchFunc(top, &cc, func(a reports.Cluster, b *reports.Cluster) int { return clusterCmp(&a, b) })
	top = slices.Insert(top, i, cc)
	if len(top) > n {
		top = top[:n]
	}
	return top
}

func clusterCmp(a, b *reports.Cluster) int {
	return cmp.Or(cmp.Compare(b.OccurrenceCount, a.OccurrenceCount), cmp.Compare(len(b.Variants), len(a.Variants)),
		strings.Compare(a.Scheme, b.Scheme), strings.Compare(a.Key, b.Key))
}

// Normalize sorts the model's tables into the page's order, cuts them to
// the limits and fills the registry status: a reader that fills a Model
// from a finished report calls it before Write.
func (m *Model) Normalize() {
	slices.SortFunc(m.Schemes, func(a, b SchemeRow) int { return strings.Compare(a.Scheme, b.Scheme) })
	slices.SortFunc(m.Rules, func(a, b RuleRow) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), strings.Compare(a.Rule.ID, b.Rule.ID))
	})
	slices.SortFunc(m.Namespaces, func(a, b NamespaceRow) int {
		return cmp.Or(cmp.Compare(b.Occurrences, a.Occurrences), strings.Compare(a.Scheme, b.Scheme), strings.Compare(a.Namespace, b.Namespace))
	})
	m.Namespaces = m.Namespaces[:min(len(m.Namespaces), MaxNamespaces)]
	for i := range m.Namespaces {
		if n := &m.Namespaces[i]; n.Scheme == "urn" && n.Registry == "" {
			n.Registry = "unregistered"
			if urn.Registered(n.Namespace) {
				n.Registry = "registered"
			}
		}
	}
	slices.SortFunc(m.Sources, func(a, b SourceRow) int {
		return cmp.Or(cmp.Compare(b.Invalid, a.Invalid), strings.Compare(a.Source, b.Source), strings.Compare(a.Member, b.Member))
	})
	m.Sources = m.Sources[:min(len(m.Sources), MaxSources)]
	slices.SortFunc(m.Clusters, func(a, b reports.Cluster) int { return clusterCmp(&a, &b) })
	m.Clusters = m.Clusters[:min(len(m.Clusters), MaxClusters)]
}

var _ reports.Sink = (*Collector)(nil)
