package extract

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"strings"
	"testing"
	"testing/iotest"
	"unicode"
	"unicode/utf8"

	"github.com/idlint/idlint/internal/longtest"
	"github.com/idlint/idlint/internal/testio"
)

func found(text string) []string {
	var out []string
	for _, c := range Find(nil, []byte(text), Options{}) {
		out = append(out, text[c.Start:c.End])
	}
	return out
}

// Boundary rules: each case names the rule it checks.
func TestBoundaries(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text string
		want       []string
	}{
		{"plain (rfc8141 §2)", "see urn:isbn:0451450523 here", []string{"urn:isbn:0451450523"}},
		{"scheme is case-insensitive (rfc8141 §2, rfc3986 §3.1)", "URN:ISBN:1 Urn:x:y", []string{"URN:ISBN:1", "Urn:x:y"}},
		{"start of text", "urn:a:b", []string{"urn:a:b"}},
		{"preceded by letter: part of a word", "burn:a:b", nil},
		{"preceded by digit", "1urn:a:b", nil},
		{"preceded by '.': abc.urn:x is not a URN", "abc.urn:x:y", nil},
		{"preceded by '+' or '-': longer scheme name", "x+urn:a:b y-urn:a:b", nil},
		{"preceded by non-ASCII letter", "éurn:a:b", nil},
		{"preceded by combining mark", "e\u0301urn:a:b", nil},
		{"preceded by non-letter non-ASCII is fine", "—urn:a:b", []string{"urn:a:b"}},
		{"preceded by punctuation", "(urn:a:b) [urn:c:d] 'urn:e:f' /urn:g:h", []string{"urn:a:b", "urn:c:d", "urn:e:f", "urn:g:h"}},
		{"angle brackets delimit (rfc3986 App. C)", "<urn:a:b>", []string{"urn:a:b"}},
		{"double quotes delimit", `x="urn:a:b"`, []string{"urn:a:b"}},
		{"ends at whitespace (rfc2141 §2.4)", "urn:a:b\tc urn:d:e\nf", []string{"urn:a:b", "urn:d:e"}},
		{"ends at NUL and controls (rfc2141 §2.4)", "\x00urn:a:b\x00urn:c:d\x01", []string{"urn:a:b", "urn:c:d"}},
		{"ends at excluded ^ ` { | } \\ (rfc2141bis-03 §2.5.3)", "urn:a:b^c urn:a:d`e urn:a:f{g urn:a:h|i urn:a:j}k urn:a:l\\m", []string{"urn:a:b", "urn:a:d", "urn:a:f", "urn:a:h", "urn:a:j", "urn:a:l"}},
		{"ends at non-ASCII (rfc2141bis-03 §2.5.3)", "urn:a:caf\u00e9", []string{"urn:a:caf"}},
		{"keeps & ~ [ ] for the linter (rfc8141 §2 pchar; rfc2141 §2.4 reports them)", "urn:a:b&c~d[1]", []string{"urn:a:b&c~d[1]"}},
		{"trailing sentence punctuation is prose", "urn:a:b. urn:a:c, urn:a:d; urn:a:e: urn:a:f! urn:a:g?", []string{"urn:a:b", "urn:a:c", "urn:a:d", "urn:a:e", "urn:a:f", "urn:a:g"}},
		{"several trailing marks", "(see urn:a:b).", []string{"urn:a:b"}},
		{"trailing quote", "'urn:a:b'", []string{"urn:a:b"}},
		{"unbalanced ) is prose", "(urn:a:b)", []string{"urn:a:b"}},
		{"balanced ) belongs to it", "urn:a:f(x)", []string{"urn:a:f(x)"}},
		{"balanced ) inside parentheses", "(urn:a:f(x))", []string{"urn:a:f(x)"}},
		{"unbalanced ] is prose", "[urn:a:b]", []string{"urn:a:b"}},
		{"balanced ] belongs to it", "urn:a:b[1]", []string{"urn:a:b[1]"}},
		{"inner punctuation stays", "urn:a:b.c,d;e", []string{"urn:a:b.c,d;e"}},
		{"r/q/f components stay (rfc8141 §2)", "urn:a:b?+r?=q#f.", []string{"urn:a:b?+r?=q#f"}},
		{"nothing after the scheme is prose, not a candidate", "The urn: a vase. urn:", nil},
		{"invalid candidates are still reported", "urn:urn:x urn:%zz", []string{"urn:urn:x", "urn:%zz"}},
		{"adjacent candidates", "urn:a:b,urn:c:d", []string{"urn:a:b,urn:c:d"}},
		{"no nested candidate inside one", "urn:a:urn:b:c", []string{"urn:a:urn:b:c"}},
	}
	tests = append(tests, openingCases...)
	for _, tt := range tests {
		got := found(tt.text)
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("%s: Find(%q) = %q, want %q", tt.name, tt.text, got, tt.want)
		}
	}
}

