package lookalike

import (
	"testing"

	"github.com/idlint/idlint/rules"
)

// Bad input never panics, whatever the candidate and its context.
func FuzzLookalike(f *testing.F) {
	for _, s := range [][3]string{
		{"x = \"", "urn:publicid", ":\" + x"},
		{"HasPrefix(strings.ToLower(s), \"", "urn:uuid", ":\")"},
		{"s.startswith((\"a\", '", "xri://", "'))"},
		{"", "urn:x:%(a)s", "…"},
		{"(", "urn:x:$", "{"},
		{"\"", "", "\""},
	} {
		f.Add(s[0], s[1], s[2])
	}
	f.Fuzz(func(t *testing.T, before, ident, after string) {
		ctx := rules.Context{Before: []byte(before), After: []byte(after)}
		Template(ident, ctx, true)
		Template(ident, ctx, false)
		Pattern(ident, ctx)
		Prefix(ident, ctx)
		Quoted(ctx)
		Trailing(ident, ctx)
		for i := 0; i < len(ident); i++ {
			if ident[i] == '%' {
				Verb(ident, i)
			}
		}
	})
}
