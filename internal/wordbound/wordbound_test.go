package wordbound

import "testing"

func TestBefore(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"", false},
		{" ", false},
		{"(", false},
		{"abc", true},
		{"x9", true},
		{"a+", true},
		{"a-", true},
		{"a.", true},
		{"/", false},
		{"invà", true},    // a letter of any script
		{"e\u0301", true}, // a combining mark
		{"a\u00a0", false},
		{"中", true},
	} {
		if got := Before([]byte(tc.text)); got != tc.want {
			t.Errorf("Before(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
