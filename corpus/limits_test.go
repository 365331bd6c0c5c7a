package corpus

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/idlint/idlint/record"
	"github.com/klauspost/compress/zstd"
)

// TestCorrupt: a broken stream is an error naming what broke and where;
// what came out before it was scanned, and the rest goes on.
func TestCorrupt(t *testing.T) {
	t.Parallel()
	text := strings.Repeat("urn:x:y ", 4096) // 32 KiB
	full := gz(t, text)
	truncGz := full[:len(full)/2]
	badCRC := bytes.Clone(full)
	badCRC[len(badCRC)-6] ^= 0xff
	fullZst := zst(t, []byte(text))
	tarData := tarb(t, entry{name: "a.txt", body: "urn:x:a"}, entry{name: "b.txt", body: text}, entry{name: "c.txt", body: "urn:x:c"})
	truncTar := tarData[:1536+len(text)/2] // a's header and block, b's header, half of b
	zipData := zipb(t, entry{name: "a.txt", body: text})
	badZipMember := bytes.Clone(zipData)
	// flip a byte of the deflated data (after the 30-byte local header and the name)
	badZipMember[30+len("a.txt")+10] ^= 0xff
	tests := []struct {
		name      string
		data      []byte
		want      []brief // Bytes -1: anything
		wantErrs  []string
		scannedOK bool // the partial document's occurrences count
	}{
		{"truncated gzip", truncGz,
			[]brief{{"", "gzip", record.StatusError, -1, -1}}, []string{"after ", "bytes: gzip: unexpected EOF"}, true},
		{"gzip with a wrong checksum", badCRC,
			[]brief{{"", "gzip", record.StatusError, int64(len(text)), 4096}}, []string{"bytes: gzip: invalid checksum"}, true}, // the layer named once
		{"gzip with trailing garbage", append(bytes.Clone(full), "this is no gzip member"...),
			[]brief{{"", "gzip", record.StatusError, int64(len(text)), 4096}}, []string{fmt.Sprintf("gzip: member at offset %d (trailing data?): gzip: invalid header", len(full))}, true},
		{"truncated zstd", fullZst[:len(fullZst)-3],
			[]brief{{"", "zstd", record.StatusError, -1, -1}}, []string{"zstd: "}, false},
		{"truncated lz4", lz4c(t, []byte(text))[:len(lz4c(t, []byte(text)))-7],
			[]brief{{"", "lz4", record.StatusError, -1, -1}}, []string{"lz4: "}, false},
		{"truncated tar: member and archive errors, earlier members kept", truncTar,
			[]brief{{"", "tar", record.StatusError, 0, 0}, {"a.txt", "tar", record.StatusOK, 7, 1}, {"b.txt", "tar", record.StatusError, int64(len(text) / 2), 2048}},
			[]string{"unexpected EOF", "", "unexpected EOF"}, true},
		{"truncated tar.gz: the archive says where", gz(t, string(tarData))[:200],
			[]brief{{"", "gzip+tar", record.StatusError, 0, 0}, {"a.txt", "gzip+tar", record.StatusOK, 7, 1}, {"b.txt", "gzip+tar", record.StatusOK, int64(len(text)), 4096}},
			[]string{"bytes: gzip: unexpected EOF"}, false},
		{"not a zip after all", []byte("PK\x03\x04 but nothing else"),
			[]brief{{"", "zip", record.StatusError, 0, 0}}, []string{"zip: not a valid zip file"}, false},
		{"zip member with corrupt data", badZipMember,
			[]brief{{"", "zip", record.StatusOK, 0, 0}, {"a.txt", "zip", record.StatusError, -1, -1}}, []string{"", "zip: "}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, _ := openBytes(t, tt.data, Options{})
			if len(recs) != len(tt.want) {
				t.Fatalf("records:\n%s want %d", recordsString(recs), len(tt.want))
			}
			for i, w := range tt.want {
				g := briefs(recs)[i]
				if w.Bytes < 0 {
					g.Bytes = -1
				}
				if w.Occurrences < 0 {
					g.Occurrences = -1
				}
				if g != w {
					t.Errorf("record %d = %+v, want %+v\n%s", i, g, w, recordsString(recs))
				}
				if i < len(tt.wantErrs) && !strings.Contains(recs[i].Error, tt.wantErrs[i]) {
					t.Errorf("record %d error %q does not contain %q", i, recs[i].Error, tt.wantErrs[i])
				}
			}
			if tt.scannedOK {
				last := recs[len(recs)-1]
				if last.Bytes == 0 || last.Occurrences == 0 || !strings.Contains(last.Error, "after ") {
					t.Errorf("the partial document should count what was scanned and say where it broke: %+v", last)
				}
			}
		})
	}
}

