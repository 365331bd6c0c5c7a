package extract

import (
	"bytes"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/idlint/idlint/internal/testio"
)

// Tests that select a kernel (SetKernel) or count allocations run alone;
// the others call t.Parallel, and so start only once those have ended.

// naiveCandidates is the definition, byte by byte.
func naiveCandidates(buf []byte, from int) []int {
	var out []int
	for p := max(from, 2); p < len(buf); p++ {
		if buf[p] == ':' && classOf[buf[p-1]]&classA != 0 && classOf[buf[p-2]]&classB != 0 {
			out = append(out, p)
		}
	}
	return out
}

// runKernel collects every candidate kernel k finds from from on, asking
// for outSize at a time.
func runKernel(k int, buf []byte, from, outSize int) []int {
	p, _ := outPool.Get().(*[]int)
	if p == nil || cap(*p) < outSize {
		p = new([]int)
		*p = make([]int, outSize)
	}
	defer outPool.Put(p)
	out := (*p)[:outSize]
	var nl []int
	if kernelCountsLines(k) {
		nl = make([]int, outSize)
	}
	var all []int
	for i := from; i < len(buf); {
		var n, next, lines int
		switch {
		case k == kernelPortable:
			n, next = candidatesPortable(buf, i, out)
		case nl != nil:
			n, next, lines = candidatesLines(k, buf, i, out, nl)
			// the line feeds before each candidate and in all it read
			for j, c := range out[:n] {
				if want := bytes.Count(buf[i:c], nlByte); nl[j] != want {
					panic(fmt.Sprintf("kernel %s from %d: %d line feeds before %d, want %d", kernelNames[k], i, nl[j], c, want))
				}
			}
			if want := bytes.Count(buf[i:next], nlByte); lines != want {
				panic(fmt.Sprintf("kernel %s: %d line feeds in [%d, %d), want %d", kernelNames[k], lines, i, next, want))
			}
		default:
			n, next = candidatesSIMD(k, buf, i, out)
		}
		if n == 0 && next <= i {
			panic(fmt.Sprintf("kernel %s made no progress at %d", kernelNames[k], i))
		}
		all = append(all, out[:n]...)
		i = next
	}
	return all
}

// outPool holds runKernel's output buffers: making one for each call was
// most of the time of the tests that call it for every offset.
var outPool sync.Pool

func supportedKernels(t testing.TB) []int {
	var ks []int
	for k := range numKernels {
		if kernelSupported(k) {
			ks = append(ks, k)
		}
	}
	if len(ks) == 1 {
		t.Logf("only the portable kernel runs on this CPU")
	}
	return ks
}

func checkKernels(t *testing.T, ks []int, buf []byte, from int, what string, outSizes ...int) {
	t.Helper()
	want := naiveCandidates(buf, from)
	if len(outSizes) == 0 {
		outSizes = []int{candBatch, 4 * candBatch}
	}
	for _, k := range ks {
		for _, size := range outSizes {
			if got := runKernel(k, buf, from, size); !slices.Equal(got, want) {
				t.Fatalf("%s, from %d, len %d, out %d: kernel %s found %v, want %v", what, from, len(buf), size, kernelNames[k], got, want)
			}
		}
	}
}

func TestClassTable(t *testing.T) {
	t.Parallel()
	for c := range 256 {
		b := byte(c)
		// the letters are the registry's (schemes_gen.go), in either case
		a := bytes.IndexByte([]byte(classALetters+strings.ToUpper(classALetters)), b) >= 0
		bb := bytes.IndexByte([]byte(classBLetters+strings.ToUpper(classBLetters)), b) >= 0
		if (classOf[b]&classA != 0) != a || (classOf[b]&classB != 0) != bb {
			t.Errorf("class of %#x: A %v B %v", b, classOf[b]&classA != 0, classOf[b]&classB != 0)
		}
	}
}

