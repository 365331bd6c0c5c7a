package xri

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ruletest"
)

// corpusDir holds real XRDS documents from OpenID discovery tests
// (shared/corpora/xri/php-openid-yadis, Apache-2.0).
const corpusDir = "../../../shared/corpora/xri/php-openid-yadis"

func corpus(t *testing.T) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(corpusDir)
	if err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	m := map[string][]byte{}
	for _, e := range entries {
		if n := e.Name(); strings.HasSuffix(n, ".xrds") || strings.HasSuffix(n, ".xml") {
			b, err := os.ReadFile(filepath.Join(corpusDir, n))
			if err != nil {
				t.Fatal(err)
			}
			m[n] = b
		}
	}
	return m
}

func spanTexts(doc []byte, spans []Span) []string {
	var out []string
	for _, s := range spans {
		out = append(out, string(doc[s.Start:s.End]))
	}
	return out
}

// TestFindInXRDSCorpus reads every document: the bare XRIs found are the
// ones the files hold, and all of them are clean XRI 2.0.
func TestFindInXRDSCorpus(t *testing.T) {
	docs := corpus(t)
	want := map[string][]string{
		"delegated-20060809.xrds":        {"*ootao", "!5BAD.2AA.3C72.AF46", "@!5BAD.2AA.3C72.AF46", "*test1", "!0000.0000.3B9A.CA01", "@!5BAD.2AA.3C72.AF46!0000.0000.3B9A.CA01"},
		"spoof1.xrds":                    {"*keturn", "!E4", "=!E4", "=!E4", "*isDrummond", "=!E4", "!D2", "=!D2"},
		"spoof3.xrds":                    {"*keturn", "@E4", "@!E4", "@!E4", "*is", "@!E4", "!D2", "=!C0", "=!E4!01", "@!C0", "*drummond", "@!C0", "!D2", "@!C0!D2"},
		"sometimesprefix.xrds":           {"*ootao", "!5BAD.2AA.3C72.AF46", "*test1", "!0000.0000.3B9A.CA01", "@!5BAD.2AA.3C72.AF46!0000.0000.3B9A.CA01"},
		"brian.xrds":                     nil, // XRDS, but no such element
		"not-xrds.xml":                   nil,
		"test_discover_openid2_xrds.xml": nil, // LocalID holds a URL
	}
	chk := &Checker{}
	total := 0
	names := make([]string, 0, len(docs))
	for n := range docs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		doc := docs[n]
		spans := FindInXRDS(doc)
		got := spanTexts(doc, spans)
		if w, ok := want[n]; ok && strings.Join(got, " ") != strings.Join(w, " ") {
			t.Errorf("%s: found %q, want %q", n, got, w)
		}
		for i, s := range spans {
			if s.Start < 0 || s.End > len(doc) || s.Start >= s.End {
				t.Fatalf("%s: bad span %v", n, s)
			}
			res := chk.Check(got[i], V2)
			if !res.Valid() {
				t.Errorf("%s: %q under xri-2.0: %s", n, got[i], ruletest.Describe(res.Findings))
			}
			// auto: XRDS values are xri-2.0 (XRI Resolution 2.0's format);
			// a relative one (*ootao, !D2: xri-path-noscheme) is no
			// scheme-omitted absolute XRI
			if a := chk.Check(got[i], Auto); a.Profile != V2 || a.Key != res.Key || !a.Valid() ||
				(ruletest.Found(a.Findings)["XRI030"] != nil) != (got[i][0] != '*' && got[i][0] != '!') {
				t.Errorf("%s: %q under auto: profile %s key %q, %s", n, got[i], a.Profile, a.Key, ruletest.Describe(a.Findings))
			}
			total++
		}
		// every xri:// in the corpus is clean XRI 2.0, and XRI 2.0 syntax under rc2
		for _, id := range xriTokens(string(doc)) {
			res := chk.Check(id, V2)
			if !res.Valid() {
				t.Errorf("%s: %q under xri-2.0: %s", n, id, ruletest.Describe(res.Findings))
			}
			if a := chk.Check(id, Auto); a.Profile != V2 || a.Key != res.Key || len(a.Findings) != len(res.Findings) {
				t.Errorf("%s: %q under auto: profile %s key %q, %s", n, id, a.Profile, a.Key, ruletest.Describe(a.Findings))
			}
			r1 := chk.Check(id, RC2)
			if f := ruletest.Found(r1.Findings); len(f) != 1 || (f["XRI020"] == nil && f["XRI022"] == nil) {
				t.Errorf("%s: %q under xri-1.0-rc2: want one XRI020 or XRI022, got %s", n, id, ruletest.Describe(r1.Findings))
			}
		}
	}
	if total < 40 {
		t.Errorf("found only %d bare XRIs in the corpus", total)
	}
}

