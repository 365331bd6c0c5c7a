package lid

import (
	"github.com/idlint/idlint/rules/internal/ascii"
	"github.com/idlint/idlint/rules/internal/lookalike"
	"github.com/idlint/idlint/rules/internal/rfc2396"

	"github.com/idlint/idlint/rules"
)

// Look-alike kinds returned by Classify.
const (
	KindWordPart     = lookalike.KindWordPart
	KindURLHost      = lookalike.KindURLHost
	KindProseLabel   = "prose-label"
	KindChatID       = "chat-id"
	KindNumericLabel = "numeric-label"
	KindCodeKey      = lookalike.KindCodeKey
	// KindTemplate, KindPattern and KindPrefix are the look-alikes every
	// scheme shares (rules/internal/lookalike): "lid://{host}/x",
	// "lid://" + host.
	KindTemplate = lookalike.KindTemplate
	KindPattern  = lookalike.KindPattern
	KindPrefix   = lookalike.KindPrefix
)

// Classify tells a lid: identifier ("") from text that only starts like
// one, using the candidate and up to a few dozen bytes of text around it.
// The rules, in order (the first that matches decides):
//
//  1. word-part: ctx.Before ends in a letter (any script), digit, mark, "+",
//     "-" or "." — "lid" is the end of a longer word ("invalid://x",
//     "invàlid:x"). The scanner already refuses these; the rule keeps
//     callers that bypass it honest.
//  2. url-host: ctx.Before ends in "://": "lid" is the host of another URL
//     ("http://lid:8080/").
//  3. template, pattern, prefix: the rules every scheme shares
//     (rules/internal/lookalike): "lid://{host}/x", "lid://" + host;
//     and "lid://" alone in a literal, the scheme named (ABNF's
//     lidURI = "lid://" authority: a prefix), not as an attribute's
//     value (ref="lid://" keeps LID004);
//     otherwise identifier: "lid://…", whatever its case — the lid-00 form.
//  4. prose-label: nothing follows the colon ("LID: Layer ID" and X11's
//     "lid: LEASE", which the scanner drops for the space), or the scheme is
//     not all lower case ("LID:0x0003", "Lid:closed"): field labels.
//  5. chat-id: only digits follow, and a quote (" ' `) precedes the
//     candidate or follows it — WhatsApp-style "lid:77".
//  6. numeric-label: only a number follows (decimal, or 0x and hex digits),
//     unquoted — local IDs in InfiniBand and hardware logs ("lid:3").
//  7. code-key: ctx.Before ends in "{" or "," with no space, as an object
//     key in code ("{id:1,lid:e.lid}"); prose puts a space after a comma.
//  8. identifier otherwise: an opaque lid: of the newer scheme (Check
//     reports it with LID003).
func (*Checker) Classify(ident string, ctx rules.Context) string { return Classify(ident, ctx) }

// Classify is Checker.Classify as a function.
func Classify(ident string, ctx rules.Context) string {
	before := ctx.Before
	if kind := lookalike.Attached(before); kind != "" {
		return kind
	}
	if !ascii.HasPrefixFold(ident, "lid:") {
		return "" // not ours to judge: Check reports LID001
	}
	rest := ident[4:]
	if kind := lookalike.Shared(ident, ctx, true); kind != "" {
		return kind
	}
	if rest == "//" && !lookalike.HasSuffix(before, "=\"") && !lookalike.HasSuffix(before, "='") {
		if _, c := lookalike.Quoted(ctx); c == 0 {
			return lookalike.KindPrefix // the scheme alone in a literal: ABNF's lidURI = "lid://" authority
		}
	}
	if len(rest) >= 2 && rest[0] == '/' && rest[1] == '/' {
		return ""
	}
	if rest == "" || ident[0] != 'l' || ident[1] != 'i' || ident[2] != 'd' {
		return KindProseLabel
	}
	if allDigits(rest) {
		if quoted(ctx) {
			return KindChatID
		}
		return KindNumericLabel
	}
	if len(rest) > 2 && rest[0] == '0' && (rest[1] == 'x' || rest[1] == 'X') && allHex(rest[2:]) {
		return KindNumericLabel
	}
	if lookalike.CodeKey(before) {
		return KindCodeKey
	}
	return ""
}

func quoted(ctx rules.Context) bool {
	return len(ctx.Before) > 0 && lookalike.IsQuote(ctx.Before[len(ctx.Before)-1]) ||
		len(ctx.After) > 0 && lookalike.IsQuote(ctx.After[0])
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !rfc2396.IsDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

func allHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if !rfc2396.IsHex(s[i]) {
			return false
		}
	}
	return s != ""
}
