package xri

import "github.com/idlint/idlint/rules/internal/ascii"

// NormalForms gives the §2.2.4 forms of ident: escaped, IRI, anyURI and
// URI normal form (rules.NormalFormer).
func (*Checker) NormalForms(ident, profile string) map[string]string {
	x, _ := Lint(ident, profile, Options{Bare: !ascii.HasPrefixFold(ident, "xri:")})
	return map[string]string{
		"escaped": x.EscapedNormalForm(),
		"iri":     x.IRINormalForm(),
		"anyuri":  x.AnyURINormalForm(),
		"uri":     x.URINormalForm(),
	}
}
