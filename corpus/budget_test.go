package corpus

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idlint/idlint/internal/adversary"
	"github.com/idlint/idlint/record"
)

func overlapZip(_ testing.TB, n int, text string) []byte {
	return adversary.OverlapZip(n, []byte(text))
}

// TestBudgetAttacks: each attack of issue 24 §2 is a named error on the
// member or archive it is in, what was read before counts, a good sibling
// input is scanned in full, and no spool file is left behind.
func TestBudgetAttacks(t *testing.T) {
	t.Parallel()
	text := strings.Repeat("urn:x:a ", 8<<10) // 64 KiB, 8192 occurrences
	good := tarb(t, entry{name: "g.txt", body: "urn:x:good"})
	innerZip := zipb(t, entry{name: "a.txt", body: text}, entry{name: "b.txt", body: text}, entry{name: "c.txt", body: text})
	many := func(n int) []entry {
		var es []entry
		for i := range n {
			es = append(es, entry{name: fmt.Sprintf("f%02d.txt", i), body: "urn:x:e"})
		}
		return es
	}
	arMany := []byte(arMagic)
	for i := range 10 {
		arMany = append(arMany, fmt.Sprintf("%-16s%-12s%-6s%-6s%-8s%-10d`\n", fmt.Sprintf("f%d/", i), "0", "0", "0", "644", 8)...)
		arMany = append(arMany, "urn:x:e\n"...)
	}
	tests := []struct {
		name     string
		data     []byte
		opt      Options
		member   string // the record with the error
		want     string
		occ      int // at least these occurrences: what came before the cut
		unopened string
	}{
		{"overlapping zip entries share one deflate stream", overlapZip(t, 200, text), Options{},
			"e00001.txt", `zip: its data (offset 40, `, 8192, ""},
		{"budget across gzip and tar layers", gz(t, string(tarb(t, entry{name: "a.txt", body: text}, entry{name: "b.txt", body: text}, entry{name: "c.txt", body: text}))),
			Options{MaxDecompressedBytes: 200 << 10},
			"b.txt", "decompressed bytes of the input (all layers and members) limit 200 KiB exceeded", 8192 + 1, "c.txt"},
		{"budget across a zip nested in a tar, spooled", tarb(t, entry{name: "in.zip", body: string(innerZip)}, entry{name: "after.txt", body: "urn:x:after"}),
			Options{MaxDecompressedBytes: 100 << 10, SpoolMemoryBytes: -1},
			"in.zip!b.txt", "limit 100 KiB exceeded", 8192 + 1, "after.txt"},
		{"zip entries over the entry limit", zipb(t, many(10)...), Options{MaxEntries: 4},
			"", "zip: 10 entries, over the entry limit 4: the first 4 opened", 4, "f04.txt"},
		{"tar members over the entry limit", tarb(t, many(10)...), Options{MaxEntries: 4},
			"", `tar: more than 4 members (the entry limit), the rest not read ("f04.txt" the first of them)`, 4, "f04.txt"},
		{"ar members over the entry limit", arMany, Options{MaxEntries: 4},
			"", "ar: more than 4 members (the entry limit), the rest not read (at offset 280)", 4, "f4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			tt.opt.TempDir = dir
			recs, _ := openBytes(t, tt.data, tt.opt)
			var hit *record.Source
			occ := 0
			for i := range recs {
				occ += recs[i].Occurrences
				if recs[i].Member == tt.member {
					hit = &recs[i]
				}
				if tt.unopened != "" && recs[i].Member == tt.unopened {
					t.Errorf("%q was opened after the limit", tt.unopened)
				}
			}
			if hit == nil || hit.Status != record.StatusError || !strings.Contains(hit.Error, tt.want) {
				t.Fatalf("want an error on %q with %q:\n%s", tt.member, tt.want, recordsString(recs))
			}
			if occ < tt.occ {
				t.Errorf("occurrences %d, want at least %d (what came before the cut)\n%s", occ, tt.occ, recordsString(recs))
			}
			// the budget is per input: a good sibling is read whole
			srecs, _ := openBytes(t, good, tt.opt)
			if len(srecs) != 2 || srecs[1].Status != record.StatusOK || srecs[1].Occurrences != 1 {
				t.Errorf("sibling:\n%s", recordsString(srecs))
			}
			if left, _ := os.ReadDir(dir); len(left) > 0 {
				t.Errorf("temp dir holds %d file(s), %s first", len(left), left[0].Name())
			}
		})
	}
}

