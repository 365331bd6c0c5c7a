// Package urn parses, lints and normalizes URNs under three profiles:
// rfc2141 (1997), rfc2141bis-03 (the 2012 revision draft) and rfc8141
// (the standard since 2017, the default). It gives the spec's components,
// every finding with its rule and citation, a canonical form and an
// equivalence key: two URNs are equivalent under a profile exactly when
// their keys are equal.
//
// Parsing never writes into or retains more than substrings of its input,
// and parse+key costs at most one allocation for a valid URN.
package urn

import (
	"fmt"
	"strings"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ascii"
)

// URN is a parsed URN. Its string fields are substrings of the input.
type URN struct {
	Profile string
	Scheme  string // "urn" as written
	NID     string
	NSS     string
	// RComponent is rfc8141's "?+" component.
	RComponent string
	// Query is rfc8141's "?=" q-component or rfc2141bis-03's "?" query.
	Query string
	// Fragment is rfc8141's f-component or rfc2141bis-03's fragment.
	Fragment                    string
	HasR, HasQuery, HasFragment bool
	// Directives are the rfc2141bis-03 §2.3 query directives, when the query parses.
	Directives []Directive

	raw         string
	nidOK       bool // a NID delimiter was found
	assignedEnd int  // end of the assigned name (urn:NID:NSS) in raw
	needsCase   bool // scheme, NID or a %-escape is not in canonical case
	queryOrder  bool // rfc2141bis-03 §5 step 5b instead of 5a
	// def is the namespace layer's definition of NID when defKnown
	// (looked up once per parse, issue 25: each lookup lower-cases and
	// hashes the NID)
	def      *NamespaceDef
	defKnown bool
}

// Directive is one keywd=value pair of an rfc2141bis-03 query.
type Directive struct{ Keyword, Value string }

// Options select variants of a profile.
type Options struct {
	// QueryOrder makes the rfc2141bis-03 key follow §5 step 5b (directives
	// kept, sorted into a fixed keyword order) instead of step 5a (query removed).
	QueryOrder bool
	// MinSeverity drops findings below it (Parse uses Error to stay allocation-free).
	MinSeverity rules.Severity
}

// Error is a parse failure: the input and the first error-level finding.
type Error = rules.ParseError

// Parse parses s under profile and returns the first error-level finding as *Error.
func Parse(s, profile string) (URN, error) {
	var p parser
	p.s, p.profile, p.min = s, profile, rules.Error
	p.u.Profile, p.u.raw = profile, s
	p.parse()
	if len(p.out) > 0 {
		rules.SortFindings(p.out)
		return p.u, &Error{Scheme: "urn", Input: s, Profile: profile, Finding: p.out[0]}
	}
	return p.u, nil
}

// Lint parses s under profile and returns every finding at or above opt.MinSeverity.
func Lint(s, profile string, opt Options) (URN, []rules.Finding) {
	var p parser
	p.s, p.profile, p.min = s, profile, opt.MinSeverity
	p.u.Profile, p.u.raw, p.u.queryOrder = profile, s, opt.QueryOrder
	p.parse()
	rules.SortFindings(p.out)
	return p.u, p.out
}

type parser struct {
	s       string
	profile string
	min     rules.Severity
	u       URN
	out     []rules.Finding
	// UTF-8 check of consecutive escapes (rfc8141 §2.2)
	seq       [6]byte
	seqLen    int
	seqWant   int
	seqStart  int
	sawSlash  bool
	sawCompat bool
}

func (p *parser) add(r *rules.Rule, start, end int, msg string) {
	p.out = rules.AppendFinding(p.out, r, p.profile, p.min, start, end, msg)
}

// wants reports whether a finding of r would be kept; it saves building messages.
func (p *parser) wants(r *rules.Rule) bool { return rules.Wanted(r, p.profile, p.min) }

