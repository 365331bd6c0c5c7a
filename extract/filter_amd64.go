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
	case kernelAVX2, kernelAVX2Branchless:
		return cpu.X86.HasAVX2 && cpu.X86.HasBMI1
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
// kernel in use, else a byte at a time.
func spanURN(buf []byte, i, limit int) int {
	if kernel == kernelAVX512 || kernel == kernelAVX512Branchless {
		return spanURNAVX512(buf, i, limit)
	}
	return spanTable(&urnChar, buf, i, limit)
}

func spanURI(buf []byte, i, limit int) int {
	if kernel == kernelAVX512 || kernel == kernelAVX512Branchless {
		return spanURIAVX512(buf, i, limit)
	}
	return spanTable(&uriChar, buf, i, limit)
}
