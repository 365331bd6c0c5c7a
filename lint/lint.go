// Package lint is the engine: it runs each scheme's rules over candidate
// identifiers, applies the configuration (profiles, severity overrides,
// disabled rules) and produces occurrences with their findings.
package lint

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/idlint/idlint/extract"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/schemes"
)

// KeyLevelNamespace marks an NSKey made by the namespace's own equivalence
// (Occurrence.KeyLevel) and a cluster merged by it (reports.Cluster.MergedBy).
const KeyLevelNamespace = "namespace"

// Occurrence is one identifier found in a document, linted.
type Occurrence struct {
	record.Location
	Scheme    string
	Profile   string
	Raw       string
	Canonical string
	Key       string
	// NSKey is Key after the namespace's own equivalence (issue 21): equal
	// Keys give equal NSKeys; clusters group by it.
	NSKey string
	// KeyLevel is KeyLevelNamespace when the namespace's equivalence
	// applied to NSKey, "" when NSKey is the profile's Key.
	KeyLevel  string
	Namespace string
	Truncated bool // cut at the scanner's maximum length
	// Forms are the scheme's other normal forms (XRI), filled by parse.
	Forms map[string]string
	// Kind is "" for an identifier, else the kind of look-alike
	// ("go-directive" …); look-alikes carry no findings.
	Kind     string
	Findings []rules.Finding
	// Suppressed are the findings the document's suppression comments
	// silenced: not reported, counted, and still part of Valid.
	Suppressed []rules.Finding
	// Fingerprints, when set, holds one fingerprint per finding
	// (reports.FindingKey): a sink that numbers findings (the baseline)
	// hands them to the sinks after it.
	Fingerprints []string
	// MemoID, when not 0, names the Memo result this occurrence's
	// Scheme, Profile, Raw, Canonical, Key, NSKey, KeyLevel, Namespace
	// and Findings (before any filtering) were written from: equal IDs,
	// equal fields, whatever memo or generation (an encoder caches by it,
	// issue 25). Whoever changes one of these fields but Findings must
	// clear it; Findings, Suppressed, Truncated and Kind are checked by
	// the users.
	MemoID uint64
}

// PlainText reports that Scheme, Profile, Raw, Canonical, Key, NSKey,
// KeyLevel and Namespace are printable ASCII without '"' or '\\' (JSON
// and terminals take them as they are), as a Memo tells by a bit of
// MemoID, found once per text (issue 25: encoders copy the text instead
// of scanning it). False says nothing.
func (o *Occurrence) PlainText() bool { return o.MemoID&memoPlain != 0 }

// Valid reports whether no finding is an error, suppressed ones included:
// a suppression hides a finding, it does not make the identifier valid.
func (o *Occurrence) Valid() bool {
	if o.MaxSeverity() >= rules.Error {
		return false
	}
	for i := range o.Suppressed {
		if o.Suppressed[i].Severity >= rules.Error {
			return false
		}
	}
	return true
}

// MaxSeverity is the worst severity among the findings.
func (o *Occurrence) MaxSeverity() rules.Severity { return rules.MaxSeverity(o.Findings) }

// RuleIDs lists the IDs of the findings, in finding order.
func (o *Occurrence) RuleIDs() []string {
	ids := make([]string, len(o.Findings))
	for i := range o.Findings {
		ids[i] = o.Findings[i].Rule.ID
	}
	return ids
}

// Config chooses profiles and adjusts rules.
type Config struct {
	// Profiles maps a scheme ("urn") to a profile name; missing schemes use their default.
	Profiles map[string]string
	// Options sets scheme options by scheme and option name, e.g.
	// {"urn": {"equivalence": "5b"}} (rfc2141bis-03 §5 step 5b for URN
	// keys); missing ones use the default the scheme declares.
	Options map[string]map[string]string
	// Severity overrides a rule's severity by ID or name; rules.None disables it.
	Severity map[string]rules.Severity
	// Fixes fills each finding's Fix from its rule's Fixer (check --fix);
	// off, a scan does not pay for them (an allocation or two per finding).
	Fixes bool
}

// Engine runs the checkers. It is safe for concurrent use.
type Engine struct {
	checkers map[string]rules.Checker
	profiles map[string]string
	override map[*rules.Rule]rules.Severity
	schemes  extract.Schemes
	fixes    bool
}