// xriTokens returns the "xri://…" tokens of s, cut at XML delimiters.
func xriTokens(s string) []string {
	var out []string
	for {
		i := strings.Index(s, "xri://")
		if i < 0 {
			return out
		}
		s = s[i:]
		j := strings.IndexAny(s, "<\"' \n")
		if j < 0 {
			j = len(s)
		}
		out = append(out, s[:j])
		s = s[j:]
	}
}

// TestFindInXRDS covers the XML forms FindInXRDS must read and the
// documents it must leave alone.
func TestFindInXRDS(t *testing.T) {
	for _, c := range []struct{ name, doc, want string }{
		{"namespace", `<xrds:XRDS xmlns:xrds="xri://$xrds"><XRD><CanonicalID>=!E4</CanonicalID></XRD></xrds:XRDS>`, "=!E4"},
		{"XRDS root without the namespace", `<?xml version="1.0"?><!-- c --><XRDS><XRD><ProviderID> @!C0 </ProviderID></XRD></XRDS>`, "@!C0"},
		{"prefixed element", `<XRDS><x:LocalID>!D2</x:LocalID></XRDS>`, "!D2"},
		{"attributes with \">\" in quotes", `<XRDS><LocalID note="a>b" o='c>'>=x</LocalID></XRDS>`, "=x"},
		{"self-closing and empty elements", `<XRDS><ProviderID/><ProviderID></ProviderID><Query>*a</Query></XRDS>`, "*a"},
		{"xri: contents are the scanner's", `<XRDS><ProviderID>xri://@</ProviderID><ProviderID>XRI:=a</ProviderID></XRDS>`, ""},
		{"URLs are not XRIs", `<XRDS><LocalID>http://a.example/</LocalID></XRDS>`, ""},
		{"other elements", `<XRDS><Type>(+wdnc)</Type><Ref>@!BAE</Ref></XRDS>`, ""},
		{"not XRDS", `<x><CanonicalID>=a</CanonicalID></x>`, ""},
		{"not XML", `CanonicalID>=a<`, ""},
		{"truncated", `<XRDS><CanonicalID>=a`, ""},
		{"truncated tag", `<XRDS><CanonicalID`, ""},
		{"cross-reference", `<XRDS><Query>(+x)*y</Query></XRDS>`, "(+x)*y"},
	} {
		doc := []byte(c.doc)
		got := strings.Join(spanTexts(doc, FindInXRDS(doc)), " ")
		if got != c.want {
			t.Errorf("%s: found %q, want %q", c.name, got, c.want)
		}
	}
	big := []byte("<XRDS><CanonicalID>=" + strings.Repeat("a", MaxLength) + "</CanonicalID></XRDS>")
	if s := FindInXRDS(big); len(s) != 0 {
		t.Errorf("a CanonicalID longer than MaxLength was returned")
	}
}

