//go:build avo

// Command kernelasm generates extract's SIMD candidate filters for amd64
// (extract/filter_amd64.s and its Go declarations, filter_stubs_amd64.go)
// with avo. go generate in extract runs it:
//
//	//go:generate go run -tags avo ../internal/gen/kernelasm -out filter_amd64.s -stubs filter_stubs_amd64.go -pkg extract
//
// The avo tag keeps avo and golang.org/x/tools out of `go install ./...`,
// which a pre-commit hook's install runs (issue 20 §7: 17.6 s of its 46 s
// of CPU); without it the command only says so (noavo.go), and the tables
// (tables.go) and their test build as they are.
//
// A candidate is a position p where buf[p] is ':', buf[p-1] is in class A
// (n, i, d, o in either case: a letter that can end a scheme name) and
// buf[p-2] in class B (r, i, g in either case: a letter that can come
// before it). urn:, xri:, lid: and go: all pass; the scalar confirm in
// extract.go decides the rest. The letters come from the scheme registry
// (rules/schemes, through internal/gen/scanclass).
//
// The test of a vector x of bytes: compare with ':'; load the same block
// again at p-1 and at p-2 (unaligned) and classify those bytes with two
// 16-entry nibble lookups (VPSHUFB on the low nibble and on the high
// nibble, AND of the two); AND the three. Class A is one (high nibble) x
// (low nibble) product, class B the union of two (r; i and g), so the
// lookups are exact, and bytes >= 0x80 are class 0.
//
// Two loop shapes per instruction set:
//
//   - colon first (filterAVX512, filterAVX2): an iteration compares 128
//     bytes with ':' and goes on at once when there is no colon; only blocks
//     with a colon are classified. English text has a colon every ~700
//     bytes, so most blocks cost one load and one compare.
//   - branchless (filterAVX512Branchless, filterAVX2Branchless): every block
//     is classified, and the only branch is "any candidate?".
//
// Both stop before a block when out could not hold all its candidates.
package main

import (
	"fmt"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

func table16(name string, t [16]byte) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for i, b := range t {
		DATA(i, U8(b))
	}
	return m
}

func byteConst(name string, b byte) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	DATA(0, U8(b))
	return m
}

const signature = "func(buf []byte, from, to int, out []int) (n, next int)"

func doc(fn, shape, req string, block int) {
	Doc(fn+" stores in out the positions p in buf[from:to] of candidate",
		"colons (see filter.go). from must be >= 2 and to-from a multiple of",
		fmt.Sprintf("%d. It stops early, returning next < to, when out has no room", block),
		"left for a whole block's candidates; otherwise next is to.",
		shape+" It needs "+req+".")
	Pragma("noescape")
}

var (
	loA, hiA, loB, hiB Mem
	nibMask, colon     Mem
	fn                 string
)

func main() {
	classA, classB, membersA, membersB := classes()
	la, ha := tables(classA, membersA)
	lb, hb := tables(classB, membersB)
	loA, hiA = table16("classLoA", la), table16("classHiA", ha)
	loB, hiB = table16("classLoB", lb), table16("classHiB", hb)
	nibMask = byteConst("nibbleMask", 0x0f)
	colon = byteConst("colonByte", ':')

	avx512(true)
	avx512(false)
	avx2(true)
	avx2(false)
	avx2Lines()
	countAVX512()
	spanAVX512("spanURNAVX512", "URN characters (extract's urnChar: '!' to '~' but \"<>\\^`{|})", urnSet())
	spanAVX512("spanURIAVX512", "URI characters (extract's uriChar: urnChar less '[' and ']')", uriSet())
	spansAVX512("spansURNAVX512", "URN characters (extract's urnChar)", urnSet())
	spansAVX2("spansURNAVX2", "URN characters (extract's urnChar)", urnSet())
	spanAVX2("spanURNAVX2", "URN characters (extract's urnChar)", urnSet())
	spanAVX2("spanURIAVX2", "URI characters (extract's uriChar)", uriSet())
	Generate()
}

