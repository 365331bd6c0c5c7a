package rfc2396

import (
	"strings"
	"testing"
)

// rfc2396 §2.2, §2.3, §3.2.2, §3.3: membership of every class.
func TestClasses(t *testing.T) {
	tests := []struct {
		name string
		is   func(byte) bool
		set  string
	}{
		{"unreserved (§2.3)", IsUnreserved, "azAZ09-_.!~*'()"},
		{"uric without escaped (§2.4)", IsUric, "azAZ09-_.!~*'();/?:@&=+$,"},
		{"pchar (§3.3)", IsPchar, "azAZ09-_.!~*'():@&=+$,"},
		{"userinfo (§3.2.2)", IsUserinfo, "azAZ09-_.!~*'();:&=+$,"},
		{"hex (§2.4.1)", IsHex, "09afAF"},
	}
	for _, tt := range tests {
		for _, c := range []byte(tt.set) {
			if !tt.is(c) {
				t.Errorf("%s: %q not a member", tt.name, c)
			}
		}
		for _, c := range []byte(" \"<>#%{}|\\^[]`\x00\x7f\xff") {
			if tt.is(c) {
				t.Errorf("%s: %q wrongly a member", tt.name, c)
			}
		}
	}
	if !HasUpperOutsideEscapes("a%2cB") || HasUpperOutsideEscapes("a%2Cb") {
		t.Error("HasUpperOutsideEscapes")
	}
}

// rfc2396 §5.2 step 6 c–g and Appendix C.2: dot segments of a merged path.
func TestRemoveDots(t *testing.T) {
	for _, c := range []struct {
		in, out string
		above   bool
	}{
		{"", "", false},
		{"a/./b", "a/./b", false}, // not absolute: left as it is
		{"/", "/", false},
		{"/a/b", "/a/b", false},
		{"/.", "/", false},
		{"/..", "/..", true}, // step 6g: ".." above the root kept (C.2 "http://a/../g")
		{"/a/.", "/a/", false},
		{"/a/..", "/", false},
		{"/a/./b", "/a/b", false},          // step 6c
		{"/a/../b", "/b", false},           // step 6e
		{"/a/b/../../../g", "/../g", true}, // C.2 "../../../g"
		{"/../../g", "/../../g", true},
		{"/a//../b", "/a/b", false},
		{"/a/.b/..c/", "/a/.b/..c/", false}, // C.2: ".g", "..g" are not dot segments
		{"/./", "/", false},
		{"/a/b/./../c/.", "/a/c/", false}, // step 6d: a trailing "." keeps the slash
	} {
		got, changed, above := RemoveDots(c.in, nil)
		if got != c.out || changed != (c.out != c.in) || above != c.above {
			t.Errorf("RemoveDots(%q) = %q, %v, %v; want %q, above %v", c.in, got, changed, above, c.out, c.above)
		}
		if again, changed, _ := RemoveDots(got, nil); again != got || changed {
			t.Errorf("RemoveDots not idempotent on %q: %q", got, again)
		}
	}
}

// A split that keeps some "/" inside a segment (XRI's cross-references)
// decides what a segment is.
func TestRemoveDotsSplit(t *testing.T) {
	byComma := func(s string) []string { return strings.Split(s, ",") }
	if got, _, _ := RemoveDots("/a,..,b/.", byComma); got != "/b/." {
		t.Errorf("RemoveDots with a custom split = %q, want %q", got, "/b/.")
	}
}