// A candidate at every offset of a 64- and a 128-byte block, across block
// boundaries (the letters in one block, the colon in the next) and at the
// buffer's ends, with every start offset.
func TestKernelOffsets(t *testing.T) {
	t.Parallel()
	ks := supportedKernels(t)
	fillers := map[string]byte{"space": ' ', "x": 'x', "colon": ':', "n": 'n', "nonASCII": 0xEE}
	for fname, f := range fillers {
		for _, size := range []int{1, 2, 3, 64, 66, 128, 130, 131, 257, 385} {
			for _, pat := range []string{"urn:", "go:", "RN:", "iD:", "Io:", ":", "i:", "gi:"} {
				for off := 0; off < size; off++ {
					buf := bytes.Repeat([]byte{f}, size)
					// the colon of pat lands at off (cut at the start if needed)
					p := pat
					st := off - (len(p) - 1)
					if st < 0 {
						p, st = p[-st:], 0
					}
					copy(buf[st:], p)
					for _, from := range []int{0, 3, off, off + 1} {
						if from > size {
							continue
						}
						checkKernels(t, ks, buf, from, fmt.Sprintf("filler %s pattern %q at %d", fname, pat, off), candBatch)
					}
				}
			}
		}
	}
}

// Dense candidates overflow the output batch: the kernels must stop and
// resume without losing or repeating any.
func TestKernelDense(t *testing.T) {
	t.Parallel()
	ks := supportedKernels(t)
	for _, unit := range []string{"io:", "rn:", "go:x", "Gi:urn:"} {
		buf := bytes.Repeat([]byte(unit), 5000)
		for _, from := range []int{0, 1, 2, 7, 1000} {
			checkKernels(t, ks, buf, from, fmt.Sprintf("dense %q", unit))
		}
	}
}

func TestKernelRandom(t *testing.T) {
	t.Parallel()
	ks := supportedKernels(t)
	r := rand.New(rand.NewSource(7))
	alphabet := []byte("::nidoNIDOrigRIGux \n\x00\xee\xc3\xa9")
	for iter := 0; iter < 2000; iter++ {
		buf := make([]byte, r.Intn(700))
		for i := range buf {
			buf[i] = alphabet[r.Intn(len(alphabet))]
		}
		checkKernels(t, ks, buf, r.Intn(len(buf)+1), "random")
	}
	for _, seed := range []int64{1, 2} {
		text := proseWithIDs(1<<20, seed)
		checkKernels(t, ks, text, 0, "prose")
		text = englishWithIDs(1<<20, seed)
		checkKernels(t, ks, text, 0, "english")
	}
}

// withKernel runs f with each supported kernel selected.
func withKernel(t *testing.T, f func(name string)) {
	t.Helper()
	defer SetKernel("")
	for _, name := range Kernels() {
		if err := SetKernel(name); err != nil {
			t.Fatal(err)
		}
		f(name)
	}
}

// Find and Stream give the same results whichever kernel runs.
func TestFindAllKernels(t *testing.T) {
	inputs := [][]byte{corpusText(1, 100000), corpusText(2, 5000), proseWithIDs(1<<20, 3), englishWithIDs(1<<20, 3)}
	for i, text := range inputs {
		for _, opt := range []Options{{}, {Schemes: AllSchemes}, {Schemes: SchemesOf(GO, LID), MaxLen: 40}} {
			SetKernel("portable")
			want := Find(nil, text, opt)
			withKernel(t, func(name string) {
				if got := Find(nil, text, opt); !slices.Equal(got, want) {
					t.Fatalf("input %d %+v: kernel %s: %d candidates, want %d", i, opt, name, len(got), len(want))
				}
			})
		}
	}
	text := corpusText(5, 40000)
	want := reference(text, 64)
	withKernel(t, func(name string) {
		for _, bs := range []int{0, 1, 300, 5000} {
			got := streamAll(t, testio.ChunkReader(text, 4099), bs, 64)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("kernel %s buf %d: stream differs from whole", name, bs)
			}
		}
	})
}

func TestSetKernel(t *testing.T) {
	defer SetKernel("")
	if err := SetKernel("nonesuch"); err == nil {
		t.Error("SetKernel accepted an unknown name")
	}
	ks := Kernels()
	if ks[len(ks)-1] != "portable" {
		t.Errorf("Kernels() = %v, want portable last", ks)
	}
	if err := SetKernel(""); err != nil || Kernel() != ks[0] {
		t.Errorf("default kernel %s, want %s", Kernel(), ks[0])
	}
}