// countAVX512 generates countNLAVX512: line feeds counted 256 bytes an
// iteration, a compare into a mask and a POPCNT per 64 bytes (a third of
// the instructions of bytes.Count's AVX2 loop per byte), then 64 bytes an
// iteration, then the last bytes with a masked load (no read past the end).
// The stream counts lines between its matches, over every byte of the
// text, in segments of a few KB: the tail, once left to bytes.Count, was
// a call per segment.
func countAVX512() {
	TEXT("countNLAVX512", NOSPLIT, "func(b []byte) int")
	Doc("countNLAVX512 counts the line feeds in b. It needs AVX512F, AVX512BW,",
		"BMI2 and POPCNT.")
	Pragma("noescape")
	p := GP64()
	Load(Param("b").Base(), p)
	n := GP64()
	Load(Param("b").Len(), n)
	end := GP64()
	LEAQ(Mem{Base: p, Index: n, Scale: 1}, end)
	end256 := GP64()
	MOVQ(n, end256)
	ANDQ(I32(-256), end256)
	ADDQ(p, end256)
	total := GP64()
	XORQ(total, total)
	znl := ZMM()
	VPBROADCASTB(byteConst("lineFeed", '\n'), znl)
	Label("count_loop")
	CMPQ(p, end256)
	JAE(LabelRef("count_64"))
	for h := 0; h < 4; h++ {
		k, m := K(), GP64()
		VPCMPEQB(Mem{Base: p, Disp: 64 * h}, znl, k)
		KMOVQ(k, m)
		POPCNTQ(m, m)
		ADDQ(m, total)
	}
	ADDQ(U32(256), p)
	JMP(LabelRef("count_loop"))
	Label("count_64")
	left := GP64()
	MOVQ(end, left)
	SUBQ(p, left)
	JZ(LabelRef("count_done"))
	ones := GP64()
	MOVQ(I64(-1), ones)
	CMPQ(left, U8(64))
	JAE(LabelRef("count_full"))
	BZHIQ(left, ones, ones)
	Label("count_full")
	kl, k, m := K(), K(), GP64()
	KMOVQ(ones, kl)
	x := ZMM()
	VMOVDQU8_Z(Mem{Base: p}, kl, x)
	VPCMPEQB(x, znl, k) // the bytes not loaded are 0, never a line feed
	KMOVQ(k, m)
	POPCNTQ(m, m)
	ADDQ(m, total)
	ADDQ(U8(64), p)
	CMPQ(p, end)
	JB(LabelRef("count_64"))
	Label("count_done")
	VZEROUPPER()
	Store(total, ReturnIndex(0))
	RET()
}

// args holds the loop state: p walks from &buf[from] to end = &buf[to];
// n candidates are stored at out while n <= lim (room for a block).
type args struct {
	base, p, end, out, n, lim reg.GPVirtual
}

func loadArgs(block int) args {
	var a args
	a.base = GP64()
	Load(Param("buf").Base(), a.base)
	from := Load(Param("from"), GP64())
	a.end = GP64()
	Load(Param("to"), a.end)
	ADDQ(a.base, a.end)
	a.p = GP64()
	LEAQ(Mem{Base: a.base, Index: from, Scale: 1}, a.p)
	a.out = GP64()
	Load(Param("out").Base(), a.out)
	a.lim = GP64()
	Load(Param("out").Len(), a.lim)
	SUBQ(U32(block), a.lim)
	a.n = GP64()
	XORQ(a.n, a.n)
	return a
}

func name(s string) string { return fn + "_" + s }

// emitFlat is how many positions emit stores whatever m holds.
const emitFlat = 4

// emit stores the positions of the set bits of m, at offset off from p.
// The first emitFlat are stored without a branch (a slot past the set
// bits gets a junk position that n does not count; out has a block's
// room left, see loadArgs): a loop a bit ended on a mispredicted branch
// once per half block on identifier-dense text, where most halves hold
// one or two candidates (issue 25). Only more than emitFlat loop.
func emit(a args, m reg.GPVirtual, off int, label string) {
	done := label + "_done"
	pos := GP64()
	MOVQ(a.p, pos)
	SUBQ(a.base, pos)
	if off != 0 {
		ADDQ(U32(off), pos)
	}
	cnt := GP64()
	POPCNTQ(m, cnt)
	for k := range emitFlat {
		t := GP64()
		TZCNTQ(m, t) // 64 for no bit: a junk slot
		ADDQ(pos, t)
		MOVQ(t, Mem{Base: a.out, Index: a.n, Scale: 8, Disp: 8 * k})
		if k < emitFlat-1 {
			BLSRQ(m, m)
		}
	}
	CMPQ(cnt, U8(emitFlat))
	JA(LabelRef(label))
	ADDQ(cnt, a.n)
	JMP(LabelRef(done))
	Label(label)
	// more than emitFlat: the rest one at a time
	ADDQ(U8(emitFlat), a.n)
	BLSRQ(m, m)
	Label(label + "_more")
	t := GP64()
	TZCNTQ(m, t)
	ADDQ(pos, t)
	MOVQ(t, Mem{Base: a.out, Index: a.n, Scale: 8})
	INCQ(a.n)
	BLSRQ(m, m)
	JNZ(LabelRef(label + "_more"))
	Label(done)
}

// next advances p by size and loops.
func next(a args, size int) {
	ADDQ(U32(size), a.p)
	JMP(LabelRef(name("loop")))
}

func ret(a args) {
	Label(name("return"))
	VZEROUPPER()
	Store(a.n, ReturnIndex(0))
	SUBQ(a.base, a.p)
	Store(a.p, ReturnIndex(1))
	RET()
}

