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
