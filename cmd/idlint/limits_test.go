package main

import (
	"archive/tar"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idlint/idlint/internal/adversary"
	"github.com/klauspost/compress/zip"
)

// tarFiles is a tar of the named bodies, in order.
func tarFiles(t *testing.T, files ...[2]string) []byte {
	t.Helper()
	var b bytes.Buffer
	tw := tar.NewWriter(&b)
	for _, f := range files {
		tw.WriteHeader(&tar.Header{Name: f[0], Mode: 0o644, Size: int64(len(f[1])), Typeflag: tar.TypeReg})
		tw.Write([]byte(f[1]))
	}
	tw.Close()
	return b.Bytes()
}

// zipFiles is a zip of the named bodies; store keeps them uncompressed, raw
func zipFiles(t *testing.T, store bool, files ...[2]string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, f := range files {
		h := &zip.FileHeader{Name: f[0], Method: zip.Deflate}
		if store {
			h.Method = zip.Store
		}
		w, err := zw.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(f[1]))
	}
	zw.Close()
	return b.Bytes()
}

// TestHostileInputs: each attack of issue 24 §1-§2 is a named error on
// its input (member, offset), the good input beside it is scanned, the
// exit status says the run failed, and the temporary directory is left
// empty. Figures for large sizes: the table in the branch's notes.
func TestHostileInputs(t *testing.T) {
	t.Parallel()
	text := strings.Repeat("urn:x:a ", 8<<10)
	xzMember := func() []byte {
		data := adversary.XZBlocks(adversary.XZBlock{Dict: adversary.XZDict1M, Text: "urn:x:z "}, adversary.XZBlock{Dict: adversary.XZDict4G, Text: "urn:x:z "})
		var b bytes.Buffer
		zw := zip.NewWriter(&b)
		w, _ := zw.CreateRaw(&zip.FileHeader{Name: "doc.txt", Method: 95, CompressedSize64: uint64(len(data)), UncompressedSize64: 16})
		w.Write(data)
		zw.Close()
		return b.Bytes()
	}()
	// a zip over the 16 MiB held in memory, inside a tar.gz: spooled to a file
	filler := strings.Repeat("no identifier here\n", (17<<20)/19)
	bigZip := zipFiles(t, true, [2]string{"big.txt", filler + "urn:x:inbig\n"})
	spooled := adversary.Gzip(tarFiles(t, [2]string{"big.zip", string(bigZip)}))
	brokenSpool := adversary.Gzip(tarFiles(t, [2]string{"big.zip", string(bigZip[:len(bigZip)-30])}))
	var many [][2]string
	for i := range 6 {
		many = append(many, [2]string{fmt.Sprintf("f%d.txt", i), "urn:x:e"})
	}
	cfg := "[limits]\nmax-entries = 3\n"
	tests := []struct {
		name   string
		data   []byte
		args   []string
		member string // the record with the error ("" the input itself)
		want   string
	}{
		{"xz: 4 GiB claims in later blocks and streams", adversary.XZClaims(21, 40), nil,
			"", "xz: block 2 of stream 1 at offset 40: dictionary of 4294967295 B is over the decoder window limit 512 MiB"},
		{"xz member of a zip claiming 4 GiB in its second block", xzMember, nil,
			"doc.txt", "xz: block 2 of stream 1"},
		{"overlapping zip entries", adversary.OverlapZip(2000, []byte(text)), nil,
			"e00001.txt", `overlaps that of "e00000.txt"`},
		{"--max-decompressed across gzip, tar and zip layers", adversary.Gzip(tarFiles(t, [2]string{"in.zip", string(zipFiles(t, false, [2]string{"a.txt", text}, [2]string{"b.txt", text}))})),
			[]string{"--max-decompressed", "100000"},
			"in.zip!b.txt", "decompressed bytes of the input (all layers and members) limit 100000 B exceeded"},
		{"--max-entries", zipFiles(t, false, many...), []string{"--max-entries", "4"},
			"", "zip: 6 entries, over the entry limit 4: the first 4 opened"},
		{"[limits] max-entries", tarFiles(t, many...), []string{"--config", "CONFIG"},
			"", "tar: more than 3 members (the entry limit)"},
		{"a corrupt zip spooled to a file", brokenSpool, nil,
			"big.zip", "zip: not a valid zip file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir, tmp := t.TempDir(), t.TempDir()
			bad, good := filepath.Join(dir, "bad"), filepath.Join(dir, "good.txt")
			os.WriteFile(bad, tt.data, 0o644)
			os.WriteFile(good, []byte("urn:x:good\n"), 0o644)
			conf := filepath.Join(dir, "idlint.toml")
			os.WriteFile(conf, []byte(cfg), 0o644)
			args := []string{"scan", "--format", "none", "--sources", "-", "--temp-dir", tmp}
			for _, a := range tt.args {
				args = append(args, strings.ReplaceAll(a, "CONFIG", conf))
			}
			code, out, stderr := runCmd(t, "", append(args, bad, good)...)
			if code != exitTrouble {
				t.Errorf("exit %d, want %d (an input failed)\n%s", code, exitTrouble, stderr)
			}
			var hit, sibling bool
			for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
				var r struct{ Source, Member, Status, Error string }
				json.Unmarshal([]byte(l), &r)
				if r.Source == bad && r.Member == tt.member && r.Status == "error" && strings.Contains(r.Error, tt.want) {
					hit = true
				}
				if r.Source == good && r.Status == "ok" {
					sibling = true
				}
			}
			if !hit {
				t.Errorf("no error on %q with %q:\n%s", tt.member, tt.want, out)
			}
			if !sibling {
				t.Errorf("the good input was not scanned:\n%s", out)
			}
			if left, _ := os.ReadDir(tmp); len(left) > 0 {
				t.Errorf("temp dir holds %s", left[0].Name())
			}
		})
	}
	// a spooled zip read whole leaves nothing behind either
	dir, tmp := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(dir, "s.tgz"), spooled, 0o644)
	code, out, stderr := runCmd(t, "", "scan", "--format", "none", "--sources", "-", "--temp-dir", tmp, filepath.Join(dir, "s.tgz"))
	if code != exitOK || !strings.Contains(out, `"member":"big.zip!big.txt"`) {
		t.Errorf("spooled zip: exit %d\n%s%s", code, out, stderr)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("temp dir holds %s", left[0].Name())
	}
}
