package lint

import (
	"bytes"
	"io"
	"strings"

	"github.com/idlint/idlint/rules"
)

// Suppression comments, for pre-commit use on specs and schemas:
//
//	idlint:ignore-next-line [RULE[,RULE…]]   findings on the next line
//	idlint:disable [RULE[,RULE…]]            from the next line on
//	idlint:enable [RULE[,RULE…]]             from the next line on (no list: all)
//
// RULE is an ID or name (URN006, bad-percent-encoding); no list means every
// rule. A directive takes effect on the lines after its own, never on its
// own line: the scanner may meet an identifier before it has read the rest
// of that line, and output must not depend on where reads happen to end.

const (
	marker       = "idlint"
	maxDirective = 512 // a directive's text after the marker, at most
)

type directive struct {
	end     int64 // offset of the newline that ends the directive's line
	nextEnd int64 // offset of the newline after that (-1: not read yet)
	kind    string
	rules   []string
}

// Directives reads through a document, collecting suppression directives
// as the bytes pass; Filter then drops the findings they suppress. It looks
// only at colons (bytes.IndexByte, fast) and the six bytes before them, and
// works on byte offsets, so it adds one quick pass over the text.
type Directives struct {
	r     io.Reader
	off   int64   // stream offset of the next byte
	prev  [6]byte // the last bytes before off, for a marker cut by a read
	nprev int
	open  bool   // inside a directive's text, waiting for its newline
	text  []byte // that text so far
	list  []directive
	// region state, advanced as Filter is called with growing offsets
	next     int
	disabled map[string]bool // rule key -> disabled; "" = all
}

// NewDirectives wraps r.
func NewDirectives(r io.Reader) *Directives { return &Directives{r: r} }

// Reset reuses d for another reader.
func (d *Directives) Reset(r io.Reader) {
	*d = Directives{r: r, text: d.text[:0], list: d.list[:0]}
}

func (d *Directives) Read(p []byte) (int, error) {
	n, err := d.r.Read(p)
	if n > 0 {
		d.feed(p[:n])
	}
	if err != nil && d.open {
		d.finish(d.off) // a directive on the last line, without newline
	}
	return n, err
}

func (d *Directives) feed(b []byte) {
	i := 0
	if d.open {
		nl := bytes.IndexByte(b, '\n')
		room := maxDirective - len(d.text)
		switch {
		case nl >= 0 && nl <= room:
			d.text = append(d.text, b[:nl]...)
			d.finish(d.off + int64(nl))
			i = nl
		case len(b) >= room:
			d.text = append(d.text, b[:room]...)
			d.finish(-1)
			i = room
		default:
			d.text = append(d.text, b...)
			i = len(b)
		}
	}
	for i < len(b) {
		j := bytes.IndexByte(b[i:], ':')
		if j < 0 {
			break
		}
		at := i + j
		i = at + 1
		if !d.markerBefore(b, at) {
			continue
		}
		d.open, d.text = true, d.text[:0]
		rest := b[at+1:]
		nl := bytes.IndexByte(rest, '\n')
		switch {
		case nl >= 0 && nl <= maxDirective:
			d.text = append(d.text, rest[:nl]...)
			d.finish(d.off + int64(at+1+nl))
			i = at + 1 + nl
		case len(rest) >= maxDirective:
			d.text = append(d.text, rest[:maxDirective]...)
			d.finish(-1)
			i = at + 1 + maxDirective
		default:
			d.text = append(d.text, rest...)
			i = len(b)
		}
	}
	// the newline that ends the line after each recent directive
	for k := len(d.list) - 1; k >= 0 && d.list[k].nextEnd < 0; k-- {
		start := max(0, d.list[k].end-d.off+1)
		if start <= int64(len(b)) {
			if nl := bytes.IndexByte(b[start:], '\n'); nl >= 0 {
				d.list[k].nextEnd = d.off + start + int64(nl)
			}
		}
	}
	d.off += int64(len(b))
	// remember the last bytes for a marker cut by the next read
	if len(b) >= len(d.prev) {
		copy(d.prev[:], b[len(b)-len(d.prev):])
		d.nprev = len(d.prev)
	} else {
		keep := min(d.nprev, len(d.prev)-len(b))
		copy(d.prev[:], d.prev[d.nprev-keep:d.nprev])
		copy(d.prev[keep:], b)
		d.nprev = keep + len(b)
	}
}

