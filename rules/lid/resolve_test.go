package lid

import (
	"errors"
	"testing"
)

// rfc2396 Appendix C with http: replaced by lid: (lid-00 §2 {5.}).
func TestResolveAppendixC(t *testing.T) {
	const base = "lid://a/b/c/d;p?q"
	for _, c := range []struct{ spec, ref, want string }{
		// C.1 Normal Examples
		{"C.1", "g:h", "g:h"},
		{"C.1", "g", "lid://a/b/c/g"},
		{"C.1", "./g", "lid://a/b/c/g"},
		{"C.1", "g/", "lid://a/b/c/g/"},
		{"C.1", "/g", "lid://a/g"},
		{"C.1", "//g", "lid://g"},
		{"C.1", "?y", "lid://a/b/c/?y"},
		{"C.1", "g?y", "lid://a/b/c/g?y"},
		{"C.1 (current document)#s", "#s", "lid://a/b/c/d;p?q#s"},
		{"C.1", "g#s", "lid://a/b/c/g#s"},
		{"C.1", "g?y#s", "lid://a/b/c/g?y#s"},
		{"C.1", ";x", "lid://a/b/c/;x"},
		{"C.1", "g;x", "lid://a/b/c/g;x"},
		{"C.1", "g;x?y#s", "lid://a/b/c/g;x?y#s"},
		{"C.1", ".", "lid://a/b/c/"},
		{"C.1", "./", "lid://a/b/c/"},
		{"C.1", "..", "lid://a/b/"},
		{"C.1", "../", "lid://a/b/"},
		{"C.1", "../g", "lid://a/b/g"},
		{"C.1", "../..", "lid://a/"},
		{"C.1", "../../", "lid://a/"},
		{"C.1", "../../g", "lid://a/g"},
		// C.2 Abnormal Examples
		{"C.2 (current document)", "", "lid://a/b/c/d;p?q"},
		{"C.2", "../../../g", "lid://a/../g"},
		{"C.2", "../../../../g", "lid://a/../../g"},
		{"C.2", "/./g", "lid://a/./g"},
		{"C.2", "/../g", "lid://a/../g"},
		{"C.2", "g.", "lid://a/b/c/g."},
		{"C.2", ".g", "lid://a/b/c/.g"},
		{"C.2", "g..", "lid://a/b/c/g.."},
		{"C.2", "..g", "lid://a/b/c/..g"},
		{"C.2", "./../g", "lid://a/b/g"},
		{"C.2", "./g/.", "lid://a/b/c/g/"},
		{"C.2", "g/./h", "lid://a/b/c/g/h"},
		{"C.2", "g/../h", "lid://a/b/c/h"},
		{"C.2", "g;x=1/./y", "lid://a/b/c/g;x=1/y"},
		{"C.2", "g;x=1/../y", "lid://a/b/c/y"},
		{"C.2", "g?y/./x", "lid://a/b/c/g?y/./x"},
		{"C.2", "g?y/../x", "lid://a/b/c/g?y/../x"},
		{"C.2", "g#s/./x", "lid://a/b/c/g#s/./x"},
		{"C.2", "g#s/../x", "lid://a/b/c/g#s/../x"},
		{"C.2 (validating parser)", "http:g", "http:g"},
		{"C.2 (validating parser), lid: itself", "lid:g", "lid:g"},
		// §5: a colon in a first segment makes a scheme; "./" avoids it
		{"§5", "./this:that", "lid://a/b/c/this:that"},
		{"§3.1: not a scheme name", "1a:b", "lid://a/b/c/1a:b"},
	} {
		got, err := Resolve(base, c.ref, LID00)
		if err != nil || got != c.want {
			t.Errorf("rfc2396 %s: Resolve(%q, %q) = %q, %v; want %q", c.spec, base, c.ref, got, err, c.want)
		}
	}
}

func TestResolveBase(t *testing.T) {
	for _, c := range []struct{ base, ref, want string }{
		{"lid://xyz.com/myshow/episode100/george.html", "../logos/daisy.jpg", "lid://xyz.com/myshow/logos/daisy.jpg"},
		{"LID://XYZ.com/a/b", "c", "LID://XYZ.com/a/c"},
		{"lid://xyz.com/a#frag", "#other", "lid://xyz.com/a#other"},
		{"lid://xyz.com/a#frag", "", "lid://xyz.com/a"},
		// departure: empty base path merges under "/" (rfc3986 §5.2.3)
		{"lid://xyz.com", "g", "lid://xyz.com/g"},
		{"lid://xyz.com?q", "g/../h", "lid://xyz.com/h"},
	} {
		got, err := Resolve(c.base, c.ref, LID00)
		if err != nil || got != c.want {
			t.Errorf("Resolve(%q, %q) = %q, %v; want %q", c.base, c.ref, got, err, c.want)
		}
	}
	for _, base := range []string{"", "lid:", "lid:/a/b", "lid:opaque", "http://a/b", "xyz.com/a"} {
		if got, err := Resolve(base, "g", LID00); !errors.Is(err, ErrBase) {
			t.Errorf("Resolve(%q, g) = %q, %v; want ErrBase (rfc2396 §5: unsuitable base)", base, got, err)
		}
	}
}

// A resolved reference lints like any lid: URI; its key removes what
// resolution kept (rfc2396 C.2 "/./g").
func TestResolveThenKey(t *testing.T) {
	got, err := Resolve("lid://a/b/c/d;p?q", "/./g", LID00)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := Lint(got, LID00, Options{})
	if k := u.Key(); k != "lid://a/g" {
		t.Errorf("Key(%q) = %q, want lid://a/g", got, k)
	}
}
