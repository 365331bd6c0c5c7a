package corpus

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/idlint/idlint/record"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zlib"
)

func chunked(s string) string {
	h := len(s) / 2
	return fmt.Sprintf("%x\r\n%s\r\n%x; ext=1\r\n%s\r\n0\r\n\r\n", h, s[:h], len(s)-h, s[h:])
}

func zlibc(t testing.TB, s string) string {
	var b bytes.Buffer
	zw := zlib.NewWriter(&b)
	zw.Write([]byte(s))
	zw.Close()
	return b.String()
}

// testRecords is a small crawl: every record type and HTTP coding.
func testRecords(t testing.TB) []warcRec {
	return []warcRec{
		{typ: "warcinfo", id: "urn:uuid:info", ctype: "application/warc-fields", block: "software: test\r\nisPartOf: urn:example:meta\r\n"},
		{typ: "request", id: "urn:uuid:req", uri: "http://example.com/", ctype: "application/http; msgtype=request",
			block: "GET / HTTP/1.1\r\nHost: example.com\r\nReferer: urn:example:req\r\n\r\n"},
		{typ: "response", id: "urn:uuid:resp", uri: "http://example.com/", ctype: "application/http; msgtype=response",
			block: "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Id: urn:example:header\r\nTransfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n\r\n" +
				chunked(string(gz(t, "<p>body urn:example:body</p>")))},
		{typ: "response", uri: "http://example.com/z", ctype: "application/http; msgtype=response",
			block: "HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\n\r\n" + zlibc(t, "deflated urn:example:deflate")},
		{typ: "resource", id: "urn:uuid:res", uri: "file:///r.txt", ctype: "text/plain", block: "resource urn:example:resource"},
		{typ: "conversion", id: "urn:uuid:wet", uri: "http://example.com/", ctype: "text/plain", block: "wet text urn:example:wet"},
		{typ: "metadata", id: "urn:uuid:meta", uri: "http://example.com/", ctype: "application/warc-fields", block: "outlink: urn:example:out\r\n"},
		{typ: "response", id: "urn:uuid:br", uri: "http://example.com/b", ctype: "application/http; msgtype=response",
			block: "HTTP/1.1 200 OK\r\nContent-Encoding: br\r\n\r\n" + brotlic("brotli urn:example:br")},
	}
}

func brotlic(s string) string {
	var b bytes.Buffer
	bw := brotli.NewWriter(&b)
	bw.Write([]byte(s))
	bw.Close()
	return b.String()
}

