package gouri

import (
	"testing"

	"github.com/idlint/idlint/rules"
)

var fuzzSeeds = []string{
	"go:Mercedes%20Benz", "go://?Mercedes%20Benz", "go://cnrp.foo.com?Mercedes%20Benz;geography=US-ga",
	"go://cnrp.foo.org?Martin%20J.%20D%C3%BCrst", "go://cnrp.foo.com?id=5432345", "go:Mercedes%0Benz",
	"go://", "go://h?", "go://h?;a=b", "GO://U@H:?%49d=5;a=t,v", "go://[::1]:1?x", "go:%%41", "go:a;;=;b=c,d,e", "",
}

// FuzzLint: no panic, spans inside the input, Canonical idempotent and
// Key(Canonical(x)) == Key(x).
func FuzzLint(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	c := &Checker{}
	f.Fuzz(func(t *testing.T, s string) {
		for _, in := range []string{s, "go:" + s, "go://" + s} {
			r := c.Check(in, RFC3368)
			for _, fd := range r.Findings {
				if fd.Start < 0 || fd.End > len(in) || fd.Start > fd.End {
					t.Fatalf("%q: %s span [%d,%d]", in, fd.Rule.ID, fd.Start, fd.End)
				}
			}
			r2 := c.Check(r.Canonical, RFC3368)
			if r2.Canonical != r.Canonical {
				t.Fatalf("Canonical not idempotent: %q → %q → %q", in, r.Canonical, r2.Canonical)
			}
			if r2.Key != r.Key {
				t.Fatalf("Key(Canonical(x)) != Key(x): %q: %q vs %q", in, r2.Key, r.Key)
			}
			if r2.Namespace != r.Namespace {
				t.Fatalf("Namespace changed by canonicalization: %q: %q vs %q", in, r.Namespace, r2.Namespace)
			}
			if r.Valid() != r2.Valid() && r.Canonical != in {
				// canonicalization only changes spellings, never validity
				t.Fatalf("validity changed by canonicalization: %q (%v) → %q (%v)", in, r.Valid(), r.Canonical, r2.Valid())
			}
			_ = Classify(in, rules.Context{Before: []byte(s), After: []byte(s)})
		}
	})
}
