package corpus

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/idlint/idlint/internal/longtest"
	"github.com/idlint/idlint/record"
	"github.com/klauspost/compress/gzip"
)

// gzLevel compresses each part as one gzip member at level.
func gzLevel(t testing.TB, level int, parts ...string) []byte {
	t.Helper()
	p, _ := gzPools.LoadOrStore(level, new(sync.Pool))
	pool := p.(*sync.Pool)
	zw, _ := pool.Get().(*gzip.Writer)
	out := streams(t, func(w io.Writer) (io.WriteCloser, error) {
		if zw == nil {
			var err error
			zw, err = gzip.NewWriterLevel(w, level)
			return zw, err
		}
		zw.Reset(w)
		return zw, nil
	}, parts...)
	if zw != nil {
		pool.Put(zw)
	}
	return out
}

// gzPools holds gzip writers by level, reset for each member: making a
// writer (its tables) cost more than compressing a part, and was most of
// the time of the tests that build files of many members.
var gzPools sync.Map

// aheadCase is a file of many streams to read ahead and in order.
type aheadCase struct {
	name    string
	data    []byte
	opt     Options
	wantErr string // in the records, when set
}

// streamCases are the files of many streams (gzip members, bzip2 streams:
// pack makes one of each part) both formats are tested on: damage, a
// stream over the job limit, the ratio limit, one stream, a tar across
// streams.
func streamCases(t testing.TB, rnd *rand.Rand, text []string, pack func(parts ...string) []byte) []aheadCase {
	plain := pack(text...)
	corrupt := bytes.Clone(plain) // data and CRC altered in the middle
	corrupt[len(corrupt)/2] ^= 0x55
	// one stream far larger than a job may hold, between small ones
	big := pack(slices.Concat(text[:50], []string{strings.Repeat(text[3]+text[9], 40)}, text[50:100])...)
	// zeros: a high expansion ratio
	zeros := pack(slices.Concat(text[:40], []string{strings.Repeat("\x00", 1<<20), strings.Repeat(" ", 300000)}, text[40:80])...)
	tarData := string(tarb(t, entry{name: "a.txt", body: strings.Join(text[:len(text)/2], "")}, entry{name: "b.txt", body: strings.Join(text[len(text)/2:], "")}))
	var tarParts []string
	for len(tarData) > 0 {
		n := min(len(tarData), 1+rnd.Intn(5000))
		tarParts, tarData = append(tarParts, tarData[:n]), tarData[n:]
	}
	return []aheadCase{
		{"streams", plain, Options{}, ""},
		{"corrupt stream", corrupt, Options{}, "error"},
		{"trailing garbage", append(bytes.Clone(plain), "not compressed\n"...), Options{}, "error"},
		{"trailing zeros", append(bytes.Clone(plain), make([]byte, 3000)...), Options{}, "error"},
		{"truncated", plain[:len(plain)*2/3], Options{}, "error"},
		{"stream over the job limit", big, Options{}, ""},
		{"ratio limit trips", zeros, Options{MaxRatio: 20, RatioGrace: 4096}, "expansion ratio"},
		{"ratio limit with grace", zeros, Options{MaxRatio: 1100, RatioGrace: 100000}, ""},
		{"one stream", pack(strings.Join(text, "")), Options{}, ""},
		{"tar across streams", pack(tarParts...), Options{}, ""},
	}
}

// damage flips a byte of data, cuts it short, applies more (the format's
// false starts) or leaves it whole, at random.
func damage(rnd *rand.Rand, data []byte, more func([]byte) []byte) []byte {
	switch rnd.Intn(4) {
	case 0:
		data[rnd.Intn(len(data))] ^= byte(1 + rnd.Intn(255))
	case 1:
		data = data[:rnd.Intn(len(data))+1]
	case 2:
		data = more(data)
	}
	return data
}

// aheadSetting names a setting of the package's chunk and job sizes.
type aheadSetting struct {
	name  string
	set   func()
	quick bool // run by default; the others with IDLINT_LONG=1
}

// checkAhead reads each case in order, then ahead (three cores) under each
// setting, and fails at the first difference; wantErr, when set, must be
// in the records read in order. Only the quick settings run unless the
// long tests do.
func checkAhead(t *testing.T, cases []aheadCase, settings []aheadSetting) {
	t.Helper()
	if !longtest.Enabled() {
		var quick []aheadSetting
		for _, s := range settings {
			if s.quick {
				quick = append(quick, s)
			}
		}
		settings = quick
	}
	for _, c := range cases {
		seq, seqDocs := openBytes(t, c.data, c.opt)
		if c.wantErr != "" && !strings.Contains(recordsString(seq), c.wantErr) {
			t.Fatalf("%s: no %q in the records:\n%s", c.name, c.wantErr, recordsString(seq))
		}
		for _, s := range settings {
			s.set()
			opt := c.opt
			opt.ParallelDecode, opt.DecodeWidth = true, threeCores
			par, parDocs := openBytes(t, c.data, opt)
			if d := aheadDiff(seq, seqDocs, par, parDocs); d != "" {
				t.Fatalf("%s, %s: %s", c.name, s.name, d)
			}
		}
	}
}