func TestWARC(t *testing.T) {
	t.Parallel()
	recs := testRecords(t)
	plain, plainOffsets := warcb(t, false, recs...)
	perRecord, gzOffsets := warcb(t, true, recs...)
	whole := gz(t, string(plain))
	type member struct {
		Member, Format, Type, URI string
		Offset                    int64
		Decompressed              bool
		Status                    record.Status
		Text                      string
	}
	want := func(prefix string, offsets []int64, decompressed bool, meta bool) []member {
		m := []member{
			{"urn:uuid:info", prefix, "warcinfo", "", offsets[0], decompressed, record.StatusSkipped, ""},
			{"urn:uuid:req", prefix, "request", "http://example.com/", offsets[1], decompressed, record.StatusSkipped, ""},
			{"urn:uuid:resp", prefix + "+http+chunked+gzip", "response", "http://example.com/", offsets[2], decompressed, record.StatusOK, "<p>body urn:example:body</p>"},
			{fmt.Sprintf("record@%d", offsets[3]), prefix + "+http+deflate", "response", "http://example.com/z", offsets[3], decompressed, record.StatusOK, "deflated urn:example:deflate"},
			{"urn:uuid:res", prefix, "resource", "file:///r.txt", offsets[4], decompressed, record.StatusOK, "resource urn:example:resource"},
			{"urn:uuid:wet", prefix, "conversion", "http://example.com/", offsets[5], decompressed, record.StatusOK, "wet text urn:example:wet"},
			{"urn:uuid:meta", prefix, "metadata", "http://example.com/", offsets[6], decompressed, record.StatusOK, "outlink: urn:example:out\r\n"},
			{"urn:uuid:br", prefix + "+http+br", "response", "http://example.com/b", offsets[7], decompressed, record.StatusOK, "brotli urn:example:br"},
		}
		if meta {
			m[0].Status, m[0].Text = record.StatusOK, recs[0].block
			m[1].Status, m[1].Text = record.StatusOK, recs[1].block
			// each record's header block is a document of its own, before
			// the record's
			var with []member
			for i, r := range m {
				h := r
				h.Member, h.Format, h.Status = r.Member+"#headers", prefix+"+headers", record.StatusOK
				block := plain[plainOffsets[i]:]
				h.Text = string(block[:bytes.Index(block, []byte("\r\n\r\n"))+4])
				with = append(with, h, r)
			}
			m = with
		}
		return m
	}
	tests := []struct {
		name string
		data []byte
		opt  Options
		want []member
	}{
		{"plain: offsets in the file", plain, Options{}, want("warc", plainOffsets, false, false)},
		{"gzip per record: offsets of the members", perRecord, Options{}, want("gzip+warc", gzOffsets, false, false)},
		{"gzip as a whole: decompressed offsets", whole, Options{}, want("gzip+warc", plainOffsets, true, false)},
		{"metadata records included", plain, Options{IncludeWARCMeta: true}, want("warc", plainOffsets, false, true)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srcs, docs := openBytes(t, tt.data, tt.opt)
			if len(srcs) != 1+len(tt.want) {
				t.Fatalf("records:\n%s", recordsString(srcs))
			}
			if c := srcs[0]; c.Member != "" || c.Status != record.StatusOK || c.Format != strings.TrimSuffix(strings.Split(tt.want[0].Format, "+http")[0], "+headers") {
				t.Errorf("container record %+v", c)
			}
			texts := map[string]string{}
			for _, d := range docs {
				texts[d.Member] = d.text
				if d.RecordOffsetDecompressed != tt.want[0].Decompressed {
					t.Errorf("%s: RecordOffsetDecompressed = %v", d.Member, d.RecordOffsetDecompressed)
				}
			}
			var got []member
			for _, r := range srcs[1:] {
				got = append(got, member{r.Member, r.Format, r.RecordType, r.TargetURI, r.RecordOffset, tt.want[0].Decompressed, r.Status, texts[r.Member]})
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("members:\n%+v\nwant\n%+v", got, tt.want)
			}
			for _, r := range srcs {
				if strings.Contains(texts[r.Member], "urn:example:header") || r.Status == record.StatusSkipped && r.Error == "" {
					t.Errorf("%s: headers scanned or skip unexplained: %+v", r.Member, r)
				}
			}
		})
	}
}

// TestWARCDocumentFields: the handler gets the record's provenance.
func TestWARCDocumentFields(t *testing.T) {
	t.Parallel()
	data, offsets := warcb(t, true, testRecords(t)...)
	_, docs := openBytes(t, data, Options{})
	tests := []struct {
		member, id, uri, typ string
		offset               int64
	}{
		{"urn:uuid:resp", "<urn:uuid:resp>", "http://example.com/", "response", offsets[2]},
		{"urn:uuid:res", "<urn:uuid:res>", "file:///r.txt", "resource", offsets[4]},
	}
	for _, tt := range tests {
		var d *doc
		for i := range docs {
			if docs[i].Member == tt.member {
				d = &docs[i]
			}
		}
		if d == nil {
			t.Errorf("no document %s", tt.member)
			continue
		}
		if d.RecordID != tt.id || d.TargetURI != tt.uri || d.RecordType != tt.typ || d.RecordOffset != tt.offset || d.Source != "in" {
			t.Errorf("%s: %+v", tt.member, d.Document)
		}
	}
}

