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
		{Spec: "rfc3368 §5: general query (form2)", In: "go:Mercedes%20Benz", Want: ""},
		{Spec: "rfc3368 §5: query to localhost", In: "go://?Mercedes%20Benz", Want: "GO021"},
		{Spec: "rfc3368 §5: with a geography parameter", In: "go://cnrp.foo.com?Mercedes%20Benz;geography=US-ga", Want: ""},
		{Spec: "rfc3368 §5: UTF-8 u-umlaut percent-encoded", In: "go://cnrp.foo.org?Martin%20J.%20D%C3%BCrst", Want: ""},
		{Spec: "rfc3368 §5: direct reference by id", In: "go://cnrp.foo.com?id=5432345", Want: "GO022"},
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
		u, err := Parse(c.in, RFC3368)
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
		{Spec: "§3.2 cnrp-uri: scheme case-insensitive", In: "GO:bmw", Want: "GO030"},
		{Spec: "§3.2 cnrp-uri", In: "cnrp.foo.com?bmw", Want: "GO001"},
		// form1 = "//" [server] ["?" ((common-name *avpair) / id-req)]
		{Spec: "§3.2 form1: server only", In: "go://cnrp.foo.com", Want: "GO020"},
		{Spec: "§3.2 form1: empty server, no query", In: "go://", Want: "GO020 GO021"},
		{Spec: "§3.2 form1: userinfo and port (rfc2396 server)", In: "go://me@cnrp.foo.com:8080?bmw", Want: ""},
		{Spec: "§3.2 form1: IPv4 host (rfc2396 §3.2.2)", In: "go://192.0.2.7?bmw", Want: ""},
		{Spec: "§3.2 form1: trailing-dot host", In: "go://cnrp.foo.com.?bmw", Want: ""},
		{Spec: "§3.2 form1: not an IPv4 address", In: "go://1.2.3?bmw", Want: "GO002"},
		{Spec: "§3.2 form1: host label syntax", In: "go://cnrp_foo.com?bmw", Want: "GO002"},
		{Spec: "§3.2 form1: top label starts with a letter", In: "go://cnrp.1com?bmw", Want: "GO002"},
		{Spec: "§3.2 form1: empty label", In: "go://cnrp..com?bmw", Want: "GO002"},
		{Spec: "§3.2 form1: hyphen at a label's end", In: "go://cnrp-.com?bmw", Want: "GO002"},
		{Spec: "§3.2 form1: no path", In: "go://cnrp.foo.com/search?bmw", Want: "GO002"},
		{Spec: "§3.2 form1: port without host", In: "go://:1096?bmw", Want: "GO002"},
		{Spec: "§3.2 form1: IPv6 literal is not an rfc2396 host", In: "go://[::1]:1096?bmw", Want: "GO002"},
		{Spec: "§3.2 form1: port = *digit", In: "go://cnrp.foo.com:cnrp?bmw", Want: "GO003"},
		{Spec: "§3.2 form1: empty port", In: "go://cnrp.foo.com:?bmw", Want: ""},
		{Spec: "§3.2 form1: userinfo characters", In: "go://a;b:c&d=e+f$g,h%41@cnrp.foo.com?bmw", Want: "GO032"},
		{Spec: "§3.2 form1: host upper case", In: "go://CNRP.foo.com?bmw", Want: "GO030"},
		// id-req = "id=" value
		{Spec: "§3.2 id-req: ABNF literal is case-insensitive (rfc2234 §2.3)", In: "go://cnrp.foo.com?ID=5432345", Want: "GO022 GO030"},
		{Spec: "§3.2 id-req: value chars", In: "go://cnrp.foo.com?id=54/32", Want: "GO004 GO022"},
		{Spec: "§3.2 id-req: no avpairs", In: "go://cnrp.foo.com?id=5432345;language=de", Want: "GO008"},
		{Spec: "§3.2 id-req only in form1", In: "go:id=5432345", Want: "GO004"},
		{Spec: "§3.2 common-name \"id\" is not id-req", In: "go://cnrp.foo.com?id;language=de", Want: ""},
		// form2 = common-name *avpair
		{Spec: "§3.2 form2: with params", In: "go:bmw;language=rfc1766,de-DE;geography=US-ga", Want: ""},
		{Spec: "§3.2 form2: a single slash is not form1", In: "go:/bmw", Want: "GO004"},
		// avpair = ";" attribute "=" [ type "," ] value
		{Spec: "§3.2 avpair: type and value", In: "go:bmw;geography=ISO3166-2,US-ga", Want: ""},
		{Spec: "§3.2 avpair: empty value", In: "go:bmw;geography=", Want: ""},
		{Spec: "§3.2 avpair: empty type", In: "go:bmw;geography=,US", Want: ""},
		{Spec: "§3.2 avpair: no \"=\"", In: "go:bmw;geography", Want: "GO006"},
		{Spec: "§3.2 avpair: empty", In: "go:bmw;;language=de", Want: "GO006"},
		{Spec: "§3.2 avpair: trailing \";\"", In: "go:bmw;", Want: "GO006"},
		{Spec: "§3.2 avpair: empty attribute (rfc3367 §4.1.2)", In: "go:bmw;=US-ga", Want: "GO012"},
		{Spec: "§3.2 value: a second \",\"", In: "go:bmw;a=t,v,w", Want: "GO004"},
		{Spec: "§3.2 value: a second \"=\"", In: "go:bmw;a=b=c", Want: "GO004"},
		// common-name = *(unreserved | escaped); unreserved per rfc2396
		{Spec: "§3.2 unreserved: marks", In: "go:a-_.!~*'()", Want: ""},
		{Spec: "§3.2 common-name: space", In: "go:Mercedes Benz", Want: "GO004"},
		{Spec: "§3.2 common-name: reserved chars", In: "go://cnrp.foo.com?AT&T+co", Want: "GO004"},
		{Spec: "§3.2 common-name: no fragment in cnrp-uri", In: "go:bmw#x", Want: "GO004"},
		{Spec: "§3.2 common-name: a second \"?\"", In: "go://cnrp.foo.com?a?b", Want: "GO004"},
		{Spec: "§3.2 common-name: non-ASCII must be encoded (§3.4)", In: "go:Dürst", Want: "GO004"},
		// escaped = "%" hex hex
		{Spec: "§3.2 escaped: lone %", In: "go:100%", Want: "GO005"},
		{Spec: "§3.2 escaped: non-hex", In: "go:a%zz", Want: "GO005"},
		{Spec: "rfc2396 §2.4.1: lower-case hex", In: "go:D%c3%bcrst", Want: "GO031"},
		{Spec: "rfc2396 §2.3: escaped unreserved", In: "go:Mercedes%2DBenz", Want: "GO032"},
		{Spec: "§3.2: escaped delimiters are data", In: "go:a%3Bb%3Dc%2Cd", Want: ""},
	})
}

