// Package lookalike holds the look-alike rules every scheme's classifier
// shares: templates and patterns (text that stands for identifiers), and
// bare prefixes in code (text an identifier is built from or tested
// against). Each function looks at the candidate and the text around it
// only, allocates nothing and checks its cheapest signal first: classifiers
// run on every candidate.
package lookalike

import (
	"bytes"
	"strings"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ascii"
)

// Look-alike kinds.
const (
	// KindTemplate is an identifier with a placeholder for a part of it:
	// "urn:xmpp:{ShortName}", "urn:x:%s", "urn:oid:$oid", "urn:ietf:...".
	KindTemplate = "template"
	// KindPattern is a regular expression matching identifiers:
	// "^urn:([^:]+)" in a NAPTR record.
	KindPattern = "pattern"
	// KindPrefix is the start of identifiers in code: concatenated
	// ("urn:publicid:" + x) or tested (startswith('xri://')).
	KindPrefix = "prefix"
	// KindWrapped is an identifier cut by a line break: opened after a
	// quote that does not close on its line, the text running to the line's
	// end ("urn:ietf:params:scim:" then a new line, RFC 8792's "\" folding).
	KindWrapped = "wrapped"
	// KindProse is a word of prose that starts like an identifier
	// ("URN:NBNs", "the urn:dvb namespace").
	KindProse = "prose"
	// KindEscaped is an identifier written with a character backslash-
	// escaped, which ends the scanner's run: roff's "\-" in a man page
	// ("urn:ietf:params:oauth:token\-type:jwt"), Perl's "\$".
	KindEscaped = "escaped"
	// KindBinary is a run of a binary's bytes that holds more than the
	// identifier its string does: a quoted one whose string ends (NUL)
	// before the quote closes, or one longer than the length its string
	// is stored with (BEAM's "StrT…\x0curn:xmpp:sicImpT").
	KindBinary = "binary"
)

// Binary reports a candidate in a binary that runs past its string, told
// by either sign:
//
//   - opened right after a quote, its string ends (a NUL) before any
//     quote or line end closes it, as far as the context shows (libupnp's
//     xmlns:e="urn:schemas-upnp-org:eve then "TIMEOUT: Second-\x00": the
//     program writes the rest from elsewhere);
//   - a NUL in the text before it, and the byte right before it is a
//     control byte (not a tab or a line end) whose value, read as the
//     length its string is stored with, ends the string inside the
//     candidate, at least 7 bytes in ("urn:a:b"): "\x0curn:xmpp:sicImpT"
//     in an Erlang BEAM file's string table.
func Binary(ident string, ctx rules.Context) bool {
	b := ctx.Before
	if len(b) == 0 {
		return false
	}
	switch c := b[len(b)-1]; {
	case IsQuote(c):
		for _, d := range ctx.After {
			switch d {
			case 0:
				return true
			case c, '\n':
				return false
			}
		}
		return false
	case c < 0x20 && c != '\t' && c != '\n' && c != '\r':
		return int(c) >= 7 && int(c) < len(ident) && bytes.IndexByte(b, 0) >= 0
	}
	return false
}

// Shared returns the kind of the look-alikes every scheme shares, in the
// order they are told — a pattern, a template, a prefix — or "" for none.
// dollar is as for Template.
func Shared(ident string, ctx rules.Context, dollar bool) string {
	switch {
	case Pattern(ident, ctx):
		return KindPattern
	case Template(ident, ctx, dollar):
		return KindTemplate
	case Prefix(ident, ctx):
		return KindPrefix
	}
	return ""
}

