package pipeline

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"math"

	"github.com/idlint/idlint/corpus"
	"github.com/idlint/idlint/extract"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/schemes"
)

// scanner is one worker's reusable state.
type scanner struct {
	dl     *delivery // how its occurrences reach the sink (batch.go)
	eng    *lint.Engine
	memo   *lint.Memo
	stream *extract.Stream
	b      batcher // of the group of inputs being scanned
	br     *bufio.Reader
	open   corpus.Opener         // its read buffers, kept from one input to the next
	handle corpus.Handler        // handleDoc
	record func(r record.Source) // b.record
	dirs   *lint.Directives      // suppression comments of the current document
	// engineFor is Config.EngineFor; memos holds a memo per engine used
	// (an engine's results are only valid for it)
	engineFor func(path string) (*lint.Engine, error)
	memos     map[*lint.Engine]*lint.Memo
	metas     int // their pseudo-occurrences added, not counted as the input's occurrences
	// hashes are the memo hashes of the matches prefetched, by the
	// stream's ordinal (Stream.Ord): each text hashed once (issue 25)
	hashes [2 * lint.MemoAhead]struct{ ord, h uint64 }
	// count: occurrences are only counted, and no suppression comment
	// read: no positions, memos that keep no texts (lint.Memo.CountOnly)
	count bool
}

func newScanner(eng *lint.Engine, cfg *Config, dl *delivery) *scanner {
	// a sink that ignores occurrences (--format none) wants no line or
	// column, unless suppression comments (by line) are read
	count := dl != nil && dl.count && !cfg.Suppressions
	s := &scanner{
		dl:     dl,
		eng:    eng,
		stream: extract.NewStream(nil, extract.Options{Schemes: eng.ExtractSchemes(), MaxLen: cfg.MaxLen, NoPositions: count}, 0),
		br:     bufio.NewReaderSize(nil, 64<<10),
		count:  count,
	}
	if cfg.EngineFor != nil {
		// the memo is made by use, for the engine of the first input's
		// path: eng's may never be used (a one-file check's engine comes
		// from the loader, not eng), and a memo is ~20 page faults (issue 25)
		s.engineFor = cfg.EngineFor
		s.memos = map[*lint.Engine]*lint.Memo{}
	} else {
		s.memo = eng.NewMemo()
		s.memo.CountOnly(count)
	}
	if cfg.Suppressions {
		s.dirs = lint.NewDirectives(nil)
	}
	return s
}

// input scans one input into s.b, whose task may hold several inputs.
func (s *scanner) input(in corpus.Input, copt corpus.Options, stdin io.Reader) {
	b := &s.b
	defer in.Release() // what the planner opened and was not read (an error before)
	b.begin()
	defer func() {
		// a bug in a decoder or the scanner fails this input, not the run
		if r := recover(); r != nil {
			b.record(record.Source{Source: in.Path, Status: record.StatusError,
				Error: fmt.Sprintf("internal error: %v (please report it with this input)", r)})
		}
		b.mark = 0
		b.ended++
	}()
	if err := s.use(in.Path); err != nil {
		b.record(record.Source{Source: in.Path, Status: record.StatusError, Error: err.Error()})
		return
	}
	if s.handle == nil { // made once: two closures per input were allocations
		s.handle, s.record = s.handleDoc, s.b.record
	}
	s.open.OpenFunc(in, copt, stdin, s.handle, s.record)
}

// handleDoc is the corpus.Handler of s's inputs: it scans doc into s.b and
// tells its occurrences.
func (s *scanner) handleDoc(doc *corpus.Document) (int, error) {
	b := &s.b
	n, m := b.added, s.metas
	err := s.document(b.ctx, doc, b)
	return b.added - n - (s.metas - m), err
}

