package corpus

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idlint/idlint/record"
)

// FuzzOpen: any bytes give records, each with a status and an explained
// failure, and never a panic or a document past the size limit.
func FuzzOpen(f *testing.F) {
	w, _ := warcb(f, true, testRecords(f)...)
	for _, seed := range [][]byte{
		nil, []byte("urn:x:y"), gz(f, "urn:x:y", "urn:x:z"), zst(f, []byte("urn:x:y")), small(bzip2Fixture), xzc(f, []byte("urn:x"), 4096),
		tarb(f, entry{name: "a", body: "urn:x:a"}), zipb(f, entry{name: "a", body: "urn:x:a"}), w,
		[]byte("filedesc://x 0 0 text/plain 3\n1 0\n\nhttp://a 0 0 text/html 5\nHTTP/"),
	} {
		f.Add(seed)
	}
	spool := f.TempDir() // per fuzzing process (t.TempDir was a third of an exec)
	f.Fuzz(func(t *testing.T, data []byte) {
		opt := Options{MaxMemberBytes: 1 << 20, SpoolMemoryBytes: 1 << 20, MaxWindowBytes: 8 << 20, TempDir: spool}
		defer spoolEmpty(t, spool)
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
		small(bz2(f, "urn:x:y ", "urn:x:z", "third")), append(small(bz2(f, "a", "b")), 0, 0), small(bzip2Fixture),
		zipb(f, entry{name: "a", body: "urn:x:a"}, entry{name: "b", body: "urn:x:b"}, entry{name: "c", body: "", store: true}),
	} {
		f.Add(seed)
	}
	spool := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		defer func(c, bc, s int64, l, zl int) { gzChunk, bz2Chunk, bz2Span, gzJobLimit, zipJobLimit = c, bc, s, l, zl }(gzChunk, bz2Chunk, bz2Span, gzJobLimit, zipJobLimit)
		gzChunk, bz2Chunk, bz2Span, gzJobLimit, zipJobLimit = 64, 64, 4096, 1<<16, 1<<16
		opt := Options{MaxMemberBytes: 1 << 20, SpoolMemoryBytes: 1 << 20, MaxWindowBytes: 8 << 20, MaxRatio: 100, RatioGrace: 1 << 12, TempDir: spool}
		defer spoolEmpty(t, spool)
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
	spool := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		data = append([]byte(arMagic), data...)
		defer spoolEmpty(t, spool)
		for _, stdin := range []bool{false, true} {
			open := openBytes
			if stdin {
				open = openStdin
			}
			recs, docs := open(t, data, Options{MaxMemberBytes: 1 << 20, SpoolMemoryBytes: 1 << 20, MaxWindowBytes: 8 << 20, TempDir: spool})
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

// FuzzOpenFile: any bytes written to a file and opened by its path — the
// command's way: a bare descriptor, the size planned first (Plan) or
// asked, random access for a zip, a zip in a stream spooled to a
// temporary file — give the records and documents the same bytes give
// through an fs.FS, whatever the file's name says (formats are told by
// content); every record has a status, every failure its reason; nothing
// is left in the spool directory (issue 24 §9).
func FuzzOpenFile(f *testing.F) {
	w, _ := warcb(f, true, testRecords(f)...)
	inner := zipb(f, entry{name: "a", body: "urn:x:a"}, entry{name: "b.gz", body: string(gz(f, "urn:x:b"))})
	for _, seed := range [][]byte{
		nil, []byte("urn:x:y\n"), gz(f, "urn:x:y", "urn:x:z"), zst(f, []byte("urn:x:y")), small(bzip2Fixture), xzc(f, []byte("urn:x"), 4096),
		tarb(f, entry{name: "a", body: "urn:x:a"}, entry{name: "z.zip", body: string(inner)}), inner, gz(f, string(inner)), w,
		arb(f, gnuAr, entry{name: "a", body: "urn:x:a"}),
	} {
		f.Add(seed, uint8(0), false)
	}
	dir := f.TempDir() // one per fuzzing process: its calls run one at a time
	names := []string{"in.txt", "in.zip", "in.tar.gz", "in.warc.gz", "in.xz", "in"}
	spool := filepath.Join(dir, "spool")
	if err := os.Mkdir(spool, 0o755); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte, name uint8, plan bool) {
		path := filepath.Join(dir, names[int(name)%len(names)])
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		defer os.Remove(path)
		// a small spool: a zip in a stream goes to a temporary file
		opt := Options{MaxMemberBytes: 1 << 20, SpoolMemoryBytes: 256, MaxWindowBytes: 8 << 20, TempDir: spool}
		in := Input{Path: path}
		if plan {
			Plan(&in, opt, 1<<20)
		}
		recs, docs := openWith(t, in, opt, nil)
		wantRecs, wantDocs := openBytes(t, data, opt)
		for _, r := range recs {
			if r.Status != record.StatusOK && r.Error == "" || r.Status == "" || r.Source != path {
				t.Errorf("record %+v", r)
			}
		}
		// the same records but for the errors' words, which are the file
		// system's: fstest.MapFS reads past the end as "invalid argument",
		// a file as EOF
		for _, rs := range [][]record.Source{recs, wantRecs} {
			for i := range rs {
				rs[i].Error = ""
			}
		}
		for i := range docs {
			if docs[i].Source != path {
				t.Fatalf("document of %q from the file %q", docs[i].Source, path)
			}
			docs[i].Source = "in"
		}
		if d := aheadDiff(wantRecs, wantDocs, recs, docs); d != "" {
			t.Fatalf("the file's %s (the fs.FS's are the want)", d)
		}
		spoolEmpty(t, spool)
	})
}

// spoolEmpty fails when a spool file is left in dir (and removes it, so
// that the next input of the fuzzing process starts clean).
func spoolEmpty(t *testing.T, dir string) {
	left, _ := os.ReadDir(dir)
	for _, e := range left {
		t.Errorf("left in the spool directory: %s", e.Name())
		os.RemoveAll(filepath.Join(dir, e.Name()))
	}
}

// small makes a bzip2 seed's streams declare 100k blocks (level 1, the
// "BZh1" header) instead of 900k: the decoder allocates 4 bytes per byte
// of block for each stream, and 3.6 MB cleared per stream was most of an
// exec (blocks this small decode the same).
func small(b []byte) []byte {
	return bytes.ReplaceAll(b, []byte("BZh9"), []byte("BZh1"))
}