// Template reports a placeholder in ident or right after it, where the
// scanner stopped at a character the scheme does not allow. In ident:
//
//   - "{" followed by a letter, digit, "_", "{" or "$" ("{Name}", "{{x}}",
//     "{0}");
//   - "${" anywhere; "$(" or "$" and a variable's name filling the
//     segment, at the start of a segment (after ":" or "/"): "$oid",
//     "$a:$b", "$(x)"; a "$" inside a segment ("a$b", "g=$_") is an
//     ordinary sub-delim (rfc3986 §2.2); with dollar false (XRI, where "$"
//     starts a context symbol: "xri://$dns*x") only "${";
//   - a printf verb: Verb;
//   - "<" followed by a letter ("<placeholder>");
//   - "[", a name and "]" as a whole segment after ":" ("urn:a:[some-part]");
//   - an ellipsis "..." or "…" with more text after it ("urn:a...b"): a
//     trailing "..." is prose punctuation the scanner trims;
//   - a trailing wildcard "*" after ":", "-" or "." ("urn:example:Co:*",
//     "…:xmpp-*", "grant-type:*"): the pattern of a family of names;
//   - a description in parentheses for the last segment, cut by its
//     first space ("urn:uuid:(Bob's" then " UA's bits)"): parenWords.
//
// After ident (ctx.After), once the scanner's trimmed separators (":",
// "/", ".", "-", "=", "?") are skipped: "{" after such a separator or a "$",
// or "${" or "$(", followed as above; "{}" (Python's positional field)
// after a separator or "#" ("urn:xmpp:caps#{}.{}");
// "<" and a letter, after a trimmed separator ("urn:ddi:<agency-id>",
// not "urn:isbn:123<br>") or with the NSS going on after its ">"
// ("dfdd<fad_code>:<fad_name>": angleGoesOn); an ellipsis, only after a trimmed separator
// ("urn:ietf:...", not "…see urn:isbn:123...").
func Template(ident string, ctx rules.Context, dollar bool) bool {
	if wildcard(ident) || parenWords(ident, ctx.After) {
		return true
	}
	for i := 0; i < len(ident); i++ {
		if opens[ident[i]] {
			if templateIn(ident, i, dollar) {
				return true
			}
			break
		}
	}
	a := ctx.After
	if len(a) == 0 {
		return false
	}
	n := 0 // separators the scanner trimmed, up to an ellipsis
	for n < len(a) && n < 4 && isSep(a[n]) && !ellipsis(a[n:]) {
		n++
	}
	last := byte(0)
	if ident != "" {
		last = ident[len(ident)-1]
	}
	sep := n > 0 || isSep(last)
	a = a[n:]
	if len(a) < 2 {
		return false
	}
	switch a[0] {
	case '{': // not "f(x){": a separator or "$" comes first
		if a[1] == '}' { // Python's positional "{}", after a separator or "#"
			return sep || last == '#'
		}
		return (sep || last == '$' || last == '#') && braceName(a[1]) // "#{x}": Ruby's, Elixir's interpolation
	case '$':
		return a[1] == '{' || dollar && a[1] == '('
	case '<':
		return isLetter(a[1]) && (sep || angleGoesOn(a))
	case '.', 0xe2:
		return sep && ellipsis(a)
	}
	return false
}

// angleGoesOn reports "<name>" right after a candidate with no separator
// between, and the name followed by ":" or "/": the NSS goes on past it,
// so the name in brackets stands for part of a segment
// ("urn:dgiwg:fad:dfdd<fad_code>:<fad_name>", rfc6288 §2), not a tag
// after the identifier ("urn:isbn:123<br>").
func angleGoesOn(a []byte) bool {
	for i := 1; i < len(a)-1; i++ {
		switch c := a[i]; {
		case c == '>':
			return a[i+1] == ':' || a[i+1] == '/'
		case !isLetter(c) && !isDigit(c) && c != '_' && c != '-' && c != ' ':
			return false
		}
	}
	return false
}

// regexpEscape: the letters after "\\" that make a regular expression's
// class or assertion (\d \w \s \b and their negations, \. \( escaped).
var regexpEscape = [256]bool{'d': true, 'D': true, 'w': true, 'W': true, 's': true, 'S': true, 'b': true, '.': true, '(': true}

// opens marks the bytes that can start a placeholder or an ellipsis
// (0xe2 starts "…"): one table lookup per byte of the candidate.
var opens = [256]bool{'{': true, '$': true, '%': true, '<': true, '[': true, '.': true, '\'': true, 0xe2: true}

