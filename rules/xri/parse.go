package xri

import (
	"strings"
	"unicode/utf8"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ascii"
)

// The parse tree. Positions are byte offsets into the input; every node
// keeps enough to write the input back exactly, so the canonical form and
// the key are the tree written out with some steps applied (emit.go).

// subseg is one sub-segment: a delimiter and either text or a cross-reference.
type subseg struct {
	delim      byte // 0, or '.' ':' (rc2 §2.1.2), or '*' '!' (xri-2.0 xri-subseg)
	start, end int  // the text, or the cross-reference with its parentheses
	x          *xref
}

// segment is what lies between two "/" (or the authority's xri-segment).
type segment struct {
	start, end int
	subs       []subseg
}

// dot reports whether the segment is the dot-segment "." (1) or ".." (2).
func (g *segment) dot(s string) int {
	switch s[g.start:g.end] {
	case ".":
		return 1
	case "..":
		return 2
	}
	return 0
}

type xrefKind uint8

const (
	xEmpty  xrefKind = iota // "()"
	xXRI                    // an XRI value, or an absolute XRI
	xURI                    // an absolute URI (rc2) or IRI (xri-2.0)
	xOpaque                 // nested too deep: kept as text
)

// xref is a cross-reference "(" … ")" (rc2 §2.1.1.4).
type xref struct {
	start, end int // "(" at start; ")" at end-1 when closed
	closed     bool
	kind       xrefKind
	r          *ref // xXRI
}

// inner is the span between the parentheses.
func (x *xref) inner() (int, int) {
	e := x.end
	if x.closed {
		e--
	}
	return x.start + 1, e
}

// ref is an XRI reference: the whole input, or the value of a cross-reference.
type ref struct {
	start, end int
	scheme     bool // "xri:" was written
	prefixEnd  int  // after "xri:" (rc2) or "xri://" (xri-2.0)
	auth       AuthorityKind
	authStart  int // after "//" for a URIAuthority
	authEnd    int
	// URIAuthority parts
	uiEnd              int // end of userinfo ("@" there), or -1
	hostStart, hostEnd int
	portStart          int // after ":", or -1
	// GCSAuthority and XrefAuthority
	gcs  byte
	aseg *segment
	// path
	pathStart, pathEnd int
	abs                bool // the path begins with "/"
	segs               []segment
	// query and fragment, after their delimiters; leading cross-references (rc2)
	query, frag                bool
	qStart, qEnd, fStart, fEnd int
	qx, fx                     *xref
}

// parser holds the state of one parse.
type parser struct {
	s       string
	profile string
	v2      bool
	min     rules.Severity
	out     []rules.Finding
	errors  int
	depth   int
	root    *ref
	xspans  [][2]int
	host    [2]int
	// nonASCII is set when the input holds any non-ASCII byte.
	nonASCII bool
	// otherSyntax is set when the parse met what only the profile's own
	// syntax has: under xri-2.0 an XRI authority after "xri://" or a "*"
	// or "!" sub-segment; under rc2 an XRI authority right after "xri:".
	otherSyntax bool
}

func (p *parser) add(r *rules.Rule, start, end int, msg string) {
	if r.SeverityFor(p.profile) >= rules.Error {
		p.errors++ // validity counts every error, kept or not
	}
	start = max(start, 0)
	end = max(min(end, len(p.s)), start)
	p.out = rules.AppendFinding(p.out, r, p.profile, p.min, start, end, msg)
}

// wants reports whether a finding of r would be kept.
func (p *parser) wants(r *rules.Rule) bool { return rules.Wanted(r, p.profile, p.min) }

// isGCS reports whether c starts an XRI authority under the profile.
func (p *parser) isGCS(c byte) bool {
	if p.v2 {
		return is(c, cGCS2)
	}
	return is(c, cGCS1)
}

