package urn

import (
	"bytes"
	"strings"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ascii"
	"github.com/idlint/idlint/rules/internal/lookalike"
)

// Look-alike kinds returned by Classify.
const (
	KindTemplate = lookalike.KindTemplate
	KindPattern  = lookalike.KindPattern
	KindPrefix   = lookalike.KindPrefix
	KindProse    = lookalike.KindProse
	KindWrapped  = lookalike.KindWrapped
	KindEscaped  = lookalike.KindEscaped
	KindBinary   = lookalike.KindBinary
	// KindCodeScope is "urn::" as a scope operator in code
	// ("URI::urn::isbn").
	KindCodeScope = lookalike.KindCodeScope
	// KindCodeKey is "urn" as an object literal's key in minified code
	// ({hostname:null,urn:null,port:null}).
	KindCodeKey = lookalike.KindCodeKey
	// KindXMLName is an XML element or type name whose namespace prefix is
	// "urn" (<urn:spppAddRequest>, xsi:type="urn:ObjKeyType").
	KindXMLName = "xml-name"
)

var _ rules.TextClassifier = (*Checker)(nil)

// Classify tells a URN ("") from text that only starts like one, using the
// candidate and up to a few dozen bytes of text around it. The rules, in
// order (the first that matches decides):
//
//  0. code-scope: "::" in code (lookalike.CodeScope): "URI::urn::isbn";
//     code-key: "urn" as an object literal's key ({port:null,urn:null,…},
//     objectKey); a regexp's group ("urn:(?:…", regexpGroup);
//
//  1. pattern: a regular expression's "[^" (lookalike.Pattern):
//     "^urn:([^:]+)" in a NAPTR record;
//
//  2. template: a placeholder in or right after the candidate
//     (lookalike.Template): "urn:xmpp:{ShortName}", "urn:x:%s",
//     "urn:oid:$oid", "urn:ietf:...", "URN:NBN:<country code>";
//
//  3. prefix: a string literal concatenated or prefix-tested in code
//     (lookalike.Prefix), or a quoted literal that ends in ":" — "urn:", a
//     NID and ":" alone ("urn:uuid:" in prose or ABNF: UCODE-URN =
//     "urn:ucode:" ucode-name) or with more ("urn:ietf:params:acme:error:")
//     — or, as a value in code (after "=", "(", ",", "[", "{" or ":"), in
//     a digit and "." (an OID's arcs: X500ATTR_OID = 'urn:oid:2.5.4.');
//
//  4. binary: a run of a binary past its string (lookalike.Binary): a
//     quoted one whose string ends before the quote closes, or one longer
//     than the length byte before it says;
//
//  5. wrapped: opened after a quote that does not close before the line
//     ends (lookalike.Wrapped): "urn:ietf:params:scim: and a new line;
//
//  6. prefix or wrapped by what follows a trimmed ":" (lookalike.Trailing):
//     a NUL, "</", ",", ")" or a blank line after a line of its own make a
//     prefix ("urn:…:MediaServer:\x00", <xsl:text>urn:issn:</xsl:text>);
//     an RFC 8792 fold, a hyphen at a line's end, an ASCII table cell that
//     goes on in the next row, a next line that goes on with the rest or
//     starts with ":" make a wrapped one; a "\" escaping a character that
//     goes on with it (roff's "\-") an escaped one;
//     6b. prefix: a trimmed ":" and prose naming a prefix before it
//     ("prefix urn:ietf:params:xml:ns:yang:smiv2: (see …)", prefixWord);
//
//  7. wrapped: a urn:uuid whose UUID is cut short at a line's end and whose
//     next line starts with a hex digit (rfc5627 §9: "gr=urn:uuid:f8"
//     then "1d4fae-7dec-…"); a line that ends inside a name with no sign
//     of it, told by the namespace's syntax (rfc9562 §4).
//
//     7b. template or prefix by the namespace's syntax (namespaceShape): an
//     isbn, issn or oid NSS without a digit is a placeholder
//     ("urn:isbn:value"), so is a uuid NSS of letters or printf verbs
//     ("urn:uuid:xxxxxxxx-xxxx-…", "urn:uuid:%08x-…"); a lex NSS without ":" or an nbn NSS without "-"
//     names a jurisdiction's or a country's sub-namespace ("urn:lex:br").
//
// The rest apply when no NSS follows the NID (no ":" in the candidate,
// rfc8141 §2 requires one):
//
//  8. xml-name: an XML element or xsi:type name, "urn" being its namespace
//     prefix: "<" or "</" precedes, or ':type="' ("<urn:spppAddRequest>");
//  9. prose, any of:
//     a. the NID is an acronym and a plural "s" or a "-word" suffix
//     ("URN:NBNs", "URN:NBN-based");
//     b. the NID is "s" ("URN:s");
//     c. the NID has a NID's shape (rfc8141 §2: letters, digits, "-",
//     2–32) and the next word names what it is: namespace(s),
//     sub-namespace(s), subnamespace(s), registry, hierarchy, tree, name(s),
//     identifiers, URN(s), NID ("the urn:dvb namespace", "the "urn:smpte"
//     namespace", "urn:uuid: URN namespace") — not a quoted value right
//     after "=" (targetNamespace="urn:x" name="…") nor a word before "=";
//     d. "URN" in capitals and a NID in capitals, digits and "-", not
//     followed by ":" — the way prose names a namespace ("the URN:NBN
//     can resolve").
//  10. prefix: a ":" right after the NID, trimmed or kept ("urn:oid:"
//     unquoted, "C<urn:isbn:>"): a NID and its ":" name the namespace's
//     prefix, never a URN; and a registered NID alone between quotes,
//     not an attribute's value ("strip off "urn:oid"", not
//     xmlns="urn:ietf");
//     10b. prose: registered NIDs (or such joined by "/") as items of a
//     comma-separated list ("namespace rules: urn:ietf, urn:oid,
//     urn:isbn/issn, urn:uuid");
//  11. prose, the NID of a NID's shape and any of: a word and a space
//     before, a space and a lower-case word after ("registration of
//     urn:dvb as a formal namespace", "within urn:nato to ensure"); a word
//     or ":" and a space before, a sentence's "." after ("and
//     vocabularies: urn:nato."); alone on its line above a tree figure's
//     "|" or "+" (rfc8433 §5);
//  12. identifier otherwise (an NSS-less "urn:test" in an xmlns stays one,
//     with its URN002 error).
func (*Checker) Classify(ident string, ctx rules.Context) string { return Classify(ident, ctx) }