func (p *parser) parse() {
	s := p.s
	u := &p.u
	if !ascii.HasPrefixFold(s, "urn:") {
		p.add(NotURN, 0, min(len(s), 4), `does not begin with "urn:"`)
		u.assignedEnd = len(s)
		return
	}
	u.Scheme = s[:3]
	if s[0] != 'u' || s[1] != 'r' || s[2] != 'n' {
		u.needsCase = true
	}
	i := strings.IndexByte(s[4:], ':')
	if i < 0 {
		u.NID = s[4:]
		u.assignedEnd = len(s)
		p.add(MissingNIDDelimiter, 4, len(s), `no ":" after the namespace identifier`)
		p.caseOfNID()
		return
	}
	nidEnd := 4 + i
	u.NID = s[4:nidEnd]
	u.nidOK = true
	p.checkNID(4, nidEnd)
	start := nidEnd + 1
	switch p.profile {
	case RFC2141:
		p.parse2141(start)
	case RFC2141bis03:
		p.parseBis(start)
	default:
		p.parse8141(start)
	}
	p.namespace()
	if u.needsCase && p.wants(NonCanonicalCase) {
		for j := 0; j < nidEnd; j++ {
			if c := s[j]; c >= 'A' && c <= 'Z' {
				msg := ""
				if d := u.namespaceDef(); d != nil {
					msg = d.caseMsg // built once per namespace (issue 25)
				} else {
					msg = nonCanonicalCaseMsg(strings.ToLower(s[:nidEnd]))
				}
				p.add(NonCanonicalCase, 0, nidEnd, msg)
				break
			}
		}
	}
}

// nonCanonicalCaseMsg is NonCanonicalCase's message for "urn:NID" in
// lower case.
func nonCanonicalCaseMsg(lower string) string {
	return `scheme or NID not in lower case: canonical form is "` + lower + `"`
}

func (p *parser) caseOfNID() {
	for i := 0; i < len(p.u.NID); i++ {
		if c := p.u.NID[i]; c >= 'A' && c <= 'Z' {
			p.u.needsCase = true
			return
		}
	}
}

// checkNID applies the NID grammar of the profile and rfc8141 §5's
// registration constraints.
func (p *parser) checkNID(start, end int) {
	nid := p.s[start:end]
	p.caseOfNID()
	ok := p.nidSyntax(nid, start, end)
	if ascii.EqualFold(nid, "urn") {
		p.add(NIDReserved, start, end, `the NID "urn" is reserved`)
	}
	if ok && p.profile == RFC8141 {
		switch {
		case ascii.HasPrefixFold(nid, "urn-"):
			num := nid[4:]
			good := len(num) > 0 && num[0] != '0'
			for i := 0; i < len(num); i++ {
				good = good && isDigit(num[i])
			}
			if !good && p.wants(InformalNID) {
				p.add(InformalNID, start, end, `informal NID must be "urn-" and a number without leading zero, got "`+nid+`"`)
			}
		case ascii.HasPrefixFold(nid, "x-"):
			if p.wants(ExperimentalNID) {
				p.add(ExperimentalNID, start, end, `NID "`+nid+`" uses the experimental "X-" prefix, which can no longer be registered`)
			}
		case len(nid) <= 2:
			if p.wants(ShortNID) {
				p.add(ShortNID, start, end, `NID "`+nid+`" is too short for a formal namespace (more than two characters required)`)
			}
		case len(nid) >= 4 && isAlpha(nid[0]) && isAlpha(nid[1]) && nid[2] == '-' && nid[3] == '-' && p.wants(CountryCodeNID):
			p.add(CountryCodeNID, start, end, `NID "`+nid+`" starts with two letters and two hyphens, reserved for A-labels such as "xn--"`)
		case len(nid) >= 3 && isAlpha(nid[0]) && isAlpha(nid[1]) && nid[2] == '-' && p.wants(CountryCodeNID):
			p.add(CountryCodeNID, start, end, `NID "`+nid+`" starts with two letters and a hyphen, reserved for country-code namespaces`)
		}
	}
	if ok && !ascii.EqualFold(nid, "urn") {
		n := lookupNID(nid)
		if nid == p.u.NID && len(nid) >= 2 {
			p.u.def, p.u.defKnown = n.def, true // namespaceDef's, found with it
		}
		if !n.registered {
			p.unregistered(nid, start, end)
		}
	}
}

