package extract

import (
	"bytes"
	"fmt"
	"os"
	"strings"
)

// The candidate filter is the scanner's first stage. A candidate is a
// position p >= 2 with buf[p] == ':', buf[p-1] in class A (a letter that
// can end a scheme name: n, i, d, o in either case) and buf[p-2] in class B
// (a letter that can come before it: r, i, g in either case). Every colon
// that schemeBefore can accept is a candidate; the scalar confirm in scan
// decides the rest. The kernels below all compute exactly this set. The
// letters come from the scheme registry: classALetters (schemes_gen.go)
// here, the SIMD kernels' nibble tables through the same derivation
// (internal/gen/scanclass); TestKernelsCoverRegistry catches a stale one.

// Class bits of classOf.
const (
	classA = 1
	classB = 2
)

var classOf = func() (t [256]byte) {
	for _, c := range classALetters + strings.ToUpper(classALetters) {
		t[c] |= classA
	}
	for _, c := range classBLetters + strings.ToUpper(classBLetters) {
		t[c] |= classB
	}
	return t
}()

// candBatch is how many candidate positions scan asks the kernel for at a
// time (a stack array: no allocation).
const candBatch = 256

// candSpan bounds how far one call to candidates looks ahead.
const candSpan = 32 << 10

// Kernel identifiers. The branchless SIMD variants classify every block;
// the default ones look for a colon first (faster on prose, see
// bench/README.md); all find the same candidates.
const (
	kernelPortable = iota
	kernelAVX2
	kernelAVX2Branchless
	kernelAVX512
	kernelAVX512Branchless
	numKernels
)

var kernelNames = [numKernels]string{"portable", "avx2", "avx2-branchless", "avx512", "avx512-branchless"}

// kernelOrder is the order of preference.
var kernelOrder = []int{kernelAVX512, kernelAVX2, kernelAVX512Branchless, kernelAVX2Branchless, kernelPortable}

// kernel is the filter in use: the best one this CPU supports, unless the
// environment variable IDLINT_KERNEL names another (for benchmarks).
var kernel = defaultKernel()

func defaultKernel() int {
	if name := os.Getenv("IDLINT_KERNEL"); name != "" {
		for k, n := range kernelNames {
			if n == name && kernelSupported(k) {
				return k
			}
		}
	}
	for _, k := range kernelOrder {
		if kernelSupported(k) {
			return k
		}
	}
	return kernelPortable
}

// Kernels lists the candidate filters this CPU can run, fastest first;
// "portable" (bytes.IndexByte and a table check) is always last.
func Kernels() []string {
	var out []string
	for _, k := range kernelOrder {
		if kernelSupported(k) {
			out = append(out, kernelNames[k])
		}
	}
	return out
}

// Kernel returns the name of the candidate filter in use.
func Kernel() string { return kernelNames[kernel] }

// SetKernel selects the candidate filter by name, for benchmarks and tests;
// "" selects the default. The results are the same whichever runs. It must
// not be called while a scan is running.
func SetKernel(name string) error {
	if name == "" {
		kernel = defaultKernel()
		return nil
	}
	for k, n := range kernelNames {
		if n == name {
			if !kernelSupported(k) {
				return fmt.Errorf("extract: kernel %q not supported on this CPU", name)
			}
			kernel = k
			return nil
		}
	}
	return fmt.Errorf("extract: unknown kernel %q (have %v)", name, Kernels())
}

// candidates stores in out, in increasing order, the candidates at or
// after from, as many as fit. It returns how many it stored and where to
// go on (len(buf) when it has looked at everything). len(out) must be at
// least candBatch.
func candidates(buf []byte, from int, out []int) (n, next int) {
	// Look at most candSpan bytes ahead, so that the confirm reads the
	// bytes around each candidate while they are still in L1 or L2.
	if len(buf)-from > candSpan {
		buf = buf[:from+candSpan]
	}
	if kernel != kernelPortable {
		return candidatesSIMD(kernel, buf, from, out)
	}
	return candidatesPortable(buf, from, out)
}

// linesAt is candidates that also gives the line feeds in buf[from:p]
// for each candidate p (nl) and in buf[from:next] (lines), when the kernel
// in use counts them as it filters (counted false: it does not, and the
// caller counts what it needs).
func linesAt(buf []byte, from int, out, nl []int) (n, next, lines int, counted bool) {
	if !kernelCountsLines(kernel) {
		n, next = candidates(buf, from, out)
		return n, next, 0, false
	}
	if len(buf)-from > candSpan {
		buf = buf[:from+candSpan]
	}
	n, next, lines = candidatesLines(kernel, buf, from, out, nl)
	return n, next, lines, true
}

// candidatesPortable is the reference filter: bytes.IndexByte finds each
// colon, two table lookups check the letters before it.
func candidatesPortable(buf []byte, from int, out []int) (n, next int) {
	i := from
	for i < len(buf) {
		j := bytes.IndexByte(buf[i:], ':')
		if j < 0 {
			break
		}
		p := i + j
		i = p + 1
		if p >= 2 && classOf[buf[p-1]]&classA != 0 && classOf[buf[p-2]]&classB != 0 {
			if n == len(out) {
				return n, p
			}
			out[n] = p
			n++
		}
	}
	return n, len(buf)
}