// top parses the whole input.
func (p *parser) top() {
	for i := 0; i < len(p.s); i++ {
		if p.s[i] >= utf8.RuneSelf {
			p.nonASCII = true
			break
		}
	}
	r := p.parseRef(0, false)
	p.root = r
	if !r.scheme && r.auth != NoAuthority {
		p.add(SchemeOmitted, 0, 0, "the optional scheme is omitted: canonical form adds \""+p.prefix()+"\"")
	}
	if r.auth == NoAuthority && r.segs != nil {
		p.relativeFirstSegment(r, false)
	}
	if r.end < len(p.s) {
		// only a stray ")" can stop the top level early
		p.add(Unbalanced, r.end, r.end+1, `")" closes no cross-reference`)
	}
	if p.nonASCII {
		p.unicodeChecks()
	}
	if !p.v2 && (r.auth == GCSAuthority || r.auth == XrefAuthority) {
		p.caseCheck(r.authStart, r.authEnd, "authority")
	}
	if r.scheme && (p.s[0] != 'x' || p.s[1] != 'r' || p.s[2] != 'i') {
		p.add(NonCanonicalCase, 0, 3, `the scheme is not in lower case: canonical form is "xri"`)
	}
}

// prefix is the scheme prefix of an absolute XRI under the profile.
func (p *parser) prefix() string {
	if p.v2 {
		return "xri://"
	}
	return "xri:"
}

// parseRef parses an XRI reference at i: the input, or the value of a
// cross-reference (inX) which stops at its closing ")".
func (p *parser) parseRef(i int, inX bool) *ref {
	s := p.s
	r := &ref{start: i, uiEnd: -1, portStart: -1, authStart: -1}
	if ascii.HasPrefixFold(s[i:], "xri:") {
		r.scheme = true
		i += 4
		if p.v2 {
			if strings.HasPrefix(s[i:], "//") {
				i += 2
			} else {
				p.add(MissingAuthority, r.start, i, `xri-2.0 writes an absolute XRI as "xri://" followed by the authority`)
			}
		}
		r.prefixEnd = i
		i = p.authority(r, i, inX, true)
		if r.auth == GCSAuthority || r.auth == XrefAuthority {
			p.otherSyntax = true // "xri://" + XRI authority (2.0), "xri:" + XRI authority (rc2)
		}
	} else {
		r.prefixEnd = i
		i = p.authority(r, i, inX, false)
	}
	i = p.path(r, i, inX)
	if i < len(s) && s[i] == '?' {
		r.query = true
		r.qStart, r.qx, r.qEnd = p.tail(i+1, inX, tQuery)
		i = r.qEnd
	}
	if i < len(s) && s[i] == '#' {
		r.frag = true
		r.fStart, r.fx, r.fEnd = p.tail(i+1, inX, tFrag)
		i = r.fEnd
	}
	r.end = i
	p.style(r, inX)
	return r
}

// style reports the optional syntax rc2 §2.4.5 Table 3 leaves out of
// canonical XRIs: "." and ".." segments in absolute XRIs (XRI033) and
// optional leading dots (XRI032).
func (p *parser) style(r *ref, inX bool) {
	s := p.s
	if r.auth != NoAuthority || r.abs {
		for _, g := range r.segs {
			if g.dot(s) != 0 {
				p.add(DotSegments, g.start, g.end, `"`+s[g.start:g.end]+`" segment in an absolute path: canonical form resolves it`)
				break
			}
		}
	}
	if p.v2 || !p.wants(OptionalDot) {
		return
	}
	if r.aseg != nil && r.auth == GCSAuthority {
		p.optionalDot(r.aseg)
	}
	for k := range r.segs {
		g := &r.segs[k]
		if g.dot(s) != 0 {
			continue
		}
		if k == 0 && r.auth == NoAuthority && !r.abs && needsDot(s, g.subs, inX) {
			continue
		}
		p.optionalDot(g)
	}
}

func (p *parser) optionalDot(g *segment) {
	if len(g.subs) > 0 {
		if sub := g.subs[0]; sub.delim == '.' && (sub.x != nil || sub.end > sub.start) {
			p.add(OptionalDot, sub.start-1, sub.start, "the leading dot of a segment is optional (rc2 §2.4.3); canonical form omits it")
		}
	}
}

// needsDot reports whether the first segment of a relative rc2 path must
// keep (or get) its leading dot: when it holds ":" (§2.3.3), starts with a
// global context symbol or "(" (which would read as an authority), or, in
// a cross-reference, starts with a non-symbol (§2.1.1.4).
func needsDot(s string, subs []subseg, inX bool) bool {
	if len(subs) == 0 {
		return false
	}
	for _, sub := range subs[1:] {
		if sub.delim == ':' {
			return true
		}
	}
	first := subs[0]
	if first.delim == ':' {
		return false
	}
	if first.x != nil {
		return true
	}
	if first.end == first.start {
		return false
	}
	c := s[first.start]
	if is(c, cGCS1) {
		return true
	}
	return inX && (isAlpha(c) || isDigit(c) || c >= utf8.RuneSelf || c == '%')
}

