//go:build !amd64

package extract

func kernelSupported(k int) bool { return k == kernelPortable }

func candidatesSIMD(k int, buf []byte, from int, out []int) (n, next int) {
	return candidatesPortable(buf, from, out)
}
