package urn

import (
	"testing"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ascii"
	"github.com/idlint/idlint/rules/internal/ruletest"
)

// specExamples are the URNs the three documents print.
var specExamples = []string{
	// rfc2141 §6, rfc2141bis-03 §5.1
	"URN:foo:a123,456", "urn:foo:a123,456", "urn:FOO:a123,456", "urn:foo:A123,456",
	"urn:foo:a123%2C456", "URN:FOO:a123%2c456", "urn:foo:a123,456?x=y", "urn:foo:a123,456#xyz",
	// rfc2141bis-03 §2.3.1, §2.3.2
	"urn:isbn:0451450523?s=I2U", "urn:isbn:0451450523?s=I2L&c=ToC",
	// rfc8141 §2.2, §2.3, §3.2, §5
	"urn:example:1/406/47452/2", "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk",
	"urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z",
	"urn:example:foo-bar-baz-qux#somepart",
	"urn:example:a123,z456", "URN:example:a123,z456", "urn:EXAMPLE:a123,z456",
	"urn:example:a123,z456?+abc", "urn:example:a123,z456?=xyz", "urn:example:a123,z456#789",
	"urn:example:a123,z456/foo", "urn:example:a123,z456/bar", "urn:example:a123,z456/baz",
	"urn:example:a123%2Cz456", "URN:EXAMPLE:a123%2cz456", "urn:example:A123,z456", "urn:example:a123,Z456",
	"urn:example:%D0%B0123,z456", "urn:example:apple:pear:plum:cherry", "urn:urn-7:x",
	// known mistakes of another parser
	"urn:example:a%zz", "urn:urn:x", "urn:ab:a?b", "urn:ex:a?+a?+",
}

func FuzzLint(f *testing.F) {
	for _, s := range specExamples {
		f.Add(s)
	}
	for _, sec := range allSections() {
		for _, c := range sec.Cases {
			f.Add(c.In)
		}
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, p := range Profiles {
			checkInput(t, in, p)
		}
	})
}

func checkInput(t *testing.T, in, p string) {
	for _, qo := range []bool{false, true} {
		opt := Options{QueryOrder: qo, MinSeverity: rules.Info}
		u, fs := Lint(in, p, opt)
		ruletest.CheckFindings(t, Catalog, in, p, fs)
		canon, key := u.Canonical(), u.Key()

		// Normalization changes case only (rfc8141 §3.1, rfc2141 §5, rfc2141bis-03 §5).
		if len(canon) != len(in) || !equalFoldASCII(canon, in) {
			t.Fatalf("%s: Canonical(%q) = %q changes more than case", p, in, canon)
		}
		u2, fs2 := Lint(canon, p, opt)
		if c2 := u2.Canonical(); c2 != canon {
			t.Fatalf("%s: Canonical not idempotent: %q -> %q -> %q", p, in, canon, c2)
		}
		if k2 := u2.Key(); k2 != key {
			t.Fatalf("%s (QueryOrder %v): Key(%q) = %q but Key(canonical %q) = %q", p, qo, in, key, canon, k2)
		}
		if errs(fs) != errs(fs2) {
			t.Fatalf("%s: %q has %d errors, its canonical form %q %d", p, in, errs(fs), canon, errs(fs2))
		}

		// Equivalent spellings give the same key: flip the case of the
		// scheme, the NID and every escape's hex digits.
		if u.nidOK {
			v := respell(in, 4+len(u.NID))
			if uv, _ := Lint(v, p, opt); uv.Key() != key {
				t.Fatalf("%s: %q and %q are equivalent, keys %q and %q", p, in, v, key, uv.Key())
			}
		}

		// Fields are substrings of the input.
		for _, s := range []string{u.Scheme, u.NID, u.NSS, u.RComponent, u.Query, u.Fragment} {
			if !ruletest.Within(s, in) {
				t.Fatalf("%s: %q: field %q is not a substring", p, in, s)
			}
		}

		// A higher MinSeverity only drops findings; it changes nothing else.
		for _, min := range []rules.Severity{rules.Warning, rules.Error} {
			um, fm := Lint(in, p, Options{QueryOrder: qo, MinSeverity: min})
			var kept []rules.Finding
			for _, f := range fs {
				if f.Severity >= min {
					kept = append(kept, f)
				}
			}
			if len(kept) != len(fm) {
				t.Fatalf("%s: %q at MinSeverity %s: %d findings, want %d\n\t%s", p, in, min, len(fm), len(kept), ruletest.Describe(fm))
			}
			for i := range kept {
				if kept[i] != fm[i] {
					t.Fatalf("%s: %q at MinSeverity %s: finding %d is %+v, want %+v", p, in, min, i, fm[i], kept[i])
				}
			}
			if um.Key() != key || um.Canonical() != canon {
				t.Fatalf("%s: %q at MinSeverity %s: key or canonical form differs", p, in, min)
			}
		}

		// Checker and Parse agree with Lint.
		res := (&Checker{QueryOrder: qo}).Check(in, p)
		if res.Key != key || res.Canonical != canon || len(res.Findings) != len(fs) {
			t.Fatalf("%s: Check(%q) disagrees with Lint", p, in)
		}
		if !qo {
			pu, err := Parse(in, p)
			if (err != nil) != (errs(fs) > 0) {
				t.Fatalf("%s: Parse(%q) = %v but Lint finds %d errors", p, in, err, errs(fs))
			}
			if pu.Key() != key {
				t.Fatalf("%s: Parse(%q).Key() = %q, Lint's %q", p, in, pu.Key(), key)
			}
		}
	}
}