// Classify is Checker.Classify as a function.
func Classify(ident string, ctx rules.Context) string {
	if !ascii.HasPrefixFold(ident, "urn:") {
		return "" // not ours to judge: Check reports it
	}
	if kind, facts, ok := classifyText(ident); ok && quiet(facts, ctx) {
		return kind // the common case, told in one pass
	}
	return classify(ident, ctx)
}

// ClassifyText implements rules.TextClassifier: classifyText.
func (*Checker) ClassifyText(ident string) (string, uint8, bool) { return classifyText(ident) }

// Quiet implements rules.TextClassifier: quiet.
func (*Checker) Quiet(facts uint8, ctx rules.Context) bool { return quiet(facts, ctx) }

// The facts classifyText hands quiet.
const (
	notURN    = 1 << iota // not a "urn:" candidate: Classify says "" whatever the context
	shortUUID             // a urn:uuid shorter than a UUID: a line end after it may have cut it
)

// classifyText and quiet split the common case of Classify: a candidate
// whose text no rule of classify can match but namespaceShape's — an NSS
// follows the NID, no byte of it starts a placeholder, pattern, wildcard
// or ellipsis, it does not end in "-" — in a context quiet tells has
// nothing a rule starts from (no quote or binary length byte before it,
// nothing a placeholder, a trimmed separator or a wrapped line starts with
// after it; a quote before it closed right after it and not followed by
// concatenation or a call's ")" or ","). There classify returns namespaceShape's kind ("" for most).
// It is the cost classification adds to an ordinary identifier
// (identifier-dense text has one every few dozen bytes), and the memo
// keeps classifyText's answer with the text (issue 25 §2);
// TestClassifyTextAgrees holds the split to classify.
func classifyText(ident string) (kind string, facts uint8, ok bool) {
	if !ascii.HasPrefixFold(ident, "urn:") {
		return "", notURN, true
	}
	if len(ident) < len("urn:uuid:")+36 && ascii.HasPrefixFold(ident[4:], "uuid:") {
		facts |= shortUUID // uuidCutLine
	}
	// one table lookup per byte, the colon found apart: the loop runs
	// once per text a memo sees first (issue 25)
	for i := 4; i < len(ident); i++ {
		if textSignal[ident[i]] && (ident[i] != '.' || i+2 < len(ident) && ident[i+1] == '.' && ident[i+2] == '.') {
			return "", 0, false
		}
	}
	colon := strings.IndexByte(ident[4:], ':')
	if colon >= 0 {
		colon += 4
	}
	if colon < 0 || colon == 4 || colon == len(ident)-1 || ident[len(ident)-1] == '-' {
		return "", 0, false
	}
	if nid := ident[4:colon]; strings.IndexByte(nid, ',') >= 0 {
		return "", 0, false // an object literal's keys run together: objectKey
	} else if shapedNID(nid) || len(nid) == 4 && !isHex(ident[colon+1]) && strings.EqualFold(nid, "uuid") {
		// a uuid only when its first digit is none (uuidStandIn): one
		// byte more per UUID, the most frequent URN (FHIR bundles)
		return namespaceShape(nid, ident[colon+1:]), facts, true
	}
	return "", facts, true
}