// openingCases check the rules of the text right before the scheme
// (boundary.go): quotes, Markdown emphasis, URL query values. "'", "*",
// "_", "~" and "&" are NSS characters (rfc8141 §2), so only the opening
// context can say they are not part of the identifier.
var openingCases = []struct {
	name, text string
	want       []string
}{
	// quotes: an identifier opened right after a quote ends at its closer
	{"quote: XML attribute in ' ends at ' (rfc8141 §2 allows ')", "<starttls xmlns='urn:ietf:params:xml:ns:xmpp-tls'/>", []string{"urn:ietf:params:xml:ns:xmpp-tls"}},
	{"quote: Ruby hash key", "{'urn:foo:x'=>[]}", []string{"urn:foo:x"}},
	{"quote: Python tuple", "('urn:a:b','mode')", []string{"urn:a:b"}},
	{"quote: two quoted identifiers in one run are two", "['urn:a:b','urn:c:d']", []string{"urn:a:b", "urn:c:d"}},
	{"quote: the first closing quote ends it (an apostrophe inside cannot be told apart)", "'urn:x:o'reilly'", []string{"urn:x:o"}},
	{"quote: no closing quote before the run ends: today's rules", "'urn:a:b c'", []string{"urn:a:b"}},
	{"quote: no closing quote at all: today's rules", "('urn:a:b)", []string{"urn:a:b"}},
	{"quote: trailing prose inside the quotes is trimmed", "'urn:a:b.'", []string{"urn:a:b"}},
	{"quote: an apostrophe not right before the scheme opens nothing", "it's urn:x:o'reilly", []string{"urn:x:o'reilly"}},
	{"quote: ASCII \" already ends it (rfc2141 §2.4)", `"urn:a:b"x"`, []string{"urn:a:b"}},
	{"quote: HTML &quot; reference", "title=&quot;urn:a:b&quot;&gt;", []string{"urn:a:b"}},
	{"quote: XML &apos; reference", "&apos;urn:a:b&apos;", []string{"urn:a:b"}},
	{"quote: &#39; reference", "&#39;urn:a:b&#39;,", []string{"urn:a:b"}},
	{"an escaped element's content ends at the next escaped tag (Atom in HTML)", "&lt;id&gt;urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a&lt;/id&gt;", []string{"urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a"}},
	{"an escaped element's content, numeric references", "&#60;id&#62;urn:a:b&#60;/id&#62;", []string{"urn:a:b"}},
	{"an escaped element's content, hex references", "&#x3C;id&#x3E;urn:a:b&#x3C;/id&#x3E;", []string{"urn:a:b"}},
	{"escaped angle brackets delimit as < > do (rfc3986 App. C)", `"&lt;urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6&gt;"`, []string{"urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"}},
	{"quote: typographic ‘ ’ (URNs end at non-ASCII anyway)", "‘urn:a:b’s", []string{"urn:a:b"}},
	// symmetric markup: the emphasis run that opens it is stripped at its end
	{"emphasis *…* (rfc8141 §2 allows *)", "*urn:isbn:0451450523*", []string{"urn:isbn:0451450523"}},
	{"emphasis **…** then prose", "**urn:a:b**.", []string{"urn:a:b"}},
	{"emphasis ***…***", "***urn:a:b***", []string{"urn:a:b"}},
	{"emphasis _…_ and __…__", "_urn:a:b_ __urn:c:d__", []string{"urn:a:b", "urn:c:d"}},
	{"strikethrough ~~…~~", "~~urn:a:b~~", []string{"urn:a:b"}},
	{"emphasis with prose inside", "*urn:a:b.*", []string{"urn:a:b"}},
	{"emphasis inside parentheses", "(*urn:a:b*)", []string{"urn:a:b"}},
	{"emphasis: only the opening run's length is stripped", "*urn:a:b**", []string{"urn:a:b*"}},
	{"no opener: a trailing * or _ stays (rfc8141 §2)", "urn:a:b* urn:a:c_", []string{"urn:a:b*", "urn:a:c_"}},
	{"no opener: _ after a word is not emphasis", "x_urn:a:b_", []string{"urn:a:b_"}},
	// URL query values (rfc3986 §3.4): "&" and "#" end them
	{"query: magnet link (rfc3986 §3.4)", "magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a&dn=x", []string{"urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a"}},
	{"query: a single-quoted literal as a call's argument (rfc3986 §3.4)", "r = post('grant_type=urn:ietf:params:oauth:grant-type:device_code&scope=x')", []string{"urn:ietf:params:oauth:grant-type:device_code"}},
	{"query: a single-quoted literal in a list", "data=['xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a&dn=x']", []string{"urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a"}},
	{"query: a single-quoted literal holding a form body (rfc3986 §3.4, oauthlib)", "body = 'grant_type=urn:ietf:params:oauth:grant-type:device_code&scope=hello+world'", []string{"urn:ietf:params:oauth:grant-type:device_code"}},
	{"query: a string literal holding a query (rfc3986 §3.4)", "RawQuery: \"xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a&dn\",", []string{"urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a"}},
	{"query: an attribute value that is not a query keeps & (rfc8141 §2)", "scope=\"urn:example:channel=HBO&urn:example:rating=G\"", []string{"urn:example:channel=HBO&urn:example:rating=G"}},
	{"param: a SIP URI parameter ends at ';' (rfc3261 §19.1.1)", "BYE sip:alice@example.com;gr=urn:uuid:f81-7dec-14a06cf1;ob SIP/2.0", []string{"urn:uuid:f81-7dec-14a06cf1"}},
	{"param: not after ';key=' a ';' stays (rfc7254 §3)", "imei urn:gsma:imei:90420156-025763-0;svn=42 here", []string{"urn:gsma:imei:90420156-025763-0;svn=42"}},
	{"compound: an XMPP event name joins a namespace to an element's name (rfc6120 §8, issue 19)", `module:hook("stanza/urn:ietf:params:xml:ns:xmpp-sasl:auth", f)`, []string{"urn:ietf:params:xml:ns:xmpp-sasl"}},
	{"compound: an iq's type and its addressee before the namespace (rfc6120 §8.2.3, issue 19)", `module:hook('iq-get/host/urn:xmpp:extdisco:2:services', h)`, []string{"urn:xmpp:extdisco:2"}},
	{"compound: three segments (issue 19)", `hook("stanza/iq/urn:xmpp:pars:0:preauth")`, []string{"urn:xmpp:pars:0"}},
	{"compound: no element name left to cut, the name stays whole (issue 19)", `hook("stanza/urn:xmpp:ping")`, []string{"urn:xmpp:ping"}},
	{"compound: a URL path is not an event name (rfc7644 §3.7)", `"/v2/Schemas/urn:ietf:params:scim:schemas:core:2.0:User" "people/urn:li:person:123" http://a/iq/urn:a:b:c`, []string{"urn:ietf:params:scim:schemas:core:2.0:User", "urn:li:person:123", "urn:a:b:c"}},
	{"compound: no closing quote, not an event name (issue 19)", `see stanza/urn:a:b:c or "iq/self/urn:a:b:c and`, []string{"urn:a:b:c", "urn:a:b:c"}},
	{"compound: a last segment that is no element name stays (issue 19)", `"iq/self/urn:a:b:2.0"`, []string{"urn:a:b:2.0"}},
	{"sip: a bare URI in a SIP header ends at ';' (rfc3261 §20, rfc8147 §10.1)", "INVITE\n      To: urn:service:sos.ecall.automatic;tag=8gydfe65t0\nf: urn:a:b;tag=1", []string{"urn:service:sos.ecall.automatic", "urn:a:b"}},
	{"sip: not a header line, ';' stays (rfc7254 §3, rfc9676 §2)", "see To: urn:gsma:imei:90420156-025763-0;svn=42\nurn:lex:it:stato:legge:2006-05-14;22", []string{"urn:gsma:imei:90420156-025763-0;svn=42", "urn:lex:it:stato:legge:2006-05-14;22"}},
	{"sip: another header's value keeps ';' (rfc3261 §20)", "Subject: urn:a:b;c=d", []string{"urn:a:b;c=d"}},
	{"delimited: '<…:>' keeps its ':' (rfc3986 Appendix C)", "      <urn:ietf:params:cpim-headers:>", []string{"urn:ietf:params:cpim-headers:"}},
	{"delimited: no '>' at the end, the ':' is trimmed (rfc3986 Appendix C)", "<urn:a:b: and", []string{"urn:a:b"}},
	{"query: SAML entity ID (rfc3986 §3.4)", "sso?spentityid=urn:mace:feide.no:x&RelayState=https://a/", []string{"urn:mace:feide.no:x"}},
	{"query: &amp; in HTML (rfc3986 §3.4)", "x?a=1&amp;id=urn:x:y&amp;b=2", []string{"urn:x:y"}},
	{"query: ; separator (rfc3986 §3.4)", "x?a=1;id=urn:x:y&b=2", []string{"urn:x:y"}},
	{"query: # ends the query (rfc3986 §3.4, §3.5)", "x?id=urn:x:y#top", []string{"urn:x:y"}},
	{"query: two values", "x?a=urn:a:b&b=urn:c:d", []string{"urn:a:b", "urn:c:d"}},
	{"not a query: & stays for the linter (rfc8141 §2)", "urn:a:b&c x=urn:a:d&e", []string{"urn:a:b&c", "urn:a:d&e"}},
	{"not a query: key without ? & ;", "id=urn:x:y&b", []string{"urn:x:y&b"}},
}

