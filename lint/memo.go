package lint

import (
	"github.com/idlint/idlint/internal/gencache"
	"github.com/idlint/idlint/rules"
)

// Memo remembers the lint results of one worker's recent identifiers.
// Corpora repeat identifiers (the RFC series cites the same few thousand
// URNs again and again) and a result depends only on the identifier's text
// and the engine's configuration, so a repeated identifier costs a map
// lookup instead of a parse. Occurrences from a Memo share their Raw,
// Canonical, Key, Namespace strings and their Findings slice with every
// other occurrence of the same text: callers must not modify Findings in
// place. Not safe for concurrent use; one per worker.
type Memo struct {
	eng     *Engine
	m       map[string]*Occurrence
	keys    int // bytes of identifier text held
	schemes []memoScheme
	// a generation (from empty to full) that is seldom hit — a crawl of
	// mostly distinct identifiers — is kept for lookups while the next
	// misses are not remembered, rather than each copied into an entry
	// dropped before its first reuse (230 bytes allocated per
	// occurrence, and the collector's work)
	adm gencache.Admission
}

// memoScheme is what a memo needs of a scheme for every candidate, looked
// up once instead of in the engine's maps each time.
type memoScheme struct {
	name    string
	profile string
	cl      rules.Classifier // nil: the scheme has no look-alikes
}

// Memo bounds: entries are dropped all at once when either is reached, so
// the memory held stays small whatever the input (a crawl of distinct
// identifiers just keeps refilling it).
const (
	memoMaxEntries = 8192
	memoMaxBytes   = 1 << 20
	memoMaxLen     = 512 // longer identifiers are not remembered

	// misses not remembered after a generation seldom hit
	memoColdMisses = 8 * memoMaxEntries
)

// NewMemo returns an empty memo over e.
func (e *Engine) NewMemo() *Memo {
	m := &Memo{eng: e, m: make(map[string]*Occurrence), adm: gencache.Admission{ColdMisses: memoColdMisses}}
	for name, c := range e.checkers {
		cl, _ := c.(rules.Classifier)
		m.schemes = append(m.schemes, memoScheme{name: name, profile: e.profiles[name], cl: cl})
	}
	return m
}

func (m *Memo) scheme(name string) *memoScheme {
	for i := range m.schemes {
		if m.schemes[i].name == name {
			return &m.schemes[i]
		}
	}
	return nil
}

// CheckInContext is Engine.CheckInContext for raw text found by the
// scanner, remembered: the look-alike classification, which depends on the
// text around the candidate, runs every time; the lint result is reused.
func (m *Memo) CheckInContext(scheme string, raw []byte, ctx *rules.Context) (Occurrence, error) {
	var o Occurrence
	err := m.CheckInto(&o, scheme, raw, ctx)
	return o, err
}

// CheckInto is CheckInContext writing the result into *dst (its Location
// is left for the caller): the scanner fills its batch's slot in place
// instead of copying an Occurrence through each call.
func (m *Memo) CheckInto(dst *Occurrence, scheme string, raw []byte, ctx *rules.Context) error {
	sc := m.scheme(scheme)
	if sc == nil {
		o, err := m.eng.CheckInContext(scheme, string(raw), ctx) // the engine's error
		*dst = o
		return err
	}
	p, ok := m.m[string(raw)]
	ok = ok && p.Scheme == scheme
	var ident string
	if ok {
		ident = p.Raw // no copy of raw for a remembered identifier
	} else {
		ident = string(raw)
	}
	switch kind, failed := classify(sc.cl, ident, ctx); {
	case failed:
		o, err := m.eng.CheckInContext(scheme, ident, ctx)
		*dst = o
		return err
	case kind != "":
		*dst = Occurrence{Scheme: scheme, Profile: sc.profile, Raw: ident, Kind: kind}
		return nil
	case ok:
		*dst = *p
		m.adm.Hit()
		return nil
	}
	o, err := m.eng.CheckInContext(scheme, ident, nil)
	*dst = o
	if err != nil || len(ident) > memoMaxLen {
		return err
	}
	remember, reset := m.adm.Miss(len(m.m) >= memoMaxEntries || m.keys+len(ident) > memoMaxBytes)
	if reset {
		clear(m.m)
		m.keys = 0
	}
	if !remember {
		return nil
	}
	o.Findings = o.Findings[:len(o.Findings):len(o.Findings)] // an append by a caller copies
	dst.Findings = o.Findings
	keep := new(Occurrence)
	*keep = o
	m.m[ident] = keep
	m.keys += len(ident)
	return nil
}
