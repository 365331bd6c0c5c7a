package corpus

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idlint/idlint/internal/adversary"
	"github.com/idlint/idlint/record"
	"github.com/klauspost/compress/zip"
	"github.com/ulikunitz/xz"
)

// blk is one block of a hand-made xz stream (adversary.XZBlocks).
func blk(dict byte, text string) adversary.XZBlock { return adversary.XZBlock{Dict: dict, Text: text} }

var xzHand = adversary.XZBlocks

// zipXzMember is a zip holding data as an xz-compressed member (method 95).
func zipXzMember(t testing.TB, name string, data []byte, size int, crc uint32) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	w, err := zw.CreateRaw(&zip.FileHeader{Name: name, Method: zipMethodXz, CRC32: crc, CompressedSize64: uint64(len(data)), UncompressedSize64: uint64(size)})
	if err != nil {
		t.Fatal(err)
	}
	w.Write(data)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

const (
	xzDict1M = adversary.XZDict1M
	xzDict3G = adversary.XZDict3G
	xzDict4G = adversary.XZDict4G
)

// TestXzGateDictionaries: every block header of every xz stream, and of
// xz members in zips and tars, is checked against the window limit
// before the decoder allocates what it claims (issue 24 §1); what came
// before counts, and the error names the stream, block and offset.
func TestXzGateDictionaries(t *testing.T) {
	t.Parallel()
	if d, _ := xzBlockDict([]byte{2, 0, 0x21, 1, xzDict1M}); d != 1<<20 {
		t.Fatalf("code %d is %d bytes, want 1 MiB", xzDict1M, d)
	}
	good := strings.Repeat("urn:x:good ", 100)
	bad := strings.Repeat("urn:x:bad ", 100)
	benign := xzHand(blk(xzDict1M, good))
	laterBlock := xzHand(blk(xzDict1M, good), blk(xzDict4G, bad))
	laterStream := append(append(bytes.Clone(benign), 0, 0, 0, 0), xzHand(blk(xzDict1M, good), blk(xzDict3G, bad))...)
	many := xzHand(blk(xzDict1M, good), blk(xzDict1M, good), blk(xzDict1M, good), blk(xzDict4G, bad), blk(xzDict4G, bad))
	blockOff := func(data []byte, n int) int { // the n-th block header of a stream of blocks of `good`
		return 12 + n*(12+3+len(good)+1+(4-(3+len(good)+1)%4)%4+4)
	}
	tests := []struct {
		name   string
		data   []byte
		member string // the member the error is on
		format string
		want   string
		occ    int // occurrences before the cut
	}{
		{"second block of one stream", laterBlock, "", "xz",
			fmt.Sprintf("xz: block 2 of stream 1 at offset %d: dictionary of 4294967295 B is over the decoder window limit 512 MiB", blockOff(laterBlock, 1)), 100},
		{"first block of a second stream, after padding", laterStream, "", "xz",
			fmt.Sprintf("xz: block 2 of stream 2 at offset %d: dictionary of 3 GiB is over", len(benign)+4+blockOff(nil, 1)), 200},
		{"fourth of five blocks", many, "", "xz", "xz: block 4 of stream 1", 300},
		{"xz member of a tar", tarb(t, entry{name: "a.txt", body: good}, entry{name: "b.xz", body: string(laterBlock)}, entry{name: "c.txt", body: good}),
			"b.xz", "tar+xz", "xz: block 2 of stream 1", 100},
		{"xz member of a zip (method 95)", zipXzMember(t, "b.txt", laterBlock, 2*len(good), 0),
			"b.txt", "zip", "xz: block 2 of stream 1", 100},
		{"xz inside gzip", gz(t, string(laterStream)), "", "gzip+xz", "xz: block 2 of stream 2", 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, _ := openBytes(t, tt.data, Options{})
			var hit *record.Source
			for i := range recs {
				if recs[i].Member == tt.member && recs[i].Format == tt.format {
					hit = &recs[i]
				}
				if recs[i].Member != tt.member && recs[i].Status != record.StatusOK {
					t.Errorf("sibling %q not ok: %s", recs[i].Member, recs[i].Error)
				}
			}
			if hit == nil {
				t.Fatalf("no record of %q %s:\n%s", tt.member, tt.format, recordsString(recs))
			}
			if hit.Status != record.StatusError || !strings.Contains(hit.Error, tt.want) || !strings.Contains(hit.Error, "limit exceeded") {
				t.Errorf("record %q: %s %q, want an error with %q", tt.member, hit.Status, hit.Error, tt.want)
			}
			if hit.Occurrences != tt.occ {
				t.Errorf("occurrences before the cut: %d, want %d", hit.Occurrences, tt.occ)
			}
		})
	}
	// a claim at the limit passes; a smaller limit cuts a smaller claim
	recs, _ := openBytes(t, xzHand(blk(xzDict1M, good), blk(xzDict1M+1, good)), Options{MaxWindowBytes: 1 << 20})
	if len(recs) != 1 || !strings.Contains(recs[0].Error, "block 2 of stream 1") || !strings.Contains(recs[0].Error, "1536 KiB is over the decoder window limit 1 MiB") {
		t.Errorf("1.5 MiB claim under a 1 MiB limit:\n%s", recordsString(recs))
	}
	recs, _ = openBytes(t, xzHand(blk(xzDict1M, good), blk(xzDict1M, good)), Options{MaxWindowBytes: 1 << 20})
	if len(recs) != 1 || recs[0].Status != record.StatusOK || recs[0].Occurrences != 200 {
		t.Errorf("claims at the limit:\n%s", recordsString(recs))
	}
}

