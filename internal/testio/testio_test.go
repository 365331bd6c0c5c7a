package testio

import (
	"io"
	"testing"
)

// Every Read gives at most n bytes and the bytes come back whole; n < 1
// reads a byte at a time rather than never ending.
func TestChunkReader(t *testing.T) {
	for _, c := range []struct {
		text string
		n    int
	}{{"", 3}, {"abcdefg", 1}, {"abcdefg", 3}, {"abcdefg", 100}, {"abc", 0}} {
		r := ChunkReader([]byte(c.text), c.n)
		var got []byte
		buf := make([]byte, 8)
		for {
			k, err := r.Read(buf)
			if k > max(c.n, 1) {
				t.Errorf("%q/%d: a Read gave %d bytes", c.text, c.n, k)
			}
			got = append(got, buf[:k]...)
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		if string(got) != c.text {
			t.Errorf("%q/%d: read %q", c.text, c.n, got)
		}
	}
}
