package corpus

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/idlint/idlint/record"
)

// bufSize is each layer's read buffer.
const bufSize = 64 << 10

// walker opens one input: it classifies each stream, opens layers and
// members, and calls the handler for each document, recording everything.
type walker struct {
	opt     Options // with defaults
	h       Handler
	source  string
	emit    func(record.Source)      // each record once it is final
	emitSeq func(record.Source, int) // instead, for Open: with its place in document order
	seq     int                      // records started, in document order
	stop    error                    // the handler was cancelled: open nothing more
	bufs    []*bufio.Reader          // one per layer level, reused across members
	small   *bufio.Reader            // an input known small: read whole into it (Document.Bytes)
	hdr     []byte                   // a WARC record's header block (IncludeWARCMeta)
	doc     Document                 // the document being handled, and its guard:
	dg      guard                    // one at a time, valid until its handler returns
	budget  *budget                  // the input's decompressed bytes (nil: no limit)
	in      *inputState              // what an input's node is made of (input)
}

// inputState is what openFunc and process set up for each input, kept
// with its walker: allocated per input, it was 7 of the 16 allocations
// per small file of a scan (issue 25, the RFC directory).
type inputState struct {
	file    inputFile
	planned int64 // the size planned, for sizeSince
	read    countingReader
	size    int64 // the input's size, for inSize
	bud     budget
	top     countingReader // process's, of the input itself (level 0)
	// closures on the fields above, made once
	sizeSince, inSize, topN func() int64
}

// input returns w's inputState, made the first time.
func (w *walker) input() *inputState {
	if w.in == nil {
		st := &inputState{}
		st.sizeSince = func() int64 { return st.file.sizeSince(st.planned) }
		st.inSize = func() int64 { return max(st.size, st.read.N()) }
		st.topN = st.top.N
		w.in = st
	}
	return w.in
}

// wholeMax is the largest file handed over whole in memory: most of a
// spec corpus (87% of the RFC series' bytes are in files up to 256 KiB).
const wholeMax = 256 << 10

var walkers sync.Pool

// getWalker returns o's walker, or one from the pool when o is nil,
// set up for an input.
func getWalker(o *Opener, opt Options, source string, h Handler, emit func(record.Source), emitSeq func(record.Source, int)) *walker {
	var w *walker
	if o != nil {
		if o.w == nil {
			o.w = &walker{}
		}
		w = o.w
	} else if w, _ = walkers.Get().(*walker); w == nil {
		w = &walker{}
	}
	w.opt, w.source, w.h, w.emit, w.emitSeq, w.seq, w.stop = opt, source, h, emit, emitSeq, 0, nil
	return w
}

// putWalker drops what w holds of an input, and gives it back to the pool
// when o is nil.
func putWalker(o *Opener, w *walker) {
	for _, b := range w.bufs {
		b.Reset(nil)
	}
	if w.small != nil {
		w.small.Reset(nil)
	}
	w.h, w.emit, w.emitSeq, w.opt.FS, w.budget = nil, nil, nil, nil, nil
	if o == nil {
		walkers.Put(w)
	}
}

// reader returns the buffered reader of a level, reset to r.
func (w *walker) reader(level int, r io.Reader) *bufio.Reader {
	for len(w.bufs) <= level {
		w.bufs = append(w.bufs, bufio.NewReaderSize(nil, bufSize))
	}
	b := w.bufs[level]
	b.Reset(r)
	return b
}

// node is a stream to classify: an input, a member or a decoded layer.
type node struct {
	member     string       // path in the archive chain
	layers     []string     // formats opened above it, outermost first
	level      int          // layers opened (indexes the buffers)
	archives   int          // archives opened above it
	comps      int          // compression layers directly above it
	r          io.Reader    //
	compressed func() int64 // CompressedBytes for its records (nil: bytes read)
	ra         io.ReaderAt  // random access to the whole stream, when there is one
	size       int64        // its size when known, else -1 (for an input file, maybe the planner's)
	file       *inputFile   // the input file itself, for an input's node
	gzm        *gzMembers   // the gzip layer it comes out of, if any
	warc       *warcMeta    // the WARC or ARC record it is in, if any
}

type warcMeta struct {
	id, uri, typ string
	offset       int64
	decompressed bool
}

