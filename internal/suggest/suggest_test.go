package suggest

import "testing"

// issue 20 §8: "did you mean" for mistyped commands, flags and rule IDs.
func TestClosest(t *testing.T) {
	commands := []string{"parse", "scan", "check", "rules", "merge", "demo", "version", "help"}
	flags := []string{"profile", "severity", "ignore", "format", "report", "run-id", "shard", "min-severity", "j", "quiet", "color"}
	ids := []string{"URN001", "URN006", "URN011", "XRI001", "GO005", "bad-percent-encoding", "invalid-char"}
	for _, tc := range []struct {
		why, word  string
		candidates []string
		want       string
		ok         bool
	}{
		{"command, one letter dropped", "chek", commands, "check", true},
		{"command, transposition", "cehck", commands, "check", true},
		{"command, one letter changed", "scna", commands, "scan", true},
		{"command, unique prefix", "ver", commands, "version", true},
		{"command, ambiguous prefix", "r", commands, "", false},
		{"command, nothing close", "frobnicate", commands, "", false},
		{"flag, transposition", "fromat", flags, "format", true},
		{"flag, two edits in a long word", "min-severty", flags, "min-severity", true},
		{"flag, case", "Format", flags, "format", true},
		{"flag, too short to guess", "x", flags, "", false},
		{"rule ID, O for 0", "URN0O6", ids, "URN006", true},
		{"rule ID, lower case", "urn06", ids, "URN006", true},
		{"rule name, typo", "bad-percent-encodng", ids, "bad-percent-encoding", true},
		{"rule ID, far", "ABC999", ids, "", false},
		{"empty word", "", commands, "", false},
		{"no candidates", "check", nil, "", false},
		{"non-ASCII counts runes", "chéck", commands, "check", true},
	} {
		got, ok := Closest(tc.word, tc.candidates)
		if got != tc.want || ok != tc.ok {
			t.Errorf("%s: Closest(%q) = %q, %v; want %q, %v", tc.why, tc.word, got, ok, tc.want, tc.ok)
		}
	}
}

// The first of equally close candidates wins (deterministic output).
func TestClosestTie(t *testing.T) {
	if got, _ := Closest("cat", []string{"bat", "car"}); got != "bat" {
		t.Errorf("tie: got %q, want the first, bat", got)
	}
}

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"a", "", 1}, {"abc", "abc", 0}, {"ab", "ba", 1},
		{"kitten", "sitting", 3}, {"ca", "abc", 3}, // OSA, not full Damerau: 3
	} {
		if got := distance(tc.a, tc.b, 100); got != tc.want {
			t.Errorf("distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

func FuzzClosest(f *testing.F) {
	f.Add("chek", "check")
	f.Fuzz(func(t *testing.T, w, c string) {
		got, ok := Closest(w, []string{c})
		if ok && got != c {
			t.Errorf("Closest(%q, [%q]) = %q", w, c, got)
		}
		if d := distance(w, c, 1<<20); d != distance(c, w, 1<<20) {
			t.Errorf("distance not symmetric for %q, %q", w, c)
		}
	})
}
