package gouri

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/idlint/idlint/rules"
)

// rfc3368 §5: the five examples are valid; their findings are information only.
func TestSection5Examples(t *testing.T) {
	runCases(t, []lintCase{
		{"rfc3368 §5: general query (form2)", "go:Mercedes%20Benz", ""},
		{"rfc3368 §5: query to localhost", "go://?Mercedes%20Benz", "GO021"},
		{"rfc3368 §5: with a geography parameter", "go://cnrp.foo.com?Mercedes%20Benz;geography=US-ga", ""},
		{"rfc3368 §5: UTF-8 u-umlaut percent-encoded", "go://cnrp.foo.org?Martin%20J.%20D%C3%BCrst", ""},
		{"rfc3368 §5: direct reference by id", "go://cnrp.foo.com?id=5432345", "GO022"},
	})
	for _, c := range []struct {
		in   string
		want URI
	}{
		{"go:Mercedes%20Benz", URI{Form: FormQuery, HasQuery: true, Query: "Mercedes%20Benz", CommonName: "Mercedes%20Benz"}},
		{"go://?Mercedes%20Benz", URI{Form: FormServer, HasQuery: true, Query: "Mercedes%20Benz", CommonName: "Mercedes%20Benz"}},
		{"go://cnrp.foo.com?Mercedes%20Benz;geography=US-ga", URI{Form: FormServer, Server: "cnrp.foo.com", Host: "cnrp.foo.com",
			HasQuery: true, Query: "Mercedes%20Benz;geography=US-ga", CommonName: "Mercedes%20Benz",
			Params: []Param{{Attribute: "geography", Value: "US-ga"}}}},
		{"go://cnrp.foo.org?Martin%20J.%20D%C3%BCrst", URI{Form: FormServer, Server: "cnrp.foo.org", Host: "cnrp.foo.org",
			HasQuery: true, Query: "Martin%20J.%20D%C3%BCrst", CommonName: "Martin%20J.%20D%C3%BCrst"}},
		{"go://cnrp.foo.com?id=5432345", URI{Form: FormServer, Server: "cnrp.foo.com", Host: "cnrp.foo.com",
			HasQuery: true, Query: "id=5432345", ID: "5432345", HasID: true}},
	} {
		u, err := Parse(c.in)
		if err != nil {
			t.Errorf("rfc3368 §5: Parse(%q): %v", c.in, err)
			continue
		}
		c.want.Profile, c.want.Scheme, c.want.raw, c.want.hostOK = RFC3368, "go", c.in, u.hostOK
		if !reflect.DeepEqual(u, c.want) {
			t.Errorf("rfc3368 §5: Parse(%q):\n got %+v\nwant %+v", c.in, u, c.want)
		}
	}
}

