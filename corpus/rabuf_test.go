package corpus

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"fmt"
	"io"
	"math/rand"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/klauspost/compress/zstd"

	"github.com/idlint/idlint/record"
)

// The read-ahead buffers are raBuffers separate buffers of raSize bytes,
// kept for the next input, and a huge-page mapping starts on a huge page
// (issue 25, compressed inputs: page faults).
func TestRaBufs(t *testing.T) {
	b := getRaBufs()
	if len(b.bufs) != raBuffers {
		t.Fatalf("%d buffers, want %d", len(b.bufs), raBuffers)
	}
	for i, x := range b.bufs {
		if len(x) != raSize || cap(x) != raSize {
			t.Errorf("buffer %d: len %d cap %d, want %d", i, len(x), cap(x), raSize)
		}
		for k := range x {
			x[k] = byte(i)
		}
	}
	for i, x := range b.bufs {
		if x[0] != byte(i) || x[raSize-1] != byte(i) {
			t.Errorf("buffer %d overlaps another", i)
		}
	}
	if b.mapping != nil && uintptr(unsafe.Pointer(&b.bufs[0][0]))&(hugePageSize-1) != 0 {
		t.Errorf("mapped buffers start at %p, not on a huge page", &b.bufs[0][0])
	}
	putRaBufs(b)
	if again := getRaBufs(); again != b {
		t.Error("a set put back was not reused")
	} else {
		putRaBufs(again)
	}
}

// Compressed inputs decoded at once, more than raFree keeps, each read
// their own bytes through the shared buffers (issue 25, compressed inputs).
func TestRaBufsInputsAtOnce(t *testing.T) {
	const inputs = 9
	texts := make([]string, inputs)
	data := make([][]byte, inputs)
	for i := range inputs {
		var text bytes.Buffer
		for l := 0; text.Len() < (i+1)<<19; l++ {
			fmt.Fprintf(&text, "input %d line %d urn:example:%d\n", i, l, l%311)
		}
		texts[i] = text.String()
		if i%2 == 0 {
			data[i] = zstdWith(t, text.Bytes())
		} else {
			var b bytes.Buffer
			z := gzip.NewWriter(&b)
			z.Write(text.Bytes())
			z.Close()
			data[i] = b.Bytes()
		}
	}
	for round := range 2 {
		var wg sync.WaitGroup
		got := make([][]doc, inputs)
		for i := range inputs {
			wg.Go(func() { _, got[i] = openBytes(t, data[i], Options{ParallelDecode: true, DecodeWidth: threeCores}) })
		}
		wg.Wait()
		for i := range inputs {
			if len(got[i]) != 1 || got[i][0].text != texts[i] {
				t.Errorf("round %d, input %d: %d documents, not its text", round, i, len(got[i]))
			}
		}
	}
}

// An input's decoded stream is read ahead on a goroutine of its own only
// while a core holds no worker (Options.IdleCores; issue 25, compressed
// inputs: with every core busy the read-ahead is a copy and hand-overs
// for no overlap). The worker decoding it itself gives the same records
// and text, for every compressed format.
func TestReadAheadIdleCores(t *testing.T) {
	tests := []struct {
		name string
		idle func() int
		want bool
	}{
		{"no hook (a lone input)", nil, true},
		{"one core idle (-j 1 on two cores, or a last input)", func() int { return 1 }, true},
		{"many cores idle", func() int { return 7 }, true},
		{"every core holds a worker (-j 2 on two cores)", func() int { return 0 }, false},
		{"more workers than cores (-j 4 on two)", func() int { return -2 }, false},
	}
	for _, tt := range tests {
		o := Options{IdleCores: tt.idle}
		if got := o.readAhead(); got != tt.want {
			t.Errorf("%s: read ahead %v, want %v", tt.name, got, tt.want)
		}
	}

	var text bytes.Buffer
	for l := 0; text.Len() < 9<<20; l++ {
		fmt.Fprintf(&text, "line %d urn:example:%d and some words\n", l, l%311)
	}
	var gz bytes.Buffer
	z := gzip.NewWriter(&gz)
	z.Write(text.Bytes())
	z.Close()
	zst := zstdWith(t, text.Bytes())
	inputs := []struct {
		name string
		data []byte
		err  bool
	}{
		{"zstd", zst, false},
		{"gzip", gz.Bytes(), false},
		{"zstd cut mid-stream", zst[:len(zst)/2], true},
	}
	for _, in := range inputs {
		ahead, aheadDocs := openBytes(t, in.data, Options{IdleCores: func() int { return 1 }})
		own, ownDocs := openBytes(t, in.data, Options{IdleCores: func() int { return 0 }})
		if d := aheadDiff(ahead, aheadDocs, own, ownDocs); d != "" {
			t.Errorf("%s: %s", in.name, d)
		}
		var looks atomic.Int32 // a core idle from the third look (8 MiB in)
		later, laterDocs := openBytes(t, in.data, Options{IdleCores: func() int { return int(looks.Add(1)) / 3 }})
		if d := aheadDiff(ahead, aheadDocs, later, laterDocs); d != "" {
			t.Errorf("%s, read ahead from 8 MiB on: %s", in.name, d)
		}
		if len(ownDocs) != 1 || !strings.HasPrefix(text.String(), ownDocs[0].text) || len(ownDocs[0].text) < 1<<20 {
			t.Errorf("%s: %d documents, want the text", in.name, len(ownDocs))
		}
		if failed := len(own) > 0 && own[len(own)-1].Error != ""; failed != in.err {
			t.Errorf("%s: records\n%s\nwant an error: %v", in.name, recordsString(own), in.err)
		}
	}
}