// templateIn looks for a placeholder in s from i, the first byte that can
// start one.
func templateIn(s string, i int, dollar bool) bool {
	for ; i < len(s); i++ {
		switch s[i] {
		case '{':
			if i+1 < len(s) && braceName(s[i+1]) {
				return true
			}
		case '$':
			if i+1 < len(s) && (s[i+1] == '{' || dollar && (i == 0 || s[i-1] == ':' || s[i-1] == '/') && (s[i+1] == '(' || variable(s[i+1:]))) {
				return true
			}
		case '%':
			if Verb(s, i) {
				return true
			}
		case '\'':
			if concatenated(s[i:]) {
				return true
			}
		case '<':
			if i+1 < len(s) && isLetter(s[i+1]) {
				return true
			}
		case '[':
			if i > 0 && s[i-1] == ':' && bracketName(s[i+1:]) {
				return true
			}
		case '.', 0xe2:
			if ellipsis(s[i:]) {
				n := 3
				return i+n < len(s) && !(s[i] == '.' && s[i+n] == '.') // text follows it
			}
		}
	}
	return false
}

// concatenated reports s starting with a string literal closed, an
// expression joined with "+" and the literal opened again, the
// identifier's part built in code: "'+self.BookId+'" in
// '<dc:identifier>urn:uuid:'+self.BookId+'</dc:identifier>' ("'" and "+"
// are sub-delims, rfc3986 §2.2, so the scanner ran on into the code).
func concatenated(s string) bool {
	if len(s) < 5 || s[1] != '+' {
		return false
	}
	k := 2
	for k < len(s) && (isLetter(s[k]) || isDigit(s[k]) || s[k] == '_' || s[k] == '.' || s[k] == '(' || s[k] == ')') {
		k++
	}
	// the last "'" may be the one the scanner trimmed as punctuation
	return k > 2 && k < len(s) && s[k] == '+' && (k+1 == len(s) || s[k+1] == '\'')
}

// variable reports a name at the start of s that fills its segment: a
// letter, then letters, digits and "_", up to the end or ":", "/", "."
// ("$oid", "$a:$b"); "$_'…" in a test URN is not one.
func variable(s string) bool {
	if s == "" || !isLetter(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == ':' || c == '/' || c == '.':
			return true
		case !isLetter(c) && !isDigit(c) && c != '_':
			return false
		}
	}
	return true
}

// parenWords reports a description in parentheses standing for the last
// segment, cut by the space inside it: the segment after ":" or "/"
// opens "(" with a letter, holds no ")" and a space follows the candidate
// ("gr=urn:uuid:(Bob's UA's bits)", rfc5057 §4.1). A URN has no space, so
// the text in parentheses is prose, not an NSS.
func parenWords(ident string, after []byte) bool {
	if len(after) == 0 || after[0] != ' ' {
		return false
	}
	i := strings.LastIndexAny(ident, ":/")
	if i < 0 || i+2 >= len(ident) || ident[i+1] != '(' || !isLetter(ident[i+2]) {
		return false
	}
	return strings.IndexByte(ident[i+1:], ')') < 0
}

// bracketName reports a name and "]" at the start of s: "[some-part]".
func bracketName(s string) bool {
	if len(s) < 2 || !isLetter(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == ']':
			return true
		case !isLetter(c) && !isDigit(c) && c != '-' && c != '_':
			return false
		}
	}
	return false
}

func braceName(c byte) bool { return isLetter(c) || isDigit(c) || c == '_' || c == '{' || c == '$' }

// ellipsis reports "..." or "…" (U+2026) at the start of s.
func ellipsis[T string | []byte](s T) bool {
	return len(s) >= 3 && (s[0] == '.' && s[1] == '.' && s[2] == '.' || s[0] == 0xe2 && s[1] == 0x80 && s[2] == 0xa6)
}

// verbs are the common printf verbs; rarer ones that are also hex digits
// at a string's end ("%F", "%E", "%b", "%c") are more often a cut escape.
const verbs = "sdivuqxXfgep@" // "@": Objective-C's object ("%@")

