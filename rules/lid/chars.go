package lid

import (
	"github.com/idlint/idlint/rules/internal/rfc2396"
)

// isPathChar is what a path holds besides escapes: pchar, ";" (params) and "/".
func isPathChar(c byte) bool { return rfc2396.IsPchar(c) || c == ';' || c == '/' }
