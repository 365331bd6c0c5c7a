//go:build !amd64

package extract

import "bytes"

func kernelSupported(k int) bool { return k == kernelPortable }

func candidatesSIMD(k int, buf []byte, from int, out []int) (n, next int) {
	return candidatesPortable(buf, from, out)
}

// countNL counts the line feeds in b.
func countNL(b []byte) int { return bytes.Count(b, nlByte) }
