package idlint_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idlint/idlint"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/reports"
)

// FuzzSplit: any file scanned split into parts — at any part size, by
// one worker or two, in its memory map or read through buffers — gives
// the output of the whole file read at once, byte for byte (occurrences
// with their offsets, lines and columns, look-alikes, the source record):
// no identifier lost or doubled at a boundary, the input accounted for
// once (issue 24 §9; TestSplitEveryOffset sweeps one text).
func FuzzSplit(f *testing.F) {
	for _, s := range []string{
		"urn:ex:a\nurn:ex:b\r\nxri://=a*b lid://h/i\n//go:build x\n",
		"é urn:é:1 (urn:a:b).\n\n\nURN:AB:a?b\n" + strings.Repeat("x", 300) + "\nurn:x:" + strings.Repeat("y", 200),
		"<?xml version=\"1.0\"?>\n<xrds:XRDS xmlns:xrds=\"xri://$xrds\"><XRD><Query>*n</Query></XRD>\n",
		"\xff\xfeu\x00r\x00n\x00:\x00a\x00:\x00b\x00\n\x00",
		"a\x00urn:ex:nul\nurn:ex:" + strings.Repeat("%41", 50) + "\n",
	} {
		f.Add([]byte(s), uint16(7), true, false)
	}
	eng, err := lint.New(lint.Config{})
	if err != nil {
		f.Fatal(err)
	}
	path := filepath.Join(f.TempDir(), "in.txt") // one per fuzzing process
	f.Fuzz(func(t *testing.T, data []byte, part uint16, two, noMmap bool) {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		run := func(jobs int, part int64, noMmap bool) string {
			var out bytes.Buffer
			sink := reports.NewJSONL(&out, &out)
			opt := idlint.Options{Jobs: jobs, PartSize: part, IncludeLookalikes: true,
				EngineFor: func(string) (*lint.Engine, error) { return eng, nil }}
			opt.Corpus.NoMmap = noMmap
			sum, err := idlint.Scan(context.Background(), []string{path}, opt, sink)
			if err != nil {
				t.Fatal(err)
			}
			if err := sink.Flush(); err != nil {
				t.Fatal(err)
			}
			if sum.Inputs != 1 {
				t.Fatalf("%d inputs, want 1", sum.Inputs)
			}
			return out.String()
		}
		want := run(1, -1, true)
		if n := strings.Count(want, `"status":`); n < 1 {
			t.Fatalf("no source record:\n%s", want)
		}
		jobs := 1
		if two {
			jobs = 2
		}
		size := 1 + int64(part)%max(1, int64(len(data)/2))
		if got := run(jobs, size, noMmap); got != want {
			g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
			for i := range min(len(g), len(w)) {
				if g[i] != w[i] {
					t.Fatalf("-j %d, parts of %d bytes, NoMmap %v: line %d\n got %s\nwant %s", jobs, size, noMmap, i+1, g[i], w[i])
				}
			}
			t.Fatalf("-j %d, parts of %d bytes, NoMmap %v: %d lines, want %d", jobs, size, noMmap, len(g), len(w))
		}
	})
}