// FuzzKernel: every kernel finds the same candidates as the definition,
// and Find gives the same spans with every kernel.
func FuzzKernel(f *testing.F) {
	f.Add([]byte("see urn:isbn:0451450523 and go:x"), uint16(0))
	f.Add(bytes.Repeat([]byte("ri:"), 100), uint16(1))
	f.Add(append(bytes.Repeat([]byte{' '}, 126), "rn:urn:a:b lid:x xri:y"...), uint16(3))
	f.Add(bytes.Repeat([]byte("\xeeo:Go:"), 50), uint16(64))
	ks := supportedKernels(f)
	f.Fuzz(func(t *testing.T, buf []byte, from16 uint16) {
		from := int(from16) % (len(buf) + 1)
		want := naiveCandidates(buf, from)
		for _, k := range ks {
			if got := runKernel(k, buf, from, candBatch); !slices.Equal(got, want) {
				t.Fatalf("kernel %s from %d: %v, want %v", kernelNames[k], from, got, want)
			}
		}
		defer SetKernel("")
		SetKernel("portable")
		opt := Options{Schemes: AllSchemes, MaxLen: 64}
		wantC := Find(nil, buf, opt)
		for _, k := range ks[1:] {
			kernel = k
			if got := Find(nil, buf, opt); !slices.Equal(got, wantC) {
				t.Fatalf("Find with kernel %s: %v, want %v", kernelNames[k], got, wantC)
			}
		}
	})
}

// trimReference is trim as first written: the bracket counts always taken.
func trimReference(b []byte, min int) int {
	n := len(b)
	opens, closes := bytes.Count(b, []byte("(")), bytes.Count(b, []byte(")"))
	sqOpen, sqClose := bytes.Count(b, []byte("[")), bytes.Count(b, []byte("]"))
	for n > min {
		switch b[n-1] {
		case '.', ',', ';', ':', '!', '?', '\'':
		case ')':
			if closes <= opens {
				return n
			}
			closes--
		case ']':
			if sqClose <= sqOpen {
				return n
			}
			sqClose--
		default:
			return n
		}
		n--
	}
	return n
}

func TestTrim(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewSource(3))
	alphabet := []byte(".,;:!?')]([x")
	for iter := 0; iter < 100000; iter++ {
		b := make([]byte, r.Intn(12))
		for i := range b {
			b[i] = alphabet[r.Intn(len(alphabet))]
		}
		m := r.Intn(len(b) + 1)
		if got, want := trim(b, m), trimReference(b, m); got != want {
			t.Fatalf("trim(%q, %d) = %d, want %d", b, m, got, want)
		}
	}
}

// queryKeyBeforeReference is queryKeyBefore a byte at a time.
func queryKeyBeforeReference(ctx []byte) (query, param bool) {
	j := len(ctx)
	for j > 0 && queryKeyChar[ctx[j-1]] {
		j--
	}
	if j == len(ctx) || j == 0 {
		return false, false
	}
	c := ctx[j-1]
	return c == '?' || c == '&' || c == ';' || c == '"' || bytes.IndexByte(ctx[j:], '\'') >= 0, c == ';'
}

// queryKeyBefore (rfc3986 §3.4: the value of "?key=", "&key=", ";key=")
// reads the key's 16 last bytes at once: it gives what a byte at a time
// gives for every byte at every place of every context length up to
// ContextBytes, and for random keys and separators.
func TestQueryKeyBefore(t *testing.T) {
	for n := 0; n <= ContextBytes; n++ {
		ctx := bytes.Repeat([]byte("k"), n)
		for d := 0; d < n; d++ {
			for c := range 256 {
				ctx[d] = byte(c)
				q, p := queryKeyBefore(ctx)
				if wq, wp := queryKeyBeforeReference(ctx); q != wq || p != wp {
					t.Fatalf("%q: %v %v, want %v %v", ctx, q, p, wq, wp)
				}
			}
			ctx[d] = 'k'
		}
	}
	r := rand.New(rand.NewSource(5))
	alphabet := []byte("?&;\"' =/k-.%")
	for range 100000 {
		ctx := make([]byte, r.Intn(ContextBytes+1))
		for i := range ctx {
			ctx[i] = alphabet[r.Intn(len(alphabet))]
		}
		q, p := queryKeyBefore(ctx)
		if wq, wp := queryKeyBeforeReference(ctx); q != wq || p != wp {
			t.Fatalf("%q: %v %v, want %v %v", ctx, q, p, wq, wp)
		}
	}
}

