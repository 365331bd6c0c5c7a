package corpus

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idlint/idlint/record"
)

// Plan records a file's size in its Input and Open trusts it instead of
// asking again; a file that changed in between is still read as it is at
// Open: grown or shrunk around the sizes where reading changes (the read
// buffer, a file read whole), a zip whose directory moved, a file
// replaced by a directory.
func TestOpenAfterPlanSeesTheFileAsItIs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	text := func(n int) []byte {
		b := bytes.Repeat([]byte("urn:example:planned text\n"), n/25+1)
		return b[:n]
	}
	zipData := zipb(t, entry{name: "a.txt", body: "urn:example:a"}, entry{name: "b.txt", body: "urn:example:b urn:example:c"})
	gzData := gz(t, string(text(3<<20)))
	cases := []struct {
		name          string
		before, after []byte
		dir           bool // replaced by a directory
	}{
		{"same", text(3000), text(3000), false},
		{"grown within the buffer", text(3000), text(9000), false},
		{"grown past the buffer", text(3000), text(bufSize + 500), false},
		{"grown past whole reads", text(bufSize + 10), text(wholeMax + 7000), false},
		{"shrunk", text(wholeMax - 10), text(100), false},
		{"emptied", text(5000), nil, false},
		{"became a zip", text(len(zipData) + 3), zipData, false},
		{"zip grown", zipData, append(append([]byte(nil), zipData...), zipData...), false},
		{"became a gzip", text(100), gzData, false},
		{"gzip cut short", gzData, gzData[:1000], false},
		{"became a directory", text(100), nil, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-"))
			if err := os.WriteFile(p, c.before, 0o644); err != nil {
				t.Fatal(err)
			}
			in := Input{Path: p}
			if _, size := Plan(&in, Options{}, 0); size != int64(len(c.before)) {
				t.Fatalf("planned size %d, want %d", size, len(c.before))
			}
			os.Remove(p)
			if c.dir {
				if err := os.Mkdir(p, 0o755); err != nil {
					t.Fatal(err)
				}
			} else if err := os.WriteFile(p, c.after, 0o644); err != nil {
				t.Fatal(err)
			}
			got, gotDocs := openWith(t, in, Options{}, nil)
			want, wantDocs := openWith(t, Input{Path: p}, Options{}, nil)
			if c.dir {
				if len(got) != 1 || got[0].Status != record.StatusError || !strings.Contains(got[0].Error, "is a directory") {
					t.Fatalf("a directory read as a file: %s", recordsString(got))
				}
				return
			}
			if g, w := recordsString(got), recordsString(want); g != w {
				t.Errorf("records after planning:\n%swant, unplanned:\n%s", g, w)
			}
			if len(gotDocs) != len(wantDocs) {
				t.Fatalf("%d documents, want %d", len(gotDocs), len(wantDocs))
			}
			for i := range gotDocs {
				if gotDocs[i].text != wantDocs[i].text {
					t.Errorf("document %d: %d bytes read, want %d", i, len(gotDocs[i].text), len(wantDocs[i].text))
				}
			}
		})
	}
}

// inputFile reads as an os.File does: io.EOF at the end, ReadAt filling
// its buffer unless the file ends, errors naming the path.
func TestInputFileReads(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	data := bytes.Repeat([]byte("0123456789"), 10000)
	p := filepath.Join(dir, "f")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := openInput(Input{Path: p}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if n, ok := f.size(); !ok || n != int64(len(data)) {
		t.Errorf("size %d %v, want %d", n, ok, len(data))
	}
	all, err := io.ReadAll(f)
	if err != nil || !bytes.Equal(all, data) {
		t.Errorf("ReadAll: %d bytes, %v", len(all), err)
	}
	buf := make([]byte, 300)
	for _, off := range []int64{0, 12345, int64(len(data)) - 300, int64(len(data)) - 7, int64(len(data)), int64(len(data)) + 9} {
		n, err := f.ReadAt(buf, off)
		wantN := max(0, min(300, int64(len(data))-off))
		if int64(n) != wantN || wantN < 300 && err != io.EOF || wantN == 300 && err != nil {
			t.Errorf("ReadAt(%d): %d, %v; want %d bytes", off, n, err, wantN)
		}
		if wantN > 0 && !bytes.Equal(buf[:n], data[off:off+wantN]) {
			t.Errorf("ReadAt(%d): wrong bytes", off)
		}
	}
	if _, err := openInput(Input{Path: filepath.Join(dir, "missing")}, nil); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("open of a missing file: %v, want an error naming it", err)
	}
	d, err := openInput(Input{Path: dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, ok := d.size(); ok {
		t.Error("a directory sized as a regular file")
	}
	if _, err := d.Read(buf); err == nil || !strings.Contains(err.Error(), dir) {
		t.Errorf("read of a directory: %v, want an error naming it", err)
	}
}

// A file truncated while it is read is an error, with the bytes actually
// read, not ok with more bytes than the file has (issue 24 §8); a file
// read whole at the size it has stays ok.
func TestOpenTruncatedWhileRead(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	text := bytes.Repeat([]byte("urn:example:truncated text\n"), 4*wholeMax/27)
	for _, c := range []struct {
		name     string
		truncate int64 // after the first read; -1: not
		planned  bool
	}{
		{"truncated, planned", 1000, true},
		{"truncated, not planned", 1000, false},
		{"emptied", 0, true},
		{"untouched", -1, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-"))
			if err := os.WriteFile(p, text, 0o644); err != nil {
				t.Fatal(err)
			}
			in := Input{Path: p}
			if c.planned {
				Plan(&in, Options{}, 0)
			}
			var read int64
			recs := Open(in, Options{}, nil, func(d *Document) (int, error) {
				buf := make([]byte, 64<<10)
				n, err := io.ReadFull(d.Reader, buf)
				read += int64(n)
				if err != nil {
					return 0, err
				}
				if c.truncate >= 0 {
					if err := os.Truncate(p, c.truncate); err != nil {
						t.Fatal(err)
					}
				}
				m, err := io.Copy(io.Discard, d.Reader)
				read += m
				return 0, err
			})
			if len(recs) != 1 {
				t.Fatalf("records %s, want one", recordsString(recs))
			}
			r := recs[0]
			if r.Bytes != read {
				t.Errorf("bytes %d, want the %d read", r.Bytes, read)
			}
			if c.truncate < 0 {
				if r.Status != record.StatusOK || read != int64(len(text)) {
					t.Errorf("untouched: %s, %d bytes read of %d", recordsString(recs), read, len(text))
				}
				return
			}
			want := fmt.Sprintf("the file was truncated while being read (it now has %d bytes)", c.truncate)
			if r.Status != record.StatusError || !strings.Contains(r.Error, want) {
				t.Errorf("record %s, want an error %q", recordsString(recs), want)
			}
		})
	}
}
