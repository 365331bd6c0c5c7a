package corpus

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math/rand"
	"os/exec"
	"strings"
	"testing"

	"github.com/idlint/idlint/internal/longtest"
	"github.com/idlint/idlint/record"
	"github.com/ulikunitz/xz"
)

// xzText is n lines with identifiers, not trivially compressible.
func xzText(rnd *rand.Rand, n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "line %d urn:example:%d %x\n", i, rnd.Intn(5000), rnd.Int63())
	}
	return b.String()
}

// xzWrite compresses text with ulikunitz/xz in blocks of blockSize bytes
// with the check given (xz.None, CRC32, CRC64, SHA256).
func xzWrite(t testing.TB, text string, blockSize int64, check byte) []byte {
	t.Helper()
	var b bytes.Buffer
	w, err := xz.WriterConfig{BlockSize: blockSize, CheckSum: check, NoCheckSum: check == xz.None}.NewWriter(&b)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(w, text)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// xzCLI compresses text with the xz command (nil when it is missing).
func xzCLI(t testing.TB, text string, args ...string) []byte {
	t.Helper()
	if _, err := exec.LookPath("xz"); err != nil {
		return nil
	}
	cmd := exec.Command("xz", append([]string{"-c"}, args...)...)
	cmd.Stdin = strings.NewReader(text)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("xz %v: %v", args, err)
	}
	return out
}

// xzBlockOffsets are the offsets of the block headers of a one-stream
// file, from its index.
func xzBlockOffsets(t testing.TB, data []byte) []int64 {
	t.Helper()
	blocks := xzIndexes(bytes.NewReader(data), 0, int64(len(data)))
	var offs []int64
	for _, b := range blocks {
		offs = append(offs, b.off)
	}
	return offs
}