// New validates cfg and returns an engine over every scheme of the
// registry (rules/schemes).
func New(cfg Config) (*Engine, error) {
	e := &Engine{checkers: map[string]rules.Checker{}, profiles: map[string]string{}, override: map[*rules.Rule]rules.Severity{}, fixes: cfg.Fixes}
	for name := range cfg.Options {
		if schemes.Lookup(name) == nil {
			return nil, fmt.Errorf("unknown scheme %q in options (known: %s)", name, strings.Join(Schemes(), ", "))
		}
	}
	for _, s := range schemes.All() {
		c, err := s.Checker(cfg.Options[s.Name])
		if err != nil {
			return nil, err
		}
		e.checkers[s.Name] = c
		e.profiles[s.Name] = s.DefaultProfile
		e.schemes = e.schemes.Add(extract.ParseScheme(s.Name))
	}
	for scheme, p := range cfg.Profiles {
		sc := schemes.Lookup(scheme)
		if sc == nil {
			return nil, fmt.Errorf("unknown scheme %q in profile (known: %s)", scheme, strings.Join(Schemes(), ", "))
		}
		if !contains(sc.Profiles, p) {
			return nil, fmt.Errorf("unknown %s profile %q (known: %s)", scheme, p, strings.Join(sc.Profiles, ", "))
		}
		e.profiles[scheme] = p
	}
	for name, sev := range cfg.Severity {
		rs := Find(name)
		if len(rs) == 0 {
			return nil, &UnknownRuleError{name}
		}
		for _, r := range rs {
			e.override[r] = sev
		}
	}
	return e, nil
}

// Schemes lists the schemes the engine knows.
func Schemes() []string {
	var s []string
	for _, sc := range schemes.All() {
		s = append(s, sc.Name)
	}
	sort.Strings(s)
	return s
}

// ExtractSchemes is the scanner selection for the engine's schemes.
func (e *Engine) ExtractSchemes() extract.Schemes { return e.schemes }

// ProfileList names the profile in force for every scheme, as
// "go=rfc3368,lid=auto,urn=rfc8141,xri=auto".
func (e *Engine) ProfileList() string {
	var ps []string
	for _, s := range Schemes() {
		ps = append(ps, s+"="+e.profiles[s])
	}
	return strings.Join(ps, ",")
}

// Profile is the profile in force for scheme.
func (e *Engine) Profile(scheme string) string { return e.profiles[scheme] }

// Check lints one whole identifier of a known scheme.
func (e *Engine) Check(scheme, ident string) (Occurrence, error) {
	return e.CheckInContext(scheme, ident, nil)
}

// CheckInContext lints a candidate found in text: with the text around it,
// a scheme's Classifier may tell it is a look-alike, not an identifier.
func (e *Engine) CheckInContext(scheme, ident string, ctx *rules.Context) (Occurrence, error) {
	c, ok := e.checkers[scheme]
	if !ok {
		return Occurrence{}, fmt.Errorf("unknown scheme %q", scheme)
	}
	return e.checkWith(c, scheme, e.profiles[scheme], ident, ctx), nil
}

// checkWith is CheckInContext given the scheme's checker and profile (a
// memo has them at hand: the two map lookups were ~4% of a text's first
// sighting, issue 25).
func (e *Engine) checkWith(c rules.Checker, scheme, profile, ident string, ctx *rules.Context) (o Occurrence) {
	defer func() {
		// A bug in a rule must not take a batch run down: the identifier
		// is reported with an internal-error finding and the run goes on.
		if r := recover(); r != nil {
			if isFault(r) {
				panic(r) // memory of the text went away: the document's error, not the rule's
			}
			o = Occurrence{Scheme: scheme, Profile: e.profiles[scheme], Raw: ident, Canonical: ident, Key: ident, NSKey: ident,
				Findings: []rules.Finding{{Rule: InternalError, Severity: rules.Error, Message: fmt.Sprintf("internal error while linting: %v (please report it with this identifier)", r), End: len(ident)}}}
		}
	}()
	if cl, ok := c.(rules.Classifier); ok && ctx != nil {
		if kind := cl.Classify(ident, *ctx); kind != "" {
			return Occurrence{Scheme: scheme, Profile: profile, Raw: ident, Kind: kind}
		}
	}
	res := c.Check(ident, profile)
	if res.Profile != "" {
		profile = res.Profile // a profile such as xri's auto names the one it chose
	}
	o = Occurrence{
		Scheme: scheme, Profile: profile, Raw: ident,
		Canonical: res.Canonical, Key: res.Key, NSKey: res.NSKey, Namespace: res.Namespace,
		Findings: e.adjust(res.Findings),
	}
	if o.NSKey == "" {
		o.NSKey = o.Key
	}
	if res.KeyLevel == KeyLevelNamespace {
		o.KeyLevel = res.KeyLevel
	}
	if e.fixes {
		fillFixes(c, e.profiles[scheme], &o)
	}
	return o
}

