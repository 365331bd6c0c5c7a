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

// An input's zstd stream is decoded with blocks in flight only when its
// frame asks for a window of 8 MiB or more (RFC 8878 §3.1.1.1.2, the
// window descriptor; a single-segment frame's window is its content
// size), and gives the same text and records as on one goroutine
// (issue 25, compressed inputs).
func TestZstdWide(t *testing.T) {
	var text bytes.Buffer
	for i := 0; text.Len() < 3<<20; i++ {
		fmt.Fprintf(&text, "line %d urn:example:%d and more text to fill the block\n", i, i%977)
	}
	small := text.Bytes()[:1000]
	tests := []struct {
		name string
		data []byte
		wide bool
	}{
		{"window 8 MiB", zstdWith(t, text.Bytes(), zstd.WithWindowSize(8<<20), zstd.WithSingleSegment(false)), true},
		{"window 4 MiB", zstdWith(t, text.Bytes(), zstd.WithWindowSize(4<<20), zstd.WithSingleSegment(false)), false},
		{"single segment of 1000 bytes", zstdWith(t, small, zstd.WithSingleSegment(true)), false},
		{"skippable frame", append([]byte{0x50, 0x2a, 0x4d, 0x18, 0, 0, 0, 0}, zstdWith(t, small)...), false},
		{"not zstd", []byte("not a zstd frame at all"), false},
	}
	for _, tt := range tests {
		if got := zstdWide(tt.data); got != tt.wide {
			t.Errorf("%s: wide %v, want %v", tt.name, got, tt.wide)
		}
	}
	seq, seqDocs := openBytes(t, tests[0].data, Options{})
	par, parDocs := openBytes(t, tests[0].data, Options{ParallelDecode: true, DecodeWidth: threeCores})
	if d := aheadDiff(seq, seqDocs, par, parDocs); d != "" {
		t.Error(d)
	}
	if len(seqDocs) != 1 || seqDocs[0].text != text.String() {
		t.Errorf("%d documents, want the text", len(seqDocs))
	}
}
