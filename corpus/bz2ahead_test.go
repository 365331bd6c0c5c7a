package corpus

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"

	dbz "github.com/dsnet/compress/bzip2"
)

// bz2 compresses each part as one bzip2 stream (as pbzip2 writes a file:
// streams one after another).
func bz2(t testing.TB, parts ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	for _, p := range parts {
		w, err := dbz.NewWriter(&b, &dbz.WriterConfig{Level: 1 + len(p)%9})
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(p))
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}

// Decoding a bzip2 file of many streams ahead (ParallelDecode on an input
// file) gives what decoding it in order gives: bytes, records, errors and
// limits, whatever the chunk sizes. A bzip2 file may be streams one after
// another, each starting "BZh" and a level on a byte boundary (bzip2
// format: the stream header; compress/bzip2 reads them in a row).
func TestBz2AheadSameResult(t *testing.T) {
	rnd := rand.New(rand.NewSource(5))
	text := gzAheadText(rnd, 150, 4000)
	plain := bz2(t, text...)
	corrupt := bytes.Clone(plain)
	corrupt[len(corrupt)/2] ^= 0x21
	// a stream start written over the middle of a stream: a false start
	// (that stream is corrupt then, in order as ahead)
	falseStart := bytes.Clone(plain)
	copy(falseStart[len(falseStart)/3:], "BZh91AY&SY")
	zeros := bz2(t, append(append(append([]string{}, text[:40]...), strings.Repeat("\x00", 1<<20)), text[40:80]...)...)
	big := bz2(t, append(append(append([]string{}, text[:50]...), strings.Repeat(text[3]+text[9], 60)), text[50:100]...)...)

	tarData := string(tarb(t, entry{name: "a.txt", body: strings.Join(text[:70], "")}, entry{name: "b.txt", body: strings.Join(text[70:], "")}))
	var tarParts []string
	for len(tarData) > 0 {
		n := min(len(tarData), 1+rnd.Intn(6000))
		tarParts, tarData = append(tarParts, tarData[:n]), tarData[n:]
	}

	cases := []struct {
		name string
		data []byte
		opt  Options
	}{
		{"streams", plain, Options{}},
		{"corrupt stream", corrupt, Options{}},
		{"false stream start", falseStart, Options{}},
		{"trailing garbage", append(bytes.Clone(plain), "not bzip2\n"...), Options{}},
		{"trailing zeros", append(bytes.Clone(plain), make([]byte, 700)...), Options{}},
		{"truncated", plain[:len(plain)*3/5], Options{}},
		{"stream over the job limit", big, Options{}},
		{"ratio limit trips", zeros, Options{MaxRatio: 20, RatioGrace: 4096}},
		{"ratio limit with grace", zeros, Options{MaxRatio: 1100, RatioGrace: 100000}},
		{"one stream", bz2(t, strings.Join(text, "")), Options{}},
		{"tar in streams", bz2(t, tarParts...), Options{}},
	}
	defer func(c, s int64, l int) { bz2Chunk, bz2Span, gzJobLimit = c, s, l }(bz2Chunk, bz2Span, gzJobLimit)
	before := bz2AheadDelivered.Load()
	for _, c := range cases {
		seq, seqDocs := openBytes(t, c.data, c.opt)
		for _, size := range []struct {
			chunk, span int64
			limit       int
		}{{97, 1 << 20, 1 << 20}, {1000, 2000, 3000}, {4096, 1 << 20, 64 << 10}, {1 << 20, 16 << 20, 16 << 20}} {
			bz2Chunk, bz2Span, gzJobLimit = size.chunk, size.span, size.limit
			opt := c.opt
			opt.ParallelDecode, opt.DecodeWidth = true, threeCores
			par, parDocs := openBytes(t, c.data, opt)
			if got, want := recordsString(par), recordsString(seq); got != want {
				t.Fatalf("%s, chunks of %d: records\n%s\nwant (in order)\n%s", c.name, size.chunk, got, want)
			}
			if len(parDocs) != len(seqDocs) {
				t.Fatalf("%s, chunks of %d: %d documents, want %d", c.name, size.chunk, len(parDocs), len(seqDocs))
			}
			for i := range seqDocs {
				if docString(parDocs[i]) != docString(seqDocs[i]) {
					t.Errorf("%s, chunks of %d: document %d (%s) differs", c.name, size.chunk, i, seqDocs[i].Member)
				}
			}
		}
	}
	if bz2AheadDelivered.Load() == before {
		t.Error("no stream was delivered from a job: nothing was decoded ahead")
	}
}

// Random files of streams, random damage, random chunk sizes.
func TestBz2AheadRandom(t *testing.T) {
	defer func(c, s int64) { bz2Chunk, bz2Span = c, s }(bz2Chunk, bz2Span)
	rnd := rand.New(rand.NewSource(13))
	for i := 0; i < 40; i++ {
		data := bz2(t, gzAheadText(rnd, 1+rnd.Intn(40), rnd.Intn(3000))...)
		switch rnd.Intn(4) {
		case 0:
			data[rnd.Intn(len(data))] ^= byte(1 + rnd.Intn(255))
		case 1:
			data = data[:rnd.Intn(len(data))+1]
		case 2:
			copy(data[rnd.Intn(len(data)):], "BZh51AY&SY")
		}
		seq, seqDocs := openBytes(t, data, Options{})
		bz2Chunk, bz2Span = int64(16+rnd.Intn(3000)), int64(1+rnd.Intn(20000))
		par, parDocs := openBytes(t, data, Options{ParallelDecode: true, DecodeWidth: threeCores})
		if recordsString(par) != recordsString(seq) || len(parDocs) != len(seqDocs) {
			t.Fatalf("file %d, chunks of %d: records\n%s\nwant\n%s", i, bz2Chunk, recordsString(par), recordsString(seq))
		}
		for k := range seqDocs {
			if docString(parDocs[k]) != docString(seqDocs[k]) {
				t.Fatalf("file %d, chunks of %d: document %d differs", i, bz2Chunk, k)
			}
		}
	}
}