// aheadDiff says how decoding ahead (par) differs from reading in order
// (seq): "" when the records and the documents are the same.
func aheadDiff(seq []record.Source, seqDocs []doc, par []record.Source, parDocs []doc) string {
	if got, want := recordsString(par), recordsString(seq); got != want {
		return fmt.Sprintf("records\n%s\nwant (in order)\n%s", got, want)
	}
	if len(parDocs) != len(seqDocs) {
		return fmt.Sprintf("%d documents, want %d", len(parDocs), len(seqDocs))
	}
	for i := range seqDocs {
		if parDocs[i].text != seqDocs[i].text || docString(parDocs[i]) != docString(seqDocs[i]) {
			return fmt.Sprintf("document %d (%s) differs", i, seqDocs[i].Member)
		}
	}
	return ""
}

// threeCores is a decode width of three cores, whatever GOMAXPROCS is.
func threeCores() int { return 3 }

// gzAheadText is n parts of text with identifiers, of random lengths up
// to max bytes (some empty).
func gzAheadText(rnd *rand.Rand, n, max int) []string {
	parts := make([]string, n)
	for i := range parts {
		var b strings.Builder
		for want := rnd.Intn(max + 1); b.Len() < want; {
			fmt.Fprintf(&b, "part %d line %d urn:example:%d and text ", i, b.Len(), rnd.Intn(1000))
			if rnd.Intn(4) == 0 {
				b.WriteString("\n")
			}
		}
		parts[i] = b.String()
	}
	return parts
}

// Decoding a gzip file of many members ahead, on other goroutines
// (ParallelDecode on an input file), gives exactly what decoding it in
// order gives — bytes, documents, records, WARC record offsets, errors,
// limits — whatever the chunk and buffer sizes: a gzip file is a series of
// members (rfc1952 §2.2), and a guess where one starts is used only where
// the members before end.
func TestGzAheadSameResult(t *testing.T) {
	rnd := rand.New(rand.NewSource(7))
	text := gzAheadText(rnd, 300, 2000)
	pack := func(parts ...string) []byte { return gz(t, parts...) }
	cases := streamCases(t, rnd, text, pack)
	var warcRecs []warcRec
	for i, p := range text[:120] {
		warcRecs = append(warcRecs, warcRec{typ: "resource", id: fmt.Sprintf("urn:uuid:%d", i), uri: fmt.Sprintf("http://example.com/%d", i), ctype: "text/plain", block: p})
	}
	warc, _ := warcb(t, true, warcRecs...)
	// a member holding a whole gzip file stored as it is (level 0): its
	// members look like members of the outer file (rfc1951 §3.2.4)
	inner := string(gz(t, text[:40]...))
	stored := append(append(gz(t, text[:30]...), gzLevel(t, gzip.NoCompression, "before "+inner+" after")...), gz(t, text[30:60]...)...)
	cases = append(cases, aheadCase{"warc.gz", warc, Options{}, ""}, aheadCase{"stored gzip inside a member", stored, Options{}, ""})
	defer func(c int64, l int) { gzChunk, gzJobLimit = c, l }(gzChunk, gzJobLimit)
	before := gzAheadDelivered.Load()
	checkAhead(t, cases, []aheadSetting{
		{"chunks of 97", func() { gzChunk, gzJobLimit = 97, 1<<20 }, false},
		{"chunks of 1000, jobs of 3000", func() { gzChunk, gzJobLimit = 1000, 3000 }, true},
		{"chunks of 4096, jobs of 64 KiB", func() { gzChunk, gzJobLimit = 4096, 64<<10 }, false},
		{"default sizes", func() { gzChunk, gzJobLimit = 1<<20, 16<<20 }, false},
	})
	if gzAheadDelivered.Load() == before {
		t.Error("no member was delivered from a job: nothing was decoded ahead")
	}
}

