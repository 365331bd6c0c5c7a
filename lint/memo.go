package lint

import "github.com/idlint/idlint/rules"

// Memo remembers the lint results of one worker's recent identifiers.
// Corpora repeat identifiers (the RFC series cites the same few thousand
// URNs again and again) and a result depends only on the identifier's text
// and the engine's configuration, so a repeated identifier costs a map
// lookup instead of a parse. Occurrences from a Memo share their Raw,
// Canonical, Key, Namespace strings and their Findings slice with every
// other occurrence of the same text: callers must not modify Findings in
// place. Not safe for concurrent use; one per worker.
type Memo struct {
	eng  *Engine
	m    map[string]*Occurrence
	keys int // bytes of identifier text held
}

// Memo bounds: entries are dropped all at once when either is reached, so
// the memory held stays small whatever the input (a crawl of distinct
// identifiers just keeps refilling it).
const (
	memoMaxEntries = 8192
	memoMaxBytes   = 1 << 20
	memoMaxLen     = 512 // longer identifiers are not remembered
)

// NewMemo returns an empty memo over e.
func (e *Engine) NewMemo() *Memo {
	return &Memo{eng: e, m: make(map[string]*Occurrence)}
}

// CheckInContext is Engine.CheckInContext for raw text found by the
// scanner, remembered: the look-alike classification, which depends on the
// text around the candidate, runs every time; the lint result is reused.
func (m *Memo) CheckInContext(scheme string, raw []byte, ctx *rules.Context) (Occurrence, error) {
	p, ok := m.m[string(raw)]
	ok = ok && p.Scheme == scheme
	var ident string
	if ok {
		ident = p.Raw // no copy of raw for a remembered identifier
	} else {
		ident = string(raw)
	}
	switch kind, failed := m.eng.classify(scheme, ident, ctx); {
	case failed:
		return m.eng.CheckInContext(scheme, ident, ctx)
	case kind != "":
		return Occurrence{Scheme: scheme, Profile: m.eng.profiles[scheme], Raw: ident, Kind: kind}, nil
	case ok:
		return *p, nil
	}
	o, err := m.eng.CheckInContext(scheme, ident, nil)
	if err != nil || len(ident) > memoMaxLen {
		return o, err
	}
	if len(m.m) >= memoMaxEntries || m.keys+len(ident) > memoMaxBytes {
		clear(m.m)
		m.keys = 0
	}
	o.Findings = o.Findings[:len(o.Findings):len(o.Findings)] // an append by a caller copies
	keep := new(Occurrence)
	*keep = o
	m.m[ident] = keep
	m.keys += len(ident)
	return o, nil
}
