// Package extract is the scanner: it turns bytes into candidate identifier
// spans (scheme, start, end). A block filter (SIMD on amd64, see filter.go)
// marks each ":" preceded by letters that can end a scheme name; a scalar
// confirm checks the scheme name before it, the boundary rules and the
// extent. No regexp, no allocation per byte or per candidate.
package extract

import (
	"bytes"
	"math/bits"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/idlint/idlint/internal/wordbound"
)

//go:generate go run ../internal/gen/schemetable -out schemes_gen.go

// Scheme is one identifier scheme the scanner knows: one bit. The schemes
// (URN, XRI, …) and their tables are generated from the registry in
// rules/schemes (schemes_gen.go).
type Scheme uint8

// String is the scheme's name ("urn"), "unknown" for anything but one
// scheme: a table index, no allocation (it runs once per match).
func (s Scheme) String() string {
	if s != 0 && s&(s-1) == 0 {
		if i := bits.TrailingZeros8(uint8(s)); i < len(schemeNames) {
			return schemeNames[i]
		}
	}
	return "unknown"
}

// ParseScheme maps a scheme name to its Scheme (0 if unknown).
func ParseScheme(name string) Scheme {
	for i, n := range schemeNames {
		if n == name {
			return 1 << i
		}
	}
	return 0
}

// Schemes is a set of schemes: what the scanner looks for.
type Schemes uint8

// SchemesOf is the set of the schemes ss.
func SchemesOf(ss ...Scheme) Schemes {
	var set Schemes
	for _, s := range ss {
		set = set.Add(s)
	}
	return set
}

// Add returns the set with s added.
func (set Schemes) Add(s Scheme) Schemes { return set | Schemes(s) }

// Has reports whether s is in the set.
func (set Schemes) Has(s Scheme) bool { return set&Schemes(s) != 0 }

// String lists the set's schemes in registry order, "urn,xri" ("none"
// for the empty set).
func (set Schemes) String() string {
	var names []string
	for i, n := range schemeNames {
		if set.Has(1 << i) {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ",")
}

// Candidate is one span found in a buffer: buf[Start:End] is the identifier,
// scheme prefix included. Truncated marks an identifier cut at MaxLen.
type Candidate struct {
	Scheme     Scheme
	Start, End int
	Truncated  bool
	nl         int // line feeds before Start from where the stream's scan began
}

// DefaultMaxLen bounds an identifier's length; longer runs are cut there
// and flagged, so one pathological input cannot hold the whole stream.
const DefaultMaxLen = 8 << 10

// Options configure a scan. The zero value finds URNs up to DefaultMaxLen.
type Options struct {
	Schemes Schemes
	MaxLen  int
	// NoPositions: a Stream's matches need no line or column (a caller
	// that only counts them): Match.Line, Column and Column16 are 0 and
	// no line feed is counted (on identifier-dense text counting them
	// was ~10% of a scan's CPU, issue 25). Find ignores it.
	NoPositions bool
}

func (o Options) norm() Options {
	if o.Schemes == 0 {
		o.Schemes = SchemesOf(URN)
	}
	if o.MaxLen <= 0 {
		o.MaxLen = DefaultMaxLen
	}
	return o
}

// Find appends the candidates in buf, taken as a complete text, to dst.
func Find(dst []Candidate, buf []byte, opt Options) []Candidate {
	opt = opt.norm()
	dst, _, _, _, _ = scan(dst, buf, 0, true, opt, false, false)
	return dst
}

// lookbehind is how many bytes before a scheme the boundary check reads:
// one UTF-8 encoded rune.
const lookbehind = utf8.UTFMax

// scan examines every candidate colon (see filter.go) at or after from in
// buf. When an identifier's extent runs into the end of buf and more data
// may follow (!atEOF), it stops and returns the colon's index so the caller
// can retry with more data; complete is then false.
//
// With lines, scan also counts line feeds: each candidate's nl holds those
// in buf[from:Start], and nl those in buf[from:counted]. The kernel counts
// them as it filters when it can (one pass over the text); else they are
// counted here, up to each identifier, in the span the kernel just read,
// and on to resume (counted == resume) — unless lazy: then only up to the
// last identifier, for the last scan of a text, whose line feeds after
// its last identifier no one asks for (most documents of a spec corpus
// hold none: issue 25, the RFC directory).
func scan(dst []Candidate, buf []byte, from int, atEOF bool, opt Options, lines, lazy bool) (out []Candidate, resume int, complete bool, nl, counted int) {
	var cands, cnl, ends [candBatch]int
	i := from  // candidates before i are inside an identifier already found
	at := from // uncounting kernel: line feeds in buf[from:at] are nl
	for k := from; k < len(buf); {
		var n, next, knl int
		kcounted := false
		if lines {
			n, next, knl, kcounted = linesAt(buf, k, cands[:], cnl[:])
		} else {
			n, next = candidates(buf, k, cands[:])
		}
		// the URN spans of the whole batch in one call, where the
		// kernel can (one call per identifier spilled this loop)
		batched := opt.Schemes.Has(URN) && spansURN(buf, cands[:n], ends[:])
		for j, p := range cands[:n] {
			if p < i {
				continue
			}
			i = p + 1
			// URN, the common case, checked inline: each call here
			// spills the loop's registers (Go saves none across calls),
			// and dense text has one candidate every ~70 bytes (issue 25)
			var scheme Scheme
			var start int
			if p >= 3 && buf[p-3]|0x20 == 'u' && buf[p-2]|0x20 == 'r' && buf[p-1]|0x20 == 'n' && opt.Schemes.Has(URN) {
				scheme, start = URN, p-3
			} else if scheme, start = schemeBefore(buf, p, opt.Schemes); scheme == 0 {
				continue
			}
			if start > 0 {
				if c := buf[start-1]; c < utf8.RuneSelf {
					if wordASCII[c] {
						continue
					}
				} else if !boundaryBefore(buf, start) {
					continue
				}
			}
			pnl := 0 // line feeds in buf[from:p], when lines
			if kcounted {
				pnl = nl + cnl[j]
			} else if lines {
				nl += countNL(buf[at:p])
				at, pnl = p, nl
			}
			limit := min(len(buf), start+opt.MaxLen+1)
			var end int
			if e := ends[j]; scheme == URN && batched && e >= 0 {
				end = min(e, limit)
			} else if scheme == URN {
				end = min(spanURN(buf, p+1, limit), limit)
			} else {
				end = extent(buf, p+1, limit, scheme)
			}
			// wait for more text while the identifier, or the context after
			// it that classifiers read, may go on past the buffer: matches
			// must not depend on where reads end
			if !atEOF && (end == len(buf) && end < start+opt.MaxLen+1 || end+ContextBytes > len(buf)) {
				return dst, p, false, pnl, p
			}
			// the text before the scheme may end it earlier: a quote, a
			// query key, an emphasis run (boundary.go); one table lookup
			// for the common case, nothing opened
			var o opening
			if start > 0 && openerByte[buf[start-1]] && end > p+1 {
				// "<" and "=" (most openers in dense text) as of reads
				// them, without the call
				ctx := buf[max(0, start-ContextBytes):start]
				switch ctx[len(ctx)-1] {
				case '<':
					o.angle = true
				case '=':
					o.query, o.param = queryKeyBefore(ctx[:len(ctx)-1])
				default:
					o.of(ctx)
				}
				if o.cuts() {
					end = o.cut(buf, p+1, end)
				}
			}
			truncated := end > start+opt.MaxLen
			if truncated {
				end = start + opt.MaxLen
			}
			i = end
			// "<urn:…:>" delimits (rfc3986 Appendix C): what comes before
			// ">" is the identifier's, trailing punctuation included
			delimited := o.angle && end < len(buf) && buf[end] == '>'
			if !truncated && !delimited {
				if trailing[buf[end-1]] { // else trim keeps it all
					end = start + trim(buf[start:end], p+1-start)
				}
				if o.wrapN > 0 {
					end = start + o.unwrap(buf[start:end], p+1-start)
				}
			}
			if end > p+1 {
				// grown, then written field by field: an appended literal
				// is built on the stack and copied, stalling on its stores
				// (issue 25, dense text)
				dst = slices.Grow(dst, 1)[:len(dst)+1]
				c := &dst[len(dst)-1]
				c.Scheme, c.Start, c.End, c.Truncated, c.nl = scheme, start, end, truncated, pnl
			}
		}
		if lines && (kcounted || !lazy) {
			if kcounted {
				nl += knl
			} else {
				nl += countNL(buf[at:next])
			}
			if i > next { // an identifier the kernel has not read to its end
				nl += countNL(buf[next:i])
			}
			at = max(next, i)
		}
		k = max(next, i)
	}
	if !lines {
		at = len(buf)
	}
	return dst, len(buf), true, nl, at
}

// spanIRI is the extent of an XRI: URN's ASCII run, plus Unicode
// (ucschar, xri §2.2.1) up to a Unicode space or control. URNs stop at
// non-ASCII (rfc2141bis-03 §2.5.3); lid: and go: use RFC 2396's set
// (spanURI).
func spanIRI(buf []byte, i, limit int) int {
	for i < limit {
		i = spanURN(buf, i, limit) // the ASCII run
		if i == limit {
			break
		}
		c := buf[i]
		if c < utf8.RuneSelf {
			if !urnChar[c] {
				break
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(buf[i:limit])
		if r == utf8.RuneError && n <= 1 {
			if !utf8.FullRune(buf[i:limit]) && limit == len(buf) {
				return len(buf) // a rune cut by the buffer end: ask for more
			}
			break
		}
		if unicode.IsSpace(r) || unicode.IsControl(r) || r == 0xFEFF {
			break
		}
		i += n
	}
	return i
}

// spanTable returns the end of the run of bytes of set in buf[i:limit].
func spanTable(set *[256]bool, buf []byte, i, limit int) int {
	for i < limit && set[buf[i]] {
		i++
	}
	return i
}

// boundaryBefore reports whether a scheme may start at buf[start]: the
// character before it must not be a letter (any script), digit, mark, "+",
// "-" or "." — those would make it part of a longer word or scheme name
// ("abc.urn:x", "invàlid:").
func boundaryBefore(buf []byte, start int) bool {
	return !wordbound.Before(buf[max(0, start-lookbehind):start])
}

// trim drops what prose puts after an identifier: trailing . , ; : ! ? '
// and an unbalanced ) or ]. A balanced closing bracket belongs to the
// identifier (RFC 3986 Appendix C). It never cuts into the first min bytes.
func trim(b []byte, min int) int {
	n := len(b)
	// The bracket counts are taken only when a closing bracket ends b (most
	// identifiers end in a letter or digit), and only when b opens one: in
	// "(urn:a:b)" the identifier holds no "(", so every ")" goes.
	counted := false
	opens, closes := 0, 0
	sqOpen, sqClose := 0, 0
	for n > min {
		switch c := b[n-1]; c {
		case '.', ',', ';', ':', '!', '?', '\'':
		case ')', ']':
			if !counted {
				counted = true
				opens, closes = bracketCounts(b, '(', ')')
				sqOpen, sqClose = bracketCounts(b, '[', ']')
			}
			if c == ')' {
				if closes <= opens {
					return n
				}
				closes--
			} else {
				if sqClose <= sqOpen {
					return n
				}
				sqClose--
			}
		default:
			return n
		}
		n--
	}
	return n
}

// bracketCounts counts open and close in b; with no open, close counts as
// len(b), more than trim can remove.
func bracketCounts(b []byte, open, close byte) (opens, closes int) {
	if bytes.IndexByte(b, open) < 0 {
		return 0, len(b)
	}
	return bytes.Count(b, []byte{open}), bytes.Count(b, []byte{close})
}

var urnChar, uriChar [256]bool

// trailing: the bytes trim may drop from an identifier's end (see trim).
var trailing = func() (t [256]bool) {
	for _, c := range []byte(".,;:!?')]") {
		t[c] = true
	}
	return t
}()

// wordASCII is wordbound.Before of each ASCII byte alone: the boundary
// check without a call for ASCII text.
var wordASCII = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = wordbound.Before([]byte{byte(c)})
	}
	return t
}()

func init() {
	for c := 0; c < 256; c++ {
		b := byte(c)
		// rfc2141 §2.4 / rfc2141bis-03 §2.5.3: an identifier ends at space,
		// controls, DEL, non-ASCII and " < > \ ^ ` { | }.
		urnChar[c] = b > ' ' && b < 0x7f && bytes.IndexByte([]byte("\"<>\\^`{|}"), b) < 0
		// RFC 2396 §2.4.3 also excludes the "unwise" [ and ].
		uriChar[c] = urnChar[c] && b != '[' && b != ']'
	}
}