// TestLimits: every limit trips while streaming, with a named reason, and
// what was scanned before the cut counts.
func TestLimits(t *testing.T) {
	t.Parallel()
	text := strings.Repeat("urn:x:y ", 1024) // 8 KiB, 1024 occurrences
	zeros := make([]byte, 4<<20)
	deepZip := zipb(t, entry{name: "l1.zip", body: string(zipb(t, entry{name: "l2.zip", body: string(zipb(t, entry{name: "l3.txt", body: "urn:x:deep"}))}))})
	deepGz := gz(t, string(gz(t, string(gz(t, "urn:x:gz3")))))
	// a tar whose member header claims 1 GiB (and a 1 GiB size limit
	// would take that long to trip): with a 4 KiB limit the member is cut
	lying := tarb(t, entry{name: "big.txt", body: text})
	tests := []struct {
		name    string
		data    []byte
		opt     Options
		want    []brief
		wantErr string
	}{
		{"member size limit cuts the document, occurrences before count", []byte(text), Options{MaxMemberBytes: 4096},
			[]brief{{"", "text", record.StatusError, 4096, 512}}, "decompressed size limit 4 KiB exceeded after 4096 bytes"},
		{"member size limit in a tar", lying, Options{MaxMemberBytes: 4096},
			[]brief{{"", "tar", record.StatusOK, 0, 0}, {"big.txt", "tar", record.StatusError, 4096, 512}}, "decompressed size limit 4 KiB exceeded"},
		{"member size limit in gzip", gz(t, text), Options{MaxMemberBytes: 1000},
			[]brief{{"", "gzip", record.StatusError, 1000, 125}}, "decompressed size limit 1000 B exceeded after 1000 bytes"},
		{"expansion ratio: a gzip of zeros", gz(t, string(zeros)), Options{MaxRatio: 100, RatioGrace: 64 << 10},
			[]brief{{"", "gzip", record.StatusError, -1, 0}}, "expansion ratio limit 100:1 exceeded"},
		{"ratio not enforced before the grace", gz(t, string(zeros[:32<<10])), Options{MaxRatio: 2, RatioGrace: 64 << 10},
			[]brief{{"", "gzip", record.StatusOK, 32 << 10, 0}}, ""},
		{"default ratio lets a compressible text through", gz(t, strings.Repeat(text, 256)), Options{},
			[]brief{{"", "gzip", record.StatusOK, 2 << 20, 256 * 1024}}, ""},
		{"archive depth", deepZip, Options{MaxDepth: 2},
			[]brief{{"", "zip", record.StatusOK, 0, 0}, {"l1.zip", "zip+zip", record.StatusOK, 0, 0}, {"l1.zip!l2.zip", "zip+zip+zip", record.StatusError, 0, 0}},
			"nesting depth limit 2 reached: zip not opened"},
		{"archive depth default opens three", deepZip, Options{},
			[]brief{{"", "zip", record.StatusOK, 0, 0}, {"l1.zip", "zip+zip", record.StatusOK, 0, 0}, {"l1.zip!l2.zip", "zip+zip+zip", record.StatusOK, 0, 0}, {"l1.zip!l2.zip!l3.txt", "zip+zip+zip", record.StatusOK, 10, 1}}, ""},
		{"compression depth", deepGz, Options{MaxDepth: 2},
			[]brief{{"", "gzip+gzip+gzip", record.StatusError, 0, 0}}, "nesting depth limit 2 reached: 3 compression layers in a row"},
		{"no opening at all (MaxDepth < 0)", gz(t, "urn:x:y"), Options{MaxDepth: -1},
			[]brief{{"", "text", record.StatusOK, -1, -1}}, ""},
		{"xz window over the limit", xzc(t, []byte(text), 8<<20), Options{MaxWindowBytes: 1 << 20},
			[]brief{{"", "xz", record.StatusError, 0, 0}}, "dictionary of 8 MiB is over the decoder window limit 1 MiB"},
		{"negative limits are no limits", gz(t, string(zeros)), Options{MaxRatio: -1, MaxMemberBytes: -1, MaxWindowBytes: -1},
			[]brief{{"", "gzip", record.StatusOK, 4 << 20, 0}}, ""},
		{"zstd window over the limit", zstWindow(t, zeros, 8<<20), Options{MaxWindowBytes: 1 << 20, MaxRatio: -1},
			[]brief{{"", "zstd", record.StatusError, 0, 0}}, "window size exceeded"},
		{"zstd window under the limit", zstWindow(t, zeros, 8<<20), Options{MaxWindowBytes: -1, MaxRatio: -1},
			[]brief{{"", "zstd", record.StatusOK, 4 << 20, 0}}, ""},
		{"zip spool over the member limit", tarb(t, entry{name: "z.zip", body: string(zipb(t, entry{name: "a", body: text, store: true}))}), Options{MaxMemberBytes: 4096},
			[]brief{{"", "tar", record.StatusOK, 0, 0}, {"z.zip", "tar+zip", record.StatusError, 0, 0}}, "zip spool size limit 4 KiB exceeded"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, _ := openBytes(t, tt.data, tt.opt)
			got := briefs(recs)
			if len(got) != len(tt.want) {
				t.Fatalf("records:\n%s want %+v", recordsString(recs), tt.want)
			}
			for i := range got {
				if tt.want[i].Bytes < 0 {
					got[i].Bytes = -1
				}
				if tt.want[i].Occurrences < 0 {
					got[i].Occurrences = -1
				}
				if got[i] != tt.want[i] {
					t.Errorf("record %d = %+v, want %+v", i, got[i], tt.want[i])
				}
			}
			last := recs[len(recs)-1]
			if tt.wantErr == "" && last.Error != "" || !strings.Contains(last.Error, tt.wantErr) {
				t.Errorf("error %q, want %q\n%s", last.Error, tt.wantErr, recordsString(recs))
			}
		})
	}
}

