package gouri

import (
	"bytes"
	"strings"

	"github.com/idlint/idlint/rules/internal/ascii"
	"github.com/idlint/idlint/rules/internal/lookalike"
	"github.com/idlint/idlint/rules/internal/rfc2396"

	"github.com/idlint/idlint/rules"
)

// Look-alike kinds returned by Classify.
const (
	KindWordPart       = lookalike.KindWordPart
	KindURLHost        = lookalike.KindURLHost
	KindGoDirective    = "go-directive"
	KindLinkerSymbol   = "linker-symbol"
	KindSourcePosition = "source-position"
	KindFormatString   = "format-string"
	KindEmoticon       = "emoticon"
	KindCodeKey        = lookalike.KindCodeKey
	KindCodeScope      = lookalike.KindCodeScope // "go::GoGenerator": a C++ namespace
	KindModulePath     = "module-path"           // "go://golang.org/x/text@v0.3.0": a Go module's locator (SPDX)
	KindProseLabel     = "prose-label"
	// KindTemplate, KindPattern and KindPrefix are the look-alikes every
	// scheme shares (rules/internal/lookalike): "go:{name}",
	// strings.HasPrefix(s, "go:").
	KindTemplate = lookalike.KindTemplate
	KindPattern  = lookalike.KindPattern
	KindPrefix   = lookalike.KindPrefix
)

// directive tells the names gc, cgo and the go command read after "//go:"
// (cmd/compile/internal/noder lex.go and noder.go, go/build, cmd/go), plus
// retired ones still found in old source (notinheap, nosplitrec).
func directive(name string) bool {
	switch name {
	case "build", "generate", "embed", "linkname", "noinline", "nosplit", "noescape",
		"norace", "nocheckptr", "nointerface", "systemstack", "nowritebarrier",
		"nowritebarrierrec", "yeswritebarrierrec", "uintptrkeepalive", "uintptrescapes",
		"registerparams", "notinheap", "nosplitrec", "wasmimport", "wasmexport", "fix",
		"debug", "binary-only-package":
		return true
	}
	return false
}

// linkerSymbol tells Go linker and compiler symbol names with the "go:"
// prefix that cannot be mistaken for a common name; they match alone or
// followed by "." (cmd/link, cmd/compile, cmd/internal/obj).
func linkerSymbol(name string) bool {
	switch name {
	case "buildid", "buildinfo", "fipsinfo", "cuinfo", "constinfo", "debuglines", "funcrel",
		"funcdesc", "funcdescrel", "sehuw", "itab", "textfipsstart", "textfipsend",
		"rodatafipsstart", "rodatafipsend", "noptrdatafipsstart", "noptrdatafipsend",
		"datafipsstart", "datafipsend", "inittasks":
		return true
	}
	return false
}

// linkerWord tells symbol names that are also plain words ("go:map"): they
// count as linker symbols when followed by "." ("go:string.*",
// "go:info.type.int", "go:main.inittasks") or when quoted exactly, as in a
// Go string literal ("go:map").
func linkerWord(name string) bool {
	switch name {
	case "string", "func", "info", "link", "plugin", "map", "main", "runtime", "shlib",
		"track", "builtin", "type":
		return true
	}
	return false
}

