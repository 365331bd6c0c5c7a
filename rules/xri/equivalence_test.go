package xri

import (
	"testing"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ruletest"
)

// TestTable3 checks rc2 §2.4.5 Table 3 row by row: the recommended form is
// the canonical form of the avoided one, both have the same key, and the
// recommended form is its own canonical form.
func TestTable3(t *testing.T) {
	for _, row := range []struct{ avoid, recommended, comment string }{
		{"@example", "xri:@example", "Add optional scheme"},
		{"XRI:@example", "xri:@example", "Lowercase scheme"},
		{"xri:@Example", "xri:@example", "Lowercase authority"},
		{"xri:@example%2f", "xri:@example%2F", "Uppercase percent escaping"},
		{"xri:@example/.abc", "xri:@example/abc", "Remove optional leading dot"},
		{"xri:@ex%61mple", "xri:@example", "Remove unnecessary escaping"},
		{"xri:@example/./abc", "xri:@example/abc", "Avoid ./ and ../ in absolute XRIs"},
	} {
		a, err := ParseBare(row.avoid, RC2)
		if err != nil {
			t.Errorf("Table 3 %s: %q: %v", row.comment, row.avoid, err)
			continue
		}
		r, err := Parse(row.recommended, RC2)
		if err != nil {
			t.Errorf("Table 3 %s: %q: %v", row.comment, row.recommended, err)
			continue
		}
		if got := a.Canonical(); got != row.recommended {
			t.Errorf("Table 3 %s: canonical of %q is %q, want %q", row.comment, row.avoid, got, row.recommended)
		}
		if got := r.Canonical(); got != row.recommended {
			t.Errorf("Table 3 %s: %q is not canonical: %q", row.comment, row.recommended, got)
		}
		if a.Key() != r.Key() {
			t.Errorf("Table 3 %s: %q and %q are equivalent; keys %q, %q", row.comment, row.avoid, row.recommended, a.Key(), r.Key())
		}
		if _, fs := Lint(row.recommended, RC2, Options{MinSeverity: rules.Info}); len(fs) != 0 {
			t.Errorf("Table 3 %s: the recommended %q has findings:\n\t%s", row.comment, row.recommended, ruletest.Describe(fs))
		}
	}
}

// TestEquivalenceRC2 checks rc2 §2.4: keys equal exactly within each class.
func TestEquivalenceRC2(t *testing.T) {
	harness.EquivalenceClasses(t, "xri-1.0-rc2 §2.4.3 annotations", RC2, [][]string{
		{"xri:@:A6B4.(!www.example.org):5E32", "xri:@:A6B4:5E32", "xri:@:a6b4:5e32"},
		{"xri:@:A6B4.5E32"},
		{"xri:@a/(!note)/b", "xri:@a/b"},
		{"xri:@a/(+note)/b"},
	})
	harness.EquivalenceClasses(t, "xri-1.0-rc2 §2.4.3 optional leading dot", RC2, [][]string{
		{"xri:@a/foo.bar", "xri:@a/.foo.bar", "xri:@a/./foo.bar"},
		{"xri:@a/foo:bar", "xri:@a/.foo:bar"},
		{"xri:@a/:foo:bar"},
		{"xri:@a/..foo"},
	})
	harness.EquivalenceClasses(t, "xri-1.0-rc2 §2.4.4 cross-references, recursively", RC2, [][]string{
		{"xri:@example/(+example/(+foo))", "xri:@example/(+Example/(+FOO))", "xri:@example/(+example/(+f%6Fo))"},
		{"xri:@example/(+example/(+bar))"},
		{"xri:@a/(xri:@b)", "xri:@a/(@b)", "xri:@a/(XRI:@B)"},
	})
	harness.EquivalenceClasses(t, "xri-1.0-rc2 §2.4.4 $ cross-references are significant", RC2, [][]string{
		{"xri:@a/b.($v/1)"},
		{"xri:@a/b.($v/2)"},
		{"xri:@a/b"},
	})
	harness.EquivalenceClasses(t, "xri-1.0-rc2 §2.4.1 case", RC2, [][]string{
		{"xri:@Example.COM/a", "XRI:@example.com/a", "xri:@EXAMPLE.com/a"},
		{"xri:@example.com/A"},
		{"XRI://WWW.Example.COM/a", "xri://www.example.com/a"},
		{"xri://Bob@www.example.com/a"},
		{"xri://bob@www.example.com/a"},
		{"xri:@a/(HTTP://Example.COM/P)", "xri:@a/(http://example.com/P)"},
		{"xri:@a/(http://example.com/p)"},
	})
	harness.EquivalenceClasses(t, "xri-1.0-rc2 §2.4.1 compatibility caseless match of XRI authorities", RC2, [][]string{
		{"xri:@ｅｘａｍｐｌｅ", "xri:@EXAMPLE", "xri:@example"},
		{"xri:@straße", "xri:@STRASSE", "xri:@strasse"},
		{"xri:@a/straße"},
		{"xri:@a/strasse"},
		{"xri:@cafe\u0301", "xri:@caf\u00e9", "xri:@CAF\u00c9", "xri:@caf%C3%A9"},
	})
	harness.EquivalenceClasses(t, "xri-1.0-rc2 §2.4.2 escapes", RC2, [][]string{
		{"xri:@a/b%2fc", "xri:@a/b%2Fc"},
		{"xri:@a/b/c"},
		{"xri:@a/b%2Ec"},
		{"xri:@a/b.c"},
		{"xri:@a/b%3Ac"},
		{"xri:@a/b:c"},
		{"xri:@a/b%28c%29"},
		{"xri:@a/b%2Ac"}, // "*" is an xri-pchar in rc2, but not unreserved: %2A is kept
		{"xri:@a/b*c"},
		{"xri:@a/b%21c"},
		{"xri:@a/%61bc", "xri:@a/abc"},
		{"xri:@a/caf%C3%A9", "xri:@a/café"},
		{"xri:@a/x%E2%80%8By", "xri:@a/x\u200by"},
		{"xri:@a/xy"},
	})
	harness.EquivalenceClasses(t, "xri-1.0-rc2 §2.4.5 Table 3 scheme and dot-segments", RC2, [][]string{
		{"@example/x", "xri:@example/x", "xri:@example/./x", "xri:@example/y/../x"},
		{"xri:@example/y/x"},
	})
	harness.EquivalenceClasses(t, "xri-1.0-rc2 §2.1.1.1 ports are never dropped", RC2, [][]string{
		{"xri://example.com/"},
		{"xri://example.com:80/"},
		{"xri://example.com:/"},
	})
	harness.EquivalenceClasses(t, "xri-1.0-rc2 §2.3.3 relative references", RC2, [][]string{
		{".foo:bar", "./foo:bar"},
		{"g", "./g"},
		{"g/", "g/."},
		{".", "./", "a/.."},
		{""},
		{"..", "a/../.."},
	})
}