func TestBrokenWARC(t *testing.T) {
	t.Parallel()
	ok := warcRec{typ: "resource", id: "urn:uuid:ok", ctype: "text/plain", block: "urn:example:ok"}
	after := warcRec{typ: "resource", id: "urn:uuid:after", ctype: "text/plain", block: "urn:example:after"}
	short := warcRec{typ: "resource", id: "urn:uuid:short", ctype: "text/plain", block: "urn:example:short and more", badLength: "11"}
	badLen := warcRec{typ: "resource", id: "urn:uuid:bad", block: "urn:example:bad", badLength: "abc"}
	good, _ := warcb(t, false, ok, after)
	truncated := good[:len(good)-10]
	withShort, _ := warcb(t, false, ok, short, after)
	withBadLen, _ := warcb(t, false, ok, badLen, after)
	withBoth, _ := warcb(t, false, ok, short, badLen, after)
	// a header line past the layer's buffer, and a header block past
	// maxHeaderBytes (issue 24 §8: they dropped every later record)
	longLine := warcRec{typ: "resource", id: "urn:uuid:long", uri: "http://e/" + strings.Repeat("a", bufSize+10), block: "urn:example:long"}
	withLongLine, _ := warcb(t, false, ok, longLine, after)
	bigBlock := "WARC/1.1\r\nWARC-Type: resource\r\n" + strings.Repeat("X-Pad: "+strings.Repeat("p", 60<<10)+"\r\n", maxHeaderBytes/(60<<10)+1) +
		"Content-Length: 16\r\n\r\nurn:example:big\n\r\n\r\n"
	okData, _ := warcb(t, false, ok)
	afterData, _ := warcb(t, false, after)
	withBigBlock := append(append(okData, bigBlock...), afterData...)
	tests := []struct {
		name          string
		data          []byte
		want          []brief
		containerErr  string
		lastMemberErr string
		alsoErr       string // a second damage the container's error names too
	}{
		{"truncated last record: the record says so", truncated,
			[]brief{{"", "warc", record.StatusOK, 0, 0}, {"urn:uuid:ok", "warc", record.StatusOK, 14, 1}, {"urn:uuid:after", "warc", record.StatusError, 11, 1}},
			"", "after 11 bytes: record truncated: 11 of 17 bytes: unexpected EOF", ""},
		{"record longer than its Content-Length: resync at the next record", withShort,
			[]brief{{"", "warc", record.StatusError, 0, 0}, {"urn:uuid:ok", "warc", record.StatusOK, 14, 1}, {"urn:uuid:short", "warc", record.StatusOK, 11, 1}, {"urn:uuid:after", "warc", record.StatusOK, 17, 1}},
			"warc: record urn:uuid:short at offset 128: no blank line after its Content-Length 11: the length is wrong and the record damaged; ", "",
			"bytes that are no WARC record skipped at offset"},
		{"two damaged records: each named with its offset (WARC 1.1 §4)", withBoth,
			[]brief{{"", "warc", record.StatusError, 0, 0}, {"urn:uuid:ok", "warc", record.StatusOK, 14, 1}, {"urn:uuid:short", "warc", record.StatusOK, 11, 1}, {"urn:uuid:after", "warc", record.StatusOK, 17, 1}},
			"warc: record urn:uuid:short at offset 128: no blank line", "", `invalid Content-Length "abc"`},
		{"invalid Content-Length: resync at the next record", withBadLen,
			[]brief{{"", "warc", record.StatusError, 0, 0}, {"urn:uuid:ok", "warc", record.StatusOK, 14, 1}, {"urn:uuid:after", "warc", record.StatusOK, 17, 1}},
			`warc: record urn:uuid:bad at offset 128: invalid Content-Length "abc"`, "", ""},
		{"header line over the buffer: resync at the next record", withLongLine,
			[]brief{{"", "warc", record.StatusError, 0, 0}, {"urn:uuid:ok", "warc", record.StatusOK, 14, 1}, {"urn:uuid:after", "warc", record.StatusOK, 17, 1}},
			"warc: record header at offset 128: header line over 64 KiB; skipped", "", ""},
		{"header block over 1 MiB: resync at the next record", withBigBlock,
			[]brief{{"", "warc", record.StatusError, 0, 0}, {"urn:uuid:ok", "warc", record.StatusOK, 14, 1}, {"urn:uuid:after", "warc", record.StatusOK, 17, 1}},
			"warc: record header at offset 128: header block over 1 MiB; skipped", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, _ := openBytes(t, tt.data, Options{})
			if got := briefs(recs); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("records:\n%s", recordsString(recs))
			}
			if !strings.Contains(recs[0].Error, tt.containerErr) || !strings.Contains(recs[0].Error, tt.alsoErr) || tt.containerErr == "" && recs[0].Error != "" {
				t.Errorf("container error %q, want %q", recs[0].Error, tt.containerErr)
			}
			if last := recs[len(recs)-1]; !strings.Contains(last.Error, tt.lastMemberErr) {
				t.Errorf("last member error %q, want %q", last.Error, tt.lastMemberErr)
			}
		})
	}
}

