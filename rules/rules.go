// Package rules holds what every scheme package shares: severities, the rule
// catalog entry, findings, the Checker interface the lint engine drives and
// the Scheme descriptor each scheme package exports. Scheme-specific
// knowledge lives in the sub-packages (rules/urn, …); rules/schemes is the
// registry that lists them.
package rules

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Severity orders findings; a higher value is worse.
type Severity uint8

const (
	None Severity = iota
	Info
	Warning
	Error
)

var severityNames = [...]string{"none", "info", "warning", "error"}

func (s Severity) String() string {
	if int(s) < len(severityNames) {
		return severityNames[s]
	}
	return fmt.Sprintf("severity(%d)", uint8(s))
}

// ParseSeverity reads "error", "warning" (or "warn"), "info" and "off"/"none".
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(s) {
	case "error":
		return Error, nil
	case "warning", "warn":
		return Warning, nil
	case "info":
		return Info, nil
	case "none", "off":
		return None, nil
	}
	return None, fmt.Errorf("unknown severity %q (want error, warning, info or off)", s)
}

// MarshalText lets severities appear as words in JSON.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Rule is one catalog entry: one check, with its documentation right here,
// in the manner of go/analysis analyzers and ruff's rule pages.
type Rule struct {
	ID       string   // stable code, e.g. "URN005"
	Name     string   // short kebab-case name, e.g. "bad-percent-encoding"
	Scheme   string   // "urn", "xri", …
	Severity Severity // default severity
	// Profiles the rule runs under; ProfileSeverity overrides Severity for
	// some of them (the same check can be a MUST in one spec, a SHOULD in another).
	Profiles        []string
	ProfileSeverity PerProfile[Severity]
	Spec            string // citation, e.g. "rfc8141 §2"
	// ProfileSpec overrides Spec where a profile's own document says it.
	ProfileSpec PerProfile[string]
	Summary     string // one line
	Doc         string // why it matters
	Bad, Good   string // examples
	Fix         string // what to write instead ("" when no mechanical fix)
	// FixKind and Fixer: the mechanical fix of the rule's findings, if any
	// (rules/fix.go); a FixSafe fix never changes the identifier's Key.
	FixKind FixKind
	Fixer   Fixer
}

// PerProfile is a value for some profiles, a profile at most once, as
// {profile, value} pairs. A slice, not a map, so that a catalog entry is
// data the linker lays out rather than code run at every start-up (issue 25).
type PerProfile[T any] []struct {
	Profile string
	Value   T
}

// Get is profile's value, if it has one.
func (p PerProfile[T]) Get(profile string) (T, bool) {
	for _, e := range p {
		if e.Profile == profile {
			return e.Value, true
		}
	}
	var zero T
	return zero, false
}

// SeverityFor is the rule's default severity under profile.
func (r *Rule) SeverityFor(profile string) Severity {
	if s, ok := r.ProfileSeverity.Get(profile); ok {
		return s
	}
	return r.Severity
}

// SpecFor is the citation to give under profile.
func (r *Rule) SpecFor(profile string) string {
	if s, ok := r.ProfileSpec.Get(profile); ok {
		return s
	}
	return r.Spec
}

// ParseError is a parse failure of one identifier: the input and its first
// error-level finding, cited for the profile it was parsed under. Each
// scheme's package calls it Error.
type ParseError struct {
	Scheme  string // "urn", "xri" …: the message's prefix
	Input   string
	Profile string // picks the rule's citation ("" for the rule's default)
	Finding Finding
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("%s: %q: %s [%s, %s]", e.Scheme, e.Input, e.Finding.Message, e.Finding.Rule.ID, e.Finding.Rule.SpecFor(e.Profile))
}

// AppliesTo reports whether the rule runs under profile.
func (r *Rule) AppliesTo(profile string) bool {
	for _, p := range r.Profiles {
		if p == profile {
			return true
		}
	}
	return false
}

// Page renders the rule's documentation page, as `idlint rules ID` prints it.
func (r *Rule) Page() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s (%s)\n\n%s\n\n", r.ID, r.Name, r.Scheme, r.Summary)
	fmt.Fprintf(&b, "Spec:      %s\n", r.Spec)
	for _, p := range r.Profiles {
		if s, ok := r.ProfileSpec.Get(p); ok {
			fmt.Fprintf(&b, "           %s under %s\n", s, p)
		}
	}
	fmt.Fprintf(&b, "Severity:  %s", r.Severity)
	for _, p := range r.Profiles {
		if s, ok := r.ProfileSeverity.Get(p); ok {
			fmt.Fprintf(&b, "; %s under %s", s, p)
		}
	}
	fmt.Fprintf(&b, "\nProfiles:  %s\n\n", strings.Join(r.Profiles, ", "))
	if r.Doc != "" {
		fmt.Fprintf(&b, "Why:\n%s\n\n", indent(r.Doc))
	}
	if r.Bad != "" {
		fmt.Fprintf(&b, "Bad:\n%s\n\n", indent(r.Bad))
	}
	if r.Good != "" {
		fmt.Fprintf(&b, "Good:\n%s\n\n", indent(r.Good))
	}
	fmt.Fprintf(&b, "Fix:       %s\n", r.FixLabel())
	if r.Fix != "" {
		fmt.Fprintf(&b, "%s\n", indent(r.Fix))
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// FixLabel says what `idlint rules` and the docs tables show of the
// rule's fix: "safe (--fix)", "unsafe (--unsafe-fixes)" or "none …".
func (r *Rule) FixLabel() string {
	switch r.FixKind {
	case FixSafe:
		return "safe (--fix)"
	case FixUnsafe:
		return "unsafe (--unsafe-fixes)"
	}
	return "none (no mechanical fix)"
}

func indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "    " + l
	}
	return strings.Join(lines, "\n")
}

