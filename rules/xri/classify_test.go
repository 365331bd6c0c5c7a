package xri

import (
	"testing"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/lookalike"
)

// The look-alikes XRI shares with every scheme (rules/internal/lookalike);
// the XRI-only kinds are in TestClassify.
func TestClassifyLookalikes(t *testing.T) {
	for _, c := range []struct {
		name, before, ident, after string
		want                       string
	}{
		{"prefix: startswith (python-openid)", "if xri.startswith('", "xri://", "'):", KindPrefix},
		{"prefix: tuple of prefixes", "s.startswith((\"", "xri://", "\", \"=\"))", KindPrefix},
		{"prefix: concatenation", "uri = \"", "xri://", "\" + iname", KindPrefix},
		{"prefix: Java startsWith", "if (s.startsWith(\"", "xri://", "\")) {", KindPrefix},
		{"template: ${x}", "tpl = \"", "xri://=$", "{name}\"", KindTemplate},
		{"template: %s", "'", "xri://=%s", "' % name", KindTemplate},
		{"template: <name>", "", "xri://=", ":<name>", KindTemplate},
		{"prose: the bare scheme named (xri-1.0-rc2 §2.1: an authority must follow)", "# Trim off the ", "xri://", " prefix.", lookalike.KindProse},
		{"identifier: an authority follows", "# see ", "xri://=a", " prefix.", ""},
		{"escaped: a Perl string's \\$ (perlop: Quote-Like Operators)", "xmlns:xrds=\"", "xri://", "\\$xrds\"", KindEscaped},

		{"identifier: i-number (xri-syntax-v2.0 §2.2.1)", "see ", "xri://=!E117.EF2F", " and", ""},
		{"identifier: $ is a context symbol, not a variable (xri-syntax-v2.0 §2.2.1.2)", "", "xri://$dns*example.com", "", ""},
		{"identifier: quoted, not concatenated", "<CanonicalID>", "xri://@!5BAD.2AA.3C72.AF46", "</CanonicalID>", ""},
		{"identifier: quoted at a string's end", "id = \"", "xri://=example*name", "\"", ""},
		{"identifier: %20 escape (rfc3986 §2.1)", "", "xri://=a%20b", "", ""},
	} {
		ctx := rules.Context{Before: []byte(c.before), After: []byte(c.after)}
		if got := (&Checker{}).Classify(c.ident, ctx); got != c.want {
			t.Errorf("%s: Classify(%q, before %q, after %q) = %q, want %q", c.name, c.ident, c.before, c.after, got, c.want)
		}
	}
}
