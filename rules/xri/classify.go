package xri

import (
	"bytes"
	"strings"
	"sync"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ascii"
	"github.com/idlint/idlint/rules/internal/lookalike"
)

// Look-alike kinds Classify returns.
const (
	// KindCodeScope is "xri::" — a scope operator in code: Ruby's
	// XRI::ProxyResolver, C++ and PHP namespaces (every "xri::": the
	// other schemes ask lookalike.CodeScope).
	KindCodeScope = lookalike.KindCodeScope
	// KindDocTag is "xri:" right after a documentation tag ("@param xri:",
	// ":param xri:"): a parameter name, not an identifier.
	KindDocTag = "doc-tag"
	// KindLabel is "xri:" followed by a word instead of an authority
	// ("XRI:Foo", "xri:str"): a label or a field name. An XRI needs an
	// authority after "xri:" — "//", a global context symbol or "(".
	KindLabel = "label"
	// KindEscaped is an XRI written with its characters backslash-escaped
	// for a programming language ("xri://\\$xrds" in Perl): the scanner
	// stops at the "\\", so what it found is not the identifier.
	KindEscaped = "escaped"
	// KindTemplate, KindPattern and KindPrefix are the look-alikes every
	// scheme shares (rules/internal/lookalike): "xri://=${name}",
	// startswith('xri://').
	KindTemplate = lookalike.KindTemplate
	KindPattern  = lookalike.KindPattern
	KindPrefix   = lookalike.KindPrefix
)

// docTags end the text before a documentation tag's parameter name.
var docTags = []string{"@param", ":param", "@arg", ":arg", "@return", ":return", "@returns", "@type", ":type", "@var", "@property", "@throws", "@raise", ":raises"}

// maxDocTag is the length of the longest doc tag.
const maxDocTag = len("@property")

// docTag reports whether before ends with a doc tag (ASCII case folded):
// the letters at its end and the '@' or ':' before them, looked up once,
// instead of a comparison per tag (it runs for every "xri:" in the text).
func docTag(before []byte) bool {
	i := len(before)
	for i > 0 && len(before)-i < maxDocTag-1 && isASCIILetter(before[i-1]) {
		i--
	}
	if i == 0 || i == len(before) || (before[i-1] != '@' && before[i-1] != ':') {
		return false
	}
	var buf [maxDocTag]byte
	t := buf[:0]
	for _, c := range before[i-1:] {
		t = append(t, c|0x20) // letters to lower case; '@' and ':' unchanged
	}
	t[0] = before[i-1]
	_, ok := docTagSet()[string(t)]
	return ok
}

// docTagSet is made at the first lookup, not at every start (issue 25).
var docTagSet = sync.OnceValue(func() map[string]struct{} {
	m := make(map[string]struct{}, len(docTags))
	for _, t := range docTags {
		m[t] = struct{}{}
	}
	return m
})

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// Classify implements rules.Classifier: "" for an XRI (valid or not), or
// the kind of text that only looks like one.
func (*Checker) Classify(ident string, ctx rules.Context) string {
	if !ascii.HasPrefixFold(ident, "xri:") {
		return "" // bare i-names come from XRDS documents (FindInXRDS)
	}
	rest := ident[4:]
	if strings.HasPrefix(rest, ":") {
		return KindCodeScope
	}
	if docTag(bytes.TrimRight(ctx.Before, " \t")) {
		return KindDocTag
	}
	if kind := lookalike.Shared(ident, ctx, false); kind != "" { // "$" is XRI syntax: only "${" is a variable
		return kind
	}
	if rest == "" {
		return KindLabel
	}
	if rest == "//" && (len(ctx.After) == 0 || ctx.After[0] == ' ' || ctx.After[0] == '\t' || ctx.After[0] == '\n') {
		return lookalike.KindProse // the scheme named in prose: "the xri:// prefix"
	}
	if rest == "//" && len(ctx.After) > 0 && ctx.After[0] == '\\' {
		return KindEscaped // "xri://\$xrds" in a Perl or shell string: the text is escaped
	}
	if c := rest[0]; c == '/' || c == '(' || is(c, cGCS1) || is(c, cGCS2) {
		return ""
	}
	return KindLabel
}
