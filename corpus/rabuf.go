package corpus

// The read-ahead buffers of an input's decoded stream (walker.decompress):
// 4 of 1 MiB, on huge pages where the system gives them, and kept for the
// next compressed input instead of faulting in 4 MiB afresh for each. On
// a VM where a page fault costs 11-16 µs, their 1,024 small pages were
// ~15-30 ms of the decoding goroutine's time on a 200 MB .tar.zst
// (issue 25, compressed inputs).
const (
	raBuffers    = 4
	raSize       = 1 << 20
	hugePageSize = 2 << 20 // offHeap's alignment
)

// raBufs is one set of read-ahead buffers; mapping is their memory when
// it is outside the heap.
type raBufs struct {
	bufs    [][]byte
	mapping []byte
}

// raFree holds sets for reuse.
var raFree = make(chan *raBufs, 4)

func getRaBufs() *raBufs {
	select {
	case b := <-raFree:
		return b
	default:
	}
	x, m := offHeap(raBuffers * raSize)
	if x == nil {
		x = make([]byte, raBuffers*raSize)
	}
	b := &raBufs{bufs: make([][]byte, raBuffers), mapping: m}
	for i := range b.bufs {
		b.bufs[i] = x[i*raSize : (i+1)*raSize : (i+1)*raSize]
	}
	return b
}

// putRaBufs keeps b for the next input once nothing reads into it or
// from it (the read-ahead closed, its reader done), or frees it when
// more inputs than raFree holds were decoded at once.
func putRaBufs(b *raBufs) {
	select {
	case raFree <- b:
	default:
		if b.mapping != nil {
			freeOffHeap(b.mapping)
		}
	}
}