func TestMaxLen(t *testing.T) {
	t.Parallel()
	long := "urn:a:" + strings.Repeat("x", 100)
	cs := Find(nil, []byte(long+" urn:b:c"), Options{MaxLen: 50})
	if len(cs) != 2 || !cs[0].Truncated || cs[0].End-cs[0].Start != 50 || cs[1].Truncated {
		t.Fatalf("MaxLen 50: got %+v", cs)
	}
}

// corpusText builds text with identifiers, multi-byte characters and
// newlines at every kind of position.
func corpusText(seed int64, n int) []byte {
	r := rand.New(rand.NewSource(seed))
	pieces := []string{"urn:isbn:0451450523", "URN:ex:a(b)", "(urn:x:y).", " ", "\n", "é", "—", "abc", "urn:", "burn:a:b", "\r\n", "urn:a:b?+c?=d#e", ":", "ur", "n:", "\x00", "urn:ex:" + strings.Repeat("z", 300), "xri://=ex(ample)", "xri:@a*b/(+c)).", "café", "xri:=café　", "lid://host/x[1]", "//go:build", "go:Mercedes%20Benz", "(go:x)", "â\u0080", "='urn:a:b'c'", "**urn:a:b**.", "?k=urn:a:b&c=", "&amp;id=urn:x&amp;", "\u201cxri:=a\u201d", "&quot;urn:q:r&quot;"}
	var b bytes.Buffer
	for b.Len() < n {
		b.WriteString(pieces[r.Intn(len(pieces))])
	}
	return b.Bytes()
}

