package xri

import (
	"slices"
	"testing"

	"github.com/idlint/idlint/rules"
)

// TestSafeFixesConverge: the safe fixes of an identifier, applied until
// none is offered, reach the expected text in a few rounds and keep the
// key (issue 20 §5); a fix that would leave the text as it is is never
// offered. Hex digits of escapes are upper case in canonical form
// (xri-1.0-rc2 §2.2.4.1, §2.4.5 Table 3; xri-2.0 takes rfc3986 §2.1,
// §6.2.2.1): lower-casing the authority (XRI031) leaves them alone, so it
// does not undo XRI025.
func TestSafeFixesConverge(t *testing.T) {
	for _, tc := range []struct {
		spec, in, profile, want string
	}{
		// fuzz crasher lint/testdata/fuzz/FuzzSafeFixKeepsKey/be56d0fb6a6058e8:
		// XRI025 wrote %5A, XRI031 lowered it back to %5a, forever.
		{"rc2 §2.2.4.1; §2.4.5 Table 3", "xri:@Ө%5a0", RC2, "xri:@Өz0"},
		{"rc2 §2.2.4.1; §2.4.5 Table 3", "xri:@Ex%2fA", RC2, "xri:@ex%2Fa"},
		{"rc2 §2.4.5 Table 3", "XRI:@EXAMPLE", RC2, "xri:@example"},
		{"xri-2.0 ABNF; rfc3986 §2.1, §6.2.2.1", "xri://WWW.Ex%2fample.com/", V2, "xri://www.ex%2Fample.com/"},
		{"xri-2.0 ABNF; rfc3986 §2.1, §6.2.2.1", "xri://Ex%5a.com/", V2, "xri://exz.com/"},
	} {
		key := keyOf(tc.in, tc.profile)
		id, rounds := tc.in, 0
		for ; rounds < 10; rounds++ {
			es := safeFixes(t, id, tc.profile)
			if len(es) == 0 {
				break
			}
			id = applyFixes(id, es)
		}
		if rounds == 10 {
			t.Errorf("%s: safe fixes of %q under %s do not converge (%q)", tc.spec, tc.in, tc.profile, id)
		}
		if id != tc.want {
			t.Errorf("%s: safe fixes of %q under %s give %q, want %q", tc.spec, tc.in, tc.profile, id, tc.want)
		}
		if k := keyOf(id, tc.profile); k != key {
			t.Errorf("%s: safe fixes of %q under %s changed the key %q → %q", tc.spec, tc.in, tc.profile, key, k)
		}
	}
}

// safeFixes returns the safe fixes Lint's findings of id carry, checking
// that each changes the text.
func safeFixes(t *testing.T, id, profile string) []rules.Edit {
	t.Helper()
	_, fs := Lint(id, profile, Options{MinSeverity: rules.Info})
	var es []rules.Edit
	for i := range fs {
		e := rules.FixFor(id, profile, &fs[i])
		if e == nil || !e.Safe {
			continue
		}
		if id[e.Start:e.End] == e.New {
			t.Errorf("%q: %s offers a fix that changes nothing", id, fs[i].Rule.ID)
			continue
		}
		es = append(es, *e)
	}
	return es
}

// applyFixes applies the edits that overlap none taken before, in order
// of Start, End, New (as lint.ApplyEdits does).
func applyFixes(id string, es []rules.Edit) string {
	slices.SortFunc(es, func(a, b rules.Edit) int {
		if a.Start != b.Start {
			return a.Start - b.Start
		}
		if a.End != b.End {
			return a.End - b.End
		}
		if a.New < b.New {
			return -1
		}
		if a.New > b.New {
			return 1
		}
		return 0
	})
	out, pos, prev := "", 0, -1
	for _, e := range es {
		if e.Start < pos || e.Start == prev {
			continue
		}
		out += id[pos:e.Start] + e.New
		pos, prev = e.End, e.Start
	}
	return out + id[pos:]
}
