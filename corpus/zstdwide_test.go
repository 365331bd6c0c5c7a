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

// Blocks in flight are chosen by the frame's window and the cores the
// run's workers leave idle, never by the machine's load, so a run decodes
// the same way on every machine: windows under 8 MiB on one goroutine
// whatever is idle (the split lost there even on idle cores), 8 MiB or
// more split when a core is idle (issue 25, compressed inputs: zstd at
// `zstd -dc`'s speed in every run). Records are the same either way.
func TestZstdBlocksInFlight(t *testing.T) {
	var text bytes.Buffer
	for i := 0; text.Len() < 3<<20; i++ {
		fmt.Fprintf(&text, "line %d urn:example:%d and more text to fill the block\n", i, i%977)
	}
	frame := func(window int) []byte {
		return zstdWith(t, text.Bytes(), zstd.WithWindowSize(window), zstd.WithSingleSegment(false))
	}
	tests := []struct {
		name  string
		head  []byte
		width int // Options.decodeWidth: the cores this input may keep busy
		split bool
	}{
		{"level 3's 2 MiB window, a core idle", frame(2 << 20), 2, false},
		{"4 MiB window, many cores idle", frame(4 << 20), 8, false},
		{"8 MiB window, a core idle", frame(8 << 20), 2, true},
		{"16 MiB window, a core idle", frame(16 << 20), 3, true},
		{"8 MiB window, every core taken (-j 1 or all workers busy)", frame(8 << 20), 1, false},
		{"8 MiB window, width 0", frame(8 << 20), 0, false},
		{"not zstd", []byte("plain text"), 4, false},
		{"empty", nil, 4, false},
	}
	for _, tt := range tests {
		if got := zstdBlocksInFlight(tt.head, tt.width); got != tt.split {
			t.Errorf("%s: blocks in flight %v, want %v", tt.name, got, tt.split)
		}
	}
	// A level-3 window with cores idle decodes on one goroutine, with the
	// records of -j 1.
	data := zstdWith(t, text.Bytes(), zstd.WithWindowSize(2<<20), zstd.WithSingleSegment(false))
	seq, seqDocs := openBytes(t, data, Options{})
	par, parDocs := openBytes(t, data, Options{ParallelDecode: true, DecodeWidth: threeCores})
	if d := aheadDiff(seq, seqDocs, par, parDocs); d != "" {
		t.Error(d)
	}
	if len(parDocs) != 1 || parDocs[0].text != text.String() {
		t.Errorf("%d documents, want the text", len(parDocs))
	}
}