func (w *walker) process(n node) {
	if w.stop == nil && w.budget != nil {
		// the budget is spent: open nothing more of the input (the
		// archives above say so in their records)
		w.stop = w.budget.spent()
	}
	if w.stop != nil {
		return
	}
	var cnt *countingReader
	if n.level == 0 && w.in != nil {
		cnt = &w.in.top
		cnt.reset(n.r)
		if n.compressed == nil {
			n.compressed = w.in.topN
		}
	} else {
		cnt = &countingReader{r: n.r}
		if n.compressed == nil {
			n.compressed = cnt.N
		}
	}
	var br *bufio.Reader
	if n.level == 0 && n.size >= 0 && n.size <= wholeMax {
		// An input of known small size (most of a spec corpus) is read
		// whole into one buffer by the peek below: two reads, and its
		// text handed over in place, not copied into a buffer of its own
		// (issue 25 (b)).
		if w.small == nil {
			w.small = bufio.NewReaderSize(nil, wholeMax+1)
		}
		br = w.small
		br.Reset(cnt)
	} else {
		br = w.reader(n.level, cnt)
	}
	head, _ := br.Peek(sniffLen)
	k := detect(head)
	if w.opt.MaxDepth < 0 && k != kindUTF16LE && k != kindUTF16BE {
		k = kindText
	}
	var pos func() int64 // where the layer is in its stream (made here only: a closure per document was an allocation)
	if k.compression() || k.archive() {
		pos = position(cnt, br, nil)
		if br == w.small {
			// their readers count on the layer's buffer size (a WARC header
			// line over it is skipped): read through one, from the whole file
			whole := br
			br = w.reader(n.level, whole)
			pos = position(cnt, whole, br)
		}
	}
	switch {
	case k.unsupported():
		why := kinds[k].why
		if why == "" {
			why = fmt.Sprintf("%s: format not supported, not opened (unpack it first to scan its content)", k)
		}
		w.skip(n, with(n.layers, k.String()), why)
	case k.compression():
		w.decompress(n, k, br, head, cnt, pos)
	case k.archive():
		w.archive(n, k, br, pos)
	default:
		w.document(n, k, br, head)
	}
}

// position is the offset in cnt's stream of what is read next through br
// (and then through outer, when not nil).
func position(cnt *countingReader, br, outer *bufio.Reader) func() int64 {
	return func() int64 {
		p := cnt.N() - int64(br.Buffered())
		if outer != nil {
			p -= int64(outer.Buffered())
		}
		return p
	}
}

// rec starts the record of a node; seq is its place in document order
// (containers before members), for put.
func (w *walker) rec(n node, layers []string) (r record.Source, seq int) {
	r = record.Source{Source: w.source, Member: n.member, Format: formatOf(layers), Status: record.StatusOK}
	seq = w.seq
	w.seq++
	if n.warc != nil {
		r.RecordID, r.TargetURI, r.RecordType, r.RecordOffset = n.warc.id, n.warc.uri, n.warc.typ, n.warc.offset
	}
	return r, seq
}

// put emits a record once it is final.
func (w *walker) put(r record.Source, seq int) {
	if w.emitSeq != nil {
		w.emitSeq(r, seq)
		return
	}
	w.emit(r)
}

func formatOf(layers []string) string {
	if len(layers) == 0 {
		return "text"
	}
	return strings.Join(layers, "+")
}

// with returns layers plus one, never sharing the backing array.
func with(layers []string, l ...string) []string {
	return append(layers[:len(layers):len(layers)], l...)
}

func joinMember(parent, name string) string {
	if parent == "" {
		return name
	}
	return parent + "!" + name
}

// skip records a node that is not opened.
func (w *walker) skip(n node, layers []string, reason string) {
	r, seq := w.rec(n, layers)
	r.Status, r.Error = record.StatusSkipped, reason
	r.CompressedBytes = n.compressed()
	w.put(r, seq)
}

// fail records a node that could not be opened.
func (w *walker) fail(n node, layers []string, err error) {
	r, seq := w.rec(n, layers)
	r.Status, r.Error = record.StatusError, err.Error()
	r.CompressedBytes = n.compressed()
	w.put(r, seq)
}