// TestClassify checks the look-alikes of real code and documentation.
func TestClassify(t *testing.T) {
	c := &Checker{}
	for _, tc := range []struct{ ident, before, want string }{
		{"XRI::ProxyResolver", "Yadis::", KindCodeScope},
		{"xri::resolve", "", KindCodeScope},
		{"xri://@example/(+contact)?type=home", "see ", ""}, // a cross-reference and a query (xri-2.0 §2.2.2): no regexp group
		{"xri://@example*(+x)?_xrd_r=%zz", "See ", ""},
		{"xri:the", "@param ", KindDocTag},
		{"xri:str", "def f(", KindLabel},
		{"XRI:Foo", "", KindLabel},
		{"xri:example.com", "", KindLabel},
		{"xri:@example", "", ""},
		{"xri:=JohnDoe", "@param ", KindDocTag},
		{"xri://www.example.com/", "", ""},
		{"xri:(+x)", "", ""},
		{"xri:$v", "", ""},
		{"xri:*a", "", ""},
		{"xri:!a", "", ""},
		{"xri:+a", "", ""},
		{"xri:/a", "", ""},
		{"=JohnDoe", "<CanonicalID>", ""},
		// every doc tag, in any ASCII case, after any text, before spaces or tabs
		{"xri:=a", " * @Return\t", KindDocTag},
		{"xri:=a", "x:RAISES ", KindDocTag},
		{"xri:=a", "@property ", KindDocTag},
		{"xri:=a", ":arg ", KindDocTag},
		// a word that only ends like a tag, or a tag cut short, is not one
		{"xri:=a", "@properties ", ""},
		{"xri:=a", "myparam ", ""},
		{"xri:=a", "@ ", ""},
		{"xri:=a", "@par ", ""},
		{"xri:=a", "@paramproperty ", ""},
	} {
		if got := c.Classify(tc.ident, rules.Context{Before: []byte(tc.before)}); got != tc.want {
			t.Errorf("Classify(%q after %q) = %q, want %q", tc.ident, tc.before, got, tc.want)
		}
	}
}

// TestDocTagEqualsSuffixRule checks docTag against the rule it implements,
// the text ends with a tag (case folded), on every tag with a few prefixes
// and suffixes.
func TestDocTagEqualsSuffixRule(t *testing.T) {
	ref := func(b []byte) bool {
		for _, tag := range docTags {
			if n := len(b) - len(tag); n >= 0 && strings.EqualFold(string(b[n:]), tag) {
				return true
			}
		}
		return false
	}
	var inputs []string
	for _, tag := range docTags {
		for _, pre := range []string{"", "a", "x@", " ", "::"} {
			for _, post := range []string{"", "s", "x", "S"} {
				inputs = append(inputs, pre+tag+post, pre+strings.ToUpper(tag)+post, pre+tag[:len(tag)-1]+post)
			}
		}
	}
	for _, in := range inputs {
		if got, want := docTag([]byte(in)), ref([]byte(in)); got != want {
			t.Errorf("docTag(%q) = %v, want %v", in, got, want)
		}
	}
}

// hasXRDSNamespace is bytes.Contains of the XRDS namespace name
// ("xri://$xrds", XRI Resolution 2.0), however the "$" signs around it
// fall; isXRDS tells XRDS documents by it or by their root element.
func TestHasXRDSNamespace(t *testing.T) {
	tests := []struct {
		doc  string
		want bool
	}{
		{"", false},
		{"$xrds", false},
		{"xri://$xrds", true},
		{"<x xmlns='xri://$xrds'/>", true},
		{"$$$ xri://$xrd", false},
		{"xri:/$xrds xri//$xrds", false},
		{"$ $ xri://$ xri://$xrds", true},
		{"xri://$xrdsxri://$xrds", true},
		{"XRI://$XRDS", false}, // as bytes.Contains: case matters
		{strings.Repeat("a $ b ", 700) + "xri://$xrds", true},
		{strings.Repeat("a $ b ", 700), false},
	}
	for _, tt := range tests {
		if got := hasXRDSNamespace([]byte(tt.doc)); got != tt.want || got != bytes.Contains([]byte(tt.doc), []byte(xrdsNamespace)) {
			t.Errorf("hasXRDSNamespace(%.40q) = %v, want %v", tt.doc, got, tt.want)
		}
		if got := isXRDS([]byte(tt.doc)); got != tt.want {
			t.Errorf("isXRDS(%.40q) = %v, want %v", tt.doc, got, tt.want)
		}
	}
}
