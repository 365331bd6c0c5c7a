package urn

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ruletest"
)

// Parse returns *Error carrying the first (leftmost) error-level finding,
// and nil when only warnings or infos apply.
func TestParseError(t *testing.T) {
	for _, c := range []struct {
		spec, profile, in string
		rule              *rules.Rule // nil: valid
		start             int
	}{
		{"rfc8141 §2", RFC8141, "isbn:0451450523", NotURN, 0},
		{"rfc8141 §2", RFC8141, "urn:isbn", MissingNIDDelimiter, 4},
		{"rfc8141 §2: NID error comes before the escape error", RFC8141, "urn:a_b:%zz", NIDSyntax, 5},
		{"rfc8141 §2: the leftmost of two errors", RFC8141, "urn:example:a b%zz", InvalidChar, 13},
		{"rfc8141 §2: the leftmost of two errors", RFC8141, "urn:example:a%zzb c", BadPercent, 13},
		{"rfc8141 §2", RFC8141, "urn:example:", EmptyNSS, 12},
		{"rfc8141 §2", RFC8141, "urn:example:a?=", EmptyComponent, 13},
		{"rfc8141 §2", RFC8141, "urn:example:a?b", BareQuestionMark, 13},
		{"rfc2141 §2.1", RFC2141, "urn:urn:x", NIDReserved, 4},
		{"rfc2141 §2.4", RFC2141, "urn:example:a~b", InvalidChar, 13},
		{"rfc2141 §2.4", RFC2141, "urn:example:a%00", NULOctet, 13},
		{"rfc2141bis-03 §2.5.1", RFC2141bis03, "urn:example:a/b", ReservedChar, 13},
		{"rfc2141bis-03 §2.3", RFC2141bis03, "urn:example:a?s=I2L&s=I2R", DuplicateKeyword, 20},
		{"rfc2141bis-03 §2.3", RFC2141bis03, "urn:example:a?s", QuerySyntax, 14},
		// valid: warnings and infos only
		{"rfc8141 §5.1", RFC8141, "urn:urn:x", nil, 0},
		{"rfc8141 §2.3.1", RFC8141, "urn:example:a?+r", nil, 0},
		{"rfc8141 §2.2", RFC8141, "urn:example:caf%E9", nil, 0},
		{"rfc8141 §3.2", RFC8141, "URN:EXAMPLE:a123%2cz456", nil, 0},
		{"rfc2141 §2.3.2", RFC2141, "urn:example:a/b?c#d", nil, 0},
		{"rfc2141bis-03 §2.3, §2.4", RFC2141bis03, "urn:example:a?s=x#f", nil, 0},
	} {
		u, err := Parse(c.in, c.profile)
		if c.rule == nil {
			if err != nil {
				t.Errorf("%s: Parse(%q, %s) = %v, want nil", c.spec, c.in, c.profile, err)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: Parse(%q, %s) = %v (%T), want *Error", c.spec, c.in, c.profile, err, err)
			continue
		}
		if e.Input != c.in || e.Finding.Rule != c.rule || e.Finding.Severity != rules.Error || e.Finding.Start != c.start {
			t.Errorf("%s: Parse(%q, %s): %s %s at %d, want %s at %d", c.spec, c.in, c.profile, e.Finding.Rule.ID, e.Finding.Severity, e.Finding.Start, c.rule.ID, c.start)
		}
		if !strings.Contains(e.Error(), c.rule.ID) || !strings.Contains(e.Error(), c.in) {
			t.Errorf("Error() = %q lacks rule ID or input", e.Error())
		}
		// the citation is the profile's own document
		if e.Profile != c.profile || !strings.Contains(e.Error(), c.rule.SpecFor(c.profile)) {
			t.Errorf("Error() = %q under %s: want citation %q", e.Error(), c.profile, c.rule.SpecFor(c.profile))
		}
		// the same first error as Lint reports
		_, fs := Lint(c.in, c.profile, Options{MinSeverity: rules.Info})
		for _, f := range fs {
			if f.Severity == rules.Error {
				if f != e.Finding {
					t.Errorf("%q: Parse error %+v, Lint's first error %+v", c.in, e.Finding, f)
				}
				break
			}
		}
		if u.String() != c.in {
			t.Errorf("Parse returned URN of %q for %q", u.String(), c.in)
		}
	}
}

// Components as each document splits them.
func TestParseComponents(t *testing.T) {
	for _, c := range []struct {
		spec, profile, in string
		want              URN
	}{
		{"rfc8141 §2", RFC8141, "urn:example:a123,z456?+abc?=xyz#789",
			URN{Scheme: "urn", NID: "example", NSS: "a123,z456", RComponent: "abc", Query: "xyz", Fragment: "789", HasR: true, HasQuery: true, HasFragment: true}},
		{"rfc8141 §2.3.2: ?+ after ?= is q-component data", RFC8141, "urn:example:a?=b?+c#d",
			URN{Scheme: "urn", NID: "example", NSS: "a", Query: "b?+c", Fragment: "d", HasQuery: true, HasFragment: true}},
		{"rfc8141 §2.3.3: empty f-component", RFC8141, "URN:Example:1/2#",
			URN{Scheme: "URN", NID: "Example", NSS: "1/2", HasFragment: true}},
		{"rfc8141 §2.3.1: r-component ends at #", RFC8141, "urn:example:a?+b?c#d?=e",
			URN{Scheme: "urn", NID: "example", NSS: "a", RComponent: "b?c", Fragment: "d?=e", HasR: true, HasFragment: true}},
		{"rfc2141bis-03 §2, §2.3", RFC2141bis03, "urn:isbn:0451450523?s=I2L&c=ToC#p",
			URN{Scheme: "urn", NID: "isbn", NSS: "0451450523", Query: "s=I2L&c=ToC", Fragment: "p", HasQuery: true, HasFragment: true,
				Directives: []Directive{{"s", "I2L"}, {"c", "ToC"}}}},
		{"rfc2141bis-03 §2.3: value may hold \"=\"", RFC2141bis03, "urn:example:a?c=x=y",
			URN{Scheme: "urn", NID: "example", NSS: "a", Query: "c=x=y", HasQuery: true, Directives: []Directive{{"c", "x=y"}}}},
		{"rfc2141 §2.3.2: ? and # are reserved NSS characters", RFC2141, "urn:example:a?b#c",
			URN{Scheme: "urn", NID: "example", NSS: "a?b#c"}},
	} {
		u, _ := Lint(c.in, c.profile, Options{})
		c.want.Profile = c.profile
		got := URN{Profile: u.Profile, Scheme: u.Scheme, NID: u.NID, NSS: u.NSS, RComponent: u.RComponent, Query: u.Query,
			Fragment: u.Fragment, HasR: u.HasR, HasQuery: u.HasQuery, HasFragment: u.HasFragment, Directives: u.Directives}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %q:\n got %+v\nwant %+v", c.spec, c.in, got, c.want)
		}
	}
}