// Classify tells a go: identifier ("") from text that only starts like one,
// using the candidate and up to a few dozen bytes of text around it. The
// rules, in order (the first that matches decides); rest is what follows
// "go:":
//
//  1. word-part: ctx.Before ends in a letter (any script), digit, mark, "+",
//     "-" or "." ("cargo:x", "file.go:12"); the scanner already refuses these.
//  2. url-host: ctx.Before ends in "://": "go" is the host of another URL
//     ("http://go:8080/").
//     2b. code-scope: "go::" in code, a C++ namespace ("go::GoGenerator",
//     lookalike.CodeScope).
//  3. go-directive, any of:
//     a. rest starts with a directive name (build, generate, embed, linkname,
//     noinline, nosplit, noescape, …, or any cgo_ name) that ends the
//     candidate or is followed by a character other than a letter, digit,
//     "_" or "-" ("go:build", "go:linkname'd") — whatever the context, since
//     prose about directives names them the same way;
//     b. rest is a directive pattern: letters, digits and "_" (maybe none)
//     and a final "*" ("go:cgo_*", "go:x*", "go:*");
//     c. ctx.Before ends in "//" and rest starts with a lower-case letter,
//     digit or "_": go/ast's definition of a directive comment ("//go:xxx"),
//     widened by "_" because gc reads every "//go:" comment as a pragma;
//     d. ctx.Before ends in "//" and spaces, and rest is one lower-case word
//     of letters, digits and "_" ("// go:zzz" commentary).
//  4. linker-symbol: rest is a Go linker symbol name ("go:buildid",
//     "go:itab.*"), alone or followed by "."; common words ("string", "func",
//     "map", "main" …) only when followed by "." (also one the scanner
//     trimmed, at the start of ctx.After) or quoted exactly; or rest
//     starts with "(*", a method symbol ("go:(*T).M").
//     5b. module-path: "//", a host with a ".", "/" and a path, a Go
//     module's locator ("go://golang.org/x/text@v0.3.0" in SPDX): RFC 3368's
//     go: has no path (§3.2).
//  5. source-position: rest is digits, optionally ":" and more digits
//     ("go:114" of "x.go:114:" when a space precedes, "go:7 +0x1d").
//  6. format-string: a "%" in rest starts a printf verb
//     (flags, width, precision, then one of v T t b c d o O q x X U e E f F g G s p w)
//     and is not a plain escape: it is not followed by two hex digits, or
//     the escape would encode a control character ("go:%d", "go:%02x").
//     Then template, pattern, prefix: the rules every scheme shares
//     (rules/internal/lookalike): "go:{name}", "go:${x}",
//     strings.HasPrefix(s, "go:").
//  7. emoticon: rest is D, P, p, O, o, 3, (, ), / or |, maybe after "-",
//     or just "-" ("go:D", "go:-P", "go:-)" whose ")" the scanner trimmed).
//  8. code-key: ctx.Before ends in "{" or "," with no space, an object key
//     in code ("{go:function(){…}}"); prose puts a space after a comma; or
//     in "?" after a name or ")" with code after it, a conditional's branch
//     in minified code ("-1?go:Ge.PARSER_MEDIA_TYPE,En=…").
//  9. prose-label: rest is empty ("Go: 5 steps", "Way to Go: …", "go: exit",
//     which the scanner drops for the space), or the scheme is not all lower
//     case and no "//" follows ("GO:TEAM", "Go:Bold").
//  10. identifier otherwise.
func (*Checker) Classify(ident string, ctx rules.Context) string { return Classify(ident, ctx) }

// Classify is Checker.Classify as a function.
func Classify(ident string, ctx rules.Context) string {
	before := ctx.Before
	if kind := lookalike.Attached(before); kind != "" {
		return kind
	}
	if !ascii.HasPrefixFold(ident, "go:") {
		return "" // not ours to judge: Check reports GO001
	}
	rest := ident[3:]
	if lookalike.CodeScope(rest, before) {
		return KindCodeScope
	}
	lowerScheme := ident[0] == 'g' && ident[1] == 'o'
	if lowerScheme && isDirective(rest, before) {
		return KindGoDirective
	}
	if lowerScheme && isLinkerSymbol(rest, ctx) {
		return KindLinkerSymbol
	}
	if isPosition(rest) {
		return KindSourcePosition
	}
	if isModulePath(rest) {
		return KindModulePath
	}
	if isFormat(rest) {
		return KindFormatString
	}
	if kind := lookalike.Shared(ident, ctx, true); kind != "" {
		return kind
	}
	if isEmoticon(rest) {
		return KindEmoticon
	}
	if (lookalike.CodeKey(before) || ternaryBranch(before, rest)) && !strings.HasPrefix(rest, "//") {
		return KindCodeKey
	}
	if rest == "" || !lowerScheme && !strings.HasPrefix(rest, "//") {
		return KindProseLabel
	}
	return ""
}

// ternaryBranch reports before ending in "?" right after a name or ")"
// with no space, and rest running on into code ("," or "=="): "go" is the
// first branch of a conditional expression in minified code
// (x===-1?go:Ge.PARSER_MEDIA_TYPE,En=Wr===…); a go: URI in a URL's query
// (…/x?go:example) has neither.
func ternaryBranch(before []byte, rest string) bool {
	n := len(before)
	if n < 2 || before[n-1] != '?' || !strings.Contains(rest, ",") && !strings.Contains(rest, "==") {
		return false
	}
	if i := bytes.LastIndexAny(before, " \t\n\"'<>="); bytes.IndexByte(before[i+1:], '/') >= 0 {
		return false // a URL's query: http://host/x?go:a,b
	}
	c := before[n-2]
	return c == ')' || c == '_' || c == '$' || rfc2396.IsAlnum(c)
}

