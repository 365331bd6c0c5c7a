package corpus

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"io"
	"math/rand"
	"slices"
	"strings"
	"testing"

	dbz "github.com/dsnet/compress/bzip2"
)

// bz2Level is one bzip2 stream of data at a level (its block size: level
// 1 makes blocks of 100 kB, so that small tests have many).
func bz2Level(t testing.TB, level int, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	zw, err := dbz.NewWriter(&b, &dbz.WriterConfig{Level: level})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// naiveMarks finds the magics bit by bit.
func naiveMarks(buf []byte, base, from, to int64) []bz2Mark {
	var out []bz2Mark
	for bit := from * 8; bit < to*8; bit++ {
		off := bit - base*8
		if off+48 > int64(len(buf))*8 {
			break
		}
		switch bitsAt(buf, off, 48) {
		case bz2BlockMagic:
			out = append(out, bz2Mark{bit: bit})
		case bz2FinalMagic:
			out = append(out, bz2Mark{bit: bit, final: true})
		}
	}
	return out
}

// putBits writes the n low bits of v at bit off of buf (MSB first).
func putBits(buf []byte, off int64, v uint64, n int) {
	for i := range n {
		bit := off + int64(i)
		mask := byte(0x80 >> (bit % 8))
		if v>>(n-1-i)&1 == 1 {
			buf[bit/8] |= mask
		} else {
			buf[bit/8] &^= mask
		}
	}
}

// The block finder finds the 48-bit block and end-of-stream magics at any
// bit (bzip2 format: a block and the stream's end start at a magic that
// is not byte aligned; issue 25 §1), as a bit-by-bit search does, in any
// window of a buffer.
func TestBz2FindMarks(t *testing.T) {
	rnd := rand.New(rand.NewSource(3))
	for i := range 200 {
		buf := make([]byte, 50+rnd.Intn(400))
		rnd.Read(buf)
		for range rnd.Intn(6) {
			magic := uint64(bz2BlockMagic)
			if rnd.Intn(3) == 0 {
				magic = bz2FinalMagic
			}
			putBits(buf, rnd.Int63n(int64(len(buf))*8-47), magic, 48)
		}
		base := int64(rnd.Intn(1000))
		from := base + int64(rnd.Intn(len(buf)/2))
		to := from + int64(rnd.Intn(len(buf)))
		got := bz2FindMarks(nil, buf, base, from, to)
		want := naiveMarks(buf, base, from, to)
		if !slices.Equal(got, want) {
			t.Fatalf("buffer %d, window [%d, %d) of base %d: found %v, want %v", i, from, to, base, got, want)
		}
	}
}

// bz2Blocks over data from its start, as the walker's reader would be.
func testBz2Blocks(data []byte, width int) *bz2Blocks {
	cr := &countingReader{r: bytes.NewReader(data)}
	br := bufio.NewReaderSize(cr, 4096)
	pos := func() int64 { return cr.N() - int64(br.Buffered()) }
	return newBz2Blocks(bytes.NewReader(data), int64(len(data)), 0, br, pos, func() int { return width }, 0, 0, 0)
}

// readBlocks reads b to its stream's end.
func readBlocks(b *bz2Blocks) ([]byte, error) {
	defer b.close()
	out, err := io.ReadAll(b)
	if err == errBz2StreamEnd {
		err = nil
	}
	return out, err
}

// A stream's blocks, each decoded as a stream of one block (header, the
// block's bits realigned, an end-of-stream marker with its CRC), give what
// compress/bzip2 gives for the whole stream, at every decode width; a
// false magic inside a block (one the search finds where no block starts)
// is passed over: the block is ended at the next magic (issue 25 §1).
func TestBz2BlocksFalseMarks(t *testing.T) {
	rnd := rand.New(rand.NewSource(11))
	text := []byte(strings.Join(gzAheadText(rnd, 60, 20000), ""))
	data := bz2Level(t, 1, text)
	want, err := io.ReadAll(bzip2.NewReader(bytes.NewReader(data)))
	if err != nil || !bytes.Equal(want, text) {
		t.Fatalf("compress/bzip2: %v", err)
	}
	// false magics per block: up to bz2Tries-1 are passed over; more make
	// the reader fall back to order, with the same bytes
	for _, falses := range []int{0, 1, bz2Tries - 1, 8} {
		for _, width := range []int{1, 2, 3} {
			b := testBz2Blocks(data, width)
			if b == nil {
				t.Fatal("no blocks reader for a stream that opens with a block")
			}
			for b.scanned < b.size {
				b.scan()
			}
			var starts []int64
			for _, m := range b.marks {
				starts = append(starts, m.bit)
			}
			if len(starts) < 6 {
				t.Fatalf("%d blocks: the test wants many", len(starts)-1)
			}
			for k := range len(starts) - 1 {
				for range falses {
					// past the block's magic and CRC, before the next one
					bit := starts[k] + 80 + rnd.Int63n(starts[k+1]-starts[k]-80)
					b.marks = append(b.marks, bz2Mark{bit: bit, final: rnd.Intn(4) == 0})
				}
			}
			slices.SortFunc(b.marks, func(a, b bz2Mark) int { return int(a.bit - b.bit) })
			before, fell := bz2BlocksDelivered.Load(), bz2BlocksFellBack.Load()
			got, err := readBlocks(b)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("%d false magics a block, width %d: %d bytes, %v; want %d bytes", falses, width, len(got), err, len(want))
			}
			delivered, fellBack := bz2BlocksDelivered.Load()-before, bz2BlocksFellBack.Load()-fell
			if falses < bz2Tries && (delivered != int64(len(starts)-1) || fellBack != 0) {
				t.Fatalf("%d false magics a block, width %d: %d blocks delivered of %d, fell back %d times", falses, width, delivered, len(starts)-1, fellBack)
			}
			if falses >= bz2Tries && fellBack != 1 {
				t.Fatalf("%d false magics a block, width %d: fell back %d times, want once", falses, width, fellBack)
			}
		}
	}
}

