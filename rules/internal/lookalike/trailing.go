package lookalike

import "github.com/idlint/idlint/rules"

// Trailing tells a candidate by the text right after it, where the scanner
// stopped or trimmed a ":" as sentence punctuation (issue 19 §4, the
// prefix and wrapped classes): a ":" that is not followed by white space and
// more text is not a sentence's colon but the identifier's own, and a line
// that breaks inside an identifier leaves a cut one. It returns KindPrefix,
// KindWrapped, KindEscaped or "". In order:
//
//  1. wrapped, an RFC 8792 fold: "\" ends the line right after the
//     candidate ("…:schemas:\" or "…:extension\"), and either a ":" was
//     trimmed before it or the next line goes on with a character of an
//     identifier (past its indentation and the "\" of the two-backslash
//     strategy) or is indented past the context's end (rfc9944 aligns
//     ":ethernet-mab:2.0:Device" 47 columns in); "…:1.0\" then
//     "</capability>" is whole;
//  2. wrapped, a hyphen at the end of a line ("…3.4.1-" then a new line):
//     rfc8141 names do not end in "-", a line broken at one does;
//  3. wrapped, an ASCII table cell ("| urn:ietf:params:scim:schemas:  |",
//     rfc7643 §10.2): "|" (and spaces) before, a trimmed ":" or a "-",
//     spaces and "|" after — the cell goes on in the next row; 3b. or the
//     next row goes on at the candidate's column with ":", "-" or "."
//     (NextRowGoesOn: rfc4741's "…:capability:candidate |" then ":1.0");
//  4. prefix, a ":" that ends a string: the candidate ends in a trimmed ":"
//     followed by NUL (a C string in a binary, "urn:…:MediaServer:\x00"),
//     by "</" (element content, <xsl:text>urn:issn:</xsl:text>) or by
//     ",", ")", ";" or "]" ("the form urn:ietf:params:rtp-hdrext:, and");
//  5. prefix, a line of its own: white space before the candidate on its
//     line, a trimmed ":", the end of the line and a blank line or the end
//     of the text after it ("   urn:ietf:params:xml:ns:yang:" in rfc6087);
//  6. wrapped, a line broken after a trimmed ":": the next line goes on,
//     past its indentation, with a run of an identifier's characters that
//     is not a key or label ("$ref: …"), a new identifier of the scheme,
//     nor a lower-case word of prose ("…:TimeSyncToken:" then
//     "PhysicalVerification element", rfc3085's "…:20000206:" then
//     "IIMFFH05643_…:1U");
//  7. wrapped, a line broken before a separator: the candidate ends the
//     line and the next one starts, past its indentation, with ":" and a
//     character of an identifier, "-" and a letter or digit, "." and a
//     digit, or "%" and two hex digits (rfc7590: "<starttls xmlns='urn:ietf:params:xml:ns" then
//     ":xmpp-tls'/>"; rfc5629: "gr=urn:uuid:f81d4fae" then "-7dec-…";
//     pysaml2: "urn:oasis:names:tc:SAML:2" then ".0:metadata"), or, indented
//     to the candidate's own column, with "@", ";", "$" or "~" and a letter
//     or digit (rfc9676: "…;33-08" then "@original:es$…"). No line of
//     prose or a list starts so; one of a command's options could ("-v"),
//     which the evaluation set of bench/precision does not hold.
//  8. escaped: "\" right after the candidate escapes a character that goes
//     on with it — roff's "\-" (a man page's
//     "urn:ietf:params:oauth:token\-type:jwt"), "\$", "\@", "\&", "\.".
//
// ctx.After holds a few dozen bytes: a rule whose signal lies past it does
// not match.
func Trailing(ident string, ctx rules.Context) string {
	a := ctx.After
	if len(a) == 0 || ident == "" {
		return ""
	}
	colon := a[0] == ':'
	rest := a
	if colon {
		rest = a[1:]
	}
	hyphen := !colon && ident[len(ident)-1] == '-'
	if len(rest) == 0 {
		return ""
	}
	switch c := rest[0]; {
	case c == '\\': // 1
		if nl, ok := lineEnd(rest[1:]); ok && (colon || continues(rest[1+nl:], true, ident) || len(a) == contextBytes && indentOnly(rest[1+nl:])) {
			return KindWrapped
		}
		if !colon && len(rest) > 2 && escapedByte[rest[1]] && identByte[rest[2]] { // 8
			return KindEscaped
		}
		return ""
	case c == '\n' || c == '\r':
		nl, _ := lineEnd(rest)
		next := rest[nl:]
		switch {
		case hyphen: // 2
			return KindWrapped
		case !colon && ColonLine(ctx.Before, a): // 7
			return KindWrapped
		case !colon:
			return ""
		case blankLine(next, len(a) < contextBytes) && ownLine(ctx.Before): // 5
			return KindPrefix
		case continues(next, false, ident): // 6
			return KindWrapped
		}
		return ""
	case c == ' ' || c == '\t':
		if (colon || hyphen) && tableCell(ctx.Before, rest) { // 3
			return KindWrapped
		}
		if !colon && tableCell(ctx.Before, rest) && NextRowGoesOn(ctx.Before, rest) { // 3b
			return KindWrapped
		}
		return ""
	case !colon:
		return ""
	case c == 0: // 4
		return KindPrefix
	case c == '<':
		if len(rest) > 1 && rest[1] == '/' {
			return KindPrefix
		}
	case c == ',' || c == ')' || c == ';' || c == ']':
		return KindPrefix
	}
	return ""
}

