package corpus

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/idlint/idlint/record"
)

// Split cuts only plain text, only at line starts, and its parts cover the
// file exactly; everything Open would decode or skip is left whole.
func TestSplit(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	text := []byte(strings.Repeat("a line with urn:example:x\n", 400)) // 10,400 bytes
	oneLine := append(bytes.Repeat([]byte("x"), 6000), "\nend\n"...)
	utf16 := append([]byte{0xFF, 0xFE}, bytes.Repeat([]byte{'a', 0, '\n', 0}, 3000)...)
	binary := append([]byte{0}, text...)
	// lines longer than the first read at a split point (firstLineRead)
	longLines := bytes.Repeat(append(bytes.Repeat([]byte("y"), 9000), '\n'), 4)
	files := map[string][]byte{
		"text.txt": text, "small.txt": text[:3000], "one-line.txt": oneLine, "long-lines.txt": longLines,
		"text.gz": gz(t, string(text)), "utf16.txt": utf16, "binary.bin": binary,
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name  string
		opt   Options
		split bool
	}{
		{"text.txt", Options{}, true},
		{"small.txt", Options{}, false},   // fewer than two parts
		{"one-line.txt", Options{}, true}, // one line break, late
		{"long-lines.txt", Options{}, true},
		{"text.gz", Options{}, false}, // decompressed by Open
		{"text.txt", Options{MaxDepth: -1}, true},
		{"utf16.txt", Options{}, false}, // transcoded by Open
		{"binary.bin", Options{}, true}, // scanned by default
		{"binary.bin", Options{SkipBinary: true}, false},
		{"text.txt", Options{MaxMemberBytes: 5000}, false}, // Open reports the limit
	}
	for _, tt := range tests {
		path := filepath.Join(dir, tt.name)
		data := files[tt.name]
		parts := Split(Input{Path: path}, tt.opt, 2048)
		if (parts != nil) != tt.split {
			t.Errorf("%s %+v: split %v, want %v", tt.name, tt.opt, parts != nil, tt.split)
			continue
		}
		off := int64(0)
		for _, p := range parts {
			if p.Off != off || p.End <= p.Off || p.Off > 0 && data[p.Off-1] != '\n' {
				t.Errorf("%s: part %+v after %d does not start a line right after the last", tt.name, p, off)
			}
			if p.End < int64(len(data))-tailParts*2048 && p.End-p.Off < 2048 {
				t.Errorf("%s: part %+v before the tail is shorter than the size asked", tt.name, p)
			}
			off = p.End
		}
		if parts != nil && off != int64(len(data)) {
			t.Errorf("%s: parts end at %d, file has %d bytes", tt.name, off, len(data))
		}
	}
	if Split(Input{Path: "-"}, Options{}, 2048) != nil || Split(Input{Path: filepath.Join(dir, "missing")}, Options{}, 2048) != nil {
		t.Error("stdin or a missing file split")
	}
}

// OpenFunc hands each record over once it is final: a WARC record's before
// the next record is read, the WARC file's after all of them; Open returns
// the same records with containers first.
func TestOpenFuncStreamsRecords(t *testing.T) {
	t.Parallel()
	var recs []warcRec
	for i := 0; i < 50; i++ {
		recs = append(recs, warcRec{typ: "resource", id: fmt.Sprintf("<urn:uuid:%08d-0000-0000-0000-000000000000>", i),
			uri: fmt.Sprintf("http://e/%d", i), ctype: "text/plain", block: "see urn:example:x\n"})
	}
	data, _ := warcb(t, true, recs...)
	opt := Options{FS: fstest.MapFS{"in.warc.gz": {Data: data}}}
	var got []record.Source
	docs := 0
	OpenFunc(Input{Path: "in.warc.gz"}, opt, nil, func(d *Document) (int, error) {
		if len(got) != docs {
			t.Fatalf("document %d read with %d records handed over, want %d", docs, len(got), docs)
		}
		docs++
		_, err := io.Copy(io.Discard, d.Reader)
		return 1, err
	}, func(r record.Source) { got = append(got, r) })
	if len(got) != 51 || got[50].Member != "" || got[50].Status != record.StatusOK {
		t.Fatalf("%d records, last %+v; want 50 members then the file", len(got), got[len(got)-1])
	}
	whole := Open(Input{Path: "in.warc.gz"}, opt, nil, func(d *Document) (int, error) { return 0, nil })
	if len(whole) != 51 || whole[0].Member != "" || whole[1].Member != got[0].Member {
		t.Errorf("Open: %d records, first %q then %q; want the file first", len(whole), whole[0].Member, whole[1].Member)
	}
}

// An input's zstd stream read with ParallelDecode (decoded on one
// goroutine since issue 25) gives the same text and records as without,
// for the stream itself and for a tar inside it.
func TestParallelDecodeSameResult(t *testing.T) {
	t.Parallel()
	var text bytes.Buffer
	for i := 0; text.Len() < 3<<20; i++ {
		fmt.Fprintf(&text, "line %d urn:example:%d and more text to fill the block\n", i, i%977)
	}
	inner := zst(t, text.Bytes())
	for name, data := range map[string][]byte{
		"zstd":     inner,
		"tar.zstd": zst(t, tarb(t, entry{name: "a.txt", body: text.String()}, entry{name: "b.txt.zst", body: string(inner)})),
	} {
		seq, seqDocs := openBytes(t, data, Options{})
		par, parDocs := openBytes(t, data, Options{ParallelDecode: true})
		if d := aheadDiff(seq, seqDocs, par, parDocs); d != "" {
			t.Fatalf("%s: %s", name, d)
		}
	}
}

// A failure (panic) while reading an archive's members leaves the
// archive's record as an error, not ok; the panic goes on to the caller,
// whose recovery reports the input.
func TestArchiveRecordOnPanic(t *testing.T) {
	t.Parallel()
	data := tarb(t, entry{name: "a.txt", body: "urn:x:a"})
	var got []record.Source
	func() {
		defer func() {
			if recover() == nil {
				t.Error("the panic did not reach the caller")
			}
		}()
		OpenFunc(Input{Path: "in"}, Options{FS: fstest.MapFS{"in": {Data: data}}}, nil,
			func(*Document) (int, error) { panic("bug") },
			func(r record.Source) { got = append(got, r) })
	}()
	if len(got) != 1 || got[0].Member != "" || got[0].Status != record.StatusError {
		t.Errorf("records %+v, want the tar's record with an error", got)
	}
}

// issue 25: a file's last tailParts parts' worth is planned in parts of
// size/tailSplit, so that the workers end close together.
func TestPartEnd(t *testing.T) {
	t.Parallel()
	const size = 8 << 20
	for _, tt := range []struct {
		name       string
		off, total int64
		want       int64
	}{
		{"start of a large file", 0, 25 * size, size},
		{"before the tail", 20 * size, 25 * size, 21 * size},
		{"just before the tail", 22*size - 1, 24 * size, 23*size - 1},
		{"the tail's start", 22 * size, 24 * size, 22*size + size/tailSplit},
		{"in the tail", 23 * size, 24 * size, 23*size + size/tailSplit},
		{"a file of two parts: all tail", 0, 2 * size, size / tailSplit},
	} {
		if got := partEnd(tt.off, tt.total, size); got != tt.want {
			t.Errorf("%s: partEnd(%d, %d) = %d, want %d", tt.name, tt.off, tt.total, got, tt.want)
		}
	}
}