// kortest sets ZF when every mask in ks is zero.
func kortest(ks []reg.OpmaskVirtual) {
	switch len(ks) {
	case 1:
		KORTESTQ(ks[0], ks[0])
	case 2:
		KORTESTQ(ks[0], ks[1])
	default:
		panic("kortest")
	}
}

// avx512 generates filterAVX512 (colon first) or filterAVX512Branchless;
// both take 128 bytes (two 64-byte blocks) an iteration.
func avx512(colonFirst bool) {
	const blocks, size = 2, 128
	fn = "filterAVX512"
	shape := "Colon first, 128 bytes an iteration."
	if !colonFirst {
		fn = "filterAVX512Branchless"
		shape = "Branchless, 128 bytes an iteration."
	}
	TEXT(fn, NOSPLIT, signature)
	doc(fn, shape, "AVX512F, AVX512BW, BMI1 and POPCNT", size)
	a := loadArgs(size)
	zcolon, zloA, zhiA, zloB, zhiB, zmask := ZMM(), ZMM(), ZMM(), ZMM(), ZMM(), ZMM()
	VPBROADCASTB(colon, zcolon)
	VBROADCASTI32X4(loA, zloA)
	VBROADCASTI32X4(hiA, zhiA)
	VBROADCASTI32X4(loB, zloB)
	VBROADCASTI32X4(hiB, zhiB)
	VPBROADCASTB(nibMask, zmask)

	Label(name("loop"))
	CMPQ(a.p, a.end)
	JAE(LabelRef(name("return")))
	kc := make([]reg.OpmaskVirtual, blocks)
	for h := range kc {
		kc[h] = K()
		VPCMPEQB(Mem{Base: a.p, Disp: 64 * h}, zcolon, kc[h])
	}
	if colonFirst {
		kortest(kc)
		JNZ(LabelRef(name("colon")))
		next(a, size)
		Label(name("colon"))
	}
	// classify buf[p-1] (A) under the colon mask, then buf[p-2] (B)
	cand := make([]reg.OpmaskVirtual, blocks)
	for h := range kc {
		x1, x2, t, u := ZMM(), ZMM(), ZMM(), ZMM()
		kA := K()
		cand[h] = K()
		VMOVDQU64(Mem{Base: a.p, Disp: 64*h - 1}, x1)
		VMOVDQU64(Mem{Base: a.p, Disp: 64*h - 2}, x2)
		VPSRLW(U8(4), x1, t)
		VPANDQ(zmask, t, t)
		VPSHUFB(t, zhiA, t)
		VPSHUFB(x1, zloA, u)
		VPTESTMB(t, u, kc[h], kA)
		VPSRLW(U8(4), x2, t)
		VPANDQ(zmask, t, t)
		VPSHUFB(t, zhiB, t)
		VPSHUFB(x2, zloB, u)
		VPTESTMB(t, u, kA, cand[h])
	}
	kortest(cand)
	JNZ(LabelRef(name("found")))
	next(a, size)

	Label(name("found"))
	CMPQ(a.n, a.lim)
	JG(LabelRef(name("return")))
	for h := range cand {
		m := GP64()
		KMOVQ(cand[h], m)
		emit(a, m, 64*h, name(fmt.Sprintf("emit%d", h)))
	}
	next(a, size)

	ret(a)
}