// TestGuard: the size limit is exact whatever the read sizes, and the
// error matches ErrLimit.
func TestGuard(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		r    func(io.Reader) io.Reader
		max  int64
		size int
	}{
		{"one read", func(r io.Reader) io.Reader { return r }, 100, 1000},
		{"one-byte reads", iotest.OneByteReader, 100, 1000},
		{"half reads", iotest.HalfReader, 333, 1000},
		{"exactly at the limit", func(r io.Reader) io.Reader { return r }, 1000, 1000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &guard{r: tt.r(bytes.NewReader(make([]byte, tt.size))), max: tt.max}
			b, err := io.ReadAll(g)
			if int64(len(b)) != min(tt.max, int64(tt.size)) {
				t.Errorf("read %d bytes, want %d", len(b), min(tt.max, int64(tt.size)))
			}
			if over := int64(tt.size) > tt.max; over != errors.Is(err, ErrLimit) {
				t.Errorf("err = %v, want a limit error: %v", err, over)
			}
		})
	}
}

// TestCancel: a cancelled handler stops the input: no more members are opened.
func TestCancel(t *testing.T) {
	t.Parallel()
	data := tarb(t, entry{name: "a", body: "urn:x:a"}, entry{name: "b", body: "urn:x:b"}, entry{name: "c", body: "urn:x:c"})
	tests := []struct {
		name      string
		err       error
		wantCalls int
	}{
		{"cancelled", context.Canceled, 1},
		{"other errors go on", errors.New("lint failed"), 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls := 0
			recs := Open(Input{Path: "-"}, Options{}, bytes.NewReader(data), func(d *Document) (int, error) {
				calls++
				return 0, tt.err
			})
			if calls != tt.wantCalls {
				t.Errorf("handler called %d times, want %d", calls, tt.wantCalls)
			}
			if len(recs) != 1+tt.wantCalls || recs[1].Status != record.StatusError {
				t.Errorf("records:\n%s", recordsString(recs))
			}
		})
	}
}

// zstWindow compresses with a declared window (no single-segment frame).
func zstWindow(t testing.TB, data []byte, window int) []byte {
	t.Helper()
	return streams(t, func(w io.Writer) (io.WriteCloser, error) {
		return zstd.NewWriter(w, zstd.WithEncoderConcurrency(1), zstd.WithWindowSize(window), zstd.WithSingleSegment(false))
	}, string(data))
}

// Go's gnu-incremental.tar holds a sparse member that expands 2.5 KB on
// disk to 512 MiB: it is cut by the ratio limit and reported, not scanned
// to the end.
func TestGnuIncrementalSparse(t *testing.T) {
	t.Parallel()
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Skip("go env GOROOT:", err)
	}
	path := filepath.Join(strings.TrimSpace(string(goroot)), "src", "archive", "tar", "testdata", "gnu-incremental.tar")
	if _, err := os.Stat(path); err != nil {
		t.Skip("Go source tree absent:", err)
	}
	recs := Open(Input{Path: path}, Options{}, nil, func(d *Document) (int, error) {
		_, err := io.Copy(io.Discard, d.Reader)
		return 0, err
	})
	found := false
	for _, r := range recs {
		if r.Member == "test2/sparse" {
			found = true
			if r.Status != record.StatusError || !strings.Contains(r.Error, "expansion ratio") || r.Bytes > 4<<20 {
				t.Errorf("sparse member: %+v", r)
			}
		}
	}
	if !found {
		t.Errorf("no record for test2/sparse: %+v", recs)
	}
}
