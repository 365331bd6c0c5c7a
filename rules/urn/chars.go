package urn

// Character classes as one table lookup per byte; no branches per class.
const (
	cAlpha      = 1 << iota // ALPHA
	cDigit                  // DIGIT
	cHex                    // HEXDIG
	cUnreserved             // rfc3986 §2.3: ALPHA DIGIT - . _ ~
	cSubDelim               // rfc3986 §2.2: ! $ & ' ( ) * + , ; =
	cPchar                  // rfc3986 §3.3: unreserved / sub-delims / ":" / "@" (pct-encoded handled apart)
	cTrans2141              // rfc2141 §2.2: upper / lower / number / other (reserved handled apart)
	cSlashQuery             // "/" and "?": allowed in rfc8141 NSS and components
	cPlain8141              // rfc8141 NSS bytes needing no check beyond their class: pchar except "&" and "~"
)

// Literal-byte masks for parser.chars.
const (
	mComponent = cPchar | cSlashQuery // rfc8141 components, rfc2141bis-03 query and fragment
	mPchar     = cPchar               // rfc2141bis-03 NSS
	mTrans2141 = cTrans2141           // rfc2141 NSS
)

var class [256]uint16

func init() {
	for c := 'a'; c <= 'z'; c++ {
		class[c] |= cAlpha | cUnreserved | cPchar | cTrans2141
		class[c-'a'+'A'] |= cAlpha | cUnreserved | cPchar | cTrans2141
	}
	for c := '0'; c <= '9'; c++ {
		class[c] |= cDigit | cHex | cUnreserved | cPchar | cTrans2141
	}
	for _, c := range "abcdefABCDEF" {
		class[c] |= cHex
	}
	for _, c := range "-._~" {
		class[c] |= cUnreserved | cPchar
	}
	for _, c := range "!$&'()*+,;=" {
		class[c] |= cSubDelim | cPchar
	}
	class[':'] |= cPchar
	class['@'] |= cPchar
	class['/'] |= cSlashQuery
	class['?'] |= cSlashQuery
	for c := range class {
		if class[c]&cPchar != 0 && c != '&' && c != '~' {
			class[c] |= cPlain8141
		}
	}
	// rfc2141 §2.2 <other>
	for _, c := range "()+,-.:=@;$_!*'" {
		class[c] |= cTrans2141
	}
}

func isAlpha(c byte) bool      { return class[c]&cAlpha != 0 }
func isAlnum(c byte) bool      { return class[c]&(cAlpha|cDigit) != 0 }
func isDigit(c byte) bool      { return class[c]&cDigit != 0 }
func isHex(c byte) bool        { return class[c]&cHex != 0 }
func isPchar(c byte) bool      { return class[c]&cPchar != 0 }
func isUnreserved(c byte) bool { return class[c]&cUnreserved != 0 }
func isTrans2141(c byte) bool  { return class[c]&cTrans2141 != 0 }
