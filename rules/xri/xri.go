// Package xri parses, lints and normalizes XRIs (OASIS Extensible Resource
// Identifiers) for the lint engine under two grammars: xri-1.0-rc2 (the
// 2003 generic syntax: dot and colon sub-segments, GCS + = @ $ * !, "xri:"
// followed by the authority) and xri-2.0 (the 2005 syntax: "*" and "!"
// sub-segments, GCS = @ + $ !, "xri://" followed by the authority); the
// default profile, auto, picks one per XRI (DetectProfile). It gives the spec's components, every finding with its rule
// and citation, a canonical form (rc2 §2.4.5), an equivalence key (rc2
// §2.4), the four normal forms of rc2 §2.2.4 and the way back, relative
// reference resolution (rc2 §2.3), a classifier for text that only looks
// like an XRI, and a finder for bare i-names inside XRDS documents.
//
// Input is bounded: at most MaxLength bytes are parsed and cross-references
// nest at most MaxDepth deep; nothing here panics on any input.
//
// Where rc2 contradicts itself the intent is taken, and the rule docs say so:
//   - xref-authority wants a "." or ":" sub-segment after the
//     cross-reference, but §2.1.1.4's xri:(mailto:john.doe@example.com)/…
//     and §2.1.1.5's xri:(+user-friendly) have none: accepted, with the info
//     finding XRI034;
//   - idomainlabel = 1*ucschar would exclude ASCII host names; §2.1.1.1 says
//     a hostname MUST meet rfc2396 §3.2.2 after IDNA ToASCII, which is what
//     XRI009 checks;
//   - Appendix A prints URI-authority = "/" …, §2.1.1.1 "//" …: "//";
//   - §2.2.4.4 escapes "#" as "%28" in its prose, "%23" in its rules: "%23";
//   - the ucschar ranges are misprinted (%x10000-1FFFFD in §2.2.3,
//     %x30000-3FFFF … in Appendix A): RFC 3987's ranges;
//   - §1.1.2 and Table 1 are damaged in the copy (a lost "xri:(", spaces in
//     the Hebrew and Kanji rows), §2.3.2 prints ";x" as "d.e;/x" and
//     §2.2.4.4's first example drops "/abc": the tests say how each is read.
//
// XRI 2.0 follows its ABNF (rgcs-authority, pgcs-authority, xref-authority,
// iauthority, xri-subseg); its normalization is rc2's with its delimiters.
package xri

import (
	"fmt"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ascii"
)

// Profile names, as given to --profile xri=NAME.
const (
	RC2 = "xri-1.0-rc2"
	V2  = "xri-2.0"
	// Auto lints each XRI under the version its syntax is written in
	// (DetectProfile); results name that version, never "auto".
	Auto = "auto"
)

// Profiles lists the profiles: auto, then the two grammars in order of age.
var Profiles = []string{Auto, RC2, V2}

// DefaultProfile is auto: XRIs in the wild are XRI 2.0 (XRDS documents,
// OpenID libraries) and rc2 text exists too; neither grammar alone reads
// both without a finding on every XRI of the other.
const DefaultProfile = Auto

// Limits on input that the parser enforces.
const (
	// MaxLength is the longest identifier parsed, in bytes (the scanner's
	// default cut, extract.DefaultMaxLen). Longer input gets XRI013 and is
	// neither parsed nor normalized.
	MaxLength = 8 << 10
	// MaxDepth bounds the nesting of cross-references, "(" inside "(".
	// The spec sets none; 32 is far beyond any real XRI ($v and $xrd
	// metadata nest two or three deep). Deeper ones get XRI007 and are kept
	// as opaque text.
	MaxDepth = 32
)

// AuthorityKind tells which authority production an XRI uses (rc2 §2.1.1).
type AuthorityKind uint8

const (
	NoAuthority   AuthorityKind = iota // a relative XRI reference
	URIAuthority                       // rc2 §2.1.1.1 "//" [userinfo "@"] host [":" port]; xri-2.0 iauthority
	GCSAuthority                       // rc2 §2.1.1.3 gcs-char xri-segment; xri-2.0 gcs-authority
	XrefAuthority                      // rc2 §2.1.1.4 xref-authority
)

func (k AuthorityKind) String() string {
	switch k {
	case URIAuthority:
		return "uri"
	case GCSAuthority:
		return "gcs"
	case XrefAuthority:
		return "xref"
	}
	return "none"
}

// Authority is the authority component, its string fields substrings of the input.
type Authority struct {
	Kind AuthorityKind
	// Text is the whole authority as written, without a leading "//".
	Text string
	// GCS is the global context symbol of a GCSAuthority (0 otherwise).
	GCS byte
	// UserInfo, Host and Port are the parts of a URIAuthority.
	UserInfo, Host, Port string
	HasUserInfo, HasPort bool
}

