package corpus

import (
	"bytes"
	"io"
	"testing"
)

// FuzzOpen: any bytes give records, each with a status and an explained
// failure, and never a panic or a document past the size limit.
func FuzzOpen(f *testing.F) {
	w, _ := warcb(f, true, testRecords(f)...)
	for _, seed := range [][]byte{
		nil, []byte("urn:x:y"), gz(f, "urn:x:y", "urn:x:z"), zst(f, []byte("urn:x:y")), bzip2Fixture, xzc(f, []byte("urn:x"), 0),
		tarb(f, entry{name: "a", body: "urn:x:a"}), zipb(f, entry{name: "a", body: "urn:x:a"}), w,
		[]byte("filedesc://x 0 0 text/plain 3\n1 0\n\nhttp://a 0 0 text/html 5\nHTTP/"),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		opt := Options{MaxMemberBytes: 1 << 20, SpoolMemoryBytes: 1 << 20, MaxWindowBytes: 8 << 20, TempDir: t.TempDir()}
		recs := Open(Input{Path: "-"}, opt, bytes.NewReader(data), func(d *Document) (int, error) {
			n, err := io.Copy(io.Discard, d.Reader)
			if n > opt.MaxMemberBytes {
				t.Errorf("document of %d bytes past the limit", n)
			}
			return 0, err
		})
		if len(recs) == 0 {
			t.Fatal("no record")
		}
		for _, r := range recs {
			if r.Status != StatusOK && r.Error == "" || r.Status == "" {
				t.Errorf("record %+v", r)
			}
		}
	})
}
