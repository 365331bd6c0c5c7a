package xri

import (
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/idlint/idlint/rules"
)

// fixAddScheme writes the optional scheme an absolute XRI omits (XRI030):
// "xri://" under xri-2.0, "xri:" under rc2 (rc2 §2.4.5 Table 3; xri-2.0
// XRI = [ "xri://" ] xri-hier-part), which keeps its Key.
func fixAddScheme(_, profile string, f *rules.Finding) (rules.Edit, bool) {
	prefix := "xri:"
	if profile == V2 {
		prefix = "xri://"
	}
	return rules.Edit{Start: f.Start, End: f.Start, New: prefix}, true
}

// fixNFC composes the text around the span (XRI035), which points at the
// first character not in NFC: back to the letters before it and on over
// the marks after it, never across an ASCII delimiter ("=" U+0338 stays
// two characters, as the canonical form keeps it); XRIs differing only
// in normalization are equivalent (rc2 §2.2.4.3).
func fixNFC(ident, _ string, f *rules.Finding) (rules.Edit, bool) {
	i, j := f.Start, f.End
	for i > 0 {
		r, n := utf8.DecodeLastRuneInString(ident[:i])
		if r < utf8.RuneSelf && !isAlnum(byte(r)) {
			break
		}
		i -= n
	}
	for j < len(ident) {
		r, n := utf8.DecodeRuneInString(ident[j:])
		if r < utf8.RuneSelf || norm.NFC.PropertiesString(ident[j:]).BoundaryBefore() {
			break
		}
		j += n
	}
	return rules.Edit{Start: i, End: j, New: norm.NFC.String(ident[i:j])}, true
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
