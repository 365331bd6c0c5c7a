package extract

import (
	"bytes"
	"math/bits"

	"github.com/idlint/idlint/internal/wordbound"
)

// The opening context: what the text right before a candidate's scheme says
// about where the candidate ends. It is read only for confirmed candidates
// (never per byte of text), from at most ContextBytes before the scheme:
// the stream always keeps that much, so the result does not depend on
// where reads end.

// opening is the context of one candidate.
type opening struct {
	quote *quotePair // opened right after a quote: ends at its closer
	query bool       // a URL query value (rfc3986 §3.4): ends at "&" or "#"
	param bool       // a URI parameter's value (";key="): also ends at ";"
	angle bool       // opened by "<": where ">" ends it, nothing is trimmed
	wrap  byte       // Markdown emphasis run before it ('*', '_' or '~') …
	wrapN int        // … of this length: the same run at its end is stripped
	event byte       // the quote of an XMPP event name ("stanza/ns:name"): ends before ":name"
	sip   bool       // a SIP header's bare URI (rfc3261 §20): ";" starts the header's parameters
}

// quotePair is a quotation mark that opens an identifier and the marks
// that close it (the second may be empty).
type quotePair struct {
	open  string
	close [2]string
}

// quotePairs: every Unicode Quotation_Mark that opens a quotation — the
// initial (Pi) and opening (Ps) ones, the symmetric ASCII and fullwidth
// ones (Po), and the final (Pf) ones that languages also use as openers
// (Swedish ”…”, German »…«) — with their closers; then the HTML and XML
// character references for quotes and for "<".
// TestQuotePairsCoverUnicode checks the table against
// unicode.Quotation_Mark. '"' is listed for completeness:
// every scheme's extent already ends at it.
var quotePairs = [...]quotePair{
	{"'", [2]string{"'"}},
	{"\"", [2]string{"\""}},
	{"\uFF07", [2]string{"\uFF07"}},           // ＇
	{"\uFF02", [2]string{"\uFF02"}},           // ＂
	{"\u2018", [2]string{"\u2019"}},           // ‘ ’
	{"\u201B", [2]string{"\u2019"}},           // ‛ ’
	{"\u201A", [2]string{"\u2018", "\u2019"}}, // ‚ ‘ (German), ‚ ’ (Polish)
	{"\u2019", [2]string{"\u2019"}},           // ’ ’ (Swedish)
	{"\u201C", [2]string{"\u201D"}},           // “ ”
	{"\u201F", [2]string{"\u201D"}},           // ‟ ”
	{"\u201E", [2]string{"\u201C", "\u201D"}}, // „ “ (German), „ ” (Polish)
	{"\u2E42", [2]string{"\u201C", "\u201D"}}, // ⹂ as „
	{"\u201D", [2]string{"\u201D"}},           // ” ” (Swedish)
	{"\u00AB", [2]string{"\u00BB"}},           // « »
	{"\u00BB", [2]string{"\u00AB", "\u00BB"}}, // » « (German), » » (Swedish)
	{"\u2039", [2]string{"\u203A"}},           // ‹ ›
	{"\u203A", [2]string{"\u2039", "\u203A"}}, // › ‹, › ›
	{"\u300C", [2]string{"\u300D"}},           // 「 」
	{"\u300E", [2]string{"\u300F"}},           // 『 』
	{"\u301D", [2]string{"\u301E", "\u301F"}}, // 〝 〞, 〝 〟
	{"\uFE41", [2]string{"\uFE42"}},           // ﹁ ﹂
	{"\uFE43", [2]string{"\uFE44"}},           // ﹃ ﹄
	{"\uFF62", [2]string{"\uFF63"}},           // ｢ ｣
	{"&quot;", [2]string{"&quot;"}},
	{"&apos;", [2]string{"&apos;"}},
	{"&#34;", [2]string{"&#34;"}},
	{"&#39;", [2]string{"&#39;"}},
	{"&#x22;", [2]string{"&#x22;"}},
	{"&#x27;", [2]string{"&#x27;"}},
	{"&lsquo;", [2]string{"&rsquo;"}},
	{"&ldquo;", [2]string{"&rdquo;"}},
	{"&laquo;", [2]string{"&raquo;"}},
	// "<" escaped: <urn:…> delimits (rfc3986 Appendix C), so does its
	// escaped form
	{"&lt;", [2]string{"&gt;"}},
	{"&#60;", [2]string{"&#62;"}},
	{"&#x3C;", [2]string{"&#x3E;", "&#x3e;"}},
	{"&#x3c;", [2]string{"&#x3E;", "&#x3e;"}},
	// an escaped element's content ends where the next escaped tag opens
	// ("&lt;id&gt;urn:uuid:…&lt;/id&gt;": XML shown in HTML)
	{"&gt;", [2]string{"&lt;"}},
	{"&#62;", [2]string{"&#60;"}},
	{"&#x3E;", [2]string{"&#x3C;", "&#x3c;"}},
	{"&#x3e;", [2]string{"&#x3C;", "&#x3c;"}},
}