// use makes the engine of the file at path (Config.EngineFor) the
// scanner's, with its memo: a map lookup or two per input, none per
// identifier.
func (s *scanner) use(path string) error {
	if s.engineFor == nil {
		return nil
	}
	eng, err := s.engineFor(path)
	if err != nil || eng == s.eng && s.memo != nil {
		return err
	}
	m := s.memos[eng]
	if m == nil {
		m = eng.NewMemo()
		m.CountOnly(s.count)
		s.memos[eng] = m
	}
	s.eng, s.memo = eng, m
	s.hashes = [len(s.hashes)]struct{ ord, h uint64 }{} // another memo's
	return nil
}

// document scans one document into b. How is decided here, for every
// document read whole: in place when the corpus layer holds its bytes
// (suppression comments parsed from them too), else streamed through a
// buffer; a scheme's own document (XRI's XRDS) is read whole either way,
// for its bare identifiers (document.go). Parts of split files are
// planned (plan.go) and scanned (part.go) apart, through the same match
// loop.
func (s *scanner) document(ctx context.Context, doc *corpus.Document, b *batcher) error {
	st := s.stream
	whole := span{to: math.MaxInt64}
	if doc.Bytes != nil && (s.dirs == nil || len(doc.Bytes) <= maxSchemeDoc) {
		// suppression comments parsed in place too, in a text of a
		// bounded size: no copy through their reader and s.br (~32 page
		// faults of a one-file check)
		var err error
		if s.dirs != nil {
			s.dirs.ResetBytes(doc.Bytes)
		}
		if sc := schemes.Document(doc.Bytes); sc != nil {
			err = s.schemeDocument(ctx, doc, sc, doc.Bytes, b)
		} else {
			st.ResetBytes(doc.Bytes, 0)
			err = s.matches(ctx, doc, b, &whole)
		}
		if err != nil || s.dirs == nil {
			return err
		}
		return s.directives(doc, b)
	}
	if s.dirs != nil {
		s.dirs.Reset(doc.Reader)
		s.br.Reset(s.dirs)
		if err := s.streamed(ctx, doc, b, &whole); err != nil {
			return err
		}
		return s.directives(doc, b)
	}
	s.br.Reset(doc.Reader)
	return s.streamed(ctx, doc, b, &whole)
}

// streamed scans doc read through s.br.
func (s *scanner) streamed(ctx context.Context, doc *corpus.Document, b *batcher, whole *span) error {
	st := s.stream
	var r io.Reader = s.br
	head, _ := s.br.Peek(docSniff)
	if sc := schemes.Document(head); sc != nil {
		data, err := io.ReadAll(io.LimitReader(s.br, maxSchemeDoc+1))
		if err != nil {
			return err
		}
		if len(data) <= maxSchemeDoc {
			return s.schemeDocument(ctx, doc, sc, data, b)
		}
		r = io.MultiReader(bytes.NewReader(data), s.br) // too large: scan as text
	}
	st.Reset(r)
	return s.matches(ctx, doc, b, whole)
}

// directives adds the findings about doc's suppression comments
// (lint.MetaScheme pseudo-occurrences) after its identifiers.
func (s *scanner) directives(doc *corpus.Document, b *batcher) error {
	meta, err := s.dirs.Report(s.eng)
	if err != nil {
		return err
	}
	for i := range meta {
		o := b.slot()
		*o = meta[i]
		setLocation(&o.Location, doc, meta[i].Offset, meta[i].Line, meta[i].Column, meta[i].Column16)
		b.commit()
		s.metas++
	}
	return nil
}

// span is what matches reports of the stream and what it found.
type span struct {
	// from, to: the matches that start in [from, to) are reported (a part
	// of a split file owns those; a whole document, all)
	from, to int64
	// before: line breaks read before from, subtracted from the lines (a
	// part's lines are counted from its start); lc, when set, counts them
	// while the part is read
	before int
	lc     *lineCounter
	// bare: a scheme document's bare identifiers (XRDS i-names), found beside the stream and
	// merged into its matches in offset order
	bare bareNames
	// found, end: occurrences reported and the end of the last one
	found int
	end   int64
}

