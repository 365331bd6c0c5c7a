package extract

// Ahead returns the scheme and raw text of the identifier i matches after
// the current one (i ≥ 1), when the stream has already found it: it looks
// only into the candidates of the text scanned so far, never reads. A
// caller uses it to start work for the next matches early (the lint memo
// prefetches their table slots, issue 25 §2: each hit is otherwise one
// dependent cache miss). Raw points into the stream's buffer and is valid
// until the next call to Next; it is what Match().Raw will be then, but
// Truncated or context may still differ, so it is a hint, not a match.
func (s *Stream) Ahead(i int) (sc Scheme, raw []byte, ok bool) {
	j := s.next + i - 1 // s.next is the candidate after the current match
	if i < 1 || j >= len(s.cands) {
		return 0, nil, false
	}
	c := &s.cands[j]
	return c.Scheme, s.buf[c.Start:c.End], true
}
