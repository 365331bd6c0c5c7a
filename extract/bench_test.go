package extract

import (
	"bytes"
	"fmt"
	"math/rand"
	"sync"
	"testing"

	"github.com/idlint/idlint/internal/textgen"
)

// proseWithIDs is colon-heavy text with an identifier every 1–5 KB and
// plenty of colons that are not schemes ("note:", "time: 12:30", URLs).
func proseWithIDs(size int, seed int64) []byte { return textgen.ColonHeavy(size, seed) }

// englishWithIDs is English-like prose with a realistic colon density and
// an identifier every 1–5 KB: the headline benchmark text.
func englishWithIDs(size int, seed int64) []byte { return textgen.English(size, seed) }

var benchTexts = []struct {
	name string
	gen  func(int, int64) []byte
}{
	{"english", englishWithIDs},
	{"colonheavy", proseWithIDs},
}

// BenchmarkKernel times the candidate filters alone, per kernel, on a
// stream buffer's worth of text (256 KB, in L2 as a Stream's buffer is)
// and on 16 MB (L3 on the reference machine).
func BenchmarkKernel(b *testing.B) {
	for _, bt := range benchTexts {
		for _, size := range []int{256 << 10, 16 << 20} {
			text := bt.gen(size, 1)
			for _, name := range Kernels() {
				b.Run(fmt.Sprintf("%s/%dKB/%s", bt.name, size>>10, name), func(b *testing.B) {
					defer SetKernel("")
					SetKernel(name)
					var out [candBatch]int
					b.SetBytes(int64(len(text)))
					b.ReportAllocs()
					for b.Loop() {
						for i := 0; i < len(text); {
							_, i = candidates(text, i, out[:])
						}
					}
				})
			}
		}
	}
}

// BenchmarkKernelLines times what the stream needs besides candidates, the
// line feeds before each of them: the AVX2 filter counting them as it
// goes (lines) against the filter and a second pass of countNL over the
// same span (count after), on 256 KB (L2) and 16 MB.
func BenchmarkKernelLines(b *testing.B) {
	if !kernelCountsLines(kernelAVX2) || !kernelSupported(kernelAVX2) {
		b.Skip("no kernel counts lines on this CPU")
	}
	for _, bt := range benchTexts {
		for _, size := range []int{256 << 10, 16 << 20} {
			text := bt.gen(size, 1)
			b.Run(fmt.Sprintf("%s/%dKB/lines", bt.name, size>>10), func(b *testing.B) {
				var out, nl [candBatch]int
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					for i := 0; i < len(text); {
						_, i, _ = candidatesLines(kernelAVX2, text[:min(len(text), i+candSpan)], i, out[:], nl[:])
					}
				}
			})
			b.Run(fmt.Sprintf("%s/%dKB/count-after", bt.name, size>>10), func(b *testing.B) {
				var out [candBatch]int
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					for i := 0; i < len(text); {
						_, next := candidatesSIMD(kernelAVX2, text[:min(len(text), i+candSpan)], i, out[:])
						countNL(text[i:next])
						i = next
					}
				}
			})
		}
	}
}

// BenchmarkFind times Find (filter and confirm), per text and kernel.
func BenchmarkFind(b *testing.B) {
	for _, bt := range benchTexts {
		text := bt.gen(16<<20, 1)
		for _, name := range Kernels() {
			b.Run(bt.name+"/"+name, func(b *testing.B) {
				defer SetKernel("")
				SetKernel(name)
				dst := make([]Candidate, 0, 1<<14)
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				for b.Loop() {
					dst = Find(dst[:0], text, Options{Schemes: AllSchemes})
				}
			})
		}
	}
}

// BenchmarkStream times Stream (reads into its 256 KB buffer, filter,
// confirm, line and column counting), per text and kernel.
func BenchmarkStream(b *testing.B) {
	for _, bt := range benchTexts {
		text := bt.gen(16<<20, 1)
		for _, name := range Kernels() {
			b.Run(bt.name+"/"+name, func(b *testing.B) {
				defer SetKernel("")
				SetKernel(name)
				s := NewStream(nil, Options{Schemes: AllSchemes}, 0)
				rd := bytes.NewReader(text)
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				for b.Loop() {
					rd.Reset(text)
					s.Reset(rd)
					for s.Next() {
					}
				}
			})
		}
	}
}

// The hot path allocates nothing per byte or per candidate once buffers
// have grown (a requirement, not a timing).
func TestZeroAllocs(t *testing.T) {
	text := proseWithIDs(1<<20, 2)
	dst := Find(nil, text, Options{})
	if len(dst) == 0 {
		t.Fatal("no candidates in the benchmark text")
	}
	if n := testing.AllocsPerRun(5, func() { dst = Find(dst[:0], text, Options{}) }); n != 0 {
		t.Errorf("Find: %v allocs per run", n)
	}
	s := NewStream(nil, Options{}, 0)
	rd := bytes.NewReader(text)
	s.Reset(rd)
	for s.Next() {
	}
	if n := testing.AllocsPerRun(5, func() {
		rd.Reset(text)
		s.Reset(rd)
		for s.Next() {
		}
	}); n != 0 {
		t.Errorf("Stream: %v allocs per run", n)
	}
}

// BenchmarkDRAM times, on 200 MB of English text (far larger than the
// caches, as the compare harness's input), the filter alone, Find (filter
// and confirm), and bytes.IndexByte of an absent byte: what one core reads
// from memory, the filter's ceiling.
func BenchmarkDRAM(b *testing.B) {
	text := dramText()
	b.Run("kernel", func(b *testing.B) {
		var out [candBatch]int
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			for i := 0; i < len(text); {
				_, i = candidates(text, i, out[:])
			}
		}
	})
	b.Run("find", func(b *testing.B) {
		dst := make([]Candidate, 0, 1<<17)
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			dst = Find(dst[:0], text, Options{Schemes: AllSchemes})
		}
	})
	// as a worker scans the 8 MiB parts of a memory-mapped file: Find
	// plus the line count up to every match
	b.Run("stream-in-place", func(b *testing.B) {
		st := NewStream(nil, Options{Schemes: AllSchemes}, 0)
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			for p := 0; p < len(text); p += 8 << 20 {
				st.ResetBytes(text[p:min(len(text), p+8<<20)], int64(p))
				for st.Next() {
				}
				st.Lines()
			}
		}
	})
	b.Run("indexbyte", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			if bytes.IndexByte(text, 0xff) >= 0 {
				b.Fatal("0xff in ASCII text")
			}
		}
	})
}

var dramText = sync.OnceValue(func() []byte { return englishWithIDs(200<<20, 1) })

// BenchmarkCountNL times the line count the stream makes between matches,
// against bytes.Count, on a stream buffer's worth of English text (in L2).
func BenchmarkCountNL(b *testing.B) {
	text := englishWithIDs(256<<10, 1)
	b.Run("countNL", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			countNL(text)
		}
	})
	b.Run("bytes.Count", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			bytes.Count(text, nlByte)
		}
	})
	// as the stream calls it: the text between one match and the next
	var cuts []int
	for i := 0; i < len(text); i += rand.New(rand.NewSource(int64(i))).Intn(6000) {
		cuts = append(cuts, i)
	}
	cuts = append(cuts, len(text))
	b.Run("countNL-segments", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			for k := 1; k < len(cuts); k++ {
				countNL(text[cuts[k-1]:cuts[k]])
			}
		}
	})
}