// Decoding an .xz input block by block (its indexes give the blocks, .xz
// file format 1.0.4 §4-§6), ahead on three cores or on one, gives what the
// decoder gives reading it in order (standard input: no random access):
// single- and multi-block files, several streams with stream padding
// (§2.2), every check type (§2.1.1.2), and files whose indexes do not lead
// back to their start (issue 25, compressed inputs).
func TestXzBlocksSameResult(t *testing.T) {
	rnd := rand.New(rand.NewSource(25))
	text := xzText(rnd, 5000) // ~200 KB
	want := strings.Count(text, "urn:")
	type tc struct {
		name   string
		data   []byte
		blocks bool // decoded block by block (else in order)
		occ    int
	}
	multi := xzWrite(t, text, 25000, xz.CRC64)
	cases := []tc{
		{"one block", xzWrite(t, text, 0, xz.CRC64), false, want},
		{"blocks of 25 KB, CRC64", multi, true, want},
		{"blocks, no check", xzWrite(t, text, 40000, xz.None), true, want},
		{"blocks, CRC32", xzWrite(t, text, 40000, xz.CRC32), true, want},
		{"blocks, SHA-256", xzWrite(t, text, 40000, xz.SHA256), true, want},
		{"hand-made, empty and uncompressed blocks", xzHand(blk(xzDict1M, ""), blk(0, text[:70000]), blk(xzDict1M, text[70000:150000])), true, strings.Count(text[:150000], "urn:")},
		{"two streams, padding between and after",
			append(append(append(bytes.Clone(multi), 0, 0, 0, 0, 0, 0, 0, 0), xzWrite(t, text[:100000], 30000, xz.CRC32)...), 0, 0, 0, 0),
			true, want + strings.Count(text[:100000], "urn:")},
		{"stream of one block after one of many", append(bytes.Clone(multi), xzWrite(t, "urn:x:a\n", 0, xz.CRC32)...), true, want + 1},
		{"trailing garbage", append(bytes.Clone(multi), "not xz\n"...), false, -1},
		{"trailing zeros, not a multiple of 4", append(bytes.Clone(multi), 0, 0, 0), false, -1},
		{"truncated in the index", multi[:len(multi)-20], false, -1},
		{"truncated in a block", multi[:len(multi)/2], false, -1},
	}
	for _, args := range [][]string{{"-T2", "--block-size=30000"}, {"-T2", "--block-size=30000", "--check=sha256"}, {"--block-list=1,10,3000,50000,0"}, {"-0", "--check=none", "--block-size=20000"}} {
		if data := xzCLI(t, text, args...); data != nil {
			cases = append(cases, tc{"xz " + strings.Join(args, " "), data, true, want})
		}
	}
	defer func(l, a int64) { xzBlockLimit, xzAheadBytes = l, a }(xzBlockLimit, xzAheadBytes)
	before := xzAheadDelivered.Load()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			xzBlockLimit, xzAheadBytes = 64<<20, 128<<20
			if got := newXzBlocks(bytes.NewReader(c.data), int64(len(c.data)), 0, nil, nil, threeCores, 0) != nil; got != c.blocks {
				t.Fatalf("decoded block by block: %v, want %v", got, c.blocks)
			}
			seq, seqDocs := openStdin(t, c.data, Options{})
			if c.occ >= 0 && (len(seq) != 1 || seq[0].Status != record.StatusOK || seq[0].Occurrences != c.occ) {
				t.Fatalf("in order: want one ok record with %d occurrences:\n%s", c.occ, recordsString(seq))
			}
			if c.occ < 0 && !strings.Contains(recordsString(seq), "error") {
				t.Fatalf("in order: want an error:\n%s", recordsString(seq))
			}
			for _, s := range []struct {
				name              string
				limit, aheadBytes int64
				opt               Options
				long              bool // with IDLINT_LONG=1 only
			}{
				{"one core", 64 << 20, 128 << 20, Options{}, false},
				{"three cores", 64 << 20, 128 << 20, Options{ParallelDecode: true, DecodeWidth: threeCores}, false},
				{"three cores, 200 KB ahead", 64 << 20, 200000, Options{ParallelDecode: true, DecodeWidth: threeCores}, true},
				{"blocks over the limit: in order", 1000, 128 << 20, Options{ParallelDecode: true, DecodeWidth: threeCores}, true},
			} {
				if s.long && !longtest.Enabled() {
					continue
				}
				xzBlockLimit, xzAheadBytes = s.limit, s.aheadBytes
				par, parDocs := openBytes(t, c.data, s.opt)
				for i := range parDocs {
					parDocs[i].Source = "-" // standard input's name in seqDocs
				}
				if d := aheadDiff(seq, seqDocs, par, parDocs); d != "" && c.occ >= 0 {
					t.Errorf("%s: %s", s.name, d)
				}
				if c.occ < 0 && recordsString(par) != recordsString(seq) {
					t.Errorf("%s: records\n%s\nwant\n%s", s.name, recordsString(par), recordsString(seq))
				}
			}
		})
	}
	if xzAheadDelivered.Load() == before {
		t.Error("no block was delivered from a job: nothing was decoded ahead")
	}
}