// authority reads the authority at i, if any. withScheme tells that
// "xri:" was written, which makes the authority required.
func (p *parser) authority(r *ref, i int, inX, withScheme bool) int {
	s := p.s
	atEnd := i >= len(s) || (inX && s[i] == ')')
	switch {
	case p.v2 && withScheme:
		// xri-2.0: after "xri://" comes an xri-authority or an iauthority
		// (which may be empty, as in rfc3987)
		if !atEnd && (is(s[i], cGCS2) || s[i] == '(') {
			return p.xriAuthority(r, i, inX)
		}
		return p.uriAuthority(r, i, inX)
	case strings.HasPrefix(s[i:], "//"):
		r.auth = URIAuthority
		return p.uriAuthority(r, i+2, inX)
	case !atEnd && p.isGCS(s[i]) && (!p.v2 || s[i] != '!' || (i+1 < len(s) && s[i+1] == '!') || withScheme):
		return p.xriAuthority(r, i, inX)
	case !atEnd && s[i] == '(':
		return p.xriAuthority(r, i, inX)
	case withScheme:
		msg := `"xri:" is not followed by an authority: "//" and a host, a global context symbol (+ = @ $ * !) or a cross-reference`
		if p.v2 {
			msg = `"xri://" is not followed by an authority: a global context symbol (= @ + $ !), a cross-reference or a host`
		}
		p.add(MissingAuthority, r.start, min2(i+1, len(s)), msg)
	}
	return i
}

// xriAuthority reads a GCS or cross-reference authority at i.
func (p *parser) xriAuthority(r *ref, i int, inX bool) int {
	s := p.s
	r.authStart = i
	if s[i] == '(' {
		r.auth = XrefAuthority
		seg, j := p.segment(i, inX, true)
		r.aseg = &seg
		r.authEnd = j
		if !p.v2 && len(seg.subs) == 1 && seg.subs[0].x != nil {
			// rc2 §2.1.1.4 xref-authority wants a sub-segment after the
			// cross-reference, but the spec's own examples have none.
			p.add(XrefAuthorityAlone, i, j, "a cross-reference authority without a following \".\" or \":\" sub-segment breaks the ABNF of rc2 §2.1.1.4, "+
				"but the spec's own examples (§2.1.1.4, §2.1.1.5 self-references) are written so; accepted")
		}
		return j
	}
	r.auth = GCSAuthority
	r.gcs = s[i]
	seg, j := p.segment(i+1, inX, true)
	r.aseg = &seg
	r.authEnd = j
	if p.v2 && r.gcs == '!' {
		// xri-2.0 pgcs-authority = "!" xri-subseg-pt-nz *xri-subseg
		ok := len(seg.subs) > 0 && seg.subs[0].delim == '!' && (seg.subs[0].x != nil || seg.subs[0].end > seg.subs[0].start)
		if !ok {
			p.add(AuthoritySyntax, i, j, `the persistent global context "!" must be followed by a non-empty "!" sub-segment, as in "!!1003"`)
		}
	}
	return j
}

// path reads the path at i: path-abempty after an authority, else a
// relative path (rc2 §2.1, relative-path and local-path).
func (p *parser) path(r *ref, i int, inX bool) int {
	s := p.s
	r.pathStart = i
	end := func(i int) bool {
		return i >= len(s) || s[i] == '?' || s[i] == '#' || (inX && s[i] == ')')
	}
	if r.auth != NoAuthority {
		for {
			for i < len(s) && s[i] == '/' {
				r.abs = true
				var g segment
				g, i = p.segment(i+1, inX, false)
				r.segs = append(r.segs, g)
			}
			if end(i) {
				break
			}
			// only reached when the authority stopped at a character it cannot hold
			p.add(UnexpectedChar, i, i+1, charName(s, i)+" cannot follow the authority")
			for !end(i) && s[i] != '/' {
				i++
			}
		}
		r.pathEnd = i
		return i
	}
	if i < len(s) && s[i] == '/' {
		r.abs = true
		i++
	} else if end(i) {
		r.pathEnd = i
		return i
	}
	for {
		var g segment
		g, i = p.segment(i, inX, false)
		r.segs = append(r.segs, g)
		if i < len(s) && s[i] == '/' {
			i++
			continue
		}
		break
	}
	r.pathEnd = i
	return i
}

