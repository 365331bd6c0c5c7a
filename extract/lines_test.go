package extract

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/idlint/idlint/internal/testio"
)

// The stream's lines come from the kernel's own line-feed counts where it
// keeps them (issue 25, sparse text: no second pass over the text): every
// match's line and column, and Lines() at the end, are those of counting
// the whole text, with every kernel, in place (windows of the buffer's
// size) and read in chunks, whatever the density of line feeds. With
// Options.NoPositions, the same matches without lines or columns.
func TestStreamLinesAllKernels(t *testing.T) {
	texts := map[string][]byte{
		"corpus":  corpusText(11, 60000),
		"english": englishWithIDs(300<<10, 2),
		// a line feed in every block, identifiers at block edges
		"dense lines": []byte(strings.Repeat("ab\nurn:a:b\n\n go:x\r\n"+strings.Repeat("é", 40)+"\n", 900)),
		// long lines: a line feed far from any identifier
		"long lines":   []byte(strings.Repeat(strings.Repeat("x", 3000)+" urn:x:y "+strings.Repeat("😀", 500)+"\n", 40)),
		"no line feed": bytes.Repeat([]byte("urn:a:b xyz "), 3000),
		// the last scan counts lines only up to its last identifier
		// (issue 25): Lines() counts the rest
		"no identifier":             []byte(strings.Repeat("ab: cd\n", 20000)),
		"line feeds after the last": []byte("urn:a:b\n" + strings.Repeat("x\n\n", 70000) + "go:x y\n" + strings.Repeat("\n", 5000)),
	}
	for name, text := range texts {
		want := reference(text, 64)
		// issue 25 (a caller that only counts): without positions, the
		// same matches, their lines and columns 0, no lines counted
		wantNoPos := make([]pos, len(want))
		for i, p := range want {
			p.Line, p.Col = 0, 0
			wantNoPos[i] = p
		}
		wantLines := bytes.Count(text, nlByte) + 1
		withKernel(t, func(kernel string) {
			for _, bs := range []int{0, 300, 5000} {
				for _, noPos := range []bool{false, true} {
					st := NewStream(nil, Options{MaxLen: 64, Schemes: AllSchemes, NoPositions: noPos}, bs)
					want, wantLines := want, wantLines
					if noPos {
						want, wantLines = wantNoPos, 0
					}
					for _, inPlace := range []bool{true, false} {
						if inPlace {
							st.ResetBytes(text, 0)
						} else {
							st.Reset(testio.ChunkReader(text, 4097))
						}
						var got []pos
						for st.Next() {
							m := st.Match()
							if noPos && m.Column16 != 0 {
								t.Fatalf("%s: Column16 %d without positions", name, m.Column16)
							}
							got = append(got, pos{m.Scheme, m.Offset, m.Line, m.Column, string(m.Raw), m.Truncated, string(m.Before), string(m.After)})
						}
						what := fmt.Sprintf("%s, kernel %s, buf %d, in place %v, no positions %v", name, kernel, bs, inPlace, noPos)
						if fmt.Sprint(got) != fmt.Sprint(want) {
							t.Fatalf("%s: matches differ from counting the whole text\nfirst got  %v\nfirst want %v", what, head(got), head(want))
						}
						if got := st.Lines(); got != wantLines {
							t.Fatalf("%s: Lines() = %d, want %d", what, got, wantLines)
						}
					}
				}
			}
		})
	}
}

// The last scan of a text counts line feeds only up to its last
// identifier, with a kernel that does not count them as it filters
// (issue 25: 9,354 of the RFC directory's 10,059 files hold none); its
// candidates' counts are those of counting everything, and what it
// counted is what it says. Other scans, and a counting kernel, count to
// the end.
func TestScanLazyLines(t *testing.T) {
	tail := strings.Repeat("x\n", 5000)
	tests := []struct {
		name, text string
		last       int // index of the last identifier's colon, -1: none
	}{
		{"no identifier", "a\nb:c\n" + tail, -1},
		{"one, lines after", "a\n\nurn:x:y " + tail, len("a\n\nurn")},
		{"two, the last in the tail", "urn:a:b\n" + tail + "go:q\n\n", len("urn:a:b\n" + tail + "go")},
		{"one at the end", tail + "urn:a:b", len(tail + "urn")},
	}
	opt := Options{Schemes: AllSchemes}.norm()
	for _, tt := range tests {
		buf := []byte(tt.text)
		withKernel(t, func(kernel string) {
			for _, lazy := range []bool{false, true} {
				cands, resume, complete, nl, counted := scan(nil, buf, 0, true, opt, true, lazy)
				want := len(buf)
				if lazy && !kernelCountsLines(kernelOf(kernel)) {
					want = max(0, tt.last)
				}
				what := fmt.Sprintf("%s, kernel %s, lazy %v", tt.name, kernel, lazy)
				if resume != len(buf) || !complete {
					t.Fatalf("%s: resume %d complete %v, want %d true", what, resume, complete, len(buf))
				}
				if counted != want || nl != bytes.Count(buf[:counted], nlByte) {
					t.Fatalf("%s: counted %d line feeds to %d, want %d to %d", what, nl, counted, bytes.Count(buf[:want], nlByte), want)
				}
				for _, c := range cands {
					colon := c.Start + len(c.Scheme.String())
					if w := bytes.Count(buf[:colon], nlByte); c.nl != w {
						t.Fatalf("%s: candidate at %d: %d line feeds before it, want %d", what, c.Start, c.nl, w)
					}
				}
			}
		})
	}
}

// kernelOf is the kernel named name.
func kernelOf(name string) int {
	for k, n := range kernelNames {
		if n == name {
			return k
		}
	}
	return -1
}
