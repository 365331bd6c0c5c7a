package xri

import "testing"

// TestResolveRC2Table is the table of rc2 §2.3.2 (lines 1013–1036), base
// xri:@a.b.c/d.e/f;p?q. Two rows are read with their intent: ";x" prints
// "xri:@a.b.c/d.e;/x", a transposition of rfc2396 Appendix C's ";x" =
// ".../c/;x"; and "#s" prints "(current document)#s", the base without its
// fragment. Line 1035 repeats line 1034 as printed.
func TestResolveRC2Table(t *testing.T) {
	const base = "xri:@a.b.c/d.e/f;p?q"
	for _, c := range []struct{ line, ref, want string }{
		{"1013", ".g:h", "xri:@a.b.c/d.e/.g:h"},
		{"1014", "./g:h", "xri:@a.b.c/d.e/g:h"},
		{"1015", "g:h", "g:h"},
		{"1016", "g", "xri:@a.b.c/d.e/g"},
		{"1017", "./g", "xri:@a.b.c/d.e/g"},
		{"1018", "g/", "xri:@a.b.c/d.e/g/"},
		{"1019", "/g", "xri:@a.b.c/g"},
		{"1020", "?y", "xri:@a.b.c/d.e/?y"},
		{"1021", "g?y", "xri:@a.b.c/d.e/g?y"},
		{"1022", "#s", "xri:@a.b.c/d.e/f;p?q#s"},
		{"1023", "g#s", "xri:@a.b.c/d.e/g#s"},
		{"1024", "g?y#s", "xri:@a.b.c/d.e/g?y#s"},
		{"1025", ";x", "xri:@a.b.c/d.e/;x"},
		{"1026", "g;x", "xri:@a.b.c/d.e/g;x"},
		{"1027", "g;x?y#s", "xri:@a.b.c/d.e/g;x?y#s"},
		{"1028", ".", "xri:@a.b.c/d.e/"},
		{"1029", "./", "xri:@a.b.c/d.e/"},
		{"1030", "..", "xri:@a.b.c/"},
		{"1031", "../", "xri:@a.b.c/"},
		{"1032", "../g", "xri:@a.b.c/g"},
		{"1034", "../..", "xri:@a.b.c/.."},
		{"1035", "../..", "xri:@a.b.c/.."},
		{"1036", "../..g", "xri:@a.b.c/..g"},
	} {
		got, err := Resolve(base, c.ref, RC2)
		if err != nil {
			t.Errorf("xri-1.0-rc2 §2.3.2 line %s: Resolve(%q): %v", c.line, c.ref, err)
			continue
		}
		if got != c.want {
			t.Errorf("xri-1.0-rc2 §2.3.2 line %s: Resolve(%q) = %q, want %q", c.line, c.ref, got, c.want)
		}
	}
}

// TestResolveMore covers the other branches of rc2 §2.3.2 and xri-2.0.
func TestResolveMore(t *testing.T) {
	for _, c := range []struct{ spec, profile, base, ref, want string }{
		{"xri-1.0-rc2 §2.3.2 step 3: an absolute XRI", RC2, "xri:@a/b", "xri:=c/d", "xri:=c/d"},
		{"xri-1.0-rc2 §2.3.2 step 4: an XRI authority (the authority is written without \"//\")", RC2, "xri:@a/b", "=c/d", "xri:=c/d"},
		{"xri-1.0-rc2 §2.3.2 step 4: a cross-reference authority", RC2, "xri:@a/b", "(+c).d", "xri:(+c).d"},
		{"xri-1.0-rc2 §2.3.2 step 4: a URI authority (network-path)", RC2, "xri:@a/b", "//example.com/x", "xri://example.com/x"},
		{"xri-1.0-rc2 §2.3.2 a URI-authority base (rfc2396 §5.2 as is)", RC2, "xri://example.com/a/b", "c", "xri://example.com/a/c"},
		{"xri-1.0-rc2 §2.3.2 an empty reference is the base document", RC2, "xri:@a/b?q#f", "", "xri:@a/b?q"},
		{"xri-1.0-rc2 §2.3.2 slashes in cross-references do not count", RC2, "xri:@a/(+b/c)", "d", "xri:@a/d"},
		{"xri-1.0-rc2 §2.3.2 slashes in cross-references do not count", RC2, "xri:@a/x/(+b/c)", "../d", "xri:@a/d"},
		{"xri-1.0-rc2 §2.3.2 a base with an empty path (rfc3986 §5.2.3)", RC2, "xri:@a", "g", "xri:@a/g"},
		{"xri-1.0-rc2 §2.3.2 a base without its scheme", RC2, "@a/b", "c", "xri:@a/c"},
		{"xri-2.0 ABNF relative resolution", V2, "xri://@a*b/c/d", "e", "xri://@a*b/c/e"},
		{"xri-2.0 ABNF relative resolution: \"!\" sub-segment", V2, "xri://@a*b/c/d", "!e", "xri://@a*b/c/!e"},
		{"xri-2.0 ABNF relative resolution: a new authority", V2, "xri://@a*b/c/d", "=x", "xri://=x"},
		{"xri-2.0 ABNF relative resolution: bare base", V2, "=!E4/a/b", "../c", "xri://=!E4/c"},
	} {
		got, err := Resolve(c.base, c.ref, c.profile)
		if err != nil || got != c.want {
			t.Errorf("%s: Resolve(%q, %q) = %q, %v; want %q", c.spec, c.base, c.ref, got, err, c.want)
		}
	}
	for _, c := range []struct{ spec, base, ref string }{
		{"xri-1.0-rc2 §2.3.1 the base is absolute", "g/h", "x"},
		{"xri-1.0-rc2 §2.3.1 the base is an XRI", "xri:@a b", "x"},
		{"xri-1.0-rc2 §2.3.2 the reference is an XRI", "xri:@a/b", "c d"},
		{"xri-1.0-rc2 §2.3.1 the base is rc2 syntax", "xri://=a*b", "x"},
	} {
		if got, err := Resolve(c.base, c.ref, RC2); err == nil {
			t.Errorf("%s: Resolve(%q, %q) = %q, want an error", c.spec, c.base, c.ref, got)
		}
	}
}
