// Package gouri parses, lints and normalizes go: URIs of the Common Name
// Resolution Protocol (RFC 3368, profile rfc3368): it gives both forms'
// components, every finding with its rule and citation, a canonical form
// that makes the spec's defaults explicit, an equivalence key, and the
// look-alike classifier the lint engine asks before linting a go: candidate
// found in text — where most "go:" is Go source, not CNRP.
//
// # Forms
//
//	go://[server]?common-name *avpair    a query sent to one CNRP server
//	go://[server]?id=value               one record of that server
//	go://[server]                        the server itself (§3.3.1), not a query
//	go:common-name *avpair               a query for the client's configured services
//
// with avpair = ";" attribute "=" [type ","] value, all of them
// *(unreserved | escaped), UTF-8 before percent-encoding (§3.4).
//
// # Equivalence
//
// rfc3368 defines no equivalence. The canonical form, which is also the key,
// lowers the scheme, the host and "id=", writes an empty server as
// "localhost" (§3.3.2, MUST) and a missing port as 1096 (§3.3.3), upper-cases
// %-hex and decodes escaped unreserved characters (rfc2396 §2.3). Common
// names, types, values and ids keep their case, and the parameters keep their
// order: in CNRP "the ordering of the property-value pairs in the query
// implies a precedence" (rfc3367 §4.2.1.1), so reordering them could join
// different queries. form2 (go:name) and an explicit localhost are different
// queries (configured services versus the local server) and keep different keys.
//
// # LOOKALIKES
//
// Classify tells go: identifiers from text that only starts like one; the
// first rule that matches decides (see Checker.Classify for details):
//
//   - word-part: a letter, digit, mark, "+", "-" or "." precedes ("cargo:x").
//   - url-host: "://" precedes: "go" is a host in another URL ("http://go:8080").
//   - code-scope: "go::" and a name, a C++ namespace ("go::GoGenerator").
//   - go-directive: "go:" and a gc directive name (build, generate, embed,
//     linkname, noinline, nosplit, cgo_* …) in any context; or "//" right
//     before and a lower-case letter, digit or "_" after the colon, which is
//     how go/ast and gc recognize a directive ("//go:xxx"); or "// go:word"
//     commentary; or a directive pattern ("go:cgo_*", "go:*").
//   - linker-symbol: a Go linker symbol ("go:buildid", "go:itab.*",
//     "go:string.*", "go:info.type.int", "go:fipsinfo", "go:(*T).M" …);
//     names that are plain words ("go:map") only dotted or quoted exactly.
//   - module-path: "//", a host with a "." and a path ("go://golang.org/x/text@v0.3.0",
//     a Go module's locator in SPDX documents).
//   - source-position: only digits and colons follow ("go:114:" of
//     "file.go:114:" after a space, "go:7 +0x1d" in a traceback).
//   - format-string: a printf verb follows a "%" that is not a plain escape
//     ("go:%d", "go:%s", "go:%02x").
//   - emoticon: "go:D", "go:P", "go:-)" and the like.
//   - code-key: "{" or "," precedes with no space ("{go:function(){…}}").
//   - prose-label: nothing follows the colon ("Go: 5 steps", "Way to Go: …",
//     "go: exit" — dropped by the scanner for the space), or the scheme is not
//     all lower case and no "//" follows ("GO:TEAM").
//   - "" (an identifier) otherwise.
package gouri

//lint:file-ignore SA9009 the package doc lists go: URI forms, not compiler directives

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ascii"
	"github.com/idlint/idlint/rules/internal/rfc2396"
)

// Form is the shape of an identifier after "go:".
type Form uint8

const (
	FormNone   Form = iota // not a go: URI
	FormServer             // form1: "go://" [server] ["?" query]
	FormQuery              // form2: "go:" common-name *avpair
)

// URI is a parsed go: URI. Its string fields are substrings of the input.
type URI struct {
	Profile string
	Form    Form
	Scheme  string // "go" as written
	// Server is form1's server as written ("" for localhost); Userinfo,
	// Host and Port are its parts.
	Server, Userinfo, Host, Port string
	HasUserinfo, HasPort         bool
	// HasQuery: form1 has a "?"; form2 always has a query.
	HasQuery bool
	// Query is the text after "?" (form1) or after "go:" (form2).
	Query string
	// CommonName is the query's common name; ID its id (form1 "?id=value").
	CommonName, ID string
	HasID          bool
	Params         []Param

	raw    string
	hostOK bool
}

// Param is one avpair: ";" attribute "=" [ type "," ] value.
type Param struct {
	Attribute, Type, Value string
	HasType                bool
}

// Error is a parse failure: the input and the first error-level finding.
type Error = rules.ParseError