// TestBudgetLimit: the default budget is max(1 GiB, 100 × the input's
// size), for standard input the bytes read so far; a fixed one holds
// whatever the size (issue 24 §2).
func TestBudgetLimit(t *testing.T) {
	t.Parallel()
	tests := []struct {
		fixed, in, want int64
	}{
		{0, 0, 1 << 30},
		{0, 115 << 10, 1 << 30},
		{0, 10 << 20, 1 << 30},
		{0, 100 << 20, 100 * 100 << 20},
		{0, 1 << 60, 1 << 62}, // no overflow
		{5 << 20, 100 << 20, 5 << 20},
	}
	for _, tt := range tests {
		b := &budget{fixed: tt.fixed, in: func() int64 { return tt.in }}
		if got := b.limit(); got != tt.want {
			t.Errorf("fixed %d, input %d: limit %d, want %d", tt.fixed, tt.in, got, tt.want)
		}
	}
	// standard input: the budget grows with what was read
	text := strings.Repeat("urn:x:a ", 8<<10)
	recs, _ := openStdin(t, gz(t, text), Options{MaxDecompressedBytes: -1})
	if len(recs) != 1 || recs[0].Status != record.StatusOK {
		t.Errorf("no budget:\n%s", recordsString(recs))
	}
}

// TestRemoveSpools: a signal handler's RemoveSpools removes the spool
// files in use at once; later ones are removed when done. Run in a child
// process: it would remove the spools of tests running beside it.
func TestRemoveSpools(t *testing.T) {
	t.Parallel()
	if os.Getenv("IDLINT_SPOOL_CHILD") != "" {
		t.Skip("in the child")
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestRemoveSpoolsChild$")
	cmd.Env = append(os.Environ(), "IDLINT_SPOOL_CHILD="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "PASS") {
		t.Fatalf("child: %v\n%s", err, out)
	}
	if left, _ := os.ReadDir(dir); len(left) > 0 {
		t.Errorf("temp dir holds %s", left[0].Name())
	}
}

func TestRemoveSpoolsChild(t *testing.T) {
	dir := os.Getenv("IDLINT_SPOOL_CHILD")
	if dir == "" {
		t.Skip("run by TestRemoveSpools")
	}
	inner := zipb(t, entry{name: "a.txt", body: "urn:x:a"}, entry{name: "b.txt", body: "urn:x:b"})
	data := tarb(t, entry{name: "one.zip", body: string(inner)}, entry{name: "two.zip", body: string(inner)})
	opt := Options{FS: nil, SpoolMemoryBytes: -1, TempDir: dir}
	path := filepath.Join(t.TempDir(), "in.tar")
	os.WriteFile(path, data, 0o644)
	var during []os.DirEntry
	recs := Open(Input{Path: path}, opt, nil, func(d *Document) (int, error) {
		if d.Member == "one.zip!a.txt" {
			RemoveSpools() // as the signal handler does
			during, _ = os.ReadDir(dir)
		}
		return 1, nil
	})
	if len(during) > 0 {
		t.Errorf("spool %s still there after RemoveSpools", during[0].Name())
	}
	var two *record.Source
	for i := range recs {
		if recs[i].Member == "two.zip" {
			two = &recs[i]
		}
	}
	if two == nil || two.Status != record.StatusOK {
		t.Errorf("a spool after RemoveSpools:\n%s", recordsString(recs))
	}
}