// segment reads sub-segments at i until "/", "?", "#", the end, or the
// closing ")" of the enclosing cross-reference.
func (p *parser) segment(i int, inX, auth bool) (segment, int) {
	s := p.s
	g := segment{start: i}
	var buf [4]subseg
	subs := buf[:0]
	first := true
	for {
		d := byte(0)
		if i < len(s) && p.isSubDelim(s[i]) {
			d = s[i]
			i++
			if p.v2 {
				p.otherSyntax = true
			}
		} else if !first {
			if i >= len(s) || s[i] == '/' || s[i] == '?' || s[i] == '#' || (s[i] == ')' && inX) {
				break
			}
			// text or "(" glued to the previous sub-segment; a stray ")"
			// is reported by subText
			switch s[i] {
			case '(':
				p.add(UnexpectedChar, i, i+1, `a cross-reference must be a whole sub-segment: put a "`+p.subDelims()+`" before "("`)
			case ')':
			default:
				p.add(UnexpectedChar, i, i+1, `text cannot follow a cross-reference in the same sub-segment: put a "`+p.subDelims()+`" after ")"`)
			}
		}
		sub := subseg{delim: d, start: i}
		if i < len(s) && s[i] == '(' {
			sub.x = p.xref(i, inX)
			i = sub.x.end
		} else {
			i = p.subText(i, inX)
		}
		sub.end = i
		subs = append(subs, sub)
		first = false
		if i >= len(s) || s[i] == '/' || s[i] == '?' || s[i] == '#' || (s[i] == ')' && inX) {
			break
		}
		if i == sub.start && d == 0 {
			break // no progress: cannot happen, but never loop
		}
	}
	g.end = i
	g.subs = append(make([]subseg, 0, len(subs)), subs...)
	return g, i
}

func (p *parser) isSubDelim(c byte) bool {
	if p.v2 {
		return c == '*' || c == '!'
	}
	return c == '.' || c == ':'
}

func (p *parser) subDelims() string {
	if p.v2 {
		return `*" or "!`
	}
	return `." or ":`
}

// subText reads the text of a sub-segment at i.
func (p *parser) subText(i int, inX bool) int {
	s := p.s
	for i < len(s) {
		c := s[i]
		switch c {
		case '/', '?', '#', '(':
			return i
		case ')':
			if inX {
				return i
			}
			p.add(Unbalanced, i, i+1, `")" closes no cross-reference`)
			i++
			continue
		}
		if p.isSubDelim(c) {
			return i
		}
		i = p.char(i, tSub)
	}
	return i
}

// tail reads a query or fragment at i: rc2 §2.1.3 xri-query and §2.1.4
// xri-fragment (an optional leading cross-reference, then pchar / "/" /
// "?"), xri-2.0 iquery and ifragment. Parentheses balance, so that inside
// a cross-reference only an unmatched ")" ends it.
func (p *parser) tail(i int, inX bool, ctx tctx) (int, *xref, int) {
	s := p.s
	start := i
	var x *xref
	if !p.v2 && i < len(s) && s[i] == '(' {
		x = p.xref(i, inX)
		i = x.end
	}
	bal := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == '#' && ctx == tQuery:
			return start, x, i
		case c == '(':
			bal++
		case c == ')':
			if bal == 0 && inX {
				return start, x, i
			}
			if bal > 0 {
				bal--
			}
		}
		i = p.char(i, ctx)
	}
	return start, x, i
}

