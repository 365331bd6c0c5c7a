package schemes

import (
	"slices"
	"testing"
)

// TestRegistry checks what the engine, the CLI and the scanner's
// generator assume of every descriptor.
func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range All() {
		if seen[s.Name] {
			t.Errorf("scheme %q registered twice", s.Name)
		}
		seen[s.Name] = true
		if Lookup(s.Name) != s {
			t.Errorf("Lookup(%q) is not its descriptor", s.Name)
		}
		if !slices.Contains(s.Profiles, s.DefaultProfile) {
			t.Errorf("%s: default profile %q not among %v", s.Name, s.DefaultProfile, s.Profiles)
		}
		for _, r := range s.Catalog {
			if r.Scheme != s.Name {
				t.Errorf("%s: rule %s is of scheme %q", s.Name, r.ID, r.Scheme)
			}
		}
		for _, o := range s.Options {
			if !slices.Contains(o.Values, o.Default) {
				t.Errorf("%s: option %s: default %q not among %v", s.Name, o.Name, o.Default, o.Values)
			}
		}
		c, err := s.Checker(nil)
		if err != nil {
			t.Fatalf("%s: Checker(nil): %v", s.Name, err)
		}
		// the checker's results name the scheme and profile they were made
		// under: the default, or the one a choosing default (xri's auto) chose
		if r := c.Check(s.Name+":x", s.DefaultProfile); r.Scheme != s.Name || !slices.Contains(s.Profiles, r.Profile) {
			t.Errorf("%s: checker result says scheme %q, profile %q", s.Name, r.Scheme, r.Profile)
		}
	}
	if Lookup("http") != nil {
		t.Error(`Lookup("http") found a scheme`)
	}
}

func TestOptions(t *testing.T) {
	u := Lookup("urn")
	for _, tc := range []struct {
		opts map[string]string
		err  string
	}{
		{nil, ""},
		{map[string]string{"equivalence": "5b"}, ""},
		{map[string]string{"equivalence": "5c"}, `--urn-equivalence "5c": want 5a or 5b`},
		{map[string]string{"nonesuch": "1"}, `unknown urn option "nonesuch"`},
	} {
		got := ""
		if _, err := u.Checker(tc.opts); err != nil {
			got = err.Error()
		}
		if got != tc.err {
			t.Errorf("Checker(%v): error %q, want %q", tc.opts, got, tc.err)
		}
	}
}

// The root resolves by the registry: rc2 §2.3.2 for xri:, rfc2396 §5 for lid:.
func TestResolvable(t *testing.T) {
	if got := Resolvable(); got != "xri: and lid:" {
		t.Errorf("Resolvable() = %q", got)
	}
}

// An XRDS document (XRI Resolution 2.0 §4) is recognized by its head;
// plain text is not.
func TestDocument(t *testing.T) {
	for _, tc := range []struct {
		head, want string
	}{
		{`<?xml version="1.0"?><xrds:XRDS xmlns:xrds="xri://$xrds" xmlns="xri://$xrd*($v*2.0)"><XRD>`, "xri"},
		{"see urn:isbn:0451450523", ""},
		{"", ""},
	} {
		got := ""
		if s := Document([]byte(tc.head)); s != nil {
			got = s.Name
		}
		if got != tc.want {
			t.Errorf("Document(%.30q) = %q, want %q", tc.head, got, tc.want)
		}
	}
}