// quiet reports a context in which classifyText's answer is classify's.
func quiet(facts uint8, ctx rules.Context) bool {
	if facts&notURN != 0 {
		return true
	}
	a := ctx.After
	if b := ctx.Before; len(b) > 0 {
		switch q := b[len(b)-1]; {
		case quoteByte[q]:
			return quotedQuiet(q, a, b[:len(b)-1])
		case q < 0x20 && q != '\t' && q != '\n' && q != '\r':
			return false // a binary's length byte: lookalike.Binary
		case q == '^':
			return false // a regexp's anchor: lookalike.Pattern
		}
	}
	if len(a) == 0 {
		return true
	}
	switch c := a[0]; {
	case afterSignal[c]:
		return false
	case c == '\n' || c == '\r':
		if lookalike.ColonLine(ctx.Before, a) {
			return false
		}
		return facts&shortUUID == 0
	case c == ' ' || c == '\t':
		return !cellBefore(ctx.Before) // in an ASCII table's cell: lookalike.NextRowGoesOn
	}
	return true
}

// shapedNID reports a NID whose NSS namespaceShape reads: the fast path
// sends its URNs to classify (a comparison of a few bytes per identifier).
func shapedNID(nid string) bool {
	switch len(nid) {
	case 3:
		return strings.EqualFold(nid, "oid") || strings.EqualFold(nid, "lex") || strings.EqualFold(nid, "nbn")
	case 4:
		return strings.EqualFold(nid, "isbn") || strings.EqualFold(nid, "issn")
	}
	return false
}

// namespaceShape tells, by the namespace's own syntax, an NSS that cannot
// be one of its names but stands for one or names a part of the
// namespace (issue 19 §4):
//   - template: isbn, issn and oid names are digits (ISO 2108, ISO 3297,
//     rfc3061 §2); an NSS without a single digit is a placeholder written
//     in its place ("urn:isbn:value", "urn:isbn:n-nn-nnnnnn-n" in rfc3305);
//   - template: a UUID is hex digits and "-" (rfc9562 §4); one written
//     with a letter for each digit ("xxxxxxxx-xxxx-4xxx-yxxx-…",
//     "NNNNNNNN-…") or with printf verbs ("%08x-%04x-…", where "%08"
//     cannot be an escape: a UUID has none) stands for every UUID;
//   - prefix: a lex NSS is jurisdiction ":" local-name (rfc9676 §2.1), an
//     nbn NSS prefix "-" nbn-string (rfc3188 §5, rfc8458 §4): without the
//     separator it is the jurisdiction's or the country's sub-namespace
//     named ("urn:lex:br", "urn:lex:br;sao.paolo", "(e.g., urn:nbn:fi:vn)").
func namespaceShape(nid, nss string) string {
	switch {
	case strings.EqualFold(nid, "uuid"):
		if uuidStandIn(nss) {
			return KindTemplate
		}
	case strings.EqualFold(nid, "isbn"), strings.EqualFold(nid, "issn"), strings.EqualFold(nid, "oid"):
		for i := 0; i < len(nss); i++ {
			if isDigit(nss[i]) {
				return ""
			}
		}
		return KindTemplate
	case strings.EqualFold(nid, "lex"):
		if !strings.Contains(nss, ":") {
			return KindPrefix
		}
	case strings.EqualFold(nid, "nbn"):
		if !strings.Contains(nss, "-") {
			return KindPrefix
		}
	}
	return ""
}

