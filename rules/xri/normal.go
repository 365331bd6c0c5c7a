package xri

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ascii"
)

// The four normal forms of rc2 §2.2.4 and the way back (§2.2.4.5). Each
// form is equivalent to the others (§2.4.2); they differ in what is
// escaped. The XRI as written is taken as the escaped normal form; the
// forms are computed from it, not from the canonical form.
//
// §2.2.4.4 prints the escape of "#" as "%28" in its prose and "%23" in its
// rule list; "%28" is "(", so the rule list's "%23" is the intent.

// EscapedNormalForm is the XRI in escaped normal form (rc2 §2.2.4):
// composed to NFC (§2.2.4.3 step 1; within components, never across an
// ASCII delimiter) with every excluded character %-escaped (§2.2.5: space,
// controls, < > " { } | \ ^ `, a "%" not starting an escape, code points
// outside ucschar, invalid UTF-8).
func (x *XRI) EscapedNormalForm() string { return escapedNormal(x.raw, x.SyntaxProfile == V2) }

// IRINormalForm applies §2.2.4.3 steps 1–3 to the escaped normal form:
// every "%" becomes "%25", and inside cross-references "#", "?" and "/"
// become "%23", "%3F" and "%2F" (§2.2.4.4). The step is not idempotent
// (§2.2.4.3 step 3): applied to its own output it escapes again, so apply
// it once; FromIRI undoes it.
func (x *XRI) IRINormalForm() string {
	enf, spans, _ := x.enfParsed()
	return iriStep(enf, spans)
}

// AnyURINormalForm adds §2.2.4.3 step 4 to the IRI normal form: the host
// name of a URI authority through IDNA ToASCII (RFC 3490, UseSTD3ASCIIRules,
// no unassigned code points), label by label; ASCII labels stay as they
// are, and a label ToASCII rejects is kept (XRI009 reports it).
func (x *XRI) AnyURINormalForm() string {
	enf, spans, host := x.enfParsed()
	if host[0] >= 0 {
		h := enf[host[0]:host[1]]
		if a := hostToASCII(h); a != h {
			d := len(a) - len(h)
			enf = enf[:host[0]] + a + enf[host[1]:]
			for i := range spans {
				if spans[i][0] >= host[1] {
					spans[i][0] += d
					spans[i][1] += d
				}
			}
		}
	}
	return iriStep(enf, spans)
}

// URINormalForm adds §2.2.4.3 step 5 to the anyURI normal form: every
// character not allowed in a URI (rfc2396) is written as the %-escapes of
// its UTF-8 octets. The result is ASCII.
func (x *XRI) URINormalForm() string {
	a := x.AnyURINormalForm()
	var b []byte
	for i := 0; i < len(a); i++ {
		c := a[i]
		if c < utf8.RuneSelf {
			if b != nil {
				b = append(b, c)
			}
			continue
		}
		if b == nil {
			b = append(make([]byte, 0, len(a)+16), a[:i]...)
		}
		b = append(b, '%', hexdigits[c>>4], hexdigits[c&15])
	}
	if b == nil {
		return a
	}
	return string(b)
}

// enfParsed returns the escaped normal form with its top-level
// cross-reference spans and the span of its host ({-1,-1} if none).
func (x *XRI) enfParsed() (string, [][2]int, [2]int) {
	v2 := x.SyntaxProfile == V2
	enf := escapedNormal(x.raw, v2)
	if enf == x.raw && x.root != nil {
		return enf, append([][2]int(nil), x.xspans...), x.host
	}
	p := &parser{s: enf, profile: x.SyntaxProfile, v2: v2, min: rules.None + 255, host: [2]int{-1, -1}}
	if len(enf) <= MaxLength {
		p.top()
	}
	return enf, p.xspans, p.host
}

// escapedNormal composes s (NFC, never across an ASCII delimiter or an
// escape) and escapes what an XRI excludes. Invalid UTF-8 is escaped
// before composing, the rest after (NFC turns U+1FEF into "`").
func escapedNormal(s string, v2 bool) string {
	return escapeExcluded(nfcSafe(escapeInvalid(s)), v2)
}

// escapeInvalid %-escapes the octets of s that are not UTF-8.
func escapeInvalid(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	b := make([]byte, 0, len(s)+16)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			b = append(b, '%', hexdigits[s[i]>>4], hexdigits[s[i]&15])
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return string(b)
}

// escapeExcluded %-escapes excluded characters (rc2 §2.2.5), a "%" not
// starting an escape, and code points outside ucschar.
func escapeExcluded(s string, v2 bool) string {
	var b []byte
	for i := 0; i < len(s); {
		c := s[i]
		n := 1
		esc := false
		switch {
		case c == '%':
			esc = !isTriplet(s, i)
		case c < utf8.RuneSelf:
			esc = is(c, cExcluded)
		default:
			var r rune
			r, n = utf8.DecodeRuneInString(s[i:])
			esc = (r == utf8.RuneError && n <= 1) || !(isUcschar(r) || (v2 && isIPrivate(r)))
		}
		if esc && b == nil {
			b = append(make([]byte, 0, len(s)+16), s[:i]...)
		}
		if b != nil {
			if esc {
				for _, o := range []byte(s[i : i+n]) {
					b = append(b, '%', hexdigits[o>>4], hexdigits[o&15])
				}
			} else {
				b = append(b, s[i:i+n]...)
			}
		}
		i += n
	}
	if b == nil {
		return s
	}
	return string(b)
}