// The read-ahead starts when a core becomes idle, not only at the
// stream's start (the last inputs of a run take the cores the others
// leave), and the bytes read are the stream's whatever the moment
// (issue 25, compressed inputs).
func TestLazyAhead(t *testing.T) {
	src := make([]byte, 3*aheadCheck+12345)
	for i := range src {
		src[i] = byte(i*7 + i>>13)
	}
	tests := []struct {
		name    string
		idleAt  int // look at which a core is idle (0: the first; -1: never)
		started bool
	}{
		{"idle from the start", 0, true},
		{"a core idle after 4 MiB", 1, true},
		{"a core idle after 8 MiB", 2, true},
		{"never idle", -1, false},
		{"idle only after the end", 9, false},
	}
	for _, tt := range tests {
		for _, chunk := range []int{1000, 64 << 10, 3 << 20} {
			looks := 0
			l := newLazyAhead(bytes.NewReader(src), func() bool {
				idle := tt.idleAt >= 0 && looks >= tt.idleAt
				looks++
				return idle
			}, nil)
			var got bytes.Buffer
			buf := make([]byte, chunk)
			for {
				k, err := l.Read(buf)
				got.Write(buf[:k])
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("%s, reads of %d: %v", tt.name, chunk, err)
				}
			}
			if started := l.ra != nil; started != tt.started {
				t.Errorf("%s, reads of %d: read-ahead started %v, want %v", tt.name, chunk, started, tt.started)
			}
			l.close()
			if !bytes.Equal(got.Bytes(), src) {
				t.Errorf("%s, reads of %d: %d bytes read, not the stream's %d", tt.name, chunk, got.Len(), len(src))
			}
		}
	}
}

// An input's compressed file is read ahead on a goroutine of its own when
// its stream is (fileAhead; issue 25: the decoder makes no system call),
// and the records, offsets, limits and errors are those of the bytes
// consumed, as without: a cut or corrupt stream, a ratio limit that trips,
// standard input.
func TestFileAhead(t *testing.T) {
	rnd := rand.New(rand.NewSource(25))
	var text bytes.Buffer
	noise := make([]byte, 48)
	for i := 0; text.Len() < 8<<20; i++ {
		rnd.Read(noise)
		fmt.Fprintf(&text, "line %d urn:example:%d %s\n", i, rnd.Intn(5000), base64.StdEncoding.EncodeToString(noise))
	}
	zst := zstdWith(t, text.Bytes(), zstd.WithEncoderLevel(zstd.SpeedFastest))
	if len(zst) < 4*raSize {
		t.Fatalf("%d compressed bytes: too few to fill the read-ahead's buffers", len(zst))
	}
	badSum := bytes.Clone(zst)
	badSum[len(badSum)-1] ^= 1 // RFC 8878 §3.1.1: the frame's last 4 bytes are its checksum
	open := func(in []byte, opt Options, stdin bool) ([]record.Source, []doc) {
		if stdin {
			return openStdin(t, in, opt)
		}
		return openBytes(t, in, opt)
	}
	tests := []struct {
		name  string
		data  []byte
		opt   Options
		stdin bool
		err   string // in the last record
	}{
		{"whole", zst, Options{}, false, ""},
		{"standard input", zst, Options{}, true, ""},
		{"cut mid-stream", zst[:len(zst)/2], Options{}, false, "unexpected EOF"},
		{"wrong checksum", badSum, Options{}, false, "CRC check failed"},
		{"ratio limit", zst, Options{MaxRatio: 1.1, RatioGrace: 1 << 20}, false, "ratio"},
		{"too small to read ahead", zstdWith(t, text.Bytes()[:fileAheadMin/2]), Options{}, false, ""},
	}
	for _, tt := range tests {
		before := fileAheadStarted.Load()
		own := tt.opt
		own.IdleCores = func() int { return 0 }
		seq, seqDocs := open(tt.data, own, tt.stdin)
		if fileAheadStarted.Load() != before {
			t.Errorf("%s: read ahead with no core idle", tt.name)
		}
		ahead := tt.opt
		ahead.IdleCores = func() int { return 1 }
		par, parDocs := open(tt.data, ahead, tt.stdin)
		if started := fileAheadStarted.Load() != before; started != (len(tt.data) >= fileAheadMin) {
			t.Errorf("%s: file read ahead %v for %d bytes", tt.name, started, len(tt.data))
		}
		if d := aheadDiff(seq, seqDocs, par, parDocs); d != "" {
			t.Errorf("%s: %s", tt.name, d)
		}
		last := seq[len(seq)-1]
		if tt.err == "" && last.Error != "" || !strings.Contains(last.Error, tt.err) {
			t.Errorf("%s: records\n%swant the error %q", tt.name, recordsString(seq), tt.err)
		}
	}
}
