package main

import (
	"unicode"
	"unicode/utf8"
)

func lastRune(b []byte) (rune, int) { return utf8.DecodeLastRune(b[max(0, len(b)-utf8.UTFMax):]) }

func decodeRune(b []byte) (rune, int) { return utf8.DecodeRune(b) }

func isWordRune(r rune) bool {
	return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r))
}

func isSpaceOrControl(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }
