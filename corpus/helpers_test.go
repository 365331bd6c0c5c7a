package corpus

import (
	"archive/tar"
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/idlint/idlint/record"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zip"
	"github.com/klauspost/compress/zstd"
	"github.com/pierrec/lz4/v4"
	"github.com/ulikunitz/xz"
)

// Tests that set the package's chunk and job sizes (gzChunk, bz2Chunk,
// zipJobLimit, ...), count goroutines or change directory run alone; all
// others call t.Parallel, and so start only once those have ended.

// sharedCorpora is /work/shared/corpora seen from this package's directory.
var sharedCorpora = filepath.Join("..", "..", "shared", "corpora")

// bzip2Fixture is `printf 'bzip2 text urn:example:bz2 end\n' | bzip2 -9`
// (Go has no bzip2 writer).
var bzip2Fixture = []byte{
	0x42, 0x5a, 0x68, 0x39, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59, 0xf8, 0x4e, 0x69, 0xaf, 0x00, 0x00,
	0x05, 0x59, 0x80, 0x00, 0x10, 0x40, 0x00, 0x10, 0x10, 0x36, 0x27, 0x56, 0x50, 0x20, 0x00, 0x31,
	0x4d, 0x32, 0x31, 0x31, 0x31, 0x08, 0x86, 0x81, 0xe8, 0x8f, 0x53, 0x26, 0x55, 0x0c, 0x96, 0x32,
	0xc1, 0x4b, 0xdc, 0x01, 0xc8, 0x7f, 0x44, 0x97, 0x4c, 0x24, 0xa7, 0xc5, 0xdc, 0x91, 0x4e, 0x14,
	0x24, 0x3e, 0x13, 0x9a, 0x6b, 0xc0,
}

const bzip2Text = "bzip2 text urn:example:bz2 end\n"

// gz compresses each part as one gzip member.
func gz(t testing.TB, parts ...string) []byte {
	t.Helper()
	return gzLevel(t, gzip.DefaultCompression, parts...)
}

