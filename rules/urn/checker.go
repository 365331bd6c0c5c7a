package urn

import "github.com/idlint/idlint/rules"

// Checker adapts the package to the lint engine's rules.Checker.
type Checker struct {
	// QueryOrder selects rfc2141bis-03 §5 step 5b for keys (see Options).
	QueryOrder bool
}

var _ rules.Checker = (*Checker)(nil)

func (*Checker) Scheme() string         { return "urn" }
func (*Checker) Profiles() []string     { return Profiles }
func (*Checker) DefaultProfile() string { return DefaultProfile }
func (*Checker) Rules() []*rules.Rule   { return Catalog }

// Check lints ident under profile with every finding kept.
func (c *Checker) Check(ident, profile string) rules.Result {
	u, fs := Lint(ident, profile, Options{QueryOrder: c.QueryOrder, MinSeverity: rules.Info})
	canon := u.Canonical()
	ns := ""
	if u.nidOK && len(canon) == len(ident) {
		ns = canon[4 : 4+len(u.NID)] // lower-cased NID, shared with canon
	}
	return rules.Result{
		Scheme:    "urn",
		Profile:   profile,
		Canonical: canon,
		Key:       u.keyFrom(canon),
		Namespace: ns,
		Findings:  fs,
	}
}
