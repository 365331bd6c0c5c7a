package lint

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/idlint/idlint/extract"
	"github.com/idlint/idlint/rules"
)

// Suppression comments, for pre-commit use on specs and schemas
// (README §Suppressions):
//
//	idlint:ignore[RULE,…] -- reason            findings on the same line
//	idlint:ignore-next-line [RULE,…] -- reason findings on the next line
//	idlint:disable [RULE,…] -- reason          from the next line on, until idlint:enable
//	idlint:disable-file [RULE,…] -- reason     from the next line to the end of the file
//	idlint:enable [RULE,…]                     from the next line on (no list: all)
//
// RULE is an ID or name (URN006, bad-percent-encoding); no list means
// every rule. The list is bracketed, or separated by spaces and commas
// (then it ends at the first word without a digit or "-"). The reason
// follows, best after "--". "idlint" must start at a word boundary.
//
// A same-line directive may come after the identifier it silences, which
// the scanner meets first: Filter reads ahead to the end of the
// identifier's line (at most sameLineReach bytes past it) before
// deciding, so what is suppressed depends on the text only, never on
// where reads end. The directives themselves are reported at the end
// (Report): unused ones, unknown rules, unclosed regions, missing reasons.

const (
	marker       = "idlint"
	maxDirective = 512 // a directive's text after the marker, at most
	// sameLineReach bounds the read-ahead for a same-line directive after
	// an identifier: a line may be megabytes of minified JSON
	sameLineReach = 64 << 10
)

type kind uint8

const (
	ignoreSameLine kind = iota + 1
	ignoreNextLine
	disable
	disableFile
	enable
)

var kindNames = map[string]kind{
	"ignore": ignoreSameLine, "ignore-next-line": ignoreNextLine,
	"disable": disable, "disable-file": disableFile, "enable": enable,
}

// token is one rule of a directive's list.
type token struct {
	text       string
	start, end int           // in the directive's raw text
	rules      []*rules.Rule // nil: unknown
	used       bool
}

type directive struct {
	start     int64 // offset of "idlint:"
	lineStart int64 // offset of its line's first byte
	lineEnd   int64 // offset of the newline ending its line (-1: not read yet; at EOF, the end)
	nextEnd   int64 // the newline ending the line after (-1: not read yet)
	line, col int
	col16     int // col in UTF-16 code units (SARIF)
	kind      kind
	raw       string // "idlint:" through the reason (comment closers left out)
	all       bool   // no rule list: every rule
	toks      []token
	reason    bool
	used      bool
	unclosed  bool
	closer    string // "-->" or "*/" when the directive is in such a comment: it ends there
}

// region is a rule set disabled from a directive on.
type region struct {
	dir    int
	tok    int           // the token of dir's list (-1: all rules)
	rules  []*rules.Rule // nil: all
	except []*rules.Rule // enabled again in an all-rules region
	file   bool          // disable-file: enable does not end it
}

// Directives reads through a document, collecting suppression directives
// as the bytes pass; Filter then drops the findings they suppress, and
// Report tells what is wrong with the directives. It looks only at
// colons (bytes.IndexByte, fast) and the bytes before them, and counts
// lines, so it adds one quick pass over the text.
type Directives struct {
	r     io.Reader
	off   int64   // stream offset of the next byte fed
	prev  [7]byte // the last bytes before off, for a marker cut by a read
	nprev int
	open  bool   // inside a directive's text, waiting for its newline
	text  []byte // that text so far
	cur   directive
	list  []directive
	// position of off: newlines before it, the start of its line, the
	// characters from there to off; the last newline fed
	line      int
	lineStart int64
	lineChars int
	lineWide  int // characters beyond the BMP among them (two UTF-16 units each)
	lastNL    int64
	eof       bool
	// read ahead by Filter for same-line directives, not yet returned by
	// Read; err ends the text (io.EOF …): r is not read again after it
	// (a terminal's stdin would wait for a second end of file)
	ahead []byte
	ai    int
	err   error
	// region state, advanced as Filter is called with growing offsets
	next   int
	active []region
}

// NewDirectives wraps r.
func NewDirectives(r io.Reader) *Directives {
	d := &Directives{}
	d.Reset(r)
	return d
}

// Reset reuses d for another reader.
func (d *Directives) Reset(r io.Reader) {
	*d = Directives{r: r, text: d.text[:0], list: d.list[:0], ahead: d.ahead[:0], active: d.active[:0], lastNL: -1}
}