// isFault reports whether a recovered panic is a memory fault (with
// debug.SetPanicOnFault, a file that shrinks under its memory map): the
// context passed to a classifier may point into such a map.
func isFault(r any) bool {
	_, ok := r.(interface{ Addr() uintptr })
	return ok
}

// classify is a scheme's look-alike classification of a candidate by cl
// ("" for an identifier, without context or without cl); failed reports a
// panic in it, which
// the caller turns into an internal-error finding via CheckInContext.
func classify(cl rules.Classifier, ident string, ctx *rules.Context) (kind string, failed bool) {
	if cl == nil || ctx == nil {
		return "", false
	}
	defer func() {
		if r := recover(); r != nil {
			if isFault(r) {
				panic(r)
			}
			kind, failed = "", true
		}
	}()
	return cl.Classify(ident, *ctx), false
}

// NormalForms returns the scheme's alternative normal forms of ident, if
// its spec defines any (nil otherwise).
func (e *Engine) NormalForms(scheme, ident string) map[string]string {
	if nf, ok := e.checkers[scheme].(rules.NormalFormer); ok {
		return nf.NormalForms(ident, e.profiles[scheme])
	}
	return nil
}

// ruleOff reports whether e turns r off (nil e: no rule is off).
func (e *Engine) ruleOff(r *rules.Rule) bool {
	if e == nil {
		return false
	}
	s, ok := e.override[r]
	return ok && s == rules.None
}

// adjust applies severity overrides in place, dropping disabled rules.
func (e *Engine) adjust(fs []rules.Finding) []rules.Finding {
	if len(e.override) == 0 {
		return fs
	}
	out := fs[:0]
	for _, f := range fs {
		if s, ok := e.override[f.Rule]; ok {
			if s == rules.None {
				continue
			}
			f.Severity = s
		}
		out = append(out, f)
	}
	return out
}

// SchemeOf tells the scheme of a whole identifier by its prefix ("" if none).
func SchemeOf(ident string) string {
	if i := strings.IndexByte(ident, ':'); i > 0 {
		if s := schemes.Lookup(strings.ToLower(ident[:i])); s != nil {
			return s.Name
		}
	}
	return ""
}

// InternalError is the finding given to an identifier whose rules failed
// (a bug in idlint, recovered so the run goes on).
var InternalError = &rules.Rule{
	ID: "IDL001", Name: "internal-error", Scheme: "any", Severity: rules.Error,
	Spec:    "idlint",
	Summary: "A rule failed on this identifier (a bug in idlint); the run went on.",
	Doc:     "Bad input never takes a run down: when a scheme's checker fails on an identifier, the failure is caught and reported as this finding, and the identifier keeps its raw text as key. Please report it with the identifier.",
	Bad:     "(any identifier that triggers a bug)", Good: "(the same identifier, linted normally once fixed)",
}

// Rules lists every rule of every scheme, in ID order.
func Rules() []*rules.Rule {
	out := append(append([]*rules.Rule{InternalError, StaleBaselineEntry}, suppressionRules...), placeRules...)
	for _, s := range schemes.All() {
		out = append(out, s.Catalog...)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Find returns the rules an ID or name designates (case-insensitive). A
// name such as "bad-percent-encoding" can name one rule per scheme;
// "urn/bad-percent-encoding" picks one scheme's.
func Find(idOrName string) []*rules.Rule {
	return slices.Clone(findRule(idOrName))
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
