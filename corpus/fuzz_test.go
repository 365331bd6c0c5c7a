package corpus

import (
	"bytes"
	"io"
	"strings"
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

// FuzzAr: any bytes after the ar magic give records, never a panic; an
// error of the archive names an offset, and what the members hold comes
// from the archive (stored members: never more bytes than it has).
func FuzzAr(f *testing.F) {
	for _, seed := range [][]byte{
		arb(f, gnuAr, entry{name: "/", body: "sym"}, entry{name: "a", body: "urn:x:a"}, entry{name: "a-long-member-name.txt", body: "urn:x:b"}),
		arb(f, bsdAr, entry{name: "__.SYMDEF", body: "s"}, entry{name: "a name with spaces", body: "urn:x:c"}, entry{name: "b", body: "odd"}),
		arb(f, gnuAr, entry{name: "debian-binary", body: "2.0\n"}, entry{name: "data.tar", body: string(tarb(f, entry{name: "./a", body: "urn:x:d"}))}),
		[]byte(arMagic), []byte(arMagic + "//              0           0     0     0       99999999  `\n"),
	} {
		f.Add(seed[len(arMagic):])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		data = append([]byte(arMagic), data...)
		for _, stdin := range []bool{false, true} {
			open := openBytes
			if stdin {
				open = openStdin
			}
			recs, docs := open(t, data, Options{MaxMemberBytes: 1 << 20, SpoolMemoryBytes: 1 << 20, MaxWindowBytes: 8 << 20, TempDir: t.TempDir()})
			if len(recs) == 0 || recs[0].Format != "ar" {
				t.Fatalf("records\n%s", recordsString(recs))
			}
			if r := recs[0]; r.Status == record.StatusError && (!strings.HasPrefix(r.Error, "ar: ") || !strings.Contains(r.Error, "offset")) {
				t.Errorf("archive error without the format or an offset: %q", r.Error)
			}
			for _, r := range recs {
				if r.Status != record.StatusOK && r.Error == "" || r.Status == "" {
					t.Errorf("record %+v", r)
				}
			}
			stored := 0
			for _, d := range docs {
				if d.Format == "ar" {
					stored += len(d.text)
				}
			}
			if stored > len(data) {
				t.Errorf("stored members hold %d bytes, the archive %d", stored, len(data))
			}
		}
	})
}