// ResetBytes reuses d for a text already in memory, read whole at once:
// the scanner then takes b in place instead of through Read (issue 25:
// two copies of a checked file). What is suppressed is the same, as it
// depends on the text only.
func (d *Directives) ResetBytes(b []byte) {
	d.Reset(nil)
	d.feed(b)
	d.err = io.EOF
	d.end()
}

func (d *Directives) Read(p []byte) (int, error) {
	if d.ai < len(d.ahead) {
		n := copy(p, d.ahead[d.ai:])
		if d.ai += n; d.ai == len(d.ahead) {
			d.ahead, d.ai = d.ahead[:0], 0
		}
		return n, nil
	}
	if d.err != nil {
		return 0, d.err
	}
	n, err := d.r.Read(p)
	if n > 0 {
		d.feed(p[:n])
	}
	if err != nil {
		d.err = err
		d.end()
	}
	return n, err
}

// lookahead reads until the line of an identifier at offset is complete,
// or sameLineReach past it (and a directive starting there read whole).
func (d *Directives) lookahead(offset int64) {
	for zero := 0; d.err == nil && d.lastNL < offset && d.off <= offset+sameLineReach+maxDirective+int64(len(marker))+1 && zero < 100; {
		if d.ai > 0 {
			d.ahead, d.ai = append(d.ahead[:0], d.ahead[d.ai:]...), 0
		}
		d.ahead = slices.Grow(d.ahead, 16<<10)
		buf := d.ahead[len(d.ahead):cap(d.ahead)]
		n, err := d.r.Read(buf)
		if n > 0 {
			d.feed(buf[:n])
			d.ahead = d.ahead[:len(d.ahead)+n]
		} else {
			zero++
		}
		if err != nil {
			d.err = err
			d.end()
		}
	}
}

// end is the end of the text: the last lines end there.
func (d *Directives) end() {
	if d.eof {
		return
	}
	d.eof = true
	if d.open {
		d.finish(d.off)
	}
	for k := len(d.list) - 1; k >= 0 && d.list[k].nextEnd < 0; k-- {
		if d.list[k].lineEnd < 0 {
			d.list[k].lineEnd = d.off
		}
		d.list[k].nextEnd = d.off
	}
}

// chunk tracks lines through one fed chunk, incrementally.
type chunk struct {
	b    []byte
	pos  int // counted up to here
	nl   int // newlines in b[:pos]
	last int // index after the last newline in b[:pos] (-1: none)
}

func (c *chunk) advance(to int) {
	seg := c.b[c.pos:to]
	c.nl += bytes.Count(seg, nlByte)
	if k := bytes.LastIndexByte(seg, '\n'); k >= 0 {
		c.last = c.pos + k + 1
	}
	c.pos = to
}

var nlByte = []byte{'\n'}