// bz2Cases are single-stream bzip2 files (what the bzip2 command writes),
// with damage, and streams of many blocks one after another.
func bz2Cases(t testing.TB, rnd *rand.Rand) []aheadCase {
	text := []byte(strings.Join(gzAheadText(rnd, 40, 20000), ""))
	plain := bz2Level(t, 1, text)
	random := make([]byte, 350_000) // incompressible: blocks near their size
	rnd.Read(random)
	// RLE-free data of exactly the block size around it (100,000 bytes at
	// level 1 less the encoder's margin): blocks end at every boundary
	var edge []byte
	for i := range 299_990 {
		edge = append(edge, byte(i*7+i/251))
	}
	zeros := bz2Level(t, 1, slices.Concat(text[:150_000], make([]byte, 1<<20), text[150_000:]))
	corrupt := bytes.Clone(plain) // a block's data altered in the middle
	corrupt[len(corrupt)/2] ^= 0x55
	falseMagic := bytes.Clone(plain) // a byte-aligned magic over a block: corrupt
	copy(falseMagic[len(falseMagic)/3:], "1AY&SY")
	falseEnd := bytes.Clone(plain) // the end-of-stream magic over a block
	copy(falseEnd[len(falseEnd)/2:], []byte{0x17, 0x72, 0x45, 0x38, 0x50, 0x90})
	badCombined := bytes.Clone(plain) // the stream's combined CRC
	badCombined[len(badCombined)-2] ^= 1
	second := bz2Level(t, 1, text[len(text)/2:])
	return []aheadCase{
		{"one stream of many blocks", plain, Options{}, ""},
		{"random data", bz2Level(t, 1, random), Options{}, ""},
		{"block boundaries", bz2Level(t, 1, edge), Options{}, ""},
		{"block boundaries less one", bz2Level(t, 1, edge[:len(edge)-1]), Options{}, ""},
		{"level 9", bz2Level(t, 9, slices.Concat(text, text)), Options{}, ""},
		{"long runs: a block over the job limit", zeros, Options{}, ""},
		{"ratio limit trips", zeros, Options{MaxRatio: 20, RatioGrace: 4096}, "expansion ratio"},
		{"corrupt block", corrupt, Options{}, "error"},
		{"false block magic over a block", falseMagic, Options{}, "error"},
		{"false end magic over a block", falseEnd, Options{}, "error"},
		{"combined CRC", badCombined, Options{}, "checksum"},
		{"truncated in a block", plain[:len(plain)*2/3], Options{}, "error"},
		{"truncated in the end marker", plain[:len(plain)-3], Options{}, "error"},
		{"trailing garbage", append(bytes.Clone(plain), "not compressed\n"...), Options{}, "error"},
		{"trailing zeros", append(bytes.Clone(plain), make([]byte, 3000)...), Options{}, "error"},
		{"two big streams", slices.Concat(plain, second), Options{}, ""},
		{"two big streams, the second corrupt", slices.Concat(plain, corrupt), Options{}, "error"},
		{"a big stream and small ones", slices.Concat(plain, bz2(t, "a urn:example:a\n", "b urn:example:b\n")), Options{}, ""},
	}
}