// A corrupt block, block by block: the bytes of the blocks before it, then
// an error naming the block and its offset (and the input, in its
// record), the same on one core as on three; limits (the window, the
// input's decompressed budget, the expansion ratio) as the same at both
// (issue 25, compressed inputs; issue 24 §1 for the window).
func TestXzBlocksErrorsAndLimits(t *testing.T) {
	rnd := rand.New(rand.NewSource(26))
	text := xzText(rnd, 6000)
	multi := xzWrite(t, text, 25000, xz.CRC64)
	offs := xzBlockOffsets(t, multi)
	if len(offs) < 5 {
		t.Fatalf("%d blocks, want more", len(offs))
	}
	// the text of the first two blocks, for the occurrences before a cut
	firstTwo := strings.Count(text[:50000], "urn:")
	corruptData := bytes.Clone(multi)
	corruptData[(offs[2]+offs[3])/2] ^= 0x55
	corruptCheck := bytes.Clone(multi) // the CRC64 of block 3: the data decodes, the check fails
	corruptCheck[offs[3]-1] ^= 1
	corruptHeader := bytes.Clone(multi)
	corruptHeader[offs[2]+2] ^= 0x40
	good := strings.Repeat("urn:x:good ", 100)
	overWindow := xzHand(blk(xzDict1M, good), blk(xzDict1M, good), blk(xzDict4G, good), blk(xzDict1M, good))
	zerosXz := xzWrite(t, good+strings.Repeat("\x00", 3<<20)+good, 1<<20, xz.CRC32)
	// a block of several decoding steps (xzStep), its LZMA2 chunks stored:
	// a control byte in the middle made invalid
	long := strings.Repeat(good, 2500) // 2.75 MB
	longBlock := xzHand(blk(xzDict1M, good), blk(xzDict1M, long))
	midChunk := xzBlockOffsets(t, longBlock)[1] + 12 + 25*(3+1<<16)
	if longBlock[midChunk] != 2 {
		t.Fatalf("byte %d is %d, want an LZMA2 control byte", midChunk, longBlock[midChunk])
	}
	longBlock[midChunk] = 0x7f
	tests := []struct {
		name string
		data []byte
		opt  Options
		want string
		occ  int
	}{
		{"invalid chunk in the middle of a long block", longBlock, Options{}, fmt.Sprintf("xz: block 2 of stream 1 at offset %d: ", xzBlockOffsets(t, longBlock)[1]), -1},
		{"corrupt data in block 3", corruptData, Options{}, fmt.Sprintf("xz: block 3 of stream 1 at offset %d: ", offs[2]), -1},
		{"corrupt check of block 3", corruptCheck, Options{}, fmt.Sprintf("xz: block 3 of stream 1 at offset %d: checksum error for block", offs[2]), -1},
		{"corrupt header of block 3", corruptHeader, Options{}, fmt.Sprintf("xz: block 3 of stream 1 at offset %d: ", offs[2]), firstTwo},
		{"window limit in block 3", overWindow, Options{}, fmt.Sprintf("xz: block 3 of stream 1 at offset %d: dictionary of 4294967295 B is over the decoder window limit 512 MiB: limit exceeded", xzBlockOffsets(t, overWindow)[2]), 200},
		{"window limit at 1 MiB", overWindow, Options{MaxWindowBytes: 1 << 20}, "xz: block 3 of stream 1", 200},
		{"decompressed budget", multi, Options{MaxDecompressedBytes: 80000}, "limit", -1},
		{"expansion ratio", zerosXz, Options{MaxRatio: 50, RatioGrace: 100000}, "expansion ratio", -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			one, oneDocs := openBytes(t, tt.data, tt.opt)
			opt := tt.opt
			opt.ParallelDecode, opt.DecodeWidth = true, threeCores
			three, threeDocs := openBytes(t, tt.data, opt)
			if d := aheadDiff(one, oneDocs, three, threeDocs); d != "" {
				t.Errorf("three cores against one: %s", d)
			}
			if !strings.Contains(recordsString(one), tt.want) {
				t.Errorf("want %q in the records:\n%s", tt.want, recordsString(one))
			}
			if len(one) == 0 || one[0].Status != record.StatusError {
				t.Errorf("want an error record:\n%s", recordsString(one))
			}
			if tt.occ >= 0 && (len(one) == 0 || one[0].Occurrences != tt.occ) {
				t.Errorf("occurrences before the cut, want %d:\n%s", tt.occ, recordsString(one))
			}
			if strings.Contains(tt.name, "window") {
				// in order (standard input), the gate says the same
				if seq, _ := openStdin(t, tt.data, tt.opt); recordsString(seq) != recordsString(one) {
					t.Errorf("in order:\n%s\nblock by block:\n%s", recordsString(seq), recordsString(one))
				}
			}
		})
	}
}