// Verb reports a printf or Python format verb at s[i] == '%' ("%s", "%d",
// "%-8.3f", "%(name)s"; one of verbs) that is not a percent-encoded octet. "%" and two
// hex digits is an escape (rfc3986 §2.1, rfc8141 §2 pct-encoded), so
// "%de", "%2d" and "%00b" are escapes, "%d" at the end or before a
// non-hex character is a verb. Where both readings fit ("%02x"), the
// escape wins: the text is a valid identifier and its findings say what
// the escape encodes.
func Verb(s string, i int) bool {
	j := i + 1
	if j < len(s) && s[j] == '(' { // Python's %(name)s
		k := strings.IndexByte(s[j:], ')')
		return k > 1 && j+k+1 < len(s) && strings.IndexByte(verbs, s[j+k+1]) >= 0
	}
	for j < len(s) && strings.IndexByte("-+# 0", s[j]) >= 0 {
		j++
	}
	for j < len(s) && (isDigit(s[j]) || s[j] == '*') {
		j++
	}
	if j < len(s) && s[j] == '.' {
		j++
		for j < len(s) && (isDigit(s[j]) || s[j] == '*') {
			j++
		}
	}
	if j >= len(s) || strings.IndexByte(verbs, s[j]) < 0 {
		return false
	}
	if s[j] == '@' { // Objective-C's object, ending its segment ("urn:uuid:%@:calendars:%@"), not "100%@home"
		return j+1 == len(s) || s[j+1] == ':' || s[j+1] == '/'
	}
	return !ascii.IsEscape(s, i)
}

// wildcard reports a trailing "*" after a separator: in prose and specs
// "urn:a:*" names every URN under urn:a, and no registered namespace
// ends a name in a lone "*".
func wildcard(ident string) bool {
	n := len(ident)
	if n < 2 || ident[n-1] != '*' {
		return false
	}
	c := ident[n-2]
	return c == ':' || c == '-' || c == '.'
}

// Wrapped reports an identifier cut by a line break: opened right after a
// quote, its run ends at the end of the line in a separator the scanner
// trimmed (":", "-" …) or an RFC 8792 folding "\\", with no closing quote
// on the line. What follows on the next line is the rest of it, so what
// was found is not the identifier. A quoted list that goes on on the next
// line (xsi:schemaLocation="urn:x:y then a new line) ends in no separator,
// unless the next line is an elision ("..." or "…" where an example
// leaves out the rest: rfc7681's AcRec="urn:org:pesc:sector:Acad then
// "   ..." and "cord></Student>").
func Wrapped(ctx rules.Context) bool {
	b := ctx.Before
	if len(b) == 0 || !IsQuote(b[len(b)-1]) {
		return false
	}
	a := ctx.After
	n := 0
	for n < len(a) && isSep(a[n]) {
		n++
	}
	cut := n > 0 // it ends in a separator: ":" or "-" where the line broke
	if n < len(a) && a[n] == '\\' {
		n++
		cut = true // RFC 8792 folding
	}
	if n < len(a) && a[n] == '\r' {
		n++
	}
	if n >= len(a) || a[n] != '\n' {
		return false
	}
	return cut || elision(a[n+1:])
}

// elision reports a line that starts, past its indentation, with "..." or
// "…": text left out.
func elision(next []byte) bool {
	i := 0
	for i < len(next) && (next[i] == ' ' || next[i] == '\t') {
		i++
	}
	return HasPrefix(next[i:], "...") || HasPrefix(next[i:], "\u2026")
}

// HasPrefix is bytes.HasPrefix for a string prefix, with no conversion.
func HasPrefix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[:len(s)]) == s
}