func TestARC(t *testing.T) {
	t.Parallel()
	desc := "1 0 Test\nURL IP-address Archive-date Content-type Archive-length\n"
	http := "HTTP/1.0 200 OK\r\nServer: urn:example:server\r\n\r\nhello urn:example:arc"
	dns := "example.com. 300 IN A 192.0.2.1 ; urn:example:dns"
	var b strings.Builder
	fmt.Fprintf(&b, "filedesc://t.arc 0.0.0.0 20240101000000 text/plain %d\n%s\n", len(desc), desc)
	httpAt := b.Len()
	fmt.Fprintf(&b, "http://example.com/a b 192.0.2.1 20240101000000 text/html %d\n%s\n", len(http), http)
	dnsAt := b.Len()
	fmt.Fprintf(&b, "dns:example.com 192.0.2.1 20240101000000 text/dns %d\n%s\n", len(dns), dns)
	tests := []struct {
		name string
		data []byte
		want []brief
	}{
		{"arc", []byte(b.String()), []brief{{"", "arc", record.StatusOK, 0, 0}, {"record@0", "arc", record.StatusSkipped, 0, 0},
			{fmt.Sprintf("record@%d", httpAt), "arc+http", record.StatusOK, 21, 1}, {fmt.Sprintf("record@%d", dnsAt), "arc", record.StatusOK, int64(len(dns)), 1}}},
		{"arc.gz", gz(t, b.String()), []brief{{"", "gzip+arc", record.StatusOK, 0, 0}, {"record@0", "gzip+arc", record.StatusSkipped, 0, 0},
			{fmt.Sprintf("record@%d", httpAt), "gzip+arc+http", record.StatusOK, 21, 1}, {fmt.Sprintf("record@%d", dnsAt), "gzip+arc", record.StatusOK, int64(len(dns)), 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, docs := openBytes(t, tt.data, Options{})
			if got := briefs(recs); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("records:\n%s", recordsString(recs))
			}
			if len(docs) < 1 || docs[0].TargetURI != "http://example.com/a b" || docs[0].text != "hello urn:example:arc" {
				t.Errorf("http document: %+v", docs)
			}
		})
	}
}

// realWARC is one file of /work/shared/corpora/warc and what it must give.
type realWARC struct {
	path         string
	containerErr string // "" for none
	minOK        int    // documents at least
	memberErr    string // some member's error contains this ("" for none)
}

