package xri

import (
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/idlint/idlint/rules/internal/ascii"
	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Canonical returns the form rc2 §2.4.5 recommends, every component kept:
//   - the optional scheme added ("xri:" under rc2, "xri://" under xri-2.0);
//   - the scheme in lower case, and the authority: a URI authority's host,
//     and under rc2 the whole XRI authority (under xri-2.0 an XRI
//     authority keeps its case: i-numbers are written in upper case);
//   - %-escapes with upper-case hex, unnecessary escapes decoded
//     (unreserved characters, visible ucschar), escaped delimiters kept;
//   - the optional leading dot of a segment omitted (rc2), unless the
//     segment starts a relative XRI and holds ":" (§2.3.3), or starts a
//     relative cross-reference (§2.1.1.4);
//   - "." and ".." segments removed from absolute XRIs (rfc3986 §5.2.4;
//     ".." above the root is dropped) and resolved where they can be in
//     relative ones;
//   - each component in Unicode NFC (composed within the component, never
//     across a delimiter), invisible characters %-escaped;
//   - cross-references canonical by the same rules, recursively (§2.4.4),
//     URI cross-references with lower-case scheme and host.
//
// An XRI with error-level findings is only made safe: lower-case scheme,
// upper-case hex.
func (x *XRI) Canonical() string {
	if !x.valid {
		return safeForm(x.raw)
	}
	e := newEmitter(x.raw, x.SyntaxProfile == V2, false)
	e.ref(x.root, true, false, false)
	return e.done()
}

// Key returns the equivalence key: two XRIs are equivalent under the
// profile (rc2 §2.4) exactly when their keys are equal. It is the
// canonical form with, in addition:
//   - the XRI authority compared by the Unicode compatibility caseless
//     match (§2.4.1; NFKC case folding), characters that folding turns
//     into delimiters %-escaped so that the structure stays;
//   - under rc2, annotation cross-references "(!…)" removed with the
//     delimiter before them (§2.4.3);
//   - the scheme of a cross-referenced XRI dropped: (xri:@a) ≡ (@a).
//
// Key(Canonical(x)) == Key(x) for every input.
func (x *XRI) Key() string {
	if !x.valid {
		return safeForm(x.raw)
	}
	e := newEmitter(x.raw, x.SyntaxProfile == V2, true)
	e.ref(x.root, true, false, false)
	return e.done()
}

// Namespace is what a dashboard groups XRIs by: the authority's root in
// key form. For a GCS authority the symbol and its first sub-segment
// (@examplecorp, =!f83.62b1.44f.2813 under xri-2.0), for a URI authority
// the host, for a cross-reference authority the cross-reference; "" for a
// relative XRI or an invalid one.
func (x *XRI) Namespace() string {
	r := x.root
	if !x.valid || r == nil || r.auth == NoAuthority {
		return ""
	}
	e := newEmitter(x.raw, x.SyntaxProfile == V2, true)
	switch r.auth {
	case URIAuthority:
		e.text(r.hostStart, r.hostEnd, tHost, true)
	case GCSAuthority, XrefAuthority:
		if r.auth == GCSAuthority {
			e.b = append(e.b, r.gcs)
		}
		if subs := e.filter(r.aseg, r.auth == XrefAuthority); len(subs) > 0 {
			e.segment(subs[:1], true, false)
		}
	}
	return e.done()
}

// safeForm lower-cases a leading "xri:" and upper-cases the hex digits of
// well-formed escapes; it changes no structure.
func safeForm(s string) string {
	if !ascii.HasPrefixFold(s, "xri:") && strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := []byte(s)
	if ascii.HasPrefixFold(s, "xri:") {
		copy(b, "xri:")
	}
	for i := 0; i+2 < len(b); i++ {
		if b[i] == '%' && isHex(b[i+1]) && isHex(b[i+2]) {
			b[i+1], b[i+2] = ascii.Upper(b[i+1]), ascii.Upper(b[i+2])
			i += 2
		}
	}
	return string(b)
}

// emitter writes a parse tree back with the canonical (and key) steps.
type emitter struct {
	s      string
	v2     bool
	key    bool
	b      []byte
	run    []byte
	runbuf [64]byte
}

func newEmitter(s string, v2, key bool) *emitter {
	e := &emitter{s: s, v2: v2, key: key, b: make([]byte, 0, len(s)+8)}
	e.run = e.runbuf[:0]
	return e
}

// done returns what was written; the input itself when they are equal,
// which spares a copy for XRIs already in canonical form.
func (e *emitter) done() string {
	if string(e.b) == e.s {
		return e.s
	}
	return string(e.b)
}

// foldAuth tells whether XRI authorities are case-folded: always in the
// key, in the canonical form only under rc2.
func (e *emitter) foldAuth() bool { return e.key || !e.v2 }

// ref writes r. top adds the scheme; inX marks a cross-reference's value;
// fold folds the case of everything (inside an XRI authority).
func (e *emitter) ref(r *ref, top, inX, fold bool) {
	s := e.s
	if r.auth != NoAuthority {
		switch {
		case top:
			if e.v2 {
				e.b = append(e.b, "xri://"...)
			} else {
				e.b = append(e.b, "xri:"...)
			}
		case r.scheme && (!e.key || (e.v2 && r.auth == URIAuthority)):
			e.b = append(e.b, "xri:"...)
			if e.v2 {
				e.b = append(e.b, "//"...)
			}
		}
	}
	switch r.auth {
	case URIAuthority:
		if !e.v2 || (!top && !r.scheme) {
			e.b = append(e.b, "//"...)
		}
		if r.uiEnd >= 0 {
			e.text(r.authStart, r.uiEnd, tUser, fold)
			e.b = append(e.b, '@')
		}
		e.text(r.hostStart, r.hostEnd, tHost, true)
		if r.portStart >= 0 {
			e.b = append(e.b, ':')
			e.b = append(e.b, s[r.portStart:r.authEnd]...)
		}
	case GCSAuthority:
		e.b = append(e.b, r.gcs)
		e.segment(e.filter(r.aseg, false), fold || e.foldAuth(), false)
	case XrefAuthority:
		e.segment(e.filter(r.aseg, true), fold || e.foldAuth(), false)
	}
	e.path(r, inX, fold)
	if r.query {
		e.b = append(e.b, '?')
		e.tail(r.qx, r.qStart, r.qEnd, tQuery, fold)
	}
	if r.frag {
		e.b = append(e.b, '#')
		e.tail(r.fx, r.fStart, r.fEnd, tFrag, fold)
	}
}

func (e *emitter) tail(x *xref, a, b int, ctx tctx, fold bool) {
	if x != nil {
		e.xref(x, fold)
		a = x.end
	}
	e.text(a, b, ctx, fold)
}

// filter returns the sub-segments of g to write: all of them, except in
// an rc2 key, where annotation cross-references (!…) go with the delimiter
// before them (§2.4.3) — but never the cross-reference that roots a
// cross-reference authority (keepFirst).
func (e *emitter) filter(g *segment, keepFirst bool) []subseg {
	if !e.key || e.v2 {
		return g.subs
	}
	n := 0
	for i, sub := range g.subs {
		if !(i == 0 && keepFirst) && e.annotation(sub) {
			n++
		}
	}
	if n == 0 {
		return g.subs
	}
	out := make([]subseg, 0, len(g.subs)-n)
	for i, sub := range g.subs {
		if !(i == 0 && keepFirst) && e.annotation(sub) {
			continue
		}
		out = append(out, sub)
	}
	return out
}

// annotation reports an rc2 annotation cross-reference: an XRI value
// beginning with the GCS "!" (rc2 §2.1.1.3 Table 2, §2.4.3).
func (e *emitter) annotation(sub subseg) bool {
	if sub.x == nil || sub.x.kind != xXRI {
		return false
	}
	a, b := sub.x.inner()
	return a < b && e.s[a] == '!'
}

// segment writes sub-segments, dropping the optional leading dot (rc2).
func (e *emitter) segment(subs []subseg, fold, keepDot bool) {
	for i, sub := range subs {
		if sub.delim != 0 {
			drop := i == 0 && !e.v2 && sub.delim == '.' && !keepDot && (sub.x != nil || sub.end > sub.start)
			if !drop {
				e.b = append(e.b, sub.delim)
			}
		} else if i == 0 && keepDot && !e.v2 {
			e.b = append(e.b, '.')
		}
		e.sub(sub, fold)
	}
}

func (e *emitter) sub(sub subseg, fold bool) {
	if sub.x != nil {
		e.xref(sub.x, fold)
		return
	}
	e.text(sub.start, sub.end, tSub, fold)
}

func (e *emitter) xref(x *xref, fold bool) {
	switch x.kind {
	case xEmpty:
		e.b = append(e.b, "()"...)
	case xXRI:
		e.b = append(e.b, '(')
		e.ref(x.r, false, true, fold)
		e.b = append(e.b, ')')
	case xURI:
		a, b := x.inner()
		e.b = append(e.b, '(')
		e.uri(a, b, fold)
		e.b = append(e.b, ')')
	default:
		e.b = append(e.b, safeForm(e.s[x.start:x.end])...)
	}
}

// uri writes a cross-referenced URI: scheme and host in lower case
// (rc2 §2.4.1), escapes normalized.
func (e *emitter) uri(a, b int, fold bool) {
	s := e.s
	c := a + schemeEnd(s[a:b])
	for i := a; i < c; i++ {
		e.b = append(e.b, ascii.Lower(s[i]))
	}
	e.b = append(e.b, ':')
	i := c + 1
	if strings.HasPrefix(s[i:b], "//") {
		e.b = append(e.b, "//"...)
		as := i + 2
		ae := as
		for ae < b && s[ae] != '/' && s[ae] != '?' && s[ae] != '#' {
			ae++
		}
		hs := as
		if k := strings.LastIndexByte(s[as:ae], '@'); k >= 0 {
			hs = as + k + 1
			e.text(as, hs, tURI, fold)
		}
		he := ae
		if hs < ae && s[hs] == '[' {
			if k := strings.IndexByte(s[hs:ae], ']'); k >= 0 {
				he = hs + k + 1
			}
		} else if k := strings.IndexByte(s[hs:ae], ':'); k >= 0 {
			he = hs + k
		}
		e.text(hs, he, tURI, true)
		e.text(he, ae, tURI, fold)
		i = ae
	}
	e.text(i, b, tURI, fold)
}

// seg is one segment of a path being written: a parsed one, or one the
// normalization made up.
type seg struct {
	g     *segment
	synth byte // 0: g; 'e': empty; 'd': "."
}

func (e *emitter) isEmpty(q seg) bool {
	return q.synth == 'e' || (q.synth == 0 && q.g.start == q.g.end)
}

func (e *emitter) dotKind(q seg) int {
	switch q.synth {
	case 'd':
		return 1
	case 'e':
		return 0
	}
	return q.g.dot(e.s)
}

// path writes the path with its dot-segments resolved.
func (e *emitter) path(r *ref, inX, fold bool) {
	if len(r.segs) == 0 {
		return
	}
	var arr [8]seg
	out := arr[:0]
	absolute := r.auth != NoAuthority || r.abs
	for i := range r.segs {
		g := &r.segs[i]
		last := i == len(r.segs)-1
		switch g.dot(e.s) {
		case 1:
			if last {
				if !absolute && len(out) == 0 {
					out = append(out, seg{g: g})
				} else {
					out = append(out, seg{synth: 'e'})
				}
			}
		case 2:
			if absolute {
				if len(out) > 0 {
					out = out[:len(out)-1]
				}
				if last {
					out = append(out, seg{synth: 'e'})
				}
				continue
			}
			if len(out) > 0 && e.dotKind(out[len(out)-1]) == 0 {
				out = out[:len(out)-1]
				if last {
					if len(out) == 0 {
						out = append(out, seg{synth: 'd'})
					} else {
						out = append(out, seg{synth: 'e'})
					}
				}
			} else {
				out = append(out, seg{g: g})
			}
		default:
			out = append(out, seg{g: g})
		}
	}
	// the key drops annotation-only segments
	if e.key && !e.v2 {
		k := 0
		for _, q := range out {
			if q.synth == 0 && len(q.g.subs) > 0 && len(e.filter(q.g, false)) == 0 {
				continue
			}
			out[k] = q
			k++
		}
		out = out[:k]
		if len(out) == 0 && !absolute {
			out = append(out, seg{synth: 'd'})
		}
	}
	if r.auth == NoAuthority && r.abs && len(out) > 1 && e.isEmpty(out[0]) {
		out = append([]seg{{synth: 'd'}}, out...) // "/./" + "/b", not the network-path "//b"
	}
	if !absolute && len(out) > 0 {
		switch {
		case len(out) == 1 && e.isEmpty(out[0]):
			out[0] = seg{synth: 'd'} // "./" is ".", not the empty reference
		case len(out) > 1 && e.isEmpty(out[0]):
			out = append([]seg{{synth: 'd'}}, out...) // "./" + "/b", not "//b"
		case e.v2 && out[0].synth == 0 && e.hazard(out[0].g):
			out = append([]seg{{synth: 'd'}}, out...)
		}
	}
	if absolute {
		e.b = append(e.b, '/')
	}
	for i, q := range out {
		if i > 0 {
			e.b = append(e.b, '/')
		}
		switch q.synth {
		case 'd':
			e.b = append(e.b, '.')
		case 'e':
		default:
			if q.g.dot(e.s) != 0 {
				e.b = append(e.b, e.s[q.g.start:q.g.end]...)
				continue
			}
			keep := !absolute && i == 0 && !e.v2 && e.needsDot(e.filter(q.g, false), inX)
			e.segment(e.filter(q.g, false), fold, keep)
		}
	}
}

// needsDot reports whether the first segment of a relative rc2 path must
// keep (or get) its leading dot.
func (e *emitter) needsDot(subs []subseg, inX bool) bool { return needsDot(e.s, subs, inX) }

// hazard reports whether a relative xri-2.0 path starting with g would
// not read as xri-path-noscheme: its first sub-segment must be non-empty
// text ("!!1" would be an authority, "*" alone is nothing) and no sub-segment
// of the segment may hold ":" (it would read as a scheme).
func (e *emitter) hazard(g *segment) bool { return noschemeBreak(e.s, g) != 0 }

// text writes s[a:b] of component ctx: escapes normalized (decoded when
// unnecessary, upper-case hex otherwise), literal runs composed (NFC),
// case-folded when fold is set, and characters the transformations made
// unfit for ctx escaped again.
func (e *emitter) text(a, b int, ctx tctx, fold bool) {
	s := e.s
	e.run = e.run[:0]
	for i := a; i < b; {
		c := s[i]
		if c >= utf8.RuneSelf {
			// invisible characters are written escaped and never folded,
			// so that the key of "%C2%A0" and of a literal no-break space agree
			r, n := utf8.DecodeRuneInString(s[i:b])
			if r == utf8.RuneError && n <= 1 {
				e.flush(ctx, fold)
				e.b = append(e.b, '%', hexdigits[c>>4], hexdigits[c&15])
				i++
				continue
			}
			if isInvisible(r) && !e.hostLiteral(ctx) {
				e.flush(ctx, fold)
				e.b = appendEscaped(e.b, r)
			} else {
				e.run = append(e.run, s[i:i+n]...)
			}
			i += n
			continue
		}
		if c != '%' {
			e.run = append(e.run, c)
			i++
			continue
		}
		if !isTriplet(s, i) {
			e.flush(ctx, fold)
			e.b = append(e.b, '%')
			i++
			continue
		}
		o := ascii.Unhex(s[i+1])<<4 | ascii.Unhex(s[i+2])
		if o < utf8.RuneSelf {
			if decodesASCII(o, ctx, e.v2) {
				e.run = append(e.run, o)
			} else {
				e.flush(ctx, fold)
				e.b = append(e.b, '%', hexdigits[o>>4], hexdigits[o&15])
			}
			i += 3
			continue
		}
		if r, j := decodeTriplets(s, i, b); j > i && decodesRune(r, ctx, e.v2) {
			e.run = utf8.AppendRune(e.run, r)
			i = j
			continue
		}
		e.flush(ctx, fold)
		e.b = append(e.b, '%', hexdigits[o>>4], hexdigits[o&15])
		i += 3
	}
	e.flush(ctx, fold)
}

// hostLiteral tells that invisible characters stay literal: an rc2 host
// name cannot hold escapes, and IDNA maps them anyway (U+00AD to nothing).
func (e *emitter) hostLiteral(ctx tctx) bool { return ctx == tHost && !e.v2 }

// decodeTriplets decodes one UTF-8 character from %-escapes at s[i:]
// (before limit), returning it and the index after it, or (0, i).
func decodeTriplets(s string, i, limit int) (rune, int) {
	var buf [utf8.UTFMax]byte
	n := utf8SeqLen(ascii.Unhex(s[i+1])<<4 | ascii.Unhex(s[i+2]))
	if n == 0 {
		return 0, i
	}
	j := i
	for k := 0; k < n; k++ {
		if j+2 >= limit || !isTriplet(s, j) {
			return 0, i
		}
		buf[k] = ascii.Unhex(s[j+1])<<4 | ascii.Unhex(s[j+2])
		j += 3
	}
	r, size := utf8.DecodeRune(buf[:n])
	if (r == utf8.RuneError && size <= 1) || size != n {
		return 0, i
	}
	return r, j
}

var folders = sync.Pool{New: func() any { c := cases.Fold(); return &c }}

// flush writes the pending literal run.
func (e *emitter) flush(ctx tctx, fold bool) {
	run := e.run
	if len(run) == 0 {
		return
	}
	e.run = e.run[:0]
	allASCII := true
	for _, c := range run {
		if c >= utf8.RuneSelf {
			allASCII = false
			break
		}
	}
	if allASCII {
		if fold {
			for _, c := range run {
				e.b = append(e.b, ascii.Lower(c))
			}
		} else {
			e.b = append(e.b, run...)
		}
		return
	}
	t := norm.NFC.Bytes(run)
	if fold {
		if e.key {
			t = compatFold(t)
		} else {
			t = norm.NFC.Bytes([]byte(strings.ToLower(string(t))))
		}
	}
	for i := 0; i < len(t); {
		c := t[i]
		if c < utf8.RuneSelf {
			if literal(c, ctx, e.v2) {
				e.b = append(e.b, c)
			} else {
				e.b = append(e.b, '%', hexdigits[c>>4], hexdigits[c&15])
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(t[i:])
		if r == utf8.RuneError && n <= 1 {
			e.b = append(e.b, '%', hexdigits[c>>4], hexdigits[c&15])
			i++
			continue
		}
		if literalRune(r, ctx, e.v2) && (!isInvisible(r) || e.hostLiteral(ctx)) {
			e.b = append(e.b, t[i:i+n]...)
		} else {
			e.b = appendEscaped(e.b, r)
		}
		i += n
	}
}

// compatFold is the compatibility caseless match of Unicode §3.13:
// NFKD(toCasefold(NFKD(toCasefold(NFD(X))))), composed again (NFKC) to be short.
func compatFold(t []byte) []byte {
	f := folders.Get().(*cases.Caser)
	defer folders.Put(f)
	t = norm.NFD.Bytes(t)
	f.Reset()
	t = f.Bytes(t)
	t = norm.NFKD.Bytes(t)
	f.Reset()
	t = f.Bytes(t)
	return norm.NFKC.Bytes(t)
}