// Pattern reports a regular expression: a character class "[^" in ident
// or right after it ("urn:([^:]+)", "urn:cid:.+@([^\.]+\.)"), a class
// followed by a quantifier ("urn:uuid:[0-9a-f]{8}-…" in an XML schema,
// "^urn:tdm:(([a-z]{2}-" in a JSON schema's "pattern"), a group opened
// right before a regular expression's escape ("urn:ietf:mtg:(\d*)", its
// backslash doubled in a string literal), or an anchor "^" right after
// a regexp's "/" or a quote ('/^urn:x-IGNORE_Case/i'), and "/urn:/".
// (rules/urn adds regexp groups, which XRI's and lid's syntax allows.) "[" and "\" are not allowed in a URN (rfc8141
// §2) nor unescaped in an XRI's segments, so neither occurs in an
// identifier.
func Pattern(ident string, ctx rules.Context) bool {
	if n, a := len(ident), ctx.After; n > 0 && ident[n-1] == '(' && len(a) > 1 && a[0] == '\\' &&
		(regexpEscape[a[1]] || len(a) > 2 && a[1] == '\\' && regexpEscape[a[2]]) { // "\\d" in a string literal
		return true
	}
	if b := ctx.Before; HasSuffix(b, "/^") || HasSuffix(b, "\"^") || HasSuffix(b, "'^") || HasSuffix(b, "`^") ||
		len(b) > 0 && b[len(b)-1] == '/' && strings.HasSuffix(ident, ":/") && strings.Count(ident, ":") == 1 {
		return true // an anchor after a regexp's delimiter or a quote ('/^urn:x/i'), /urn:/
	}
	if i := strings.IndexByte(ident, '['); i >= 0 {
		if i+1 == len(ident) {
			// the class in what follows, the scanner stopped at its "\"
			// (`^urn:uuid:[\da-f]{8}-…` in a Go raw string)
			a := ctx.After
			if len(a) > 0 && a[0] == '^' {
				return true
			}
			w := a[:min(len(a), 24)]
			if k := bytes.IndexAny(w, " \t\r\n"); k >= 0 {
				w = w[:k] // one token: not "urn:x:y[" then " or [a]?" in prose
			}
			if j := bytes.IndexByte(w, ']'); j > 0 {
				return quantifier("", a[j+1:])
			}
			return false
		}
		if ident[i+1] == '^' {
			return true
		}
		if j := strings.IndexByte(ident[i+1:], ']'); j >= 0 {
			return quantifier(ident[i+1+j+1:], ctx.After)
		}
	}
	return false
}

// quantifier reports a regular expression's quantifier at the start of
// rest, or of after when rest is empty: "+", "*", "?" or "{" and a digit
// ("[0-9a-f]{8}" in an XML schema's pattern, "[a-z]+").
func quantifier(rest string, after []byte) bool {
	var c, d byte
	switch {
	case len(rest) > 0:
		c = rest[0]
		if len(rest) > 1 {
			d = rest[1]
		} else if len(after) > 0 {
			d = after[0]
		}
	case len(after) > 0:
		c = after[0]
		if len(after) > 1 {
			d = after[1]
		}
	}
	return c == '+' || c == '*' || c == '?' || c == '{' && isDigit(d)
}

// Quoted reports whether the candidate was opened right after a quote and
// returns it and the index in ctx.After of the matching closing quote,
// past the separators the scanner trimmed (":", "/", ".", "-", "=", "#",
// "?"), or -1.
func Quoted(ctx rules.Context) (q byte, close int) {
	b := ctx.Before
	if len(b) == 0 || !IsQuote(b[len(b)-1]) {
		return 0, -1
	}
	q = b[len(b)-1]
	a := ctx.After
	n := 0
	for n < len(a) && n < 8 && (isSep(a[n]) || a[n] == '#' || a[n] == '?') {
		n++
	}
	if n < len(a) && a[n] == q {
		return q, n
	}
	return q, -1
}