// of reads the context before a scheme at buf[start] into o, which is
// zero: ctx is buf[max(0, start-ContextBytes):start]. It writes scan's
// o in place (a struct returned is stored and copied back, the copy
// stalling on the stores: issue 25, dense text).
func (o *opening) of(ctx []byte) {
	if len(ctx) == 0 {
		return
	}
	switch c := ctx[len(ctx)-1]; {
	case c == '\'':
		o.quote = &quotePairs[0]
	case c == '=':
		o.query, o.param = queryKeyBefore(ctx[:len(ctx)-1])
	case c == '<':
		o.angle = true
	case c == '*' || c == '_' || c == '~':
		o.wrap, o.wrapN = emphasisBefore(ctx, c)
	case c == ' ' || c == '\t':
		o.sip = sipHeaderBefore(ctx)
	case c == '/':
		o.event = xmppEventBefore(ctx)
		if o.event == '\'' {
			o.quote = &quotePairs[0]
		}
	case c == ';' || c >= 0x80:
		// a typographic quote or a character reference: rare, so the
		// table is searched
		for i := range quotePairs {
			if open := quotePairs[i].open; len(ctx) >= len(open) && string(ctx[len(ctx)-len(open):]) == open {
				o.quote = &quotePairs[i]
				break
			}
		}
	}
}

// queryKeyBefore reports whether ctx ends in a query key that follows "?",
// "&" or ";" (so "&amp;" too), or opens a string literal holding a query
// (RawQuery: "xt=urn:btih:…&dn"): the text after "=" is a query value.
// param: the key follows ";", a URI parameter (sip:a@b;gr=urn:uuid:…;ob,
// rfc3261 §19.1.1), whose value also ends at the next ";".
func queryKeyBefore(ctx []byte) (query, param bool) {
	j := len(ctx)
	if j >= 16 {
		// the last 16 bytes at once, a bit per byte that is no key
		// character: the key's length without a loop whose exit is a
		// mispredicted branch per "key=urn:" (issue 25, dense text)
		b := ctx[j-16 : j]
		m := uint16(notKeyChar[b[15]]) | uint16(notKeyChar[b[14]])<<1 | uint16(notKeyChar[b[13]])<<2 | uint16(notKeyChar[b[12]])<<3 |
			uint16(notKeyChar[b[11]])<<4 | uint16(notKeyChar[b[10]])<<5 | uint16(notKeyChar[b[9]])<<6 | uint16(notKeyChar[b[8]])<<7 |
			uint16(notKeyChar[b[7]])<<8 | uint16(notKeyChar[b[6]])<<9 | uint16(notKeyChar[b[5]])<<10 | uint16(notKeyChar[b[4]])<<11 |
			uint16(notKeyChar[b[3]])<<12 | uint16(notKeyChar[b[2]])<<13 | uint16(notKeyChar[b[1]])<<14 | uint16(notKeyChar[b[0]])<<15
		j -= min(bits.TrailingZeros16(m), 16)
	}
	for j > 0 && queryKeyChar[ctx[j-1]] {
		j--
	}
	if j == len(ctx) || j == 0 {
		return false, false // no key, or one longer than the context kept
	}
	c := ctx[j-1]
	// "'" is a key character (a sub-delim), so a single-quoted literal's
	// key holds it: 'grant_type=urn:…&scope=…' (oauthlib),
	// post('grant_type=…'), data=['xt=…']
	return c == '?' || c == '&' || c == ';' || c == '"' || bytes.IndexByte(ctx[j:], '\'') >= 0, c == ';'
}

