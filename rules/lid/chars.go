package lid

import (
	"github.com/idlint/idlint/rules/internal/ascii"
	"github.com/idlint/idlint/rules/internal/rfc2396"
)

// RFC 2396 character classes, shared with the other RFC 2396 scheme.
func isAlpha(c byte) bool        { return rfc2396.IsAlpha(c) }
func isDigit(c byte) bool        { return rfc2396.IsDigit(c) }
func isAlnum(c byte) bool        { return rfc2396.IsAlnum(c) }
func isHex(c byte) bool          { return rfc2396.IsHex(c) }
func isUnreserved(c byte) bool   { return rfc2396.IsUnreserved(c) }
func isUserinfoChar(c byte) bool { return rfc2396.IsUserinfo(c) }
func isUric(c byte) bool         { return rfc2396.IsUric(c) }

// isPathChar is what a path holds besides escapes: pchar, ";" (params) and "/".
func isPathChar(c byte) bool { return rfc2396.IsPchar(c) || c == ';' || c == '/' }

func lower(c byte) byte { return ascii.Lower(c) }

func upper(c byte) byte { return ascii.Upper(c) }

func unhex(c byte) byte { return ascii.Unhex(c) }

// hasPrefixFold: prefix must be lower case.
func hasPrefixFold(s, prefix string) bool { return ascii.HasPrefixFold(s, prefix) }

func isEscape(s string, i int) bool { return ascii.IsEscape(s, i) }

func charName(c byte) string { return ascii.CharName(c) }

func hasUpperOutsideEscapes(s string) bool { return rfc2396.HasUpperOutsideEscapes(s) }