func errs(fs []rules.Finding) int {
	n := 0
	for _, f := range fs {
		if f.Severity == rules.Error {
			n++
		}
	}
	return n
}

func equalFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if ascii.Lower(a[i]) != ascii.Lower(b[i]) {
			return false
		}
	}
	return true
}

// respell swaps the case of s[:nidEnd] (scheme and NID) and of the hex
// digits of every escape after it, as Canonical scans them.
func respell(s string, nidEnd int) string {
	b := []byte(s)
	swap := func(c byte) byte {
		switch {
		case 'a' <= c && c <= 'z':
			return c - 'a' + 'A'
		case 'A' <= c && c <= 'Z':
			return c - 'A' + 'a'
		}
		return c
	}
	for i := 0; i < nidEnd; i++ {
		b[i] = swap(b[i])
	}
	for i := nidEnd; i < len(b); i++ {
		if b[i] == '%' && i+2 < len(b) && isHex(b[i+1]) && isHex(b[i+2]) {
			b[i+1], b[i+2] = swap(b[i+1]), swap(b[i+2])
			i += 2
		}
	}
	return string(b)
}

// issue 21 §5: the namespace layer never panics, ns_key is idempotent (the
// ns_key of an ns_key is itself) and only merges: equal keys give equal
// ns_keys, since ns_key is a function of the key.
func FuzzNamespaceLayer(f *testing.F) {
	for _, s := range []string{
		"urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6", "urn:uuid:%7Ba%7D", "urn:oid:1..3", "urn:oid:1.02",
		"URN:IETF:RFC:2141", "urn:ietf:params:XML:ns:a", "urn:ietf:params", "urn:isbn:0-8044-2957-x",
		"urn:issn:2434-561x", "urn:isbn:", "urn:ietf:", "urn:uuid:a?=B", "urn:lex:IT:a:b:c;1", "urn:dev:mac:AB_c", "urn:nbn:fi:x-1", "urn:publicid:a++b",
		"urn:isan:0000-0000-d07a-0090-q-0000-0000-x", "urn:eidr:10.5240:7791-8534-2c23-9030-8610-5", "urn:isan:%41", "urn:issn:2434561x", "urn:isbn:951-0-18435-7", "URN:EXAMPLE:a",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range Profiles {
			u, _ := Lint(s, p, Options{MinSeverity: rules.Info})
			key := u.Key()
			nk, _ := u.NSKey()
			v, _ := Lint(nk, p, Options{})
			if nk2, _ := v.NSKey(); nk2 != nk {
				t.Errorf("%s: ns_key of %q is %q, whose ns_key is %q", p, s, nk, nk2)
			}
			if nk3, _ := u.nsKeyFrom(key); nk3 != nk {
				t.Errorf("%s: %q: ns_key %q not a function of key %q (%q)", p, s, nk, key, nk3)
			}
			if c := (&Checker{}).Check(s, p); c.Key != key || c.NSKey != nk {
				t.Errorf("%s: %q: Checker key/ns_key %q %q, want %q %q", p, s, c.Key, c.NSKey, key, nk)
			}
		}
	})
}
