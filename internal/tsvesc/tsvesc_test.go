package tsvesc

import "testing"

// A line survives the round trip, and the field holds no tab, CR or LF.
func TestRoundTrip(t *testing.T) {
	for _, s := range []string{"", "plain urn:a:b", "tab\there", "cr\rlf\n", `back\slash`, "#comment-like", "nul\x00and\xffbad", "é ü ‘quoted’"} {
		e := Escape(s)
		for i := 0; i < len(e); i++ {
			if e[i] == '\t' || e[i] == '\r' || e[i] == '\n' {
				t.Errorf("Escape(%q) = %q holds a separator", s, e)
			}
		}
		if len(e) > 0 && e[0] == '#' {
			t.Errorf("Escape(%q) = %q starts like a comment", s, e)
		}
		got, err := Unescape(e)
		if err != nil || got != s {
			t.Errorf("Unescape(Escape(%q)) = %q, %v", s, got, err)
		}
	}
	for _, bad := range []string{`a\`, `\x4`, `\q`} {
		if _, err := Unescape(bad); err == nil {
			t.Errorf("Unescape(%q): no error", bad)
		}
	}
}
