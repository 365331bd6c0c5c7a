package urn

import "github.com/idlint/idlint/rules"

// Scheme describes urn: to the engine, the CLI and the scanner (rules/schemes).
var Scheme = &rules.Scheme{
	Name: "urn", Profiles: Profiles, DefaultProfile: DefaultProfile, Catalog: Catalog,
	Options: []rules.Option{{
		Name: "equivalence", Values: []string{"5a", "5b"}, Default: "5a",
		Usage: "rfc2141bis-03 §5 final step for keys: 5a (drop the query) or 5b (sort directives)",
	}},
	New:    func(opts map[string]string) rules.Checker { return &Checker{QueryOrder: opts["equivalence"] == "5b"} },
	Extent: rules.ExtentURN,
}

// Checker adapts the package to the lint engine's rules.Checker.
type Checker struct {
	// QueryOrder selects rfc2141bis-03 §5 step 5b for keys (see Options).
	QueryOrder bool
}

var _ rules.Checker = (*Checker)(nil)

// Check lints ident under profile with every finding kept.
func (c *Checker) Check(ident, profile string) rules.Result {
	u, fs := Lint(ident, profile, Options{QueryOrder: c.QueryOrder, MinSeverity: rules.Info})
	canon := u.Canonical()
	ns := ""
	if u.nidOK && len(canon) == len(ident) {
		ns = canon[4 : 4+len(u.NID)] // lower-cased NID, shared with canon
	}
	key := u.keyFrom(canon)
	nsKey, level := u.nsKeyFrom(key)
	return rules.Result{
		Scheme:    "urn",
		Profile:   profile,
		Canonical: canon,
		Key:       key,
		NSKey:     nsKey,
		KeyLevel:  level,
		Namespace: ns,
		Findings:  fs,
	}
}
