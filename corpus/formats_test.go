package corpus

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/idlint/idlint/record"
)

func TestDetect(t *testing.T) {
	t.Parallel()
	v7 := tarb(t, entry{name: "a.txt", body: "x"})
	copy(v7[257:265], make([]byte, 8)) // no ustar magic: an old V7 header…
	sum := 0
	for i, c := range v7[:512] {
		if i >= 148 && i < 156 {
			c = ' '
		}
		sum += int(c)
	}
	copy(v7[148:156], fmt.Sprintf("%06o\x00 ", sum)) // …with a right checksum
	badSum := bytes.Clone(v7)
	badSum[0] = 'b'
	tests := []struct {
		name string
		head []byte
		want kind
	}{
		{"empty", nil, kindText},
		{"text", []byte("see urn:example:a"), kindText},
		{"gzip", gz(t, "x"), kindGzip},
		{"zstd", zst(t, []byte("x")), kindZstd},
		{"zstd skippable frame", []byte{0x5e, 0x2a, 0x4d, 0x18, 0, 0, 0, 0}, kindZstd},
		{"bzip2", bzip2Fixture, kindBzip2},
		{"BZh without block magic is text", []byte("BZh9 is a bus line"), kindText},
		{"xz", xzc(t, []byte("x"), 0), kindXz},
		{"zip", zipb(t, entry{name: "a", body: "x"}), kindZip},
		{"empty zip", zipb(t), kindZip},
		{"tar", tarb(t, entry{name: "a.txt", body: "x"}), kindTar},
		{"v7 tar", v7, kindTar},
		{"v7 tar with a wrong checksum", badSum, kindText},
		{"warc", []byte("WARC/1.0\r\n"), kindWARC},
		{"WARC/ without a version is text", []byte("WARC/x"), kindText},
		{"arc", []byte("filedesc://x.arc 0.0.0.0 20000101000000 text/plain 10\n"), kindARC},
		{"utf-16le", []byte{0xff, 0xfe, 'u', 0}, kindUTF16LE},
		{"utf-16be", []byte{0xfe, 0xff, 0, 'u'}, kindUTF16BE},
		{"utf-8 bom is text", []byte{0xef, 0xbb, 0xbf, 'u'}, kindText},
		{"utf-16le without a bom (XML 1.0 Appendix F)", utf16(binaryLE, `<?xml version="1.0" encoding="UTF-16"?><a>urn:example:x</a>`), kindUTF16LE},
		{"utf-16be without a bom", utf16(binaryBE, "Plain text written by a Windows tool, urn:example:y"), kindUTF16BE},
		{"too short to tell: text", utf16(binaryLE, "urn:x:y"), kindText},
		{"16-bit integers are not utf-16 text", bytes.Repeat([]byte{0x01, 0x00, 0x02, 0x00, 0xff, 0x7f}, 40), kindText},
		{"mostly utf-16 with binary: text", append(utf16(binaryLE, strings.Repeat("ab", 30)), bytes.Repeat([]byte{0x90, 0x91}, 30)...), kindText},
		{"ELF is text (scanned as bytes)", []byte("\x7fELF\x02\x01\x01\x00"), kindText},
		{"7z (recognized, not opened)", []byte("7z\xbc\xaf\x27\x1c\x00\x04"), kind7z},
		{"rar 5", []byte("Rar!\x1a\x07\x01\x00"), kindRAR},
		{"rar 4", []byte("Rar!\x1a\x07\x00"), kindRAR},
		{"lz4 frame", []byte{0x04, 0x22, 0x4d, 0x18, 0x64, 0x40}, kindLZ4},
		{"ar (.deb, .a)", []byte("!<arch>\ndebian-binary   "), kindAr},
		{"thin ar", []byte("!<thin>\n"), kindArThin},
		{"!<arch> without its line end is text", []byte("!<arch> is the magic"), kindText},
		{"rpm lead", []byte{0xed, 0xab, 0xee, 0xdb, 3, 0, 0, 1}, kindRPM},
		{"rpm magic with a bad version is text", []byte{0xed, 0xab, 0xee, 0xdb, 9, 0}, kindText},
		{"cpio newc", []byte("070701" + strings.Repeat("0000000a", 13)), kindCpio},
		{"cpio newc with checksums", []byte("070702" + strings.Repeat("0000000A", 13)), kindCpio},
		{"cpio odc", []byte("070707" + strings.Repeat("0", 70)), kindCpio},
		{"070701 in text is text", []byte("070701 is a date, not a cpio header; urn:example:x " + strings.Repeat(".", 80)), kindText},
		{"cpio binary, little-endian", append([]byte{0xc7, 0x71, 20: 2, 21: 0, 25: 0}, 'a', 0), kindCpio},
		{"cpio binary, big-endian", append([]byte{0x71, 0xc7, 20: 0, 21: 2, 25: 0}, 'a', 0), kindCpio},
		{"cpio binary magic with a bad name is text", append([]byte{0xc7, 0x71, 20: 9, 25: 0}, 'a', 0), kindText},
		{"cab", []byte("MSCF\x00\x00\x00\x00\x10"), kindCab},
		{"xar", []byte("xar!\x00\x1c\x00\x01"), kindXar},
		{"lzip", []byte("LZIP\x01\x0c"), kindLzip},
		{"compress (.Z)", []byte{0x1f, 0x9d, 0x90}, kindCompress},
		{"1f 9d with reserved bits set is text", []byte{0x1f, 0x9d, 0xff}, kindText},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := detect(tt.head); got != tt.want {
				t.Errorf("detect = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestXzDictCap(t *testing.T) {
	t.Parallel()
	tests := []struct {
		dictCap int
		want    int64
	}{
		{1 << 20, 1 << 20},
		{8 << 20, 8 << 20},
		{3 << 20, 3 << 20},
		{64 << 20, 64 << 20},
	}
	for _, tt := range tests {
		got, ok := xzDictCap(xzc(t, []byte("x"), tt.dictCap))
		if !ok || got != tt.want {
			t.Errorf("dictCap %d: got %d, %v; want %d", tt.dictCap, got, ok, tt.want)
		}
	}
	if _, ok := xzDictCap([]byte{0xfd, '7', 'z', 'X', 'Z', 0}); ok {
		t.Error("a bare stream header has no dictionary size")
	}
}

// TestFormats opens each format, alone and nested, and checks the records
// and the text the handler saw.
func TestFormats(t *testing.T) {
	t.Parallel()
	const txt = "see urn:example:one and urn:example:two\n"
	utf16le := []byte{0xff, 0xfe}
	for _, c := range "x urn:example:utf16 y" {
		utf16le = append(utf16le, byte(c), 0)
	}
	utf16be := []byte{0xfe, 0xff}
	for _, c := range "urn:example:be" {
		utf16be = append(utf16be, 0, byte(c))
	}
	noBOM := utf16(binaryLE, "A Windows log line without a byte order mark: urn:example:nobom\r\n")
	docx := zipb(t, entry{name: "[Content_Types].xml", body: "<Types/>"}, entry{name: "word/document.xml", body: "<w:t>urn:example:docx</w:t>"})
	inner := tarb(t, entry{name: "deep/c.txt", body: "urn:example:c"})
	tests := []struct {
		name  string
		data  []byte
		want  []brief
		texts []string
	}{
		{"plain text", []byte(txt),
			[]brief{{"", "text", record.StatusOK, int64(len(txt)), 2}}, []string{txt}},
		{"empty", nil,
			[]brief{{"", "text", record.StatusOK, 0, 0}}, []string{""}},
		{"gzip", gz(t, txt),
			[]brief{{"", "gzip", record.StatusOK, int64(len(txt)), 2}}, []string{txt}},
		{"multi-member gzip", gz(t, "urn:a:1 ", "urn:a:2 ", "urn:a:3"),
			[]brief{{"", "gzip", record.StatusOK, 23, 3}}, []string{"urn:a:1 urn:a:2 urn:a:3"}},
		{"zstd", zst(t, []byte(txt)),
			[]brief{{"", "zstd", record.StatusOK, int64(len(txt)), 2}}, []string{txt}},
		{"bzip2", bzip2Fixture,
			[]brief{{"", "bzip2", record.StatusOK, int64(len(bzip2Text)), 1}}, []string{bzip2Text}},
		{"xz", xzc(t, []byte(txt), 0),
			[]brief{{"", "xz", record.StatusOK, int64(len(txt)), 2}}, []string{txt}},
		{"gzip of gzip", gz(t, string(gz(t, txt))),
			[]brief{{"", "gzip+gzip", record.StatusOK, int64(len(txt)), 2}}, []string{txt}},
		{"utf-16le", utf16le,
			[]brief{{"", "utf-16le", record.StatusOK, int64(len(utf16le)), 1}}, []string{"x urn:example:utf16 y"}},
		{"7z is recorded as skipped, with the reason", []byte("7z\xbc\xaf\x27\x1c\x00\x04urn:example:hidden"),
			[]brief{{"", "7z", record.StatusSkipped, 0, 0}}, nil},
		{"lz4 (frame format)", lz4c(t, []byte(txt)),
			[]brief{{"", "lz4", record.StatusOK, int64(len(txt)), 2}}, []string{txt}},
		{"lz4 frames in a row are one stream, as lz4 -d reads them", append(lz4c(t, []byte("urn:a:1 ")), lz4c(t, []byte("urn:a:2"))...),
			[]brief{{"", "lz4", record.StatusOK, 15, 2}}, []string{"urn:a:1 urn:a:2"}},
		{"lz4 inside gzip", gz(t, string(lz4c(t, []byte(txt)))),
			[]brief{{"", "gzip+lz4", record.StatusOK, int64(len(txt)), 2}}, []string{txt}},
		{"rar is recorded as skipped, with the reason", []byte("Rar!\x1a\x07\x01\x00urn:example:hidden"),
			[]brief{{"", "rar", record.StatusSkipped, 0, 0}}, nil},
		{"utf-16le without a bom", noBOM,
			[]brief{{"", "utf-16le", record.StatusOK, int64(len(noBOM)), 1}}, []string{"A Windows log line without a byte order mark: urn:example:nobom\r\n"}},
		{"utf-16be in gzip", gz(t, string(utf16be)),
			[]brief{{"", "gzip+utf-16be", record.StatusOK, int64(len(utf16be)), 1}}, []string{"urn:example:be"}},
		{"tar", tarb(t, entry{name: "d", dir: true}, entry{name: "d/a.txt", body: "urn:x:a"}, entry{name: "d/l", link: "a.txt"}, entry{name: "d/b.txt", body: "no"}),
			[]brief{{"", "tar", record.StatusOK, 0, 0}, {"d/a.txt", "tar", record.StatusOK, 7, 1}, {"d/l", "tar", record.StatusSkipped, 0, 0}, {"d/b.txt", "tar", record.StatusOK, 2, 0}},
			[]string{"urn:x:a", "no"}},
		{"tar: a hard link is skipped with its target, as a symbolic one (its bytes are the target's)", tarb(t, entry{name: "a.txt", body: "urn:x:a"}, entry{name: "h", link: "../../etc/passwd", hard: true}),
			[]brief{{"", "tar", record.StatusOK, 0, 0}, {"a.txt", "tar", record.StatusOK, 7, 1}, {"h", "tar", record.StatusSkipped, 0, 0}},
			[]string{"urn:x:a"}},
		{"tar.zst", zst(t, tarb(t, entry{name: "rfcs/a.txt", body: txt}, entry{name: "rfcs/b.txt", body: "urn:x:b"})),
			[]brief{{"", "zstd+tar", record.StatusOK, 0, 0}, {"rfcs/a.txt", "zstd+tar", record.StatusOK, int64(len(txt)), 2}, {"rfcs/b.txt", "zstd+tar", record.StatusOK, 7, 1}},
			[]string{txt, "urn:x:b"}},
		{"tar.gz with a gzip member", gz(t, string(tarb(t, entry{name: "a.txt.gz", body: string(gz(t, "urn:x:gz"))}))),
			[]brief{{"", "gzip+tar", record.StatusOK, 0, 0}, {"a.txt.gz", "gzip+tar+gzip", record.StatusOK, 8, 1}},
			[]string{"urn:x:gz"}},
		{"zip: deflated, stored, directory, nested gzip", zipb(t, entry{name: "a.txt", body: txt}, entry{name: "s.txt", body: "urn:x:s", store: true}, entry{name: "dir/", dir: true}, entry{name: "c.gz", body: string(gz(t, "urn:x:c"))}),
			[]brief{{"", "zip", record.StatusOK, 0, 0}, {"a.txt", "zip", record.StatusOK, int64(len(txt)), 2}, {"s.txt", "zip", record.StatusOK, 7, 1}, {"c.gz", "zip+gzip", record.StatusOK, 7, 1}},
			[]string{txt, "urn:x:s", "urn:x:c"}},
		{"docx in zip in tar (zip spooled from the stream)", tarb(t, entry{name: "b.zip", body: string(zipb(t, entry{name: "r.docx", body: string(docx)}))}),
			[]brief{{"", "tar", record.StatusOK, 0, 0}, {"b.zip", "tar+zip", record.StatusOK, 0, 0}, {"b.zip!r.docx", "tar+zip+zip", record.StatusOK, 0, 0},
				{"b.zip!r.docx![Content_Types].xml", "tar+zip+zip", record.StatusOK, 8, 0}, {"b.zip!r.docx!word/document.xml", "tar+zip+zip", record.StatusOK, 27, 1}},
			[]string{"<Types/>", "<w:t>urn:example:docx</w:t>"}},
		{"stored zip in zip (random access, no spool)", zipb(t, entry{name: "in.zip", body: string(zipb(t, entry{name: "c.txt", body: "urn:x:c"})), store: true}),
			[]brief{{"", "zip", record.StatusOK, 0, 0}, {"in.zip", "zip+zip", record.StatusOK, 0, 0}, {"in.zip!c.txt", "zip+zip", record.StatusOK, 7, 1}},
			[]string{"urn:x:c"}},
		{"a.zip!b.tar!c.txt", zipb(t, entry{name: "b.tar", body: string(inner)}),
			[]brief{{"", "zip", record.StatusOK, 0, 0}, {"b.tar", "zip+tar", record.StatusOK, 0, 0}, {"b.tar!deep/c.txt", "zip+tar", record.StatusOK, 13, 1}},
			[]string{"urn:example:c"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, docs := openBytes(t, tt.data, Options{})
			if got := briefs(recs); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("records:\n%s want %+v", recordsString(recs), tt.want)
			}
			var texts []string
			for _, d := range docs {
				texts = append(texts, d.text)
			}
			if !reflect.DeepEqual(texts, tt.texts) {
				t.Errorf("texts = %q, want %q", texts, tt.texts)
			}
			for _, r := range recs {
				if r.Source != "in" {
					t.Errorf("record %q: source %q, want in", r.Member, r.Source)
				}
			}
		})
	}
}

// TestCompressedBytes: a member's CompressedBytes is what it occupies in
// its container; an input's is its size.
func TestCompressedBytes(t *testing.T) {
	t.Parallel()
	data := gz(t, strings.Repeat("urn:x:y ", 1000))
	tarData := tarb(t, entry{name: "a.gz", body: string(data)})
	tests := []struct {
		name     string
		data     []byte
		stdin    bool
		wantComp []int64
	}{
		{"file", data, false, []int64{int64(len(data))}},
		{"stdin counts what was read", data, true, []int64{int64(len(data))}},
		{"tar member", tarData, false, []int64{int64(len(tarData)), int64(len(data))}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var recs []record.Source
			if tt.stdin {
				recs, _ = openStdin(t, tt.data, Options{})
			} else {
				recs, _ = openBytes(t, tt.data, Options{})
			}
			var got []int64
			for _, r := range recs {
				got = append(got, r.CompressedBytes)
			}
			if !reflect.DeepEqual(got, tt.wantComp) {
				t.Errorf("compressed bytes %v, want %v\n%s", got, tt.wantComp, recordsString(recs))
			}
			if last := recs[len(recs)-1]; last.Bytes != 8000 || last.Occurrences != 1000 {
				t.Errorf("document: %d bytes, %d occurrences; want 8000, 1000", last.Bytes, last.Occurrences)
			}
		})
	}
}

// TestZipOnDisk opens zips from the file system (read in place) and from
// standard input (spooled to memory, or to a temporary file that is
// removed afterwards).
func TestZipOnDisk(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("urn:x:big ", 2000)
	data := zipb(t, entry{name: "a.txt", body: "urn:x:a"}, entry{name: "big.txt", body: big, store: true})
	dir := t.TempDir()
	path := filepath.Join(dir, "a.zip")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		in    Input
		stdin bool
		opt   Options
	}{
		{"file", Input{Path: path}, false, Options{}},
		{"stdin to memory", Input{Path: "-"}, true, Options{}},
		{"stdin to a temporary file", Input{Path: "-"}, true, Options{SpoolMemoryBytes: 1024}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spoolDir := t.TempDir()
			tt.opt.TempDir = spoolDir
			recs, _ := openWith(t, tt.in, tt.opt, bytes.NewReader(data))
			want := []brief{{"", "zip", record.StatusOK, 0, 0}, {"a.txt", "zip", record.StatusOK, 7, 1}, {"big.txt", "zip", record.StatusOK, int64(len(big)), 2000}}
			if got := briefs(recs); !reflect.DeepEqual(got, want) {
				t.Errorf("records:\n%s", recordsString(recs))
			}
			if left, _ := os.ReadDir(spoolDir); len(left) != 0 {
				t.Errorf("spool files left behind: %v", left)
			}
		})
	}
}