// Namespace is the lower-cased NID (rfc8141 §2.1: NIDs are case insensitive).
func TestNamespace(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"urn:ISBN:1", "isbn"}, {"urn:Example:a", "example"}, {"isbn:1", ""},
	} {
		u, _ := Lint(c.in, RFC8141, Options{})
		if got := u.Namespace(); got != c.want {
			t.Errorf("Namespace(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// MinSeverity drops the findings below it.
func TestMinSeverity(t *testing.T) {
	const in = "URN:mycompany:a?b" // URN030 info, URN025 info, URN011 error
	for _, c := range []struct {
		min  rules.Severity
		want []string
	}{
		{rules.Info, []string{"URN011", "URN025", "URN030"}},
		{rules.Warning, []string{"URN011"}},
		{rules.Error, []string{"URN011"}},
	} {
		_, fs := Lint(in, RFC8141, Options{MinSeverity: c.min})
		got := ruletest.SortedKeys(ruletest.Found(fs))
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("MinSeverity %s: %v, want %v", c.min, got, c.want)
		}
	}
}

// A megabyte of garbage yields a bounded number of findings.
func TestFindingsBounded(t *testing.T) {
	in := "urn:example:" + strings.Repeat("a b[%zz", 100000)
	_, fs := Lint(in, RFC8141, Options{MinSeverity: rules.Info})
	if len(fs) > 8*len(Catalog) {
		t.Errorf("%d findings", len(fs))
	}
	ruletest.CheckFindings(t, Catalog, in, RFC8141, fs)
}

// The error cites the document of the profile parsed under: "~" is
// excluded by rfc2141 §2.4, a rule rfc8141 §2 does not have.
func TestParseErrorCitation(t *testing.T) {
	_, err := Parse("urn:example:a~b", RFC2141)
	if err == nil || !strings.Contains(err.Error(), "rfc2141 §2.4") || strings.Contains(err.Error(), "rfc8141") {
		t.Errorf("Parse(urn:example:a~b, rfc2141) = %v, want a citation of rfc2141 §2.4", err)
	}
	_, err = Parse("urn:example:a/b", RFC2141bis03)
	if err == nil || !strings.Contains(err.Error(), "rfc2141bis-03 §2.5.1") {
		t.Errorf("Parse(urn:example:a/b, rfc2141bis-03) = %v, want a citation of rfc2141bis-03 §2.5.1", err)
	}
}
