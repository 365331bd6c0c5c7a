// Package suggest finds the "did you mean" for a mistyped word (a
// command, a flag, a rule ID or name, a format, a config key) among the
// words that are valid there. It is a leaf: cmd/idlint and lint both use it.
package suggest

import (
	"strings"
	"unicode/utf8"
)

// Closest returns the candidate most like word, and whether one is close
// enough to suggest. Comparison ignores case. A candidate is close when
// its optimal-string-alignment distance (Damerau-Levenshtein where a
// transposition is one edit: "chek"→"check" 1, "fromat"→"format" 1) is
// at most maxDist(word), or when word is a prefix of it and of no other
// candidate ("sc"→"scan"). Of equally close candidates the first in the
// list wins, so the answer is deterministic.
func Closest(word string, candidates []string) (string, bool) {
	w := strings.ToLower(word)
	if w == "" {
		return "", false
	}
	limit := maxDist(w)
	best, bestD := "", limit+1
	prefix, ambiguous := "", false
	for _, c := range candidates {
		lc := strings.ToLower(c)
		if d := distance(w, lc, bestD); d < bestD {
			best, bestD = c, d
		}
		if strings.HasPrefix(lc, w) && lc != w {
			if prefix == "" {
				prefix = c
			} else if !strings.EqualFold(prefix, c) {
				ambiguous = true
			}
		}
	}
	if bestD <= limit {
		return best, true
	}
	if prefix != "" && !ambiguous && utf8.RuneCountInString(w) >= 2 {
		return prefix, true
	}
	return "", false
}

// maxDist is how many edits a word of w's length may be away from a
// suggestion: one for short words (two edits turn "go" into "lid"'s
// neighbourhood), two from six characters on, as git and cargo allow
// about a third of the length.
func maxDist(w string) int {
	switch n := utf8.RuneCountInString(w); {
	case n <= 2:
		return 0
	case n < 6:
		return 1
	}
	return 2
}

// distance is the optimal string alignment distance between a and b, by
// rune; it gives up (returning limit) once the distance must exceed
// limit-1, since only a closer candidate matters.
func distance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if abs(len(ra)-len(rb)) >= limit {
		return limit
	}
	// three rows: two back for transpositions
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d = min(d, prev2[j-2]+1)
			}
			cur[j] = d
			rowMin = min(rowMin, d)
		}
		if rowMin >= limit {
			return limit
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(rb)], limit)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