// xref reads a cross-reference at i (s[i] == '(').
func (p *parser) xref(i int, inX bool) *xref {
	s := p.s
	x := &xref{start: i}
	if p.depth >= MaxDepth {
		p.add(TooDeep, i, i+1, "cross-references nest deeper than "+itoa(MaxDepth)+"; the rest is not checked")
		x.kind = xOpaque
		depth := 0
		j := i
		for ; j < len(s); j++ {
			if s[j] == '(' {
				depth++
			} else if s[j] == ')' {
				depth--
				if depth == 0 {
					x.closed = true
					x.end = j + 1
					return x
				}
			}
		}
		x.end = j
		p.add(Unbalanced, i, i+1, `"(" is never closed`)
		return x
	}
	if p.depth == 0 {
		p.xspans = append(p.xspans, [2]int{i, i})
	}
	p.depth++
	j := i + 1
	switch {
	case j < len(s) && s[j] == ')':
		x.kind = xEmpty
		if !p.v2 {
			p.add(EmptyXref, i, j+1, `the cross-reference "()" is empty: rc2 §2.1.1.4 requires an XRI value starting with a symbol or a URI`)
		}
	case ascii.HasPrefixFold(s[j:], "xri:") && (!p.v2 || strings.HasPrefix(s[j+4:], "//")):
		x.kind = xXRI
		x.r = p.parseRef(j, true)
		j = x.r.end
	case schemeEnd(s[j:]) > 0:
		x.kind = xURI
		j = p.uriText(j)
	default:
		x.kind = xXRI
		if !p.v2 && j < len(s) && s[j] != ')' {
			c := s[j]
			if isAlpha(c) || isDigit(c) || c >= utf8.RuneSelf || c == '%' {
				p.add(XrefNeedsSymbol, j, j+1, `an XRI value in a cross-reference must begin with a symbol: write "(.`+clip(s[j:], 12)+`" for a relative XRI`)
			}
		}
		x.r = p.parseRef(j, true)
		if x.r.auth == NoAuthority && x.r.segs != nil {
			p.relativeFirstSegment(x.r, true)
		}
		j = x.r.end
	}
	p.depth--
	if j < len(s) && s[j] == ')' {
		x.closed = true
		j++
	} else {
		p.add(Unbalanced, i, i+1, `"(" is never closed`)
	}
	x.end = j
	if p.depth == 0 {
		p.xspans[len(p.xspans)-1][1] = j
	}
	return x
}

// uriText reads the URI (rc2) or IRI (xri-2.0) of a cross-reference at i,
// up to the ")" that closes the cross-reference. Parentheses inside the
// URI must balance (rfc2396 allows them unescaped).
func (p *parser) uriText(i int) int {
	s := p.s
	bal := 0
	for i < len(s) {
		switch s[i] {
		case '(':
			bal++
		case ')':
			if bal == 0 {
				return i
			}
			bal--
		}
		i = p.char(i, tURI)
	}
	return i
}

// relativeFirstSegment applies rc2 §2.3.3: a colon in the first segment
// of a relative XRI makes it read as a scheme; xri-2.0 xri-path-noscheme
// forbids it, and wants that segment to start with text.
func (p *parser) relativeFirstSegment(r *ref, inX bool) {
	if r.abs || len(r.segs) == 0 {
		return
	}
	g := &r.segs[0]
	s := p.s
	if p.v2 {
		switch k := noschemeBreak(s, g); {
		case k < 0:
			p.add(RelativeFirstSegment, g.start, g.end, "the first sub-segment of a relative XRI must be text in xri-2.0 (xri-path-noscheme); write ./ before it")
		case k > 0:
			p.add(RelativeFirstSegment, k-1, k, `a ":" in the first segment of a relative XRI reads as a scheme delimiter; write "./" before the segment`)
		}
		return
	}
	if len(g.subs) == 0 || g.subs[0].delim != 0 {
		return // ".g:h" and ":g" are fine
	}
	for _, sub := range g.subs[1:] {
		if sub.delim == ':' {
			p.add(RelativeFirstSegment, g.start, g.end, `a ":" in the first segment of a relative XRI reads as a scheme delimiter: write ".`+clip(s[g.start:g.end], 16)+`" or "./`+clip(s[g.start:g.end], 16)+`"`)
			return
		}
	}
}

// noschemeBreak tells how the xri-2.0 segment g breaks xri-path-noscheme
// as the first segment of a relative XRI: 0 if it does not, -1 if its first
// sub-segment is a cross-reference or empty, else 1 + the index of a ":".
func noschemeBreak(s string, g *segment) int {
	if len(g.subs) == 0 {
		return 0
	}
	if first := g.subs[0]; first.x != nil || first.end == first.start {
		return -1
	}
	for _, sub := range g.subs {
		if sub.x == nil {
			if k := strings.IndexByte(s[sub.start:sub.end], ':'); k >= 0 {
				return sub.start + k + 1
			}
		}
	}
	return 0
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