func TestRealWARC(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(sharedCorpora, "warc")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("shared corpora absent:", err)
	}
	tests := []realWARC{
		{"commoncrawl-whirlwind/whirlwind.warc", "", 2, ""},
		{"commoncrawl-whirlwind/whirlwind.warc.gz", "", 2, ""},
		{"commoncrawl-whirlwind/whirlwind.warc.wat.gz", "", 1, ""},
		{"commoncrawl-whirlwind/whirlwind.warc.wet.gz", "", 1, ""},
		{"gowarc/warcs/good.warc.gz.open", "", 10, ""},
		{"gowarc/warcs/corrupted-mid-record.warc.gz.open", "gzip: member at offset 1219", 10, ""},
		{"gowarc/warcs/corrupted-trailing-bytes.warc.gz.open", "gzip: member at offset 2362", 10, ""},
		{"gowarc/warcs/empty.warc.gz.open", "", 1, ""},
		{"gowarc/warcs/test.warc.gz", "", 1, ""},
		{"warcio/example.warc.gz", "", 2, ""},
		{"warcio/example-iana.org-chunked.warc", "", 1, ""},
		{"warcio/example-wrong-chunks.warc.gz", "", 1, ""},
		{"warcio/example-bad-non-chunked.warc.gz", "", 1, ""},
		{"warcio/example.arc.gz", "", 1, ""},
		{"warcio/example-trunc.warc", "bytes that are no WARC record skipped at offset 2560", 0, "gzip: unexpected EOF"},
		{"warcio/example-space-in-url.arc", "", 0, "record truncated: 1579 of 1591 bytes"},
		{"warcio/bad.arc", `record header at offset 0: invalid length "-1"`, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			path := filepath.Join(dir, tt.path)
			var docs int
			recs := Open(Input{Path: path}, Options{}, nil, func(d *Document) (int, error) {
				docs++
				b, err := io.ReadAll(d.Reader)
				return countURN(b), err
			})
			if len(recs) == 0 {
				t.Fatal("no records")
			}
			c := recs[0]
			if tt.containerErr == "" && c.Status == record.StatusError || !strings.Contains(c.Error, tt.containerErr) {
				t.Errorf("first record: %s %q, want error %q\n%s", c.Status, c.Error, tt.containerErr, recordsString(recs))
			}
			ok, memberErr := 0, false
			for _, r := range recs {
				if r.Source != path {
					t.Errorf("source %q", r.Source)
				}
				if r.Status == record.StatusOK && r.Member != "" || len(recs) == 1 && r.Status == record.StatusOK {
					ok++
				}
				if r.Member != "" && r.Status == record.StatusError {
					memberErr = true
					if tt.memberErr == "" || !strings.Contains(r.Error, tt.memberErr) {
						t.Errorf("member %s: unexpected error %q", r.Member, r.Error)
					}
				}
			}
			if ok < tt.minOK {
				t.Errorf("%d documents ok, want at least %d\n%s", ok, tt.minOK, recordsString(recs))
			}
			if tt.memberErr != "" && !memberErr {
				t.Errorf("no member error %q\n%s", tt.memberErr, recordsString(recs))
			}
		})
	}
}

