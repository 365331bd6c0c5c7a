// Package lid parses, lints and normalizes lid: URIs of the ATVEF Local
// Identifier scheme (draft-blackketter-lid-00, profile lid-00): it gives the
// components of Appendix A's BNF, every finding with its rule and citation,
// a canonical form, a case-independent equivalence key, relative reference
// resolution (Resolve) and the look-alike classifier the lint engine asks
// before linting a lid: candidate found in text.
//
// # Two lid: schemes
//
// lid-00 (2000) always writes lid://host/path?query#fragment. A newer,
// unrelated lid: exists (IANA provisional registration of 2023, "IS4 linked
// identifier", and a 2025 draft for opaque lid:<id> with a case-sensitive
// id). The two are told apart by shape: "lid://" is lid-00; "lid:" followed
// by anything but "/" is the other scheme: the default profile, auto, lints
// it under the profile opaque (nothing checked beyond its shape); an
// explicitly chosen lid-00 reports it with the error LID003 (opaque-lid),
// as lid-00's grammar does not accept it. Its key starts with
// "(opaque)" and its namespace is "(opaque)", so it never clusters with
// lid-00 URIs. "lid:/path" is a lid-00 error (LID002, missing authority).
//
// # Equivalence
//
// lid-00 §2 compares complete lid: URIs case-independently. Canonical lowers
// the scheme and host, upper-cases %-hex, decodes escaped unreserved
// characters (rfc2396 §2.3), removes dot segments and an empty port. Key
// folds the canonical form to lower case (ASCII only; %-hex stays upper) and
// drops the fragment, which rfc2396 §4.1 puts outside the URI.
//
// # LOOKALIKES
//
// Classify tells lid: identifiers from text that only starts like one; the
// first rule that matches decides (see Checker.Classify):
//
//   - word-part: the text before is a letter, digit, mark, "+", "-" or "."
//     ("invalid://x", Catalan "invàlid:x"); the scanner already refuses these.
//   - url-host: the text before ends with "://", so "lid" is a host name in
//     another URL ("http://lid:8080/").
//   - "" (an identifier): "lid://…" in any case — lid-00.
//   - prose-label: nothing follows the colon ("LID: Layer ID", X11's
//     "lid: LEASE"), or the scheme is not written in lower case and no "//"
//     follows ("LID:0x0003", "Lid:closed"): field labels, not URIs.
//   - chat-id: lower-case "lid:" and only digits, inside quotes
//     (WhatsApp-style "lid:77").
//   - numeric-label: lower-case "lid:" and only a number (decimal or 0x hex)
//     outside quotes, as InfiniBand and hardware logs print local IDs
//     ("lid:3", "lid:0x1f").
//   - code-key: the text before ends with "{" or "," and no space, as in an
//     object literal ("{lid:e.lid}").
//   - "" (an identifier) otherwise: an opaque lid: of the newer scheme,
//     linted under the profile opaque by auto (LID003 under lid-00).
package lid

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ascii"
	"github.com/idlint/idlint/rules/internal/rfc2396"
)

// Form is the shape of an identifier after "lid:".
type Form uint8

const (
	FormNone        Form = iota // not a lid: URI at all
	FormHier                    // "lid://" authority …: lid-00
	FormNoAuthority             // "lid:" with nothing after it or a single "/": a lid-00 error
	FormOpaque                  // "lid:" followed by an opaque token: the newer lid: scheme
)

// LID is a parsed lid: URI. Its string fields are substrings of the input.
type LID struct {
	Profile string
	Form    Form
	Scheme  string // "lid" as written
	// Userinfo, Host and Port are the authority's parts (FormHier).
	Userinfo, Host, Port string
	HasUserinfo, HasPort bool
	Path                 string // "" or starting with "/" (FormHier)
	Query                string
	Fragment             string
	HasQuery             bool
	HasFragment          bool
	// Opaque is what follows "lid:" up to any "#" (FormOpaque, FormNoAuthority).
	Opaque string

	raw    string
	hostOK bool // Host is a valid host name
}

// Error is a parse failure: the input and the first error-level finding.
type Error = rules.ParseError

