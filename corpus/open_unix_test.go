//go:build unix

package corpus

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A planned file replaced by a named pipe before Open is read as the pipe
// it is now: its records say the bytes read from it, as for a regular
// file of that content.
func TestOpenAfterPlanReadsAPipe(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tarData := tarb(t, entry{name: "a.txt", body: "urn:example:a"}, entry{name: "b.txt", body: "urn:example:b"})
	for _, c := range []struct {
		name          string
		before, after []byte
	}{
		{"text", []byte("urn:example:x\n"), bytes.Repeat([]byte("urn:example:fifo "), 10000)},
		{"shorter text", bytes.Repeat([]byte("x"), 100000), []byte("urn:example:fifo ")},
		{"tar", []byte("x"), tarData},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-"))
			if err := os.WriteFile(p, c.before, 0o644); err != nil {
				t.Fatal(err)
			}
			in := Input{Path: p}
			Plan(&in, Options{}, 0)
			os.Remove(p)
			if err := syscall.Mkfifo(p, 0o644); err != nil {
				t.Skip("no named pipes here:", err)
			}
			go func() {
				f, err := os.OpenFile(p, os.O_WRONLY, 0)
				if err != nil {
					return
				}
				f.Write(c.after)
				f.Close()
			}()
			got, gotDocs := openWith(t, in, Options{}, nil)
			ref := p + ".ref"
			if err := os.WriteFile(ref, c.after, 0o644); err != nil {
				t.Fatal(err)
			}
			want, wantDocs := openWith(t, Input{Path: ref}, Options{}, nil)
			if g, w := recordsString(got), recordsString(want); g != w {
				t.Errorf("planned, then a pipe:\n%swant, a file of the same bytes:\n%s", g, w)
			}
			if len(gotDocs) != len(wantDocs) {
				t.Errorf("%d documents, want %d", len(gotDocs), len(wantDocs))
			}
		})
	}
}
