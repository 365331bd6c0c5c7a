package rules

import (
	"fmt"
	"slices"
	"strings"
)

// Scheme describes one identifier scheme: all the engine, the CLI, the
// scanner's generated tables and the docs need of it. Each scheme package
// exports one (urn.Scheme, …); rules/schemes lists them, as vet lists its
// analyzers.
type Scheme struct {
	// Name is the scheme name as written before ":", in lower case: two or
	// more ASCII letters (the scanner's filter and confirm rely on it).
	Name           string
	Profiles       []string
	DefaultProfile string
	Catalog        []*Rule
	// Options are the scheme's checker options; each is a CLI flag
	// --NAME-OPTION and an entry of lint.Config.Options[NAME].
	Options []Option
	// New returns the scheme's checker for option values opts, one per
	// declared option (its Default when not set), already validated. The
	// checker may also implement Classifier and NormalFormer.
	New func(opts map[string]string) Checker
	// Resolve resolves a relative reference against base under profile;
	// nil when the scheme defines no relative references.
	Resolve func(base, ref, profile string) (string, error)
	// Document, when set, is a document format of the scheme's own whose
	// identifiers the scanner alone does not find (XRI's XRDS).
	Document *Document
	// Extent is the class of characters the scanner extends an
	// identifier of this scheme over.
	Extent Extent
}

// Option is one checker option a scheme declares.
type Option struct {
	Name    string   // e.g. "equivalence"
	Values  []string // the accepted values
	Default string
	Usage   string // the CLI flag's help text
}

// Document is a scheme's own document format, read whole.
type Document struct {
	// Sniff is how much of a document's head Looks needs.
	Sniff int
	// Looks reports whether a document starting with head is one.
	Looks func(head []byte) bool
	// Find returns the spans of doc holding identifiers the scanner does
	// not see (bare ones, without the scheme prefix), checked with the
	// scheme's checker.
	Find func(doc []byte) []Span
}

// Span is a byte range doc[Start:End].
type Span struct{ Start, End int }

// Extent is a scanner character class: where an identifier's run ends.
type Extent uint8

const (
	// ExtentURN is rfc2141 §2.4 / rfc2141bis-03 §2.5.3's ASCII set: the run
	// ends at space, controls, DEL, non-ASCII and " < > \ ^ ` { | }.
	ExtentURN Extent = iota
	// ExtentIRI adds XRI's Unicode (ucschar, xri §2.2.1) to ExtentURN's
	// set: the run ends at Unicode spaces and controls.
	ExtentIRI
	// ExtentURI is RFC 2396 §2.4.3's set: ExtentURN's less "[" and "]".
	ExtentURI
)

// Checker builds the scheme's checker from the option values given by
// name (missing ones take their default), rejecting unknown options and
// values.
func (s *Scheme) Checker(opts map[string]string) (Checker, error) {
	vals := make(map[string]string, len(s.Options))
	for _, o := range s.Options {
		vals[o.Name] = o.Default
	}
	for name, v := range opts {
		if err := s.CheckOption(name, v); err != nil {
			return nil, err
		}
		vals[name] = v
	}
	return s.New(vals), nil
}

// CheckOption reports whether v is a value of the declared option name.
func (s *Scheme) CheckOption(name, v string) error {
	o := s.Option(name)
	if o == nil {
		return fmt.Errorf("unknown %s option %q", s.Name, name)
	}
	if !slices.Contains(o.Values, v) {
		return fmt.Errorf("%s %q: want %s", o.Flag(s), v, orList(o.Values))
	}
	return nil
}

// Option returns the declared option called name, nil if none.
func (s *Scheme) Option(name string) *Option {
	for i := range s.Options {
		if s.Options[i].Name == name {
			return &s.Options[i]
		}
	}
	return nil
}

// Flag is the option's CLI flag as written, e.g. "--urn-equivalence".
func (o *Option) Flag(s *Scheme) string { return "--" + s.FlagName(o) }

// FlagName is the option's CLI flag name, e.g. "urn-equivalence".
func (s *Scheme) FlagName(o *Option) string { return s.Name + "-" + o.Name }

// orList writes "a", "a or b", "a, b or c".
func orList(xs []string) string {
	if len(xs) <= 1 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}
