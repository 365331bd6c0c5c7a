package urn

import (
	"strings"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ascii"
)

// fixDoubledPrefix removes a doubled "urn:" (URN004, `urn:urn:isbn:x`),
// when what follows still has a NID and an NSS; it names another
// resource, so the fix is unsafe.
func fixDoubledPrefix(ident, _ string, f *rules.Finding) (rules.Edit, bool) {
	rest := ident[f.End:]
	if f.Start != 4 || len(rest) < 2 || rest[0] != ':' || !ascii.HasPrefixFold(ident[:f.End], "urn:urn") {
		return rules.Edit{}, false
	}
	if i := strings.IndexByte(rest[1:], ':'); i <= 0 || i == len(rest)-2 {
		return rules.Edit{}, false
	}
	return rules.Edit{Start: f.Start, End: f.End + 1}, true
}
