package corpus

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"sync"
	"testing"
	"unsafe"
)

// The read-ahead buffers are raBuffers separate buffers of raSize bytes,
// kept for the next input, and a huge-page mapping starts on a huge page
// (issue 25, compressed inputs: page faults).
func TestRaBufs(t *testing.T) {
	b := getRaBufs()
	if len(b.bufs) != raBuffers {
		t.Fatalf("%d buffers, want %d", len(b.bufs), raBuffers)
	}
	for i, x := range b.bufs {
		if len(x) != raSize || cap(x) != raSize {
			t.Errorf("buffer %d: len %d cap %d, want %d", i, len(x), cap(x), raSize)
		}
		for k := range x {
			x[k] = byte(i)
		}
	}
	for i, x := range b.bufs {
		if x[0] != byte(i) || x[raSize-1] != byte(i) {
			t.Errorf("buffer %d overlaps another", i)
		}
	}
	if b.mapping != nil && uintptr(unsafe.Pointer(&b.bufs[0][0]))&(hugePageSize-1) != 0 {
		t.Errorf("mapped buffers start at %p, not on a huge page", &b.bufs[0][0])
	}
	putRaBufs(b)
	if again := getRaBufs(); again != b {
		t.Error("a set put back was not reused")
	} else {
		putRaBufs(again)
	}
}

// Compressed inputs decoded at once, more than raFree keeps, each read
// their own bytes through the shared buffers (issue 25, compressed inputs).
func TestRaBufsInputsAtOnce(t *testing.T) {
	const inputs = 9
	texts := make([]string, inputs)
	data := make([][]byte, inputs)
	for i := range inputs {
		var text bytes.Buffer
		for l := 0; text.Len() < (i+1)<<19; l++ {
			fmt.Fprintf(&text, "input %d line %d urn:example:%d\n", i, l, l%311)
		}
		texts[i] = text.String()
		if i%2 == 0 {
			data[i] = zstdWith(t, text.Bytes())
		} else {
			var b bytes.Buffer
			z := gzip.NewWriter(&b)
			z.Write(text.Bytes())
			z.Close()
			data[i] = b.Bytes()
		}
	}
	for round := range 2 {
		var wg sync.WaitGroup
		got := make([][]doc, inputs)
		for i := range inputs {
			wg.Go(func() { _, got[i] = openBytes(t, data[i], Options{ParallelDecode: true, DecodeWidth: threeCores}) })
		}
		wg.Wait()
		for i := range inputs {
			if len(got[i]) != 1 || got[i][0].text != texts[i] {
				t.Errorf("round %d, input %d: %d documents, not its text", round, i, len(got[i]))
			}
		}
	}
}