// uuidStandIn reports a uuid NSS that stands for UUIDs (namespaceShape):
// a printf verb after a "%" (flags and width skipped: "%08x", "%s"), a
// positional placeholder ("%1", "%1$s"), or
// only hex digits, "-" and at least 8 of the letters x, y, n (any case)
// that templates put in a UUID's digits' places, the first of them first.
func uuidStandIn(nss string) bool {
	if nss == "" || isHex(nss[0]) {
		return false // a UUID's first digit: the one byte most uuid texts cost (FHIR bundles, issue 25)
	}
	fill := 0
	for i := 0; i < len(nss); i++ {
		switch c := nss[i]; {
		case c == '%':
			if i+1 < len(nss) && '1' <= nss[i+1] && nss[i+1] <= '9' && (i+2 == len(nss) || nss[i+2] == '$' || !isHex(nss[i+2])) {
				return true // a positional placeholder: Qt's "%1", Java's "%1$s"
			}
			j := i + 1
			for j < len(nss) && (isDigit(nss[j]) || nss[j] == '-' || nss[j] == '+' || nss[j] == '#' || nss[j] == ' ') {
				j++
			}
			if j < len(nss) && strings.IndexByte("xXdsuv", nss[j]) >= 0 {
				return true
			}
			return false
		case c == 'x', c == 'X', c == 'y', c == 'Y', c == 'n', c == 'N':
			fill++
		case c == '-', isDigit(c), 'a' <= c|0x20 && c|0x20 <= 'f':
		default:
			return false
		}
	}
	return fill >= 8
}

// quotedQuiet reports a quoted candidate whose quote q closes right after
// it, followed by nothing that makes it a prefix in code (lookalike.Prefix:
// concatenation, a prefix test's ")" or ","): not wrapped, nor in a
// binary, nor a prefix (subject="urn:isbn:9783030405236" latency=…).
// A "," or ")" after a key's value (b, before the quote, ends in ":") is
// no call's: JSON ("fullUrl":"urn:uuid:…",) stays on the fast path.
func quotedQuiet(q byte, a, b []byte) bool {
	if len(a) == 0 || a[0] != q {
		return false
	}
	i := 1
	for i < len(a) && (a[i] == ' ' || a[i] == '\t') {
		i++
	}
	return i == len(a) || !afterQuote[a[i]] || (a[i] == ',' || a[i] == ')') && lookalike.KeyBefore(b)
}

// cellBefore reports "|" and spaces or tabs right before a candidate.
func cellBefore(b []byte) bool {
	i := len(b)
	for i > 0 && (b[i-1] == ' ' || b[i-1] == '\t') {
		i--
	}
	return i > 0 && b[i-1] == '|'
}

// The bytes classifyText and quiet look for: what lookalike.Template, Pattern, Prefix and
// Wrapped start from.
var (
	quoteByte   = [256]bool{'"': true, '\'': true, '`': true}
	afterSignal = [256]bool{':': true, '/': true, '.': true, '-': true, '=': true, '?': true, '{': true, '$': true, '<': true, '\\': true, 0xe2: true}
	afterQuote  = [256]bool{'+': true, '.': true, '|': true, '<': true, ')': true, ',': true, '\n': true, '\r': true}
	// in the text; "." only as an ellipsis's first (classifyText)
	textSignal = [256]bool{'{': true, '$': true, '%': true, '<': true, '[': true, '(': true, '*': true, '\'': true, 0xe2: true, '.': true}
)