// rfc3368 §3.2: the ABNF of both forms.
func TestSection32Grammar(t *testing.T) {
	runCases(t, []lintCase{
		// cnrp-uri = "go:" (form1 / form2)
		{"§3.2 cnrp-uri: scheme case-insensitive", "GO:bmw", "GO030"},
		{"§3.2 cnrp-uri", "cnrp.foo.com?bmw", "GO001"},
		// form1 = "//" [server] ["?" ((common-name *avpair) / id-req)]
		{"§3.2 form1: server only", "go://cnrp.foo.com", "GO020"},
		{"§3.2 form1: empty server, no query", "go://", "GO020 GO021"},
		{"§3.2 form1: userinfo and port (rfc2396 server)", "go://me@cnrp.foo.com:8080?bmw", ""},
		{"§3.2 form1: IPv4 host (rfc2396 §3.2.2)", "go://192.0.2.7?bmw", ""},
		{"§3.2 form1: trailing-dot host", "go://cnrp.foo.com.?bmw", ""},
		{"§3.2 form1: not an IPv4 address", "go://1.2.3?bmw", "GO002"},
		{"§3.2 form1: host label syntax", "go://cnrp_foo.com?bmw", "GO002"},
		{"§3.2 form1: top label starts with a letter", "go://cnrp.1com?bmw", "GO002"},
		{"§3.2 form1: empty label", "go://cnrp..com?bmw", "GO002"},
		{"§3.2 form1: hyphen at a label's end", "go://cnrp-.com?bmw", "GO002"},
		{"§3.2 form1: no path", "go://cnrp.foo.com/search?bmw", "GO002"},
		{"§3.2 form1: port without host", "go://:1096?bmw", "GO002"},
		{"§3.2 form1: IPv6 literal is not an rfc2396 host", "go://[::1]:1096?bmw", "GO002"},
		{"§3.2 form1: port = *digit", "go://cnrp.foo.com:cnrp?bmw", "GO003"},
		{"§3.2 form1: empty port", "go://cnrp.foo.com:?bmw", ""},
		{"§3.2 form1: userinfo characters", "go://a;b:c&d=e+f$g,h%41@cnrp.foo.com?bmw", "GO032"},
		{"§3.2 form1: host upper case", "go://CNRP.foo.com?bmw", "GO030"},
		// id-req = "id=" value
		{"§3.2 id-req: ABNF literal is case-insensitive (rfc2234 §2.3)", "go://cnrp.foo.com?ID=5432345", "GO022 GO030"},
		{"§3.2 id-req: value chars", "go://cnrp.foo.com?id=54/32", "GO004 GO022"},
		{"§3.2 id-req: no avpairs", "go://cnrp.foo.com?id=5432345;language=de", "GO008"},
		{"§3.2 id-req only in form1", "go:id=5432345", "GO004"},
		{"§3.2 common-name \"id\" is not id-req", "go://cnrp.foo.com?id;language=de", ""},
		// form2 = common-name *avpair
		{"§3.2 form2: with params", "go:bmw;language=rfc1766,de-DE;geography=US-ga", ""},
		{"§3.2 form2: a single slash is not form1", "go:/bmw", "GO004"},
		// avpair = ";" attribute "=" [ type "," ] value
		{"§3.2 avpair: type and value", "go:bmw;geography=ISO3166-2,US-ga", ""},
		{"§3.2 avpair: empty value", "go:bmw;geography=", ""},
		{"§3.2 avpair: empty type", "go:bmw;geography=,US", ""},
		{"§3.2 avpair: no \"=\"", "go:bmw;geography", "GO006"},
		{"§3.2 avpair: empty", "go:bmw;;language=de", "GO006"},
		{"§3.2 avpair: trailing \";\"", "go:bmw;", "GO006"},
		{"§3.2 avpair: empty attribute (rfc3367 §4.1.2)", "go:bmw;=US-ga", "GO012"},
		{"§3.2 value: a second \",\"", "go:bmw;a=t,v,w", "GO004"},
		{"§3.2 value: a second \"=\"", "go:bmw;a=b=c", "GO004"},
		// common-name = *(unreserved | escaped); unreserved per rfc2396
		{"§3.2 unreserved: marks", "go:a-_.!~*'()", ""},
		{"§3.2 common-name: space", "go:Mercedes Benz", "GO004"},
		{"§3.2 common-name: reserved chars", "go://cnrp.foo.com?AT&T+co", "GO004"},
		{"§3.2 common-name: no fragment in cnrp-uri", "go:bmw#x", "GO004"},
		{"§3.2 common-name: a second \"?\"", "go://cnrp.foo.com?a?b", "GO004"},
		{"§3.2 common-name: non-ASCII must be encoded (§3.4)", "go:Dürst", "GO004"},
		// escaped = "%" hex hex
		{"§3.2 escaped: lone %", "go:100%", "GO005"},
		{"§3.2 escaped: non-hex", "go:a%zz", "GO005"},
		{"rfc2396 §2.4.1: lower-case hex", "go:D%c3%bcrst", "GO031"},
		{"rfc2396 §2.3: escaped unreserved", "go:Mercedes%2DBenz", "GO032"},
		{"§3.2: escaped delimiters are data", "go:a%3Bb%3Dc%2Cd", ""},
	})
}

