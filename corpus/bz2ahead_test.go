package corpus

import (
	"io"
	"math/rand"
	"sync"
	"testing"

	dbz "github.com/dsnet/compress/bzip2"
	"github.com/idlint/idlint/internal/longtest"
)

// bz2 compresses each part as one bzip2 stream (as pbzip2 writes a file:
// streams one after another).
func bz2(t testing.TB, parts ...string) []byte {
	t.Helper()
	zw, _ := bz2Pool.Get().(*dbz.Writer)
	out := streams(t, func(w io.Writer) (io.WriteCloser, error) {
		if zw == nil {
			var err error
			zw, err = dbz.NewWriter(w, &dbz.WriterConfig{Level: 9})
			return zw, err
		}
		return zw, zw.Reset(w)
	}, parts...)
	if zw != nil {
		bz2Pool.Put(zw)
	}
	return out
}

// bz2Pool holds bzip2 writers, reset for each stream (as gzPools).
var bz2Pool sync.Pool

// Decoding a bzip2 file of many streams ahead (ParallelDecode on an input
// file) gives what decoding it in order gives: bytes, records, errors and
// limits, whatever the chunk sizes. A bzip2 file may be streams one after
// another, each starting "BZh" and a level on a byte boundary (bzip2
// format: the stream header; compress/bzip2 reads them in a row).
func TestBz2AheadSameResult(t *testing.T) {
	rnd := rand.New(rand.NewSource(5))
	text := gzAheadText(rnd, 150, 4000)
	pack := func(parts ...string) []byte { return bz2(t, parts...) }
	cases := streamCases(t, rnd, text, pack)
	// a stream start written over the middle of a stream: a false start
	// (that stream is corrupt then, in order as ahead)
	falseStart := pack(text...)
	copy(falseStart[len(falseStart)/3:], "BZh91AY&SY")
	cases = append(cases, aheadCase{"false stream start", falseStart, Options{}, "error"})
	defer func(c, s int64, l int) { bz2Chunk, bz2Span, gzJobLimit = c, s, l }(bz2Chunk, bz2Span, gzJobLimit)
	before := bz2AheadDelivered.Load()
	checkAhead(t, cases, []aheadSetting{
		{"chunks of 97", func() { bz2Chunk, bz2Span, gzJobLimit = 97, 1<<20, 1<<20 }, false},
		{"chunks of 1000, span 2000, jobs of 3000", func() { bz2Chunk, bz2Span, gzJobLimit = 1000, 2000, 3000 }, false},
		{"chunks of 4096, jobs of 64 KiB", func() { bz2Chunk, bz2Span, gzJobLimit = 4096, 1<<20, 64<<10 }, true},
		{"default sizes", func() { bz2Chunk, bz2Span, gzJobLimit = 1<<20, 16<<20, 16<<20 }, false},
	})
	if bz2AheadDelivered.Load() == before {
		t.Error("no stream was delivered from a job: nothing was decoded ahead")
	}
}

// Random files of streams, random damage, random chunk sizes.
func TestBz2AheadRandom(t *testing.T) {
	defer func(c, s int64) { bz2Chunk, bz2Span = c, s }(bz2Chunk, bz2Span)
	rnd := rand.New(rand.NewSource(13))
	for i := range longtest.Pick(6, 40) {
		data := damage(rnd, bz2(t, gzAheadText(rnd, 1+rnd.Intn(40), rnd.Intn(3000))...), func(b []byte) []byte {
			copy(b[rnd.Intn(len(b)):], "BZh51AY&SY") // a false start
			return b
		})
		seq, seqDocs := openBytes(t, data, Options{})
		bz2Chunk, bz2Span = int64(16+rnd.Intn(3000)), int64(1+rnd.Intn(20000))
		par, parDocs := openBytes(t, data, Options{ParallelDecode: true, DecodeWidth: threeCores})
		if d := aheadDiff(seq, seqDocs, par, parDocs); d != "" {
			t.Fatalf("file %d, chunks of %d: %s", i, bz2Chunk, d)
		}
	}
}