// classify is Classify past the common case.
func classify(ident string, ctx rules.Context) string {
	if lookalike.CodeScope(ident[4:], ctx.Before) {
		return KindCodeScope
	}
	if regexpGroup(ident) || scimFilter(ident, ctx.After) {
		return KindPattern
	}
	if objectKey(ident, ctx.Before) {
		return KindCodeKey
	}
	if kind := lookalike.Shared(ident, ctx, true); kind != "" {
		return kind
	}
	if lookalike.Binary(ident, ctx) {
		return KindBinary
	}
	if lookalike.Wrapped(ctx) {
		return KindWrapped
	}
	_, c := lookalike.Quoted(ctx)
	if c == 1 && ctx.After[0] == ':' {
		// a literal ending in ":" names the URNs under it: "the URN
		// prefix "urn:ietf:params:acme:error:"" (rfc8555 §6.7)
		return KindPrefix
	}
	if c == 1 && ctx.After[0] == '.' && isDigit(ident[len(ident)-1]) && codeValue(ctx.Before[:len(ctx.Before)-1]) {
		// a value in code ending in an OID's arc and ".": the arcs under
		// it follow (pysaml2: X500ATTR_OID = 'urn:oid:2.5.4.')
		return KindPrefix
	}
	if kind := lookalike.Trailing(ident, ctx); kind != "" {
		return kind
	}
	if len(ctx.After) > 0 && ctx.After[0] == ':' && prefixWord(ctx.Before) {
		return KindPrefix
	}
	nid, nss, colon := strings.Cut(ident[4:], ":")
	if uuidCutLine(nid, nss, ctx.After) {
		return KindWrapped
	}
	if nss != "" {
		return namespaceShape(nid, nss)
	}
	if colon && (c == 0 || nidShape(nid)) { // "urn:oid:" with its ":" kept ("urn:oid:" quoted, C<urn:isbn:> in Perl's POD)
		return KindPrefix
	}
	if colon {
		return "" // C<urn:-bad:>: a NID no namespace has keeps its URN003
	}
	a := ctx.After
	if b := ctx.Before; lookalike.HasSuffix(b, "<") || lookalike.HasSuffix(b, "</") || lookalike.HasSuffix(b, ":type=\"") || lookalike.HasSuffix(b, ":type='") {
		return KindXMLName
	}
	if acronymSuffix(nid) || nid == "s" || nid == "S" {
		return KindProse
	}
	if nidShape(nid) && namespaceWord(ctx) {
		return KindProse
	}
	if ident[:3] == "URN" && (len(a) == 0 || a[0] != ':') && capitals(nid) {
		return KindProse
	}
	if len(a) > 0 && a[0] == ':' {
		return KindPrefix // "urn:oid:" unquoted: a NID and its ":" name a namespace's prefix
	}
	if c == 0 && quotedInProse(ctx.Before) && Registered(nid) {
		// a registered NID quoted alone in prose names its namespace
		// (// strip off "urn:oid"); as a value — xmlns="urn:ietf",
		// NS = "urn:ietf", ["urn:isbn:1","urn:isbn"] — it stays an
		// identifier, its URN002 reported
		return KindPrefix
	}
	if registeredNames(nid) && listOfNames(ctx, false) || nidShape(nid) && listOfNames(ctx, true) {
		return KindProse // "namespace rules: urn:ietf, urn:ietf:params, urn:oid, urn:isbn/issn, urn:uuid"; "urn:ietf, urn:auth0, urn:okta"
	}
	if Registered(nid) && referenceAfter(a) {
		return KindProse // a Markdown list naming a namespace and its RFC: "urn:uuid [RFC 4122](…)"
	}
	if nidShape(nid) && (proseWords(ctx) || sentenceEnd(ctx) || figureNode(ctx)) {
		return KindProse
	}
	return ""
}

// registeredNames reports a NID that is registered, or registered NIDs
// joined by "/" as prose offers alternatives ("urn:isbn/issn").
func registeredNames(nid string) bool {
	for {
		name, rest, more := strings.Cut(nid, "/")
		if !Registered(name) {
			return false
		}
		if !more {
			return true
		}
		nid = rest
	}
}

// quotedInProse reports before ending in a word, a space and a quote:
// a quotation in a sentence ("strip off "urn:oid""), not a value (after
// "=", ":", "(", "," or "[").
func quotedInProse(b []byte) bool {
	n := len(b)
	return n >= 3 && lookalike.IsQuote(b[n-1]) && b[n-2] == ' ' && isAlnum(b[n-3])
}

// objectKey reports "urn" as a key of an object literal in minified
// code: "{" or "," right before, and its value a literal or a member
// expression followed by the next key ({protocol:null,urn:null,port:null},
// {urn:e.urn,…}). A CSV field (a,urn:isbn:1,b) has a NID there.
func objectKey(ident string, before []byte) bool {
	if !lookalike.CodeKey(before) {
		return false
	}
	v := ident[4:]
	end := strings.IndexAny(v, ",}")
	if end <= 0 {
		return false
	}
	if v[end] == ',' && !nextKey(v[end+1:]) {
		return false // a CSV field (id,urn:example.com,title): no key follows
	}
	switch tok := v[:end]; {
	case tok == "null", tok == "true", tok == "false", tok == "undefined", tok == "!0", tok == "!1":
		return true
	default:
		dot := strings.IndexByte(tok, '.')
		return dot > 0 && dot < len(tok)-1 && !strings.ContainsAny(tok, ":/")
	}
}

// scimFilter reports a SCIM filter's value path, the attribute's URN
// followed by "[", a sub-attribute, a space and a comparison operator
// (rfc7644 §3.4.2.2: valuePath = attrPath "[" valFilter "]"):
// "urn:ietf:params:scim:schemas:core:2.0:User:emails[type" then
// ` eq "work"]`. The bracket is the filter's, so the text is a query
// over the URN's attribute, not a URN with a "[" in it.
func scimFilter(ident string, after []byte) bool {
	i := strings.LastIndexByte(ident, '[')
	if i < 0 || i+1 == len(ident) || len(after) < 4 || after[0] != ' ' {
		return false
	}
	for k := i + 1; k < len(ident); k++ {
		if c := ident[k]; !isAlnum(c) && c != '.' && c != '_' && c != '$' {
			return false
		}
	}
	op := strings.ToLower(string(after[1:3]))
	switch op {
	case "eq", "ne", "co", "sw", "ew", "pr", "gt", "ge", "lt", "le":
		return len(after) == 3 || after[3] == ' ' || after[3] == ']'
	}
	return false
}

