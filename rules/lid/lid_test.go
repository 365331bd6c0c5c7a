package lid

import (
	"errors"
	"strings"
	"testing"

	"github.com/idlint/idlint/rules"
)

// lid-00 §2: the three examples, and what the description permits.
func TestDescriptionExamples(t *testing.T) {
	runCases(t, []lintCase{
		{Spec: "lid-00 §2 example", In: "lid://xyz.com/myshow/episode100/george.html", Want: ""},
		{Spec: "lid-00 §2 example", In: "lid://specials.news.com/logos/daisy.jpg", Want: ""},
		{Spec: "lid-00 §2 example", In: "lid://unique2345@blahblah.com/rootpage.html?name=zella#bday", Want: ""},
		{Spec: "lid-00 §2 {3.2.1}: userinfo and port permitted", In: "lid://unique2345@blahblah.com:8080/rootpage.html", Want: ""},
		{Spec: "lid-00 §2 {3.4}: query permitted", In: "lid://xyz.com/search?q=a/b?c:d@e&f=g+h$i,j;k", Want: ""},
		{Spec: "lid-00 §2 {4.1}: fragment permitted", In: "lid://xyz.com/page.html#sec-2/a?b", Want: ""},
		{Spec: "lid-00 §2 {3.2.2}: the authority must be a name, not an IPv4 address", In: "lid://192.0.2.7/logos/daisy.jpg", Want: "LID005"},
		{Spec: "lid-00 §2 {3.2.2}: a numeric identifier is not permissible", In: "lid://2345/page.html", Want: "LID005"},
		{Spec: "lid-00 §2 {3.2.2}: numeric with trailing dot", In: "lid://10.0.0.1./x", Want: "LID005"},
	})
}