func TestSkipBinary(t *testing.T) {
	t.Parallel()
	bin := append([]byte("\x7fELF\x00\x00"), "urn:example:in-a-library\x00"...)
	utf16 := []byte{0xff, 0xfe, 'u', 0, 'r', 0, 'n', 0, ':', 0, 'x', 0, ':', 0, 'y', 0}
	tests := []struct {
		name       string
		data       []byte
		skipBinary bool
		want       brief
	}{
		{"binary scanned by default", bin, false, brief{"", "text", record.StatusOK, int64(len(bin)), 1}},
		{"binary skipped", bin, true, brief{"", "text", record.StatusSkipped, 0, 0}},
		{"utf-16 is not binary", utf16, true, brief{"", "utf-16le", record.StatusOK, int64(len(utf16)), 1}},
		{"text is not binary", []byte("urn:x:y"), true, brief{"", "text", record.StatusOK, 7, 1}},
		{"binary in gzip skipped", gz(t, string(bin)), true, brief{"", "gzip", record.StatusSkipped, 0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, _ := openBytes(t, tt.data, Options{SkipBinary: tt.skipBinary})
			if len(recs) != 1 || briefs(recs)[0] != tt.want {
				t.Fatalf("records:\n%s want %+v", recordsString(recs), tt.want)
			}
			if tt.want.Status == record.StatusSkipped && !strings.Contains(recs[0].Error, "binary") {
				t.Errorf("reason %q does not say binary", recs[0].Error)
			}
		})
	}
}

