package lid

import (
	"strings"
	"testing"
)

func TestCanonicalAndKey(t *testing.T) {
	for _, c := range []struct {
		spec, in, canon, key, ns string
	}{
		{"lid-00 §2 example", "lid://xyz.com/myshow/episode100/george.html",
			"lid://xyz.com/myshow/episode100/george.html", "lid://xyz.com/myshow/episode100/george.html", "xyz.com"},
		{"lid-00 §2: complete URIs compare case-independently", "LID://XYZ.com/MyShow/George.HTML?Name=Zella#BDay",
			"lid://xyz.com/MyShow/George.HTML?Name=Zella#BDay", "lid://xyz.com/myshow/george.html?name=zella", "xyz.com"},
		{"rfc2396 §4.1: the fragment is not part of the URI", "lid://unique2345@blahblah.com/rootpage.html?name=zella#bday",
			"lid://unique2345@blahblah.com/rootpage.html?name=zella#bday", "lid://unique2345@blahblah.com/rootpage.html?name=zella", "blahblah.com"},
		{"rfc2396 §2.4.1: %-hex upper case; kept upper in the key", "lid://xyz.com/a%2fb%c3%a9",
			"lid://xyz.com/a%2Fb%C3%A9", "lid://xyz.com/a%2Fb%C3%A9", "xyz.com"},
		{"rfc2396 §2.3: escaped unreserved decoded", "lid://xyz.com/%7Euser/%47eorge%2Ehtml",
			"lid://xyz.com/~user/George.html", "lid://xyz.com/~user/george.html", "xyz.com"},
		{"lid-00 §2 {1.4}: dot segments removed", "lid://xyz.com/myshow/./episode100/../logo.jpg",
			"lid://xyz.com/myshow/logo.jpg", "lid://xyz.com/myshow/logo.jpg", "xyz.com"},
		{"decoded dots are dot segments", "lid://xyz.com/a/%2E%2E/b", "lid://xyz.com/b", "lid://xyz.com/b", "xyz.com"},
		{"rfc2396 §5.2 6g: above the root kept", "lid://xyz.com/../g", "lid://xyz.com/../g", "lid://xyz.com/../g", "xyz.com"},
		{"trailing dot segment keeps the slash", "lid://xyz.com/a/b/..", "lid://xyz.com/a/", "lid://xyz.com/a/", "xyz.com"},
		{"App. A port = *digit: empty port dropped", "lid://xyz.com:/x", "lid://xyz.com/x", "lid://xyz.com/x", "xyz.com"},
		{"non-empty port kept (lid-00 has no default port)", "lid://xyz.com:80/x", "lid://xyz.com:80/x", "lid://xyz.com:80/x", "xyz.com"},
		{"malformed % blocks decoding", "lid://xyz.com/%%41", "lid://xyz.com/%%41", "lid://xyz.com/%%41", "xyz.com"},
		{"issue 24 §8: a malformed % a dot segment removes does not block decoding (canonical idempotent)",
			"lid://LID://AA%0X00/..#0%21000", "lid://lid//#0!000", "lid://lid//", "lid"},
		{"issue 24 §8: a malformed % in the fragment does not block decoding in the key", "lid://xyz.com/%7Ea#%zz",
			"lid://xyz.com/%7Ea#%zz", "lid://xyz.com/~a", "xyz.com"},
		{"numeric host: no namespace", "lid://10.0.0.1/x", "lid://10.0.0.1/x", "lid://10.0.0.1/x", ""},
		{"opaque: keeps case, apart key and namespace", "LID:Ab3xZ9%2f#f", "lid:Ab3xZ9%2F#f", "(opaque)lid:Ab3xZ9%2F", "(opaque)"},
		{"no authority", "lid:/A/B", "lid:/A/B", "lid:/a/b", ""},
		{"not lid", "urn:x:y", "urn:x:y", "urn:x:y", ""},
	} {
		u, _ := Lint(c.in, LID00, Options{})
		if got := u.Canonical(); got != c.canon {
			t.Errorf("%s: Canonical(%q) = %q, want %q", c.spec, c.in, got, c.canon)
		}
		if got := u.Key(); got != c.key {
			t.Errorf("%s: Key(%q) = %q, want %q", c.spec, c.in, got, c.key)
		}
		if got := u.Namespace(); got != c.ns {
			t.Errorf("%s: Namespace(%q) = %q, want %q", c.spec, c.in, got, c.ns)
		}
		r := (&Checker{}).Check(c.in, LID00)
		if r.Canonical != c.canon || r.Key != c.key || r.Namespace != c.ns || r.Scheme != "lid" || r.Profile != LID00 {
			t.Errorf("Check(%q) = %+v", c.in, r)
		}
		// canonical is idempotent and keeps the key (what FuzzLint checks)
		v, _ := Lint(c.canon, LID00, Options{})
		if v.Canonical() != c.canon || v.Key() != c.key {
			t.Errorf("%s: Canonical(%q) = %q, Key %q; want it unchanged, key %q", c.spec, c.canon, v.Canonical(), v.Key(), c.key)
		}
	}
}

// Equal keys ⇔ equivalent under lid-00.
func TestKeyClasses(t *testing.T) {
	classes := [][]string{
		{"lid://xyz.com/myshow/george.html", "LID://XYZ.COM/MYSHOW/GEORGE.HTML", "lid://xyz.com/myshow/./george.html",
			"lid://xyz.com/myshow/x/../george.html", "lid://xyz.com:/myshow/george.html", "lid://xyz.com/myshow/%67eorge.html",
			"lid://xyz.com/myshow/george.html#top"},
		{"lid://xyz.com/a%2Fb", "lid://xyz.com/A%2fB"},
		{"lid://xyz.com/a/b"},
		{"lid://xyz.com/%C3%89"}, // É
		{"lid://xyz.com/%C3%A9"}, // é: ASCII-only folding keeps them apart
		{"lid://xyz.com/../g"},
		{"lid://xyz.com/g"},
		{"lid://xyz.com:80/g"},
		{"lid:xyz.com"},   // opaque, the other scheme
		{"lid:XYZ.com"},   // opaque ids are case-sensitive
		{"lid://xyz.com"}, // empty path is not "/" for lid-00
		{"lid://xyz.com/"},
	}
	seen := map[string]int{}
	for ci, class := range classes {
		for _, s := range class {
			u, _ := Lint(s, LID00, Options{})
			k := u.Key()
			if prev, ok := seen[k]; ok && prev != ci {
				t.Errorf("%q has key %q of class %d, want class %d", s, k, prev, ci)
			}
			seen[k] = ci
			if want := classKey(t, class[0]); k != want {
				t.Errorf("Key(%q) = %q, want %q (same as %q)", s, k, want, class[0])
			}
		}
	}
}

func classKey(t *testing.T, s string) string {
	t.Helper()
	u, _ := Lint(s, LID00, Options{})
	return u.Key()
}

// The rule doc says what the key does with case: ASCII only.
func TestCaseFoldDocumented(t *testing.T) {
	if !strings.Contains(NonCanonicalCase.Doc, "ASCII-only") || !strings.Contains(NonCanonicalCase.Doc, "predates IRIs") {
		t.Errorf("LID020's doc must say that case folding is ASCII-only and why")
	}
}
