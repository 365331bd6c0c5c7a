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
		{"lid-00 §2 example", "lid://xyz.com/myshow/episode100/george.html", ""},
		{"lid-00 §2 example", "lid://specials.news.com/logos/daisy.jpg", ""},
		{"lid-00 §2 example", "lid://unique2345@blahblah.com/rootpage.html?name=zella#bday", ""},
		{"lid-00 §2 {3.2.1}: userinfo and port permitted", "lid://unique2345@blahblah.com:8080/rootpage.html", ""},
		{"lid-00 §2 {3.4}: query permitted", "lid://xyz.com/search?q=a/b?c:d@e&f=g+h$i,j;k", ""},
		{"lid-00 §2 {4.1}: fragment permitted", "lid://xyz.com/page.html#sec-2/a?b", ""},
		{"lid-00 §2 {3.2.2}: the authority must be a name, not an IPv4 address", "lid://192.0.2.7/logos/daisy.jpg", "LID005"},
		{"lid-00 §2 {3.2.2}: a numeric identifier is not permissible", "lid://2345/page.html", "LID005"},
		{"lid-00 §2 {3.2.2}: numeric with trailing dot", "lid://10.0.0.1./x", "LID005"},
	})
}

// lid-00 Appendix A: the collected BNF.
func TestAppendixA(t *testing.T) {
	runCases(t, []lintCase{
		// lidURI = "lid://" authority [ "/" [ path_segments ] ] [ "?" query ] [ "#" fragment ]
		{"App. A lidURI: authority only", "lid://xyz.com", ""},
		{"App. A lidURI: empty path_segments", "lid://xyz.com/", ""},
		{"App. A lidURI: query without path", "lid://xyz.com?x=1", ""},
		{"App. A lidURI: fragment without path", "lid://xyz.com#top", ""},
		{"App. A lidURI: empty query and fragment", "lid://xyz.com/a?#", ""},
		{"App. A lidURI: scheme is case-insensitive (rfc2396 §3.1)", "LID://xyz.com/a", "LID020"},
		{"App. A lidURI: no //", "lid:/logos/daisy.jpg", "LID002"},
		{"App. A lidURI: nothing after lid:", "lid:", "LID002"},
		// authority = [ userinfo "@" ] hostname [ ":" port ]
		{"App. A authority: hostname required", "lid:///myshow/george.html", "LID004"},
		{"App. A authority: hostname required after userinfo", "lid://unique2345@/rootpage.html", "LID004"},
		{"App. A authority: hostname required before port", "lid://:80/x", "LID004"},
		// userinfo = *( unreserved | escaped | ";" | ":" | "&" | "=" | "+" | "$" | "," )
		{"App. A userinfo: all its characters", "lid://a-_.!~*'();&=+$,%41z@xyz.com/", "LID022"},
		{"App. A userinfo: empty", "lid://@xyz.com/", ""},
		{"App. A userinfo: '@' is not a userinfo character", "lid://a@b@xyz.com/", "LID010"},
		{"rfc2396 §3.2: '/' ends the authority; '@' is a pchar", "lid://a/b@xyz.com", ""},
		{"rfc2396 §3.2.2: user:password NOT RECOMMENDED", "lid://viewer:secret@xyz.com/x", "LID011"},
		// hostname = *( domainlabel "." ) toplabel [ "." ]
		{"App. A hostname: single toplabel", "lid://localhost/x", ""},
		{"App. A hostname: trailing dot", "lid://xyz.com./x", ""},
		{"App. A domainlabel: inner hyphens, digits", "lid://a-1.9x.b--c.com/x", ""},
		{"App. A domainlabel: single alphanum", "lid://a.b.c/x", ""},
		{"App. A domainlabel: no leading hyphen", "lid://-xyz.com/x", "LID006"},
		{"App. A domainlabel: no trailing hyphen", "lid://xyz-.com/x", "LID006"},
		{"App. A hostname: no empty label", "lid://xyz..com/x", "LID006"},
		{"App. A hostname: no leading dot", "lid://.xyz.com/x", "LID006"},
		{"App. A hostname: '.' alone", "lid://./x", "LID006"},
		{"App. A toplabel: starts with alpha", "lid://xyz.1com/x", "LID006"},
		{"App. A hostname: no underscore", "lid://my_show.example/x", "LID006"},
		{"App. A hostname: no escapes", "lid://xyz%2Ecom/x", "LID006"},
		{"App. A hostname: no IPv6 literal (rfc2396 §3.2.2)", "lid://[::1]/x", "LID006"},
		{"App. A hostname: no non-ASCII (no IRIs)", "lid://bücher.example/x", "LID006"},
		{"rfc2396 §3.2.2 → rfc1034 §3.1: label ≤ 63", "lid://" + strings.Repeat("a", 64) + ".com/x", "LID007"},
		{"rfc2396 §3.2.2 → rfc1034 §3.1: name ≤ 255", "lid://" + strings.Repeat("abcdefghi.", 26) + "com/x", "LID007"},
		{"App. A hostname: upper case is non-canonical", "lid://XYZ.com/x", "LID020"},
		// port = *digit
		{"App. A port: digits", "lid://xyz.com:8080/x", ""},
		{"App. A port: empty", "lid://xyz.com:/x", "LID023"},
		{"App. A port: not digits", "lid://xyz.com:http/x", "LID008"},
		{"App. A port: second colon", "lid://xyz.com:80:81/x", "LID008"},
		// path_segments = segment *( "/" segment ); segment = *pchar *( ";" param )
		{"App. A segment: params", "lid://xyz.com/a;p=1;q/b;x=y/c", ""},
		{"App. A pchar: : @ & = + $ ,", "lid://xyz.com/a:b@c&d=e+f$g,h", ""},
		{"App. A pchar: marks", "lid://xyz.com/-_.!~*'()", ""},
		{"App. A path_segments: empty segments", "lid://xyz.com//a//", ""},
		{"App. A pchar: space excluded (rfc2396 §2.4.3)", "lid://xyz.com/my show.html", "LID010"},
		{"App. A pchar: delims excluded", "lid://xyz.com/<a>\"", "LID010"},
		{"App. A pchar: unwise excluded", "lid://xyz.com/{a}|\\^`", "LID010"},
		{"App. A pchar: [ ] excluded", "lid://xyz.com/a[1]", "LID010"},
		{"App. A pchar: non-ASCII excluded", "lid://xyz.com/café", "LID010"},
		{"App. A pchar: controls excluded", "lid://xyz.com/a\tb", "LID010"},
		// query = *uric; fragment = *uric
		{"App. A query: '#' ends it", "lid://xyz.com/a?b#c", ""},
		{"App. A query: space excluded", "lid://xyz.com/a?b c", "LID010"},
		{"App. A fragment: a second '#' is not uric", "lid://xyz.com/a#b#c", "LID010"},
		{"App. A fragment: '?' and '/' are uric", "lid://xyz.com/a#b?c/d", ""},
		// escaped = "%" hex hex
		{"App. A escaped", "lid://xyz.com/a%20b%C3%A9", ""},
		{"App. A escaped: lone %", "lid://xyz.com/100%", "LID009"},
		{"App. A escaped: non-hex", "lid://xyz.com/a%zz", "LID009"},
		{"App. A escaped: one hex digit", "lid://xyz.com/a%4", "LID009"},
		{"App. A escaped: in query", "lid://xyz.com/a?%G1", "LID009"},
		{"rfc2396 §2.4.1: lower-case hex", "lid://xyz.com/a%2cb", "LID021"},
		{"rfc2396 §2.3: escaped unreserved", "lid://xyz.com/%7Euser/george%2Ehtml", "LID022"},
		{"rfc2396 §2.3: escaped reserved is needed", "lid://xyz.com/a%2Fb%3Fc", ""},
	})
}

