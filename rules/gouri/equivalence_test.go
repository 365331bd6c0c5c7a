package gouri

import "testing"

func TestCanonicalAndKey(t *testing.T) {
	for _, c := range []struct{ spec, in, canon, ns string }{
		{"rfc3368 §5 (form2: client's configured services, no server)", "go:Mercedes%20Benz", "go:Mercedes%20Benz", ""},
		{"rfc3368 §3.3.2 (MUST) + §3.3.3", "go://?Mercedes%20Benz", "go://localhost:1096?Mercedes%20Benz", "localhost:1096"},
		{"rfc3368 §3.3.3: default port", "go://cnrp.foo.com?Mercedes%20Benz;geography=US-ga",
			"go://cnrp.foo.com:1096?Mercedes%20Benz;geography=US-ga", "cnrp.foo.com:1096"},
		{"rfc3368 §5", "go://cnrp.foo.org?Martin%20J.%20D%C3%BCrst", "go://cnrp.foo.org:1096?Martin%20J.%20D%C3%BCrst", "cnrp.foo.org:1096"},
		{"rfc3368 §5", "go://cnrp.foo.com?id=5432345", "go://cnrp.foo.com:1096?id=5432345", "cnrp.foo.com:1096"},
		{"rfc3368 §3.3.1: a server, not a query: no \"?\"", "go://cnrp.foo.com", "go://cnrp.foo.com:1096", "cnrp.foo.com:1096"},
		{"rfc3368 §3.3.1 + §3.3.2", "go://", "go://localhost:1096", "localhost:1096"},
		{"rfc3367 §4.2.1: the empty query stays apart from the server", "go://cnrp.foo.com?", "go://cnrp.foo.com:1096?", "cnrp.foo.com:1096"},
		{"rfc2396 §6: scheme and host case; rfc2234: \"id=\"", "GO://CNRP.Foo.COM:1096?ID=AbC", "go://cnrp.foo.com:1096?id=AbC", "cnrp.foo.com:1096"},
		{"empty port is the default", "go://cnrp.foo.com:?bmw", "go://cnrp.foo.com:1096?bmw", "cnrp.foo.com:1096"},
		{"other port kept", "go://cnrp.foo.com:8080?bmw", "go://cnrp.foo.com:8080?bmw", "cnrp.foo.com:8080"},
		{"userinfo kept, not in namespace", "go://me@cnrp.foo.com?bmw", "go://me@cnrp.foo.com:1096?bmw", "cnrp.foo.com:1096"},
		{"%-hex upper; unreserved decoded; case of names kept", "go:D%c3%bcrst%2DBMW;Geo=Iso,US%2dga",
			"go:D%C3%BCrst-BMW;Geo=Iso,US-ga", ""},
		{"parameters keep their order (rfc3367 §4.2.1.1)", "go:bmw;language=de;language=fr", "go:bmw;language=de;language=fr", ""},
		{"malformed % blocks decoding", "go:%%41", "go:%%41", ""},
		{"escapes that decode to \"ID=\" do not make an id request", "go://h?%49D=5", "go://h:1096?%49D=5", "h:1096"},
		{"... nor do lower-case ones", "go://h?%69d=5", "go://h:1096?%69d=5", "h:1096"},
		{"invalid host: no default port, no namespace", "go://cnrp.foo.com/search?bmw", "go://cnrp.foo.com/search?bmw", ""},
		{"invalid port: no namespace", "go://h:x?bmw", "go://h:x?bmw", ""},
		{"not go", "urn:x:y", "urn:x:y", ""},
	} {
		u, _ := Lint(c.in, RFC3368, Options{})
		if got := u.Canonical(); got != c.canon {
			t.Errorf("%s: Canonical(%q) = %q, want %q", c.spec, c.in, got, c.canon)
		}
		if got := u.Key(); got != c.canon {
			t.Errorf("%s: Key(%q) = %q, want the canonical form %q", c.spec, c.in, got, c.canon)
		}
		if got := u.Namespace(); got != c.ns {
			t.Errorf("%s: Namespace(%q) = %q, want %q", c.spec, c.in, got, c.ns)
		}
		r := (&Checker{}).Check(c.in, RFC3368)
		if r.Canonical != c.canon || r.Key != c.canon || r.Namespace != c.ns || r.Scheme != "go" || r.Profile != RFC3368 {
			t.Errorf("Check(%q) = %+v", c.in, r)
		}
	}
}

// Equal keys ⇔ equivalent: what the spec's defaults join, and what it keeps apart.
func TestKeyClasses(t *testing.T) {
	classes := [][]string{
		{"go://?Mercedes%20Benz", "go://localhost?Mercedes%20Benz", "go://LOCALHOST:1096?Mercedes%20Benz", "go://localhost:?Mercedes%20Benz"},
		{"go:Mercedes%20Benz", "GO:Mercedes%20Benz", "go:%4Dercedes%20Benz"},
		{"go:mercedes%20benz"}, // common names keep their case
		{"go://cnrp.foo.com?id=5432345", "go://CNRP.FOO.COM:1096?ID=5432345"},
		{"go://cnrp.foo.com?5432345"},
		{"go://cnrp.foo.com"}, {"go://cnrp.foo.com?"}, {"go://cnrp.foo.com:8080"},
		{"go:bmw;language=de;geography=DE"}, {"go:bmw;geography=DE;language=de"},
	}
	seen := map[string]int{}
	for ci, class := range classes {
		first, _ := Lint(class[0], RFC3368, Options{})
		for _, s := range class {
			u, _ := Lint(s, RFC3368, Options{})
			k := u.Key()
			if prev, ok := seen[k]; ok && prev != ci {
				t.Errorf("%q has key %q of class %d, want class %d", s, k, prev, ci)
			}
			seen[k] = ci
			if k != first.Key() {
				t.Errorf("Key(%q) = %q, want %q (as %q)", s, k, first.Key(), class[0])
			}
		}
	}
}