// TestEquivalenceV2 checks the same rules with xri-2.0's delimiters.
func TestEquivalenceV2(t *testing.T) {
	harness.EquivalenceClasses(t, "xri-2.0 ABNF case", V2, [][]string{
		{"xri://=!F83.62B1.44F.2813", "=!f83.62b1.44f.2813", "XRI://=!F83.62b1.44F.2813"},
		{"xri://@a*b", "xri://@A*B"},
		{"xri://@a!b"},
		{"xri://@a%2Ab"},
		{"xri://@a/B"},
		{"xri://@a/b"},
	})
	harness.EquivalenceClasses(t, "xri-2.0 ABNF escapes and cross-references", V2, [][]string{
		{"xri://@a*(+b)", "xri://@a*(+B)", "@a*(+b)"},
		{"xri://@a*(!b)"}, // no annotation rule in xri-2.0
		{"xri://@a"},
		{"xri://@a/(xri://@b)", "xri://@a/(@b)"},
		{"xri://@a/(xri://b.example)"},
		{"xri://@a/%7Ex", "xri://@a/~x"},
		{"xri://@a/%2E"},
		{"xri://@a/."},
	})
}

// TestCanonicalCases pins canonical forms the spec implies.
func TestCanonicalCases(t *testing.T) {
	for _, c := range []struct{ spec, profile, in, canon, key string }{
		{"xri-1.0-rc2 §2.4.3", RC2, "xri:@:A6B4.(!www.example.org):5E32", "xri:@:a6b4.(!www.example.org):5e32", "xri:@:a6b4:5e32"},
		{"xri-1.0-rc2 §2.4.4", RC2, "xri:@example/(+Example/(+FOO))", "xri:@example/(+example/(+foo))", "xri:@example/(+example/(+foo))"},
		{"xri-1.0-rc2 §2.4.4", RC2, "xri:@a/(xri:@B)", "xri:@a/(xri:@b)", "xri:@a/(@b)"},
		{"xri-1.0-rc2 §2.4.5", RC2, "XRI:(MAILTO:John.Doe@Example.COM)/favorites/home", "xri:(mailto:john.doe@example.com)/favorites/home", "xri:(mailto:john.doe@example.com)/favorites/home"},
		{"xri-1.0-rc2 §2.4.5", RC2, "xri:@a/(HTTP://Example.COM/P%7ex)", "xri:@a/(http://example.com/P~x)", "xri:@a/(http://example.com/P~x)"},
		{"xri-1.0-rc2 §2.4.1", RC2, "xri:@ｅｘａｍｐｌｅ．ｃｏｍ", "xri:@ｅｘａｍｐｌｅ．ｃｏｍ", "xri:@example%2Ecom"},
		{"xri-1.0-rc2 §2.3.3", RC2, "./@a", ".@a", ".@a"},
		{"xri-1.0-rc2 §2.3.3", RC2, "./(+a)", ".(+a)", ".(+a)"},
		{"xri-1.0-rc2 §2.3.3", RC2, ".//b", ".//b", ".//b"},
		{"xri-2.0 ABNF", V2, "@!5BAD.2AA.3C72.AF46!0000.0000.3B9A.CA01", "xri://@!5BAD.2AA.3C72.AF46!0000.0000.3B9A.CA01", "xri://@!5bad.2aa.3c72.af46!0000.0000.3b9a.ca01"},
		{"xri-2.0 ABNF", V2, "./!!a", "./!!a", "./!!a"},
	} {
		x, _ := Lint(c.in, c.profile, Options{Bare: true})
		if got := x.Canonical(); got != c.canon {
			t.Errorf("%s %q: canonical %q, want %q", c.spec, c.in, got, c.canon)
		}
		if got := x.Key(); got != c.key {
			t.Errorf("%s %q: key %q, want %q", c.spec, c.in, got, c.key)
		}
		invariants(t, c.in, c.profile, true)
	}
}
