//go:build !amd64

package extract

import "bytes"

func kernelSupported(k int) bool { return k == kernelPortable }

func candidatesSIMD(k int, buf []byte, from int, out []int) (n, next int) {
	return candidatesPortable(buf, from, out)
}

// countNL counts the line feeds in b.
func countNL(b []byte) int { return bytes.Count(b, nlByte) }

func spanURN(buf []byte, i, limit int) int { return spanTable(&urnChar, buf, i, limit) }

func spanURI(buf []byte, i, limit int) int { return spanTable(&uriChar, buf, i, limit) }
