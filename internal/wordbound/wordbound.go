// Package wordbound is the scanner's word-boundary rule, shared by the
// scanner (extract) and the classifiers that read a candidate's context
// (rules/lid, rules/gouri): a leaf, so neither imports the other.
package wordbound

import (
	"unicode"
	"unicode/utf8"
)

// Before reports whether text ends in what would make a scheme name that
// follows part of a longer word or scheme: a letter (any script), digit,
// combining mark, "+", "-" or ".".
func Before(text []byte) bool {
	if len(text) == 0 {
		return false
	}
	c := text[len(text)-1]
	if c < utf8.RuneSelf {
		return wordByte[c]
	}
	r, _ := utf8.DecodeLastRune(text)
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

var wordByte [256]bool

func init() {
	for c := 0; c < 256; c++ {
		b := byte(c)
		wordByte[c] = 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '+' || b == '-' || b == '.'
	}
}
