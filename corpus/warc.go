package corpus

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/dsnet/compress/brotli"
	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/zlib"
)

// Bounds on header blocks (WARC record headers, HTTP headers, ARC lines):
// a line must fit the layer's buffer (64 KiB), a block maxHeaderBytes.
const maxHeaderBytes = 1 << 20

// header is a parsed header block: its first line and its fields, and,
// when asked for, the block as read (line ends and the empty line included).
type header struct {
	first  string
	fields [][2]string
	raw    []byte
}

func (h *header) get(name string) string {
	for _, f := range h.fields {
		if strings.EqualFold(f[0], name) {
			return f[1]
		}
	}
	return ""
}

var (
	errHeaderTooLong = errors.New("header block over 1 MiB")
	errLineTooLong   = fmt.Errorf("header line over %d KiB", bufSize>>10)
)

// readLine reads one line (LF or CRLF) without its end.
func readLine(br *bufio.Reader) ([]byte, error) {
	line, _, err := readLineRaw(br)
	return line, err
}

// readLineRaw is readLine also returning the line with its end, as read.
func readLineRaw(br *bufio.Reader) (line, raw []byte, err error) {
	line, err = br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		return nil, nil, errLineTooLong
	}
	if err == io.EOF && len(line) > 0 {
		err = io.ErrUnexpectedEOF
	}
	if err != nil {
		return nil, nil, err
	}
	return bytes.TrimSuffix(line[:len(line)-1], []byte("\r")), line, nil
}

// readHeader reads a first line and "Name: value" fields up to an empty
// line; folded (continued) lines are joined, lines without a colon ignored.
// With keep, h.raw is the block as read, appended to keep[:0].
func readHeader(br *bufio.Reader, keep []byte) (*header, error) {
	h := &header{raw: keep}
	if keep != nil {
		h.raw = keep[:0]
	}
	total := 0
	for i := 0; ; i++ {
		line, raw, err := readLineRaw(br)
		if h.raw != nil {
			h.raw = append(h.raw, raw...)
		}
		if err != nil {
			if i > 0 && err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return h, err
		}
		total += len(line) + 2
		if total > maxHeaderBytes {
			return h, errHeaderTooLong
		}
		switch {
		case i == 0:
			h.first = string(line)
		case len(line) == 0:
			return h, nil
		case (line[0] == ' ' || line[0] == '\t') && len(h.fields) > 0:
			f := &h.fields[len(h.fields)-1]
			f[1] += " " + string(bytes.TrimSpace(line))
		default:
			if k, v, ok := bytes.Cut(line, []byte(":")); ok {
				h.fields = append(h.fields, [2]string{string(bytes.TrimSpace(k)), string(bytes.TrimSpace(v))})
			}
		}
	}
}

// skipBlank skips the line ends between records; io.EOF means no record follows.
func skipBlank(br *bufio.Reader) error {
	for {
		b, err := br.Peek(1)
		if err != nil {
			return err
		}
		if b[0] != '\r' && b[0] != '\n' {
			return nil
		}
		br.Discard(1)
	}
}