// rfc3368 §3.3: special cases and defaults; rfc3367 §4.2.1: what a query holds.
func TestSpecialCases(t *testing.T) {
	runCases(t, []lintCase{
		{"rfc3368 §3.3.1: only a server", "go://cnrp.foo.com:1096", "GO020"},
		{"rfc3368 §3.3.2: empty server is localhost", "go://?bmw", "GO021"},
		{"rfc3367 §4.2.1: a query cannot be empty", "go://cnrp.foo.com?", "GO007"},
		{"rfc3367 §4.2.1: empty query to localhost", "go://?", "GO007 GO021"},
		{"rfc3367 §4.2.1: parameters without common name", "go://cnrp.foo.com?;geography=US-ga", "GO007"},
		{"rfc3367 §4.2.1: form2 parameters only", "go:;geography=US-ga", "GO007"},
		{"rfc3367 §4.2.1: form2 nothing", "go:", "GO007"},
		{"rfc3367 §4.2.1: empty id", "go://cnrp.foo.com?id=", "GO007"},
		{"rfc3367 §4.2.1: common name and id", "go://cnrp.foo.com?bmw;id=5432345", "GO009"},
		{"rfc3367 §4.2.1: two common names", "go:bmw;CommonName=audi", "GO009"},
		{"rfc3367 §4.2.1: id and id", "go://cnrp.foo.com?id=1;id=2", "GO008 GO009"},
		{"rfc3368 §6: id only", "go://cnrp.foo.com?id=5432345", "GO022"},
	})
}

// rfc3368 §3.4: UTF-8 before percent-encoding.
func TestSection34Encoding(t *testing.T) {
	runCases(t, []lintCase{
		{"§3.4 UTF-8", "go:%E4%B8%AD%E6%96%87", ""},
		{"§3.4 Latin-1 is not UTF-8", "go://cnrp.foo.org?Martin%20J.%20D%FCrst", "GO010"},
		{"§3.4 truncated sequence", "go:D%C3rst", "GO010"},
		{"§3.4 sequence cut by a literal", "go:%C3a%BC", "GO010"},
		{"§3.4 overlong encoding", "go:%C0%AF", "GO010"},
		{"§3.4 surrogate", "go:%ED%A0%80", "GO010"},
		{"§3.4 UTF-8 per component", "go:a;b=%C3%BC,%E2%82%AC", ""},
		{"§3.4 + rfc3367 §5: OCR copy's %0B", "go:Mercedes%0Benz", "GO011"},
		{"§3.4 + rfc3367 §5: NUL", "go:a%00b", "GO011"},
		{"§3.4 + rfc3367 §5: DEL", "go:a%7Fb", "GO011"},
		{"§3.4 + rfc3367 §5: C1 control U+0085", "go:a%C2%85b", "GO011"},
		{"§3.4 + rfc3367 §5: in a value", "go:bmw;a=%0A", "GO011"},
		{"§3.4: userinfo is not text", "go://%FF@cnrp.foo.com?bmw", ""},
	})
}

func TestParseError(t *testing.T) {
	_, err := Parse("go://cnrp.foo.com?")
	var e *Error
	if !errors.As(err, &e) || e.Finding.Rule != EmptyQuery {
		t.Fatalf("Parse(empty query) = %v, want *Error with GO007", err)
	}
	if !strings.Contains(err.Error(), "GO007") || !strings.Contains(err.Error(), "rfc3367 §4.2.1") {
		t.Errorf("error text %q lacks rule and citation", err)
	}
	if _, err := Parse("go://cnrp.foo.com?id=5432345"); err != nil {
		t.Errorf("info findings must not fail Parse: %v", err)
	}
}

func TestFindingsBounded(t *testing.T) {
	_, fs := Lint("go:"+strings.Repeat(" %;", 10000), RFC3368, 0)
	if len(fs) > 4*rules.MaxFindingsPerRule {
		t.Errorf("%d findings for a long bad query; want at most %d", len(fs), 4*rules.MaxFindingsPerRule)
	}
	u, _ := Lint("go:x"+strings.Repeat(";a=b", 1000), RFC3368, 0)
	if len(u.Params) != maxParams {
		t.Errorf("kept %d params, want %d", len(u.Params), maxParams)
	}
}