type pos struct {
	Scheme    Scheme
	Off       int64
	Line, Col int
	Raw       string
	Trunc     bool
	// context the classifiers read: the same however the text is read
	Before, After string
}

func streamAll(t *testing.T, r io.Reader, bufSize, maxLen int) []pos {
	t.Helper()
	s := NewStream(r, Options{MaxLen: maxLen, Schemes: AllSchemes}, bufSize)
	var out []pos
	for s.Next() {
		m := s.Match()
		out = append(out, pos{m.Scheme, m.Offset, m.Line, m.Column, string(m.Raw), m.Truncated, string(m.Before), string(m.After)})
	}
	if s.Err() != nil {
		t.Fatal(s.Err())
	}
	return out
}

// reference computes positions on the whole text at once.
func reference(text []byte, maxLen int) []pos {
	var out []pos
	for _, c := range Find(nil, text, Options{MaxLen: maxLen, Schemes: AllSchemes}) {
		before := text[:c.Start]
		line := bytes.Count(before, []byte{'\n'}) + 1
		ls := bytes.LastIndexByte(before, '\n') + 1
		out = append(out, pos{c.Scheme, int64(c.Start), line, chars(before[ls:]) + 1, string(text[c.Start:c.End]), c.Truncated,
			string(text[max(0, c.Start-ContextBytes):c.Start]), string(text[c.End:min(len(text), c.End+ContextBytes)])})
	}
	return out
}