// Random multi-block files, damaged at random: one core and three give the
// same records and documents (issue 25; the long tests try more).
func TestXzBlocksRandom(t *testing.T) {
	rnd := rand.New(rand.NewSource(27))
	checks := []byte{xz.None, xz.CRC32, xz.CRC64, xz.SHA256}
	for i := range longtest.Pick(6, 40) {
		text := xzText(rnd, 1+rnd.Intn(3000))
		data := xzWrite(t, text, int64(1000+rnd.Intn(30000)), checks[rnd.Intn(len(checks))])
		if rnd.Intn(2) == 0 {
			data = append(append(data, make([]byte, 4*rnd.Intn(3))...), xzWrite(t, text[:len(text)/3], int64(1000+rnd.Intn(30000)), checks[rnd.Intn(len(checks))])...)
		}
		data = damage(rnd, data, func(b []byte) []byte {
			binary.LittleEndian.PutUint32(b[len(b)/2:], rnd.Uint32())
			return b
		})
		one, oneDocs := openBytes(t, data, Options{})
		three, threeDocs := openBytes(t, data, Options{ParallelDecode: true, DecodeWidth: threeCores})
		if d := aheadDiff(one, oneDocs, three, threeDocs); d != "" {
			t.Fatalf("file %d: %s", i, d)
		}
	}
}

// Blocks decoded ahead go into buffers mapped outside the Go heap (on
// Unix), which go round from block to block and are given back at close;
// the bytes are the blocks' (issue 25 §3: the RSS at -j 2).
func TestXzBlocksOffHeap(t *testing.T) {
	text := xzText(rand.New(rand.NewSource(29)), 28_000)
	data := xzWrite(t, text, 1<<20+1, 1) // blocks of 1 MiB and a byte
	cr := &countingReader{r: bytes.NewReader(data)}
	br := bufio.NewReader(cr)
	pos := func() int64 { return cr.N() - int64(br.Buffered()) }
	x := newXzBlocks(bytes.NewReader(data), int64(len(data)), 0, br, pos, threeCores, 0)
	if x == nil {
		t.Fatal("not decoded block by block")
	}
	var got bytes.Buffer
	buf := make([]byte, 100_000)
	mapped := 0
	for {
		n, err := x.Read(buf)
		got.Write(buf[:n])
		mapped = max(mapped, len(x.mapped))
		if err != nil {
			if err != io.EOF {
				t.Fatal(err)
			}
			break
		}
	}
	x.close()
	if got.String() != text {
		t.Fatalf("%d bytes, want %d", got.Len(), len(text))
	}
	if Mappable && (mapped == 0 || mapped > len(x.blocks)) {
		t.Errorf("%d buffers mapped for %d blocks", mapped, len(x.blocks))
	}
	if len(x.mapped) != 0 {
		t.Errorf("%d buffers still mapped after close", len(x.mapped))
	}
}

// TestXzSrc: the block source gives the bytes of its reader and then its
// error, whatever the read sizes (one byte at a time, as ulikunitz/xz's
// range decoder reads, or more), across refills (issue 25).
func TestXzSrc(t *testing.T) {
	data := make([]byte, 200_003)
	rand.New(rand.NewSource(1)).Read(data)
	boom := fmt.Errorf("boom")
	for _, tc := range []struct {
		name  string
		sizes []int // read sizes, cycled
		err   error // the reader's error after the data (nil: io.EOF)
	}{
		{"bytes", []int{1}, nil},
		{"mixed", []int{1, 7, 1, 1, 65536, 3, 100000}, nil},
		{"large", []int{1 << 20}, nil},
		{"error after data", []int{1, 5000}, boom},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var r io.Reader = bytes.NewReader(data)
			want := io.EOF
			if tc.err != nil {
				r, want = io.MultiReader(r, &errReader{tc.err}), tc.err
			}
			s := &xzSrc{r: r, buf: make([]byte, 64<<10)}
			var got []byte
			var err error
			for i := 0; err == nil; i++ {
				p := make([]byte, tc.sizes[i%len(tc.sizes)])
				var n int
				n, err = s.Read(p)
				got = append(got, p[:n]...)
			}
			if !bytes.Equal(got, data) || err != want {
				t.Fatalf("got %d bytes (equal %v), err %v; want %d bytes, %v", len(got), bytes.Equal(got, data), err, len(data), want)
			}
			if n, err := s.Read(make([]byte, 1)); n != 0 || err != want {
				t.Fatalf("read after the end: %d, %v", n, err)
			}
		})
	}
}
