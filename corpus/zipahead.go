package corpus

import (
	"io"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/zip"
)

// zipAhead decodes the members of a zip archive ahead of the walker, on
// other goroutines: each member is a stream of its own at an offset the
// central directory gives, so an archive that is a run's lone input keeps
// every core decoding. A member is decoded ahead only when its bytes
// cannot trip the expansion-ratio limit, fit a job's buffer and decode
// whole with their CRC; any other (a corrupt one, say) is read by the
// walker as before, so records and errors are the same either way.
type zipAhead struct {
	files []*zip.File
	ok    func(*zip.File) bool // worth decoding ahead
	next  int                  // the next file to consider launching
	jobs  []*zipJob            // launched, in file order
	cur   *zipJob              // the one get returned last
	width func() int           // cores to keep busy (Options.decodeWidth)
	held  int                  // bytes the jobs may hold together
	limit int                  // bytes one job may hold
	wg    sync.WaitGroup
	stop  atomic.Bool
}

type zipJob struct {
	i    int
	done chan struct{}
	buf  []byte
	ok   bool
	held int // the buffer's capacity (read by the walker, not the job)
}

// Bounds: at most 8 members ahead, 64 MiB decoded in all.
var (
	zipJobLimit  = 16 << 20 // a variable: tests make it small
	zipHeldLimit = 64 << 20
)

const zipMaxAhead = 8

var zipBufPool bufPool

// zipAheadDelivered counts the members taken from jobs, for tests to know
// that decoding ahead took place.
var zipAheadDelivered atomic.Int64

func newZipAhead(files []*zip.File, width func() int, ok func(*zip.File) bool) *zipAhead {
	return &zipAhead{files: files, ok: ok, width: width, held: zipHeldLimit, limit: zipJobLimit}
}

// get returns member i decoded, if it was decoded ahead; the bytes are
// valid until the next call. Jobs are launched for the members after i
// before it waits for i's.
func (z *zipAhead) get(i int) ([]byte, bool) {
	z.release()
	for len(z.jobs) > 0 && z.jobs[0].i < i {
		z.drop(z.jobs[0])
		z.jobs = z.jobs[1:]
	}
	if len(z.jobs) > 0 && z.jobs[0].i == i {
		z.cur, z.jobs = z.jobs[0], z.jobs[1:]
	}
	z.next = max(z.next, i+1) // i itself, without a job, is the caller's
	z.fill()
	if z.cur == nil {
		return nil, false
	}
	<-z.cur.done
	if z.cur.ok {
		zipAheadDelivered.Add(1)
	}
	return z.cur.buf, z.cur.ok
}

// release drops the member last returned.
func (z *zipAhead) release() {
	if z.cur != nil {
		z.drop(z.cur)
		z.cur = nil
	}
}

// fill launches jobs for the next members worth it while the bounds allow.
func (z *zipAhead) fill() {
	held := 0
	for _, j := range z.jobs {
		held += j.held
	}
	for ahead := min(aheadJobs(z.width()), zipMaxAhead); len(z.jobs) < ahead && z.next < len(z.files); {
		f := z.files[z.next]
		if !z.ok(f) || f.UncompressedSize64 > uint64(z.limit) {
			z.next++
			continue
		}
		size := int(f.UncompressedSize64)
		if held+size > z.held && len(z.jobs) > 0 {
			return
		}
		held += z.launch(z.next, f, size).held
		z.next++
	}
}

// launch starts member i's job.
func (z *zipAhead) launch(i int, f *zip.File, size int) *zipJob {
	j := &zipJob{i: i, done: make(chan struct{})}
	// a pooled buffer if it fits and is not far larger (held counts
	// capacity), else one of at least 1 MiB, which most members fit
	if p, ok := zipBufPool.p.Get().(*[]byte); ok && cap(*p) >= size && cap(*p) <= max(4*size, 1<<20) {
		j.buf = (*p)[:size]
	} else {
		j.buf = make([]byte, size, max(size, 1<<20))
	}
	j.held = cap(j.buf)
	z.jobs = append(z.jobs, j)
	z.wg.Add(1)
	go func() {
		defer z.wg.Done()
		defer close(j.done)
		defer func() {
			if recover() != nil {
				j.ok = false // a decoder's bug: the walker meets it in order
			}
		}()
		if z.stop.Load() {
			return
		}
		rc, err := f.Open()
		if err != nil {
			return
		}
		defer rc.Close()
		n, err := io.ReadFull(rc, j.buf)
		j.buf = j.buf[:n]
		if err != nil {
			return
		}
		// then a clean end: the reader checks the size and CRC there, and
		// an error after the last byte (a cut deflate tail, a bad data
		// descriptor) is the walker's to meet
		var one [1]byte
		for range 100 {
			k, err := rc.Read(one[:])
			if k > 0 || err != nil {
				j.ok = k == 0 && err == io.EOF
				return
			}
		}
	}()
	return j
}

func (z *zipAhead) drop(j *zipJob) {
	<-j.done
	zipBufPool.put(&j.buf)
}

// close stops the jobs not started and waits for the others.
func (z *zipAhead) close() {
	z.stop.Store(true)
	z.wg.Wait()
	z.release()
	for _, j := range z.jobs {
		z.drop(j)
	}
	z.jobs = nil
}