// Scanning through any read size or buffer size gives the same matches at
// the same offsets as scanning the whole text at once.
func TestStreamEqualsWhole(t *testing.T) {
	t.Parallel()
	for seed := int64(1); seed <= longtest.Pick[int64](2, 4); seed++ {
		text := corpusText(seed, 40000)
		for _, maxLen := range []int{64, 1000} {
			want := reference(text, maxLen)
			if len(want) == 0 {
				t.Fatal("corpus has no identifiers")
			}
			readers := map[string]func() io.Reader{
				"whole":    func() io.Reader { return bytes.NewReader(text) },
				"1-byte":   func() io.Reader { return iotest.OneByteReader(bytes.NewReader(text)) },
				"half":     func() io.Reader { return iotest.HalfReader(bytes.NewReader(text)) },
				"7-byte":   func() io.Reader { return testio.ChunkReader(text, 7) },
				"4099byte": func() io.Reader { return testio.ChunkReader(text, 4099) },
			}
			// in place (ResetBytes), then back to reading: the stream's own
			// buffer is restored
			st := NewStream(nil, Options{MaxLen: maxLen, Schemes: AllSchemes}, 300)
			for _, inPlace := range []bool{true, false, true} {
				if inPlace {
					st.ResetBytes(text, 0)
				} else {
					st.Reset(testio.ChunkReader(text, 7))
				}
				var got []pos
				for st.Next() {
					m := st.Match()
					got = append(got, pos{m.Scheme, m.Offset, m.Line, m.Column, string(m.Raw), m.Truncated, string(m.Before), string(m.After)})
				}
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("seed %d maxLen %d in place %v: %d matches, want %d", seed, maxLen, inPlace, len(got), len(want))
				}
			}
			for name, mk := range readers {
				for _, bs := range []int{0, 1, 300, 5000} {
					got := streamAll(t, mk(), bs, maxLen)
					if fmt.Sprint(got) != fmt.Sprint(want) {
						t.Fatalf("seed %d maxLen %d reader %s buf %d: %d matches, want %d\nfirst got  %v\nfirst want %v", seed, maxLen, name, bs, len(got), len(want), head(got), head(want))
					}
				}
			}
		}
	}
}