// avx2 generates filterAVX2 (colon first, 128 bytes an iteration) or
// filterAVX2Branchless (64 bytes an iteration).
func avx2(colonFirst bool) {
	blocks := 2 // 64-byte blocks an iteration
	fn = "filterAVX2"
	shape := "Colon first, 128 bytes an iteration."
	if !colonFirst {
		blocks = 1
		fn = "filterAVX2Branchless"
		shape = "Branchless, 64 bytes an iteration."
	}
	size := 64 * blocks
	TEXT(fn, NOSPLIT, signature)
	doc(fn, shape, "AVX2, BMI1 and POPCNT", size)
	a := loadArgs(size)
	ycolon, yloA, yhiA, yloB, yhiB, ymask, yzero := YMM(), YMM(), YMM(), YMM(), YMM(), YMM(), YMM()
	VPBROADCASTB(colon, ycolon)
	VBROADCASTI128(loA, yloA)
	VBROADCASTI128(hiA, yhiA)
	VBROADCASTI128(loB, yloB)
	VBROADCASTI128(hiB, yhiB)
	VPBROADCASTB(nibMask, ymask)
	VPXOR(yzero, yzero, yzero)

	Label(name("loop"))
	CMPQ(a.p, a.end)
	JAE(LabelRef(name("return")))
	c := make([]reg.VecVirtual, 2*blocks) // 32-byte halves
	for h := range c {
		c[h] = YMM()
		VPCMPEQB(Mem{Base: a.p, Disp: 32 * h}, ycolon, c[h])
	}
	any := YMM()
	orAll := func(vs []reg.VecVirtual) {
		VPOR(vs[0], vs[1], any)
		for _, v := range vs[2:] {
			VPOR(v, any, any)
		}
		VPTEST(any, any)
	}
	if colonFirst {
		orAll(c)
		JNZ(LabelRef(name("colon")))
		next(a, size)
		Label(name("colon"))
	}
	for h, x0 := range c {
		x1, x2, t, u := YMM(), YMM(), YMM(), YMM()
		VMOVDQU(Mem{Base: a.p, Disp: 32*h - 1}, x1)
		VMOVDQU(Mem{Base: a.p, Disp: 32*h - 2}, x2)
		VPSRLW(U8(4), x1, t)
		VPAND(ymask, t, t)
		VPSHUFB(t, yhiA, t)
		VPSHUFB(x1, yloA, u)
		VPAND(t, u, u)
		VPAND(u, x0, x0) // colon and A: bit 7 set
		VPSRLW(U8(4), x2, t)
		VPAND(ymask, t, t)
		VPSHUFB(t, yhiB, t)
		VPSHUFB(x2, yloB, u)
		VPAND(t, u, u)
		VPCMPEQB(yzero, u, u) // not B
		VPANDN(x0, u, x0)     // colon, A and B
	}
	orAll(c)
	JNZ(LabelRef(name("found")))
	next(a, size)

	Label(name("found"))
	CMPQ(a.n, a.lim)
	JG(LabelRef(name("return")))
	for h := 0; h < blocks; h++ {
		m0, m1 := GP64(), GP64()
		VPMOVMSKB(c[2*h], m0.As32())
		VPMOVMSKB(c[2*h+1], m1.As32())
		SHLQ(U8(32), m1)
		ORQ(m1, m0)
		emit(a, m0, 64*h, name(fmt.Sprintf("emit%d", h)))
	}
	next(a, size)

	ret(a)
}