// XRI is a parsed XRI reference. Its string fields are substrings of the input.
type XRI struct {
	// Profile is the profile asked for; SyntaxProfile the one whose grammar
	// the components follow. They differ when the XRI only parses under the
	// other profile (XRI020, XRI021).
	Profile, SyntaxProfile string
	// Scheme is "xri" as written ("" when the scheme was omitted).
	Scheme    string
	Authority Authority
	// Path is the local path of an absolute XRI, or the relative path.
	Path                  string
	Query, Fragment       string
	HasQuery, HasFragment bool

	raw    string
	root   *ref
	valid  bool     // no error-level finding under SyntaxProfile
	xspans [][2]int // cross-reference spans in raw, outermost first
	host   [2]int   // span of the URI authority's host, or {-1, -1}
}

// Relative reports whether the XRI has no authority: a relative reference.
func (x *XRI) Relative() bool { return x.Authority.Kind == NoAuthority }

// String returns the XRI as parsed.
func (x *XRI) String() string { return x.raw }

// Options select how input is read.
type Options struct {
	// Bare accepts input without the "xri:" scheme: i-names and i-numbers
	// from XRDS documents (=JohnDoe, @!5BAD.2AA), Table 3's @example,
	// and relative XRIs. Without it such input gets XRI001.
	Bare bool
	// MinSeverity drops findings below it.
	MinSeverity rules.Severity
}

// Error is a parse failure: the input and the first error-level finding.
type Error = rules.ParseError

// Parse parses an XRI written with its scheme under profile ("" means the
// default) and returns the first error-level finding as *Error.
func Parse(s, profile string) (XRI, error) {
	return parseWith(s, profile, false)
}

// ParseBare is Parse for input that may omit the "xri:" scheme: a bare
// i-name or i-number (=JohnDoe.home/(+email), @!5BAD.2AA), Table 3's
// @example, or a relative XRI (g/h, ./g:h). Input starting with a global
// context symbol, "(" or "//" is read as an absolute XRI without its
// scheme; anything else as a relative reference. The canonical form adds
// the scheme (rc2 §2.4.5 Table 3).
func ParseBare(s, profile string) (XRI, error) {
	return parseWith(s, profile, true)
}

func parseWith(s, profile string, bare bool) (XRI, error) {
	x, fs := Lint(s, profile, Options{Bare: bare, MinSeverity: rules.Error})
	for _, f := range fs {
		if f.Severity >= rules.Error {
			return x, &Error{Scheme: "xri", Input: s, Finding: f}
		}
	}
	return x, nil
}

// Lint parses s under profile and returns every finding at or above
// opt.MinSeverity, in text order. When s breaks the profile's grammar but
// is a clean XRI under the other profile, the findings are replaced by one
// XRI020 or XRI021 (an error: the profile's grammar does not accept it) and
// the components follow the other profile. Under Auto, s is linted under
// the version it is written in (DetectProfile) and x.Profile names it.
func Lint(s, profile string, opt Options) (XRI, []rules.Finding) {
	auto := profile == Auto
	if auto {
		profile = guessProfile(s, opt.Bare)
	}
	profile = normProfile(profile)
	x, fs, errs := lintOne(s, profile, opt.Bare, opt.MinSeverity)
	if errs > 0 && len(s) <= MaxLength && (opt.Bare || ascii.HasPrefixFold(s, "xri:")) {
		alt := V2
		if profile == V2 {
			alt = RC2
		}
		ax, _, aerrs, sign := lintOneSign(s, alt, opt.Bare, rules.Error)
		if aerrs == 0 && sign {
			if auto {
				x, fs, _ = lintOne(s, alt, opt.Bare, opt.MinSeverity)
				return x, fs
			}
			first := firstError(s, profile, opt.Bare, fs)
			r := XRI20Syntax
			msg := "this is XRI 2.0 syntax, which xri-1.0-rc2 does not read (" + first + "); lint it with --profile xri=xri-2.0 or the default xri=auto"
			if profile == V2 {
				r = XRI10Syntax
				msg = "this is XRI 1.0 syntax, which xri-2.0 does not read (" + first + "); lint it with --profile xri=xri-1.0-rc2 or the default xri=auto"
			}
			fs = fs[:0]
			if sev := r.SeverityFor(profile); sev >= opt.MinSeverity && sev != rules.None {
				fs = append(fs, rules.Finding{Rule: r, Severity: sev, Message: msg, Start: 0, End: len(s)})
			}
			// The canonical form and key follow the other profile, unless
			// its canonical form reads under this one ("xri://@%41" gives
			// "xri://@A", an rc2 host): then they stay those of the
			// invalid input, so that Key(Canonical(x)) == Key(x) holds.
			if _, _, cerrs := lintOne(ax.Canonical(), profile, opt.Bare, rules.Error); cerrs == 0 {
				return x, fs
			}
			ax.Profile = profile
			return ax, fs
		}
	}
	return x, fs
}

