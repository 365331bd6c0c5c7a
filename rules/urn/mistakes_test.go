package urn

import (
	"errors"
	"strings"
	"testing"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ruletest"
)

// Mistakes another URN parser made, which this one must not repeat.

// "%zz" is not an escape: pct-encoded = "%" HEXDIG HEXDIG (rfc8141 §2 via
// rfc3986 §2.1; rfc2141 §2.3.1; rfc2141bis-03 §2.5.2).
func TestMistakeBadEscape(t *testing.T) {
	for _, p := range Profiles {
		for _, in := range []string{"urn:example:a%zz", "urn:example:%zz", "urn:example:a%z1", "urn:example:a%1z"} {
			_, fs := Lint(in, p, Options{MinSeverity: rules.Info})
			if got := ruletest.Found(fs)[BadPercent.ID]; len(got) == 0 || got[0] != rules.Error {
				t.Errorf("%s: %q: want URN006 error, got\n\t%s", p, in, ruletest.Describe(fs))
			}
			_, err := Parse(in, p)
			var e *Error
			if !errors.As(err, &e) || e.Finding.Rule != BadPercent {
				t.Errorf("%s: Parse(%q) = %v, want *Error for URN006", p, in, err)
			}
		}
	}
}

// The NID "urn" is reserved: MUST NOT be used under rfc2141 §2.1 and
// rfc2141bis-03 §2.1; rfc8141's grammar admits it (a warning there).
func TestMistakeURNasNID(t *testing.T) {
	want := map[string]rules.Severity{RFC2141: rules.Error, RFC2141bis03: rules.Error, RFC8141: rules.Warning}
	for _, p := range Profiles {
		_, fs := Lint("urn:urn:x", p, Options{MinSeverity: rules.Info})
		got := ruletest.Found(fs)[NIDReserved.ID]
		if len(got) != 1 || got[0] != want[p] {
			t.Errorf("%s: urn:urn:x: URN004 %v, want one %s", p, got, want[p])
		}
		_, err := Parse("urn:urn:x", p)
		if (err != nil) != (want[p] == rules.Error) {
			t.Errorf("%s: Parse(urn:urn:x) = %v", p, err)
		}
	}
}

// rfc8141 §2: a "?" not followed by "+" or "=" SHOULD be a syntax error.
func TestMistakeBareQuestionMark(t *testing.T) {
	_, err := Parse("urn:ab:a?b", RFC8141)
	var e *Error
	if !errors.As(err, &e) || e.Finding.Rule != BareQuestionMark || e.Finding.Severity != rules.Error {
		t.Fatalf("Parse(urn:ab:a?b) = %v, want URN011 error", err)
	}
	// the "?" is at offset 8
	if e.Finding.Start != 8 || e.Finding.End != 9 {
		t.Errorf("URN011 span [%d:%d], want [8:9]", e.Finding.Start, e.Finding.End)
	}
}

// rfc8141 §2.3.1: the r-component runs to "?=", "#" or the end, and may
// contain "?" and "+": "urn:ex:a?+a?+" has r-component "a?+".
func TestMistakeRComponent(t *testing.T) {
	const in = "urn:ex:a?+a?+"
	u, fs := Lint(in, RFC8141, Options{MinSeverity: rules.Info})
	for _, f := range fs {
		if f.Severity == rules.Error {
			t.Errorf("%q: error finding %s: %s", in, f.Rule.ID, f.Message)
		}
	}
	if !u.HasR || u.RComponent != "a?+" || u.NSS != "a" || u.NID != "ex" || u.HasQuery || u.HasFragment {
		t.Errorf("%q: NID %q NSS %q r %v %q q %v f %v", in, u.NID, u.NSS, u.HasR, u.RComponent, u.HasQuery, u.HasFragment)
	}
	if _, err := Parse(in, RFC8141); err != nil {
		t.Errorf("Parse(%q) = %v, want nil", in, err)
	}
	if k := u.Key(); k != "urn:ex:a" {
		t.Errorf("Key(%q) = %q, want urn:ex:a (rfc8141 §3.1 ignores the r-component)", in, k)
	}
}

// Parsing never writes into its input, and every string field of URN is a
// substring of it (the package contract), not a copy.
func TestMistakeInputUntouched(t *testing.T) {
	inputs := []string{
		"URN:EXAMPLE:a123%2cz456?+R%2c?=Q%2c#F%2c",
		"urn:example:a?s=I2L&c=ToC#frag",
		"URN:FOO:a123%2c456",
		"urn:ex:a?+a?+",
		"urn:isbn",
		"isbn:0451450523",
		"urn:example:a%zz",
	}
	for _, p := range Profiles {
		for _, orig := range inputs {
			in := strings.Clone(orig)
			u, _ := Lint(in, p, Options{MinSeverity: rules.Info})
			_ = u.Canonical()
			_ = u.Key()
			if in != orig {
				t.Fatalf("%s: input changed: %q -> %q", p, orig, in)
			}
			fields := map[string]string{
				"Scheme": u.Scheme, "NID": u.NID, "NSS": u.NSS, "RComponent": u.RComponent,
				"Query": u.Query, "Fragment": u.Fragment, "String()": u.String(),
			}
			for _, d := range u.Directives {
				fields["Keyword "+d.Keyword] = d.Keyword
				fields["Value "+d.Value] = d.Value
			}
			for name, v := range fields {
				if !ruletest.Within(v, in) {
					t.Errorf("%s: %q: %s %q is not a substring of the input", p, in, name, v)
				}
			}
			if u.String() != orig {
				t.Errorf("%s: String() = %q, want the input", p, u.String())
			}
			// A canonical input is returned as is, with no copy.
			if c := u.Canonical(); c == in && !ruletest.Within(c, in) {
				t.Errorf("%s: %q: canonical form equals the input but is a copy", p, in)
			}
		}
	}
}

// Canonical upper-cases %-hex and lower-cases the scheme and NID (rfc8141
// §3.1; rfc2141 §5 and rfc2141bis-03 §5 leave the choice of case open,
// this package documents upper-case hex and lower-case names), in every
// profile, and never decodes or touches the NSS letters.
func TestMistakeCanonicalCase(t *testing.T) {
	for _, p := range Profiles {
		for _, c := range []struct{ in, want string }{
			{"URN:EXAMPLE:a%2cb", "urn:example:a%2Cb"},
			{"Urn:Example:AbC%7e%7E", "urn:example:AbC%7E%7E"},
			{"urn:example:a%2Cb", "urn:example:a%2Cb"},
			{"urn:example:%61", "urn:example:%61"},
			{"urn:example:a%zz%ab", "urn:example:a%zz%AB"},
		} {
			u, _ := Lint(c.in, p, Options{})
			if got := u.Canonical(); got != c.want {
				t.Errorf("%s: Canonical(%q) = %q, want %q", p, c.in, got, c.want)
			}
		}
	}
}

// rfc8141 §3.1: r-, q- and f-components MUST be ignored for equivalence.
func TestMistakeKeysDropComponents(t *testing.T) {
	for _, in := range []string{
		"urn:example:a", "urn:example:a?+r", "urn:example:a?=q", "urn:example:a#f",
		"urn:example:a?+r?=q#f", "URN:EXAMPLE:a?+R%2c?=Q%2c#F%2c", "urn:example:a?=q?+r",
	} {
		u, err := Parse(in, RFC8141)
		if err != nil {
			t.Errorf("Parse(%q): %v", in, err)
		}
		if k := u.Key(); k != "urn:example:a" {
			t.Errorf("rfc8141 Key(%q) = %q, want urn:example:a", in, k)
		}
	}
}
