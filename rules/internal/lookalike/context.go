package lookalike

import (
	"strings"

	"github.com/idlint/idlint/internal/wordbound"
)

// Kinds the text around a candidate decides, whatever follows the colon:
// the go: and lid: classifiers share them (rules/gouri, rules/lid).
const (
	// KindWordPart is a candidate that continues a word ("Algo:", "valid:").
	KindWordPart = "word-part"
	// KindURLHost is a candidate right after "://", a URL's host and
	// port ("https://go:8080").
	KindURLHost = "url-host"
	// KindCodeKey is an object key in code, right after "{" or ","
	// ("{go:function(){…}}", "{id:1,lid:e.lid}").
	KindCodeKey = "code-key"
	// KindCodeScope is a scope operator in code, the scheme's name being a
	// namespace or a package: "URI::urn::isbn" (Perl), "go::GoGenerator"
	// (C++), "XRI::ProxyResolver" (Ruby).
	KindCodeScope = "code-scope"
)

// Attached is KindWordPart or KindURLHost when the text before a
// candidate makes it one, "" otherwise.
func Attached(before []byte) string {
	if wordbound.Before(before) {
		return KindWordPart
	}
	if HasSuffix(before, "://") {
		return KindURLHost
	}
	return ""
}

// CodeKey reports whether before ends in "{" or "," with no space: prose
// puts a space after a comma.
func CodeKey(before []byte) bool {
	n := len(before)
	return n > 0 && (before[n-1] == '{' || before[n-1] == ',')
}

// CodeScope reports a scope operator: rest, what follows the scheme's
// ":", is ":" and a name (a letter or "_", then letters, digits, "_"),
// and either "::" comes right before the scheme ("URI::urn::isbn") or no
// other ":" follows and the candidate is no value nor element content
// (not right after a quote, "=" or ">"): "urn::isbn;", "go::GoGenerator".
// A NID or host left out by mistake keeps its error: "urn::ietf:params:x",
// "urn::1234", <id>urn::x</id>, xmlns="urn::foo".
func CodeScope(rest string, before []byte) bool {
	if len(rest) < 2 || rest[0] != ':' || !nameStart(rest[1]) {
		return false
	}
	name, more := rest[1:], false
	if k := strings.IndexByte(name, ':'); k >= 0 {
		name, more = name[:k], true
	}
	for i := 1; i < len(name); i++ {
		if !nameStart(name[i]) && !('0' <= name[i] && name[i] <= '9') {
			return false
		}
	}
	if HasSuffix(before, "::") {
		return true
	}
	if more {
		return false
	}
	if n := len(before); n > 0 {
		switch before[n-1] {
		case '"', '\'', '`', '=', '>':
			return false
		}
	}
	return true
}

func nameStart(c byte) bool { return c == '_' || 'a' <= c|0x20 && c|0x20 <= 'z' }

// HasSuffix is bytes.HasSuffix for a string suffix, with no conversion.
func HasSuffix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[len(b)-len(s):]) == s
}

// IsQuote reports whether c opens or closes a string: ", ' or `.
func IsQuote(c byte) bool { return c == '"' || c == '\'' || c == '`' }