// warc opens each record of a WARC stream as a member named by its record
// ID (without the angle brackets), or "record@OFFSET" when it has none.
func (w *walker) warc(n node, layers []string, br *bufio.Reader, pos func() int64) error {
	var errs errList
	for w.stop == nil {
		if err := skipBlank(br); err != nil {
			if err == io.EOF {
				return errs.err()
			}
			errs.add(fmt.Errorf("at offset %d: %w", pos(), err))
			return errs.err()
		}
		start := pos()
		if head, _ := br.Peek(6); !isWARC(head) {
			// a record longer or shorter than its Content-Length says, or
			// garbage: report it and go on at the next record header
			head, _ = br.Peek(16)
			skipped, err := resync(br)
			errs.add(fmt.Errorf("%d bytes that are no WARC record skipped at offset %d (%q…)", skipped, start, head))
			if err != nil {
				if err == io.EOF {
					return errs.err()
				}
				errs.add(err)
				return errs.err()
			}
			continue
		}
		var keep []byte
		if w.opt.IncludeWARCMeta {
			if w.hdr == nil {
				w.hdr = make([]byte, 0, 4<<10)
			}
			keep = w.hdr[:0]
		}
		h, err := readHeader(br, keep)
		if errors.Is(err, errLineTooLong) || errors.Is(err, errHeaderTooLong) {
			// damage, not the stream's end: go on at the next record
			// header, as for a record of the wrong length (issue 24 §8)
			skipped, rerr := resync(br)
			errs.add(fmt.Errorf("record header at offset %d: %w; skipped %d bytes to the next record", start, err, skipped))
			if rerr != nil {
				if rerr != io.EOF {
					errs.add(rerr)
				}
				return errs.err()
			}
			continue
		}
		if err != nil {
			errs.add(fmt.Errorf("record header at offset %d: %w", start, err))
			return errs.err()
		}
		meta := w.recordMeta(n, start, h.get("WARC-Record-ID"), h.get("WARC-Target-URI"), strings.ToLower(h.get("WARC-Type")))
		if w.opt.IncludeWARCMeta {
			w.hdr = h.raw
			w.headers(n, layers, meta, h.raw)
		}
		length, err := strconv.ParseInt(h.get("Content-Length"), 10, 64)
		if err != nil || length < 0 {
			// without a length the record's end is unknown: look for the next one
			errs.add(fmt.Errorf("record %s at offset %d: invalid Content-Length %q", memberName(meta), start, h.get("Content-Length")))
			if _, err := resync(br); err != nil && err != io.EOF {
				errs.add(err)
				return errs.err()
			}
			continue
		}
		body := &exactReader{r: br, n: length, what: "record"}
		m := w.member(n, layers, memberName(meta), body, length, meta)
		ct := strings.ToLower(h.get("Content-Type"))
		switch meta.typ {
		case "warcinfo", "request":
			if !w.opt.IncludeWARCMeta {
				w.skip(m, layers, meta.typ+" record: crawl metadata, not content (not scanned by default)")
				break
			}
			w.process(m)
		case "response", "revisit":
			if strings.HasPrefix(ct, "application/http") || ct == "" && isHTTPURI(meta.uri) {
				w.http(m)
			} else {
				w.process(m)
			}
		default: // resource, conversion (WET), metadata, continuation, …
			w.process(m)
		}
		if err := w.endRecord(body); err != nil {
			errs.add(fmt.Errorf("record %s at offset %d: %w", memberName(meta), start, err))
			return errs.err()
		}
		if b, err := br.Peek(1); err == nil && b[0] != '\r' && b[0] != '\n' {
			// a record ends in a blank line (WARC 1.1 §4): its
			// Content-Length is wrong, what was read as it is not it
			errs.add(fmt.Errorf("record %s at offset %d: no blank line after its Content-Length %d: the length is wrong and the record damaged", memberName(meta), start, length))
		}
	}
	return errs.err()
}

// headers hands a WARC record's header block to the handler as a
// document of its own (Options.IncludeWARCMeta): its member is the
// record's with "#headers" appended, its format the layers with
// "headers", and its offsets count from the record's start, so that
// RecordOffset plus an occurrence's offset is where it is in the record.
// It is never opened as a format: a header block starts with "WARC/".
func (w *walker) headers(n node, layers []string, meta *warcMeta, raw []byte) {
	m := w.member(n, with(layers, "headers"), memberName(meta)+"#headers", bytes.NewReader(raw), int64(len(raw)), meta)
	m.size = int64(len(raw))
	br := w.reader(m.level, m.r)
	head, _ := br.Peek(sniffLen)
	w.document(m, kindText, br, head)
}