// emphasisBefore returns the Markdown emphasis run ctx ends in: one to
// three '*' or '_' (two '~' for strikethrough, one too), itself after
// no word character, as CommonMark's left-flanking rule asks.
func emphasisBefore(ctx []byte, c byte) (byte, int) {
	n := 0
	for n < len(ctx) && ctx[len(ctx)-1-n] == c {
		n++
	}
	maxN := 3
	if c == '~' {
		maxN = 2
	}
	if n > maxN || wordbound.Before(ctx[:len(ctx)-n]) {
		return 0, 0
	}
	return c, n
}

// cuts reports that cut may end the identifier before end (else it
// returns end).
func (o *opening) cuts() bool {
	return o.quote != nil || o.query || o.event != 0 || o.sip
}

// cut returns where the identifier in buf[from:end] ends by its opening:
// at the first closing quote or, for a query value, at the first "&" or
// "#" (end when there is none: then today's rules apply).
func (o *opening) cut(buf []byte, from, end int) int {
	if !o.cuts() {
		return end
	}
	seg := buf[from:end]
	switch {
	case o.quote != nil:
		for _, cl := range o.quote.close {
			if cl == "" {
				break
			}
			var k int
			if len(cl) == 1 {
				k = bytes.IndexByte(seg, cl[0])
			} else {
				k = bytes.Index(seg, []byte(cl))
			}
			if k >= 0 {
				seg = seg[:k]
			}
		}
	case o.sip:
		if k := bytes.IndexByte(seg, ';'); k >= 0 {
			seg = seg[:k]
		}
	case o.query:
		if k := bytes.IndexByte(seg, '&'); k >= 0 {
			seg = seg[:k]
		}
		if k := bytes.IndexByte(seg, '#'); k >= 0 {
			seg = seg[:k]
		}
		if k := bytes.IndexByte(seg, ';'); o.param && k >= 0 {
			seg = seg[:k]
		}
	}
	if o.event != 0 && from+len(seg) < len(buf) && buf[from+len(seg)] == o.event {
		seg = seg[:eventNamespace(seg)]
	}
	return from + len(seg)
}

// sipHeaders: the SIP header fields whose value is a URI that may be
// written bare, without "<>" (rfc3261 §20.10 Contact, §20.20 From, §20.39
// To; "m", "f", "t" their compact forms, §7.3.3), lower case.
var sipHeaders = [...]string{"to", "from", "contact", "t", "f", "m"}

// sipHeaderBefore reports ctx (ending in a space or tab) ending a SIP
// header field's name, ":" and white space, the name alone on its line
// after any indentation ("      To: urn:service:sos;tag=8gydfe65t0",
// rfc8147 §10.1): the URI is written without "<>", so every ";" after it
// starts a header parameter, not part of the URI (rfc3261 §20).
func sipHeaderBefore(ctx []byte) bool {
	i := len(ctx)
	for i > 0 && (ctx[i-1] == ' ' || ctx[i-1] == '\t') {
		i--
	}
	if i == 0 || ctx[i-1] != ':' {
		return false
	}
	j := i - 1
	for j > 0 && ('a' <= ctx[j-1]|0x20 && ctx[j-1]|0x20 <= 'z') {
		j--
	}
	name := ctx[j : i-1]
	k := j
	for k > 0 && (ctx[k-1] == ' ' || ctx[k-1] == '\t') {
		k--
	}
	if k > 0 && ctx[k-1] != '\n' {
		return false // "To:" after other text on its line, or too far back to tell
	}
	if k == 0 && len(ctx) == ContextBytes {
		return false // the line may start before the context
	}
	for _, h := range sipHeaders {
		if len(name) == len(h) && bytes.EqualFold(name, []byte(h)) {
			return true
		}
	}
	return false
}

