//go:build !amd64

package extract

import "bytes"

func kernelSupported(k int) bool { return k == kernelPortable }

func candidatesSIMD(k int, buf []byte, from int, out []int) (n, next int) {
	return candidatesPortable(buf, from, out)
}

func kernelCountsLines(int) bool { return false }

func candidatesLines(k int, buf []byte, from int, out, nl []int) (n, next, lines int) {
	panic("extract: no kernel counts lines here")
}

// countNL counts the line feeds in b.
func countNL(b []byte) int { return bytes.Count(b, nlByte) }

func spanURN(buf []byte, i, limit int) int { return spanTable(&urnChar, buf, i, limit) }

func spansURN(buf []byte, pos, ends []int) bool { return false }

func spanURI(buf []byte, i, limit int) int { return spanTable(&uriChar, buf, i, limit) }