// isModulePath reports "//", a host with a ".", then "/" and a path with
// a version ("@v") or two segments, and no query: a Go module's locator
// (SPDX's downloadLocation "go://golang.org/x/text@v0.0.0-…"), which no
// go: URI is — RFC 3368's has a server and a query, no path (§3.2).
func isModulePath(rest string) bool {
	h, ok := strings.CutPrefix(rest, "//")
	if !ok || strings.ContainsAny(h, "?;#%") {
		return false // a query or parameters: a go: URI's, "/" its error (go://host/?q)
	}
	slash := strings.IndexByte(h, '/')
	if slash <= 0 || slash+1 == len(h) {
		return false
	}
	host, path := h[:slash], h[slash+1:]
	if strings.IndexByte(host, '.') < 0 || strings.ContainsAny(host, "@:") {
		return false
	}
	// a module's version, or a path of two segments (golang.org/x/text,
	// github.com/org/repo); go://host/path keeps its errors
	return strings.Contains(path, "@v") || strings.Count(strings.TrimSuffix(path, "/"), "/") >= 1
}

func isDirective(rest string, before []byte) bool {
	// a. a known name
	n := 0
	for n < len(rest) && (rfc2396.IsAlnum(rest[n]) || rest[n] == '_' || rest[n] == '-') {
		n++
	}
	name := rest[:n]
	if directive(name) || strings.HasPrefix(name, "cgo_") {
		return true
	}
	// b. a pattern
	if n == len(rest)-1 && rest[n] == '*' && !strings.Contains(name, "-") {
		return true
	}
	if rest == "" {
		return false
	}
	// c. "//go:" and a name: gc hands every such comment to its pragma
	// reader (go/ast's isDirective asks for [a-z0-9] after the colon; gc
	// and cmd/cover also see "//go:_name")
	if lookalike.HasSuffix(before, "//") {
		c := rest[0]
		return 'a' <= c && c <= 'z' || rfc2396.IsDigit(c) || c == '_'
	}
	// d. "// go:word"
	t := len(before)
	for t > 0 && (before[t-1] == ' ' || before[t-1] == '\t') {
		t--
	}
	if t < len(before) && lookalike.HasSuffix(before[:t], "//") && 'a' <= rest[0] && rest[0] <= 'z' {
		for i := 0; i < len(rest); i++ {
			if c := rest[i]; !('a' <= c && c <= 'z') && !rfc2396.IsDigit(c) && c != '_' {
				return false
			}
		}
		return true
	}
	return false
}

func isLinkerSymbol(rest string, ctx rules.Context) bool {
	if strings.HasPrefix(rest, "(*") {
		return true
	}
	name, _, dotted := strings.Cut(rest, ".")
	// the scanner trims a final ".", which then starts ctx.After ("go:string." in a prefix test)
	dotted = dotted || len(ctx.After) > 0 && ctx.After[0] == '.'
	if linkerSymbol(name) {
		return true
	}
	if linkerWord(name) {
		if dotted {
			return true
		}
		b, a := ctx.Before, ctx.After
		return len(b) > 0 && len(a) > 0 && lookalike.IsQuote(b[len(b)-1]) && a[0] == b[len(b)-1]
	}
	return false
}

// isPosition: digits, optionally ":" digits (the scanner trims a final ":").
func isPosition(rest string) bool {
	line, col, ok := strings.Cut(rest, ":")
	if !allDigits(line) {
		return false
	}
	return !ok || col == "" || allDigits(col)
}

const verbs = "vTtbcdoOqxXUeEfFgGspw"

// isFormat reports a printf verb after a "%" that is not a plain escape.
func isFormat(rest string) bool {
	for i := strings.IndexByte(rest, '%'); i >= 0; {
		j := i + 1
		for j < len(rest) && strings.IndexByte("-+# 0", rest[j]) >= 0 {
			j++
		}
		for j < len(rest) && (rfc2396.IsDigit(rest[j]) || rest[j] == '*') {
			j++
		}
		if j < len(rest) && rest[j] == '.' {
			j++
			for j < len(rest) && (rfc2396.IsDigit(rest[j]) || rest[j] == '*') {
				j++
			}
		}
		if j < len(rest) && strings.IndexByte(verbs, rest[j]) >= 0 {
			if !ascii.IsEscape(rest, i) {
				return true
			}
			if o := ascii.Unhex(rest[i+1])<<4 | ascii.Unhex(rest[i+2]); o < 0x20 || o == 0x7f {
				return true
			}
		}
		k := strings.IndexByte(rest[i+1:], '%')
		if k < 0 {
			break
		}
		i += 1 + k
	}
	return false
}

func isEmoticon(rest string) bool {
	if rest == "-" { // "go:-)" whose ")" the scanner trimmed as prose punctuation
		return true
	}
	switch strings.TrimPrefix(rest, "-") {
	case "D", "P", "p", "O", "o", "3", "(", ")", "/", "|":
		return true
	}
	return false
}