// Parse parses s under profile and returns the first error-level finding as *Error.
func Parse(s, profile string) (LID, error) {
	u, fs := Lint(s, profile, Options{MinSeverity: rules.Error})
	if len(fs) > 0 {
		return u, &Error{Scheme: "lid", Input: s, Finding: fs[0]}
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
func Lint(s, profile string, opt Options) (LID, []rules.Finding) {
	if profile != LID00 && profile != Opaque {
		profile = DetectProfile(s)
	}
	p := parser{s: s, profile: profile, min: opt.MinSeverity}
	p.u = LID{Profile: profile, raw: s}
	p.parse()
	rules.SortFindings(p.out)
	return p.u, p.out
}

// DetectProfile is the profile auto lints s under: Opaque for "lid:"
// followed by anything but "/" (the newer scheme's shape), LID00 otherwise
// (lid://…, and "lid:" or "lid:/…", which are lid-00 errors).
func DetectProfile(s string) string {
	if len(s) > 4 && ascii.HasPrefixFold(s, "lid:") && s[4] != '/' {
		return Opaque
	}
	return LID00
}

type parser struct {
	s       string
	profile string
	min     rules.Severity
	u       LID
	out     []rules.Finding
}

func (p *parser) add(r *rules.Rule, start, end int, msg string) {
	p.out = rules.AppendFinding(p.out, r, p.profile, p.min, start, end, msg)
}

func (p *parser) wants(r *rules.Rule) bool { return rules.Wanted(r, p.profile, p.min) }

func (p *parser) parse() {
	s, u := p.s, &p.u
	if !ascii.HasPrefixFold(s, "lid:") {
		p.add(NotLID, 0, min(len(s), 4), `does not begin with "lid:"`)
		return
	}
	u.Scheme = s[:3]
	rest := s[4:]
	switch {
	case strings.HasPrefix(rest, "//"):
		u.Form = FormHier
		p.parseHier()
	case rest == "" || rest[0] == '/':
		u.Form = FormNoAuthority
		p.splitOpaque()
		if rest == "" {
			p.add(MissingAuthority, 0, len(s), `nothing follows "lid:"; lid-00 URIs are lid://host/path`)
		} else {
			p.add(MissingAuthority, 4, 5, `a path without "//" and a host: lid-00 URIs are lid://host/path (resolve relative paths with a base)`)
		}
	default:
		u.Form = FormOpaque
		p.splitOpaque()
		if p.profile == LID00 { // the opaque profile reads it, and checks nothing
			p.add(OpaqueLID, 0, len(s), `"lid:" followed by an opaque token is the newer lid: scheme (IANA provisional 2023), which lid-00's grammar does not accept; lint it with --profile lid=opaque or the default lid=auto`)
		}
		return
	}
	if p.wants(NonCanonicalCase) {
		if s[0] != 'l' || s[1] != 'i' || s[2] != 'd' {
			p.add(NonCanonicalCase, 0, 3, `scheme not in lower case: canonical is "lid"`)
		}
	}
}

func (p *parser) splitOpaque() {
	s, u := p.s, &p.u
	rest := s[4:]
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		u.Opaque, u.Fragment, u.HasFragment = rest[:i], rest[i+1:], true
	} else {
		u.Opaque = rest
	}
	if u.Form == FormNoAuthority {
		p.chars(4, 4+len(u.Opaque), isPathChar, "path")
		if u.HasFragment {
			p.chars(5+len(u.Opaque), len(s), rfc2396.IsUric, "fragment")
		}
	}
}

// parseHier reads lid-00 Appendix A after "lid://".
func (p *parser) parseHier() {
	s, u := p.s, &p.u
	const authStart = 6
	authEnd := len(s)
	if i := strings.IndexAny(s[authStart:], "/?#"); i >= 0 {
		authEnd = authStart + i
	}
	hostStart := authStart
	if i := strings.LastIndexByte(s[authStart:authEnd], '@'); i >= 0 {
		u.Userinfo, u.HasUserinfo = s[authStart:authStart+i], true
		hostStart = authStart + i + 1
		p.chars(authStart, hostStart-1, rfc2396.IsUserinfo, "userinfo")
		if j := strings.IndexByte(u.Userinfo, ':'); j >= 0 {
			p.add(UserinfoPassword, authStart, hostStart-1, `userinfo of the form "user:password" is NOT RECOMMENDED`)
		}
	}
	hostEnd := authEnd
	portFrom := hostStart
	if hostStart < authEnd && s[hostStart] == '[' { // an IP literal (rfc2732): one host, however many colons
		if i := strings.IndexByte(s[hostStart:authEnd], ']'); i >= 0 {
			portFrom = hostStart + i
		}
	}
	if i := strings.IndexByte(s[portFrom:authEnd], ':'); i >= 0 {
		i += portFrom - hostStart
		hostEnd = hostStart + i
		u.Port, u.HasPort = s[hostEnd+1:authEnd], true
		p.port(hostEnd+1, authEnd)
	}
	u.Host = s[hostStart:hostEnd]
	p.host(hostStart, hostEnd)
	if p.wants(NonCanonicalCase) && rfc2396.HasUpperOutsideEscapes(u.Host) {
		var b strings.Builder
		lowerHost(&b, u.Host)
		p.add(NonCanonicalCase, hostStart, hostEnd, `host not in lower case: canonical is "`+b.String()+`"`)
	}

	i := authEnd
	pathEnd := len(s)
	if j := strings.IndexAny(s[i:], "?#"); j >= 0 {
		pathEnd = i + j
	}
	u.Path = s[i:pathEnd]
	p.chars(i, pathEnd, isPathChar, "path")
	p.dots(i, pathEnd)
	i = pathEnd
	if i < len(s) && s[i] == '?' {
		end := len(s)
		if j := strings.IndexByte(s[i:], '#'); j >= 0 {
			end = i + j
		}
		u.Query, u.HasQuery = s[i+1:end], true
		p.chars(i+1, end, rfc2396.IsUric, "query")
		i = end
	}
	if i < len(s) && s[i] == '#' {
		u.Fragment, u.HasFragment = s[i+1:], true
		p.chars(i+1, len(s), rfc2396.IsUric, "fragment")
	}
}

func (p *parser) port(start, end int) {
	if start == end {
		p.add(EmptyPort, start-1, end, `":" without a port; the canonical form drops it`)
		return
	}
	for i := start; i < end; i++ {
		if !rfc2396.IsDigit(p.s[i]) {
			p.add(PortSyntax, start, end, `port "`+p.s[start:end]+`" is not a decimal number`)
			return
		}
	}
}

// host checks hostname = *( domainlabel "." ) toplabel [ "." ] and that it
// is a name, not a number (lid-00 §2 {3.2.2}).
func (p *parser) host(start, end int) {
	s := p.s
	h := s[start:end]
	if h == "" {
		p.add(MissingHost, start, end, "the authority has no host name")
		return
	}
	for i := start; i < end; i++ {
		if c := s[i]; !rfc2396.IsAlnum(c) && c != '-' && c != '.' {
			n := 1
			if c >= utf8.RuneSelf {
				_, n = utf8.DecodeRuneInString(s[i:end])
			}
			what := ascii.CharName(c)
			if n > 1 {
				what = fmt.Sprintf("%q", s[i:i+n])
			}
			p.add(HostnameSyntax, i, i+n, what+" is not allowed in a host name (letters, digits, hyphens and dots)")
			return
		}
	}
	name := strings.TrimSuffix(h, ".")
	if name == "" {
		p.add(HostnameSyntax, start, end, `host name "." has no label`)
		return
	}
	numeric := true
	for i := 0; i < len(name); i++ {
		if c := name[i]; c != '.' && !rfc2396.IsDigit(c) {
			numeric = false
			break
		}
	}
	if numeric {
		p.add(NumericHost, start, end, `the authority must be a name; "`+h+`" is a numeric identifier`)
		return
	}
	if len(name) > 255 {
		p.add(HostnameLength, start, end, fmt.Sprintf("host name is %d characters long; DNS names have at most 255", len(name)))
	}
	off := start
	labels := strings.Split(name, ".")
	for k, l := range labels {
		switch {
		case l == "":
			p.add(HostnameSyntax, off, off+1, "empty label in host name")
			return
		case l[0] == '-' || l[len(l)-1] == '-':
			p.add(HostnameSyntax, off, off+len(l), `label "`+l+`" starts or ends with a hyphen`)
			return
		case k == len(labels)-1 && !rfc2396.IsAlpha(l[0]):
			p.add(HostnameSyntax, off, off+len(l), `top label "`+l+`" must start with a letter`)
			return
		case len(l) > 63:
			p.add(HostnameLength, off, off+len(l), fmt.Sprintf("label is %d characters long; DNS labels have at most 63", len(l)))
		}
		off += len(l) + 1
	}
	p.u.hostOK = true
}

// chars checks s[start:end]: escapes everywhere, literal bytes with allowed.
func (p *parser) chars(start, end int, allowed func(byte) bool, where string) {
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
			if s[i+1] >= 'a' || s[i+2] >= 'a' {
				p.add(LowercaseHex, i, i+3, `lower-case hex in "`+s[i:i+3]+`"; canonical is "`+strings.ToUpper(s[i:i+3])+`"`)
			}
			if b := ascii.Unhex(s[i+1])<<4 | ascii.Unhex(s[i+2]); rfc2396.IsUnreserved(b) {
				p.add(UnneededPercent, i, i+3, `"`+s[i:i+3]+`" encodes the unreserved `+ascii.CharName(b)+`, which needs no escape`)
			}
			i += 3
			continue
		}
		if allowed(c) {
			i++
			continue
		}
		n := 1
		what := ascii.CharName(c)
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:end])
			if r != utf8.RuneError {
				n, what = size, fmt.Sprintf("%q", r)
			}
		}
		p.add(InvalidChar, i, i+n, what+" is not allowed in the "+where+" and must be percent-encoded")
		i += n
	}
}

// dots reports "." and ".." segments of the path s[start:end].
func (p *parser) dots(start, end int) {
	path := p.s[start:end]
	if !strings.Contains(path, "/.") {
		return
	}
	_, changed, above := rfc2396.RemoveDots(path, nil)
	if changed {
		p.add(DotSegment, start, end, `path holds "." or ".." segments; without them it is "`+mustRemoveDots(path)+`"`)
	}
	if above {
		p.add(DotAboveRoot, start, end, `".." climbs above the root of the path`)
	}
}

func mustRemoveDots(path string) string {
	out, _, _ := rfc2396.RemoveDots(path, nil)
	return out
}
