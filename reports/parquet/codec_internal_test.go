//go:build parquet

package parquet

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
)

// issue 25: the report's pages are zstd at its fastest level (codec.go);
// whatever the level, a page decodes to what was encoded, by arrow-go's
// decoder, and the files still say ZSTD for every column chunk.
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
	var dense []byte
	for i := range 20000 {
		dense = fmt.Appendf(dense, "\x2d\x00\x00\x00urn:uuid:%08x-47c7-482e-b2c0-%012x", i*2654435761, i*40503)
	}
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

	dir := t.TempDir()
	w := create(t, dir)
	for i := range 3000 {
		o := &lint.Occurrence{Location: record.Location{Source: "a.txt", Offset: int64(i)}, Scheme: "urn", Raw: fmt.Sprintf("urn:x:%d", i), Key: "k"}
		if err := w.Occurrence(o); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f, err := file.OpenParquetFile(filepath.Join(dir, OccurrencesFile), false)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for g := range f.NumRowGroups() {
		md := f.RowGroup(g).MetaData()
		for k := range md.NumColumns() {
			cc, err := md.ColumnChunk(k)
			if err != nil || cc.Compression() != compress.Codecs.Zstd {
				t.Errorf("row group %d, column %d: %v (%v), want zstd", g, k, cc.Compression(), err)
			}
		}
	}
	rows, _, err := ReadRows(filepath.Join(dir, OccurrencesFile))
	if err != nil || len(rows) != 3000 || rows[2999]["raw"] != "urn:x:2999" {
		t.Fatalf("%d rows (%v), want 3000", len(rows), err)
	}
}
