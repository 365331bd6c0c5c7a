// Package schemes is the registry of identifier schemes, as vet's list of
// analyzers: one line per scheme package. The lint engine, the CLI's
// flags, the root's Resolve and XRDS handling, and (through go generate)
// the scanner's tables all read it. It sits above the scheme packages,
// which is why it is not package rules itself.
package schemes

import (
	"strings"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/gouri"
	"github.com/idlint/idlint/rules/lid"
	"github.com/idlint/idlint/rules/urn"
	"github.com/idlint/idlint/rules/xri"
)

// all is the registry, in the engine's fixed order (the scanner's bits
// follow it: after a change, run go generate in extract).
var all = []*rules.Scheme{
	urn.Scheme,
	xri.Scheme,
	lid.Scheme,
	gouri.Scheme,
}

// All lists every scheme, in registry order. The slice is shared: do not modify it.
func All() []*rules.Scheme { return all }

// Lookup returns the scheme called name (lower case), nil if none.
func Lookup(name string) *rules.Scheme {
	for _, s := range all {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// Document returns the scheme whose own document format (rules.Document)
// a document starting with head is, nil if none.
func Document(head []byte) *rules.Scheme {
	for _, s := range all {
		if d := s.Document; d != nil && d.Looks(head[:min(len(head), d.Sniff)]) {
			return s
		}
	}
	return nil
}

// DocumentSniff is how much of a document's head Document needs: the
// largest Sniff of the schemes' documents.
func DocumentSniff() int {
	n := 0
	for _, s := range all {
		if s.Document != nil {
			n = max(n, s.Document.Sniff)
		}
	}
	return n
}

// Resolvable names the schemes that define relative references, for
// messages: "xri: and lid:".
func Resolvable() string {
	var names []string
	for _, s := range all {
		if s.Resolve != nil {
			names = append(names, s.Name+":")
		}
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
