package corpus

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math/rand"
	"strings"
	"testing"

	dbz "github.com/dsnet/compress/bzip2"
	"github.com/klauspost/compress/zip"
)

// Decoding a lone zip input's members ahead, on other goroutines
// (ParallelDecode), gives what reading them in order gives: the same
// documents and records, errors and limits (APPNOTE 4.3.6: each member's
// data stands alone at the offset the central directory gives).
func TestZipAheadSameResult(t *testing.T) {
	rnd := rand.New(rand.NewSource(3))
	text := gzAheadText(rnd, 120, 3000)
	var many []entry
	for i, p := range text {
		many = append(many, entry{name: fmt.Sprintf("d%d/f%03d.txt", i%4, i), body: p, store: i%17 == 5})
	}
	many = append(many, entry{name: "d9/", dir: true}, entry{name: "nested.zip", body: string(zipb(t, many[:10]...))},
		entry{name: "inner.tar.gz", body: string(gz(t, string(tarb(t, many[10:20]...))))})
	plain := zipb(t, many...)
	// the same with member 7's data altered: its CRC fails
	corrupt := bytes.Clone(plain)
	if i := bytes.Index(corrupt, []byte("f007.txt")); i < 0 {
		t.Fatal("no f007.txt")
	} else {
		corrupt[i+len("f007.txt")+20] ^= 0x40
	}
	zeros := zipb(t, entry{name: "a.txt", body: text[0]}, entry{name: "zeros", body: strings.Repeat("\x00", 3<<20)}, entry{name: "b.txt", body: text[1]})

	cases := []aheadCase{
		{"many members", plain, Options{}, ""},
		{"corrupt member", corrupt, Options{}, "zip: flate: corrupt input"},
		{"ratio limit trips", zeros, Options{MaxRatio: 50, RatioGrace: 4096}, "expansion ratio"},
		{"ratio limit in grace", zeros, Options{MaxRatio: 50, RatioGrace: 8 << 20}, ""},
		{"binary skipped", plain, Options{SkipBinary: true}, ""},
		{"member size limit", plain, Options{MaxMemberBytes: 2000}, "limit"},
	}
	defer func(l, h int) { zipJobLimit, zipHeldLimit = l, h }(zipJobLimit, zipHeldLimit)
	before := zipAheadDelivered.Load()
	checkAhead(t, cases, []aheadSetting{
		{"jobs of 1 MiB", func() { zipJobLimit, zipHeldLimit = 1<<20, 4<<20 }, false},
		{"jobs of 2000", func() { zipJobLimit, zipHeldLimit = 2000, 5000 }, true},
		{"default sizes", func() { zipJobLimit, zipHeldLimit = 16<<20, 64<<20 }, false},
	})
	if zipAheadDelivered.Load() == before {
		t.Error("no member was delivered from a job: nothing was decoded ahead")
	}
}

// A zip whose directory lies about a member's size: the member is not
// taken from a job (its size or CRC check fails there) and reads as it
// does in order.
func TestZipAheadWrongSize(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for i, body := range []string{"urn:x:one ", "urn:x:two two two ", "urn:x:three"} {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: fmt.Sprint(i), Method: zip.Deflate})
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(body))
	}
	zw.Close()
	data := b.Bytes()
	// the central directory's uncompressed size of member 1 (offset 24 in
	// its header) made 4 bytes smaller
	hdr := bytes.Index(data, []byte("PK\x01\x02"))
	hdr = hdr + bytes.Index(data[hdr+1:], []byte("PK\x01\x02")) + 1 // member 1's
	data[hdr+24] -= 4
	seq, seqDocs := openBytes(t, data, Options{})
	par, parDocs := openBytes(t, data, Options{ParallelDecode: true, DecodeWidth: threeCores})
	if d := aheadDiff(seq, seqDocs, par, parDocs); d != "" {
		t.Fatal(d)
	}
	if !strings.Contains(recordsString(seq), "error") {
		t.Errorf("the wrong size went unnoticed in order:\n%s", recordsString(seq))
	}
}

// A member whose compressed size in the directory is short by a few
// bytes: every byte of it decodes, then the reader fails (a cut deflate
// or bzip2 tail). In order that is an error; ahead it must be too.
// (Found by review.)
func TestZipAheadCutTail(t *testing.T) {
	t.Parallel()
	for _, method := range []uint16{zip.Deflate, zipMethodBzip2} {
		var b bytes.Buffer
		zw := zip.NewWriter(&b)
		zw.RegisterCompressor(zipMethodBzip2, func(w io.Writer) (io.WriteCloser, error) {
			return dbz.NewWriter(w, nil)
		})
		for i := 0; i < 6; i++ {
			w, err := zw.CreateHeader(&zip.FileHeader{Name: fmt.Sprintf("f%d.txt", i), Method: method})
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(w, "member %d urn:x:%d text text text\n", i, i)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		for cut := uint32(1); cut <= 6; cut++ {
			data := bytes.Clone(b.Bytes())
			cd := 0 // member 2's central directory entry: its compressed size (offset 20) cut
			for k := 0; k <= 2; k++ {
				cd += bytes.Index(data[cd+1:], []byte("PK\x01\x02")) + 1
			}
			binary.LittleEndian.PutUint32(data[cd+20:], binary.LittleEndian.Uint32(data[cd+20:])-cut)
			seq, seqDocs := openBytes(t, data, Options{})
			par, parDocs := openBytes(t, data, Options{ParallelDecode: true, DecodeWidth: threeCores})
			if d := aheadDiff(seq, seqDocs, par, parDocs); d != "" {
				t.Fatalf("method %d, cut %d: %s", method, cut, d)
			}
			if !strings.Contains(recordsString(seq), "error") {
				t.Fatalf("method %d, cut %d: no error in order:\n%s", method, cut, recordsString(seq))
			}
		}
	}
}