// Parse parses s under profile and returns the first error-level finding as *Error.
func Parse(s, profile string) (URI, error) {
	u, fs := Lint(s, profile, Options{MinSeverity: rules.Error})
	if len(fs) > 0 {
		return u, &Error{Scheme: "go", Input: s, Finding: fs[0]}
	}
	return u, nil
}

// Options select what Lint reports (the same shape as urn.Options and
// xri.Options).
type Options struct {
	// MinSeverity drops findings below it (Parse uses Error).
	MinSeverity rules.Severity
}

// Lint parses s under profile and returns every finding at or above
// opt.MinSeverity, in text order.
func Lint(s, profile string, opt Options) (URI, []rules.Finding) {
	p := parser{s: s, profile: profile, min: opt.MinSeverity}
	p.u = URI{Profile: profile, raw: s}
	p.parse()
	rules.SortFindings(p.out)
	return p.u, p.out
}

// maxParams bounds the parameters kept in URI.Params.
const maxParams = 64

type parser struct {
	s       string
	profile string
	min     rules.Severity
	u       URI
	out     []rules.Finding
	octets  []byte // decoded escape run, reused
}

func (p *parser) add(r *rules.Rule, start, end int, msg string) {
	p.out = rules.AppendFinding(p.out, r, p.profile, p.min, start, end, msg)
}

func (p *parser) wants(r *rules.Rule) bool { return rules.Wanted(r, p.profile, p.min) }

func (p *parser) parse() {
	s, u := p.s, &p.u
	if !ascii.HasPrefixFold(s, "go:") {
		p.add(NotGo, 0, min(len(s), 3), `does not begin with "go:"`)
		return
	}
	u.Scheme = s[:2]
	if s[0] != 'g' || s[1] != 'o' {
		p.add(NonCanonicalCase, 0, 2, `scheme not in lower case: canonical is "go"`)
	}
	if strings.HasPrefix(s[3:], "//") {
		u.Form = FormServer
		p.form1()
		return
	}
	u.Form = FormQuery
	u.HasQuery, u.Query = true, s[3:]
	p.query(3, false)
}

// form1 reads "//" [server] ["?" query].
func (p *parser) form1() {
	s, u := p.s, &p.u
	const start = 5
	end := len(s)
	if i := strings.IndexByte(s[start:], '?'); i >= 0 {
		end = start + i
	}
	u.Server = s[start:end]
	p.server(start, end)
	if end == len(s) {
		p.add(ServerOnly, 0, len(s), "only a server: this URI names a CNRP server, not a query (§3.3.1)")
		return
	}
	u.HasQuery, u.Query = true, s[end+1:]
	p.query(end+1, true)
}

func (p *parser) server(start, end int) {
	s, u := p.s, &p.u
	if start == end {
		p.add(EmptyServer, start-2, start, `empty server: it MUST be taken as "localhost" (canonical: go://localhost:`+DefaultPort+`)`)
		return
	}
	hostStart := start
	if i := strings.LastIndexByte(s[start:end], '@'); i >= 0 {
		u.Userinfo, u.HasUserinfo = s[start:start+i], true
		hostStart = start + i + 1
		p.chars(start, hostStart-1, rfc2396.IsUserinfo, "userinfo", false)
	}
	hostEnd := end
	portFrom := hostStart
	if hostStart < end && s[hostStart] == '[' { // an IP literal (rfc2732): one host, however many colons
		if i := strings.IndexByte(s[hostStart:end], ']'); i >= 0 {
			portFrom = hostStart + i
		}
	}
	if i := strings.IndexByte(s[portFrom:end], ':'); i >= 0 {
		hostEnd = portFrom + i
		u.Port, u.HasPort = s[hostEnd+1:end], true
		for j := hostEnd + 1; j < end; j++ {
			if !rfc2396.IsDigit(s[j]) {
				p.add(PortSyntax, hostEnd+1, end, `port "`+u.Port+`" is not a decimal number`)
				break
			}
		}
	}
	u.Host = s[hostStart:hostEnd]
	p.host(hostStart, hostEnd)
	if p.wants(NonCanonicalCase) && rfc2396.HasUpperOutsideEscapes(u.Host) {
		var b strings.Builder
		lowerHost(&b, u.Host)
		p.add(NonCanonicalCase, hostStart, hostEnd, `host not in lower case: canonical is "`+b.String()+`"`)
	}
}