func (p *parser) nidSyntax(nid string, start, end int) bool {
	minLen := 2
	if p.profile == RFC2141 {
		minLen = 1
	}
	switch {
	case len(nid) == 0:
		p.add(NIDSyntax, start, end, "empty namespace identifier")
		return false
	case len(nid) > 32:
		p.add(NIDSyntax, start, end, fmt.Sprintf("namespace identifier is %d characters long; at most 32 allowed", len(nid)))
		return false
	case len(nid) < minLen:
		p.add(NIDSyntax, start, end, fmt.Sprintf("namespace identifier %q is shorter than %d characters", nid, minLen))
		return false
	}
	for i := 0; i < len(nid); i++ {
		c := nid[i]
		if isAlnum(c) {
			continue
		}
		if c != '-' {
			p.add(NIDSyntax, start+i, start+i+1, "namespace identifier contains "+ascii.CharName(c)+"; only letters, digits and hyphens are allowed")
			return false
		}
		if i == 0 {
			p.add(NIDSyntax, start, start+1, "namespace identifier starts with a hyphen")
			return false
		}
		if i == len(nid)-1 && p.profile != RFC2141 {
			p.add(NIDSyntax, start+i, start+i+1, "namespace identifier ends with a hyphen")
			return false
		}
	}
	return true
}

// Region kinds for character checks.
const (
	regNSS = iota
	regComponent
)

// escape checks a "%" at s[i] and returns the index after it. It reports
// malformed escapes, %00, lower-case hex, needless encoding and non-UTF-8.
func (p *parser) escape(i int, region int) int {
	s := p.s
	if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
		end := min(i+3, len(s))
		p.flushUTF8(i)
		p.add(BadPercent, i, end, `"%" not followed by two hex digits: "`+s[i:end]+`"`)
		return i + 1
	}
	b := ascii.Unhex(s[i+1])<<4 | ascii.Unhex(s[i+2])
	if s[i+1] >= 'a' || s[i+2] >= 'a' {
		p.u.needsCase = true
		if p.wants(LowercaseHex) {
			p.add(LowercaseHex, i, i+3, `lower-case hex in "`+s[i:i+3]+`"; canonical is "`+strings.ToUpper(s[i:i+3])+`"`)
		}
	}
	if b == 0 {
		p.add(NULOctet, i, i+3, "the NUL octet %00 must not be used, even encoded")
	}
	if region == regNSS && b < 0x80 && p.wants(UnneededPercent) {
		var needless bool
		switch p.profile {
		case RFC2141:
			needless = isTrans2141(b)
		case RFC2141bis03:
			needless = isPchar(b)
		default:
			needless = isUnreserved(b)
		}
		if needless {
			p.add(UnneededPercent, i, i+3, `"`+s[i:i+3]+`" encodes `+ascii.CharName(b)+`, which needs no encoding unless the namespace reserves it`)
		}
	}
	p.utf8Octet(b, i)
	return i + 3
}

// utf8Octet feeds one decoded octet to the UTF-8 sequence check.
func (p *parser) utf8Octet(b byte, at int) {
	if p.seqWant > 0 {
		if b&0xC0 == 0x80 {
			p.seq[p.seqLen] = b
			p.seqLen++
			if p.seqLen == p.seqWant {
				if !validUTF8(p.seq[:p.seqLen], p.profile == RFC2141) && p.wants(NotUTF8) {
					p.add(NotUTF8, p.seqStart, at+3, "percent-encoded octets "+p.s[p.seqStart:at+3]+" are not valid UTF-8")
				}
				p.seqWant = 0
			}
			return
		}
		p.flushUTF8(at)
	}
	if b < 0x80 {
		return
	}
	want := 0
	switch {
	case b&0xE0 == 0xC0:
		want = 2
	case b&0xF0 == 0xE0:
		want = 3
	case b&0xF8 == 0xF0:
		want = 4
	case b&0xFC == 0xF8 && p.profile == RFC2141:
		want = 5 // rfc2141 §2.2: "one to six octets using UTF-8"
	case b&0xFE == 0xFC && p.profile == RFC2141:
		want = 6
	}
	if want == 0 {
		if p.wants(NotUTF8) {
			p.add(NotUTF8, at, at+3, "percent-encoded octet "+p.s[at:at+3]+" cannot start a UTF-8 sequence")
		}
		return
	}
	p.seq[0], p.seqLen, p.seqWant, p.seqStart = b, 1, want, at
}