// avx2Lines generates filterAVX2Lines: filterAVX2 that also counts the
// line feeds it passes, so that the stream needs no second pass over the
// text for line numbers (on RFC text that pass, bytes.Count from L2, was
// a fifth of a scan's CPU). The counts are kept per byte lane in a vector
// (a compare per 32 bytes, one subtraction per 128, summed into a register
// every 63 iterations, before a byte lane could wrap); a block with candidates
// takes the running total and adds, per candidate, the line feeds before
// it in its 64-byte half (BZHI, POPCNT).
func avx2Lines() {
	const blocks, size, flushEvery = 2, 128, 63
	fn = "filterAVX2Lines"
	TEXT(fn, NOSPLIT, "func(buf []byte, from, to int, out, nl []int) (n, next, lines int)")
	Doc(fn+" is filterAVX2 that also stores in nl[i] the line feeds in",
		"buf[from:out[i]] and returns in lines those in buf[from:next]. nl must be",
		"as long as out. It needs AVX2, BMI1, BMI2 and POPCNT.")
	Pragma("noescape")
	a := loadArgs(size)
	nlOut := GP64()
	Load(Param("nl").Base(), nlOut)
	ycolon, ylf, yloA, yhiA, yloB, yhiB, ymask, yzero, acc := YMM(), YMM(), YMM(), YMM(), YMM(), YMM(), YMM(), YMM(), YMM()
	VPBROADCASTB(colon, ycolon)
	VPBROADCASTB(byteConst("lineFeedAVX2", '\n'), ylf)
	VBROADCASTI128(loA, yloA)
	VBROADCASTI128(hiA, yhiA)
	VBROADCASTI128(loB, yloB)
	VBROADCASTI128(hiB, yhiB)
	VPBROADCASTB(nibMask, ymask)
	VPXOR(yzero, yzero, yzero)
	VPXOR(acc, acc, acc)
	total, left := GP64(), GP64()
	XORQ(total, total)
	MOVQ(U32(flushEvery), left)

	// flush adds the byte lanes of acc to total and clears them.
	flush := func() {
		s := YMM()
		VPSADBW(yzero, acc, s) // four sums of eight lanes
		hi := XMM()
		VEXTRACTI128(U8(1), s, hi)
		VPADDQ(hi, s.AsX(), hi)
		lo := XMM()
		VPSHUFD(U8(0x4e), hi, lo)
		VPADDQ(lo, hi, hi)
		t := GP64()
		VMOVQ(hi, t)
		ADDQ(t, total)
		VPXOR(acc, acc, acc)
		MOVQ(U32(flushEvery), left)
	}

	Label(name("loop"))
	CMPQ(a.p, a.end)
	JAE(LabelRef(name("return")))
	// each quarter loaded once and compared with ':' and with '\n'; the
	// line feed compares (-1 each) summed into lf, which acc takes once
	// the block is known to hold no candidate (one subtraction an
	// iteration in acc's chain)
	c := make([]reg.VecVirtual, 2*blocks) // 32-byte quarters
	lf := YMM()
	for h := range c {
		x := YMM()
		VMOVDQU(Mem{Base: a.p, Disp: 32 * h}, x)
		c[h] = YMM()
		VPCMPEQB(x, ycolon, c[h])
		if h == 0 {
			VPCMPEQB(x, ylf, lf)
		} else {
			VPCMPEQB(x, ylf, x)
			VPADDB(x, lf, lf)
		}
	}
	any := YMM()
	orAll := func() {
		VPOR(c[0], c[1], any)
		for _, v := range c[2:] {
			VPOR(v, any, any)
		}
		VPTEST(any, any)
	}
	orAll()
	JNZ(LabelRef(name("colon")))

	// no candidate in the block: its line feeds go into acc
	Label(name("count"))
	VPSUBB(lf, acc, acc)
	ADDQ(U32(size), a.p)
	DECQ(left)
	JNZ(LabelRef(name("loop")))
	flush()
	JMP(LabelRef(name("loop")))

	Label(name("colon"))
	for h, x0 := range c {
		x, t := YMM(), YMM()
		VMOVDQU(Mem{Base: a.p, Disp: 32*h - 1}, x)
		VPSRLW(U8(4), x, t)
		VPAND(ymask, t, t)
		VPSHUFB(t, yhiA, t)
		VPSHUFB(x, yloA, x)
		VPAND(t, x, x)
		VPAND(x, x0, x0) // colon and A: bit 7 set
		VMOVDQU(Mem{Base: a.p, Disp: 32*h - 2}, x)
		VPSRLW(U8(4), x, t)
		VPAND(ymask, t, t)
		VPSHUFB(t, yhiB, t)
		VPSHUFB(x, yloB, x)
		VPAND(t, x, x)
		VPCMPEQB(yzero, x, x) // not B
		VPANDN(x0, x, x0)     // colon, A and B
	}
	orAll()
	JZ(LabelRef(name("count")))

	Label(name("found"))
	CMPQ(a.n, a.lim)
	JG(LabelRef(name("return")))
	flush() // total: the line feeds before this block
	for h := 0; h < blocks; h++ {
		m0, m1 := GP64(), GP64()
		VPMOVMSKB(c[2*h], m0.As32())
		VPMOVMSKB(c[2*h+1], m1.As32())
		SHLQ(U8(32), m1)
		ORQ(m1, m0)
		l0, l1, t := GP64(), GP64(), YMM()
		VPCMPEQB(Mem{Base: a.p, Disp: 64 * h}, ylf, t)
		VPMOVMSKB(t, l0.As32())
		VPCMPEQB(Mem{Base: a.p, Disp: 64*h + 32}, ylf, t)
		VPMOVMSKB(t, l1.As32())
		SHLQ(U8(32), l1)
		ORQ(l1, l0)
		label := name(fmt.Sprintf("emit%d", h))
		done := label + "_done"
		TESTQ(m0, m0)
		JZ(LabelRef(done))
		pos := GP64()
		MOVQ(a.p, pos)
		SUBQ(a.base, pos)
		if h != 0 {
			ADDQ(U32(64*h), pos)
		}
		Label(label)
		bit, q := GP64(), GP64()
		TZCNTQ(m0, bit)
		BZHIQ(bit, l0, q) // the line feeds before the candidate
		POPCNTQ(q, q)
		ADDQ(total, q)
		MOVQ(q, Mem{Base: nlOut, Index: a.n, Scale: 8})
		ADDQ(pos, bit)
		MOVQ(bit, Mem{Base: a.out, Index: a.n, Scale: 8})
		INCQ(a.n)
		BLSRQ(m0, m0)
		JNZ(LabelRef(label))
		Label(done)
		POPCNTQ(l0, l0)
		ADDQ(l0, total)
	}
	next(a, size)

	Label(name("return"))
	flush()
	VZEROUPPER()
	Store(a.n, ReturnIndex(0))
	SUBQ(a.base, a.p)
	Store(a.p, ReturnIndex(1))
	Store(total, ReturnIndex(2))
	RET()
}

// urnSet and uriSet are extract's urnChar and uriChar (a test in extract
// checks the generated spans against them for every byte).
func urnSet() (set [128]bool) {
	for c := '!'; c <= '~'; c++ {
		set[c] = !strings.ContainsRune("\"<>\\^`{|}", c)
	}
	return set
}

func uriSet() [128]bool {
	set := urnSet()
	set['['], set[']'] = false, false
	return set
}