// lid-00 Appendix A: the collected BNF.
func TestAppendixA(t *testing.T) {
	runCases(t, []lintCase{
		// lidURI = "lid://" authority [ "/" [ path_segments ] ] [ "?" query ] [ "#" fragment ]
		{Spec: "App. A lidURI: authority only", In: "lid://xyz.com", Want: ""},
		{Spec: "App. A lidURI: empty path_segments", In: "lid://xyz.com/", Want: ""},
		{Spec: "App. A lidURI: query without path", In: "lid://xyz.com?x=1", Want: ""},
		{Spec: "App. A lidURI: fragment without path", In: "lid://xyz.com#top", Want: ""},
		{Spec: "App. A lidURI: empty query and fragment", In: "lid://xyz.com/a?#", Want: ""},
		{Spec: "App. A lidURI: scheme is case-insensitive (rfc2396 §3.1)", In: "LID://xyz.com/a", Want: "LID020"},
		{Spec: "App. A lidURI: no //", In: "lid:/logos/daisy.jpg", Want: "LID002"},
		{Spec: "App. A lidURI: nothing after lid:", In: "lid:", Want: "LID002"},
		// authority = [ userinfo "@" ] hostname [ ":" port ]
		{Spec: "App. A authority: hostname required", In: "lid:///myshow/george.html", Want: "LID004"},
		{Spec: "App. A authority: hostname required after userinfo", In: "lid://unique2345@/rootpage.html", Want: "LID004"},
		{Spec: "App. A authority: hostname required before port", In: "lid://:80/x", Want: "LID004"},
		// userinfo = *( unreserved | escaped | ";" | ":" | "&" | "=" | "+" | "$" | "," )
		{Spec: "App. A userinfo: all its characters", In: "lid://a-_.!~*'();&=+$,%41z@xyz.com/", Want: "LID022"},
		{Spec: "App. A userinfo: empty", In: "lid://@xyz.com/", Want: ""},
		{Spec: "App. A userinfo: '@' is not a userinfo character", In: "lid://a@b@xyz.com/", Want: "LID010"},
		{Spec: "rfc2396 §3.2: '/' ends the authority; '@' is a pchar", In: "lid://a/b@xyz.com", Want: ""},
		{Spec: "rfc2396 §3.2.2: user:password NOT RECOMMENDED", In: "lid://viewer:secret@xyz.com/x", Want: "LID011"},
		// hostname = *( domainlabel "." ) toplabel [ "." ]
		{Spec: "App. A hostname: single toplabel", In: "lid://localhost/x", Want: ""},
		{Spec: "App. A hostname: trailing dot", In: "lid://xyz.com./x", Want: ""},
		{Spec: "App. A domainlabel: inner hyphens, digits", In: "lid://a-1.9x.b--c.com/x", Want: ""},
		{Spec: "App. A domainlabel: single alphanum", In: "lid://a.b.c/x", Want: ""},
		{Spec: "App. A domainlabel: no leading hyphen", In: "lid://-xyz.com/x", Want: "LID006"},
		{Spec: "App. A domainlabel: no trailing hyphen", In: "lid://xyz-.com/x", Want: "LID006"},
		{Spec: "App. A hostname: no empty label", In: "lid://xyz..com/x", Want: "LID006"},
		{Spec: "App. A hostname: no leading dot", In: "lid://.xyz.com/x", Want: "LID006"},
		{Spec: "App. A hostname: '.' alone", In: "lid://./x", Want: "LID006"},
		{Spec: "App. A toplabel: starts with alpha", In: "lid://xyz.1com/x", Want: "LID006"},
		{Spec: "App. A hostname: no underscore", In: "lid://my_show.example/x", Want: "LID006"},
		{Spec: "App. A hostname: no escapes", In: "lid://xyz%2Ecom/x", Want: "LID006"},
		{Spec: "App. A hostname: no IPv6 literal (rfc2396 §3.2.2)", In: "lid://[::1]/x", Want: "LID006"},
		{Spec: "App. A hostname: no non-ASCII (no IRIs)", In: "lid://bücher.example/x", Want: "LID006"},
		{Spec: "rfc2396 §3.2.2 → rfc1034 §3.1: label ≤ 63", In: "lid://" + strings.Repeat("a", 64) + ".com/x", Want: "LID007"},
		{Spec: "rfc2396 §3.2.2 → rfc1034 §3.1: name ≤ 255", In: "lid://" + strings.Repeat("abcdefghi.", 26) + "com/x", Want: "LID007"},
		{Spec: "App. A hostname: upper case is non-canonical", In: "lid://XYZ.com/x", Want: "LID020"},
		// port = *digit
		{Spec: "App. A port: digits", In: "lid://xyz.com:8080/x", Want: ""},
		{Spec: "App. A port: empty", In: "lid://xyz.com:/x", Want: "LID023"},
		{Spec: "App. A port: not digits", In: "lid://xyz.com:http/x", Want: "LID008"},
		{Spec: "App. A port: second colon", In: "lid://xyz.com:80:81/x", Want: "LID008"},
		// path_segments = segment *( "/" segment ); segment = *pchar *( ";" param )
		{Spec: "App. A segment: params", In: "lid://xyz.com/a;p=1;q/b;x=y/c", Want: ""},
		{Spec: "App. A pchar: : @ & = + $ ,", In: "lid://xyz.com/a:b@c&d=e+f$g,h", Want: ""},
		{Spec: "App. A pchar: marks", In: "lid://xyz.com/-_.!~*'()", Want: ""},
		{Spec: "App. A path_segments: empty segments", In: "lid://xyz.com//a//", Want: ""},
		{Spec: "App. A pchar: space excluded (rfc2396 §2.4.3)", In: "lid://xyz.com/my show.html", Want: "LID010"},
		{Spec: "App. A pchar: delims excluded", In: "lid://xyz.com/<a>\"", Want: "LID010"},
		{Spec: "App. A pchar: unwise excluded", In: "lid://xyz.com/{a}|\\^`", Want: "LID010"},
		{Spec: "App. A pchar: [ ] excluded", In: "lid://xyz.com/a[1]", Want: "LID010"},
		{Spec: "App. A pchar: non-ASCII excluded", In: "lid://xyz.com/café", Want: "LID010"},
		{Spec: "App. A pchar: controls excluded", In: "lid://xyz.com/a\tb", Want: "LID010"},
		// query = *uric; fragment = *uric
		{Spec: "App. A query: '#' ends it", In: "lid://xyz.com/a?b#c", Want: ""},
		{Spec: "App. A query: space excluded", In: "lid://xyz.com/a?b c", Want: "LID010"},
		{Spec: "App. A fragment: a second '#' is not uric", In: "lid://xyz.com/a#b#c", Want: "LID010"},
		{Spec: "App. A fragment: '?' and '/' are uric", In: "lid://xyz.com/a#b?c/d", Want: ""},
		// escaped = "%" hex hex
		{Spec: "App. A escaped", In: "lid://xyz.com/a%20b%C3%A9", Want: ""},
		{Spec: "App. A escaped: lone %", In: "lid://xyz.com/100%", Want: "LID009"},
		{Spec: "App. A escaped: non-hex", In: "lid://xyz.com/a%zz", Want: "LID009"},
		{Spec: "App. A escaped: one hex digit", In: "lid://xyz.com/a%4", Want: "LID009"},
		{Spec: "App. A escaped: in query", In: "lid://xyz.com/a?%G1", Want: "LID009"},
		{Spec: "rfc2396 §2.4.1: lower-case hex", In: "lid://xyz.com/a%2cb", Want: "LID021"},
		{Spec: "rfc2396 §2.3: escaped unreserved", In: "lid://xyz.com/%7Euser/george%2Ehtml", Want: "LID022"},
		{Spec: "rfc2396 §2.3: escaped reserved is needed", In: "lid://xyz.com/a%2Fb%3Fc", Want: ""},
	})
}

