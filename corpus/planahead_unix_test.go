//go:build unix

package corpus

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// issue 25, directory walk: Ahead opens a file the walk found regular
// and Open reads that descriptor, so the path is looked up once; the
// records and documents are those of a file planned with a stat (Plan).
// What is not held: a file to split, one replaced by a FIFO since the
// walk (not waited on: opened non-blocking), an explicit path (no entry
// type known), one that is gone. Every descriptor held is taken by Open or
// closed by Release, once. Not parallel: it counts held, which only
// Ahead moves.
func TestAheadOpensOnce(t *testing.T) {
	dir := t.TempDir()
	small := bytes.Repeat([]byte("urn:example:a x\n"), 100)
	large := bytes.Repeat([]byte("urn:example:b y\n"), 10000) // 160,000 bytes
	files := map[string][]byte{"a.txt": small, "b.txt": large, "c.txt": []byte("urn:example:c"), "fifo": []byte("x"), "gone": []byte("x")}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ins := Expand([]string{dir, filepath.Join(dir, "c.txt")}, Options{})
	os.Remove(filepath.Join(dir, "fifo"))
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	os.Remove(filepath.Join(dir, "gone"))
	base := held.Load()
	ahead := NewAhead()
	defer ahead.Close()
	wantHeld := map[string]bool{"a.txt": true, "b.txt": false, "c.txt": true, "explicit": false, "fifo": false, "gone": false}
	const split = 64 << 10 // b.txt is 2 parts or more
	var heldIns []Input
	for i := range ins {
		in := &ins[i]
		name := filepath.Base(in.Path)
		if i == len(ins)-1 {
			name = "explicit" // c.txt again, given as a path
		}
		parts, size := ahead.Plan(in, Options{}, split)
		if got := in.held != nil; got != wantHeld[name] {
			t.Errorf("%s: held %v, want %v", in.Path, got, wantHeld[name])
		}
		if in.held != nil {
			heldIns = append(heldIns, *in)
			if size != int64(len(files[name])) || parts != nil {
				t.Errorf("%s: size %d, %d parts, want %d, none", name, size, len(parts), len(files[name]))
			}
		}
		if name == "b.txt" && len(parts) < 2 {
			t.Errorf("b.txt: %d parts, want 2 or more", len(parts))
		}
	}
	if got := held.Load() - base; got != int64(len(heldIns)) {
		t.Fatalf("%d descriptors held, want %d", got, len(heldIns))
	}
	for _, in := range heldIns {
		got, gotDocs := openWith(t, in, Options{}, nil)
		ref := Input{Path: in.Path}
		Plan(&ref, Options{}, 0)
		want, wantDocs := openWith(t, ref, Options{}, nil)
		if g, w := recordsString(got), recordsString(want); g != w || len(gotDocs) != len(wantDocs) || len(gotDocs) == 0 || gotDocs[0].text != wantDocs[0].text {
			t.Errorf("%s read from the held descriptor:\n%s%d documents\nwant:\n%s%d documents", in.Path, g, len(gotDocs), w, len(wantDocs))
		}
		// taken: a second Open reads by path; Release has nothing to close
		again, _ := openWith(t, in, Options{}, nil)
		if g, w := recordsString(again), recordsString(want); g != w {
			t.Errorf("%s opened again:\n%swant:\n%s", in.Path, g, w)
		}
		in.Release()
	}
	if got := held.Load() - base; got != 0 {
		t.Errorf("%d descriptors still held after Open", got)
	}
	// planned and never read: Release closes it, once
	in := Input{Path: filepath.Join(dir, "a.txt"), regular: true}
	ahead.Plan(&in, Options{}, 0)
	fd := int(in.held.fd.Load())
	if fd < 0 || held.Load()-base != 1 {
		t.Fatalf("not held: fd %d, %d held", fd, held.Load()-base)
	}
	in.Release()
	in.Release()
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != syscall.EBADF {
		t.Errorf("fstat of the released descriptor: %v, want EBADF", err)
	}
	if got := held.Load() - base; got != 0 {
		t.Errorf("%d descriptors still held after Release", got)
	}
}

// An Ahead opens each file relative to its own directory, kept open while
// the files planned are in it: files of the same name in several
// directories, and a path without a directory (the working one's), are
// each read as themselves.
func TestAheadOpensInTheirDirectories(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	var ins []Input
	for _, p := range []string{"a/f.txt", "a/g.txt", "b/f.txt", "a/f.txt", "b/c/f.txt", "f.txt"} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("urn:example:"+p), 0o644); err != nil {
			t.Fatal(err)
		}
		ins = append(ins, Input{Path: p, regular: true}, Input{Path: filepath.Join(dir, p), regular: true})
	}
	ahead := NewAhead()
	defer ahead.Close()
	for _, in := range ins {
		ahead.Plan(&in, Options{}, 0)
		if in.held == nil {
			t.Errorf("%s: not held", in.Path)
		}
		_, docs := openWith(t, in, Options{}, nil)
		rel, _ := filepath.Rel(dir, filepath.Join(dir, in.Path))
		if filepath.IsAbs(in.Path) {
			rel, _ = filepath.Rel(dir, in.Path)
		}
		if len(docs) != 1 || docs[0].text != "urn:example:"+rel {
			t.Errorf("%s: read %+v, want the text of %s", in.Path, docs, rel)
		}
	}
}