// Prefix reports a bare prefix in code: a string literal whose content the
// candidate is, followed by concatenation or inside a prefix-testing call.
//
//  1. concatenation: the literal ends in a separator (":", "/", ".", "-",
//     "=", "#", "?") and the closing quote is followed (after spaces) by
//     "+", ".", "..", "||" or "<>": "urn:publicid:" + x, 'urn:uuid:' . $id;
//     "urn:x:y" + s keeps its identifier — it may be a whole one — but not
//     when the next literal goes on with a separator, on the same line or
//     the next ("urn:ietf:params:xml:ns:yang" then a new line and
//     + ":ietf-tpm-remote-attestation", rfc9684 §6);
//  2. a prefix test: the line before the literal names a prefix-testing
//     call (startswith, starts_with, start_with?, HasPrefix, hasPrefix,
//     TrimPrefix, CutPrefix, removeprefix, indexOf, lastIndexOf) and the
//     closing quote is followed by ")" or ",": startswith('xri://'),
//     strings.HasPrefix(s, "urn:uuid:").
func Prefix(ident string, ctx rules.Context) bool {
	_, c := Quoted(ctx)
	if c < 0 {
		return false
	}
	a := ctx.After[c+1:]
	a = skipBlanks(a, true)
	if len(a) == 0 {
		return false
	}
	sepEnd := c > 0 || ident != "" && isSep(ident[len(ident)-1])
	switch a[0] {
	case '+':
		if sepEnd {
			return true
		}
		a = skipBlanks(a[1:], true)
		return len(a) > 1 && IsQuote(a[0]) && isSep(a[1])
	case '.':
		return sepEnd && (len(a) == 1 || a[1] == ' ' || a[1] == '.' || a[1] == '$')
	case '|':
		return sepEnd && len(a) > 1 && a[1] == '|'
	case '<':
		return sepEnd && len(a) > 1 && a[1] == '>'
	case ')', ',':
		return !KeyBefore(ctx.Before[:len(ctx.Before)-1]) && prefixCall(ctx.Before[:len(ctx.Before)-1])
	}
	return false
}

// KeyBefore reports b (the text before a quote) ending in a quoted key
// and ":": the quoted text is a key's value ("fullUrl":"urn:uuid:…",),
// not a call's argument (StartsWith(value:"urn:x", …) is one).
func KeyBefore(b []byte) bool {
	n := len(b)
	return n >= 2 && b[n-1] == ':' && (b[n-2] == '"' || b[n-2] == '\'')
}

// skipBlanks skips spaces and tabs, and with newline one line end and the
// next line's indentation.
func skipBlanks(a []byte, newline bool) []byte {
	for len(a) > 0 && (a[0] == ' ' || a[0] == '\t') {
		a = a[1:]
	}
	if newline && len(a) > 0 && (a[0] == '\n' || a[0] == '\r') {
		if a[0] == '\r' {
			a = a[1:]
		}
		if len(a) > 0 && a[0] == '\n' {
			a = a[1:]
		}
		return skipBlanks(a, false)
	}
	return a
}

// prefixCalls are the names of prefix-testing calls, lower case.
var prefixCalls = []string{"startswith", "starts_with", "start_with", "hasprefix", "trimprefix", "cutprefix", "removeprefix", "indexof"}

// prefixCall reports a prefix-testing call's name on the last line of b.
func prefixCall(b []byte) bool {
	if i := lastLine(b); i > 0 {
		b = b[i:]
	}
	// the call's "(" is the innermost one still open before the literal,
	// past other literals and closed calls: startswith(("xri:", "urn:
	p, depth := -1, 0
	for i := len(b) - 1; i >= 0 && p < 0; i-- {
		switch b[i] {
		case ')':
			depth++
		case '(':
			if depth == 0 {
				p = i
			}
			depth--
		case '"', '\'', '`':
			q := b[i]
			for i--; i > 0 && b[i] != q; i-- {
			}
		case ';', '{', '}':
			return false
		}
	}
	if p < 0 {
		return false
	}
	if p > 0 && b[p-1] == '(' { // a tuple of prefixes: startswith((
		p--
	}
	name := b[:p]
	s := p
	for s > 0 && (isLetter(name[s-1]) || name[s-1] == '_' || name[s-1] == '?') {
		s--
	}
	name = name[s:]
	if len(name) > len("removeprefix") {
		return false
	}
	var buf [12]byte
	for i, c := range name {
		if isLetter(c) {
			c |= 0x20
		}
		buf[i] = c
	}
	l := string(buf[:len(name)]) // no allocation: compared, not kept
	l = strings.TrimSuffix(l, "?")
	for _, n := range prefixCalls {
		if l == n || l == "last"+n {
			return true
		}
	}
	return l == "lastindexof"
}

func lastLine(b []byte) int {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] == '\n' {
			return i + 1
		}
	}
	return 0
}

func isSep(c byte) bool {
	return c == ':' || c == '/' || c == '.' || c == '-' || c == '=' || c == '?'
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
