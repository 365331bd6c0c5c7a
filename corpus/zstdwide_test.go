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

// On a quiet machine every window is decoded with blocks in flight, with
// the same text and records as on one goroutine (issue 25, compressed
// inputs).
func TestZstdQuiet(t *testing.T) {
	for _, tt := range []struct {
		loadavg string
		cpus    int
		quiet   bool
	}{
		{"0.52 0.80 1.10 1/120 4242\n", 2, true},
		{"1.99 1.50 1.00 2/120 4242\n", 2, true},
		{"2.00 1.50 1.00 3/120 4242\n", 2, false},
		{"14.20 12.00 9.00 9/300 4242\n", 2, false},
		{"3.50 3.00 2.00 4/300 4242\n", 8, true},
		{"", 2, false},
		{"x 1 1", 2, false},
	} {
		if got := quietLoad(tt.loadavg, tt.cpus); got != tt.quiet {
			t.Errorf("quietLoad(%q, %d) = %v, want %v", tt.loadavg, tt.cpus, got, tt.quiet)
		}
	}
	var text bytes.Buffer
	for i := 0; text.Len() < 3<<20; i++ {
		fmt.Fprintf(&text, "line %d urn:example:%d and more text to fill the block\n", i, i%977)
	}
	data := zstdWith(t, text.Bytes(), zstd.WithWindowSize(2<<20), zstd.WithSingleSegment(false))
	defer func(f func() bool) { machineQuiet = f }(machineQuiet)
	machineQuiet = func() bool { return false }
	seq, seqDocs := openBytes(t, data, Options{ParallelDecode: true, DecodeWidth: threeCores})
	machineQuiet = func() bool { return true }
	par, parDocs := openBytes(t, data, Options{ParallelDecode: true, DecodeWidth: threeCores})
	if d := aheadDiff(seq, seqDocs, par, parDocs); d != "" {
		t.Error(d)
	}
	if len(parDocs) != 1 || parDocs[0].text != text.String() {
		t.Errorf("%d documents, want the text", len(parDocs))
	}
}