func (d *Directives) feed(b []byte) {
	c := chunk{b: b, last: -1}
	i := 0
	if d.open {
		i = d.collect(b, 0)
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
		// the directive's position: the marker may begin in an earlier read
		ms := at - len(marker)
		x := directive{start: d.off + int64(ms), lineEnd: -1, nextEnd: -1}
		if ms >= 0 {
			c.advance(ms)
		}
		x.line = d.line + c.nl + 1
		switch {
		case ms >= 0 && c.last >= 0:
			x.lineStart, x.col = d.off+int64(c.last), extract.Chars(b[c.last:ms])+1
			x.col16 = x.col + extract.Wide(b[c.last:ms])
		case ms >= 0:
			x.lineStart, x.col = d.lineStart, d.lineChars+extract.Chars(b[:ms])+1
			x.col16 = x.col + d.lineWide + extract.Wide(b[:ms])
		default:
			x.lineStart, x.col = d.lineStart, d.lineChars+ms+1 // the marker is ASCII
			x.col16 = x.col + d.lineWide
		}
		if ms > 0 {
			from := 0
			if c.last >= 0 && c.last <= ms {
				from = c.last
			}
			x.closer = commentCloser(b[from:ms])
		}
		d.open, d.text, d.cur = true, d.text[:0], x
		i = d.collect(b, at+1)
	}
	c.advance(len(b))
	// the newlines that end the lines of recent directives, and the next
	for k := len(d.list) - 1; k >= 0 && d.list[k].nextEnd < 0; k-- {
		x := &d.list[k]
		if x.lineEnd < 0 {
			from := max(0, x.start-d.off)
			nl := bytes.IndexByte(b[from:], '\n')
			if nl < 0 {
				continue
			}
			x.lineEnd = d.off + from + int64(nl)
		}
		if from := max(0, x.lineEnd+1-d.off); from <= int64(len(b)) {
			if nl := bytes.IndexByte(b[from:], '\n'); nl >= 0 {
				x.nextEnd = d.off + from + int64(nl)
			}
		}
	}
	d.line += c.nl
	if c.last >= 0 {
		d.lineStart, d.lineChars, d.lineWide = d.off+int64(c.last), extract.Chars(b[c.last:]), extract.Wide(b[c.last:])
		d.lastNL = d.off + int64(c.last) - 1
	} else {
		d.lineChars += extract.Chars(b)
		d.lineWide += extract.Wide(b)
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

// collect adds b[i:] to the open directive's text up to its newline or
// maxDirective, finishing it there; it returns where scanning goes on.
func (d *Directives) collect(b []byte, i int) int {
	rest := b[i:]
	nl := bytes.IndexByte(rest, '\n')
	room := maxDirective - len(d.text)
	switch {
	case nl >= 0 && nl <= room:
		d.text = append(d.text, rest[:nl]...)
		d.finish(d.off + int64(i+nl))
		return i + nl
	case len(rest) >= room:
		d.text = append(d.text, rest[:room]...)
		d.finish(-1)
		return i + room
	}
	d.text = append(d.text, rest...)
	return len(b)
}

// commentCloser is the closer of the block comment line (its text up to
// a directive) leaves open: "-->" after the last "<!--", "*/" after the
// last "/*", "" when the last one opened was closed or none was.
func commentCloser(line []byte) string {
	html, c := bytes.LastIndex(line, []byte("<!--")), bytes.LastIndex(line, []byte("/*"))
	switch {
	case html > c && !bytes.Contains(line[html+4:], []byte("-->")):
		return "-->"
	case c > html && !bytes.Contains(line[c+2:], []byte("*/")):
		return "*/"
	}
	return ""
}

// markerBefore reports whether "idlint" ends just before the colon at
// b[at], at a word boundary (xidlint:, my_idlint: and `idlint: are not
// directives).
func (d *Directives) markerBefore(b []byte, at int) bool {
	start := d.off + int64(at) - int64(len(marker)) // where the marker would begin
	if start < 0 {
		return false
	}
	get := func(i int) byte { // b[i], or one of the bytes before b (i < 0)
		if i >= 0 {
			return b[i]
		}
		return d.prev[d.nprev+i]
	}
	for k := range len(marker) {
		if get(at-len(marker)+k) != marker[k] {
			return false
		}
	}
	return start == 0 || !wordByte(get(at-len(marker)-1))
}

// wordByte tells the bytes that may not precede a directive: word
// characters, and a backtick (a directive quoted in a Markdown code span is
// documentation, not a directive).
func wordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '`' || c >= 0x80
}

// finish parses the collected directive text; lineEnd is the offset of
// its newline (-1 when cut at maxDirective: found later).
func (d *Directives) finish(lineEnd int64) {
	d.open = false
	x := d.cur
	x.lineEnd = lineEnd
	if parse(&x, d.text) {
		d.list = append(d.list, x)
		return
	}
	// prose ("idlint: the tool"): a directive may still follow on the line
	text := d.text
	for k := 0; ; {
		j := bytes.Index(text[k:], []byte(marker+":"))
		if j < 0 {
			return
		}
		at := k + j
		k = at + 1
		if at > 0 && wordByte(text[at-1]) {
			continue
		}
		y := x
		y.start = x.start + int64(len(marker)+1+at)
		y.col = x.col + len(marker) + 1 + extract.Chars(text[:at])
		y.col16 = x.col16 + len(marker) + 1 + extract.Chars(text[:at]) + extract.Wide(text[:at])
		if parse(&y, text[at+len(marker)+1:]) {
			d.list = append(d.list, y)
			return
		}
	}
}

// parse reads a directive's text (what follows "idlint:") into x; false
// when it is no directive.
func parse(x *directive, text []byte) bool {
	// a block comment ends the directive, also with more on its line
	// ("<td>urn:x:y <!-- idlint:ignore URN006 -- old --></td>"): what
	// follows it is the document's, which a fix must not delete; in a
	// line comment "*/" and "-->" are the reason's ("# … -- docs/*/old")
	if x.closer != "" {
		if k := bytes.Index(text, []byte(x.closer)); k >= 0 {
			text = text[:k]
		}
	}
	text = bytes.TrimRight(text, " \t\r")
	for _, closer := range []string{"-->", "*/"} {
		text = bytes.TrimRight(bytes.TrimSuffix(text, []byte(closer)), " \t\r")
	}
	const base = len(marker) + 1 // raw offsets: "idlint:" comes first
	i := skip(text, 0, " \t")
	j := i
	for j < len(text) && (isLetter(text[j]) || text[j] == '-') {
		j++
	}
	k, ok := kindNames[strings.ToLower(string(text[i:j]))]
	if !ok {
		return false
	}
	x.kind, x.toks = k, nil
	end := j
	i = j
	addTok := func(a, b int) {
		t := string(text[a:b])
		x.toks = append(x.toks, token{text: t, start: base + a, end: base + b, rules: findRule(t)})
		end = b
	}
	if i < len(text) && text[i] == '[' {
		close := bytes.IndexByte(text[i:], ']')
		stop := len(text)
		if close >= 0 {
			stop = i + close
		}
		for p := i + 1; p < stop; {
			p = skip(text[:stop], p, " \t,")
			q := p
			for q < stop && !bytes.ContainsRune([]byte(" \t,"), rune(text[q])) {
				q++
			}
			if q > p {
				addTok(p, q)
			}
			p = q
		}
		end = min(len(text), stop+1)
		i = end
	} else {
		for {
			p := skip(text, i, " \t,")
			q := p
			for q < len(text) && text[q] != ' ' && text[q] != '\t' && text[q] != ',' {
				q++
			}
			if q == p || !ruleToken(string(text[p:q])) {
				break
			}
			addTok(p, q)
			i = q
		}
	}
	x.all = len(x.toks) == 0
	r := skip(text, i, " \t,")
	if bytes.HasPrefix(text[r:], []byte("--")) {
		r = skip(text, r+2, " \t")
	}
	if r < len(text) {
		x.reason, end = true, len(text)
	}
	x.raw = marker + ":" + string(text[:end])
	return true
}

func skip(b []byte, i int, set string) int {
	for i < len(b) && strings.IndexByte(set, b[i]) >= 0 {
		i++
	}
	return i
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// ruleToken accepts IDs (URN006) and names (bad-percent-encoding,
// urn/bad-percent-encoding): a letter first, a digit or a "-" required,
// so prose and "--" end the list.
func ruleToken(s string) bool {
	if s == "" || !isLetter(s[0]) || !strings.ContainsAny(s, "0123456789-") {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isLetter(c) || '0' <= c && c <= '9' || c == '-' || c == '/') {
			return false
		}
	}
	return true
}

// match is the first token of x's list that names r (-1: x names all
// rules); ok false when none does.
func (x *directive) match(r *rules.Rule) (tok int, ok bool) {
	if x.all {
		return -1, true
	}
	for k := range x.toks {
		if slices.Contains(x.toks[k].rules, r) {
			return k, true
		}
	}
	return 0, false
}

func (d *Directives) credit(dir, tok int) {
	d.list[dir].used = true
	if tok >= 0 {
		d.list[dir].toks[tok].used = true
	}
}

// advance applies the regions of the directives whose line ends before offset.
func (d *Directives) advance(offset int64) {
	for d.next < len(d.list) && d.list[d.next].lineEnd >= 0 && d.list[d.next].lineEnd < offset {
		k := d.next
		x := &d.list[k]
		d.next++
		switch x.kind {
		case disable, disableFile:
			if x.all {
				d.active = append(d.active, region{dir: k, tok: -1, file: x.kind == disableFile})
			}
			for t := range x.toks {
				if x.toks[t].rules != nil {
					d.active = append(d.active, region{dir: k, tok: t, rules: slices.Clone(x.toks[t].rules), file: x.kind == disableFile})
				}
			}
		case enable:
			d.enable(k)
		}
	}
}

// enable ends regions (not disable-file ones) as directive k says.
func (d *Directives) enable(k int) {
	x := &d.list[k]
	if x.all {
		kept := d.active[:0]
		for _, a := range d.active {
			if a.file {
				kept = append(kept, a)
			} else {
				x.used = true
			}
		}
		d.active = kept
		return
	}
	for t := range x.toks {
		rs := x.toks[t].rules
		for _, r := range rs {
			for i := range d.active {
				a := &d.active[i]
				switch {
				case a.file:
				case a.rules == nil:
					if !slices.Contains(a.except, r) {
						a.except = append(a.except, r)
						d.credit(k, t)
					}
				case slices.Contains(a.rules, r):
					a.rules = slices.DeleteFunc(a.rules, func(x *rules.Rule) bool { return x == r })
					d.credit(k, t)
				}
			}
		}
		d.active = slices.DeleteFunc(d.active, func(a region) bool { return a.rules != nil && len(a.rules) == 0 })
	}
}

// Filter splits the findings of an identifier at offset into those kept
// and those its document's suppression comments silence. Calls must come
// with non-decreasing offsets, as the scanner produces them. fs is not
// written to (findings are shared between occurrences, Memo).
func (d *Directives) Filter(offset int64, fs []rules.Finding) (kept, suppressed []rules.Finding) {
	if d == nil || len(fs) == 0 {
		return fs, nil
	}
	d.lookahead(offset)
	if len(d.list) == 0 {
		return fs, nil
	}
	d.advance(offset)
	for i := range fs {
		if d.suppress(offset, fs[i].Rule) {
			if suppressed == nil {
				kept = append(make([]rules.Finding, 0, len(fs)-1), fs[:i]...)
			}
			suppressed = append(suppressed, fs[i])
		} else if suppressed != nil {
			kept = append(kept, fs[i])
		}
	}
	if suppressed == nil {
		return fs, nil
	}
	return kept, suppressed
}

// suppress reports whether a finding of r at offset is silenced,
// crediting every directive that silences it.
func (d *Directives) suppress(offset int64, r *rules.Rule) bool {
	hit := false
	for _, a := range d.active {
		if (a.rules == nil || slices.Contains(a.rules, r)) && !slices.Contains(a.except, r) {
			d.credit(a.dir, a.tok)
			hit = true
		}
	}
	for k := len(d.list) - 1; k >= 0; k-- {
		x := &d.list[k]
		if x.nextEnd >= 0 && x.nextEnd < offset {
			break // this and all before end before offset's line
		}
		var applies bool
		switch x.kind {
		case ignoreSameLine:
			applies = x.lineStart <= offset && (x.lineEnd < 0 || offset <= x.lineEnd) && x.start-offset <= sameLineReach
		case ignoreNextLine:
			applies = x.lineEnd >= 0 && x.lineEnd < offset && (x.nextEnd < 0 || offset <= x.nextEnd)
		}
		if !applies {
			continue
		}
		if t, ok := x.match(r); ok {
			d.credit(k, t)
			hit = true
		}
	}
	return hit
}

// Report reads the rest of the text and returns what is wrong with its
// directives, as pseudo-occurrences of MetaScheme (one per directive
// with findings, in document order; Location's Offset, Line and Column
// set, the caller adds the document's). e applies the severity
// configuration to the findings.
func (d *Directives) Report(e *Engine) ([]Occurrence, error) {
	if d == nil {
		return nil, nil
	}
	if _, err := io.Copy(io.Discard, d); err != nil {
		return nil, err
	}
	d.advance(math.MaxInt64)
	for _, a := range d.active {
		if !a.file && d.list[a.dir].kind == disable {
			d.list[a.dir].unclosed = true
		}
	}
	var out []Occurrence
	for k := range d.list {
		x := &d.list[k]
		fs := x.findings(e.ruleOff)
		if e != nil {
			fs = e.adjust(fs)
		}
		if len(fs) == 0 {
			continue
		}
		if e != nil && e.fixes {
			for i := range fs {
				if fs[i].Rule == UnusedSuppression || fs[i].Rule == UnknownRuleInSuppression {
					// deleting what suppresses nothing changes no finding: safe, as ruff's RUF100
					fs[i].Fix = &rules.Edit{Start: fs[i].Start, End: fs[i].End, Safe: true}
				}
			}
		}
		o := Occurrence{Scheme: MetaScheme, Raw: x.raw, Findings: fs}
		o.Offset, o.Line, o.Column, o.Column16 = x.start, x.line, x.col, x.col16
		out = append(out, o)
	}
	return out, nil
}

// allOff reports whether off turns off every rule of rs (off nil: none).
func allOff(rs []*rules.Rule, off func(*rules.Rule) bool) bool {
	if off == nil || len(rs) == 0 {
		return false
	}
	for _, r := range rs {
		if !off(r) {
			return false
		}
	}
	return true
}

// offNote says that the rules named ("it" when none) are off where the
// directive is.
func offNote(names []string) string {
	if len(names) == 0 {
		names = []string{"it"}
	}
	verb := "is"
	if len(names) > 1 {
		verb = "are"
	}
	return fmt.Sprintf(": %s %s turned off for this file (idlint.toml or flags)", strings.Join(names, ", "), verb)
}

// findings are x's own, with the byte ranges in x.raw that fix them.
// off tells the rules the file's configuration turns off: a suppression
// of those is unused, and its message says why (ruff's "non-enabled").
func (x *directive) findings(off func(*rules.Rule) bool) []rules.Finding {
	var fs []rules.Finding
	whole := [2]int{0, len(x.raw)}
	known, unknown := 0, 0
	for _, t := range x.toks {
		if t.rules == nil {
			unknown++
		} else {
			known++
		}
	}
	// the directive goes whole when nothing in it is of use
	gone := known == 0 && unknown > 0 || known > 0 && !x.used
	removed := make([]bool, len(x.toks))
	for i, t := range x.toks {
		removed[i] = t.rules == nil || !t.used
	}
	for i, t := range x.toks {
		if t.rules != nil {
			continue
		}
		msg := fmt.Sprintf("unknown rule %q in suppression", t.text)
		if s := suggestRule(t.text); s != "" {
			msg += fmt.Sprintf("; did you mean %s?", s)
		}
		rg := whole
		if !gone {
			rg = x.cut(i, removed)
		}
		fs = append(fs, rules.Finding{Rule: UnknownRuleInSuppression, Severity: UnknownRuleInSuppression.Severity, Message: msg, Start: rg[0], End: rg[1]})
	}
	switch {
	case x.all && !x.used, known > 0 && !x.used:
		msg := "this suppression suppressed no finding"
		if x.kind == enable {
			msg = "this enable ends no disabled region"
		} else if !x.all {
			var offs []string
			for _, t := range x.toks {
				if t.rules != nil && allOff(t.rules, off) {
					offs = append(offs, t.text)
				}
			}
			if len(offs) == known {
				msg += offNote(offs)
			}
		}
		fs = append(fs, rules.Finding{Rule: UnusedSuppression, Severity: UnusedSuppression.Severity, Message: msg, Start: whole[0], End: whole[1]})
	case known > 0:
		for i, t := range x.toks {
			if t.rules != nil && !t.used {
				rg := x.cut(i, removed)
				msg := fmt.Sprintf("%s in this suppression suppressed no finding", t.text)
				if allOff(t.rules, off) {
					msg += offNote(nil)
				}
				fs = append(fs, rules.Finding{Rule: UnusedSuppression, Severity: UnusedSuppression.Severity,
					Message: msg, Start: rg[0], End: rg[1]})
			}
		}
	}
	if x.unclosed {
		fs = append(fs, rules.Finding{Rule: UnclosedDisable, Severity: UnclosedDisable.Severity,
			Message: "idlint:disable is not ended by idlint:enable before the end of the file (idlint:disable-file says the whole file)", Start: whole[0], End: whole[1]})
	}
	if x.kind != enable && !x.reason {
		fs = append(fs, rules.Finding{Rule: SuppressionWithoutReason, Severity: SuppressionWithoutReason.Severity,
			Message: "suppression without a reason: write one after the rule list, e.g. \"-- the example is wrong on purpose\"", Start: whole[0], End: whole[1]})
	}
	return fs
}

// cut is the range that removes token i from the list together with one
// separator, given the tokens removed: the separator before it when a
// kept token precedes, else the one after (so the cuts never overlap).
func (x *directive) cut(i int, removed []bool) [2]int {
	for j := i - 1; j >= 0; j-- {
		if !removed[j] {
			return [2]int{x.toks[i-1].end, x.toks[i].end}
		}
	}
	if i+1 < len(x.toks) {
		return [2]int{x.toks[i].start, x.toks[i+1].start}
	}
	return [2]int{x.toks[i].start, x.toks[i].end}
}