// nextKey reports s starting with a name and ":", an object literal's
// next key.
func nextKey(s string) bool {
	i := 0
	for i < len(s) && (isAlnum(s[i]) || s[i] == '_' || s[i] == '$') {
		i++
	}
	return i > 0 && i < len(s) && s[i] == ':'
}

// regexpGroup reports a regexp's group in a urn: candidate: "(?" and
// ":", "=", "!" or "<" (non-capturing, lookaround: "urn:(?:(?:aich"), or
// an optional group opening a segment ("urn:(x-)?ogc"). In a URN "?"
// after ")" starts its q- or r-component ("urn:a:f(x)?=y", rfc8141 §2),
// and XRI's and lid's syntax allow both, so only urn: asks this.
func regexpGroup(ident string) bool {
	i := strings.IndexByte(ident, '(')
	if i < 0 {
		return false
	}
	for ; i >= 0 && i+2 < len(ident); i = next(ident, i) {
		switch c := ident[i+1]; {
		case c == '?':
			if d := ident[i+2]; d == ':' || d == '=' || d == '!' || d == '<' {
				return true
			}
		case ident[i-1] == ':':
			if k := strings.IndexByte(ident[i:], ')'); k > 0 && i+k+1 < len(ident) && ident[i+k+1] == '?' &&
				(i+k+2 == len(ident) || ident[i+k+2] != '+' && ident[i+k+2] != '=') {
				return true
			}
		}
	}
	return false
}

// next is the index of the next "(" in s after i, or -1.
func next(s string, i int) int {
	if k := strings.IndexByte(s[i+1:], '('); k >= 0 {
		return i + 1 + k
	}
	return -1
}

// referenceAfter reports a space and a reference after a candidate: a
// Markdown link "[" (escaped "\["), or "(RFC".
func referenceAfter(a []byte) bool {
	if len(a) < 2 || a[0] != ' ' && a[0] != '\t' {
		return false
	}
	a = a[1:]
	return a[0] == '[' || lookalike.HasPrefix(a, "\\[") || lookalike.HasPrefix(a, "(RFC")
}

// listOfNames reports a candidate in a comma-separated list another of
// whose items, as far as the context shows, is "urn:" and a NID without
// NSS too (registered, when registered is set): a list naming namespaces
// ("urn:ietf, urn:ietf:params, urn:oid", "urn:ietf, urn:auth0, urn:okta"),
// not a list of identifiers one of which lacks its NSS ("urn:isbn:1,
// urn:isbn, urn:isbn:2": URN002 stays).
func listOfNames(ctx rules.Context, registered bool) bool {
	line := ctx.Before[bytes.LastIndexByte(ctx.Before, '\n')+1:]
	if bytes.IndexByte(line, '[') >= 0 || bytes.IndexByte(line, '=') >= 0 {
		return false // a flow sequence or array, an assignment: values, not prose ([urn:test, urn:example])
	}
	a := ctx.After
	for len(a) > 0 && a[0] == ',' {
		a = bytes.TrimLeft(a[1:], " ")
		end := bytes.IndexAny(a, ", \t\r\n|)")
		if end < 0 {
			end = len(a)
		}
		if bareNID(a[:end], registered) {
			return true
		}
		a = a[end:]
	}
	b := ctx.Before
	for {
		b = bytes.TrimRight(b, " ")
		if len(b) == 0 || b[len(b)-1] != ',' {
			return false
		}
		b = b[:len(b)-1]
		start := bytes.LastIndexAny(b, ", \t\r\n|(") + 1
		if bareNID(b[start:], registered) {
			return true
		}
		b = b[:start]
	}
}

// bareNID reports "urn:" and a NID with no NSS: registered NIDs
// (registeredNames) when registered is set, else one of a NID's shape.
func bareNID(item []byte, registered bool) bool {
	if len(item) < 5 || !ascii.HasPrefixFold(string(item[:4]), "urn:") {
		return false
	}
	nid := string(item[4:])
	if strings.Contains(nid, ":") {
		return false
	}
	if registered {
		return registeredNames(nid)
	}
	return nidShape(nid)
}