// TestXzGateValid: the gate follows every layout xz writes without a
// false alarm: presets, extreme mode, every check, many blocks, several
// streams with padding (`xz` when installed), and ulikunitz/xz's writer.
func TestXzGateValid(t *testing.T) {
	t.Parallel()
	var text strings.Builder
	for i := range 12000 {
		fmt.Fprintf(&text, "line %d urn:x:%d %x\n", i, i%977, i*7919)
	}
	plain := text.String() // ~330 KB, compressible but not trivially
	want := strings.Count(plain, "urn:")
	cases := map[string][]byte{}
	var b bytes.Buffer
	w, err := xz.WriterConfig{BlockSize: 64 << 10}.NewWriter(&b)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(w, plain)
	w.Close()
	cases["ulikunitz, 64 KiB blocks"] = b.Bytes()
	cases["hand-made, empty and full blocks"] = xzHand(blk(xzDict1M, ""), blk(0, plain[:70000]), blk(xzDict1M, plain[70000:]))
	if _, err := exec.LookPath("xz"); err == nil {
		for _, args := range [][]string{
			{"-0"}, {"-6"}, {"-6e"}, {"--check=none"}, {"--check=crc32"}, {"--check=sha256"},
			{"--block-size=100000"}, {"-T2", "--block-size=300000"}, {"--block-list=1,10,3000,100000"}, {"--block-size=1000"},
			{"--lzma2=dict=4KiB,lc=0,lp=2,pb=2"},
		} {
			cmd := exec.Command("xz", append([]string{"-c"}, args...)...)
			cmd.Stdin = strings.NewReader(plain)
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("xz %v: %v", args, err)
			}
			cases["xz "+strings.Join(args, " ")] = out
		}
		// two streams with stream padding between them and after
		a, _ := exec.Command("sh", "-c", "printf 'urn:x:a\\n' | xz -c --check=crc64").Output()
		two := append(append(append(bytes.Clone(a), 0, 0, 0, 0, 0, 0, 0, 0), cases["xz --check=sha256"]...), 0, 0, 0, 0)
		cases["xz, two streams and padding"] = two
	} else {
		t.Log("xz not installed: ulikunitz/xz's and hand-made streams only")
	}
	for name, data := range cases {
		recs, docs := openBytes(t, data, Options{MaxWindowBytes: 64 << 20})
		n := want
		if strings.Contains(name, "two streams") {
			n++
		}
		if len(recs) != 1 || recs[0].Status != record.StatusOK || recs[0].Occurrences != n || len(docs) != 1 {
			t.Errorf("%s: want one ok document with %d occurrences:\n%s", name, n, recordsString(recs))
		}
		// the gate on its own, fed a byte at a time: the same bytes out
		g := newXzGate(bytes.NewReader(data), 64<<20)
		var got bytes.Buffer
		one := make([]byte, 1)
		for {
			k, err := g.Read(one)
			got.Write(one[:k])
			if err != nil {
				if err != io.EOF {
					t.Errorf("%s: byte by byte: %v", name, err)
				}
				break
			}
		}
		if !bytes.Equal(got.Bytes(), data) {
			t.Errorf("%s: the gate passed %d of %d bytes", name, got.Len(), len(data))
		}
	}
}

// TestXzGateMemory: a 20 KB .xz whose later blocks and streams each claim
// 3-4 GiB keeps the process small (issue 24 §1: 4.2 GB RSS before). The
// file is opened in a child process (this test binary), which reports its
// peak RSS.
func TestXzGateMemory(t *testing.T) {
	t.Parallel()
	if os.Getenv("IDLINT_XZ_CHILD") != "" {
		t.Skip("in the child")
	}
	data := adversary.XZClaims(21, 40) // 21 streams of 40 blocks, 39 claiming 4 GiB each
	dir := t.TempDir()
	path := filepath.Join(dir, "bomb.xz")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestXzGateChild$")
	cmd.Env = append(os.Environ(), "IDLINT_XZ_CHILD="+path)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "xz: block 2 of stream 1") {
		t.Errorf("child output lacks the named error:\n%s", out)
	}
	// the child's own peaks: rusage's maxrss would count this process's,
	// which the child shares until it execs; an honoured claim of 4 GiB
	// puts the address space (VmPeak) over 4 GiB even with its pages
	// untouched, which is what a 3 GB address-space cap kills
	peak := map[string]int64{}
	for _, l := range strings.Split(string(out), "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && (k == "VmHWM" || k == "VmPeak") {
			var n int64
			fmt.Sscan(strings.TrimSpace(v), &n)
			peak[k] = n << 10
		}
	}
	if peak["VmHWM"] == 0 || peak["VmPeak"] == 0 {
		t.Skip("no VmHWM and VmPeak in /proc/self/status here")
	}
	t.Logf("%d-byte .xz claiming 4 GiB per block: child peak RSS %d MiB, address space %d MiB", len(data), peak["VmHWM"]>>20, peak["VmPeak"]>>20)
	if peak["VmHWM"] > 256<<20 || peak["VmPeak"] >= 4<<30 {
		t.Errorf("peak RSS %d MiB, address space %d MiB: want under 256 MiB and 4 GiB", peak["VmHWM"]>>20, peak["VmPeak"]>>20)
	}
}

// TestXzGateChild is TestXzGateMemory's child: it opens the file named
// by IDLINT_XZ_CHILD and prints its records.
func TestXzGateChild(t *testing.T) {
	path := os.Getenv("IDLINT_XZ_CHILD")
	if path == "" {
		t.Skip("run by TestXzGateMemory")
	}
	capAddressSpace()
	recs, _ := openWith(t, Input{Path: path}, Options{}, nil)
	fmt.Print(recordsString(recs))
	if st, err := os.ReadFile("/proc/self/status"); err == nil {
		fmt.Print(string(st))
	}
}