// scan calls trim only when the identifier ends in a byte of trailing:
// for every other last byte, trim keeps the whole identifier (it drops
// only what prose puts after one, extract.go trim).
func TestTrailingIsWhatTrimDrops(t *testing.T) {
	for c := range 256 {
		b := []byte{'u', 'r', 'n', ':', 'a', byte(c)}
		if kept := trim(b, 4) == len(b); kept == trailing[c] {
			t.Errorf("byte %#x: trim keeps it %v, trailing[c] = %v", c, kept, trailing[c])
		}
	}
}

// scan's inline checks give what schemeBefore and boundaryBefore give,
// for every byte before the scheme and every case of "urn", with and
// without URN wanted: an identifier starts after no letter, digit, "+",
// "-" or "." (boundaryBefore), in any case (schemeBefore).
func TestScanInlineSchemeChecks(t *testing.T) {
	for c := range 256 {
		if c < utf8.RuneSelf && wordASCII[c] != !boundaryBefore([]byte{byte(c), 'u'}, 1) {
			t.Errorf("byte %#x: wordASCII %v, boundaryBefore %v", c, wordASCII[c], boundaryBefore([]byte{byte(c), 'u'}, 1))
		}
		for _, urn := range []string{"urn", "URN", "uRn", "urN"} {
			for _, want := range []Schemes{AllSchemes, SchemesOf(XRI, LID, GO)} {
				text := append([]byte{byte(c)}, urn+":a:b"...)
				var exp []string
				if s, start := schemeBefore(text, 4, want); s != 0 && boundaryBefore(text, start) {
					exp = []string{string(text[start:])}
				}
				var got []string
				for _, m := range Find(nil, text, Options{Schemes: want}) {
					got = append(got, string(text[m.Start:m.End]))
				}
				if fmt.Sprint(got) != fmt.Sprint(exp) {
					t.Errorf("%q, schemes %v: found %q, want %q", text, want, got, exp)
				}
			}
		}
	}
}

// countNL counts what bytes.Count counts, whatever the length and the
// alignment of the text and the density of line feeds, with every kernel
// (the AVX-512 ones count whole 256-byte blocks in assembly).
func TestCountNL(t *testing.T) {
	r := rand.New(rand.NewSource(9))
	buf := make([]byte, 5000)
	defer SetKernel("")
	for iter := 0; iter < 3000; iter++ {
		density := 1 + r.Intn(300) // one line feed in density bytes
		for i := range buf {
			buf[i] = byte('a' + r.Intn(26))
			if r.Intn(density) == 0 {
				buf[i] = '\n'
			}
		}
		from := r.Intn(70)
		b := buf[from : from+r.Intn(len(buf)-from)]
		want := bytes.Count(b, []byte{'\n'})
		for _, name := range Kernels() { // one text for every kernel: making it is the cost
			if err := SetKernel(name); err != nil {
				t.Fatal(err)
			}
			if got := countNL(b); got != want {
				t.Fatalf("kernel %s: countNL of %d bytes at %d = %d, want %d", name, len(b), from, got, want)
			}
		}
	}
}

// chars counts the bytes that are not UTF-8 continuation bytes (10xxxxxx),
// eight at a time: the same as a byte-by-byte count at every length and
// alignment, on random bytes and on multi-byte text.
func TestChars(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewSource(5))
	texts := [][]byte{[]byte("é東 urn:é:x \U0001F600 aä"), make([]byte, 300)}
	r.Read(texts[1])
	for _, text := range texts {
		for from := 0; from < len(text); from++ {
			for to := from; to <= len(text); to++ {
				want := 0
				for _, c := range text[from:to] {
					if c&0xC0 != 0x80 {
						want++
					}
				}
				if got := chars(text[from:to]); got != want {
					t.Fatalf("chars(%q) = %d, want %d", text[from:to], got, want)
				}
			}
		}
	}
}