// setTables returns nibble tables for any set of ASCII bytes: the low
// nibble's entry has bit h set when (h<<4 | low) is a member, the high
// nibble's entry is 1<<h (0 for bytes >= 0x80), so a byte is a member
// exactly when the AND of its two entries is not zero.
func setTables(set [128]bool) (lo, hi [16]byte) {
	for x := 0; x < 128; x++ {
		if set[x] {
			lo[x&15] |= 1 << (x >> 4)
		}
	}
	for h := 0; h < 8; h++ {
		hi[h] = 1 << h
	}
	return lo, hi
}

// spansAVX512 generates spanAVX512 for a batch of candidate colons: one
// call per batch, not per identifier (each call spilled the scanner's
// loop, and the identifiers' loads overlap here; issue 25, dense text).
// ends[k] is the end of the run from pos[k]+1 (at a non-member or at
// len(buf)) when the run is shorter than 128 bytes, else -1: the caller
// spans the rest, so a text of long runs costs at most two blocks per
// candidate more.
func spansAVX512(fname, what string, set [128]bool) {
	lo, hi := setTables(set)
	tlo, thi := table16(fname+"Lo", lo), table16(fname+"Hi", hi)
	TEXT(fname, NOSPLIT, "func(buf []byte, pos []int, ends []int)")
	Doc(fname+" stores in ends[k] the end of the run of "+what,
		"in buf from pos[k]+1 (at a non-member or at len(buf)) when the run is shorter than 128 bytes, else -1;",
		"0 <= pos[k] < len(buf), len(ends) >= len(pos). It needs AVX512F, AVX512BW and BMI2.")
	Pragma("noescape")
	base, n, pp, cnt, ep := spansArgs()
	zlo, zhi, zmask := ZMM(), ZMM(), ZMM()
	VBROADCASTI32X4(tlo, zlo)
	VBROADCASTI32X4(thi, zhi)
	VPBROADCASTB(nibMask, zmask)
	k := GP64()
	XORQ(k, k)

	// stops returns the non-members of the 64 bytes at i+off whose first
	// left bytes are in buf (left in [0, 64]; the rest read as 0, a
	// non-member, and never fault).
	stops := func(i, left reg.GPVirtual, off int) reg.GPVirtual {
		ones := GP64()
		MOVQ(I64(-1), ones)
		BZHIQ(left, ones, ones) // all ones for left = 64
		kl := K()
		KMOVQ(ones, kl)
		x, t, u := ZMM(), ZMM(), ZMM()
		VMOVDQU8_Z(Mem{Base: base, Index: i, Scale: 1, Disp: off}, kl, x)
		VPSRLW(U8(4), x, t)
		VPANDQ(zmask, t, t)
		VPSHUFB(t, zhi, t)
		VPSHUFB(x, zlo, u)
		km := K()
		VPTESTMB(t, u, km)
		m := GP64()
		KMOVQ(km, m)
		NOTQ(m)
		return m
	}
	// clamp64 sets l to min(max(l, 0), 64).
	clamp64 := func(l reg.GPVirtual) {
		c := GP64()
		XORQ(c, c)
		CMPQ(l, c)
		CMOVQLT(c, l)
		MOVQ(U32(64), c)
		CMPQ(l, c)
		CMOVQGT(c, l)
	}

	Label(fname + "_loop")
	CMPQ(k, cnt)
	JAE(LabelRef(fname + "_done"))
	i := GP64()
	MOVQ(Mem{Base: pp, Index: k, Scale: 8}, i)
	INCQ(i)
	left := GP64()
	MOVQ(n, left)
	SUBQ(i, left)
	l0 := GP64()
	MOVQ(left, l0)
	clamp64(l0)
	m0 := stops(i, l0, 0)
	TESTQ(m0, m0)
	JNZ(LabelRef(fname + "_stop0"))
	SUBQ(U8(64), left)
	clamp64(left)
	m1 := stops(i, left, 64)
	TESTQ(m1, m1)
	JNZ(LabelRef(fname + "_stop1"))
	MOVQ(I32(-1), Mem{Base: ep, Index: k, Scale: 8})
	JMP(LabelRef(fname + "_next"))

	spansEnd(fname, i, m0, m1, ep, k)
}

