package corpus

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"testing"
	"testing/iotest"

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
				d, err := getZstd(f, -1, false, true)
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
				putZstd(d, false)
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
