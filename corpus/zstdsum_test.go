package corpus

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"testing"
	"testing/iotest"

	"github.com/cespare/xxhash/v2"

	"github.com/klauspost/compress/zstd"
	"github.com/klauspost/readahead"
)

// issue 25 (compressed input at the decoder's speed): an input's zstd
// frames are checked by the reader of the decoded stream (zstdsum.go),
// read ahead on another goroutine or not, in reads of any size: a valid
// stream of several frames (with and without checksums, skippable frames
// between, an empty frame, RLE and raw blocks) gives the decoder's own
// bytes; a frame whose checksum (RFC 8878 §3.1.1) is wrong fails with
// the decoder's error after its bytes; a stream cut or followed by
// garbage fails as the decoder alone does.
func TestZstdSums(t *testing.T) {
	t.Parallel()
	frame := func(data []byte, crc bool) []byte {
		e, err := zstd.NewWriter(nil, zstd.WithEncoderCRC(crc), zstd.WithEncoderConcurrency(1))
		if err != nil {
			t.Fatal(err)
		}
		return e.EncodeAll(data, nil)
	}
	skippable := func(n int) []byte {
		b := binary.LittleEndian.AppendUint32(nil, 0x184D2A53)
		b = binary.LittleEndian.AppendUint32(b, uint32(n))
		return append(b, bytes.Repeat([]byte{7}, n)...)
	}
	text := bytes.Repeat([]byte("urn:isbn:9780306406157 and some prose around it.\n"), 20000) // 1 MB: 8 blocks
	zeros := make([]byte, 300<<10)                                                            // RLE blocks
	random := make([]byte, 200<<10)                                                           // raw blocks
	for i := range random {
		random[i] = byte(i*7919 + i>>3*31)
	}
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	good := cat(frame(text, true), skippable(10), frame(zeros, false), frame(nil, true), frame(random, true), skippable(0))
	want := cat(text, zeros, random)
	badSum := cat(frame(text, true), frame(zeros, true))
	badSum[len(frame(text, true))-1] ^= 1 // the first frame's checksum
	cut := good[:len(good)/3]
	trailing := cat(frame(text, true), []byte("not a frame at all"))

	for _, tc := range []struct {
		name    string
		stream  []byte
		want    []byte // the bytes read before the end or the error
		wantErr error  // nil: any error, as the decoder alone
		ok      bool
	}{
		{"frames, skippable frames, an empty frame", good, want, nil, true},
		{"one frame", frame(text, true), text, nil, true},
		{"empty stream", nil, nil, nil, true},
		{"a checksum wrong", badSum, text, zstd.ErrCRCMismatch, false},
		{"cut", cut, nil, nil, false},
		{"garbage after a frame", trailing, text, nil, false},
	} {
		for _, ahead := range []bool{false, true} {
			for _, small := range []bool{false, true} {
				f := &zstdFrames{br: bufio.NewReaderSize(bytes.NewReader(tc.stream), 64<<10)}
				d, err := getZstd(f, -1, true)
				if err != nil {
					t.Fatal(err)
				}
				z := &zstdChecked{d: d, f: f}
				var r io.Reader = z
				closeAhead := func() {}
				if ahead {
					ra, err := readahead.NewReaderSize(z, 4, 64<<10)
					if err != nil {
						t.Fatal(err)
					}
					closeAhead = func() { ra.Close() }
					r = ra
				}
				r = newZstdSums(r, z)
				if small {
					r = iotest.OneByteReader(r)
				}
				got, err := io.ReadAll(r)
				closeAhead() // its goroutine stopped before the decoder is reused
				putZstd(d)
				switch {
				case tc.ok && err != nil:
					t.Errorf("%s (ahead %v, small reads %v): %v", tc.name, ahead, small, err)
				case !tc.ok && err == nil:
					t.Errorf("%s (ahead %v, small reads %v): no error", tc.name, ahead, small)
				case tc.wantErr != nil && !errors.Is(err, tc.wantErr):
					t.Errorf("%s (ahead %v, small reads %v): %v, want %v", tc.name, ahead, small, err, tc.wantErr)
				}
				if tc.want != nil && !bytes.Equal(got, tc.want) {
					t.Errorf("%s (ahead %v, small reads %v): %d bytes, want %d", tc.name, ahead, small, len(got), len(tc.want))
				}
				if !tc.ok {
					// the decoder alone, its checksums its own, fails too
					ref, _ := zstd.NewReader(bytes.NewReader(tc.stream))
					if _, err := io.ReadAll(ref); err == nil {
						t.Errorf("%s: the decoder alone reads it", tc.name)
					}
					ref.Close()
				}
			}
		}
	}
}