// prefixWord reports prose naming what follows as a prefix: the word
// before the candidate (past a space and an opening quote) is "prefix" or
// "prefixes", or "with" after "starts", "begins", "start" or "begin"
// ("prefix urn:ietf:params:xml:ns:yang:smiv2: (see Section 12)", rfc6643
// §3). Classify asks it for a candidate whose ":" the scanner trimmed.
func prefixWord(b []byte) bool {
	i := len(b)
	if i > 0 && (b[i-1] == '"' || b[i-1] == '\'') {
		i--
	}
	if i == 0 || b[i-1] != ' ' {
		return false
	}
	w, rest := lastWord(b[:i-1])
	if wordIs(w, "prefix", "prefixes") {
		return true
	}
	if !wordIs(w, "with") {
		return false
	}
	v, _ := lastWord(rest)
	return wordIs(v, "starts", "begins", "start", "begin")
}

// wordIs reports w equal to one of words, ASCII case folded.
func wordIs(w []byte, words ...string) bool {
	for _, x := range words {
		if strings.EqualFold(string(w), x) {
			return true
		}
	}
	return false
}

// lastWord splits the letters at the end of b from what is before them
// and the space between.
func lastWord(b []byte) (word, before []byte) {
	i := len(b)
	for i > 0 && (b[i-1]|0x20 >= 'a' && b[i-1]|0x20 <= 'z') {
		i--
	}
	j := i
	for j > 0 && (b[j-1] == ' ' || b[j-1] == '\n') {
		j--
	}
	return b[i:], b[:j]
}

// sentenceEnd reports a NID named at a sentence's end: a word (or ",",
// ":") and a space before, "." and a space, a line end or the end of the
// text after ("information products and vocabularies: urn:nato.", rfc7467
// §3).
func sentenceEnd(ctx rules.Context) bool {
	b, a := ctx.Before, ctx.After
	if len(b) < 2 || b[len(b)-1] != ' ' || !isAlnum(b[len(b)-2]) && b[len(b)-2] != ',' && b[len(b)-2] != ':' {
		return false
	}
	if len(a) == 0 || a[0] != '.' {
		return false
	}
	return len(a) == 1 || a[1] == ' ' || a[1] == '\n' || a[1] == '\r'
}

// figureNode reports a NID as a node of a tree figure: alone on its line
// (white space before it back to the line's start or as far as the
// context shows: a figure centres its nodes), and the next line starts,
// past its indentation, with "|" or "+", or is blank as far as the
// context shows (rfc8433 §5's tree of urn:alert, indented 32 columns).
func figureNode(ctx rules.Context) bool {
	b := ctx.Before
	i := len(b)
	for i > 0 && (b[i-1] == ' ' || b[i-1] == '\t') {
		i--
	}
	if i > 0 && b[i-1] != '\n' {
		return false
	}
	a := ctx.After
	i = 0
	for i < len(a) && (a[i] == ' ' || a[i] == '\t' || a[i] == '\r') {
		i++
	}
	if i >= len(a) || a[i] != '\n' {
		return false
	}
	for i++; i < len(a) && (a[i] == ' ' || a[i] == '\t'); i++ {
	}
	if i == len(a) {
		return len(a) >= lookalike.ContextBytes // blank to the context's end, not the text's
	}
	return a[i] == '|' || a[i] == '+'
}

// codeValue reports text that ends where a value of code starts: "=",
// "(", ",", "[", "{" or ":" and spaces (an assignment, an argument, an
// element, a dictionary's value) — not prose, where a quoted identifier
// may end in a sentence's "." ("the URN "urn:isbn:0451450523."").
func codeValue(b []byte) bool {
	i := len(b)
	for i > 0 && (b[i-1] == ' ' || b[i-1] == '\t') {
		i--
	}
	if i == 0 {
		return false
	}
	switch b[i-1] {
	case '=', '(', ',', '[', '{', ':':
		return true
	}
	return false
}

// proseWords reports a candidate between words of a sentence: a word and a
// space before it, a space and a lower-case word after it that ends in a
// space or a sentence's punctuation ("registration of urn:dvb as a formal
// namespace", "within urn:nato to ensure"; rfc7467 §7). A command's
// argument followed by a URL ("$PROG urn:someservice https://…") is not.
func proseWords(ctx rules.Context) bool {
	b, a := ctx.Before, ctx.After
	if len(b) < 2 || b[len(b)-1] != ' ' || !isAlnum(b[len(b)-2]) && b[len(b)-2] != ',' {
		return false
	}
	if len(a) < 2 || a[0] != ' ' {
		return false
	}
	n := 1
	for n < len(a) && 'a' <= a[n] && a[n] <= 'z' {
		n++
	}
	if n == 1 || n == len(a) {
		return false
	}
	switch a[n] {
	case ' ', ',', '.', ';', ')', '\n', '\r':
		return true
	}
	return false
}

