package pipeline

import (
	"context"
	"math"

	"github.com/idlint/idlint/corpus"
	"github.com/idlint/idlint/extract"
	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/schemes"
)

// A scheme's own document format (rules.Document: XRI's XRDS) is read
// whole and never split, for the bare identifiers in its elements, which
// carry no scheme prefix for the scanner to find.

// maxSchemeDoc bounds the scheme documents read whole.
const maxSchemeDoc = 4 << 20

// docSniff is how much of a document's head tells whether it is a
// scheme's own document.
var docSniff = schemes.DocumentSniff()

// isSchemeDoc tells a scheme's own document by its head
// (corpus.Options.Whole: such a document is never split).
func isSchemeDoc(head []byte) bool { return schemes.Document(head) != nil }

// bareNames are the bare identifiers of a scheme document, data, not yet
// reported, in document order.
type bareNames struct {
	scheme string
	data   []byte
	spans  []rules.Span
	pos    extract.Positions // of data: the spans' lines counted in one pass
}

// schemeDocument scans a scheme document held whole: the identifiers the
// scanner finds plus the bare ones sc's Document.Find gives (XRDS: the
// i-names of CanonicalID, ProviderID, LocalID and Query elements), in
// document order (at one offset, the scanner's first).
func (s *scanner) schemeDocument(ctx context.Context, doc *corpus.Document, sc *rules.Scheme, data []byte, b *batcher) error {
	s.stream.ResetBytes(data, 0)
	w := span{to: math.MaxInt64, bare: bareNames{scheme: sc.Name, data: data, spans: sc.Document.Find(data), pos: extract.Positions{Text: data}}}
	return s.matches(ctx, doc, b, &w)
}

// bareINames reports into b the bare identifiers of w that start before to.
// They are linted whole, without the text around them: the element
// delimits them.
func (s *scanner) bareINames(doc *corpus.Document, b *batcher, w *span, to int64) error {
	for len(w.bare.spans) > 0 && int64(w.bare.spans[0].Start) < to {
		sp := w.bare.spans[0]
		w.bare.spans = w.bare.spans[1:]
		o := b.slot()
		var err error
		if *o, err = s.eng.Check(w.bare.scheme, string(w.bare.data[sp.Start:sp.End])); err != nil {
			b.unslot()
			return err
		}
		line, col, col16 := w.bare.pos.At(sp.Start)
		setLocation(&o.Location, doc, int64(sp.Start), line, col, col16)
		o.Findings, o.Suppressed = s.dirs.Filter(o.Offset, o.Findings)
		b.commit()
	}
	return nil
}