// rawFrame hand-crafts a zstd frame (RFC 8878 §3.1.1): a header with the
// given descriptor fields, raw and RLE blocks (an RLE block's size field
// is its regenerated size, its content one byte), the checksum if crc.
func rawFrame(single bool, fcsFlag, dictFlag byte, dictID uint32, blocks [][]byte, rle []bool, crc bool) []byte {
	var content []byte
	for _, b := range blocks {
		content = append(content, b...)
	}
	fhd := fcsFlag<<6 | dictFlag
	if single {
		fhd |= 1 << 5
	}
	if crc {
		fhd |= 1 << 2
	}
	out := []byte{0x28, 0xB5, 0x2F, 0xFD, fhd}
	if !single {
		out = append(out, 0) // 1 KiB window: blocks of up to 1 KiB
	}
	out = append(out, binary.LittleEndian.AppendUint32(nil, dictID)[:[]int{0, 1, 2, 4}[dictFlag]]...)
	fcs := uint64(len(content))
	switch {
	case fcsFlag == 1:
		fcs -= 256
		out = append(out, byte(fcs), byte(fcs>>8))
	case fcsFlag == 2:
		out = binary.LittleEndian.AppendUint32(out, uint32(fcs))
	case fcsFlag == 3:
		out = binary.LittleEndian.AppendUint64(out, fcs)
	case single:
		out = append(out, byte(fcs))
	}
	for i, b := range blocks {
		h := uint32(len(b)) << 3
		if i == len(blocks)-1 {
			h |= 1
		}
		if rle[i] {
			h |= 1 << 1
			b = b[:1]
		}
		out = append(out, byte(h), byte(h>>8), byte(h>>16))
		out = append(out, b...)
	}
	if crc {
		out = binary.LittleEndian.AppendUint32(out, uint32(xxhash.Sum64(content)))
	}
	return out
}

// newZstdCheckedTest reads r's zstd stream as an input's own (zstdsum.go).
func newZstdCheckedTest(t testing.TB, r io.Reader) (*zstdSums, *zstdChecked) {
	f := &zstdFrames{br: bufio.NewReaderSize(r, 64<<10)}
	d, err := getZstd(f, 64<<20, true)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { putZstd(d) })
	z := &zstdChecked{d: d, f: f}
	return newZstdSums(z, z), z
}