// xmppEventStanzas: the first segment of an XMPP server's event name, a
// stanza kind (rfc6120 §8: iq, message, presence; an iq's type, §8.2.3)
// or "stanza" for any.
var xmppEventStanzas = [...]string{"stanza", "iq", "iq-get", "iq-set", "iq-result", "iq-error", "message", "presence"}

// xmppEventBefore returns the opening quote when ctx (ending in "/") ends
// an XMPP event name's path: a quote, a stanza kind, then at most two
// more segments of lower-case letters and "-" ("stanza/", "iq-get/host/",
// "stanza/iq/"), as Prosody names its events "kind/to/ns:name"; else 0.
// A URL path ("/v2/Schemas/urn:…", "http://x/urn:…") never starts so.
func xmppEventBefore(ctx []byte) byte {
	i := len(ctx) - 1 // the "/"
	for segs := 0; segs < 3; segs++ {
		j := i
		for j > 0 && ('a' <= ctx[j-1] && ctx[j-1] <= 'z' || ctx[j-1] == '-') {
			j--
		}
		if j == i || j == 0 {
			return 0
		}
		switch ctx[j-1] {
		case '/':
			i = j - 1
			continue
		case '"', '\'':
			for _, k := range xmppEventStanzas {
				if string(ctx[j:i]) == k {
					return ctx[j-1]
				}
			}
		}
		return 0
	}
	return 0
}

// eventNamespace returns where the namespace ends in seg, an XMPP event
// name's "ns:name" past the scheme's ":": before the last ":" when what
// follows it is an XML element's local name (letters, digits, "-", "_",
// "." after a letter or "_", XML 1.0 §2.3 NCName in ASCII) and a NID and
// an NSS are left before it ("xmpp:time:time" → "xmpp:time"); else all of
// seg ("xmpp:ping" stays whole).
func eventNamespace(seg []byte) int {
	k := bytes.LastIndexByte(seg, ':')
	if k < 0 || k == len(seg)-1 || bytes.IndexByte(seg[:k], ':') <= 0 {
		return len(seg)
	}
	for i, c := range seg[k+1:] {
		letter := 'a' <= c|0x20 && c|0x20 <= 'z' || c == '_'
		if !letter && (i == 0 || !('0' <= c && c <= '9' || c == '-' || c == '.')) {
			return len(seg)
		}
	}
	return k
}

// unwrap strips the emphasis run that opened the identifier b (already
// trimmed) from its end once, and trims again what was before the run
// ("**urn:a:b.**"); min is as for trim.
func (o *opening) unwrap(b []byte, min int) int {
	n := len(b)
	if o.wrapN == 0 || n-o.wrapN < min {
		return n
	}
	for _, c := range b[n-o.wrapN:] {
		if c != o.wrap {
			return n
		}
	}
	return trim(b[:n-o.wrapN], min)
}

// openerByte: the last bytes of the openings opening.of knows, so that scan
// calls it only when one may be there.
var openerByte = func() (t [256]bool) {
	for c := 0x80; c < 256; c++ {
		t[c] = true
	}
	for _, c := range []byte("'=*_~;</ \t") {
		t[c] = true
	}
	return t
}()

// notKeyChar is 1 for a byte that is not a queryKeyChar.
var notKeyChar = func() (t [256]uint8) {
	for c := range t {
		if !queryKeyChar[c] {
			t[c] = 1
		}
	}
	return t
}()

// queryKeyChar: the characters of a query key (rfc3986 §3.4 pchar without
// the separators "=", "&", ";" and without "/", ":", "@", "?").
var queryKeyChar = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		t[c] = 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' ||
			bytes.IndexByte([]byte("-._~%+[]!$'()*,"), b) >= 0
	}
	return t
}()
