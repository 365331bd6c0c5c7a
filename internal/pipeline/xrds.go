package pipeline

import (
	"context"
	"math"

	"github.com/idlint/idlint/corpus"
	"github.com/idlint/idlint/extract"
	"github.com/idlint/idlint/rules/xri"
)

// The XRI-specific part of scanning: an XRDS document is read whole and
// never split, for the bare i-names of its elements, which carry no
// "xri:" prefix for the scanner to find.

// maxXRDS bounds the XRDS documents read whole to find bare i-names.
const maxXRDS = 4 << 20

// xrdsSniff is how much of a document tells whether it is XRDS.
const xrdsSniff = 4096

// isXRDS tells an XRDS document by its first xrdsSniff bytes.
func isXRDS(head []byte) bool {
	return xri.LooksLikeXRDS(head[:min(len(head), xrdsSniff)])
}

// bareNames are the bare i-names of an XRDS document, data, not yet
// reported, in document order.
type bareNames struct {
	data  []byte
	spans []xri.Span
}

// xrds scans an XRDS document held whole: the identifiers the scanner
// finds plus the bare i-names of its CanonicalID, ProviderID, LocalID and
// Query elements (xri.FindInXRDS), in document order (at one offset, the
// scanner's first).
func (s *scanner) xrds(ctx context.Context, doc *corpus.Document, data []byte, b *batcher) error {
	s.stream.ResetBytes(data, 0)
	w := span{to: math.MaxInt64, bare: bareNames{data: data, spans: xri.FindInXRDS(data)}}
	return s.matches(ctx, doc, b, &w)
}

// bareINames reports into b the bare i-names of w that start before to.
// They are linted whole, without the text around them: the element
// delimits them.
func (s *scanner) bareINames(doc *corpus.Document, b *batcher, w *span, to int64) error {
	for len(w.bare.spans) > 0 && int64(w.bare.spans[0].Start) < to {
		sp := w.bare.spans[0]
		w.bare.spans = w.bare.spans[1:]
		o := b.slot()
		var err error
		if *o, err = s.eng.Check("xri", string(w.bare.data[sp.Start:sp.End])); err != nil {
			b.unslot()
			return err
		}
		line, col := extract.Position(w.bare.data, sp.Start)
		o.Location = location(doc, int64(sp.Start), line, col)
		o.Findings = s.dirs.Filter(o.Offset, o.Findings)
		b.commit()
	}
	return nil
}