// rfc3368 §3.3: special cases and defaults; rfc3367 §4.2.1: what a query holds.
func TestSpecialCases(t *testing.T) {
	runCases(t, []lintCase{
		{Spec: "rfc3368 §3.3.1: only a server", In: "go://cnrp.foo.com:1096", Want: "GO020"},
		{Spec: "rfc3368 §3.3.2: empty server is localhost", In: "go://?bmw", Want: "GO021"},
		{Spec: "rfc3367 §4.2.1: a query cannot be empty", In: "go://cnrp.foo.com?", Want: "GO007"},
		{Spec: "rfc3367 §4.2.1: empty query to localhost", In: "go://?", Want: "GO007 GO021"},
		{Spec: "rfc3367 §4.2.1: parameters without common name", In: "go://cnrp.foo.com?;geography=US-ga", Want: "GO007"},
		{Spec: "rfc3367 §4.2.1: form2 parameters only", In: "go:;geography=US-ga", Want: "GO007"},
		{Spec: "rfc3367 §4.2.1: form2 nothing", In: "go:", Want: "GO007"},
		{Spec: "rfc3367 §4.2.1: empty id", In: "go://cnrp.foo.com?id=", Want: "GO007"},
		{Spec: "rfc3367 §4.2.1: common name and id", In: "go://cnrp.foo.com?bmw;id=5432345", Want: "GO009"},
		{Spec: "rfc3367 §4.2.1: two common names", In: "go:bmw;CommonName=audi", Want: "GO009"},
		{Spec: "rfc3367 §4.2.1: id and id", In: "go://cnrp.foo.com?id=1;id=2", Want: "GO008 GO009"},
		// rfc3368 §3.2 attribute = *(unreserved | escaped) and rfc2396 §2.3: an
		// escaped unreserved letter is that letter, so "%49d" is the attribute "Id"
		// (fuzz crasher 40d9255f1aeeeab7: Canonical decodes it to "go:0;Id=").
		{Spec: "rfc3367 §4.2.1, rfc2396 §2.3: escaped id attribute", In: "go:0;%49d=", Want: "GO009 GO032"},
		{Spec: "rfc3367 §4.2.1, rfc2396 §2.3: escaped commonname attribute", In: "go:bmw;%63ommon%4Eame=audi", Want: "GO009 GO032"},
		{Spec: "rfc3367 §4.2.1, rfc2396 §2.3: escaped id after id", In: "go://cnrp.foo.com?id=1;%69%64=2", Want: "GO008 GO009 GO032"},
		{Spec: "rfc2396 §2.3: an escaped reserved char is not decoded", In: "go:bmw;id%3B=1", Want: ""},
		{Spec: "rfc3368 §6: id only", In: "go://cnrp.foo.com?id=5432345", Want: "GO022"},
	})
}

