package xri

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ruletest"
)

// seeds adds every table input, and the corpus's XRIs, to a fuzz corpus.
func seeds(f *testing.F) {
	for _, s := range allSections() {
		for _, c := range s.Cases {
			f.Add(c.In, s.ProfileOf(c) == V2, c.Bare)
		}
	}
	for _, in := range []string{
		"xri:@:A6B4.(!www.example.org):5E32", "xri:@example/(+Example/(+FOO))", "./g:h", "../..g", ".", "a/..",
		"xri:@a/(xri:@b)", "xri:@ｅｘａｍｐｌｅ．ｃｏｍ", "xri://[v1.x]/", "(+a)/b", "!!1/2", "./!!a", ".//b",
	} {
		f.Add(in, false, true)
		f.Add(in, true, true)
	}
	if entries, err := os.ReadDir(corpusDir); err == nil {
		for _, e := range entries {
			b, err := os.ReadFile(filepath.Join(corpusDir, e.Name()))
			if err != nil {
				continue
			}
			for _, id := range xriTokens(string(b)) {
				f.Add(id, true, false)
			}
			for _, s := range FindInXRDS(b) {
				f.Add(string(b[s.Start:s.End]), true, true)
			}
		}
	}
}

func profileOf(v2 bool) string {
	if v2 {
		return V2
	}
	return RC2
}

// FuzzParse: no panic on any input; findings well-formed; the normal forms
// computable, and the way back from IRI normal form exact (rc2 §2.2.4.5).
func FuzzParse(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, in string, v2, bare bool) {
		p := profileOf(v2)
		x, fs := Lint(in, p, Options{Bare: bare, MinSeverity: rules.Info})
		ruletest.CheckFindings(t, Catalog, in, p, fs)
		if _, err := ParseBare(in, p); (err != nil) != hasErrors(fs) && bare {
			t.Errorf("%q: ParseBare error %v, Lint errors %v", in, err, hasErrors(fs))
		}
		_ = x.Namespace()
		enf := x.EscapedNormalForm()
		iri := x.IRINormalForm()
		if back := FromIRI(iri); back != enf {
			t.Errorf("%q: FromIRI(%q) = %q, want the escaped normal form %q", in, iri, back, enf)
		}
		uri := x.URINormalForm()
		for i := 0; i < len(uri); i++ {
			if uri[i] >= 0x80 {
				t.Fatalf("%q: URI normal form %q is not ASCII", in, uri)
			}
		}
		_ = FromURI(uri, p)
		_ = FromAnyURI(x.AnyURINormalForm(), p)
		_, _ = Resolve("xri:@a.b.c/d.e/f;p?q", in, p)
		_, _ = Resolve(in, "../g", p)
		_ = (&Checker{}).Classify(in, rules.Context{Before: []byte(in)})
		_ = FindInXRDS([]byte("<XRDS><CanonicalID>" + in + "</CanonicalID></XRDS>"))
	})
}

// FuzzKey: Key(Canonical(x)) == Key(x), the canonical form is idempotent
// and keeps a valid XRI valid (rc2 §2.4.5; the IRI step is not part of it).
func FuzzKey(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, in string, v2, bare bool) {
		invariants(t, in, profileOf(v2), bare)
	})
}

// FuzzAuto: under auto the invariants hold too (the canonical form is read
// under the same version), the profile reported is a grammar, and it is
// the one the XRI lints the same under.
func FuzzAuto(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, in string, _, bare bool) {
		invariants(t, in, Auto, bare)
		x, fs := Lint(in, Auto, Options{Bare: bare, MinSeverity: rules.Info})
		if x.Profile != RC2 && x.Profile != V2 {
			t.Fatalf("%q: auto reports profile %q", in, x.Profile)
		}
		ruletest.CheckFindings(t, Catalog, in, x.Profile, fs)
		if y, _ := Lint(in, x.Profile, Options{Bare: bare}); y.Key() != x.Key() {
			t.Errorf("%q: key %q under auto, %q under %s", in, x.Key(), y.Key(), x.Profile)
		}
	})
}
