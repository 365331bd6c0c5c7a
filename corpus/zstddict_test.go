package corpus

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/idlint/idlint/record"
	"github.com/klauspost/compress/dict"
	"github.com/klauspost/compress/zstd"
)

// warcZst writes recs as a .warc.zst (the WARC Zstandard format, IIPC): a
// skippable frame 0x184D2A5D holding the dictionary (zstd-compressed when
// packDict), then each record one frame compressed with it.
func warcZst(t testing.TB, recs []warcRec, d []byte, raw, packDict bool) []byte {
	t.Helper()
	payload := d
	if packDict {
		payload = zst(t, d)
	}
	out := binary.LittleEndian.AppendUint32(nil, zstdDictMagic)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(payload)))
	out = append(out, payload...)
	opt := zstd.WithEncoderDict(d)
	if raw {
		opt = zstd.WithEncoderDictRaw(0, d)
	}
	enc, err := zstd.NewWriter(nil, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		one, _ := warcb(t, false, r)
		out = enc.EncodeAll(one, out)
	}
	return out
}

// A .warc.zst whose records are frames compressed with a dictionary the
// file carries first (WARC Zstandard format) reads as the same WARC
// uncompressed: same documents, records and record IDs.
func TestWARCZstdDictionary(t *testing.T) {
	t.Parallel()
	var recs []warcRec
	var samples [][]byte
	for i := 0; i < 120; i++ {
		r := warcRec{typ: "resource", id: fmt.Sprintf("urn:uuid:%d", i), uri: fmt.Sprintf("http://example.com/%d", i), ctype: "text/plain",
			block: fmt.Sprintf("record %d urn:example:rec-%d, and text shared by many records: urn:isbn:0451450523\n", i, i)}
		recs = append(recs, r)
		one, _ := warcb(t, false, r)
		samples = append(samples, one)
	}
	trained, err := dict.BuildZstdDict(samples, dict.Options{MaxDictSize: 4096, HashBytes: 6, ZstdDictID: 4242})
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := warcb(t, false, recs...)
	want, wantDocs := openBytes(t, plain, Options{})
	for _, c := range []struct {
		name          string
		d             []byte
		raw, packDict bool
	}{
		{"trained dictionary", trained, false, false},
		{"trained dictionary, itself compressed", trained, false, true},
		{"raw content, frames naming no dictionary", bytes.Repeat([]byte("text shared by many records: urn:isbn:0451450523\n"), 20), true, false},
	} {
		data := warcZst(t, recs, c.d, c.raw, c.packDict)
		got, gotDocs := openBytes(t, data, Options{})
		if len(gotDocs) != len(wantDocs) || len(got) != len(want) {
			t.Fatalf("%s: %d documents, %d records; want %d, %d:\n%s", c.name, len(gotDocs), len(got), len(wantDocs), len(want), recordsString(got))
		}
		for i := range wantDocs {
			if gotDocs[i].text != wantDocs[i].text || gotDocs[i].RecordID != wantDocs[i].RecordID {
				t.Fatalf("%s: document %d: %q %q, want %q %q", c.name, i, gotDocs[i].RecordID, gotDocs[i].text, wantDocs[i].RecordID, wantDocs[i].text)
			}
		}
		for i := range want {
			if got[i].Status != want[i].Status || got[i].Occurrences != want[i].Occurrences || got[i].Member != want[i].Member {
				t.Fatalf("%s: record %d: %+v, want %+v", c.name, i, got[i], want[i])
			}
		}
	}
	// a dictionary frame past the limit, and one cut short, are errors
	// naming the dictionary, not a crash or a stream of garbage
	huge := binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, zstdDictMagic), maxDict+1)
	for name, data := range map[string][]byte{
		"over the limit": append(huge, make([]byte, 64)...),
		"cut short":      warcZst(t, recs[:2], trained, false, false)[:300],
	} {
		got, _ := openBytes(t, data, Options{})
		if len(got) == 0 || got[len(got)-1].Status != record.StatusError || !strings.Contains(got[len(got)-1].Error, "dictionary") {
			t.Errorf("%s: %s", name, recordsString(got))
		}
	}
}
