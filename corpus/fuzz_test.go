package corpus

import (
	"bytes"
	"io"
	"testing"

	"github.com/idlint/idlint/record"
)

// FuzzOpen: any bytes give records, each with a status and an explained
// failure, and never a panic or a document past the size limit.
func FuzzOpen(f *testing.F) {
	w, _ := warcb(f, true, testRecords(f)...)
	for _, seed := range [][]byte{
		nil, []byte("urn:x:y"), gz(f, "urn:x:y", "urn:x:z"), zst(f, []byte("urn:x:y")), bzip2Fixture, xzc(f, []byte("urn:x"), 0),
		tarb(f, entry{name: "a", body: "urn:x:a"}), zipb(f, entry{name: "a", body: "urn:x:a"}), w,
		[]byte("filedesc://x 0 0 text/plain 3\n1 0\n\nhttp://a 0 0 text/html 5\nHTTP/"),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		opt := Options{MaxMemberBytes: 1 << 20, SpoolMemoryBytes: 1 << 20, MaxWindowBytes: 8 << 20, TempDir: t.TempDir()}
		recs := Open(Input{Path: "-"}, opt, bytes.NewReader(data), func(d *Document) (int, error) {
			n, err := io.Copy(io.Discard, d.Reader)
			if n > opt.MaxMemberBytes {
				t.Errorf("document of %d bytes past the limit", n)
			}
			return 0, err
		})
		if len(recs) == 0 {
			t.Fatal("no record")
		}
		for _, r := range recs {
			if r.Status != record.StatusOK && r.Error == "" || r.Status == "" {
				t.Errorf("record %+v", r)
			}
		}
	})
}

// FuzzDecodeAhead: any bytes read as an input file give the same records
// and documents with ParallelDecode (gzip members, bzip2 streams and zip
// members decoded ahead, in chunks of 64 bytes) as without.
func FuzzDecodeAhead(f *testing.F) {
	w, _ := warcb(f, true, testRecords(f)...)
	for _, seed := range [][]byte{
		gz(f, "urn:x:y", "", "urn:x:z", "more text urn:a:b"), w, append(gz(f, "a", "b"), "tail"...),
		bz2(f, "urn:x:y ", "urn:x:z", "third"), append(bz2(f, "a", "b"), 0, 0), bzip2Fixture,
		zipb(f, entry{name: "a", body: "urn:x:a"}, entry{name: "b", body: "urn:x:b"}, entry{name: "c", body: "", store: true}),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer func(c, bc, s int64, l, zl int) { gzChunk, bz2Chunk, bz2Span, gzJobLimit, zipJobLimit = c, bc, s, l, zl }(gzChunk, bz2Chunk, bz2Span, gzJobLimit, zipJobLimit)
		gzChunk, bz2Chunk, bz2Span, gzJobLimit, zipJobLimit = 64, 64, 4096, 1<<16, 1<<16
		opt := Options{MaxMemberBytes: 1 << 20, SpoolMemoryBytes: 1 << 20, MaxWindowBytes: 8 << 20, MaxRatio: 100, RatioGrace: 1 << 12, TempDir: t.TempDir()}
		seq, seqDocs := openBytes(t, data, opt)
		opt.ParallelDecode, opt.DecodeWidth = true, threeCores
		par, parDocs := openBytes(t, data, opt)
		if d := aheadDiff(seq, seqDocs, par, parDocs); d != "" {
			t.Fatal(d)
		}
	})
}
