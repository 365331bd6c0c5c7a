package lid

import "github.com/idlint/idlint/rules"

// Scheme describes lid: to the engine, the CLI and the scanner (rules/schemes).
var Scheme = &rules.Scheme{
	Name: "lid", Profiles: Profiles, DefaultProfile: DefaultProfile, Catalog: Catalog,
	New:     func(map[string]string) rules.Checker { return &Checker{} },
	Resolve: Resolve,
	Extent:  rules.ExtentURI,
}

// Checker adapts the package to the lint engine's rules.Checker and
// rules.Classifier.
type Checker struct{}

var (
	_ rules.Checker    = (*Checker)(nil)
	_ rules.Classifier = (*Checker)(nil)
)

// Check lints ident under profile with every finding kept.
func (*Checker) Check(ident, profile string) rules.Result {
	u, fs := Lint(ident, profile, Options{MinSeverity: rules.Info})
	return rules.Result{
		Scheme:    "lid",
		Profile:   u.Profile, // under auto, the profile chosen
		Canonical: u.Canonical(),
		Key:       u.Key(),
		Namespace: u.Namespace(),
		Findings:  fs,
	}
}