func (w *walker) decompress(n node, k kind, br *bufio.Reader, head []byte, cnt *countingReader, pos func() int64) {
	layers := with(n.layers, k.String())
	if n.comps >= w.opt.MaxDepth {
		// an error as every limit is: a text gzipped five times must not
		// pass a check unread and unsaid
		w.fail(n, layers, fmt.Errorf("nesting depth limit %d reached: %d compression layers in a row, %s not opened: %w", w.opt.MaxDepth, n.comps+1, k, ErrLimit))
		return
	}
	dec, gzm, release, err := w.decoder(k, br, head, pos, n.archives == 0 && n.warc == nil, n.ra, n.size)
	if err != nil {
		w.fail(n, layers, named(k, err))
		return
	}
	defer release()
	g := &guard{r: dec, in: func() int64 { return cnt.N() }, ratio: w.opt.MaxRatio, grace: w.opt.RatioGrace, name: k.String()}
	var r io.Reader = g
	if n.archives == 0 && n.warc == nil {
		// An input's compressed stream (x.txt.zst, x.tar.zst): decode on
		// another goroutine so decompression overlaps the scanning of what
		// comes out, on another core, when one is idle (readAhead). Not
		// inside archives, whose many small members cost more than they
		// gain, nor for a gzip WARC, whose record offsets come from the
		// decoder's position.
		pb := bufio.NewReaderSize(g, sniffLen)
		head, _ := pb.Peek(sniffLen)
		r = pb
		if inner := detect(head); gzm == nil || inner != kindWARC && inner != kindARC {
			// buffers of 1 MiB: each hand-over between the goroutines
			// costs a wake-up and the buffer's trip between cores;
			// with 256 KiB ones a 200 MB .zst took 0.46 s against the
			// decoder's 0.40 alone, with 1 MiB 0.34 against 0.33
			// (issue 25)
			var in *countingReader
			if _, ok := dec.(*zstdChecked); ok && n.level == 0 && (n.size < 0 || n.size >= fileAheadMin) {
				in = cnt // the input file, read by the decoder
			}
			l := newLazyAhead(pb, w.opt.readAhead, in)
			defer l.close() // before release: the goroutine stops first
			r = l
		}
	}
	if z, ok := dec.(*zstdChecked); ok {
		r = newZstdSums(r, z) // above any read-ahead: off the decoder's goroutine
	}
	if w.budget != nil {
		// counted as consumed, above any read-ahead: the same bytes,
		// and the same member cut, however far decoding ran ahead
		r = &guard{r: r, b: w.budget}
	}
	w.process(node{
		member: n.member, layers: layers, level: n.level + 1, archives: n.archives, comps: n.comps + 1,
		r: r, compressed: n.compressed, size: -1, gzm: gzm, warc: n.warc,
	})
}

// named prefixes an error with the format it happened in, unless it
// already names one ("gzip: …", "archive/tar: …", "zip: …").
func named(k kind, err error) error {
	msg := err.Error()
	if strings.HasPrefix(msg, "archive/") {
		return err
	}
	for _, k := range kinds {
		if strings.HasPrefix(msg, k.name+":") {
			return err
		}
	}
	return fmt.Errorf("%s: %w", k, err)
}

func (w *walker) archive(n node, k kind, br *bufio.Reader, pos func() int64) {
	layers := with(n.layers, k.String())
	if n.archives >= w.opt.MaxDepth {
		w.fail(n, layers, fmt.Errorf("nesting depth limit %d reached: %s not opened: %w", w.opt.MaxDepth, k, ErrLimit))
		return
	}
	r, seq := w.rec(n, layers) // final after its members: emitted after them
	defer func() {
		if p := recover(); p != nil {
			// a bug below: the container is not ok; the input's own
			// recovery still reports the failure
			r.Status, r.Error = record.StatusError, fmt.Sprintf("internal error while reading members: %v", p)
			w.put(r, seq)
			panic(p)
		}
		w.put(r, seq)
	}()
	var err error
	switch k {
	case kindTar:
		err = w.tar(n, layers, br)
	case kindZip:
		err = w.zip(n, layers, br)
	case kindWARC:
		err = w.warc(n, layers, br, pos)
	case kindARC:
		err = w.arc(n, layers, br, pos)
	case kindAr:
		err = w.ar(n, layers, br, pos)
	}
	if err == nil && w.stop == nil && n.comps > 0 {
		err = drainTail(br)
	}
	r.CompressedBytes = n.compressed()
	if err == nil && errors.Is(w.stop, ErrLimit) {
		err = fmt.Errorf("members not all opened: %w", w.stop)
	}
	if err != nil {
		r.Status = record.StatusError
		if k == kindTar || k == kindZip {
			r.Error = fmt.Sprintf("after %d bytes: %v", pos(), named(k, err))
		} else {
			r.Error = named(k, err).Error() // WARC, ARC and ar errors say their offset
		}
	}
}