// lid-00 §2 {1.4}: "." and ".." have their accustomed meanings.
func TestDotSegments(t *testing.T) {
	runCases(t, []lintCase{
		{Spec: "lid-00 §2 {1.4}", In: "lid://xyz.com/myshow/./episode100/../logo.jpg", Want: "LID012"},
		{Spec: "lid-00 §2 {1.4}", In: "lid://xyz.com/a/.", Want: "LID012"},
		{Spec: "lid-00 §2 {1.4}", In: "lid://xyz.com/a/..", Want: "LID012"},
		{Spec: "rfc2396 §5.2 6g", In: "lid://xyz.com/../logos/daisy.jpg", Want: "LID013"},
		{Spec: "rfc2396 §5.2 6g", In: "lid://xyz.com/a/../../g", Want: "LID012 LID013"},
		{Spec: "rfc2396 Appendix C.2: not complete segments", In: "lid://xyz.com/g./.g/g../..g", Want: ""},
		{Spec: "rfc2396 §3.3: ..;p is not a dot segment", In: "lid://xyz.com/a/..;p/b", Want: ""},
		{Spec: "query is not path", In: "lid://xyz.com/a?b/../c", Want: ""},
	})
}

// The newer lid: scheme (IANA provisional 2023; 2025 draft).
func TestOpaqueLID(t *testing.T) {
	runCases(t, []lintCase{
		{Spec: "IANA lid (IS4): hostless form", In: "lid:rdfs:label/Person@en", Want: "LID003"},
		{Spec: "2025 draft: opaque id", In: "lid:Ab3xZ9", Want: "LID003"},
		{Spec: "opaque: not checked against lid-00", In: "lid:a b%zz", Want: "LID003"},
		{Spec: "opaque: numeric", In: "lid:77", Want: "LID003"},
	})
	u, _ := Lint("lid:Ab3xZ9#frag", LID00, Options{})
	if u.Form != FormOpaque || u.Opaque != "Ab3xZ9" || u.Fragment != "frag" {
		t.Errorf("opaque parse: %+v", u)
	}
}

