package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// issue 25 (page faults): a file large enough to be split (16 MiB or more)
// is mapped or read by default as corpus.MapsCheaply finds, mapped with
// --mmap, read with --no-mmap (which wins over it); the output is the same
// byte for byte whichever way and at any -j.
func TestMmapFlagSameOutput(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	const ids = 40000
	for i := range ids {
		fmt.Fprintf(&b, "line %d of prose, then urn:example:n%d and more words to fill the line up\n", i, i%977)
		for range 5 {
			b.WriteString("plain words only, a colon: here and there, no identifier on this line at all\n")
		}
	}
	for b.Len() < 17<<20 {
		b.WriteString("padding without identifiers, long enough to take the file past two parts\n")
	}
	path := filepath.Join(t.TempDir(), "big.txt")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	code, want, errs := runCmd(t, "", "scan", "--quiet", "--format", "jsonl", "-j", "1", path)
	if code != exitOK {
		t.Fatalf("default -j 1: exit %d: %s", code, errs)
	}
	if n := strings.Count(want, "\n"); n != ids {
		t.Fatalf("default -j 1: %d occurrences, want %d", n, ids)
	}
	for _, flags := range [][]string{nil, {"--mmap"}, {"--no-mmap"}, {"--mmap", "--no-mmap"}} {
		for _, j := range []string{"1", "2"} {
			args := append([]string{"scan", "--quiet", "--format", "jsonl", "-j", j}, flags...)
			code, out, errs := runCmd(t, "", append(args, path)...)
			if code != exitOK || out != want {
				t.Errorf("%v -j %s: exit %d, output differs from the default -j 1's (%d against %d bytes): %s", flags, j, code, len(out), len(want), errs)
			}
		}
	}
}