func head(p []pos) []pos { return p[:min(3, len(p))] }

// A reader that returns nothing, forever, fails the stream instead of
// hanging it.
func TestStreamEmptyReads(t *testing.T) {
	t.Parallel()
	s := NewStream(emptyReader{}, Options{}, 0)
	for s.Next() {
	}
	if !errors.Is(s.Err(), io.ErrNoProgress) {
		t.Errorf("Err = %v, want io.ErrNoProgress", s.Err())
	}
}

type emptyReader struct{}

func (emptyReader) Read([]byte) (int, error) { return 0, nil }

func TestStreamReadError(t *testing.T) {
	t.Parallel()
	text := []byte("urn:a:b then more")
	s := NewStream(io.MultiReader(bytes.NewReader(text), iotest.ErrReader(io.ErrUnexpectedEOF)), Options{}, 0)
	n := 0
	for s.Next() {
		n++
	}
	if n != 1 || s.Err() != io.ErrUnexpectedEOF {
		t.Fatalf("got %d matches, err %v; want 1 and the read error", n, s.Err())
	}
}

func TestOtherSchemes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text string
		want       []string
	}{
		{"balanced parentheses belong to an XRI (xri-1.0-rc2 §2.1.2)", "xri://$xrd*($v*2.0) and (xri://@a).", []string{"xri://$xrd*($v*2.0)", "xri://@a"}},
		{"XRIs may hold Unicode (xri-1.0-rc2 §2.2.1 ucschar)", "xri:=café and xri:@東京\u3000x", []string{"xri:=café", "xri:@東京"}},
		{"lid: preceded by a letter is part of a word", "invalid://x invàlid:x", nil},
		{"lid: ends at RFC 2396 unwise [ ]", "lid://host/a[1]", []string{"lid://host/a"}},
		{"go: at a directive is a candidate (classified later)", "//go:build linux", []string{"go:build"}},
		{"go: after a file name is not", "main.go:12:5: error", nil},
		{"go: followed by space is prose", "Go: 5 steps. Way to Go: now", nil},
		{"ego: is not go:", "ego:x", nil},
		{"XRI in typographic quotes ends at the closer (xri-1.0-rc2 §2.2.1 ucschar holds them)", "\u201cxri://=a*b\u201d, \u00abxri:@c\u00bb \u201exri:=d\u201c \u300cxri:=e\u300d", []string{"xri://=a*b", "xri:@c", "xri:=d", "xri:=e"}},
		{"XRI after emphasis keeps its inner * (xri-1.0-rc2 §2.1.1)", "*xri://=a*b*", []string{"xri://=a*b"}},
		{"XRI query value", "?openid.claimed_id=xri://=a*b&x=1", []string{"xri://=a*b"}},
		{"go: example (rfc3368 §5)", "<go://cnrp.foo.com?Mercedes%20Benz;geography=US-ga>", []string{"go://cnrp.foo.com?Mercedes%20Benz;geography=US-ga"}},
	}
	for _, tt := range tests {
		var got []string
		for _, c := range Find(nil, []byte(tt.text), Options{Schemes: AllSchemes}) {
			got = append(got, tt.text[c.Start:c.End])
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("%s: Find(%q) = %q, want %q", tt.name, tt.text, got, tt.want)
		}
	}
	if got := Find(nil, []byte("xri://@a lid://h go:x"), Options{}); len(got) != 0 {
		t.Errorf("default options find only URNs, got %v", got)
	}
}

