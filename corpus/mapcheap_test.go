package corpus

import (
	"os"
	"path/filepath"
	"testing"
)

// issue 25 (read or map): the probe behind MapsCheaply scans 1 MiB chunks
// from 2 MiB on, mapped and read in turn; a file without all of them, or
// no file, answers no (read, never wrong), whatever the machine. Its timed
// answer is not asserted.
func TestProbeMapShortFile(t *testing.T) {
	dir := t.TempDir()
	const need = (2 + 2*probeRounds) * probeChunk
	for _, c := range []struct {
		name string
		size int
	}{
		{"empty", 0},
		{"one byte", 1},
		{"a byte short of the chunks", need - 1},
	} {
		path := filepath.Join(dir, "f")
		if err := os.WriteFile(path, make([]byte, c.size), 0o644); err != nil {
			t.Fatal(err)
		}
		if probeMap(path) {
			t.Errorf("%s (%d bytes): cheap, want no (not all chunks there)", c.name, c.size)
		}
	}
	if probeMap(filepath.Join(dir, "missing")) {
		t.Error("a missing file: cheap, want no")
	}
	// a file with all its chunks is probed without error or fault
	path := filepath.Join(dir, "big")
	if err := os.WriteFile(path, make([]byte, need), 0o644); err != nil {
		t.Fatal(err)
	}
	probeMap(path)
}

// MapsCheaply probes once: every later call answers as the first, for
// any file (the answer is the machine's).
func TestMapsCheaplyOnce(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, make([]byte, (2+2*probeRounds)*probeChunk), 0o644); err != nil {
		t.Fatal(err)
	}
	first := MapsCheaply(big)
	for _, p := range []string{big, filepath.Join(dir, "missing")} {
		if got := MapsCheaply(p); got != first {
			t.Errorf("MapsCheaply(%s) = %v after %v: not the first answer", p, got, first)
		}
	}
}
