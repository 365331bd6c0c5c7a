package corpus

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	dbz "github.com/dsnet/compress/bzip2"
	"github.com/idlint/idlint/internal/adversary"
	"github.com/idlint/idlint/internal/longtest"
	"github.com/idlint/idlint/record"
	"github.com/klauspost/compress/zip"
	"github.com/klauspost/compress/zstd"
)

// zipMixed is a zip of every kind of entry the walk tells apart: stored,
// deflate, zstd and bzip2 members (all with data descriptors, as
// zip.Writer writes them), a directory, a symbolic link, an encrypted
// one, an unsupported method, a nested stored zip and a zip64 entry whose
// declared size is not what its data holds.
func zipMixed(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	zw.RegisterCompressor(zstd.ZipMethodWinZip, zstd.ZipCompressor())
	zw.RegisterCompressor(zipMethodBzip2, func(w io.Writer) (io.WriteCloser, error) { return dbz.NewWriter(w, nil) })
	zw.RegisterCompressor(99, func(w io.Writer) (io.WriteCloser, error) { return nopWriteCloser{w}, nil })
	add := func(h *zip.FileHeader, body string) {
		w, err := zw.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(w, body)
	}
	add(&zip.FileHeader{Name: "a.txt", Method: zip.Deflate}, strings.Repeat("deflated urn:x:a text ", 40))
	add(&zip.FileHeader{Name: "s.txt", Method: zip.Store}, "stored urn:x:s")
	add(&zip.FileHeader{Name: "z.txt", Method: zstd.ZipMethodWinZip}, strings.Repeat("zstd urn:x:z ", 30))
	add(&zip.FileHeader{Name: "b.txt", Method: zipMethodBzip2}, strings.Repeat("bzip2 urn:x:b ", 30))
	add(&zip.FileHeader{Name: "d/", Method: zip.Store}, "")
	link := &zip.FileHeader{Name: "link", Method: zip.Store}
	link.SetMode(fs.ModeSymlink | 0o777)
	add(link, "a.txt")
	add(&zip.FileHeader{Name: "enc.txt", Method: zip.Store, Flags: 1}, "urn:x:secret")
	add(&zip.FileHeader{Name: "m99.txt", Method: 99}, "urn:x:method99")
	add(&zip.FileHeader{Name: "inner.zip", Method: zip.Store}, string(zipb(t, entry{name: "i.txt", body: "inner urn:x:i"})))
	w, err := zw.CreateRaw(&zip.FileHeader{Name: "big.bin", Method: zip.Store, CompressedSize64: 9, UncompressedSize64: 5 << 30})
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(w, "urn:x:big")
	add(&zip.FileHeader{Name: "last.txt", Method: zip.Deflate}, "the last urn:x:last")
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// zipRecord returns the offset of directory record k of data.
func zipRecord(t *testing.T, data []byte, k int) int {
	t.Helper()
	off := -1
	for range k + 1 {
		i := bytes.Index(data[off+1:], []byte("PK\x01\x02"))
		if i < 0 {
			t.Fatalf("no directory record %d", k)
		}
		off += i + 1
	}
	return off
}

// Walking a zip's directory in chunks gives what zip.NewReader over the
// whole archive gives: the same members, bytes, records and errors
// (issue 24 §5: a zip of 1 M entries does not take 788 MB).
func TestZipChunkedSameResult(t *testing.T) {
	mixed := zipMixed(t)
	edit := func(f func(b []byte)) []byte {
		b := bytes.Clone(mixed)
		f(b)
		return b
	}
	badCRC := edit(func(b []byte) { // a.txt's data altered
		b[bytes.Index(b, []byte("a.txt"))+len("a.txt")+3] ^= 0x40
	})
	// the 5th record's signature broken: archive/zip fails the archive
	cutDir := edit(func(b []byte) { b[zipRecord(t, b, 4)] = 'X' })
	// the 3rd record's local header offset past the end of the archive
	farOffset := edit(func(b []byte) { binary.LittleEndian.PutUint32(b[zipRecord(t, b, 2)+42:], uint32(len(b)-10)) })
	// the 2nd record's local header offset inside the directory
	intoDir := edit(func(b []byte) {
		binary.LittleEndian.PutUint32(b[zipRecord(t, b, 1)+42:], uint32(zipRecord(t, b, 6)))
	})
	// the 4th record's extra field length made 1 byte short: its zip64
	// or other fields misparse (archive/zip: not a valid zip file)
	badExtra := edit(func(b []byte) {
		r := zipRecord(t, b, 9)
		binary.LittleEndian.PutUint16(b[r+30:], binary.LittleEndian.Uint16(b[r+30:])+3)
	})
	overlap := adversary.OverlapZip(40, []byte(strings.Repeat("urn:x:kernel ", 100)))

	cases := []struct {
		name    string
		data    []byte
		opt     Options
		chunked bool // walked in chunks (else left to zip.NewReader)
		stdin   bool // read as standard input: spooled
	}{
		{"every kind of entry", mixed, Options{}, true, false},
		{"every kind of entry, spooled", mixed, Options{}, true, true},
		{"every kind of entry, spooled to a file", mixed, Options{SpoolMemoryBytes: 100, TempDir: t.TempDir()}, true, true},
		{"decoded ahead", mixed, Options{ParallelDecode: true, DecodeWidth: threeCores}, true, false},
		{"entry limit", mixed, Options{MaxEntries: 4}, true, false},
		{"bad CRC", badCRC, Options{}, true, false},
		{"overlapping entries", overlap, Options{}, true, false},
		{"overlapping entries, entry limit", overlap, Options{MaxEntries: 7}, true, false},
		{"local header past the end", farOffset, Options{}, true, false},
		{"local header in the directory", intoDir, Options{}, true, false},
		{"directory cut short", cutDir, Options{}, false, false},
		{"bad extra field", badExtra, Options{}, false, false},
	}
	defer func(m, l int, e bool) { zipChunkMin, zipChunkLen, zipEnd64 = m, l, e }(zipChunkMin, zipChunkLen, zipEnd64)
	for _, c := range cases {
		zipChunkMin = 1 << 62
		open := openBytes
		if c.stdin {
			open = openStdin
		}
		want, wantDocs := open(t, c.data, c.opt)
		for _, s := range []struct {
			len int
			e64 bool
		}{{1, false}, {3, true}, {4096, false}} {
			t.Run(fmt.Sprintf("%s/chunks of %d/zip64 end %v", c.name, s.len, s.e64), func(t *testing.T) {
				zipChunkMin, zipChunkLen, zipEnd64 = 1, s.len, s.e64
				before := zipChunkedWalks.Load()
				got, gotDocs := open(t, c.data, c.opt)
				if d := aheadDiff(want, wantDocs, got, gotDocs); d != "" {
					t.Fatal(d)
				}
				if chunked := zipChunkedWalks.Load() > before; chunked != c.chunked {
					t.Errorf("walked in chunks: %v, want %v", chunked, c.chunked)
				}
			})
		}
	}
}

// The live heap of a walk over a zip of 1 M entries stays a small part of
// what a *zip.File per entry held (issue 24 §5: ~230 bytes an entry,
// 216 MB of 248 MB live): the directory is read a chunk at a time, and
// the overlap check keeps 24 bytes an entry.
func TestZipMillionEntriesHeap(t *testing.T) {
	longtest.Skip(t) // writes and walks a 1 M-entry zip (~100 MB)
	const entries = 1_000_000
	path := filepath.Join(t.TempDir(), "m.zip")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	zw := zip.NewWriter(bw)
	for i := range entries {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: fmt.Sprintf("d%03d/f%07d.txt", i%1000, i), Method: zip.Store})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(w, "urn:example:%d\n", i)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := bw.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()

	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	runtime.GC()
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(live)
	base := live[0].Value.Uint64()
	// the live heap as of each GC, sampled while the walk runs
	var peak atomic.Uint64
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		for {
			metrics.Read(s)
			if v := s[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	docs, ok := 0, 0
	OpenFunc(Input{Path: path}, Options{}, nil, func(d *Document) (int, error) {
		docs++
		b, err := io.ReadAll(d.Reader)
		return countURN(b), err
	}, func(r record.Source) {
		if r.Status == record.StatusOK {
			ok++
		}
	})
	close(done)
	<-sampled
	if docs != entries {
		t.Errorf("%d documents, want %d", docs, entries)
	}
	grew := int64(peak.Load()) - int64(base)
	t.Logf("%d entries: peak live heap %d MB over a %d MB base, %d bytes an entry (%d records ok)", entries, grew>>20, base>>20, grew/entries, ok)
	// a *zip.File per entry was ~230 bytes; 24 of the 48 allowed are
	// the overlap check's spans
	if grew > 48*entries {
		t.Errorf("the walk's live heap grew by %d bytes, %d an entry: want at most 48 an entry", grew, grew/entries)
	}
}

// FuzzZipChunked: any bytes read as a zip give the same records and
// documents walked in directory chunks (of 2 records) as read whole by
// zip.NewReader (issue 24 §5).
func FuzzZipChunked(f *testing.F) {
	for _, seed := range [][]byte{
		zipb(f, entry{name: "a", body: "urn:x:a"}, entry{name: "b", body: "urn:x:b", store: true}, entry{name: "d/", dir: true}, entry{name: "c", body: ""}),
		adversary.OverlapZip(5, []byte("urn:x:kernel urn:x:kernel")),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer func(m, l int) { zipChunkMin, zipChunkLen = m, l }(zipChunkMin, zipChunkLen)
		opt := Options{MaxMemberBytes: 1 << 20, MaxWindowBytes: 8 << 20, MaxRatio: 100, RatioGrace: 1 << 12, MaxEntries: 50}
		zipChunkMin = 1 << 62
		whole, wholeDocs := openBytes(t, data, opt)
		zipChunkMin, zipChunkLen = 1, 2
		chunked, chunkedDocs := openBytes(t, data, opt)
		// where flate finds corrupt input depends on the state a pooled
		// decoder kept from its last use (Reset keeps its Huffman
		// tables): not on the directory's reading
		for _, recs := range [][]record.Source{whole, chunked} {
			for i := range recs {
				recs[i].Error = flateOffset.ReplaceAllString(recs[i].Error, "$1 N")
			}
		}
		if d := aheadDiff(whole, wholeDocs, chunked, chunkedDocs); d != "" {
			t.Fatal(d)
		}
	})
}

// A directory of more records than its classic directory end can count
// (65,536 + 40: the count says 40, as archive/zip reads it, modulo
// 65536) is walked in chunks too, with the same result.
func TestZipChunkedCountWraps(t *testing.T) {
	data := adversary.OverlapZip(1<<16+40, []byte("urn:x:kernel"))
	defer func(m int) { zipChunkMin = m }(zipChunkMin)
	zipChunkMin = 1 << 62
	want, wantDocs := openBytes(t, data, Options{})
	zipChunkMin = 1000
	before := zipChunkedWalks.Load()
	got, gotDocs := openBytes(t, data, Options{})
	if d := aheadDiff(want, wantDocs, got, gotDocs); d != "" {
		t.Fatal(d)
	}
	if zipChunkedWalks.Load() == before {
		t.Error("not walked in chunks")
	}
	if len(got) != 1<<16+41 {
		t.Errorf("%d records, want one for the archive and each of %d entries", len(got), 1<<16+40)
	}
}

var flateOffset = regexp.MustCompile(`(flate: corrupt input before offset) [0-9]+`)
