// Package gencache holds the admission policy of idlint's generational
// caches — bounded maps filled from empty and dropped whole when full, one
// per worker or sink (the lint memo, the JSON encoder's identifier parts):
// repeated identifiers are common in corpora, but a crawl of mostly
// distinct ones would fill such a cache with entries dropped before their
// first reuse, each one allocated and copied for nothing.
package gencache

// Admission counts a generation's hits and entries. When a full
// generation was hit less than once per ColdRatio entries, the cache keeps
// it for lookups and remembers nothing for ColdMisses misses (a cold
// spell), then tries a new generation.
type Admission struct {
	hits, added int // this generation
	cold        int // misses left not to remember
	ColdMisses  int // the spell's length (at least 1)
}

// ColdRatio: a generation hit fewer than once per ColdRatio entries added
// starts a cold spell.
const ColdRatio = 4

// Hit counts a lookup that found its entry.
func (a *Admission) Hit() { a.hits++ }

// Miss is called for a miss the cache could remember; full says whether
// the cache is full. It says whether to remember the miss, and whether to
// empty the cache first (a new generation).
func (a *Admission) Miss(full bool) (remember, reset bool) {
	if a.cold > 0 {
		a.cold--
		if a.cold > 0 {
			return false, false
		}
		reset, full = true, false // the spell is over: try again
	}
	if full {
		if a.hits*ColdRatio < a.added {
			a.cold = max(a.ColdMisses, 1) // keep this generation for lookups
			return false, reset
		}
		reset = true
	}
	if reset {
		a.hits, a.added = 0, 0
	}
	a.added++
	return true, reset
}

// Cold is how many more misses the cold spell lasts (0: none).
func (a *Admission) Cold() int { return a.cold }

// Hits is the hits of this generation.
func (a *Admission) Hits() int { return a.hits }