// Every Unicode quotation mark that can open a quotation (Pi, Ps, Po, and
// the Pf ones some languages open with) has an entry in quotePairs, and
// every closer is a quotation mark too; Pe marks only close.
func TestQuotePairsCoverUnicode(t *testing.T) {
	t.Parallel()
	opens := map[string]bool{}
	for _, q := range quotePairs {
		opens[q.open] = true
		for _, c := range q.close {
			if r, _ := utf8.DecodeRuneInString(c); c != "" && c[0] != '&' && !unicode.Is(unicode.Quotation_Mark, r) {
				t.Errorf("closer %q of %q is not a Unicode Quotation_Mark", c, q.open)
			}
		}
	}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !unicode.Is(unicode.Quotation_Mark, r) {
			continue
		}
		opener := !unicode.Is(unicode.Pe, r)
		if opens[string(r)] != opener {
			t.Errorf("%U %q: in quotePairs %v, want %v", r, r, opens[string(r)], opener)
		}
	}
}

// The opening rules read only the kept context: a stream finds what Find
// finds on the whole text, for every read size, on texts made of the
// rules' cases placed at every offset after runs of padding (so that the
// opening context straddles reads and buffer shifts).
func TestStreamEqualsWholeOpenings(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	for i, tc := range openingCases {
		b.WriteString(strings.Repeat("x ", i%37))
		b.WriteString(tc.text)
		b.WriteByte('\n')
	}
	text := b.Bytes()
	want := reference(text, 1000)
	if len(want) < len(openingCases) {
		t.Fatalf("%d matches for %d cases", len(want), len(openingCases))
	}
	for _, chunk := range []int{1, 2, 3, 5, 7, 31, 32, 33} {
		for _, bs := range []int{1, 300} {
			got := streamAll(t, testio.ChunkReader(text, chunk), bs, 1000)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("chunk %d buf %d:\n got %v\nwant %v", chunk, bs, got, want)
			}
		}
	}
}

// The opening rules allocate nothing per candidate.
func TestOpeningsNoAlloc(t *testing.T) {
	var b bytes.Buffer
	for _, tc := range openingCases {
		b.WriteString(tc.text + "\n")
	}
	text := b.Bytes()
	dst := make([]Candidate, 0, 1000)
	if n := testing.AllocsPerRun(20, func() { dst = Find(dst[:0], text, Options{Schemes: AllSchemes}) }); n != 0 {
		t.Errorf("Find allocates %v times per run", n)
	}
}

// FuzzStream: whatever the text, the read sizes and the buffer size, a
// stream finds what Find finds on the whole text, at the same offsets,
// lines and columns, with the same context around each match (the
// classifiers read it), and ResetBytes finds the same in place.
func FuzzStream(f *testing.F) {
	f.Add([]byte("see urn:a:b, xri://=x*y (lid://h/p) go:x\nURN:ISBN:1."), 7, 300)
	f.Add(corpusText(1, 2000), 1, 0)
	f.Fuzz(func(t *testing.T, text []byte, chunk, bufSize int) {
		chunk = 1 + abs(chunk)%300
		bufSize = abs(bufSize) % 5000
		for _, maxLen := range []int{16, 1000} {
			want := reference(text, maxLen)
			got := streamAll(t, testio.ChunkReader(text, chunk), bufSize, maxLen)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("chunk %d buf %d maxLen %d:\n got %v\nwant %v", chunk, bufSize, maxLen, got, want)
			}
			st := NewStream(nil, Options{MaxLen: maxLen, Schemes: AllSchemes}, bufSize)
			st.ResetBytes(text, 0)
			var inPlace []pos
			for st.Next() {
				m := st.Match()
				inPlace = append(inPlace, pos{m.Scheme, m.Offset, m.Line, m.Column, string(m.Raw), m.Truncated, string(m.Before), string(m.After)})
			}
			if fmt.Sprint(inPlace) != fmt.Sprint(want) {
				t.Fatalf("in place, maxLen %d:\n got %v\nwant %v", maxLen, inPlace, want)
			}
		}
	})
}

func abs(n int) int { return int(uint(n) >> 1) } // non-negative for any n, MinInt too