// TestRealWARCPlainAndGzip: a WARC gives the same members whether it is
// stored plain or gzipped per record, and each gzipped record's offset is
// a gzip member that starts with the record.
func TestRealWARCPlainAndGzip(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(sharedCorpora, "warc", "commoncrawl-whirlwind")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("shared corpora absent:", err)
	}
	for _, name := range []string{"whirlwind.warc", "whirlwind.warc.wat", "whirlwind.warc.wet"} {
		t.Run(name, func(t *testing.T) {
			type m struct {
				member, uri, typ string
				bytes            int64
				occ              int
				status           record.Status
			}
			list := func(path string) ([]m, []record.Source) {
				recs := Open(Input{Path: path}, Options{}, nil, func(d *Document) (int, error) {
					b, err := io.ReadAll(d.Reader)
					return countURN(b), err
				})
				var out []m
				for _, r := range recs[1:] {
					out = append(out, m{r.Member, r.TargetURI, r.RecordType, r.Bytes, r.Occurrences, r.Status})
				}
				return out, recs
			}
			plain, _ := list(filepath.Join(dir, name))
			gzipped, recs := list(filepath.Join(dir, name+".gz"))
			if len(plain) == 0 || !reflect.DeepEqual(plain, gzipped) {
				t.Errorf("plain %+v\ngzip %+v", plain, gzipped)
			}
			f, err := os.Open(filepath.Join(dir, name+".gz"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			for _, r := range recs[1:] {
				zr, err := gzip.NewReader(io.NewSectionReader(f, r.RecordOffset, 1<<30))
				if err != nil {
					t.Fatalf("%s: no gzip member at %d: %v", r.Member, r.RecordOffset, err)
				}
				head := make([]byte, 7)
				if _, err := io.ReadFull(zr, head); err != nil || string(head) != "WARC/1." {
					t.Errorf("%s: member at %d starts %q", r.Member, r.RecordOffset, head)
				}
			}
		})
	}
}

// TestRealWARCHeaders: with IncludeWARCMeta each WARC record's header
// block is a document "<record>#headers" whose identifiers are those of
// the header lines (WARC-Record-ID, WARC-Concurrent-To, WARC-Warcinfo-ID,
// WARC-Refers-To …); without it no header is scanned. Counted on the
// plain WARC files against a generous reading of their header lines.
func TestRealWARCHeaders(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(sharedCorpora, "warc")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("shared corpora absent:", err)
	}
	var paths []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() != "LICENSE" {
			paths = append(paths, p)
		}
		return err
	})
	// inHeaders counts "urn:" in the header blocks of a plain WARC file,
	// read by its Content-Length fields.
	inHeaders := func(b []byte) int {
		n := 0
		for len(b) > 0 {
			b = bytes.TrimLeft(b, "\r\n")
			end := bytes.Index(b, []byte("\r\n\r\n"))
			if !bytes.HasPrefix(b, []byte("WARC/")) || end < 0 {
				return n
			}
			n += countURN(b[:end])
			var length int
			for _, line := range strings.Split(string(b[:end]), "\r\n") {
				if v, ok := strings.CutPrefix(strings.ToLower(line), "content-length:"); ok {
					length, _ = strconv.Atoi(strings.TrimSpace(v))
				}
			}
			b = b[min(end+4+length, len(b)):]
		}
		return n
	}
	total := map[bool]int{}
	for _, p := range paths {
		for _, meta := range []bool{false, true} {
			headers, docs := 0, 0
			Open(Input{Path: p}, Options{IncludeWARCMeta: meta}, nil, func(d *Document) (int, error) {
				b, err := io.ReadAll(d.Reader)
				if strings.HasSuffix(d.Member, "#headers") {
					docs++
					headers += countURN(b)
					if !bytes.HasPrefix(b, []byte("WARC/")) || d.RecordID != "" && !strings.HasPrefix(d.Member, strings.Trim(d.RecordID, "<>")) {
						t.Errorf("%s %s: a header document that is no record's header: %q", p, d.Member, b[:min(len(b), 40)])
					}
				}
				return countURN(b), err
			})
			total[meta] += headers
			if !meta && docs > 0 {
				t.Errorf("%s: %d header documents without IncludeWARCMeta", p, docs)
			}
			if meta && (strings.HasSuffix(p, "whirlwind.warc") || strings.HasSuffix(p, "warcio/example.warc")) {
				b, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				if want := inHeaders(b); headers != want || want == 0 {
					t.Errorf("%s: %d urn: in header documents, %d in the header lines", p, headers, want)
				}
			}
		}
	}
	if total[false] != 0 || total[true] == 0 {
		t.Errorf("urn: in WARC headers: %d without IncludeWARCMeta, %d with", total[false], total[true])
	}
	t.Logf("urn: in WARC record headers of %d files: %d without IncludeWARCMeta, %d with", len(paths), total[false], total[true])
}