// ContextBytes is what the scanner gives a classifier after a candidate
// (extract.ContextBytes): less means the text ends there.
const ContextBytes = 32

const contextBytes = ContextBytes

// lineEnd reports a line end ("\n" or "\r\n") at the start of b and its
// length.
func lineEnd(b []byte) (int, bool) {
	switch {
	case len(b) > 0 && b[0] == '\n':
		return 1, true
	case len(b) > 1 && b[0] == '\r' && b[1] == '\n':
		return 2, true
	}
	return 0, false
}

// blankLine reports that the line at the start of b is empty or white
// space: it ends in view, or the text ends (atEnd) and b is all white.
func blankLine(b []byte, atEnd bool) bool {
	for _, c := range b {
		switch c {
		case ' ', '\t', '\r':
		case '\n':
			return true
		default:
			return false
		}
	}
	return atEnd
}

// ownLine reports only white space between the last line end in before
// and the candidate.
func ownLine(before []byte) bool {
	for i := len(before) - 1; i >= 0; i-- {
		switch before[i] {
		case ' ', '\t':
		case '\n':
			return true
		default:
			return false
		}
	}
	return len(before) < contextBytes // the text starts there
}

// continues reports that the line at the start of next goes on with the
// rest of an identifier: past the indentation (and, after an RFC 8792 fold,
// the "\" of the two-backslash strategy), a character of an identifier
// starts a run that is not "word:" followed by white space (a key or a
// label), not the scheme of ident again (a new identifier), and not a
// lower-case word and a space (prose). A run that goes on past the context
// counts unless it is lower-case letters so far. fold: after a fold any run goes on
// (the fold cut the identifier wherever the line was full).
func continues(next []byte, fold bool, ident string) bool {
	i := 0
	for i < len(next) && (next[i] == ' ' || next[i] == '\t') {
		i++
	}
	if fold && i < len(next) && next[i] == '\\' {
		i++
	}
	next = next[i:]
	if len(next) == 0 || !identByte[next[0]] {
		return false
	}
	if fold {
		return true
	}
	n := 0
	lower := true
	for n < len(next) && identByte[next[n]] {
		c := next[n]
		if c == ':' && (n+1 == len(next) || next[n+1] == ' ' || next[n+1] == '\t' || next[n+1] == '\r' || next[n+1] == '\n') {
			return false // a key or a label: "$ref: …"
		}
		lower = lower && 'a' <= c && c <= 'z'
		n++
	}
	if lower && (n == len(next) || next[n] == ' ') {
		return false // a word of prose, or what may be one past the context
	}
	if s := schemeLen(ident); s > 0 && n > s && equalFold(next[:s+1], ident[:s+1]) {
		return false // a new identifier: "urn:…" again
	}
	return true
}

// indentOnly reports b all spaces and tabs: a line's indentation that
// goes on past the context.
func indentOnly(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// NextRowGoesOn reports rule 3b on a candidate in an ASCII table's cell
// ("|" and spaces before it, rest: spaces and "|" after): the next row,
// at the candidate's own column and after only spaces and "|" there, goes
// on with ":", "-" or "." and a letter or digit — the cell's identifier
// broken between two rows ("| urn:…:capability:candidate |" then
// "|                    | :1.0 |", rfc4741 §10.3). The row must end
// within rest and the next one reach that column within it too.
func NextRowGoesOn(before, rest []byte) bool {
	col := column(before)
	if col <= 0 {
		return false
	}
	nl := bytesIndexNL(rest)
	if nl < 0 {
		return false
	}
	next := rest[nl+1:]
	if len(next) < col+2 { // the column and two bytes past it
		return false
	}
	for _, c := range next[:col] {
		if c != ' ' && c != '|' {
			return false
		}
	}
	switch c := next[col+1]; next[col] {
	case ':', '-', '.':
		return isLetter(c) || isDigit(c)
	}
	return false
}

// bytesIndexNL is the index of the first "\n" in b, or -1.
func bytesIndexNL(b []byte) int {
	for i, c := range b {
		if c == '\n' {
			return i
		}
	}
	return -1
}

// tableCell reports an ASCII table's cell around the candidate: "|" and
// spaces before it, spaces and "|" after (rest starts with the spaces).
func tableCell(before, rest []byte) bool {
	i := len(before)
	for i > 0 && before[i-1] == ' ' {
		i--
	}
	if i == 0 || before[i-1] != '|' {
		return false
	}
	j := 0
	for j < len(rest) && rest[j] == ' ' {
		j++
	}
	return j > 0 && j < len(rest) && rest[j] == '|'
}

// escapedByte: the characters a backslash escapes inside an identifier in
// roff ("\-", "\&", "\.") and Perl or shell strings ("\$", "\@").
var escapedByte = [256]bool{'-': true, '$': true, '@': true, '&': true, '.': true}

// identByte: the ASCII characters of an identifier's text (rfc3986 §2
// unreserved, sub-delims, ":", "@", "/", "?", "#", "%"), which a wrapped
// line goes on with; not quotes, "<", ">", "\\" nor white space.
var identByte = func() (t [256]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
		t[c-'a'+'A'] = true
	}
	for _, c := range []byte("-._~!$&()*+,;=:@/?#%") {
		t[c] = true
	}
	return t
}()