// drainTail reads what follows an archive's end in a decompressed stream
// (padding, usually), so that a corrupt or truncated compressed end is
// reported; it gives up quietly after 1 MiB.
func drainTail(r io.Reader) error {
	_, err := io.CopyN(io.Discard, r, 1<<20)
	if err == nil || err == io.EOF {
		return nil
	}
	return fmt.Errorf("after the end of the archive: %w", err)
}

// member opens one member of an archive.
func (w *walker) member(n node, layers []string, name string, r io.Reader, compressed int64, warc *warcMeta) node {
	if warc == nil {
		warc = n.warc
	}
	return node{
		member: joinMember(n.member, name), layers: layers, level: n.level + 1, archives: n.archives + 1,
		r: r, compressed: func() int64 { return compressed }, size: -1, warc: warc,
	}
}

// document hands one text stream to the handler.
func (w *walker) document(n node, k kind, br *bufio.Reader, head []byte) {
	layers := n.layers
	if k == kindUTF16LE || k == kindUTF16BE {
		layers = with(layers, k.String())
	}
	rec, seq := w.rec(n, layers)
	if w.opt.SkipBinary && k == kindText && bytes.IndexByte(head, 0) >= 0 {
		rec.Status, rec.Error = record.StatusSkipped, "binary: a NUL byte in the first 8 KiB"
		rec.CompressedBytes = n.compressed()
		w.put(rec, seq)
		return
	}
	g := &w.dg
	*g = guard{r: br, max: w.opt.MaxMemberBytes}
	var r io.Reader = g
	switch k { // the byte order detect found, or the BOM's
	case kindUTF16LE:
		r = transform.NewReader(g, unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewDecoder())
	case kindUTF16BE:
		r = transform.NewReader(g, unicode.UTF16(unicode.BigEndian, unicode.UseBOM).NewDecoder())
	}
	doc := &w.doc
	*doc = Document{Source: w.source, Member: n.member, Format: rec.Format, Reader: r}
	if n.warc != nil {
		doc.RecordID, doc.TargetURI, doc.RecordType = n.warc.id, n.warc.uri, n.warc.typ
		doc.RecordOffset, doc.RecordOffsetDecompressed = n.warc.offset, n.warc.decompressed
	}
	within := func(n int64) bool { return w.opt.MaxMemberBytes <= 0 || n <= w.opt.MaxMemberBytes }
	if k == kindText {
		// Most files of a spec corpus are small: hand them over whole, in
		// memory, saving the copies through the handler's buffers. What
		// the read buffer holds to its end is given in place (process
		// reads an input known small into a buffer of wholeMax bytes).
		if all, err := br.Peek(br.Size()); err == io.EOF && within(int64(len(all))) {
			doc.Bytes = all
		}
	}
	occ, err := w.h(doc)
	rec.Occurrences = occ
	rec.Bytes = g.n
	if doc.Bytes != nil && g.n == 0 {
		rec.Bytes = int64(len(doc.Bytes)) // scanned in place
	}
	if err == nil && n.file != nil {
		if now, shrunk := n.file.shrunk(); shrunk {
			err = fmt.Errorf("the file was truncated while being read (it now has %d bytes)", now)
		}
	}
	rec.CompressedBytes = n.compressed()
	if err != nil {
		rec.Status = record.StatusError
		var le *LimitError
		if errors.As(err, &le) {
			rec.Error = le.Error()
		} else {
			rec.Error = fmt.Sprintf("after %d bytes: %v", g.n, err)
		}
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			w.stop = err
		}
	}
	*doc, *g = Document{}, guard{} // nothing held for the pool
	w.put(rec, seq)
}
