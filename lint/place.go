package lint

import (
	"strings"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/urn"
)

// placeRules are the rules that depend on where an identifier is (its
// document's path), not on its text: a Memo shares a text's result between
// documents, so the scanner asks Place for them per occurrence.
var placeRules = []*rules.Rule{urn.ExampleOutsideDocs}

// Placed reports whether some rule of placeRules may apply to o, so that
// the caller names its document (Place) only then: a urn:example. The key,
// not Namespace: the checker leaves Namespace empty when the canonical
// form's length differs from the text's.
func Placed(o *Occurrence) bool {
	return o.Kind == "" && strings.HasPrefix(o.Key, "urn:example:") && o.Scheme == "urn"
}

// Place adds to o the findings of placeRules for the document at path
// ("source!member", or a record's target URI): urn:example outside
// documentation (URN124, rfc6963 §3.6). o's Findings may be a Memo's,
// shared: they are copied before anything is added.
func (e *Engine) Place(o *Occurrence, path string) {
	if !Placed(o) {
		return
	}
	f, ok := urn.ExampleFinding("example", path, o.Raw)
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