// host checks host = hostname | IPv4address (rfc2396 §3.2.2).
func (p *parser) host(start, end int) {
	s := p.s
	h := s[start:end]
	if h == "" {
		p.add(ServerSyntax, start, end, "the server has userinfo or a port but no host")
		return
	}
	for i := start; i < end; i++ {
		if c := s[i]; !rfc2396.IsAlnum(c) && c != '-' && c != '.' {
			n := 1
			what := ascii.CharName(c)
			if c >= utf8.RuneSelf {
				if r, size := utf8.DecodeRuneInString(s[i:end]); r != utf8.RuneError {
					n, what = size, fmt.Sprintf("%q", r)
				}
			}
			msg := what + " is not allowed in a host name (letters, digits, hyphens and dots)"
			if c == '/' {
				msg = `"/" after the server: a go: URI has no path; the query follows "?"`
			}
			p.add(ServerSyntax, i, i+n, msg)
			return
		}
	}
	labels := strings.Split(strings.TrimSuffix(h, "."), ".")
	numeric := true
	for _, l := range labels {
		for i := 0; i < len(l); i++ {
			if !rfc2396.IsDigit(l[i]) {
				numeric = false
			}
		}
	}
	if numeric {
		if len(labels) != 4 || strings.HasSuffix(h, ".") || strings.Contains(h, "..") || labels[0] == "" {
			p.add(ServerSyntax, start, end, `"`+h+`" is neither a host name nor an IPv4 address (four groups of digits)`)
			return
		}
		p.u.hostOK = true
		return
	}
	off := start
	for k, l := range labels {
		switch {
		case l == "":
			p.add(ServerSyntax, off, off+1, "empty label in host name")
			return
		case l[0] == '-' || l[len(l)-1] == '-':
			p.add(ServerSyntax, off, off+len(l), `label "`+l+`" starts or ends with a hyphen`)
			return
		case k == len(labels)-1 && !rfc2396.IsAlpha(l[0]):
			p.add(ServerSyntax, off, off+len(l), `top label "`+l+`" must start with a letter`)
			return
		}
		off += len(l) + 1
	}
	p.u.hostOK = true
}

// query reads the query starting at s[start]: in form1 either id-req or
// common-name *avpair, in form2 common-name *avpair.
func (p *parser) query(start int, form1 bool) {
	s, u := p.s, &p.u
	end := len(s)
	first := end
	if i := strings.IndexByte(s[start:], ';'); i >= 0 {
		first = start + i
	}
	if form1 && ascii.HasPrefixFold(s[start:], "id=") {
		u.HasID, u.ID = true, s[start+3:first]
		if s[start] != 'i' || s[start+1] != 'd' {
			p.add(NonCanonicalCase, start, start+2, `"`+s[start:start+2]+`=" not in lower case: canonical is "id="`)
		}
		p.chars(start+3, first, rfc2396.IsUnreserved, "id", true)
		switch {
		case u.ID == "":
			p.add(EmptyQuery, start, first, `"id=" without a value: the query names no record (rfc3367 §4.2.1)`)
		case first == end:
			p.add(IDOnly, start, end, "only an id: the URI does not show which common name it points to (§6)")
		}
		if first < end {
			p.add(IDWithParams, first, end, `parameters after "id=value": id-req takes no avpairs`)
			p.params(first, false)
		}
		return
	}
	u.CommonName = s[start:first]
	if !form1 && ascii.HasPrefixFold(s[start:], "id=") {
		p.add(InvalidChar, start+2, start+3, `"id=" only starts a query after a server (go://server?id=value); here "=" is part of a common name and must be encoded`)
		p.chars(start+3, first, rfc2396.IsUnreserved, "common name", true)
	} else {
		p.chars(start, first, rfc2396.IsUnreserved, "common name", true)
	}
	if first == start {
		msg := "empty query: a CNRP query holds one common name or one id (rfc3367 §4.2.1)"
		if first < end {
			msg = "parameters without a common name: a CNRP query holds one common name or one id (rfc3367 §4.2.1)"
		} else if !form1 {
			msg = `nothing follows "go:": a CNRP query holds one common name (rfc3367 §4.2.1)`
		}
		p.add(EmptyQuery, max(0, start-1), end, msg)
	}
	if first < end {
		p.params(first, first > start)
	}
}

