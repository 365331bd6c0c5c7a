package urn

import (
	"sort"
	"strings"

	"github.com/idlint/idlint/rules/internal/ascii"
)

// String returns the URN as parsed.
func (u *URN) String() string { return u.raw }

// Canonical returns the normalized form with every component kept: "urn"
// and the NID in lower case, %-escapes with upper-case hex (rfc8141 §3.1;
// rfc2141 §5 and rfc2141bis-03 §5 leave the case choice to the implementation).
// Escapes are never decoded. It allocates only when the input is not already canonical.
func (u *URN) Canonical() string {
	if !u.needsCase {
		return u.raw
	}
	s := u.raw
	var b strings.Builder
	b.Grow(len(s))
	nidEnd := 0
	if len(s) >= 4 && ascii.HasPrefixFold(s, "urn:") {
		nidEnd = 4 + len(u.NID)
		for i := 0; i < nidEnd; i++ {
			b.WriteByte(ascii.Lower(s[i]))
		}
	}
	// the text between escapes copied whole: byte by byte it was a tenth
	// of a URN's first sighting in a memo (issue 25)
	from := nidEnd
	for i := nidEnd; ; {
		k := strings.IndexByte(s[i:], '%')
		if k < 0 {
			break
		}
		i += k
		if i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b.WriteString(s[from:i])
			b.WriteByte('%')
			b.WriteByte(ascii.Upper(s[i+1]))
			b.WriteByte(ascii.Upper(s[i+2]))
			i += 3
			from = i
			continue
		}
		i++
	}
	b.WriteString(s[from:])
	return b.String()
}

// Key returns the equivalence key of the profile:
//   - rfc2141 §5: case of "urn:", NID and %-escapes normalized; nothing removed;
//   - rfc2141bis-03 §5: steps 1–4 and 5a (fragment and query removed), or
//     5b with Options.QueryOrder (query kept, directives sorted by keyword:
//     s, c, then the others in byte order, stable);
//   - rfc8141 §3.1: the assigned name normalized; r-, q- and f-components removed.
func (u *URN) Key() string { return u.keyFrom(u.Canonical()) }

// keyFrom derives the key from an already computed canonical form, which it
// shares memory with when it can.
func (u *URN) keyFrom(canonical string) string {
	if len(canonical) != len(u.raw) {
		return canonical // not a URN at all: nothing to cut
	}
	key := canonical[:u.assignedEnd]
	switch u.Profile {
	case RFC2141:
		key = canonical
	case RFC2141bis03:
		if u.queryOrder && u.HasQuery {
			key = u.orderedQueryKey(canonical)
		}
	}
	return key
}

func (u *URN) orderedQueryKey(canonical string) string {
	q := canonical[u.assignedEnd+1 : u.assignedEnd+1+len(u.Query)]
	parts := strings.Split(q, "&")
	rank := func(d string) int {
		k, _, _ := strings.Cut(d, "=")
		if r := registeredKeyword(k); r >= 0 {
			return r
		}
		return len(keywordOrder)
	}
	sort.SliceStable(parts, func(i, j int) bool {
		ri, rj := rank(parts[i]), rank(parts[j])
		if ri != rj {
			return ri < rj
		}
		if ri < len(keywordOrder) {
			return false
		}
		ki, _, _ := strings.Cut(parts[i], "=")
		kj, _, _ := strings.Cut(parts[j], "=")
		return ki < kj
	})
	return canonical[:u.assignedEnd] + "?" + strings.Join(parts, "&")
}

// Namespace is the lower-cased NID ("" when there is none).
func (u *URN) Namespace() string { return strings.ToLower(u.NID) }
