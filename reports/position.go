package reports

import (
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/rules"
)

// FindingSpan16 is where finding f of o lies on its line in UTF-16 code
// units (SARIF's columnKind "utf16CodeUnits", GitHub annotations): the
// 1-based first column and the column just past the span (exclusive), at
// least one unit wide. Occurrences not located by the scanner (no
// Column16) count from the character column.
func FindingSpan16(o *lint.Occurrence, f *rules.Finding) (start, end int) {
	base := o.Column16
	if base == 0 {
		base = o.Column
	}
	s, e := min(max(f.Start, 0), len(o.Raw)), min(max(f.End, 0), len(o.Raw))
	start = base + utf16Len(o.Raw[:s])
	end = start + utf16Len(o.Raw[s:max(s, e)])
	return start, max(end, start+1)
}

// utf16Len is the length of s in UTF-16 code units; an invalid byte
// counts one (it becomes U+FFFD, as an editor shows it).
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}