// acronymSuffix: two or more capitals or digits (a capital first), then a
// plural "s" or "-" and a lower-case word.
func acronymSuffix(nid string) bool {
	n := 0
	for n < len(nid) && ('A' <= nid[n] && nid[n] <= 'Z' || n > 0 && '0' <= nid[n] && nid[n] <= '9') {
		n++
	}
	if n < 2 || n == len(nid) {
		return false
	}
	rest := nid[n:]
	if rest == "s" {
		return true
	}
	if rest[0] != '-' || len(rest) < 2 {
		return false
	}
	for i := 1; i < len(rest); i++ {
		if rest[i] < 'a' || rest[i] > 'z' {
			return false
		}
	}
	return true
}

// nidShape: letters, digits and "-", 2 to 32 of them, a letter or digit
// at each end (rfc8141 §2 NID).
func nidShape(nid string) bool {
	if len(nid) < 2 || len(nid) > 32 || nid[0] == '-' || nid[len(nid)-1] == '-' {
		return false
	}
	for i := 0; i < len(nid); i++ {
		if c := nid[i]; !isAlnum(c) && c != '-' {
			return false
		}
	}
	return true
}

// capitals: capitals, digits and "-", a capital first.
func capitals(nid string) bool {
	if nid == "" || nid[0] < 'A' || nid[0] > 'Z' {
		return false
	}
	for i := 0; i < len(nid); i++ {
		if c := nid[i]; !('A' <= c && c <= 'Z') && !('0' <= c && c <= '9') && c != '-' {
			return false
		}
	}
	return true
}

var namespaceWords = []string{"namespace", "namespaces", "sub-namespace", "sub-namespaces", "subnamespace", "subnamespaces",
	"registry", "hierarchy", "tree", "name", "names", "identifiers", "urn", "urns", "nid"}

// namespaceWord reports that the word after the candidate (past a trimmed
// ":", the closing quote and white space) is one of namespaceWords.
func namespaceWord(ctx rules.Context) bool {
	a := ctx.After
	if len(a) > 0 && a[0] == ':' {
		a = a[1:]
	}
	if b := ctx.Before; len(a) > 0 && len(b) > 0 && a[0] == b[len(b)-1] && (a[0] == '"' || a[0] == '\'') {
		if len(b) > 1 && b[len(b)-2] == '=' {
			return false // an attribute's or a variable's value: targetNamespace="urn:x"
		}
		a = a[1:]
	}
	n := 0
	for n < len(a) && (a[n] == ' ' || a[n] == '\t' || a[n] == '\n' || a[n] == '\r') {
		n++
	}
	if n == 0 {
		return false
	}
	a = a[n:]
	n = 0
	for n < len(a) && (isAlnum(a[n]) || a[n] == '-') {
		n++
	}
	if n == len(a) && n < len("sub-namespaces") {
		return false // the word may go on past the context
	}
	if n < len(a) && a[n] == '=' {
		return false // the next attribute: name="…"
	}
	w := a[:n]
	for _, s := range namespaceWords {
		if len(w) == len(s) && ascii.HasPrefixFold(string(w), s) {
			return true
		}
	}
	return false
}

// uuidCutLine reports a urn:uuid cut by a line break (rule 6): the UUID
// is short of its 36 characters, the line ends right after it and the
// next one starts, past its indentation, with the rest: hex digits and
// hyphens where 8-4-4-4-12 puts them, not a word ("about"), as far as
// the context shows.
func uuidCutLine(nid, nss string, after []byte) bool {
	if !strings.EqualFold(nid, "uuid") || !uuidCut(nss) {
		return false
	}
	i := 0
	if i < len(after) && after[i] == '\r' {
		i++
	}
	if i >= len(after) || after[i] != '\n' {
		return false
	}
	for i++; i < len(after) && (after[i] == ' ' || after[i] == '\t'); i++ {
	}
	j := i
	for j < len(after) && (isHex(after[j]) || after[j] == '-') {
		j++
	}
	if j == i || j < len(after) && isAlnum(after[j]) {
		return false
	}
	joined := nss + string(after[i:j])
	return uuidCut(joined) || uuidShape(joined) == ""
}