// flushUTF8 ends an unfinished sequence at position at.
func (p *parser) flushUTF8(at int) {
	if p.seqWant > 0 {
		if p.wants(NotUTF8) {
			p.add(NotUTF8, p.seqStart, at, "percent-encoded UTF-8 sequence "+p.s[p.seqStart:at]+" is an incomplete UTF-8 sequence")
		}
		p.seqWant = 0
	}
}

// chars checks s[start:end]: bytes whose class has a bit of allowed pass,
// "%" starts an escape, anything else goes to reject, which picks the rule.
func (p *parser) chars(start, end, region int, allowed uint16, reject func(i int)) {
	s := p.s[:end]
	for i := start; i < len(s); {
		c := s[i]
		if class[c]&allowed != 0 {
			i++
			continue
		}
		if c == '%' {
			i = p.escape(i, region)
			if p.seqWant > 0 && (i >= len(s) || s[i] != '%') {
				p.flushUTF8(i)
			}
			continue
		}
		reject(i)
		i++
	}
	if p.seqWant > 0 {
		p.flushUTF8(end)
	}
}

func (p *parser) invalid(i int, where string) {
	p.add(InvalidChar, i, i+1, ascii.CharName(p.s[i])+" is not allowed in the "+where+" and must be percent-encoded")
}

// parse8141 reads NSS and the r-, q- and f-components of rfc8141 §2.
func (p *parser) parse8141(start int) {
	s, u := p.s, &p.u
	// One pass over the NSS: find its end, check its characters and escapes,
	// and flag what older profiles would reject.
	nssEnd := len(s)
	for j := start; j < len(s); {
		c := s[j]
		if class[c]&cPlain8141 != 0 {
			j++
			continue
		}
		switch c {
		case '%':
			j = p.escape(j, regNSS)
			if p.seqWant > 0 && (j >= len(s) || s[j] != '%') {
				p.flushUTF8(j)
			}
			continue
		case '#':
			nssEnd = j
		case '?':
			if j+1 < len(s) && (s[j+1] == '+' || s[j+1] == '=') {
				nssEnd = j
				break
			}
			p.add(BareQuestionMark, j, j+1, `"?" not followed by "+" or "=": not an rfc8141 component`)
		case '/':
			if !p.sawSlash {
				p.sawSlash = true
				p.add(CompatSlash, j, j+1, `"/" in the NSS is rejected by rfc2141bis-03 and reserved by rfc2141`)
			}
		case '&', '~':
			if p.wants(CompatChars) {
				p.add(CompatChars, j, j+1, ascii.CharName(c)+" in the NSS is an excluded character for rfc2141 parsers")
			}
		default:
			p.invalid(j, "NSS")
		}
		if nssEnd != len(s) {
			break
		}
		j++
	}
	if p.seqWant > 0 {
		p.flushUTF8(nssEnd)
	}
	u.NSS, u.assignedEnd = s[start:nssEnd], nssEnd
	if nssEnd == start {
		p.add(EmptyNSS, start, start, "empty namespace-specific string")
	} else if s[start] == '/' {
		p.add(InvalidChar, start, start+1, `the NSS must begin with a pchar, not "/"`)
	}
	i := nssEnd
	if strings.HasPrefix(s[i:], "?+") {
		end := len(s)
		for j := i + 2; j < len(s); j++ {
			if s[j] == '#' || (s[j] == '?' && j+1 < len(s) && s[j+1] == '=') {
				end = j
				break
			}
		}
		u.HasR, u.RComponent = true, s[i+2:end]
		if end == i+2 {
			p.add(EmptyComponent, i, end, `empty r-component after "?+"`)
		}
		p.add(RComponentUse, i, end, "r-components SHOULD NOT be used before their semantics are standardized")
		p.chars(i+2, end, regComponent, mComponent, func(j int) { p.invalid(j, "r-component") })
		p.compat(i, end, "r-component")
		i = end
	}
	if strings.HasPrefix(s[i:], "?=") {
		end := len(s)
		if j := strings.IndexByte(s[i:], '#'); j >= 0 {
			end = i + j
		}
		u.HasQuery, u.Query = true, s[i+2:end]
		if end == i+2 {
			p.add(EmptyComponent, i, end, `empty q-component after "?="`)
		}
		if j := strings.Index(u.Query, "?+"); j >= 0 {
			p.add(ComponentOrder, i+2+j, i+4+j, `"?+" after "?=" is data of the q-component, not an r-component`)
		}
		p.chars(i+2, end, regComponent, mComponent, func(j int) { p.invalid(j, "q-component") })
		p.compat(i, end, "q-component")
		i = end
	}
	if i < len(s) && s[i] == '#' {
		u.HasFragment, u.Fragment = true, s[i+1:]
		p.chars(i+1, len(s), regComponent, mComponent, func(j int) { p.invalid(j, "f-component") })
		p.compat(i, len(s), "f-component")
	}
}