// Random files of members, random damage, random chunk and job sizes:
// decoding ahead gives what decoding in order gives.
func TestGzAheadRandom(t *testing.T) {
	defer func(c int64, l int) { gzChunk, gzJobLimit = c, l }(gzChunk, gzJobLimit)
	rnd := rand.New(rand.NewSource(11))
	for i := range longtest.Pick(8, 60) {
		data := damage(rnd, gz(t, gzAheadText(rnd, 1+rnd.Intn(80), rnd.Intn(3000))...), func(b []byte) []byte {
			return append(b, gzLevel(t, gzip.NoCompression, string(b))...) // itself stored: false starts
		})
		seq, seqDocs := openBytes(t, data, Options{})
		gzChunk, gzJobLimit = int64(16+rnd.Intn(5000)), 1+rnd.Intn(20000)
		par, parDocs := openBytes(t, data, Options{ParallelDecode: true, DecodeWidth: threeCores})
		if d := aheadDiff(seq, seqDocs, par, parDocs); d != "" {
			t.Fatalf("file %d, chunks of %d, jobs of %d: %s", i, gzChunk, gzJobLimit, d)
		}
	}
}

// The shared corpus's WARC files, gzip one member a record, read ahead in
// chunks small enough that every record boundary is a guess.
func TestGzAheadSharedWARC(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(sharedCorpora, "warc", "*", "*.gz"))
	more, _ := filepath.Glob(filepath.Join(sharedCorpora, "warc", "*", "*", "*.gz"))
	files = append(files, more...)
	if len(files) == 0 {
		t.Skip("no ../shared/corpora/warc")
	}
	defer func(c int64, l int) { gzChunk, gzJobLimit = c, l }(gzChunk, gzJobLimit)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		seq, seqDocs := openBytes(t, data, Options{})
		for _, chunk := range []int64{50, 333, 4096} {
			gzChunk = chunk
			par, parDocs := openBytes(t, data, Options{ParallelDecode: true, DecodeWidth: threeCores})
			if d := aheadDiff(seq, seqDocs, par, parDocs); d != "" {
				t.Fatalf("%s, chunks of %d: %s", f, chunk, d)
			}
		}
	}
}

// docString is all a test handler saw of a document but its text
// (compared as it is: quoting it was a tenth of the ahead tests' time).
func docString(d doc) string {
	return fmt.Sprintf("%q %q %q %q %q %d %v %q", d.Source, d.Member, d.RecordID, d.TargetURI, d.RecordType, d.RecordOffset, d.RecordOffsetDecompressed, d.Format)
}

// falseStartsMember is a valid gzip member, stored (rfc1951 §3.2.4), whose
// bytes are a 15-byte pattern over and over: a gzip header and the head
// of a stored block, so that every copy of the pattern is a false start
// that decodes on to the region's end before its CRC fails. (Found by
// review: a job paid a whole decode for each.)
func falseStartsMember(blocks int) []byte {
	p := []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff, 0x00, 0xfa, 0xff, 0x05, 0x00}
	n := 10 + blocks*65535
	b := bytes.Repeat(p, n/15+1)[:n]
	var out []byte
	for k := 0; k < blocks; k++ {
		s := 10 + k*65535 + 5
		out = append(out, b[s:s+65530]...)
	}
	b = append(b, 1, 0, 0, 0xff, 0xff)
	b = binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(out))
	return binary.LittleEndian.AppendUint32(b, uint32(len(out)))
}

// A file crafted with a false start every 15 bytes costs the jobs a
// bounded multiple of its size (the probe budget), and reads as in order.
func TestGzAheadFalseStartsBounded(t *testing.T) {
	defer func(c int64) { gzChunk = c }(gzChunk)
	data := append(append(gz(t, "first urn:a:b "), falseStartsMember(16)...), gz(t, "last urn:c:d")...)
	seq, seqDocs := openBytes(t, data, Options{})
	for _, chunk := range []int64{64 << 10, 1 << 20} {
		gzChunk = chunk
		before := gzAheadDecoded.Load()
		par, parDocs := openBytes(t, data, Options{ParallelDecode: true, DecodeWidth: threeCores})
		if d := aheadDiff(seq, seqDocs, par, parDocs); d != "" {
			t.Fatalf("chunks of %d: %s", chunk, d)
		}
		// each chunk's guessing decodes at most two chunks' worth
		if work, bound := gzAheadDecoded.Load()-before, int64(len(data))*3; work > bound {
			t.Errorf("chunks of %d: jobs decoded %d bytes for a %d-byte file (bound %d)", chunk, work, len(data), bound)
		}
	}
}

// rawMember builds one gzip member by hand with the optional header fields
// flg asks for (rfc1952 §2.3.1: FHCRC 2, FEXTRA 4, FNAME 8, FCOMMENT 16).
func rawMember(t testing.TB, body string, flg byte, extra []byte, name, comment string) []byte {
	t.Helper()
	defl := gzLevel(t, 6, body)[10:] // the deflate data and the trailer
	h := []byte{0x1f, 0x8b, 8, flg, 0, 0, 0, 0, 0, 0xff}
	if flg&4 != 0 {
		h = append(h, byte(len(extra)), byte(len(extra)>>8))
		h = append(h, extra...)
	}
	if flg&8 != 0 {
		h = append(append(h, name...), 0)
	}
	if flg&16 != 0 {
		h = append(append(h, comment...), 0)
	}
	if flg&2 != 0 {
		c := crc32.ChecksumIEEE(h)
		h = append(h, byte(c), byte(c>>8))
	}
	return append(h, defl...)
}

