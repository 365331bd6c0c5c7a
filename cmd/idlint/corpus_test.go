package main

import (
	"archive/tar"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/idlint/idlint/internal/longtest"
	"github.com/klauspost/compress/zstd"
)

const rfcArchive = "../../../shared/corpora/rfc/rfcs.tar.zst"

type occKey struct {
	Member string
	Offset int64
	Line   int
	Column int
	Raw    string
}

// Scanning rfcs.tar.zst gives the same occurrences, members named, as
// scanning the unpacked files one by one (a sample of every 40th member,
// to keep the test quick).
func TestRFCArchiveEqualsUnpacked(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("-short")
	}
	f, err := os.Open(rfcArchive)
	if err != nil {
		t.Skip("RFC corpus absent:", err)
	}
	longtest.Skip(t) // the whole archive is scanned, 555 MB of text
	defer f.Close()
	dir := t.TempDir()
	zr, err := zstd.NewReader(f, zstd.WithDecoderConcurrency(1))
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	tr := tar.NewReader(zr)
	sample := map[string]bool{}
	for i := 0; ; i++ {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Typeflag != tar.TypeReg || i%40 != 0 {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(h.Name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		out, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(out, tr)
		out.Close()
		sample[h.Name] = true
	}
	if len(sample) < 100 {
		t.Fatalf("only %d members sampled", len(sample))
	}
	collect := func(args ...string) map[occKey]int {
		code, out, errs := runCmd(t, "", append([]string{"scan", "--format", "jsonl", "--quiet"}, args...)...)
		if code != exitOK {
			t.Fatalf("scan %v: exit %d\n%s", args, code, errs)
		}
		m := map[occKey]int{}
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			if l == "" {
				continue
			}
			var o struct {
				Source, Member, Raw string
				Offset              int64
				Line, Column        int
			}
			if err := json.Unmarshal([]byte(l), &o); err != nil {
				t.Fatal(err)
			}
			member := o.Member
			if member == "" { // unpacked file: its path below dir is the member name
				rel, _ := filepath.Rel(dir, o.Source)
				member = filepath.ToSlash(rel)
			} else if !sample[member] {
				continue
			}
			m[occKey{member, o.Offset, o.Line, o.Column, o.Raw}]++
		}
		return m
	}
	archive := collect(rfcArchive)
	unpacked := collect(dir)
	if len(archive) == 0 {
		t.Fatal("no occurrences in the sampled members")
	}
	var diff []string
	for k, n := range archive {
		if unpacked[k] != n {
			diff = append(diff, fmt.Sprintf("archive only: %+v", k))
		}
	}
	for k, n := range unpacked {
		if archive[k] != n {
			diff = append(diff, fmt.Sprintf("unpacked only: %+v", k))
		}
	}
	sort.Strings(diff)
	if len(diff) > 0 {
		t.Errorf("%d differences, e.g. %v", len(diff), diff[:min(5, len(diff))])
	}
	t.Logf("%d members, %d occurrences compared", len(sample), len(archive))
}
