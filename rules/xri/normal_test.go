package xri

import (
	"strings"
	"testing"
)

func parsed(t *testing.T, in, profile string) XRI {
	t.Helper()
	x, err := ParseBare(in, profile)
	if err != nil {
		t.Fatalf("%q: %v", in, err)
	}
	return x
}

// TestIRINormalForm checks the examples of rc2 §2.2.4.4. The first prints
// "xri:@example/(xri:@example2%3Fid=1)", losing "/abc": the rule list of
// the same section escapes that slash as %2F, which is what is expected.
func TestIRINormalForm(t *testing.T) {
	for _, c := range []struct{ spec, in, iri string }{
		{"xri-1.0-rc2 §2.2.4.4 \"?\" in a cross-reference", "xri:@example/(xri:@example2/abc?id=1)", "xri:@example/(xri:@example2%2Fabc%3Fid=1)"},
		{"xri-1.0-rc2 §2.2.4.4 \"/\" in a cross-reference", "xri://example.com/(@example/abc)", "xri://example.com/(@example%2Fabc)"},
		{"xri-1.0-rc2 §2.2.4.4 \"%\" everywhere", "xri://example.com/(@example/abc%2Fd/ef)", "xri://example.com/(@example%2Fabc%252Fd%2Fef)"},
		{"xri-1.0-rc2 §2.2.4.4 \"#\" in a cross-reference is %23 (the prose's %28 is a typo)", "xri:@a/(+b#c)", "xri:@a/(+b%23c)"},
		{"xri-1.0-rc2 §2.2.4.4 outside cross-references / ? # stay", "xri:@a/b/c?d/e#f", "xri:@a/b/c?d/e#f"},
		{"xri-1.0-rc2 §2.2.4.4 nested cross-references", "xri:@a/(+b/(+c/d))", "xri:@a/(+b%2F(+c%2Fd))"},
		{"xri-1.0-rc2 §2.2.4.4 a query's leading cross-reference", "xri:@a?(+b/c)d/e", "xri:@a?(+b%2Fc)d/e"},
		{"xri-1.0-rc2 §2.2.4.4 \"%\" in the path", "xri:@a/100%25", "xri:@a/100%2525"},
		{"xri-1.0-rc2 §2.2.4.3 step 1 NFC first", "xri:@cafe\u0301", "xri:@caf\u00e9"},
	} {
		x := parsed(t, c.in, RC2)
		got := x.IRINormalForm()
		if got != c.iri {
			t.Errorf("%s: IRINormalForm(%q) = %q, want %q", c.spec, c.in, got, c.iri)
		}
		// §2.2.4.5: the way back gives the escaped normal form
		if back := FromIRI(got); back != x.EscapedNormalForm() {
			t.Errorf("%s: FromIRI(%q) = %q, want %q", c.spec, got, back, x.EscapedNormalForm())
		}
	}
	// §2.2.4.3 step 3 is not idempotent: applied twice it escapes again.
	x := parsed(t, "xri://example.com/(@example/abc%2Fd/ef)", RC2)
	once := x.IRINormalForm()
	y, _ := ParseBare(once, RC2)
	if twice := y.IRINormalForm(); twice == once {
		t.Errorf("xri-1.0-rc2 §2.2.4.3 step 3: applying the IRI step twice changed nothing: %q", once)
	}
}