type byteOrder bool

const (
	binaryLE byteOrder = false
	binaryBE byteOrder = true
)

// utf16 encodes ASCII s as UTF-16 without a byte order mark.
func utf16(o byteOrder, s string) []byte {
	var b []byte
	for _, c := range []byte(s) {
		if o == binaryBE {
			b = append(b, 0, c)
		} else {
			b = append(b, c, 0)
		}
	}
	return b
}

// A small text document is handed over whole (Document.Bytes) as well as
// through Reader: in place when the read buffer holds it, read into the
// walker's buffer up to wholeMax. Bytes and Reader give the file's bytes
// exactly, at every size around the two thresholds, and the record counts
// them whichever a handler reads.
func TestWholeDocuments(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, size := range []int{0, 10, bufSize - 1, bufSize, bufSize + 1, 100 << 10, wholeMax, wholeMax + 1, 300 << 10} {
		data := bytes.Repeat([]byte("urn:example:a 0123456789\n"), size/25+1)[:size]
		path := filepath.Join(dir, fmt.Sprintf("f%d.txt", size))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, useBytes := range []bool{false, true} {
			var got []byte
			var whole bool
			recs := Open(Input{Path: path}, Options{}, nil, func(d *Document) (int, error) {
				whole = d.Bytes != nil
				if useBytes && d.Bytes != nil {
					got = append([]byte(nil), d.Bytes...)
					return 0, nil
				}
				b, err := io.ReadAll(d.Reader)
				got = b
				return 0, err
			})
			if !bytes.Equal(got, data) {
				t.Errorf("size %d, bytes %v: got %d bytes, not the file's", size, useBytes, len(got))
			}
			if wantWhole := size <= wholeMax; whole != wantWhole {
				t.Errorf("size %d: Bytes set %v, want %v", size, whole, wantWhole)
			}
			if len(recs) != 1 || recs[0].Bytes != int64(size) || recs[0].Status != record.StatusOK {
				t.Errorf("size %d, bytes %v: records %+v", size, useBytes, recs)
			}
		}
	}
}

// parseOctal reads a tar header's octal field (POSIX ustar: digits,
// padded with spaces or NULs on either side) as bytes.Trim(field,
// " \x00") then the digits would; isTar runs it on every input's head
// (issue 25: per-input cost on the RFC directory).
func TestParseOctalTrims(t *testing.T) {
	for _, f := range []string{"0000644\x00", " 644 \x00", "\x00\x00 17", "  ", "\x00", "", "12 34", "0008", "7777777\x00", "\x00 1\x00 "} {
		want, wantOK := int64(0), false
		if b := bytes.Trim([]byte(f), " \x00"); len(b) > 0 {
			wantOK = true
			for _, c := range b {
				if c < '0' || c > '7' {
					want, wantOK = 0, false
					break
				}
				want = want<<3 | int64(c-'0')
			}
		}
		if got, ok := parseOctal([]byte(f)); got != want || ok != wantOK {
			t.Errorf("parseOctal(%q) = %d, %v; want %d, %v", f, got, ok, want, wantOK)
		}
	}
}
