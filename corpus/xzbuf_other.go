//go:build !unix

package corpus

func offHeap(int) (buf, mapping []byte) { return nil, nil }

func freeOffHeap([]byte) {}