// TestTransformLadder checks rc2 §2.2.4.3 steps 1–5 and §2.2.4.5 on Table 1.
func TestTransformLadder(t *testing.T) {
	for _, c := range []struct{ spec, in, anyURI, uri string }{
		{"xri-1.0-rc2 Table 1 French", "xri:@ALaFrançaise/areté",
			"xri:@ALaFrançaise/areté", "xri:@ALaFran%C3%A7aise/aret%C3%A9"},
		{"xri-1.0-rc2 Table 1 Hebrew", "xri://אג.גה.הפ/גח/ט'/גז.html",
			"xri://xn--4dbe.xn--6dbe.xn--8db6a/גח/ט'/גז.html", "xri://xn--4dbe.xn--6dbe.xn--8db6a/%D7%92%D7%97/%D7%98'/%D7%92%D7%96.html"},
		{"xri-1.0-rc2 Table 1 Kanji", "xri:=崎村夏彦/(+本籍地)",
			"xri:=崎村夏彦/(+本籍地)", "xri:=%E5%B4%8E%E6%9D%91%E5%A4%8F%E5%BD%A6/(+%E6%9C%AC%E7%B1%8D%E5%9C%B0)"},
		{"xri-1.0-rc2 §2.2.4.3 step 4: ASCII labels keep their case", "xri://Bücher.Example/a%2Fb",
			"xri://xn--bcher-kva.Example/a%252Fb", "xri://xn--bcher-kva.Example/a%252Fb"},
		{"xri-1.0-rc2 §2.2.4.3 step 4: only the XRI's own host", "xri:@a/(http://bücher.example/)",
			"xri:@a/(http:%2F%2Fbücher.example%2F)", "xri:@a/(http:%2F%2Fb%C3%BCcher.example%2F)"},
	} {
		x := parsed(t, c.in, RC2)
		if got := x.AnyURINormalForm(); got != c.anyURI {
			t.Errorf("%s: AnyURINormalForm(%q) = %q, want %q", c.spec, c.in, got, c.anyURI)
		}
		got := x.URINormalForm()
		if got != c.uri {
			t.Errorf("%s: URINormalForm(%q) = %q, want %q", c.spec, c.in, got, c.uri)
		}
		for i := 0; i < len(got); i++ {
			if got[i] >= 0x80 {
				t.Errorf("%s: URI normal form %q is not ASCII", c.spec, got)
				break
			}
		}
		enf := x.EscapedNormalForm()
		want := strings.ToLower(enf)
		if back := FromURI(got, RC2); strings.ToLower(back) != want {
			t.Errorf("%s: FromURI(%q) = %q, want %q (host case aside)", c.spec, got, back, enf)
		}
		if back := FromAnyURI(x.AnyURINormalForm(), RC2); strings.ToLower(back) != want {
			t.Errorf("%s: FromAnyURI = %q, want %q (host case aside)", c.spec, back, enf)
		}
	}
}

// TestEscapedNormalForm checks rc2 §2.2.4 and §2.2.5: excluded characters escaped.
func TestEscapedNormalForm(t *testing.T) {
	for _, c := range []struct{ spec, in, enf string }{
		{"xri-1.0-rc2 §2.2.5 space", "xri:@a/b c", "xri:@a/b%20c"},
		{"xri-1.0-rc2 §2.2.5 a lone \"%\"", "xri:@a/100%", "xri:@a/100%25"},
		{"xri-1.0-rc2 §2.2.5 delims and unwise", "xri:@a/<{|}>", "xri:@a/%3C%7B%7C%7D%3E"},
		{"xri-1.0-rc2 §2.2.3 outside ucschar", "xri:@a/\uE000", "xri:@a/%EE%80%80"},
		{"xri-1.0-rc2 §2.2.1 invalid UTF-8", "xri:@a/\xff", "xri:@a/%FF"},
		{"xri-1.0-rc2 §2.2.4.3 step 1 NFC within components", "xri:@a/e\u0301", "xri:@a/\u00e9"},
		{"xri-1.0-rc2 §2.2.4.3 step 1 NFC never across a delimiter", "xri:@a/=\u0338", "xri:@a/=\u0338"},
		{"xri-1.0-rc2 §2.2.4 an XRI in escaped normal form stays", "xri:@a/b%2Fc", "xri:@a/b%2Fc"},
	} {
		x, _ := ParseBare(c.in, RC2)
		if got := x.EscapedNormalForm(); got != c.enf {
			t.Errorf("%s: EscapedNormalForm(%q) = %q, want %q", c.spec, c.in, got, c.enf)
		}
	}
}

// TestFromURI checks rc2 §2.2.4.5 on URIs written by others.
func TestFromURI(t *testing.T) {
	for _, c := range []struct{ spec, in, out string }{
		{"xri-1.0-rc2 §2.2.4.5 step 3 decodes unreserved escapes", "xri:@a/%61%C3%A9", "xri:@a/aé"},
		{"xri-1.0-rc2 §2.2.4.5 step 3 keeps reserved and XRI delimiters escaped", "xri:@a/%2E%3A%28%29%2A%21%40", "xri:@a/%2E%3A%28%29%2A%21%40"},
		{"xri-1.0-rc2 §2.2.4.5 step 4 keeps invalid UTF-8 escaped", "xri:@a/%FC", "xri:@a/%FC"},
		{"xri-1.0-rc2 §2.2.4.5 step 5 unescapes / ? # %", "xri:@a/(+b%2Fc%3Fd%23e)%2525", "xri:@a/(+b/c?d#e)%25"},
		{"xri-1.0-rc2 §2.2.4.5 step 2 ToUnicode", "xri://xn--bcher-kva.example/", "xri://bücher.example/"},
	} {
		if got := FromURI(c.in, RC2); got != c.out {
			t.Errorf("%s: FromURI(%q) = %q, want %q", c.spec, c.in, got, c.out)
		}
	}
}