// rfc3368 §3.4: UTF-8 before percent-encoding.
func TestSection34Encoding(t *testing.T) {
	runCases(t, []lintCase{
		{Spec: "§3.4 UTF-8", In: "go:%E4%B8%AD%E6%96%87", Want: ""},
		{Spec: "§3.4 Latin-1 is not UTF-8", In: "go://cnrp.foo.org?Martin%20J.%20D%FCrst", Want: "GO010"},
		{Spec: "§3.4 truncated sequence", In: "go:D%C3rst", Want: "GO010"},
		{Spec: "§3.4 sequence cut by a literal", In: "go:%C3a%BC", Want: "GO010"},
		{Spec: "§3.4 overlong encoding", In: "go:%C0%AF", Want: "GO010"},
		{Spec: "§3.4 surrogate", In: "go:%ED%A0%80", Want: "GO010"},
		{Spec: "§3.4 UTF-8 per component", In: "go:a;b=%C3%BC,%E2%82%AC", Want: ""},
		{Spec: "§3.4 + rfc3367 §5: OCR copy's %0B", In: "go:Mercedes%0Benz", Want: "GO011"},
		{Spec: "§3.4 + rfc3367 §5: NUL", In: "go:a%00b", Want: "GO011"},
		{Spec: "§3.4 + rfc3367 §5: DEL", In: "go:a%7Fb", Want: "GO011"},
		{Spec: "§3.4 + rfc3367 §5: C1 control U+0085", In: "go:a%C2%85b", Want: "GO011"},
		{Spec: "§3.4 + rfc3367 §5: in a value", In: "go:bmw;a=%0A", Want: "GO011"},
		{Spec: "§3.4: userinfo is not text", In: "go://%FF@cnrp.foo.com?bmw", Want: ""},
	})
}

func TestParseError(t *testing.T) {
	_, err := Parse("go://cnrp.foo.com?", RFC3368)
	var e *Error
	if !errors.As(err, &e) || e.Finding.Rule != EmptyQuery {
		t.Fatalf("Parse(empty query) = %v, want *Error with GO007", err)
	}
	if !strings.Contains(err.Error(), "GO007") || !strings.Contains(err.Error(), "rfc3367 §4.2.1") {
		t.Errorf("error text %q lacks rule and citation", err)
	}
	if _, err := Parse("go://cnrp.foo.com?id=5432345", RFC3368); err != nil {
		t.Errorf("info findings must not fail Parse: %v", err)
	}
}

func TestFindingsBounded(t *testing.T) {
	_, fs := Lint("go:"+strings.Repeat(" %;", 10000), RFC3368, Options{})
	if len(fs) > 4*rules.MaxFindingsPerRule {
		t.Errorf("%d findings for a long bad query; want at most %d", len(fs), 4*rules.MaxFindingsPerRule)
	}
	u, _ := Lint("go:x"+strings.Repeat(";a=b", 1000), RFC3368, Options{})
	if len(u.Params) != maxParams {
		t.Errorf("kept %d params, want %d", len(u.Params), maxParams)
	}
}
