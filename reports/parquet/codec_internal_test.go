//go:build parquet

package parquet

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/klauspost/compress/snappy"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
)

// issue 25: the report's pages are zstd at its fastest level (codec.go);
// whatever the level, a page decodes to what was encoded, by arrow-go's
// decoder.
func TestReportCodec(t *testing.T) {
	c, err := compress.GetCodec(compress.Codecs.Zstd)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.(*reportZstd); !ok {
		t.Fatalf("zstd codec %T, want the report's", c)
	}
	if _, ok := c.(compress.StreamingCodec); !ok {
		t.Error("the report's codec lost arrow-go's streaming methods")
	}
	dense := denseIdentPage()
	for _, tc := range []struct {
		name  string
		src   []byte
		level int
	}{
		{"report level, dense identifiers", dense, reportLevel},
		{"report level, one byte", []byte("u"), reportLevel},
		{"report level, zeros", make([]byte, 1<<20), reportLevel},
		{"default level, arrow-go's", dense, compress.DefaultCompressionLevel},
		{"level 3, arrow-go's", dense, 3},
	} {
		enc := c.EncodeLevel(nil, tc.src, tc.level)
		got, err := c.(compress.ErrorCodec).DecodeWithError(nil, enc)
		if err != nil || !bytes.Equal(got, tc.src) {
			t.Errorf("%s: %d bytes back (%v), want %d", tc.name, len(got), err, len(tc.src))
		}
	}
}

// issue 25: every column is zstd; Options.Snappy makes occurrences'
// string columns without a dictionary (the identifiers: most of a
// report's bytes) Snappy, the rest still zstd. The rows read back the same.
func TestReportColumnCodecs(t *testing.T) {
	snappyCols := map[string]bool{"member": true, "record_id": true, "target_uri": true,
		"raw": true, "canonical": true, "key": true, "ns_key": true}
	for _, tc := range []struct {
		name   string
		snappy bool
	}{{"default: all zstd", false}, {"Options.Snappy: identifiers Snappy", true}} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			w, err := Create(dir, Options{RunID: "r", Snappy: tc.snappy})
			if err != nil {
				t.Fatal(err)
			}
			for i := range 3000 {
				o := &lint.Occurrence{Location: record.Location{Source: "a.txt", Offset: int64(i)}, Scheme: "urn", Raw: fmt.Sprintf("urn:x:%d", i), Key: "k"}
				if err := w.Occurrence(o); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			for _, name := range []string{OccurrencesFile, FindingsFile, ClustersFile, SourcesFile} {
				f, err := file.OpenParquetFile(filepath.Join(dir, name), false)
				if err != nil {
					t.Fatal(err)
				}
				for g := range f.NumRowGroups() {
					md := f.RowGroup(g).MetaData()
					for k := range md.NumColumns() {
						cc, err := md.ColumnChunk(k)
						path := f.MetaData().Schema.Column(k).Path()
						want := compress.Codecs.Zstd
						if name == OccurrencesFile && snappyCols[path] && tc.snappy {
							want = compress.Codecs.Snappy
						}
						if err != nil || cc.Compression() != want {
							t.Errorf("%s row group %d, %s: %v (%v), want %v", name, g, path, cc.Compression(), err, want)
						}
					}
				}
				f.Close()
			}
			rows, _, err := ReadRows(filepath.Join(dir, OccurrencesFile))
			if err != nil || len(rows) != 3000 || rows[2999]["raw"] != "urn:x:2999" || rows[2999]["key"] != "k" {
				t.Fatalf("%d rows (%v), want 3000", len(rows), err)
			}
		})
	}
}

// issue 25: Snappy pages are s2's fastest Snappy-compatible encoding
// (codec.go); the standard Snappy decoder reads them back, and arrow-go's
// codec's decoding and streams are kept.
func TestReportSnappy(t *testing.T) {
	c, err := compress.GetCodec(compress.Codecs.Snappy)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.(fastSnappy); !ok {
		t.Fatalf("snappy codec %T, want the report's", c)
	}
	if _, ok := c.(compress.StreamingCodec); !ok {
		t.Error("the report's Snappy codec lost arrow-go's streaming methods")
	}
	dense := denseIdentPage()
	for _, tc := range []struct {
		name string
		src  []byte
	}{
		{"dense identifiers", dense},
		{"empty", nil},
		{"one byte", []byte("u")},
		{"zeros", make([]byte, 1<<20)},
	} {
		dst := make([]byte, 0, c.CompressBound(int64(len(tc.src))))
		enc := c.EncodeLevel(dst, tc.src, compress.DefaultCompressionLevel)
		got, err := snappy.Decode(nil, enc)
		if err != nil || !bytes.Equal(got, tc.src) {
			t.Errorf("%s: %d bytes back (%v), want %d", tc.name, len(got), err, len(tc.src))
		}
		if got, err := c.(compress.ErrorCodec).DecodeWithError(make([]byte, len(tc.src)), enc); err != nil || !bytes.Equal(got, tc.src) {
			t.Errorf("%s: arrow-go's decoding: %d bytes back (%v), want %d", tc.name, len(got), err, len(tc.src))
		}
	}
}

// denseIdentPage is a PLAIN byte-array page of 20,000 uuid URNs, each
// after its 4-byte length: what an identifier column's pages hold.
func denseIdentPage() []byte {
	var dense []byte
	for i := range 20000 {
		dense = fmt.Appendf(dense, "\x2d\x00\x00\x00urn:uuid:%08x-47c7-482e-b2c0-%012x", i*2654435761, i*40503)
	}
	return dense
}
