package gouri

import (
	"strings"

	"github.com/idlint/idlint/rules/internal/ascii"
	"github.com/idlint/idlint/rules/internal/rfc2396"
)

// String returns the URI as parsed.
func (u *URI) String() string { return u.raw }

// Canonical returns the normalized form, which makes rfc3368's defaults explicit:
//   - "go", the host and "id=" in lower case;
//   - an empty server written "localhost" (§3.3.2: it MUST be assumed);
//   - a missing or empty port written 1096 (§3.3.3), when the host is valid;
//   - a server-only URI keeps having no "?" (§3.3.1: it names the server);
//   - %-escapes with upper-case hex and escaped unreserved characters decoded
//     (rfc2396 §2.3), unless the URI holds a malformed "%", where decoding
//     could fuse a stray "%" with what follows.
//
// Common names, attributes, types, values and ids keep their case and the
// parameters their order (rfc3367 §4.2.1.1: the order implies a precedence).
// Text that is not a go: URI is returned as is.
func (u *URI) Canonical() string {
	if u.Form == FormNone {
		return u.raw
	}
	decode := !hasBadPercent(u.raw)
	var b strings.Builder
	b.Grow(len(u.raw) + len("localhost:") + len(DefaultPort))
	b.WriteString("go:")
	if u.Form == FormQuery {
		normEscapes(&b, u.Query, decode)
		return b.String()
	}
	b.WriteString("//")
	if u.Server == "" {
		b.WriteString("localhost:" + DefaultPort)
	} else {
		if u.HasUserinfo {
			normEscapes(&b, u.Userinfo, decode)
			b.WriteByte('@')
		}
		lowerHost(&b, u.Host)
		switch {
		case u.hostOK && u.Port == "":
			b.WriteString(":" + DefaultPort)
		case u.HasPort:
			// a malformed host keeps its port as written: no default is
			// added to a server that names nothing
			b.WriteByte(':')
			b.WriteString(u.Port)
		}
	}
	if u.HasQuery {
		b.WriteByte('?')
		n := b.Len()
		normEscapes(&b, u.Query, decode)
		out := b.String()
		if !ascii.HasPrefixFold(out[n:], "id=") {
			return out
		}
		if u.HasID {
			return out[:n] + "id" + out[n+2:]
		}
		// A common name whose escapes decode to "id=…" ("%49D=5") must not
		// turn into an id request: keep its first character escaped.
		const hexdig = "0123456789ABCDEF"
		c := out[n]
		return out[:n] + "%" + string(hexdig[c>>4]) + string(hexdig[c&15]) + out[n+1:]
	}
	return b.String()
}

// Key returns the equivalence key: the canonical form. rfc3368 defines no
// equivalence rules; the key joins only spellings that the URI syntax
// (rfc2396 §6, §2.3), the ABNF's case-insensitive literals and rfc3368's
// defaults (§3.3.2, §3.3.3) make the same. Parameters are not reordered
// (see Canonical).
func (u *URI) Key() string { return u.Canonical() }

// Namespace is the server a form1 URI talks to, as canonical host:port
// ("localhost:1096" for an empty server), when its host is valid; "" for
// form2, whose queries go to the client's configured services.
func (u *URI) Namespace() string {
	if u.Form != FormServer {
		return ""
	}
	if u.Server == "" {
		return "localhost:" + DefaultPort
	}
	if !u.hostOK || u.HasPort && u.Port != "" && !allDigits(u.Port) {
		return ""
	}
	port := u.Port
	if port == "" {
		port = DefaultPort
	}
	return strings.ToLower(u.Host) + ":" + port
}

// hasBadPercent reports whether s holds a "%" that does not start an escape.
func hasBadPercent(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			if !ascii.IsEscape(s, i) {
				return true
			}
			i += 2
		}
	}
	return false
}

func normEscapes(b *strings.Builder, s string, decode bool) { rfc2396.NormEscapes(b, s, decode) }

func lowerHost(b *strings.Builder, s string) { rfc2396.LowerHost(b, s) }

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !rfc2396.IsDigit(s[i]) {
			return false
		}
	}
	return s != ""
}
