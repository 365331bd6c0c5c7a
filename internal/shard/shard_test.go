package shard

import (
	"os"
	"path/filepath"
	"testing"
)

// Keys are relative to the common root, so every spelling of the
// inputs hashes alike (issue 23 §1).
func TestRootAndKey(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{"rfc/a/x.txt", "rfc/b/y.txt"} {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755)
		os.WriteFile(filepath.Join(dir, p), []byte("urn:a:b"), 0o644)
	}
	wd, _ := os.Getwd()
	rel, err := filepath.Rel(wd, filepath.Join(dir, "rfc"))
	if err != nil {
		t.Fatal(err)
	}
	abs := filepath.Join(dir, "rfc")
	for _, c := range []struct {
		name  string
		paths []string
		input string
		want  string
	}{
		{"relative directory", []string{rel + "/"}, filepath.Join(rel, "a/x.txt"), "a/x.txt"},
		{"absolute directory", []string{abs}, filepath.Join(abs, "a/x.txt"), "a/x.txt"},
		{"two directories", []string{filepath.Join(abs, "a"), filepath.Join(rel, "b")}, filepath.Join(abs, "b/y.txt"), "b/y.txt"},
		{"a file", []string{filepath.Join(abs, "a/x.txt")}, filepath.Join(rel, "a/x.txt"), "x.txt"},
		{"stdin", []string{"-"}, "-", "-"},
	} {
		if got := Key(Root(c.paths), c.input); got != c.want {
			t.Errorf("%s: Key(Root(%v), %s) = %q, want %q", c.name, c.paths, c.input, got, c.want)
		}
	}
	if a, b := InputsFingerprint(Root([]string{rel}), []string{rel}), InputsFingerprint(Root([]string{abs}), []string{abs}); a != b {
		t.Errorf("input fingerprints of two spellings differ: %s, %s", a, b)
	}
	if a, b := InputsFingerprint(abs, []string{abs}), InputsFingerprint(abs, []string{filepath.Join(abs, "a")}); a == b {
		t.Errorf("input fingerprints of two input lists agree: %s", a)
	}
}

// Every key is in exactly one shard (issue 23 §1).
func TestInOneShard(t *testing.T) {
	for _, key := range []string{"", "a", "a/x.txt", "rfc/rfc8141.txt"} {
		for _, n := range []int{1, 2, 4, 7} {
			in := 0
			for k := 1; k <= n; k++ {
				if In(key, k, n) {
					in++
				}
			}
			if in != 1 {
				t.Errorf("%q in %d of %d shards, want 1", key, in, n)
			}
		}
	}
}

// The marker round-trips; Same ignores the run ID and nothing else
// (issue 23 §2).
func TestDoneMarker(t *testing.T) {
	dir := t.TempDir()
	m := Meta{K: 2, N: 4, Version: "v", Profiles: "urn=rfc8141", Config: "c", Inputs: "i", RunID: "r1"}
	if _, err := ReadDone(dir); err == nil {
		t.Error("ReadDone of an empty directory: no error")
	}
	if err := WriteDone(dir, m); err != nil {
		t.Fatal(err)
	}
	got, err := ReadDone(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		edit func(*Meta)
		same bool
	}{
		{"another run ID", func(m *Meta) { m.RunID = "r2" }, true},
		{"another shard", func(m *Meta) { m.K = 3 }, false},
		{"another N", func(m *Meta) { m.N = 5 }, false},
		{"another configuration", func(m *Meta) { m.Config = "d" }, false},
		{"other inputs", func(m *Meta) { m.Inputs = "j" }, false},
		{"another profile", func(m *Meta) { m.Profiles = "" }, false},
	} {
		w := m
		c.edit(&w)
		if Same(got, w) != c.same {
			t.Errorf("%s: Same = %v", c.name, !c.same)
		}
	}
	if err := RemoveDone(dir); err != nil {
		t.Error(err)
	}
	if err := RemoveDone(dir); err != nil {
		t.Errorf("RemoveDone twice: %v", err)
	}
}