// lid-00 §2 {1.4}: "." and ".." have their accustomed meanings.
func TestDotSegments(t *testing.T) {
	runCases(t, []lintCase{
		{"lid-00 §2 {1.4}", "lid://xyz.com/myshow/./episode100/../logo.jpg", "LID012"},
		{"lid-00 §2 {1.4}", "lid://xyz.com/a/.", "LID012"},
		{"lid-00 §2 {1.4}", "lid://xyz.com/a/..", "LID012"},
		{"rfc2396 §5.2 6g", "lid://xyz.com/../logos/daisy.jpg", "LID013"},
		{"rfc2396 §5.2 6g", "lid://xyz.com/a/../../g", "LID012 LID013"},
		{"rfc2396 Appendix C.2: not complete segments", "lid://xyz.com/g./.g/g../..g", ""},
		{"rfc2396 §3.3: ..;p is not a dot segment", "lid://xyz.com/a/..;p/b", ""},
		{"query is not path", "lid://xyz.com/a?b/../c", ""},
	})
}

// The newer lid: scheme (IANA provisional 2023; 2025 draft).
func TestOpaqueLID(t *testing.T) {
	runCases(t, []lintCase{
		{"IANA lid (IS4): hostless form", "lid:rdfs:label/Person@en", "LID003"},
		{"2025 draft: opaque id", "lid:Ab3xZ9", "LID003"},
		{"opaque: not checked against lid-00", "lid:a b%zz", "LID003"},
		{"opaque: numeric", "lid:77", "LID003"},
	})
	u, _ := Lint("lid:Ab3xZ9#frag", LID00, 0)
	if u.Form != FormOpaque || u.Opaque != "Ab3xZ9" || u.Fragment != "frag" {
		t.Errorf("opaque parse: %+v", u)
	}
}

func TestNotLID(t *testing.T) {
	runCases(t, []lintCase{
		{"App. A", "xyz.com/myshow", "LID001"},
		{"App. A", "", "LID001"},
		{"App. A", "li", "LID001"},
	})
}

func TestParseComponents(t *testing.T) {
	u, err := Parse("lid://unique2345@BlahBlah.com:99/a/b;p?name=zella#bday")
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
	_, err = Parse("lid://192.0.2.1/x")
	var e *Error
	if !errors.As(err, &e) || e.Finding.Rule != NumericHost {
		t.Fatalf("Parse(numeric host) = %v, want *Error with LID005", err)
	}
	if !strings.Contains(err.Error(), "LID005") || !strings.Contains(err.Error(), "lid-00 §2 {3.2.2}") {
		t.Errorf("error text %q lacks rule and citation", err)
	}
	if _, err := Parse("lid://xyz.com/%7e"); err != nil {
		t.Errorf("info findings must not fail Parse: %v", err)
	}
}

// Findings are bounded per rule, so garbage yields a handful of lines.
func TestFindingsBounded(t *testing.T) {
	_, fs := Lint("lid://xyz.com/"+strings.Repeat(" %", 10000), LID00, 0)
	if len(fs) > 2*rules.MaxFindingsPerRule {
		t.Errorf("%d findings for a long bad path; want at most %d", len(fs), 2*rules.MaxFindingsPerRule)
	}
}