// spansAVX2 generates spansAVX512 for AVX2: whole 32-byte windows of buf
// only (no masked loads), so a run that reaches the last 128 bytes of buf
// before its end is also left to the caller (-1).
func spansAVX2(fname, what string, set [128]bool) {
	lo, hi := setTables(set)
	tlo, thi := table16(fname+"Lo", lo), table16(fname+"Hi", hi)
	TEXT(fname, NOSPLIT, "func(buf []byte, pos []int, ends []int)")
	Doc(fname+" stores in ends[k] the end of the run of "+what,
		"in buf from pos[k]+1 when it ends at a non-member among the next 128 bytes,",
		"all in buf; else -1. 0 <= pos[k] < len(buf), len(ends) >= len(pos). It needs AVX2 and BMI1.")
	Pragma("noescape")
	base, n, pp, cnt, ep := spansArgs()
	ylo, yhi, ymask, yzero := YMM(), YMM(), YMM(), YMM()
	VBROADCASTI128(tlo, ylo)
	VBROADCASTI128(thi, yhi)
	VPBROADCASTB(nibMask, ymask)
	VPXOR(yzero, yzero, yzero)
	k := GP64()
	XORQ(k, k)

	// stops returns the non-members of the 64 bytes at i+off.
	stops := func(i reg.GPVirtual, off int) reg.GPVirtual {
		m := GP64()
		for h := range 2 {
			x, t, u := YMM(), YMM(), YMM()
			VMOVDQU(Mem{Base: base, Index: i, Scale: 1, Disp: off + 32*h}, x)
			VPSRLW(U8(4), x, t)
			VPAND(ymask, t, t)
			VPSHUFB(t, yhi, t)
			VPSHUFB(x, ylo, u)
			VPAND(t, u, u)
			VPCMPEQB(yzero, u, u) // 0xff where not a member
			if h == 0 {
				VPMOVMSKB(u, m.As32())
			} else {
				m1 := GP64()
				VPMOVMSKB(u, m1.As32())
				SHLQ(U8(32), m1)
				ORQ(m1, m)
			}
		}
		return m
	}

	Label(fname + "_loop")
	CMPQ(k, cnt)
	JAE(LabelRef(fname + "_done"))
	i := GP64()
	MOVQ(Mem{Base: pp, Index: k, Scale: 8}, i)
	INCQ(i)
	end := GP64()
	LEAQ(Mem{Base: i, Disp: 64}, end)
	CMPQ(end, n)
	JA(LabelRef(fname + "_long"))
	m0 := stops(i, 0)
	TESTQ(m0, m0)
	JNZ(LabelRef(fname + "_stop0"))
	ADDQ(U8(64), end)
	CMPQ(end, n)
	JA(LabelRef(fname + "_long"))
	m1 := stops(i, 64)
	TESTQ(m1, m1)
	JNZ(LabelRef(fname + "_stop1"))
	Label(fname + "_long")
	MOVQ(I32(-1), Mem{Base: ep, Index: k, Scale: 8})
	JMP(LabelRef(fname + "_next"))

	spansEnd(fname, i, m0, m1, ep, k)
}

// spansArgs loads a spans function's arguments: buf's base and length,
// pos's base and length, and ends' base.
func spansArgs() (base, n, pp, cnt, ep reg.GPVirtual) {
	base, n, pp, cnt, ep = GP64(), GP64(), GP64(), GP64(), GP64()
	Load(Param("buf").Base(), base)
	Load(Param("buf").Len(), n)
	Load(Param("pos").Base(), pp)
	Load(Param("pos").Len(), cnt)
	Load(Param("ends").Base(), ep)
	return
}

// spansEnd emits the end of a spans function's loop over pos[k] (k),
// shared by both: ends[k] from the first non-member of the block at i
// (m0) or of the block after it (m1), then the next k.
func spansEnd(fname string, i, m0, m1, ep, k reg.GPVirtual) {
	Label(fname + "_stop1")
	TZCNTQ(m1, m1)
	LEAQ(Mem{Base: i, Index: m1, Scale: 1, Disp: 64}, m1)
	MOVQ(m1, Mem{Base: ep, Index: k, Scale: 8})
	JMP(LabelRef(fname + "_next"))

	Label(fname + "_stop0")
	TZCNTQ(m0, m0)
	ADDQ(i, m0)
	MOVQ(m0, Mem{Base: ep, Index: k, Scale: 8})

	Label(fname + "_next")
	INCQ(k)
	JMP(LabelRef(fname + "_loop"))

	Label(fname + "_done")
	VZEROUPPER()
	RET()
}

