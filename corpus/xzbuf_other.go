//go:build !unix

package corpus

func offHeap(int) []byte { return nil }

func freeOffHeap([]byte) {}