// TestAuto: the default profile lints each lid: under the scheme its
// shape says, and the result names it; lid-00 alone rejects opaque ids.
func TestAuto(t *testing.T) {
	c := &Checker{}
	for _, tc := range []struct {
		spec, in, profile, want string // want: finding IDs under auto
		valid                   bool
	}{
		{"lid-00 Appendix A lidURI", "lid://xyz.com/a", LID00, "", true},
		{"lid-00 Appendix A: a path needs an authority", "lid:/logos/daisy.jpg", LID00, "LID002", false},
		{"lid-00 Appendix A: nothing after the colon", "lid:", LID00, "LID002", false},
		{"IANA lid (IS4): hostless form", "lid:rdfs:label/Person@en", Opaque, "", true},
		{"2025 draft: opaque id", "lid:Ab3xZ9", Opaque, "", true},
		{"2025 draft: opaque id, not checked", "lid:a b%zz", Opaque, "", true},
	} {
		r := c.Check(tc.in, DefaultProfile)
		var got []string
		for _, f := range r.Findings {
			got = append(got, f.Rule.ID)
		}
		if r.Profile != tc.profile || strings.Join(got, " ") != tc.want || r.Valid() != tc.valid {
			t.Errorf("%s %q under auto: profile %s findings %v valid %v; want %s %q %v", tc.spec, tc.in, r.Profile, got, r.Valid(), tc.profile, tc.want, tc.valid)
		}
		// an explicit lid-00 rejects what only the other scheme reads
		if s := c.Check(tc.in, LID00); tc.profile == Opaque && (s.Valid() || s.Profile != LID00) {
			t.Errorf("%s %q under lid-00: valid %v profile %s, want an error", tc.spec, tc.in, s.Valid(), s.Profile)
		}
		// the key does not depend on the profile
		if s := c.Check(tc.in, tc.profile); s.Key != r.Key {
			t.Errorf("%s %q: key %q under %s, %q under auto", tc.spec, tc.in, s.Key, tc.profile, r.Key)
		}
	}
}

func TestNotLID(t *testing.T) {
	runCases(t, []lintCase{
		{Spec: "App. A", In: "xyz.com/myshow", Want: "LID001"},
		{Spec: "App. A", In: "", Want: "LID001"},
		{Spec: "App. A", In: "li", Want: "LID001"},
	})
}

func TestParseComponents(t *testing.T) {
	u, err := Parse("lid://unique2345@BlahBlah.com:99/a/b;p?name=zella#bday", LID00)
	if err != nil {
		t.Fatal(err)
	}
	want := LID{Profile: LID00, Form: FormHier, Scheme: "lid", Userinfo: "unique2345", HasUserinfo: true,
		Host: "BlahBlah.com", Port: "99", HasPort: true, Path: "/a/b;p", Query: "name=zella", HasQuery: true,
		Fragment: "bday", HasFragment: true}
	want.raw, want.hostOK = u.raw, true
	if u != want {
		t.Errorf("Parse:\n got %+v\nwant %+v", u, want)
	}
	_, err = Parse("lid://192.0.2.1/x", LID00)
	var e *Error
	if !errors.As(err, &e) || e.Finding.Rule != NumericHost {
		t.Fatalf("Parse(numeric host) = %v, want *Error with LID005", err)
	}
	if !strings.Contains(err.Error(), "LID005") || !strings.Contains(err.Error(), "lid-00 §2 {3.2.2}") {
		t.Errorf("error text %q lacks rule and citation", err)
	}
	if _, err := Parse("lid://xyz.com/%7e", LID00); err != nil {
		t.Errorf("info findings must not fail Parse: %v", err)
	}
}

// Findings are bounded per rule, so garbage yields a handful of lines.
func TestFindingsBounded(t *testing.T) {
	_, fs := Lint("lid://xyz.com/"+strings.Repeat(" %", 10000), LID00, Options{})
	if len(fs) > 2*rules.MaxFindingsPerRule {
		t.Errorf("%d findings for a long bad path; want at most %d", len(fs), 2*rules.MaxFindingsPerRule)
	}
}
