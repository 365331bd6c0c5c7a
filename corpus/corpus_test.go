package corpus

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idlint/idlint/internal/longtest"
	"github.com/idlint/idlint/record"
)

// TestRealRFC opens the RFC series (a 100 MB tar.zst, 555.6 MB of text)
// as the acceptance case.
func TestRealRFC(t *testing.T) {
	t.Parallel()
	path := filepath.Join(sharedCorpora, "rfc", "rfcs.tar.zst")
	if _, err := os.Stat(path); err != nil {
		t.Skip("shared corpora absent:", err)
	}
	if testing.Short() {
		t.Skip("555 MB of text: not in -short")
	}
	longtest.Skip(t) // 555 MB of text
	buf := make([]byte, 256<<10)
	recs := Open(Input{Path: path}, Options{}, nil, func(d *Document) (int, error) {
		n, carry := 0, 0
		for {
			k, err := d.Reader.Read(buf[carry:])
			chunk := buf[:carry+k]
			n += bytes.Count(chunk, []byte("urn:"))
			// keep 3 bytes so that "urn:" split across reads is found once
			carry = copy(buf, chunk[max(0, len(chunk)-3):])
			if err == io.EOF {
				return n, nil
			}
			if err != nil {
				return n, err
			}
		}
	})
	var total int64
	ok, occ := 0, 0
	for _, r := range recs[1:] {
		switch {
		case r.Status == record.StatusOK:
			ok++
			total += r.Bytes
			occ += r.Occurrences
			if r.Format != "zstd+tar" || !strings.HasPrefix(r.Member, "rfcs/") {
				t.Fatalf("member %+v", r)
			}
		case r.Status == record.StatusSkipped && strings.HasPrefix(r.Error, "symbolic link to "):
		default:
			t.Errorf("member %+v", r)
		}
	}
	if c := recs[0]; c.Format != "zstd+tar" || c.Status != record.StatusOK || c.CompressedBytes < 90<<20 {
		t.Errorf("archive record %+v", c)
	}
	if ok < 9000 || total < 500<<20 || occ < 9000 {
		t.Errorf("%d members, %d bytes, %d occurrences of urn: — want ≥ 9000, 500 MiB, 9000", ok, total, occ)
	}
}

func TestExpand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, p := range []string{"b/c.txt", "a.txt"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte("urn:x:y"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("..", filepath.Join(dir, "b", "up")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	tests := []struct {
		name   string
		follow bool
		want   []string // path, then ":" and the error's start when there is one
	}{
		{"symlinked directories not followed", false, []string{"a.txt", "b/c.txt", "b/up:symlinked directory not followed"}},
		{"loops found when following", true, []string{"a.txt", "b/c.txt", "b/up:symlink loop"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ins := Expand([]string{dir, filepath.Join(dir, "missing")}, Options{FollowSymlinks: tt.follow})
			var got []string
			for _, in := range ins[:len(ins)-1] {
				rel, _ := filepath.Rel(dir, in.Path)
				s := filepath.ToSlash(rel)
				if in.Err != nil {
					s += ":" + in.Err.Error()[:min(len(in.Err.Error()), len(strings.SplitN(tt.want[len(tt.want)-1], ":", 2)[1]))]
				}
				got = append(got, s)
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("inputs %q, want %q", got, tt.want)
			}
			if last := ins[len(ins)-1]; last.Err == nil {
				t.Errorf("a missing path should carry its error: %+v", last)
			}
			recs := Open(ins[len(ins)-2], Options{}, nil, func(*Document) (int, error) { return 0, nil })
			if len(recs) != 1 || recs[0].Status == record.StatusOK {
				t.Errorf("the symlink input should be recorded as not read: %+v", recs)
			}
		})
	}
}

// A dangling symlink met while walking a directory is skipped with its
// reason (there is nothing to read), not an input failure; a path named on
// the command line that does not exist stays an error.
func TestDanglingSymlinkSkipped(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.Symlink("nowhere.txt", filepath.Join(dir, "link.txt")); err != nil {
		t.Skip("no symlinks:", err)
	}
	ins := Expand([]string{dir, filepath.Join(dir, "missing.txt")}, Options{})
	if len(ins) != 2 {
		t.Fatalf("inputs %+v", ins)
	}
	if !IsSkip(ins[0].Err) || !strings.Contains(ins[0].Err.Error(), "nowhere.txt") {
		t.Errorf("dangling link: %v", ins[0].Err)
	}
	if ins[1].Err == nil || IsSkip(ins[1].Err) {
		t.Errorf("missing command-line path: %v", ins[1].Err)
	}
}

// Paths found under a directory are spelled as filepath.Join spells them,
// however the directory was given ("d", "d/", "./d", ".", "d//e/..").
func TestExpandPathSpelling(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{"d/a.txt", "d/b/c.txt", "d/b/e/f.txt"} {
		full := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	rel := []string{"a.txt", "b/c.txt", "b/e/f.txt"}
	for _, root := range []string{"d", "d/", "./d", "d//b/..", dir + "/d", "d/b/../."} {
		ins := Expand([]string{root}, Options{})
		if len(ins) != len(rel) {
			t.Fatalf("%q: %d inputs, want %d", root, len(ins), len(rel))
		}
		for i, in := range ins {
			if want := filepath.Join(root, rel[i]); in.Path != want || in.Err != nil {
				t.Errorf("%q: %q (%v), want %q", root, in.Path, in.Err, want)
			}
		}
	}
	t.Chdir(filepath.Join(dir, "d"))
	for i, in := range Expand([]string{"."}, Options{}) {
		if in.Path != rel[i] {
			t.Errorf(`".": %q, want %q`, in.Path, rel[i])
		}
	}
}