// Finding is one rule violation inside one identifier. Start and End are
// byte offsets within the identifier text.
type Finding struct {
	Rule       *Rule
	Severity   Severity // effective severity (profile default, maybe overridden by config)
	Message    string
	Start, End int
	// Fix is the finding's mechanical fix (nil: none), filled by the lint
	// engine from the rule's Fixer when its Config.Fixes is set.
	Fix *Edit
}

// Result is what a Checker says of one identifier.
type Result struct {
	Scheme string
	// Profile is the profile the result was made under; a profile that
	// picks one per identifier (xri's auto) names the one it picked, and
	// the engine reports that.
	Profile   string
	Canonical string // normalized full form (components kept)
	Key       string // equivalence key: equal keys ⇔ equivalent under the profile
	// NSKey is Key after the namespace's own equivalence (rfc8141 §3.1 lets a
	// URN namespace add some that only merge): equal Keys give equal NSKeys.
	// "" means Key: the scheme or namespace adds none.
	NSKey string
	// KeyLevel says which equivalence NSKey reflects: "namespace" when the
	// namespace's own applied, else "profile".
	KeyLevel  string
	Namespace string // what dashboards group by: the NID for URNs
	Findings  []Finding
}

// Valid reports whether no finding is an error.
func (r *Result) Valid() bool { return r.MaxSeverity() < Error }

// MaxSeverity is the worst severity among the findings.
func (r *Result) MaxSeverity() Severity { return MaxSeverity(r.Findings) }

// MaxSeverity is the worst severity among fs (None for none).
func MaxSeverity(fs []Finding) Severity {
	m := None
	for i := range fs {
		m = max(m, fs[i].Severity)
	}
	return m
}

// Checker is one scheme's linter, as the lint engine sees it; the
// scheme's name, profiles and catalog are in its Scheme descriptor, which
// builds it (Scheme.New).
type Checker interface {
	// Check lints one whole identifier (scheme prefix included) under profile.
	// The result may hold ident or parts of it; nothing else may keep
	// them (no cache of texts): a caller that only counts the result may
	// pass a string whose bytes are reused once it has read it.
	Check(ident string, profile string) Result
}

// Context is the text around a candidate in its document, as far as the
// scanner has it (up to a few dozen bytes each side).
type Context struct {
	Before, After []byte
}

// Classifier is implemented by checkers whose scheme name also occurs in
// text that is not an identifier ("//go:build", "LID: Layer ID"). Classify
// returns "" for an identifier, or the kind of look-alike ("go-directive",
// "source-position", "prose-label" …). Look-alikes are kept out of findings
// and clusters unless asked for.
type Classifier interface {
	Classify(ident string, ctx Context) (kind string)
}

// TextClassifier is a Classifier whose answer, for most candidates,
// follows from the candidate's text alone once a cheap look at the text
// around it finds nothing that matters: a caller that sees the same text
// again and again (lint.Memo) asks ClassifyText once per text and Quiet
// per occurrence (issue 25 §2).
type TextClassifier interface {
	Classifier
	// ClassifyText returns, when ok, the kind Classify(ident, ctx) returns
	// for every ctx for which Quiet(facts, ctx) holds; facts is what Quiet
	// needs to know of the text.
	ClassifyText(ident string) (kind string, facts uint8, ok bool)
	// Quiet reports that ClassifyText's answer holds in ctx. It looks at
	// a few bytes of ctx, not at the text (a remembered text is not read
	// again), and allocates nothing.
	Quiet(facts uint8, ctx Context) bool
}

// NormalFormer is implemented by checkers whose spec defines several
// normal forms of one identifier (XRI: escaped, IRI, URI, anyURI);
// `idlint parse --format json` shows them.
type NormalFormer interface {
	NormalForms(ident, profile string) map[string]string
}

// SortFindings puts findings in text order, then by rule ID, whatever
// order the checks ran in (stable, allocation-free).
func SortFindings(fs []Finding) {
	if len(fs) > 1 {
		slices.SortStableFunc(fs, func(a, b Finding) int {
			if a.Start != b.Start {
				return cmp.Compare(a.Start, b.Start)
			}
			return strings.Compare(a.Rule.ID, b.Rule.ID)
		})
	}
}

// MaxFindingsPerRule bounds the findings one identifier gets from one
// rule, so a megabyte of garbage yields a handful of lines, not a million.
const MaxFindingsPerRule = 8

// Wanted reports whether a finding of r would be kept under profile with
// findings below min dropped; parsers ask first to save building messages.
func Wanted(r *Rule, profile string, min Severity) bool {
	sev := r.SeverityFor(profile)
	return sev >= min && sev != None
}

// AppendFinding appends a finding of r to fs unless it is below min or
// the rule already has MaxFindingsPerRule findings in fs.
func AppendFinding(fs []Finding, r *Rule, profile string, min Severity, start, end int, msg string) []Finding {
	if !Wanted(r, profile, min) {
		return fs
	}
	n := 0
	for i := range fs {
		if fs[i].Rule == r {
			n++
		}
	}
	if n >= MaxFindingsPerRule {
		return fs
	}
	return append(fs, Finding{Rule: r, Severity: r.SeverityFor(profile), Message: msg, Start: start, End: end})
}
