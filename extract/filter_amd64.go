package extract

import (
	"bytes"

	"golang.org/x/sys/cpu"
)

//go:generate go run -tags avo ../internal/gen/kernelasm -out filter_amd64.s -stubs filter_stubs_amd64.go -pkg extract

func kernelSupported(k int) bool {
	switch k {
	case kernelPortable:
		return true
	case kernelAVX2:
		// BMI2 and POPCNT for the line counts of filterAVX2Lines
		return cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasBMI2 && cpu.X86.HasPOPCNT
	case kernelAVX2Branchless:
		// POPCNT: the candidates' positions stored without a loop
		return cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasPOPCNT
	case kernelAVX512, kernelAVX512Branchless:
		return cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasBMI1 && cpu.X86.HasBMI2 && cpu.X86.HasPOPCNT
	}
	return false
}

// candidatesSIMD runs the assembly filter k over the whole blocks from
// max(from, 2) on (it reads two bytes before each block) and the portable
// filter over the rest.
func candidatesSIMD(k int, buf []byte, from int, out []int) (n, next int) {
	start := max(from, 2)
	block := 128
	if k == kernelAVX2Branchless {
		block = 64
	}
	// The assembly stops before a block whose candidates might not fit in
	// out, so out must hold a whole block's to make progress.
	if nb := (len(buf) - start) / block; nb > 0 && len(out) >= block {
		to := start + nb*block
		switch k {
		case kernelAVX512:
			n, next = filterAVX512(buf, start, to, out)
		case kernelAVX512Branchless:
			n, next = filterAVX512Branchless(buf, start, to, out)
		case kernelAVX2:
			n, next = filterAVX2(buf, start, to, out)
		default:
			n, next = filterAVX2Branchless(buf, start, to, out)
		}
		if next < to {
			return n, next
		}
		start = to
	}
	m, next := candidatesPortable(buf, start, out[n:])
	return n + m, next
}

// kernelCountsLines says kernel k counts line feeds as it filters
// (candidatesLines): the AVX2 one.
func kernelCountsLines(k int) bool { return k == kernelAVX2 }

// candidatesLines is candidatesSIMD for a kernel that counts line feeds
// (kernelCountsLines): it also stores in nl[i] the line feeds in
// buf[from:out[i]] and returns in lines those in buf[from:next]. len(nl)
// must be at least len(out).
func candidatesLines(k int, buf []byte, from int, out, nl []int) (n, next, lines int) {
	start := min(max(from, 2), len(buf))
	for _, c := range buf[from:start] { // the two bytes the assembly cannot start at
		if c == '\n' {
			lines++
		}
	}
	if nb := (len(buf) - start) / 128; nb > 0 && len(out) >= 128 {
		to := start + nb*128
		var c int
		n, next, c = filterAVX2Lines(buf, start, to, out, nl)
		if lines > 0 {
			for i := range n {
				nl[i] += lines
			}
		}
		lines += c
		if next < to {
			return n, next, lines
		}
		start = to
	}
	m, next := candidatesPortable(buf, start, out[n:])
	at := start
	for i, p := range out[n : n+m] {
		lines += countNL(buf[at:p])
		nl[n+i], at = lines, p
	}
	return n + m, next, lines + countNL(buf[at:next])
}

// countNL counts the line feeds in b: in assembly with an AVX-512 kernel
// in use (countNLAVX512), else with bytes.Count.
func countNL(b []byte) int {
	if kernel == kernelAVX512 || kernel == kernelAVX512Branchless {
		return countNLAVX512(b)
	}
	return bytes.Count(b, nlByte)
}

// spanURN and spanURI return the end of the run of urnChar (uriChar)
// bytes in buf[i:limit]: 64 bytes at a time in assembly with an AVX-512
// kernel in use, 32 with an AVX2 one (the last bytes of buf a byte at a
// time), else a byte at a time. A 40-byte URN took ~90 cycles a byte at a
// time; on English prose, the span was 2.5% of `scan --format jsonl`'s
// CPU with the AVX2 kernel (issue 25, sparse text).
func spanURN(buf []byte, i, limit int) int {
	switch kernel {
	case kernelAVX512, kernelAVX512Branchless:
		return spanURNAVX512(buf, i, limit)
	case kernelAVX2, kernelAVX2Branchless:
		i = spanURNAVX2(buf, i, limit)
	}
	return spanTable(&urnChar, buf, i, limit)
}

// spansURN stores in ends, for each candidate colon at pos, the end of
// the URN run after it as spansURNAVX512 and spansURNAVX2 do (-1: left to
// spanURN), with a SIMD kernel in use; false: it stored nothing (the
// caller spans each identifier).
func spansURN(buf []byte, pos, ends []int) bool {
	if len(pos) == 0 {
		return false
	}
	switch kernel {
	case kernelAVX512, kernelAVX512Branchless:
		spansURNAVX512(buf, pos, ends[:len(pos)])
	case kernelAVX2, kernelAVX2Branchless:
		spansURNAVX2(buf, pos, ends[:len(pos)])
	default:
		return false
	}
	return true
}

func spanURI(buf []byte, i, limit int) int {
	switch kernel {
	case kernelAVX512, kernelAVX512Branchless:
		return spanURIAVX512(buf, i, limit)
	case kernelAVX2, kernelAVX2Branchless:
		i = spanURIAVX2(buf, i, limit)
	}
	return spanTable(&uriChar, buf, i, limit)
}