// schemeLen is the length of ident's scheme name (before its first ":").
func schemeLen(ident string) int {
	for i := 0; i < len(ident); i++ {
		if ident[i] == ':' {
			return i
		}
	}
	return 0
}

func equalFold(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := range b {
		x, y := b[i], s[i]
		if isLetter(x) {
			x |= 0x20
		}
		if isLetter(y) {
			y |= 0x20
		}
		if x != y {
			return false
		}
	}
	return true
}

// ColonLine reports rule 7 of Trailing on the text around a candidate: a
// line end, then a line that starts, past its indentation, with ":", "-"
// or "." and what goes on an identifier there, or with a "%" escape; or,
// indented exactly to the candidate's own column, with "@", ";", "$" or
// "~" and a letter or digit (rfc9676 §2's separators: "…;33-08" then
// "@original:es$…" under it). It is cheap enough for a classifier's fast
// path to ask of every candidate that ends a line.
func ColonLine(before, after []byte) bool {
	nl, ok := lineEnd(after)
	if !ok {
		return false
	}
	b := after[nl:]
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	if i+1 >= len(b) {
		return false
	}
	switch c := b[i+1]; b[i] {
	case ':':
		return identByte[c] && c != ':'
	case '-':
		return isLetter(c) || isDigit(c)
	case '.':
		return isDigit(c) // not a roff request (".SH", ".B")
	case '%':
		// a percent-encoded octet (rfc3986 §2.1): rfc9676's
		// "urn:lex:ru:…%D1%8F" broken between two octets
		return isHex(c) && i+2 < len(b) && isHex(b[i+2])
	case '@', ';', '$', '~':
		// a separator that starts a line aligned under the candidate
		// (a hanging indent); anywhere else "@Override" or "$x" starts
		// code of its own
		return (isLetter(c) || isDigit(c)) && i > 0 && column(before) == i
	}
	// a word holding ":" inside it, on a line aligned under a candidate
	// that does not start its own line: the identifier broken with no
	// sign (rfc9676 §2: "- Unicode: urn:lex:ru:U+0441…U+043D" then
	// "U+0438U+0435:U+0437…:..." under it); "Note: …" ends its word with
	// the ":" and is not one
	return (isLetter(b[i]) || isDigit(b[i])) && i > 0 && innerColonWord(b[i:]) && column(before) == i && !startsLine(before)
}

// innerColonWord reports a word of identifier bytes, up to a space or a
// line end, with a ":" followed by an identifier byte inside it, that does
// not start with letters and ":" (a URI of its own: rfc3044's examples
// "urn:ISSN:0259-000X" and under it "urn:ISSN:1560-1560").
func innerColonWord(b []byte) bool {
	letters := 0
	for letters < len(b) && isLetter(b[letters]) {
		letters++
	}
	if letters < len(b) && b[letters] == ':' {
		return false
	}
	inner := false
	for j := 0; j < len(b) && b[j] != ' ' && b[j] != '\t' && b[j] != '\n' && b[j] != '\r'; j++ {
		if !identByte[b[j]] {
			return false
		}
		if b[j] == ':' && j+1 < len(b) && b[j+1] != ':' && identByte[b[j+1]] {
			inner = true
		}
	}
	return inner
}

// startsLine reports only spaces and tabs between the last line end of
// before and its end: a candidate at its line's indentation.
func startsLine(before []byte) bool {
	for i := len(before) - 1; i >= 0; i-- {
		switch before[i] {
		case '\n':
			return true
		case ' ', '\t':
		default:
			return false
		}
	}
	return true
}

// column returns how many bytes before holds after its last line end (the
// candidate's column), or -1 when the line starts before what before
// shows.
func column(before []byte) int {
	for i := len(before) - 1; i >= 0; i-- {
		if before[i] == '\n' {
			return len(before) - 1 - i
		}
	}
	if len(before) < contextBytes {
		return len(before) // the text starts there
	}
	return -1
}

func isHex(c byte) bool { return isDigit(c) || c|0x20 >= 'a' && c|0x20 <= 'f' }
