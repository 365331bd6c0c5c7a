package lint

import (
	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/urn"
)

// placeRules are the rules that depend on where an identifier is (its
// document's path), not on its text: a Memo shares a text's result between
// documents, so the scanner asks Place for them per occurrence.
var placeRules = []*rules.Rule{urn.ExampleOutsideDocs}

// Place adds to o the findings of placeRules for the document at path
// ("source!member", or a record's target URI): urn:example outside
// documentation (URN124, rfc6963 §3.6). o's Findings may be a Memo's,
// shared: they are copied before anything is added.
func (e *Engine) Place(o *Occurrence, path string) {
	if o.Scheme != "urn" || o.Kind != "" || o.Namespace != "example" {
		return
	}
	f, ok := urn.ExampleFinding(o.Namespace, path, o.Raw)
	if !ok {
		return
	}
	if s, ok := e.override[f.Rule]; ok {
		if s == rules.None {
			return
		}
		f.Severity = s
	}
	fs := make([]rules.Finding, len(o.Findings), len(o.Findings)+1)
	copy(fs, o.Findings)
	o.Findings = append(fs, f)
	rules.SortFindings(o.Findings)
}

// Place is Engine.Place with the memo's engine.
func (m *Memo) Place(o *Occurrence, path string) { m.eng.Place(o, path) }