// params reads *avpair from s[i], which is ";".
func (p *parser) params(i int, haveName bool) {
	s, u := p.s, &p.u
	for i < len(s) {
		start := i + 1
		end := len(s)
		if j := strings.IndexByte(s[start:], ';'); j >= 0 {
			end = start + j
		}
		i = end
		eq := strings.IndexByte(s[start:end], '=')
		if start == end {
			p.add(AvpairSyntax, start-1, end, `empty parameter: ";" must be followed by attribute "=" value`)
			continue
		}
		if eq < 0 {
			p.add(AvpairSyntax, start-1, end, `parameter "`+s[start:end]+`" has no "=": avpair = ";" attribute "=" [type ","] value`)
			p.chars(start, end, rfc2396.IsUnreserved, "attribute", true)
			continue
		}
		eq += start
		var pr Param
		pr.Attribute = s[start:eq]
		p.chars(start, eq, rfc2396.IsUnreserved, "attribute", true)
		if pr.Attribute == "" {
			p.add(EmptyAttribute, start-1, end, "parameter without an attribute name")
		} else if a := unescapeUnreserved(pr.Attribute); ascii.EqualFold(a, "id") || ascii.EqualFold(a, "commonname") {
			what := "a common name"
			if u.HasID {
				what = "an id"
			}
			if haveName || u.HasID {
				p.add(ConflictingTerms, start-1, end, `parameter "`+pr.Attribute+`" adds a core query term to a query that already has `+what+`; CNRP allows exactly one common name or one id`)
			}
		}
		v := eq + 1
		if c := strings.IndexByte(s[v:end], ','); c >= 0 {
			pr.Type, pr.HasType = s[v:v+c], true
			p.chars(v, v+c, rfc2396.IsUnreserved, "type", true)
			v += c + 1
		}
		pr.Value = s[v:end]
		p.chars(v, end, rfc2396.IsUnreserved, "value", true)
		if len(u.Params) < maxParams {
			u.Params = append(u.Params, pr)
		}
	}
}

// chars checks s[start:end]: escapes everywhere, literal bytes with
// allowed; with text set, the decoded octets must be UTF-8 without
// control characters (§3.4).
func (p *parser) chars(start, end int, allowed func(byte) bool, where string, text bool) {
	s := p.s
	for i := start; i < end; {
		c := s[i]
		if c == '%' {
			if !ascii.IsEscape(s, i) {
				e := min(i+3, end)
				p.add(BadPercent, i, e, `"%" not followed by two hex digits: "`+s[i:e]+`"`)
				i++
				continue
			}
			j := i
			for j < end && ascii.IsEscape(s, j) {
				p.escape(j)
				j += 3
			}
			if text {
				p.utf8Run(i, j)
			}
			i = j
			continue
		}
		if allowed(c) {
			i++
			continue
		}
		n := 1
		what := ascii.CharName(c)
		if c >= utf8.RuneSelf {
			if r, size := utf8.DecodeRuneInString(s[i:end]); r != utf8.RuneError {
				n, what = size, fmt.Sprintf("%q", r)
			}
		}
		p.add(InvalidChar, i, i+n, what+" is not allowed in the "+where+" and must be percent-encoded")
		i += n
	}
}

// escape reports the case and need of the escape at s[i].
func (p *parser) escape(i int) {
	s := p.s
	if s[i+1] >= 'a' || s[i+2] >= 'a' {
		p.add(LowercaseHex, i, i+3, `lower-case hex in "`+s[i:i+3]+`"; canonical is "`+strings.ToUpper(s[i:i+3])+`"`)
	}
	if b := ascii.Unhex(s[i+1])<<4 | ascii.Unhex(s[i+2]); rfc2396.IsUnreserved(b) {
		p.add(UnneededPercent, i, i+3, `"`+s[i:i+3]+`" encodes the unreserved `+ascii.CharName(b)+`, which needs no escape`)
	}
}

// utf8Run checks the octets of the escapes s[start:end] (a run of "%XX").
func (p *parser) utf8Run(start, end int) {
	s := p.s
	p.octets = p.octets[:0]
	for i := start; i < end; i += 3 {
		p.octets = append(p.octets, ascii.Unhex(s[i+1])<<4|ascii.Unhex(s[i+2]))
	}
	b := p.octets
	for k := 0; k < len(b); {
		r, n := utf8.DecodeRune(b[k:])
		at := start + 3*k
		switch {
		case r == utf8.RuneError && n <= 1:
			// extend over the continuation octets that follow, so one bad sequence is one finding
			m := 1
			for k+m < len(b) && b[k+m]&0xC0 == 0x80 {
				m++
			}
			p.add(NotUTF8, at, at+3*m, "percent-encoded octets "+s[at:at+3*m]+" are not valid UTF-8")
			k += m
			continue
		case r < 0x20 || r == 0x7F || r >= 0x80 && r < 0xA0:
			p.add(ControlChar, at, at+3*n, fmt.Sprintf("%s encodes the control character U+%04X", s[at:at+3*n], r))
		}
		k += n
	}
}

// unescapeUnreserved decodes the escapes of unreserved characters in s, as
// Canonical does: "%49d" is the attribute "Id" (rfc2396 §2.3), so a term
// check must see it the same before and after canonicalization.
func unescapeUnreserved(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if ascii.IsEscape(s, i) {
			if c := ascii.Unhex(s[i+1])<<4 | ascii.Unhex(s[i+2]); rfc2396.IsUnreserved(c) {
				b = append(b, c)
				i += 2
				continue
			}
		}
		b = append(b, s[i])
	}
	return string(b)
}