// spanAVX512 generates a function returning the end of the run of set
// members in buf[i:limit], 64 bytes an iteration: a masked load (bytes at
// and past limit read as 0, a non-member, and never fault), a nibble
// lookup, the first non-member by TZCNT. The scanner calls it per
// identifier, whose bytes it just read: a 40-byte URN took ~90 cycles a
// byte at a time.
func spanAVX512(fname, what string, set [128]bool) {
	lo, hi := setTables(set)
	tlo, thi := table16(fname+"Lo", lo), table16(fname+"Hi", hi)
	TEXT(fname, NOSPLIT, "func(buf []byte, i, limit int) int")
	Doc(fname+" returns the end of the run of "+what,
		"in buf[i:limit], 0 <= i <= limit <= len(buf). It needs AVX512F, AVX512BW and BMI2.")
	Pragma("noescape")
	base := GP64()
	Load(Param("buf").Base(), base)
	i := GP64()
	Load(Param("i"), i)
	limit := GP64()
	Load(Param("limit"), limit)
	zlo, zhi, zmask := ZMM(), ZMM(), ZMM()
	VBROADCASTI32X4(tlo, zlo)
	VBROADCASTI32X4(thi, zhi)
	VPBROADCASTB(nibMask, zmask)

	Label(fname + "_loop")
	left := GP64()
	MOVQ(limit, left)
	SUBQ(i, left)
	JLE(LabelRef(fname + "_limit"))
	// load mask: the min(left, 64) low bits
	ones := GP64()
	MOVQ(I64(-1), ones)
	CMPQ(left, U8(64))
	JAE(LabelRef(fname + "_full"))
	BZHIQ(left, ones, ones)
	Label(fname + "_full")
	kl := K()
	KMOVQ(ones, kl)
	x, t, u := ZMM(), ZMM(), ZMM()
	VMOVDQU8_Z(Mem{Base: base, Index: i, Scale: 1}, kl, x)
	VPSRLW(U8(4), x, t)
	VPANDQ(zmask, t, t)
	VPSHUFB(t, zhi, t)
	VPSHUFB(x, zlo, u)
	km := K()
	VPTESTMB(t, u, km)
	m := GP64()
	KMOVQ(km, m)
	NOTQ(m)
	TESTQ(m, m)
	JNZ(LabelRef(fname + "_stop"))
	ADDQ(U8(64), i)
	JMP(LabelRef(fname + "_loop"))

	Label(fname + "_stop")
	TZCNTQ(m, m)
	ADDQ(m, i)
	CMPQ(i, limit)
	JLE(LabelRef(fname + "_ret"))
	Label(fname + "_limit")
	MOVQ(limit, i)
	Label(fname + "_ret")
	VZEROUPPER()
	Store(i, ReturnIndex(0))
	RET()
}

// spanAVX2 generates a function that looks for the end of the run of set
// members in buf[i:limit] 32 bytes an iteration, as spanAVX512 but
// without masked loads: it loads only whole 32-byte windows inside buf
// (past limit is fine, past len(buf) might fault) and stops, returning i,
// when fewer than 32 bytes of buf are left; the caller finishes from
// there a byte at a time. The result is the first non-member's index or
// limit, or where the windows ran out (< limit, a member or not).
func spanAVX2(fname, what string, set [128]bool) {
	lo, hi := setTables(set)
	tlo, thi := table16(fname+"Lo", lo), table16(fname+"Hi", hi)
	TEXT(fname, NOSPLIT, "func(buf []byte, i, limit int) int")
	Doc(fname+" returns the end of the run of "+what,
		"in buf[i:limit] as far as whole 32-byte windows of buf go: the first",
		"non-member or limit, else where fewer than 32 bytes of buf are left",
		"(the caller goes on from there). 0 <= i <= limit <= len(buf). It needs AVX2 and BMI1.")
	Pragma("noescape")
	base, i, limit, last := GP64(), GP64(), GP64(), GP64()
	Load(Param("buf").Base(), base)
	Load(Param("i"), i)
	Load(Param("limit"), limit)
	Load(Param("buf").Len(), last)
	SUBQ(U8(32), last) // the last start of a whole window
	ylo, yhi, ymask := YMM(), YMM(), YMM()
	VBROADCASTI128(tlo, ylo)
	VBROADCASTI128(thi, yhi)
	VPBROADCASTB(nibMask, ymask)

	Label(fname + "_loop")
	CMPQ(i, limit)
	JGE(LabelRef(fname + "_limit"))
	CMPQ(i, last)
	JG(LabelRef(fname + "_ret")) // fewer than 32 bytes left
	x, t, u := YMM(), YMM(), YMM()
	VMOVDQU(Mem{Base: base, Index: i, Scale: 1}, x)
	VPSRLW(U8(4), x, t)
	VPAND(ymask, t, t)
	VPSHUFB(t, yhi, t)
	VPSHUFB(x, ylo, u)
	VPAND(t, u, u)
	zero := YMM()
	VPXOR(zero, zero, zero)
	VPCMPEQB(zero, u, u) // 0xff where not a member
	m := GP32()
	VPMOVMSKB(u, m)
	TESTL(m, m)
	JNZ(LabelRef(fname + "_stop"))
	ADDQ(U8(32), i)
	JMP(LabelRef(fname + "_loop"))

	Label(fname + "_stop")
	TZCNTL(m, m)
	ADDQ(m.As64(), i)
	CMPQ(i, limit)
	JLE(LabelRef(fname + "_ret"))
	Label(fname + "_limit")
	MOVQ(limit, i)
	Label(fname + "_ret")
	VZEROUPPER()
	Store(i, ReturnIndex(0))
	RET()
}