// streams writes each part as one stream of the writer newW makes, one
// after another.
func streams(t testing.TB, newW func(io.Writer) (io.WriteCloser, error), parts ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	for _, p := range parts {
		zw, err := newW(&b)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := zw.Write([]byte(p)); err != nil {
			t.Fatal(err)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}

func zst(t testing.TB, data []byte) []byte {
	t.Helper()
	return streams(t, func(w io.Writer) (io.WriteCloser, error) {
		return zstd.NewWriter(w, zstd.WithEncoderConcurrency(1))
	}, string(data))
}

// lz4c compresses data in the LZ4 frame format (as lz4 -c writes).
func lz4c(t testing.TB, data []byte) []byte {
	t.Helper()
	return streams(t, func(w io.Writer) (io.WriteCloser, error) { return lz4.NewWriter(w), nil }, string(data))
}

func xzc(t testing.TB, data []byte, dictCap int) []byte {
	t.Helper()
	return streams(t, func(w io.Writer) (io.WriteCloser, error) {
		return xz.WriterConfig{DictCap: dictCap}.NewWriter(w)
	}, string(data))
}

// entry is one archive member for the fixture builders.
type entry struct {
	name  string
	body  string
	store bool   // zip: stored, not deflated
	link  string // tar: a symbolic link to this
	hard  bool   // tar: link is a hard link
	dir   bool
}

func tarb(t testing.TB, entries ...entry) []byte {
	t.Helper()
	var b bytes.Buffer
	tw := tar.NewWriter(&b)
	for _, e := range entries {
		h := &tar.Header{Name: e.name, Mode: 0o644, Size: int64(len(e.body)), Typeflag: tar.TypeReg, Format: tar.FormatPAX}
		switch {
		case e.dir:
			h.Typeflag, h.Size, h.Mode = tar.TypeDir, 0, 0o755
		case e.link != "" && e.hard:
			h.Typeflag, h.Size, h.Linkname = tar.TypeLink, 0, e.link
		case e.link != "":
			h.Typeflag, h.Size, h.Linkname = tar.TypeSymlink, 0, e.link
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write([]byte(e.body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func zipb(t testing.TB, entries ...entry) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate}
		if e.store {
			h.Method = zip.Store
		}
		if e.dir {
			h.Name = strings.TrimSuffix(e.name, "/") + "/"
		}
		w, err := zw.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(e.body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// warcRec is one WARC record for the fixture builder.
type warcRec struct {
	typ, id, uri, ctype string
	block               string
	badLength           string // Content-Length to write instead of the true one
}

// warcb writes records; with perRecordGzip each is one gzip member (as
// .warc.gz files are), and offsets returns where each record starts in
// the output.
func warcb(t testing.TB, perRecordGzip bool, recs ...warcRec) (data []byte, offsets []int64) {
	t.Helper()
	var out bytes.Buffer
	for _, r := range recs {
		offsets = append(offsets, int64(out.Len()))
		var b strings.Builder
		fmt.Fprintf(&b, "WARC/1.1\r\nWARC-Type: %s\r\n", r.typ)
		if r.id != "" {
			fmt.Fprintf(&b, "WARC-Record-ID: <%s>\r\n", r.id)
		}
		if r.uri != "" {
			fmt.Fprintf(&b, "WARC-Target-URI: %s\r\n", r.uri)
		}
		if r.ctype != "" {
			fmt.Fprintf(&b, "Content-Type: %s\r\n", r.ctype)
		}
		length := fmt.Sprint(len(r.block))
		if r.badLength != "" {
			length = r.badLength
		}
		fmt.Fprintf(&b, "Content-Length: %s\r\n\r\n%s\r\n\r\n", length, r.block)
		if perRecordGzip {
			out.Write(gz(t, b.String()))
		} else {
			out.WriteString(b.String())
		}
	}
	return out.Bytes(), offsets
}

// doc is what the test handler saw of one document.
type doc struct {
	Document
	text string
}

// countURN is the test handler's idea of an occurrence: each "urn:".
func countURN(b []byte) int { return bytes.Count(b, []byte("urn:")) }

// openBytes runs Open on data as the file "in" (through an fs.FS, so
// zips get random access) and returns the records and documents.
func openBytes(t testing.TB, data []byte, opt Options) ([]record.Source, []doc) {
	t.Helper()
	opt.FS = fstest.MapFS{"in": {Data: data}}
	return openWith(t, Input{Path: "in"}, opt, nil)
}

// openStdin runs Open on data as standard input (a stream: no random access).
func openStdin(t testing.TB, data []byte, opt Options) ([]record.Source, []doc) {
	t.Helper()
	return openWith(t, Input{Path: "-"}, opt, bytes.NewReader(data))
}

func openWith(t testing.TB, in Input, opt Options, stdin io.Reader) ([]record.Source, []doc) {
	t.Helper()
	var docs []doc
	recs := Open(in, opt, stdin, func(d *Document) (int, error) {
		b, err := io.ReadAll(d.Reader)
		dd := doc{Document: *d, text: string(b)}
		dd.Reader = nil
		docs = append(docs, dd)
		return countURN(b), err
	})
	return recs, docs
}

// brief is the part of a record most tests compare.
type brief struct {
	Member, Format string
	Status         record.Status
	Bytes          int64
	Occurrences    int
}

func briefs(recs []record.Source) []brief {
	out := make([]brief, len(recs))
	for i, r := range recs {
		out[i] = brief{r.Member, r.Format, r.Status, r.Bytes, r.Occurrences}
	}
	return out
}

func recordsString(recs []record.Source) string {
	var b strings.Builder
	for _, r := range recs {
		fmt.Fprintf(&b, "  %q %s %s bytes=%d comp=%d occ=%d %q\n", r.Member, r.Format, r.Status, r.Bytes, r.CompressedBytes, r.Occurrences, r.Error)
	}
	return b.String()
}