// resync skips to the next line that starts a WARC record header and
// says how many bytes it skipped.
func resync(br *bufio.Reader) (int64, error) {
	var n int64
	for {
		line, err := br.ReadSlice('\n')
		n += int64(len(line))
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			return n, err
		}
		if head, _ := br.Peek(6); isWARC(head) {
			return n, nil
		}
	}
}

// errList keeps an archive's errors that did not end it: the first
// errListKeep, each naming its record and offset, and a count of the rest
// (a bound: a damaged archive may hold any number).
type errList struct {
	kept []error
	more int
}

const errListKeep = 8

func (e *errList) add(err error) {
	if len(e.kept) < errListKeep {
		e.kept = append(e.kept, err)
	} else {
		e.more++
	}
}

func (e *errList) err() error {
	if len(e.kept) == 0 {
		return nil
	}
	err := e.kept[0]
	if len(e.kept) > 1 {
		err = joined(e.kept)
	}
	if e.more > 0 {
		return fmt.Errorf("%w (and %d more errors)", err, e.more)
	}
	return err
}

// joined is errors on one line, "; " between them (errors.Join's line
// breaks would be escaped in every output), each still matched by errors.Is.
type joined []error

func (j joined) Error() string {
	var b strings.Builder
	for i, err := range j {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(err.Error())
	}
	return b.String()
}

func (j joined) Unwrap() []error { return j }

// endRecord skips what the handler did not read of a record. A truncation
// the member's record already reports is not reported twice: the archive
// simply ends there.
func (w *walker) endRecord(body *exactReader) error {
	seen := body.returned
	if _, err := io.Copy(io.Discard, body); err != nil && !seen {
		return err
	}
	return nil
}

func (w *walker) recordMeta(n node, start int64, id, uri, typ string) *warcMeta {
	meta := &warcMeta{id: id, uri: uri, typ: typ, offset: start, decompressed: n.comps > 0}
	if n.gzm != nil {
		if off, ok := n.gzm.memberAt(start); ok {
			meta.offset, meta.decompressed = off, false
		}
	}
	return meta
}

func memberName(m *warcMeta) string {
	if id := strings.TrimSuffix(strings.TrimPrefix(m.id, "<"), ">"); id != "" {
		return id
	}
	return fmt.Sprintf("record@%d", m.offset)
}

func isHTTPURI(u string) bool {
	u = strings.ToLower(u)
	return strings.HasPrefix(u, "http://") || strings.HasPrefix(u, "https://")
}

// http opens an HTTP message captured in a record: its status line and
// headers are skipped, the body de-chunked and, for deflate (gzip and
// zstd are recognized by their magic), decoded; the body is then
// classified like any stream. A record that does not start with "HTTP/"
// is scanned whole.
func (w *walker) http(n node) {
	hbr := w.reader(n.level, n.r)
	body := node{
		member: n.member, layers: n.layers, level: n.level + 1, archives: n.archives,
		r: hbr, compressed: n.compressed, size: -1, warc: n.warc,
	}
	if head, _ := hbr.Peek(5); string(head) != "HTTP/" {
		w.process(body)
		return
	}
	h, err := readHeader(hbr, nil)
	body.layers = with(n.layers, "http")
	if err != nil {
		w.fail(body, body.layers, fmt.Errorf("HTTP headers: %w", err))
		return
	}
	if strings.Contains(strings.ToLower(h.get("Transfer-Encoding")), "chunked") && chunkedStart(hbr) {
		body.r = newChunkedReader(hbr)
		body.layers = with(body.layers, "chunked")
	}
	// gzip and zstd bodies are recognized by their magic bytes when the
	// body is classified; deflate and brotli have none and are decoded
	// here, under the same expansion-ratio limit
	switch enc := strings.ToLower(strings.TrimSpace(h.get("Content-Encoding"))); enc {
	case "deflate", "br":
		cnt := &countingReader{r: body.r}
		dbr := bufio.NewReaderSize(cnt, 4<<10)
		var dec io.Reader
		switch hd, _ := dbr.Peek(2); {
		case enc == "br":
			// dsnet's decoder: andybalholm/brotli's package
			// links net/http (and so crypto/tls) into the binary
			br, err := brotli.NewReader(dbr, nil)
			if err != nil {
				w.fail(body, with(body.layers, "br"), fmt.Errorf("br: %w", err))
				return
			}
			dec = br
		case len(hd) == 2 && hd[0]&0x0f == 8 && (uint16(hd[0])<<8|uint16(hd[1]))%31 == 0:
			z, err := zlib.NewReader(dbr)
			if err != nil {
				w.fail(body, with(body.layers, "deflate"), fmt.Errorf("deflate: %w", err))
				return
			}
			dec = z
		default:
			dec = flate.NewReader(dbr)
		}
		body.r = &guard{r: dec, in: func() int64 { return cnt.N() }, ratio: w.opt.MaxRatio, grace: w.opt.RatioGrace, name: enc, b: w.budget}
		body.layers = with(body.layers, enc)
	}
	w.process(body)
}