// matches reports the stream's matches in w into b, in offset order: the
// one match loop of whole documents, XRDS documents and parts of split
// files.
func (s *scanner) matches(ctx context.Context, doc *corpus.Document, b *batcher, w *span) error {
	st := s.stream
	for k := 0; st.Next(); k++ {
		// every 64 matches: an interface call and an atomic load per
		// match were 1% of a dense scan's CPU (issue 25)
		if k&63 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		m := st.Match()
		if m.Offset < w.from {
			continue // the part before owns it
		}
		if m.Offset >= w.to {
			break
		}
		if len(w.bare.spans) > 0 && int64(w.bare.spans[0].Start) < m.Offset {
			if err := s.bareINames(doc, b, w, m.Offset); err != nil {
				return err
			}
		}
		if w.lc != nil {
			w.before = w.lc.before // all read by now: the stream is past from
		}
		h := s.ahead()
		counted := false
		if s.dirs == nil && b.counting() {
			// a sink that ignores occurrences: a remembered text counted
			// without filling one (lint.Memo.CountHashed)
			var lookalike bool
			var fs []rules.Finding
			if lookalike, fs, counted = s.memo.CountHashed(m.Scheme.String(), m.Raw, &rules.Context{Before: m.Before, After: m.After}, h); counted {
				b.count(lookalike, fs)
			}
		}
		if !counted {
			o := b.slot()
			if err := s.occurrence(o, doc, m, w.before, h); err != nil {
				b.unslot()
				return err
			}
			b.commit()
		}
		w.found++
		w.end = m.Offset + int64(len(m.Raw))
	}
	if len(w.bare.spans) > 0 {
		if err := s.bareINames(doc, b, w, math.MaxInt64); err != nil {
			return err
		}
	}
	return st.Err()
}

// ahead prefetches the memo entry of the match lint.MemoAhead after the
// stream's current one, and returns the current one's memo hash (0: not
// known).
func (s *scanner) ahead() uint64 {
	ord := s.stream.Ord()
	if _, raw, ok := s.stream.Ahead(lint.MemoAhead); ok {
		// its entry is in cache when its turn comes (issue 25 §2)
		a := &s.hashes[(ord+lint.MemoAhead)%uint64(len(s.hashes))]
		a.ord, a.h = ord+lint.MemoAhead, s.memo.Prefetch(raw)
	}
	if a := &s.hashes[ord%uint64(len(s.hashes))]; a.ord == ord {
		return a.h
	}
	return 0
}

// occurrence turns match m of doc into the occurrence *o (a batch's slot,
// filled in place): linted in the context of the text around it, located
// (lines less lineBase), marked truncated, less the findings the
// document's suppression comments silence (asked in offset order). h is
// the match's memo hash (ahead).
func (s *scanner) occurrence(o *lint.Occurrence, doc *corpus.Document, m *extract.Match, lineBase int, h uint64) error {
	if err := s.memo.CheckHashed(o, m.Scheme.String(), m.Raw, &rules.Context{Before: m.Before, After: m.After}, h); err != nil {
		return err
	}
	setLocation(&o.Location, doc, m.Offset, m.Line-lineBase, m.Column, m.Column16)
	o.Truncated = m.Truncated
	if s.memo.Placed(o) {
		s.memo.Place(o, docPath(doc))
	}
	o.Findings, o.Suppressed = s.dirs.Filter(o.Offset, o.Findings)
	return nil
}

// docPath names doc for the rules that depend on where an identifier is
// (lint.Engine.Place): a record's target URI, else source!member.
func docPath(doc *corpus.Document) string {
	switch {
	case doc.TargetURI != "":
		return doc.TargetURI
	case doc.Member != "":
		return doc.Source + "!" + doc.Member
	}
	return doc.Source
}

// setLocation writes doc's position off into l field by field (a
// Location built and copied stalls on its own stores: issue 25, dense
// text).
func setLocation(l *record.Location, doc *corpus.Document, off int64, line, col, col16 int) {
	l.Source, l.Member, l.RecordID, l.TargetURI = doc.Source, doc.Member, doc.RecordID, doc.TargetURI
	l.Offset, l.Line, l.Column, l.Column16 = off, line, col, col16
}
