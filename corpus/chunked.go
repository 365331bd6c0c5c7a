package corpus

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// maxChunkLine bounds a chunk-size line (size, extensions, CRLF); a
// longer one is an error, not a buffer grown to whatever the sender
// wrote.
const maxChunkLine = 4096

// chunkedReader decodes HTTP/1.1 chunked transfer coding (rfc9112 §7.1):
// a hex size line, that many data bytes and a CRLF, again until a chunk
// of size zero, which reads as io.EOF; the trailer after it is left
// unread. It is ours because httputil.NewChunkedReader links net/http,
// and with it crypto/tls, into every build, costing start-up time.
type chunkedReader struct {
	r        *bufio.Reader
	left     uint64 // data bytes left in the current chunk
	footer   bool   // the current chunk's closing CRLF is still to read
	overhead int64  // framing bytes beyond what the data carried
	err      error
}

func newChunkedReader(r io.Reader) io.Reader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReader(r)
	}
	return &chunkedReader{r: br}
}

func (c *chunkedReader) Read(p []byte) (int, error) {
	n := 0
	for c.err == nil && len(p) > 0 {
		if c.left == 0 {
			if n > 0 {
				// return what is here rather than block on the next
				// size line
				return n, nil
			}
			c.next()
			continue
		}
		k, err := c.r.Read(p[:min(uint64(len(p)), c.left)])
		n += k
		p = p[k:]
		c.left -= uint64(k)
		if err != nil {
			c.err = noEOF(err)
		}
	}
	return n, c.err
}

// next reads the CRLF closing the chunk just read, if any, and the next
// size line.
func (c *chunkedReader) next() {
	if c.footer {
		var crlf [2]byte
		if _, err := io.ReadFull(c.r, crlf[:]); err != nil {
			c.err = noEOF(err)
			return
		}
		if crlf != [2]byte{'\r', '\n'} {
			c.err = errors.New("chunked: data not followed by CRLF")
			return
		}
		c.footer = false
	}
	line, err := c.r.ReadSlice('\n')
	switch {
	case err == bufio.ErrBufferFull || len(line) > maxChunkLine:
		c.err = errors.New("chunked: size line too long")
		return
	case err != nil:
		c.err = noEOF(err)
		return
	case len(line) < 2 || line[len(line)-2] != '\r' || bytes.IndexByte(line[:len(line)-2], '\r') >= 0:
		c.err = errors.New("chunked: size line not ended by CRLF")
		return
	}
	size, _, _ := bytes.Cut(line[:len(line)-2], []byte{';'}) // extensions are ignored
	size = bytes.TrimRight(size, " \t")
	if c.left, c.err = parseChunkSize(size); c.err != nil {
		return
	}
	// A sender may frame a byte or two per chunk to make the reader
	// work for nothing; allow 16 bytes of framing per chunk plus two per
	// data byte, and fail once the excess passes 16 KiB.
	c.overhead = max(0, c.overhead+int64(len(line))+2-16-2*int64(min(c.left, 1<<40)))
	if c.overhead > 16<<10 {
		c.err = errors.New("chunked: too much framing for the data")
		return
	}
	if c.left == 0 {
		c.err = io.EOF
		return
	}
	c.footer = true
}

// parseChunkSize reads a chunk size: 1 to 16 hex digits.
func parseChunkSize(s []byte) (uint64, error) {
	if len(s) == 0 {
		return 0, errors.New("chunked: empty chunk size")
	}
	if len(s) > 16 {
		return 0, errors.New("chunked: chunk size over 64 bits")
	}
	var n uint64
	for _, b := range s {
		var d byte
		switch {
		case '0' <= b && b <= '9':
			d = b - '0'
		case 'a' <= b && b <= 'f':
			d = b - 'a' + 10
		case 'A' <= b && b <= 'F':
			d = b - 'A' + 10
		default:
			return 0, errors.New("chunked: chunk size not hex")
		}
		n = n<<4 | uint64(d)
	}
	return n, nil
}

// noEOF turns an end of input inside the coding into an error: only the
// last chunk ends a chunked body.
func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}