// chunkedStart tells whether a body starts like chunked transfer coding
// (a hex size line): crawlers sometimes keep the header but store the
// body de-chunked, and such a body is scanned as it is.
func chunkedStart(br *bufio.Reader) bool {
	head, _ := br.Peek(32)
	i := 0
	for i < len(head) && isHex(head[i]) {
		i++
	}
	if i == 0 || i == len(head) {
		return false
	}
	switch head[i] {
	case '\r', '\n', ';', ' ', '\t':
		return true
	}
	return false
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// arc opens each record of an ARC file (version 1 or 2) as a member named
// "record@OFFSET". The filedesc record that opens the file is skipped
// unless IncludeWARCMeta.
func (w *walker) arc(n node, layers []string, br *bufio.Reader, pos func() int64) error {
	version := 1
	for w.stop == nil {
		if err := skipBlank(br); err != nil {
			if err == io.EOF {
				return nil
			}
			return fmt.Errorf("at offset %d: %w", pos(), err)
		}
		start := pos()
		line, err := readLine(br)
		if err != nil {
			return fmt.Errorf("record header at offset %d: %w", start, err)
		}
		fields := strings.Fields(string(line))
		tail := 4 // IP, date, type, length after the URL (version 1)
		if version == 2 {
			tail = 9 // … result code, checksum, location, offset, file name
		}
		if len(fields) < tail+1 {
			return fmt.Errorf("record header at offset %d: want %d fields, found %q", start, tail+1, line)
		}
		lenField := fields[len(fields)-1]
		length, err := strconv.ParseInt(lenField, 10, 64)
		if err != nil || length < 0 {
			return fmt.Errorf("record header at offset %d: invalid length %q", start, lenField)
		}
		uri := strings.Join(fields[:len(fields)-tail], " ") // URLs with spaces exist
		typ := "response"
		if strings.HasPrefix(uri, "filedesc://") {
			typ = "filedesc"
		}
		meta := w.recordMeta(n, start, "", uri, typ)
		body := &exactReader{r: br, n: length, what: "record"}
		m := w.member(n, layers, memberName(meta), body, length, meta)
		switch {
		case typ == "filedesc":
			// its block says the version: "1 0 …" or "2 0 …"
			if b, _ := br.Peek(2); len(b) == 2 && b[0] == '2' && b[1] == ' ' {
				version = 2
			}
			if !w.opt.IncludeWARCMeta {
				w.skip(m, layers, "filedesc record: crawl metadata, not content (not scanned by default)")
				break
			}
			w.process(m)
		case isHTTPURI(uri):
			w.http(m)
		default:
			w.process(m)
		}
		if err := w.endRecord(body); err != nil {
			return fmt.Errorf("record at offset %d: %w", start, err)
		}
	}
	return nil
}