// nfcSafe is NFC applied to the pieces of s between ASCII punctuation and
// %-escapes, so that "=" + U+0338 does not compose into "≠", nor "%2F" +
// U+0307 into "%2Ḟ", and delimiters stay.
func nfcSafe(s string) string {
	if isASCII(s) || norm.NFC.IsNormalString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < utf8.RuneSelf && !isAlpha(c) && !isDigit(c) {
			b.WriteString(norm.NFC.String(s[start:i]))
			if isTriplet(s, i) {
				// an escape is atomic, and so is the "%25XX" the IRI step makes of one
				k := 3
				if s[i+1] == '2' && s[i+2] == '5' && i+4 < len(s) && isHex(s[i+3]) && isHex(s[i+4]) {
					k = 5
				}
				b.WriteString(s[i : i+k])
				i += k - 1
			} else {
				b.WriteByte(c)
			}
			start = i + 1
		}
	}
	b.WriteString(norm.NFC.String(s[start:]))
	return b.String()
}

// iriStep is §2.2.4.4: "%" → "%25" everywhere; "#" "?" "/" → "%23" "%3F"
// "%2F" inside cross-references (spans: "(" … ")", outermost).
func iriStep(s string, spans [][2]int) string {
	b := make([]byte, 0, len(s)+len(s)/8+8)
	k := 0
	for i := 0; i < len(s); i++ {
		for k < len(spans) && spans[k][1] <= i {
			k++
		}
		in := k < len(spans) && spans[k][0] < i && i < spans[k][1]-1
		switch c := s[i]; {
		case c == '%':
			b = append(b, "%25"...)
		case in && c == '#':
			b = append(b, "%23"...)
		case in && c == '?':
			b = append(b, "%3F"...)
		case in && c == '/':
			b = append(b, "%2F"...)
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

// hostToASCII is ToASCII label by label; IP literals and ASCII labels are unchanged.
func hostToASCII(h string) string {
	if isASCII(h) {
		return h
	}
	labels := strings.Split(h, ".")
	for i, l := range labels {
		if l != "" && !isASCII(l) {
			if a, err := idnaProfile().ToASCII(l); err == nil {
				labels[i] = a
			}
		}
	}
	return strings.Join(labels, ".")
}

// hostToUnicode is ToUnicode for the "xn--" labels of h.
func hostToUnicode(h string) string {
	if !strings.Contains(strings.ToLower(h), "xn--") {
		return h
	}
	labels := strings.Split(h, ".")
	for i, l := range labels {
		if ascii.HasPrefixFold(l, "xn--") {
			if u, err := idnaDisplay().ToUnicode(l); err == nil {
				labels[i] = u
			}
		}
	}
	return strings.Join(labels, ".")
}

// FromIRI turns an XRI in IRI normal form back into escaped normal form
// (rc2 §2.2.4.5): NFC, then step 5 — escaped "/", "?", "#" and "%"
// become the characters again, in one pass, so "%252F" gives "%2F".
func FromIRI(s string) string { return step5(nfcSafe(s)) }

// FromAnyURI turns an XRI in anyURI normal form back (rc2 §2.2.4.5): NFC,
// the host name through IDNA ToUnicode, then step 5. The profile tells how
// to find the host ("xri://@x" is a host under rc2, an i-name under xri-2.0).
func FromAnyURI(s, profile string) string {
	return step5(withHost(nfcSafe(s), profile, hostToUnicode))
}

// FromURI turns an XRI in URI normal form back (rc2 §2.2.4.5): host name
// through ToUnicode, escapes decoded except "%", the reserved characters of
// rfc2396 and of XRI (( ) . * ! are delimiters too, although rfc2396 calls
// them unreserved — decoding them would change the XRI) and characters
// excluded from URIs; escapes of invalid or invisible UTF-8 stay; then step 5.
func FromURI(s, profile string) string {
	s = withHost(s, profile, hostToUnicode)
	var b []byte
	for i := 0; i < len(s); {
		if !isTriplet(s, i) {
			if b != nil {
				b = append(b, s[i])
			}
			i++
			continue
		}
		o := ascii.Unhex(s[i+1])<<4 | ascii.Unhex(s[i+2])
		var lit []byte
		j := i + 3
		if o < utf8.RuneSelf {
			if is(o, cXUnres) {
				lit = []byte{o}
			}
		} else if r, k := decodeTriplets(s, i, len(s)); k > i && isUcschar(r) && !isInvisible(r) {
			lit, j = utf8.AppendRune(nil, r), k
		}
		if lit == nil {
			if b != nil {
				b = append(b, s[i:i+3]...)
			}
			i += 3
			continue
		}
		if b == nil {
			b = append(make([]byte, 0, len(s)), s[:i]...)
		}
		b = append(b, lit...)
		i = j
	}
	if b != nil {
		s = string(b)
	}
	return step5(s)
}

// step5 is §2.2.4.5 step 5 a–d in one left-to-right pass.
func step5(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if isTriplet(s, i) {
			switch o := ascii.Unhex(s[i+1])<<4 | ascii.Unhex(s[i+2]); o {
			case '/', '?', '#', '%':
				b = append(b, o)
				i += 2
				continue
			}
		}
		b = append(b, s[i])
	}
	return string(b)
}

// withHost applies f to the host of the URI authority of s, if any.
func withHost(s, profile string, f func(string) string) string {
	p := &parser{s: s, profile: normProfile(profile), v2: normProfile(profile) == V2, min: rules.None + 255, host: [2]int{-1, -1}}
	if len(s) > MaxLength {
		return s
	}
	p.top()
	if p.host[0] < 0 {
		return s
	}
	h := s[p.host[0]:p.host[1]]
	if u := f(h); u != h {
		return s[:p.host[0]] + u + s[p.host[1]:]
	}
	return s
}