// A single-stream bzip2 file decoded block by block ahead (ParallelDecode
// on an input file, cores spare) gives what compress/bzip2 gives in order:
// bytes, documents, records, errors and limits, whatever the step of the
// search and the job limit; a doubt (a corrupt or truncated block, a
// false magic, the combined CRC, trailing data) falls back to order
// (issue 25 §1).
func TestBz2BlocksSameResult(t *testing.T) {
	rnd := rand.New(rand.NewSource(17))
	cases := bz2Cases(t, rnd)
	defer func(s int64, l int) { bz2ScanStep, bz2BlockLimit = s, l }(bz2ScanStep, bz2BlockLimit)
	delivered, fell := bz2BlocksDelivered.Load(), bz2BlocksFellBack.Load()
	checkAhead(t, cases, []aheadSetting{
		{"default sizes", func() { bz2ScanStep, bz2BlockLimit = 1<<20, 8<<20 }, true},
		{"search steps of 1000, jobs of 64 KiB", func() { bz2ScanStep, bz2BlockLimit = 1000, 64<<10 }, true},
		{"search steps of 7, jobs of 1 KiB", func() { bz2ScanStep, bz2BlockLimit = 7, 1<<10 }, false},
	})
	if bz2BlocksDelivered.Load() == delivered {
		t.Error("no block was delivered from a job: nothing was decoded ahead")
	}
	if bz2BlocksFellBack.Load() == fell {
		t.Error("no stream fell back to order: the damaged cases were not decoded ahead")
	}
}

// Decoding ahead gives compress/bzip2's bytes for random texts cut at
// random, and damaged at random, with random search steps.
func TestBz2BlocksRandom(t *testing.T) {
	defer func(s int64) { bz2ScanStep = s }(bz2ScanStep)
	rnd := rand.New(rand.NewSource(19))
	for i := range 8 {
		text := []byte(strings.Join(gzAheadText(rnd, 1+rnd.Intn(20), rnd.Intn(40000)), ""))
		data := damage(rnd, bz2Level(t, 1+rnd.Intn(2), text), func(b []byte) []byte {
			copy(b[rnd.Intn(len(b)):], "1AY&SY")
			return b
		})
		seq, seqDocs := openBytes(t, data, Options{})
		bz2ScanStep = int64(1 + rnd.Intn(300000))
		par, parDocs := openBytes(t, data, Options{ParallelDecode: true, DecodeWidth: threeCores})
		if d := aheadDiff(seq, seqDocs, par, parDocs); d != "" {
			t.Fatalf("file %d, search steps of %d: %s", i, bz2ScanStep, d)
		}
	}
}

// The decoded bytes equal compress/bzip2's on the whole file, block by
// block as they are delivered.
func TestBz2BlocksEqualsStdlib(t *testing.T) {
	rnd := rand.New(rand.NewSource(23))
	for _, level := range []int{1, 3} {
		text := []byte(strings.Join(gzAheadText(rnd, 50, 30000), ""))
		data := bz2Level(t, level, text)
		for _, width := range []int{1, 2, 4} {
			got, err := readBlocks(testBz2Blocks(data, width))
			if err != nil || !bytes.Equal(got, text) {
				t.Fatalf("level %d, width %d: %d bytes, %v; want %d", level, width, len(got), err, len(text))
			}
		}
	}
}