func (p *parser) compat(start, end int, what string) {
	if !p.sawCompat && p.wants(CompatComponents) {
		p.sawCompat = true
		p.add(CompatComponents, start, end, "rfc2141 parsers read the "+what+" as part of the NSS")
	}
}

// parseBis reads NSS, query and fragment of rfc2141bis-03 §2.2–§2.4.
func (p *parser) parseBis(start int) {
	s, u := p.s, &p.u
	nssEnd := len(s)
	if j := strings.IndexAny(s[start:], "?#"); j >= 0 {
		nssEnd = start + j
	}
	u.NSS, u.assignedEnd = s[start:nssEnd], nssEnd
	if nssEnd == start {
		p.add(EmptyNSS, start, start, "empty namespace-specific string")
	}
	p.chars(start, nssEnd, regNSS, mPchar, func(i int) {
		if s[i] == '/' {
			p.add(ReservedChar, i, i+1, `"/" must not appear unencoded in the NSS (write %2F)`)
			return
		}
		p.invalid(i, "NSS")
	})
	for j := start; j < nssEnd; j++ {
		if c := s[j]; (c == '&' || c == '~') && p.wants(CompatChars) {
			p.add(CompatChars, j, j+1, ascii.CharName(c)+" in the NSS is an excluded character for rfc2141 parsers")
		}
	}
	i := nssEnd
	if i < len(s) && s[i] == '?' {
		end := len(s)
		if j := strings.IndexByte(s[i:], '#'); j >= 0 {
			end = i + j
		}
		u.HasQuery, u.Query = true, s[i+1:end]
		p.chars(i+1, end, regComponent, mComponent, func(j int) { p.invalid(j, "query") })
		p.directives(i+1, end)
		p.add(QueryInReference, i, end, "a query makes this a URI reference for resolution, not an assigned URN")
		p.compat(i, end, "query")
		i = end
	}
	if i < len(s) && s[i] == '#' {
		u.HasFragment, u.Fragment = true, s[i+1:]
		p.chars(i+1, len(s), regComponent, mComponent, func(j int) { p.invalid(j, "fragment") })
		p.add(FragmentInURN, i, len(s), "fragments are allowed only where the namespace registration specifies them")
		p.compat(i, len(s), "fragment")
	}
}

// parse2141 reads the NSS of rfc2141 §2.2–§2.4; "?" and "#" are reserved
// characters of the NSS there, not delimiters.
func (p *parser) parse2141(start int) {
	s, u := p.s, &p.u
	u.NSS, u.assignedEnd = s[start:], len(s)
	if start == len(s) {
		p.add(EmptyNSS, start, start, "empty namespace-specific string")
	}
	p.chars(start, len(s), regNSS, mTrans2141, func(i int) {
		if c := s[i]; c == '/' || c == '?' || c == '#' {
			if p.wants(ReservedChar) {
				p.add(ReservedChar, i, i+1, ascii.CharName(c)+" is reserved and SHOULD NOT appear unencoded")
			}
			return
		}
		p.invalid(i, "NSS")
	})
}
