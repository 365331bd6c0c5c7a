package rules

import (
	"strings"
	"unicode/utf8"
)

// FixKind says whether a rule's findings carry a mechanical fix, and of
// which kind (ruff's "fix safety").
type FixKind uint8

const (
	// FixNone: the rule has no mechanical fix (its Fix text may still say
	// what to write).
	FixNone FixKind = iota
	// FixSafe: the fix never changes the identifier's equivalence class
	// under its profile (its Key); `idlint check --fix` applies it.
	FixSafe
	// FixUnsafe: the fix changes the class (it repairs an invalid
	// identifier, or decodes an escape the spec does not equate with its
	// character); applied only with --unsafe-fixes.
	FixUnsafe
)

var fixKindNames = [...]string{"none", "safe", "unsafe"}

func (k FixKind) String() string {
	if int(k) < len(fixKindNames) {
		return fixKindNames[k]
	}
	return "fixkind(?)"
}

// Edit replaces ident[Start:End] by New; Start == End inserts. Offsets
// are bytes within the identifier, as a Finding's are.
type Edit struct {
	Start, End int
	New        string
	Safe       bool // from the rule's FixKind
}

// Fixer computes the edit that fixes finding f of ident under profile;
// ok is false when this finding cannot be fixed mechanically (the rule's
// other findings may be).
type Fixer func(ident, profile string, f *Finding) (e Edit, ok bool)

// FixFor returns the edit fixing f, nil when its rule has none or the
// fixer declines; Safe comes from the rule's FixKind.
func FixFor(ident, profile string, f *Finding) *Edit {
	r := f.Rule
	if r == nil || r.Fixer == nil || r.FixKind == FixNone {
		return nil
	}
	e, ok := r.Fixer(ident, profile, f)
	if !ok || e.Start < 0 || e.End < e.Start || e.End > len(ident) || ident[e.Start:e.End] == e.New {
		return nil
	}
	e.Safe = r.FixKind == FixSafe
	return &e
}

// The fixers most rules share, each on the finding's span.

// FixUpper upper-cases the span's ASCII letters (%-hex: rfc3986 §2.1).
func FixUpper(ident, _ string, f *Finding) (Edit, bool) {
	return Edit{Start: f.Start, End: f.End, New: asciiCase(ident[f.Start:f.End], true)}, true
}

// FixLower lower-cases the span's ASCII letters (scheme, NID, host),
// leaving the hex digits of its %-escapes alone: they are upper case in
// canonical form (rfc3986 §2.1, §6.2.2.1), and lowering them would undo
// the upper-case fix and keep the two fixes alternating.
func FixLower(ident, _ string, f *Finding) (Edit, bool) {
	b := []byte(ident[f.Start:f.End])
	for i := 0; i < len(b); i++ {
		if b[i] == '%' && i+2 < len(b) && unhex(b[i+1]) >= 0 && unhex(b[i+2]) >= 0 {
			i += 2
			continue
		}
		if 'A' <= b[i] && b[i] <= 'Z' {
			b[i] += 'a' - 'A'
		}
	}
	return Edit{Start: f.Start, End: f.End, New: string(b)}, true
}

// FixDecode writes the escape "%XX" at the span's start as its character,
// when that is a printable ASCII character other than "%".
func FixDecode(ident, _ string, f *Finding) (Edit, bool) {
	i := f.Start
	if i+3 > len(ident) || ident[i] != '%' || unhex(ident[i+1]) < 0 || unhex(ident[i+2]) < 0 {
		return Edit{}, false
	}
	b := byte(unhex(ident[i+1])<<4 | unhex(ident[i+2]))
	if b <= ' ' || b >= 0x7f || b == '%' {
		return Edit{}, false
	}
	return Edit{Start: i, End: i + 3, New: string(b)}, true
}

// FixPercent writes the "%" at the span's start, which starts no escape,
// as the escape of a literal percent sign, "%25".
func FixPercent(ident, _ string, f *Finding) (Edit, bool) {
	if f.Start >= len(ident) || ident[f.Start] != '%' {
		return Edit{}, false
	}
	return Edit{Start: f.Start, End: f.Start + 1, New: "%25"}, true
}

// FixEncode percent-encodes the character at the span's start: all the
// octets of its UTF-8 sequence (one octet when it is not valid UTF-8).
func FixEncode(ident, _ string, f *Finding) (Edit, bool) {
	if f.Start >= len(ident) || ident[f.Start] == '%' {
		return Edit{}, false
	}
	_, n := utf8.DecodeRuneInString(ident[f.Start:])
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for _, c := range []byte(ident[f.Start : f.Start+n]) {
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return Edit{Start: f.Start, End: f.Start + n, New: b.String()}, true
}

func asciiCase(s string, upper bool) string {
	b := []byte(s)
	for i, c := range b {
		if upper && 'a' <= c && c <= 'z' {
			b[i] = c - 32
		} else if !upper && 'A' <= c && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}

func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c - 'a' + 10)
	case 'A' <= c && c <= 'F':
		return int(c - 'A' + 10)
	}
	return -1
}

// FixDelete removes the span (an optional dot, an empty port's ":").
func FixDelete(_, _ string, f *Finding) (Edit, bool) {
	return Edit{Start: f.Start, End: f.End}, f.End > f.Start
}