// Hand-crafted frames of every header form (RFC 8878 §3.1.1.1: single
// segment with a 1-byte content size, content sizes of 2 (+256), 4 and 8
// bytes, none; dictionary ID fields of 0, 1, 2, 4 bytes, here 0: no
// dictionary; the largest header, 18 bytes with the magic) and raw and
// RLE blocks (§3.1.1.2) read as the decoder alone reads them, alone,
// concatenated, and followed or preceded by a frame of no bytes with a
// wrong checksum; a read error between frames is the stream's error, not
// its end; frames of no bytes in a row leave no records behind.
func TestZstdFramesHandMade(t *testing.T) {
	t.Parallel()
	a := bytes.Repeat([]byte("urn:a:b "), 40) // 320 bytes
	z7 := bytes.Repeat([]byte{'z'}, 700)
	blocks, rle := [][]byte{a, z7, a}, []bool{false, true, false}
	var streams [][]byte
	for _, single := range []bool{false, true} {
		for fcsFlag := byte(0); fcsFlag < 4; fcsFlag++ {
			for dictFlag := byte(0); dictFlag < 4; dictFlag++ {
				for _, crc := range []bool{false, true} {
					if single && fcsFlag == 0 { // a 1-byte content size
						streams = append(streams, rawFrame(single, 0, dictFlag, 0, [][]byte{a[:200]}, []bool{false}, crc))
						continue
					}
					streams = append(streams, rawFrame(single, fcsFlag, dictFlag, 0, blocks, rle, crc))
				}
			}
		}
	}
	all := bytes.Join(streams, nil)
	badEmpty := rawFrame(false, 0, 0, 0, [][]byte{nil}, []bool{false}, true)
	badEmpty[len(badEmpty)-1] ^= 1
	var cases [][]byte
	for _, s := range append(streams, all) {
		cases = append(cases, s, append(bytes.Clone(s), badEmpty...), append(bytes.Clone(badEmpty), s...))
	}
	for _, s := range cases {
		got, err, want, werr := bothDecode(t, s)
		if !bytes.Equal(got, want) || (err == nil) != (werr == nil) {
			t.Errorf("% x (%d bytes): %d bytes, %v; the decoder alone %d bytes, %v", s[:min(len(s), 20)], len(s), len(got), err, len(want), werr)
		}
	}

	// a read error after a whole frame: the decoder alone reports it
	errRead := errors.New("read error")
	r, _ := newZstdCheckedTest(t, io.MultiReader(bytes.NewReader(streams[1]), iotest.ErrReader(errRead)))
	if _, err := io.ReadAll(r); !errors.Is(err, errRead) {
		t.Errorf("a read error between frames: %v, want %v", err, errRead)
	}

	// 10,000 frames of no bytes, then one: the decoder's first read
	// (before the reader checks anything) leaves no records
	empty := rawFrame(false, 0, 0, 0, [][]byte{nil}, []bool{false}, true)
	_, z := newZstdCheckedTest(t, io.MultiReader(bytes.NewReader(bytes.Repeat(empty, 10000)), bytes.NewReader(streams[1])))
	if n, err := z.Read(make([]byte, 100)); n == 0 || err != nil || len(z.ends) > 1 {
		t.Errorf("empty frames: %d bytes, %v, %d records left", n, err, len(z.ends))
	}
}

// FuzzZstdSums: whatever the stream, the bytes read are the decoder
// alone's, and either both fail or neither.
func FuzzZstdSums(f *testing.F) {
	a := bytes.Repeat([]byte("urn:a:b "), 40)
	f.Add(rawFrame(false, 3, 3, 0, [][]byte{a, a}, []bool{false, true}, true))
	f.Add(rawFrame(true, 0, 0, 0, [][]byte{a[:100]}, []bool{false}, false))
	e, _ := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1))
	f.Add(append(e.EncodeAll(a, nil), e.EncodeAll(nil, nil)...))
	f.Fuzz(func(t *testing.T, s []byte) {
		got, err, want, werr := bothDecode(t, s)
		if (err == nil) != (werr == nil) {
			t.Fatalf("error %v; the decoder alone %v", err, werr)
		}
		if err == nil && !bytes.Equal(got, want) {
			t.Fatalf("%d bytes; the decoder alone %d", len(got), len(want))
		}
	})
}

// bothDecode reads s through the checked reader (got, err) and through
// the decoder alone (want, werr), windows bounded for the fuzzer's input.
func bothDecode(t *testing.T, s []byte) (got []byte, err error, want []byte, werr error) {
	t.Helper()
	ref, err := zstd.NewReader(bytes.NewReader(s), zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(64<<20), zstd.WithDecoderMaxWindow(64<<20))
	if err != nil {
		t.Fatal(err)
	}
	want, werr = io.ReadAll(ref)
	ref.Close()
	r, _ := newZstdCheckedTest(t, bytes.NewReader(s))
	got, err = io.ReadAll(r)
	return got, err, want, werr
}
