package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/idlint/idlint/internal/longtest"
	"github.com/idlint/idlint/internal/textgen"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zip"
	"github.com/klauspost/compress/zstd"
)

// Output is the same bytes whatever -j is for inputs whose own streams
// are decoded on idle cores (a many-member .warc.gz larger than one
// chunk, a zip, a zstd stream), alone and together: -j 3 by default,
// also -j 2 and -j 8 with IDLINT_LONG=1.
func TestDeterministicDecodingAhead(t *testing.T) {
	t.Parallel()
	text := textgen.English(6<<20, 3)
	var warc, zipped, zs bytes.Buffer
	zw := zip.NewWriter(&zipped)
	gw := gzip.NewWriter(&warc) // reset for each member: a new writer's tables cost more than a record
	for i, off := 0, 0; off < len(text); i++ {
		n := min(len(text)-off, 3000+i*7919%60000)
		rec := text[off : off+n]
		off += n
		gw.Reset(&warc)
		fmt.Fprintf(gw, "WARC/1.1\r\nWARC-Type: resource\r\nWARC-Record-ID: <urn:uuid:%d>\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n\r\n", i, n)
		gw.Write(rec)
		gw.Write([]byte("\r\n\r\n"))
		if err := gw.Close(); err != nil {
			t.Fatal(err)
		}
		w, err := zw.Create(fmt.Sprintf("doc%04d.txt", i))
		if err != nil {
			t.Fatal(err)
		}
		w.Write(rec)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	enc, err := zstd.NewWriter(&zs)
	if err != nil {
		t.Fatal(err)
	}
	enc.Write(text[:2<<20])
	if err := enc.Close(); err != nil {
		t.Fatal(err)
	}
	if warc.Len() < 2<<20 {
		t.Fatalf("the WARC is %d bytes: want more than a chunk", warc.Len())
	}
	dir := writeFiles(t, map[string]string{"a.warc.gz": warc.String(), "b.zip": zipped.String(), "c.txt.zst": zs.String()})
	for _, inputs := range [][]string{{"a.warc.gz"}, {"b.zip"}, {"c.txt.zst"}, {"a.warc.gz", "b.zip", "c.txt.zst"}} {
		args := []string{"scan", "--format", "jsonl", "--sources", "-"}
		for _, in := range inputs {
			args = append(args, filepath.Join(dir, in))
		}
		_, one, _ := runCmd(t, "", append(args, "-j", "1")...)
		for _, j := range longtest.Pick([]string{"3"}, []string{"2", "3", "8"}) {
			code, out, errs := runCmd(t, "", append(args, "-j", j)...)
			if code != exitOK && code != exitFindings {
				t.Fatalf("%v -j %s: exit %d: %s", inputs, j, code, errs)
			}
			if one == "" || out != one {
				t.Errorf("%v: -j 1 and -j %s differ (%d vs %d bytes)", inputs, j, len(one), len(out))
			}
		}
	}
}
