package extract

// Chars counts the characters of b as the scanner's columns do: bytes
// that are not UTF-8 continuation bytes, so that the count of a text is
// the sum of the counts of its pieces however it is split. Other
// readers of the same text (lint's suppression comments) count with it
// so that their columns agree with the scanner's.
func Chars(b []byte) int { return chars(b) }

// Wide counts the characters of b beyond the BMP (lead bytes 11110xxx),
// each two UTF-16 code units: Match.Column16 is Column plus Wide of the line
// before.
func Wide(b []byte) int { return wide(b) }