// markerBefore reports whether "idlint" ends just before the colon at b[at].
func (d *Directives) markerBefore(b []byte, at int) bool {
	if at >= len(marker) {
		return string(b[at-len(marker):at]) == marker
	}
	var w [6]byte
	need := len(marker) - at
	if d.nprev < need {
		return false
	}
	copy(w[:], d.prev[d.nprev-need:d.nprev])
	copy(w[need:], b[:at])
	return string(w[:]) == marker
}

// finish parses the collected directive text; end is the offset of its
// newline (-1 when cut at maxDirective: it then applies from there on).
func (d *Directives) finish(end int64) {
	d.open = false
	if end < 0 {
		end = d.off
	}
	d.add(end, d.text)
}

func (d *Directives) add(end int64, text []byte) {
	fields := strings.FieldsFunc(string(text), func(r rune) bool {
		return r == ' ' || r == '\t' || r == ',' || r == '\r'
	})
	if len(fields) == 0 {
		return
	}
	kind := strings.ToLower(fields[0])
	switch kind {
	case "ignore-next-line", "disable", "enable":
	default:
		return
	}
	var rs []string
	for _, f := range fields[1:] {
		if !ruleToken(f) {
			break // "-->", "*/" or prose end the list
		}
		rs = append(rs, strings.ToUpper(f))
	}
	d.list = append(d.list, directive{end: end, nextEnd: -1, kind: kind, rules: rs})
}

// ruleToken accepts IDs (URN006) and names (bad-percent-encoding,
// urn/bad-percent-encoding): a digit or a "-" is required, so prose ends the list.
func ruleToken(s string) bool {
	if !strings.ContainsAny(s, "0123456789-") {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '/') {
			return false
		}
	}
	return true
}

func matches(list []string, r *rules.Rule) bool {
	if len(list) == 0 {
		return true
	}
	for _, x := range list {
		if x == r.ID || x == strings.ToUpper(r.Name) || x == strings.ToUpper(r.Scheme+"/"+r.Name) {
			return true
		}
	}
	return false
}

// Filter drops the findings suppressed for an identifier at offset.
// Calls must come with non-decreasing offsets, as the scanner produces them.
func (d *Directives) Filter(offset int64, fs []rules.Finding) []rules.Finding {
	if d == nil || len(d.list) == 0 || len(fs) == 0 {
		return fs
	}
	for d.next < len(d.list) && d.list[d.next].end < offset {
		x := d.list[d.next]
		d.next++
		switch x.kind {
		case "disable":
			if d.disabled == nil {
				d.disabled = map[string]bool{}
			}
			if len(x.rules) == 0 {
				d.disabled[""] = true
			}
			for _, r := range x.rules {
				d.disabled[r] = true
			}
		case "enable":
			if len(x.rules) == 0 {
				d.disabled = nil
			}
			for _, r := range x.rules {
				delete(d.disabled, r)
			}
		}
	}
	// fs may be shared with other occurrences (Memo): copy before dropping
	var out []rules.Finding
	for i, f := range fs {
		if d.suppressed(offset, f.Rule) {
			if out == nil {
				out = append(make([]rules.Finding, 0, len(fs)-1), fs[:i]...)
			}
		} else if out != nil {
			out = append(out, f)
		}
	}
	if out == nil {
		return fs
	}
	return out
}

func (d *Directives) suppressed(offset int64, r *rules.Rule) bool {
	if d.disabled[""] {
		return true
	}
	for k := range d.disabled {
		if matches([]string{k}, r) {
			return true
		}
	}
	// ignore-next-line: the identifier starts after the directive's line
	// and on the line after it (its end not read yet means still on it)
	for i := d.next - 1; i >= 0; i-- {
		x := d.list[i]
		if x.kind != "ignore-next-line" {
			continue
		}
		if x.end < offset && (x.nextEnd < 0 || offset < x.nextEnd) && matches(x.rules, r) {
			return true
		}
		if x.nextEnd >= 0 && x.nextEnd < offset {
			break
		}
	}
	return false
}
