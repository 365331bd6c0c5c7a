package xri

import (
	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ascii"
)

// Scheme describes xri: to the engine, the CLI and the scanner (rules/schemes).
var Scheme = &rules.Scheme{
	Name: "xri", Profiles: Profiles, DefaultProfile: DefaultProfile, Catalog: Catalog,
	New:      func(map[string]string) rules.Checker { return &Checker{} },
	Resolve:  Resolve,
	Document: &rules.Document{Sniff: 4096, Looks: LooksLikeXRDS, Find: FindInXRDS},
	Extent:   rules.ExtentIRI,
}

// Checker adapts the package to the lint engine's rules.Checker and
// rules.Classifier.
type Checker struct{}

var (
	_ rules.Checker    = (*Checker)(nil)
	_ rules.Classifier = (*Checker)(nil)
)

// Check lints ident under profile with every finding kept. An ident
// without the "xri:" scheme is read as a bare XRI (ParseBare): the
// i-names FindInXRDS finds. Under auto, Result.Profile is the version
// detected (DetectProfile).
func (*Checker) Check(ident, profile string) rules.Result {
	x, fs := Lint(ident, profile, Options{Bare: !ascii.HasPrefixFold(ident, "xri:"), MinSeverity: rules.Info})
	return rules.Result{
		Scheme:  "xri",
		Profile: x.Profile, // under auto, the version detected

		Canonical: x.Canonical(),
		Key:       x.Key(),
		Namespace: x.Namespace(),
		Findings:  fs,
	}
}
