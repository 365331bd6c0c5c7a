// Package testio holds readers for tests of streaming code: the scanner
// (extract) and the suppression reader (lint) both feed their input in
// small pieces to cross every buffer boundary.
package testio

import "io"

// ChunkReader returns a reader of b that gives at most n bytes a Read,
// as a pipe or a socket may.
func ChunkReader(b []byte, n int) io.Reader { return &chunkReader{b, max(n, 1)} }

type chunkReader struct {
	b []byte
	n int
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.b) == 0 {
		return 0, io.EOF
	}
	k := min(len(p), c.n, len(c.b))
	copy(p, c.b[:k])
	c.b = c.b[k:]
	return k, nil
}