// Members with every optional header field (names, comments and extra
// fields holding the gzip magic), runs of empty members, and files ending
// in a partial header read ahead as in order, for chunks down to one byte.
// (After review.)
func TestGzAheadHeaders(t *testing.T) {
	rnd := rand.New(rand.NewSource(1))
	text := gzAheadText(rnd, 120, 800)
	var all []byte
	for i, p := range text {
		flg := []byte{0, 8, 16 | 8, 4, 2 | 4 | 8 | 16, 2}[i%6]
		extra := bytes.Repeat([]byte{0x1f, 0x8b, 8, 0}, rnd.Intn(40))
		all = append(all, rawMember(t, p, flg, extra, strings.Repeat("n\x1f\x8b\x08", rnd.Intn(30)), strings.Repeat("c", rnd.Intn(300)))...)
	}
	empties := bytes.Repeat(gz(t, ""), 50)
	withEmpties := slices.Concat(empties, gz(t, text[:20]...), empties, gz(t, text[20:40]...), empties)
	cases := []aheadCase{
		{"header fields", all, Options{}, ""},
		{"empty members", withEmpties, Options{}, ""},
		{"partial header at the end", append(bytes.Clone(all), 0x1f, 0x8b, 8, 0), Options{}, "error"},
		{"magic only at the end", append(bytes.Clone(all), 0x1f, 0x8b), Options{}, "error"},
		{"a header without data at the end", append(bytes.Clone(all), gz(t, "")[:10]...), Options{}, "error"},
		{"a member without trailer at the end", append(bytes.Clone(all), gz(t, "x urn:a")[:20]...), Options{}, "error"},
	}
	defer func(c int64, l int) { gzChunk, gzJobLimit = c, l }(gzChunk, gzJobLimit)
	var settings []aheadSetting
	for _, chunk := range []int64{1, 7, 11, 100, 333, 4096} {
		for _, limit := range []int{100, 1 << 20} {
			quick := chunk == 7 && limit == 100 || chunk == 333 && limit == 1<<20
			settings = append(settings, aheadSetting{fmt.Sprintf("chunks of %d, jobs of %d", chunk, limit), func() { gzChunk, gzJobLimit = chunk, limit }, quick})
		}
	}
	checkAhead(t, cases, settings)
}

// A handler that stops early (an error, a cancellation, a document half
// read) leaves no job goroutine behind. (After review.)
func TestGzAheadNoLeak(t *testing.T) {
	defer func(c int64) { gzChunk = c }(gzChunk)
	gzChunk = 4096
	rnd := rand.New(rand.NewSource(2))
	text := gzAheadText(rnd, 200, 20000)
	var recs []warcRec
	for i, p := range text {
		recs = append(recs, warcRec{typ: "resource", id: fmt.Sprintf("urn:uuid:%d", i), uri: "http://e/", ctype: "text/plain", block: p})
	}
	warc, _ := warcb(t, true, recs...)
	for _, data := range [][]byte{warc, gz(t, text...)} {
		for _, stopAt := range longtest.Pick([]int{1}, []int{0, 1, 5}) {
			for _, how := range []string{"cancel", "partial", "error"} {
				runtime.GC()
				g0 := runtime.NumGoroutine()
				docs := 0
				openWithHandler(t, data, Options{ParallelDecode: true, DecodeWidth: threeCores}, func(d *Document) (int, error) {
					if docs++; docs > stopAt {
						switch how {
						case "cancel":
							return 0, context.Canceled
						case "partial":
							var b [10]byte
							d.Reader.Read(b[:])
							return 0, nil
						case "error":
							return 0, errors.New("stop")
						}
					}
					io.Copy(io.Discard, d.Reader)
					return 0, nil
				})
				// jobs told to stop finish their current read first
				for wait := 0; runtime.NumGoroutine() > g0 && wait < 2000; wait++ {
					time.Sleep(time.Millisecond)
				}
				if g := runtime.NumGoroutine(); g > g0 {
					t.Errorf("stop after %d documents (%s): goroutines %d -> %d", stopAt, how, g0, g)
				}
			}
		}
	}
}

// openWithHandler opens data as an input file with the handler h.
func openWithHandler(t testing.TB, data []byte, opt Options, h func(*Document) (int, error)) []record.Source {
	t.Helper()
	opt.FS = fstest.MapFS{"in": {Data: data}}
	return Open(Input{Path: "in"}, opt, nil, h)
}
