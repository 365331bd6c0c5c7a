package corpus

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// zstdWith compresses text as one zstd frame with the encoder options.
func zstdWith(t testing.TB, text []byte, opts ...zstd.EOption) []byte {
	t.Helper()
	var b bytes.Buffer
	w, err := zstd.NewWriter(&b, opts...)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(text)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// An input's zstd stream is decoded on one goroutine whatever its window
// (RFC 8878 §3.1.1.1.2, the window descriptor; a single-segment frame's
// window is its content size) and whatever cores are idle, and gives the
// same text and records with cores idle as without (issue 25, compressed
// inputs: blocks in flight were removed).
func TestZstdWindows(t *testing.T) {
	var text bytes.Buffer
	for i := 0; text.Len() < 3<<20; i++ {
		fmt.Fprintf(&text, "line %d urn:example:%d and more text to fill the block\n", i, i%977)
	}
	small := text.Bytes()[:1000]
	tests := []struct {
		name string
		data []byte
		want []byte
	}{
		{"window 8 MiB (level 19)", zstdWith(t, text.Bytes(), zstd.WithWindowSize(8<<20), zstd.WithSingleSegment(false)), text.Bytes()},
		{"window 16 MiB", zstdWith(t, text.Bytes(), zstd.WithWindowSize(16<<20), zstd.WithSingleSegment(false)), text.Bytes()},
		{"window 2 MiB (level 3)", zstdWith(t, text.Bytes(), zstd.WithWindowSize(2<<20), zstd.WithSingleSegment(false)), text.Bytes()},
		{"single segment of 1000 bytes", zstdWith(t, small, zstd.WithSingleSegment(true)), small},
		{"a skippable frame first", append([]byte{0x50, 0x2a, 0x4d, 0x18, 0, 0, 0, 0}, zstdWith(t, small)...), small},
	}
	for _, tt := range tests {
		seq, seqDocs := openBytes(t, tt.data, Options{})
		par, parDocs := openBytes(t, tt.data, Options{ParallelDecode: true, DecodeWidth: threeCores})
		if d := aheadDiff(seq, seqDocs, par, parDocs); d != "" {
			t.Errorf("%s: %s", tt.name, d)
		}
		if len(parDocs) != 1 || parDocs[0].text != string(tt.want) {
			t.Errorf("%s: %d documents, want the text", tt.name, len(parDocs))
		}
	}
}
