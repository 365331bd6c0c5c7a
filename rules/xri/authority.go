package xri

import (
	"net/netip"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// idnaProfile is ToASCII as rc2 §2.2.4.3 step 4 asks: RFC 3490 with
// UseSTD3ASCIIRules and without AllowUnassigned. golang.org/x/net/idna
// implements UTS #46; transitional processing is its IDNA2003-compatible
// mode (ß → ss, as RFC 3490's nameprep maps it).
// Both are made at first use, not at every start (issue 25).
var idnaProfile = sync.OnceValue(func() *idna.Profile {
	return idna.New(
		idna.MapForLookup(),
		idna.Transitional(true),
		idna.StrictDomainName(true),
		idna.BidiRule(),
	)
})

// idnaDisplay is ToUnicode for the way back (rc2 §2.2.4.5 step 2).
var idnaDisplay = sync.OnceValue(func() *idna.Profile {
	return idna.New(idna.MapForLookup(), idna.StrictDomainName(true), idna.BidiRule())
})

// uriAuthority reads a URI authority at i (after "//"): rc2 §2.1.1.1
// [userinfo "@"] host [":" port], or xri-2.0's rfc3987 iauthority.
func (p *parser) uriAuthority(r *ref, i int, inX bool) int {
	s := p.s
	r.auth = URIAuthority
	r.authStart = i
	end := i
	for end < len(s) {
		c := s[end]
		if c == '/' || c == '?' || c == '#' || (c == ')' && inX) {
			break
		}
		end++
	}
	r.authEnd = end
	if p.v2 && i < end && (is(s[i], cGCS2) || s[i] == '(') {
		// after "xri://" such an authority reads as an XRI authority
		p.add(UnexpectedChar, i, i+1, charName(s, i)+` cannot start an IRI authority in xri-2.0: "xri://`+clipTo(s[i:end])+`" would be an XRI authority`)
	}
	hs := i
	if at := strings.IndexByte(s[i:end], '@'); at >= 0 {
		r.uiEnd = i + at
		for j := i; j < r.uiEnd; {
			j = p.char(j, tUser)
		}
		hs = r.uiEnd + 1
		if !p.v2 {
			p.misleading(r, i, end)
		}
	}
	he := end
	if hs < end && s[hs] == '[' {
		if k := strings.IndexByte(s[hs:end], ']'); k >= 0 {
			he = hs + k + 1
		}
	} else if k := strings.IndexByte(s[hs:end], ':'); k >= 0 {
		he = hs + k
	}
	r.hostStart, r.hostEnd = hs, he
	if he < end {
		if s[he] == ':' {
			r.portStart = he + 1
			for j := he + 1; j < end; j++ {
				if !isDigit(s[j]) {
					p.add(BadPort, he+1, end, `the port "`+clipTo(s[he+1:end])+`" is not a number`)
					break
				}
			}
		} else if p.v2 {
			p.add(UnexpectedChar, he, end, charName(s, he)+` cannot follow the IP literal; a port is written ":" and digits`)
		} else {
			p.add(BadHost, he, end, charName(s, he)+` cannot follow the IPv6 literal; a port is written ":" and digits`)
		}
	}
	p.checkHost(hs, he)
	if p.depth == 0 && r.start == 0 {
		p.host = [2]int{hs, he}
	}
	p.caseCheck(hs, he, "host")
	return end
}

// misleading reports rc2 Appendix C's confusable URI authorities: an
// empty userinfo ("xri://@example.com") or one that starts with a global
// context symbol ("xri://=bob@example.com") reads as an XRI authority.
func (p *parser) misleading(r *ref, i, end int) {
	s := p.s
	ui := s[i:r.uiEnd]
	host := s[r.uiEnd+1 : end]
	switch {
	case ui == "":
		p.add(MisleadingAuthority, i, end, `"//`+clipTo(s[i:end])+`" is an empty user name at host "`+clipTo(host)+
			`", not the i-name "`+clipTo(s[i:end])+`" (rc2 Appendix C); xri-2.0 reads it as an XRI authority (--profile xri=xri-2.0)`)
	case is(ui[0], cGCS1):
		p.add(MisleadingAuthority, i, end, `"//`+clipTo(s[i:end])+`" is the user name "`+clipTo(ui)+`" at host "`+clipTo(host)+`", which reads like an XRI authority (rc2 Appendix C)`)
	}
}

// checkHost checks a host: rc2 §2.1.1.1 host = [hostname / IPv4address /
// IPv6reference], where a hostname must meet rfc2396 §3.2.2 after IDNA
// ToASCII; xri-2.0 ihost = IP-literal / IPv4address / ireg-name.
func (p *parser) checkHost(hs, he int) {
	s := p.s
	h := s[hs:he]
	switch {
	case h == "":
		return
	case h[0] == '[':
		// an IP literal is strict syntax in both profiles (rfc2732, rfc3986)
		bad := func(msg string) {
			if p.v2 {
				p.add(UnexpectedChar, hs, he, msg)
			} else {
				p.add(BadHost, hs, he, msg)
			}
		}
		if len(h) < 2 || h[len(h)-1] != ']' {
			bad(`the IP literal "` + clipTo(h) + `" has no closing "]"`)
			return
		}
		in := h[1 : len(h)-1]
		if p.v2 && len(in) > 0 && (in[0] == 'v' || in[0] == 'V') {
			if !ipvFuture(in) {
				bad(`"` + clipTo(h) + `" is not an IPvFuture literal`)
			}
			return
		}
		a, err := netip.ParseAddr(in)
		if err != nil || !a.Is6() || a.Zone() != "" || strings.IndexByte(in, '%') >= 0 {
			bad(`"` + clipTo(h) + `" is not an IPv6 address (rfc2732)`)
		}
		return
	case isIPv4(h):
		return
	}
	for j := hs; j < he; {
		c := s[j]
		if c == '%' && p.v2 {
			j = p.escape(j, tHost)
			continue
		}
		if c < utf8.RuneSelf {
			if is(c, cExcluded) && c != '%' {
				p.add(ExcludedChar, j, j+1, charName(s, j)+" is an excluded character and must be percent-encoded")
				return
			}
			if !literal(c, tHost, p.v2) {
				if p.v2 {
					p.add(UnexpectedChar, j, j+1, charName(s, j)+" is not allowed in a host (rfc3987 ireg-name)")
				} else {
					p.add(BadHost, j, j+1, charName(s, j)+" is not allowed in a host name (letters, digits, \"-\" and \".\"; rc2 §2.1.1.1)")
				}
				return
			}
			j++
			continue
		}
		j = p.char(j, tHost)
	}
	if msg := dnsName(h); msg != "" {
		p.add(BadHost, hs, he, msg)
	}
}

// dnsName checks h against rfc2396 §3.2.2 after ToASCII (rc2 §2.1.1.1):
// hostname = *( domainlabel "." ) toplabel [ "." ], labels of letters,
// digits and inner hyphens, at most 63 octets, the top label starting
// with a letter. It returns "" or what is wrong.
func dnsName(h string) string {
	h = strings.TrimSuffix(h, ".")
	if h == "" {
		return `the host name "." has no label`
	}
	total := 0
	for n := 0; h != ""; n++ {
		label, rest, more := strings.Cut(h, ".")
		if label == "" {
			return `the host name has an empty label`
		}
		a := label
		if !isASCII(label) {
			var err error
			a, err = idnaProfile().ToASCII(label)
			if err != nil {
				return `the host label "` + clipTo(label) + `" fails IDNA ToASCII (rfc3490): ` + err.Error()
			}
		}
		if a == "" {
			return `the host label "` + clipTo(label) + `" is empty after IDNA mapping (rfc3490)`
		}
		if len(a) > 63 {
			return `the host label "` + clipTo(label) + `" is longer than 63 octets`
		}
		for i := 0; i < len(a); i++ {
			c := a[i]
			if !(isAlpha(c) || isDigit(c) || c == '-') {
				return `the host label "` + clipTo(label) + `" holds ` + charName(a, i) + ` after IDNA (rfc2396 §3.2.2)`
			}
		}
		if a[0] == '-' || a[len(a)-1] == '-' {
			return `the host label "` + clipTo(label) + `" starts or ends with "-" (rfc2396 §3.2.2)`
		}
		if !more && !isAlpha(a[0]) {
			return `the top label "` + clipTo(label) + `" must start with a letter (rfc2396 §3.2.2 toplabel)`
		}
		total += len(a) + 1
		h = rest
	}
	if total-1 > 255 {
		return "the host name is longer than 255 octets"
	}
	return ""
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// isIPv4 matches rc2 §2.1.1.1 IPv4address: four dec-octets without leading zeros.
func isIPv4(h string) bool {
	for n := 0; n < 4; n++ {
		i := 0
		for i < len(h) && i < 3 && isDigit(h[i]) {
			i++
		}
		if i == 0 || (i > 1 && h[0] == '0') {
			return false
		}
		v := 0
		for _, c := range []byte(h[:i]) {
			v = v*10 + int(c-'0')
		}
		if v > 255 {
			return false
		}
		h = h[i:]
		if n < 3 {
			if h == "" || h[0] != '.' {
				return false
			}
			h = h[1:]
		}
	}
	return h == ""
}

// ipvFuture matches rfc3986 IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
func ipvFuture(s string) bool {
	i := 1
	for i < len(s) && isHex(s[i]) {
		i++
	}
	if i == 1 || i >= len(s) || s[i] != '.' || i+1 == len(s) {
		return false
	}
	for _, c := range []byte(s[i+1:]) {
		if !is(c, cIRegName) && c != ':' {
			return false
		}
	}
	return true
}