// The identifier spans (extent's inner loops) stop where the byte-at-a-time
// loop over urnChar and uriChar stops, with every kernel: for every byte
// value as the first non-member at every distance up to 130 from i, and at
// every limit around it (rfc8141 §2, rfc3986 §2: the characters an
// identifier may hold).
// spansURN, the batch scan asks the URN spans of its candidates in, gives
// spanTable's end (the run of urnChar after each colon, to the buffer's
// end), or -1 when the run is 128 bytes or longer (AVX2: or the run's
// next 128 bytes are not all in the buffer): with every byte ending the
// run at every distance, and with the buffer ending at every distance.
func TestSpansURN(t *testing.T) {
	defer SetKernel("")
	for _, name := range Kernels() {
		if err := SetKernel(name); err != nil {
			t.Fatal(err)
		}
		var ends [candBatch]int
		for _, size := range []int{1, 2, 66, 131, 300} {
			buf := bytes.Repeat([]byte("a"), size)
			var pos []int // colons near the block edges and the end
			for _, p := range []int{0, 1, 2, 62, 63, 64, 65, 126, 127, 128, 129, 200, size - 3, size - 2, size - 1} {
				if p >= 0 && p < size && !slices.Contains(pos, p) {
					pos = append(pos, p)
				}
			}
			for c := range 256 {
				for d := 0; d < size; d++ {
					buf[d] = byte(c)
					if !spansURN(buf, pos, ends[:]) {
						if name != "portable" {
							t.Fatalf("kernel %s: no batch of spans", name)
						}
						continue
					}
					for k, p := range pos {
						want := spanTable(&urnChar, buf, p+1, len(buf))
						if want-(p+1) >= 128 || ends[k] == -1 && name != "avx512" && name != "avx512-branchless" && p+1+128 > size {
							want = -1 // the kernel may leave a long run to the caller
							if ends[k] != -1 && ends[k] != spanTable(&urnChar, buf, p+1, len(buf)) {
								t.Fatalf("kernel %s: size %d, %#x at %d: colon at %d: end %d, want -1 or %d", name, size, c, d, p, ends[k], spanTable(&urnChar, buf, p+1, len(buf)))
							}
							continue
						}
						if ends[k] != want {
							t.Fatalf("kernel %s: size %d, %#x at %d: colon at %d: end %d, want %d", name, size, c, d, p, ends[k], want)
						}
					}
					buf[d] = 'a'
				}
			}
		}
	}
}

func TestSpan(t *testing.T) {
	defer SetKernel("")
	buf := make([]byte, 300) // letters, one byte changed at a time
	for j := range buf {
		buf[j] = 'a' + byte(j%26)
	}
	for _, name := range Kernels() {
		if err := SetKernel(name); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			name string
			span func([]byte, int, int) int
			set  *[256]bool
		}{{"urn", spanURN, &urnChar}, {"uri", spanURI, &uriChar}} {
			for c := range 256 {
				for _, i := range []int{0, 1, 63, 100} {
					for d := 0; d <= 130; d += 1 + d/16 {
						if i+d < len(buf) {
							buf[i+d] = byte(c)
						}
						for _, limit := range []int{i, i + d - 1, i + d, i + d + 1, i + 64, len(buf)} {
							if limit < i || limit > len(buf) {
								continue
							}
							if got, want := tc.span(buf, i, limit), spanTable(tc.set, buf, i, limit); got != want {
								t.Fatalf("kernel %s: span %s with %#x at %d, i %d, limit %d: %d, want %d", name, tc.name, c, i+d, i, limit, got, want)
							}
						}
						if i+d < len(buf) {
							buf[i+d] = 'a' + byte((i+d)%26)
						}
					}
				}
			}
		}
	}
}
