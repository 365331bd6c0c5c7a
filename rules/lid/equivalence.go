package lid

import (
	"strings"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ascii"
	"github.com/idlint/idlint/rules/internal/rfc2396"
)

// String returns the URI as parsed.
func (u *LID) String() string { return u.raw }

// Canonical returns the normalized form with every component kept:
//   - scheme "lid" and the host in lower case (rfc2396 §6); path, query and
//     fragment keep the case they were written in;
//   - %-escapes with upper-case hex, escaped unreserved characters decoded
//     (rfc2396 §2.3: escaping them does not change the URI) — unless the
//     identifier holds a malformed "%", where decoding could fuse a stray
//     "%" with what follows (one the removal of dot segments drops does
//     not count);
//   - "." and ".." segments removed (lid-00 §2 gives them their accustomed
//     meanings; ".." above the root is kept, rfc2396 §5.2 step 6g);
//   - an empty port dropped ("lid://xyz.com:/" is "lid://xyz.com/").
//
// Identifiers of the newer opaque lid: scheme keep their case; only their
// escapes are normalized. Text that is not a lid: URI is returned as is.
func (u *LID) Canonical() string { return u.canonical(true) }

// Key returns the equivalence key under lid-00: the canonical form without
// the fragment (rfc2396 §4.1: not part of the URI), folded to lower case
// because lid-00 §2 compares complete lid: URIs case-independently. The
// folding is ASCII-only and leaves escapes alone (their hex is upper case),
// so non-ASCII text, which the draft only knows percent-encoded, compares
// octet by octet. Opaque lid: identifiers keep their case and get the
// prefix "(opaque)" so that no lid-00 URI ever has the same key.
func (u *LID) Key() string {
	switch u.Form {
	case FormNone:
		return u.raw
	case FormOpaque:
		return "(opaque)" + u.canonical(false)
	}
	return foldKeepHex(u.canonical(false))
}

// Namespace is what reports group by: the lower-cased host of a lid-00 URI
// with a valid host name, "(opaque)" for the newer scheme, else "".
func (u *LID) Namespace() string {
	switch {
	case u.Form == FormOpaque:
		return "(opaque)"
	case u.Form == FormHier && u.hostOK:
		return strings.ToLower(u.Host)
	}
	return ""
}

func (u *LID) canonical(withFragment bool) string {
	if u.Form == FormNone {
		return u.raw
	}
	decode := !hasBadPercent(u.raw)
	var b strings.Builder
	b.Grow(len(u.raw) + 1)
	b.WriteString("lid:")
	switch u.Form {
	case FormOpaque, FormNoAuthority:
		normEscapes(&b, u.Opaque, decode)
	case FormHier:
		b.WriteString("//")
		if u.HasUserinfo {
			normEscapes(&b, u.Userinfo, decode)
			b.WriteByte('@')
		}
		lowerHost(&b, u.Host)
		if u.Port != "" {
			b.WriteByte(':')
			b.WriteString(u.Port)
		}
		if u.Path != "" {
			var pb strings.Builder
			pb.Grow(len(u.Path))
			normEscapes(&pb, u.Path, decode)
			path, _, _ := rfc2396.RemoveDots(pb.String(), nil)
			b.WriteString(path)
		}
		if u.HasQuery {
			b.WriteByte('?')
			normEscapes(&b, u.Query, decode)
		}
	}
	if withFragment && u.HasFragment {
		b.WriteByte('#')
		normEscapes(&b, u.Fragment, decode)
	}
	c := b.String()
	if !decode && !hasBadPercent(c) {
		// the malformed "%" was in what canonicalization drops (a segment
		// ".." removes, the fragment of a key): the form is canonicalized
		// again, escapes decoded, so that canonical is idempotent (the
		// rules/lid fuzz crasher of issue 24 §8)
		v, _ := Lint(c, u.Profile, Options{MinSeverity: rules.Error})
		return v.canonical(withFragment)
	}
	return c
}

// hasBadPercent reports whether s holds a "%" that does not start an escape.
func hasBadPercent(s string) bool {
	for i := strings.IndexByte(s, '%'); i >= 0; {
		if !ascii.IsEscape(s, i) {
			return true
		}
		j := strings.IndexByte(s[i+1:], '%')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

func normEscapes(b *strings.Builder, s string, decode bool) { rfc2396.NormEscapes(b, s, decode) }

func lowerHost(b *strings.Builder, s string) { rfc2396.LowerHost(b, s) }

// foldKeepHex lower-cases ASCII letters outside %-escapes.
func foldKeepHex(s string) string {
	b := []byte(s)
	for i := 0; i < len(b); i++ {
		if b[i] == '%' && ascii.IsEscape(s, i) {
			i += 2
			continue
		}
		b[i] = ascii.Lower(b[i])
	}
	return string(b)
}
