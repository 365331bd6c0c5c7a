package adversary

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// The attacks are what they claim to be, read by other decoders than
// idlint's: the overlapping zip's entries each give the whole kernel
// (archive/zip), the fan-out holds fanout^levels leaves, the xz claims
// sit in the blocks named with valid header CRCs (xz -lvv, when
// installed), the zstd window is the one claimed.
func TestAttacksAreWhatTheyClaim(t *testing.T) {
	kernel := Text(10_000, 1)
	z, err := zip.NewReader(bytes.NewReader(OverlapZip(7, kernel)), int64(len(OverlapZip(7, kernel))))
	if err != nil || len(z.File) != 7 {
		t.Fatalf("overlap zip: %v, %d entries", err, len(z.File))
	}
	for _, f := range z.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		if err != nil || !bytes.Equal(b, kernel) {
			t.Fatalf("%s: %d bytes, %v; want the kernel's %d", f.Name, len(b), err, len(kernel))
		}
	}

	leaves := 0
	var count func(data []byte, depth int)
	count = func(data []byte, depth int) {
		d, _ := zstd.NewReader(nil)
		defer d.Close()
		raw, err := d.DecodeAll(data, nil)
		if err != nil {
			t.Fatal(err)
		}
		tr := tar.NewReader(bytes.NewReader(raw))
		for {
			h, err := tr.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(tr)
			if strings.HasSuffix(h.Name, ".tar.zst") {
				count(b, depth+1)
			} else {
				leaves++
			}
		}
	}
	count(FanOut(3, 4, 100), 1)
	if leaves != 64 {
		t.Errorf("fan-out of 4, 3 levels: %d leaves, want 64", leaves)
	}

	text := Text(300<<10, 2)
	w := ZstdWindowClaim(31, text)
	var d zstd.Header
	if err := d.Decode(w); err != nil || d.WindowSize != 1<<31 {
		t.Errorf("zstd header: window %d, %v; want 2 GiB", d.WindowSize, err)
	}
	for _, c := range []struct {
		name string
		data []byte
		want string // the blocks' filters, as xz --robot -lvv says them
	}{
		{"first", XZFirstBlockClaim(text, Dict2GiB), "--lzma2=dict=2GiB"},
		{"later-block", XZLaterBlockClaim(text, Dict2GiB, 3), "--lzma2=dict=64KiB --lzma2=dict=2GiB --lzma2=dict=2GiB"},
		{"later-stream", XZLaterStreamClaim(text, Dict4GiB), "--lzma2=dict=64KiB --lzma2=dict=4294967295"},
	} {
		xz, err := exec.LookPath("xz")
		if err != nil {
			t.Skip("xz not installed: the xz claims are not checked")
		}
		path := filepath.Join(t.TempDir(), c.name+".xz")
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(xz, "--robot", "-lvv", path).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: xz -lvv: %v\n%s", c.name, err, out)
		}
		var got []string
		for _, l := range strings.Split(string(out), "\n") {
			if f := strings.Split(l, "\t"); f[0] == "block" {
				got = append(got, f[len(f)-1])
			}
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%s: blocks %s, want %s", c.name, g, c.want)
		}
	}

}