// DetectProfile tells which version's syntax s is written in, the profile
// auto lints it under:
//   - "xri://" followed by a global context symbol or "(" is xri-2.0, which
//     writes every absolute XRI as "xri://" + authority (xri-2.0 ABNF, XRI);
//     rc2 writes an XRI authority "xri:" + symbol and reads "//" as a URI
//     authority (rc2 §2.1.1.1), so xri://@ and xri://= are both 2.0;
//   - other input with the scheme is xri-1.0-rc2 ("xri:" + authority, and
//     "xri://" + host, which both versions read alike);
//   - bare input (XRDS CanonicalID, LocalID, Query …) is xri-2.0: XRDS is
//     XRI Resolution 2.0's format, and its local values (*ootao, !D2) are
//     relative xri-2.0 sub-segments, where rc2 would read * and ! as symbols;
//
// then, as under a strict profile, text that only the other version parses
// (XRI020, XRI021) goes to the other version.
func DetectProfile(s string, bare bool) string {
	p := guessProfile(s, bare)
	if len(s) > MaxLength {
		return p
	}
	if _, _, errs := lintOne(s, p, bare, rules.Error); errs == 0 {
		return p
	}
	alt := V2
	if p == V2 {
		alt = RC2
	}
	if _, _, errs, sign := lintOneSign(s, alt, bare, rules.Error); errs == 0 && sign {
		return alt
	}
	return p
}

// guessProfile is DetectProfile's first step, from the way s begins.
func guessProfile(s string, bare bool) string {
	if bare || len(s) > 6 && ascii.HasPrefixFold(s, "xri://") && (isGCS2(s[6]) || s[6] == '(') {
		return V2
	}
	return RC2
}

// isGCS2 reports whether c is a global context symbol of either version
// (rc2 §2.1.1.3: + = @ $ * !; xri-2.0: = @ + $ !).
func isGCS2(c byte) bool {
	switch c {
	case '=', '@', '+', '$', '!', '*':
		return true
	}
	return false
}

// firstError describes the first error of s under profile, from fs when it holds one.
func firstError(s, profile string, bare bool, fs []rules.Finding) string {
	for _, f := range fs {
		if f.Severity >= rules.Error {
			return f.Rule.ID + ": " + f.Message
		}
	}
	_, fs, _ = lintOne(s, profile, bare, rules.Error)
	if len(fs) == 0 {
		return "no error"
	}
	return fs[0].Rule.ID + ": " + fs[0].Message
}

// normProfile maps a profile name to a grammar: auto is not one, callers
// resolve it with DetectProfile first.
func normProfile(p string) string {
	if p == V2 {
		return V2
	}
	return RC2
}

// lintOne parses s under one profile.
func lintOne(s, profile string, bare bool, min rules.Severity) (XRI, []rules.Finding, int) {
	x, fs, errs, _ := lintOneSign(s, profile, bare, min)
	return x, fs, errs
}

// lintOneSign is lintOne that also tells whether s uses syntax only the
// profile has (parser.otherSyntax).
func lintOneSign(s, profile string, bare bool, min rules.Severity) (XRI, []rules.Finding, int, bool) {
	x := XRI{Profile: profile, SyntaxProfile: profile, raw: s, host: [2]int{-1, -1}}
	p := &parser{s: s, profile: profile, v2: profile == V2, min: min, host: [2]int{-1, -1}}
	switch {
	case len(s) > MaxLength:
		p.add(TooLong, MaxLength, len(s), fmt.Sprintf("the XRI is %d bytes long; idlint parses at most %d", len(s), MaxLength))
	case !bare && !ascii.HasPrefixFold(s, "xri:"):
		p.add(NotXRI, 0, min2(len(s), 4), `does not begin with "xri:"`)
	default:
		p.top()
	}
	rules.SortFindings(p.out)
	x.root = p.root
	x.valid = p.errors == 0 && p.root != nil
	x.xspans = p.xspans
	x.host = p.host
	if r := p.root; r != nil {
		x.fill(r)
	}
	return x, p.out, p.errors, p.otherSyntax
}

func min2(a, b int) int {
	if a < b {
		return a
	}
	return b
}

// fill copies the root's components into the exported fields.
func (x *XRI) fill(r *ref) {
	s := x.raw
	if r.scheme {
		x.Scheme = s[r.start : r.start+3]
	}
	a := &x.Authority
	a.Kind = r.auth
	switch r.auth {
	case URIAuthority:
		a.Text = s[r.authStart:r.authEnd]
		if r.uiEnd >= 0 {
			a.HasUserInfo, a.UserInfo = true, s[r.authStart:r.uiEnd]
		}
		a.Host = s[r.hostStart:r.hostEnd]
		if r.portStart >= 0 {
			a.HasPort, a.Port = true, s[r.portStart:r.authEnd]
		}
	case GCSAuthority, XrefAuthority:
		a.Text = s[r.authStart:r.authEnd]
		a.GCS = r.gcs
	}
	x.Path = s[r.pathStart:r.pathEnd]
	if r.query {
		x.HasQuery, x.Query = true, s[r.qStart:r.qEnd]
	}
	if r.frag {
		x.HasFragment, x.Fragment = true, s[r.fStart:r.fEnd]
	}
}

// hasErrors reports whether some finding is an error.
func hasErrors(fs []rules.Finding) bool {
	for _, f := range fs {
		if f.Severity >= rules.Error {
			return true
		}
	}
	return false
}
