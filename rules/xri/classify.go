package xri

import (
	"bytes"
	"strings"

	"github.com/idlint/idlint/rules"
)

// Look-alike kinds Classify returns.
const (
	// KindCodeScope is "xri::" — a scope operator in code: Ruby's
	// XRI::ProxyResolver, C++ and PHP namespaces.
	KindCodeScope = "code-scope"
	// KindDocTag is "xri:" right after a documentation tag ("@param xri:",
	// ":param xri:"): a parameter name, not an identifier.
	KindDocTag = "doc-tag"
	// KindLabel is "xri:" followed by a word instead of an authority
	// ("XRI:Foo", "xri:str"): a label or a field name. An XRI needs an
	// authority after "xri:" — "//", a global context symbol or "(".
	KindLabel = "label"
)

// docTags end the text before a documentation tag's parameter name.
var docTags = []string{"@param", ":param", "@arg", ":arg", "@return", ":return", "@returns", "@type", ":type", "@var", "@property", "@throws", "@raise", ":raises"}

// Classify implements rules.Classifier: "" for an XRI (valid or not), or
// the kind of text that only looks like one.
func (*Checker) Classify(ident string, ctx rules.Context) string {
	if !hasPrefixFold(ident, "xri:") {
		return "" // bare i-names come from XRDS documents (FindInXRDS)
	}
	rest := ident[4:]
	if strings.HasPrefix(rest, ":") {
		return KindCodeScope
	}
	before := bytes.TrimRight(ctx.Before, " \t")
	for _, t := range docTags {
		if len(before) >= len(t) && strings.EqualFold(string(before[len(before)-len(t):]), t) {
			return KindDocTag
		}
	}
	if rest == "" {
		return KindLabel
	}
	if c := rest[0]; c == '/' || c == '(' || is(c, cGCS1) || is(c, cGCS2) {
		return ""
	}
	return KindLabel
}
