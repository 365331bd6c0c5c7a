package lid

import (
	"testing"
	"unicode/utf8"

	"github.com/idlint/idlint/rules"
)

var fuzzSeeds = []string{
	"lid://xyz.com/myshow/episode100/george.html",
	"lid://specials.news.com/logos/daisy.jpg",
	"lid://unique2345@blahblah.com/rootpage.html?name=zella#bday",
	"LID://XYZ.com:/A/./b/../C%7e%2f?Q#F",
	"lid://a/b/c/../../../g", "lid://xyz.com/%%41", "lid://[::1]:80/x", "lid:77", "lid:/x", "lid:",
	"lid://a@b@c:1:2/x;p?y#z#w", "lid://xyz.com/%2E%2E/%2e/", "lid:%41%2F#%7e", "",
}

// FuzzLint: no panic, spans inside the input, Canonical idempotent and
// Key(Canonical(x)) == Key(x).
func FuzzLint(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	c := &Checker{}
	f.Fuzz(func(t *testing.T, s string) {
		for _, in := range []string{s, "lid:" + s, "lid://" + s} {
			r := c.Check(in, LID00)
			for _, fd := range r.Findings {
				if fd.Start < 0 || fd.End > len(in) || fd.Start > fd.End {
					t.Fatalf("%q: %s span [%d,%d]", in, fd.Rule.ID, fd.Start, fd.End)
				}
			}
			r2 := c.Check(r.Canonical, LID00)
			if r2.Canonical != r.Canonical {
				t.Fatalf("Canonical not idempotent: %q → %q → %q", in, r.Canonical, r2.Canonical)
			}
			if r2.Key != r.Key {
				t.Fatalf("Key(Canonical(x)) != Key(x): %q: %q vs %q (canonical %q)", in, r2.Key, r.Key, r.Canonical)
			}
			if r2.Namespace != r.Namespace {
				t.Fatalf("Namespace changed by canonicalization: %q: %q vs %q", in, r.Namespace, r2.Namespace)
			}
			if utf8.ValidString(in) && !utf8.ValidString(r.Key) {
				t.Fatalf("Key of valid UTF-8 %q is not UTF-8: %q", in, r.Key)
			}
			_ = Classify(in, rules.Context{Before: []byte(s), After: []byte(s)})
		}
	})
}

// FuzzResolve: no panic; a resolved reference is absolute or an error.
func FuzzResolve(f *testing.F) {
	f.Add("lid://a/b/c/d;p?q", "../../../g")
	f.Add("lid://xyz.com", "g;x=1/../y")
	f.Add("lid://a", "//g/./h?y#s")
	f.Fuzz(func(t *testing.T, base, ref string) {
		out, err := Resolve(base, ref, LID00)
		if err != nil {
			return
		}
		if out == "" {
			t.Fatalf("Resolve(%q, %q) = \"\" without error", base, ref)
		}
		if len(out) > len(base)+len(ref)+2 {
			t.Fatalf("Resolve(%q, %q) = %q grew beyond its inputs", base, ref, out)
		}
	})
}
