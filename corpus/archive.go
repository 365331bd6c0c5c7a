package corpus

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/bzip2"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/zip"
	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"
)

// tar opens each regular file of a tar stream as a member. Directories
// hold no content and get no record; links, devices and FIFOs are
// recorded as skipped.
func (w *walker) tar(n node, layers []string, br *bufio.Reader) error {
	// Counting what the tar reader consumes gives each member's physical
	// size: a sparse member (gnu-incremental.tar: 2.5 KB on disk, 512 MiB
	// of holes) then trips the expansion-ratio limit instead of being
	// scanned as half a gigabyte of zeros.
	cr := &countingReader{r: br}
	tr := tar.NewReader(cr)
	for count := 0; w.stop == nil; count++ {
		hdr, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if max := w.opt.MaxEntries; max > 0 && count >= max {
			return fmt.Errorf("tar: more than %d members (the entry limit), the rest not read (%q the first of them): %w", max, hdr.Name, ErrLimit)
		}
		mode := hdr.FileInfo().Mode()
		switch {
		case hdr.Typeflag == tar.TypeLink:
			// FileInfo calls a hard link regular: it holds no bytes of its
			// own, its target's are the target's member
			m := w.member(n, layers, hdr.Name, nil, 0, nil)
			w.skip(m, layers, describeMode(mode, hdr.Linkname, true))
		case mode.IsRegular():
			start := cr.N()
			in := func() int64 { return cr.N() - start }
			w.process(w.member(n, layers, hdr.Name, &guard{r: tr, name: "tar", in: in, ratio: w.opt.MaxRatio, grace: w.opt.RatioGrace, b: w.budget}, hdr.Size, nil))
		case mode.IsDir(), hdr.Typeflag == tar.TypeXGlobalHeader:
		default:
			m := w.member(n, layers, hdr.Name, nil, hdr.Size, nil)
			w.skip(m, layers, describeMode(mode, hdr.Linkname, false))
		}
	}
	return nil
}

func describeMode(mode fs.FileMode, link string, hard bool) string {
	switch {
	case hard:
		return "hard link to " + link
	case mode&fs.ModeSymlink != 0:
		return "symbolic link to " + link
	case mode&fs.ModeDevice != 0:
		return "device file"
	case mode&fs.ModeNamedPipe != 0:
		return "named pipe"
	case mode&fs.ModeSocket != 0:
		return "socket"
	}
	return "not a regular file (" + mode.String() + ")"
}

// Zip methods beyond store and deflate that zips in the wild use.
const (
	zipMethodBzip2 = 12
	zipMethodXz    = 95
)

var zipZstd = zstd.ZipDecompressor(zstd.WithDecoderMaxMemory(uint64(DefaultMaxWindowBytes)))

func zipBzip2(r io.Reader) io.ReadCloser { return io.NopCloser(bzip2.NewReader(r)) }

// zipXz decodes xz members, each block's dictionary checked against
// maxWindow (xzGate) as for an xz stream.
func zipXz(maxWindow int64) zip.Decompressor {
	return func(r io.Reader) io.ReadCloser {
		if maxWindow > 0 {
			r = newXzGate(r, maxWindow)
		}
		x, err := xz.NewReader(r)
		if err != nil {
			return io.NopCloser(&errReader{err})
		}
		return io.NopCloser(x)
	}
}

// errReader fails every read with err (a decoder that could not start; a
// read error met while reading a file whole, reported where a stream read
// would have met it).
type errReader struct{ err error }

func (e *errReader) Read([]byte) (int, error) { return 0, e.err }

// zip opens each file of a zip archive as a member, in central directory
// order. A zip needs random access: an input file is read in place, a zip
// inside a stream is spooled first (see Options.SpoolMemoryBytes).
func (w *walker) zip(n node, layers []string, br *bufio.Reader) error {
	ra, size := n.ra, n.size
	if n.file != nil {
		// the size zip's directory is read against: the file's own now,
		// not what a planner saw before
		size, _ = n.file.size()
	}
	if ra == nil || size < 0 {
		sp, err := w.spool(br)
		if err != nil {
			return err
		}
		defer sp.close()
		ra, size = sp.ra, sp.size
	}
	if d := frameZipDir(ra, size); d != nil {
		if ok, err := w.zipChunked(n, layers, ra, d); ok {
			return err
		}
	}
	zr, err := zip.NewReader(ra, size)
	if err != nil {
		return err
	}
	w.zipDecompressors(zr)
	files := zr.File
	var tooMany error
	if max := w.opt.MaxEntries; max > 0 && len(files) > max {
		tooMany = zipTooMany(len(files), max)
		files = files[:max]
	}
	overlaps := zipOverlaps(files)
	w.zipFiles(n, layers, ra, files, 0, overlaps)
	return tooMany
}

func zipTooMany(n, max int) error {
	return fmt.Errorf("zip: %d entries, over the entry limit %d: the first %d opened: %w", n, max, max, ErrLimit)
}

func (w *walker) zipDecompressors(zr *zip.Reader) {
	zr.RegisterDecompressor(zstd.ZipMethodWinZip, zipZstd)
	zr.RegisterDecompressor(zstd.ZipMethodPKWare, zipZstd)
	zr.RegisterDecompressor(zipMethodBzip2, zipBzip2)
	zr.RegisterDecompressor(zipMethodXz, zipXz(w.opt.MaxWindowBytes))
}

// zipChunked walks a large zip a directory chunk at a time (see zipDir):
// a first pass finds the overlapping entries (24 bytes an entry), a
// second opens them. ok is false when a chunk does not read as it would
// in the whole archive: zip.NewReader then reads it whole, as before.
func (w *walker) zipChunked(n node, layers []string, ra io.ReaderAt, d *zipDir) (ok bool, err error) {
	count := d.count
	var tooMany error
	if max := w.opt.MaxEntries; max > 0 && count > max {
		tooMany = zipTooMany(count, max)
		count = max
	}
	spans := make([]zipSpan, 0, count) // count is what the directory holds, not what it claims
	for c := 0; c*zipChunkLen < count; c++ {
		zr, err := d.chunk(c)
		if err != nil {
			return false, nil
		}
		files := zr.File[:min(len(zr.File), count-c*zipChunkLen)]
		spans = zipSpans(spans, files, c*zipChunkLen)
	}
	pairs := zipOverlapPairs(spans)
	spans = nil
	// the names of the entries overlapped, read in one more pass
	names := map[int]string{}
	for _, p := range pairs {
		names[p.last.i] = ""
	}
	for c := 0; len(names) > 0 && c*zipChunkLen < count; c++ {
		var zr *zip.Reader
		for k := range zipChunkLen {
			i := c*zipChunkLen + k
			if _, want := names[i]; !want || i >= count {
				continue
			}
			if zr == nil {
				if zr, err = d.chunk(c); err != nil {
					return true, err
				}
			}
			names[i] = zr.File[k].Name
		}
	}
	overlaps := zipOverlapErrors(pairs, func(i int) string { return names[i] })
	zipChunkedWalks.Add(1)
	for c := 0; c*zipChunkLen < count && w.stop == nil; c++ {
		zr, err := d.chunk(c)
		if err != nil {
			// the archive changed since the first pass
			return true, err
		}
		w.zipDecompressors(zr)
		files := zr.File[:min(len(zr.File), count-c*zipChunkLen)]
		w.zipFiles(n, layers, ra, files, c*zipChunkLen, overlaps)
	}
	return true, tooMany
}

// zipFiles walks files, entries base onwards of the archive ra.
func (w *walker) zipFiles(n node, layers []string, ra io.ReaderAt, files []*zip.File, base int, overlaps map[int]error) {
	var ahead *zipAhead
	if w.opt.ParallelDecode && n.archives == 0 && n.warc == nil {
		// the run's lone input: decode members ahead on the other cores,
		// those whose bytes cannot trip the ratio limit (see zipAhead)
		ahead = newZipAhead(files, w.opt.decodeWidth, func(f *zip.File) bool {
			size, cs := f.UncompressedSize64, f.CompressedSize64
			return f.Mode().IsRegular() && f.Flags&1 == 0 && f.Method != zip.Store &&
				(w.opt.MaxRatio <= 0 || int64(size) <= w.opt.RatioGrace || float64(size) <= w.opt.MaxRatio*float64(max(cs, 1)))
		})
		defer ahead.close()
	}
	for i, f := range files {
		if w.stop != nil {
			break
		}
		mode := f.Mode()
		cs := int64(f.CompressedSize64)
		m := w.member(n, layers, f.Name, nil, cs, nil)
		switch {
		case mode.IsDir():
			continue
		case !mode.IsRegular():
			w.skip(m, layers, describeMode(mode, "", false))
			continue
		case f.Flags&1 != 0:
			w.skip(m, layers, "encrypted")
			continue
		case overlaps[base+i] != nil:
			w.fail(m, layers, overlaps[base+i])
			continue
		}
		if ahead != nil {
			if b, ok := ahead.get(i); ok {
				m.r = &guard{r: bytes.NewReader(b), in: func() int64 { return cs }, ratio: w.opt.MaxRatio, grace: w.opt.RatioGrace, name: "zip", b: w.budget}
				w.process(m)
				continue
			}
		}
		rc, err := f.Open()
		if err != nil {
			if errors.Is(err, zip.ErrAlgorithm) {
				w.skip(m, layers, fmt.Sprintf("compression method %d is not supported", f.Method))
			} else {
				w.fail(m, layers, named(kindZip, err))
			}
			continue
		}
		m.r = &guard{r: rc, in: func() int64 { return cs }, ratio: w.opt.MaxRatio, grace: w.opt.RatioGrace, name: "zip", b: w.budget}
		if f.Method == zip.Store {
			// a stored member is a slice of the archive: random access
			// without spooling if it is a zip itself
			if off, err := f.DataOffset(); err == nil {
				m.ra, m.size = io.NewSectionReader(ra, off, int64(f.UncompressedSize64)), int64(f.UncompressedSize64)
			}
		}
		w.process(m)
		rc.Close()
	}
}

// zipOverlaps finds the entries whose data overlaps an earlier entry's (in
// the archive's byte order): the overlapping-entry zip bomb makes
// thousands of entries of one deflate stream, each within the ratio
// limit (issue 24 §2). Such an entry gets an error naming the entry it
// overlaps and is not read; the first of them is. Entries whose data
// cannot be located are left to Open, which reports why.
func zipOverlaps(files []*zip.File) map[int]error {
	pairs := zipOverlapPairs(zipSpans(nil, files, 0))
	return zipOverlapErrors(pairs, func(i int) string { return files[i].Name })
}

// zipSpan is where entry i's data lies.
type zipSpan struct {
	start, end int64
	i          int
}

// zipSpans appends the spans of files, entries base onwards.
func zipSpans(spans []zipSpan, files []*zip.File, base int) []zipSpan {
	for i, f := range files {
		if f.CompressedSize64 == 0 || f.Mode().IsDir() {
			continue
		}
		off, err := f.DataOffset()
		if err != nil {
			continue
		}
		end := off + int64(f.CompressedSize64)
		if f.CompressedSize64 > 1<<62 || end < off {
			end = 1 << 62
		}
		spans = append(spans, zipSpan{off, end, base + i})
	}
	return spans
}

// zipOverlap is a span overlapping last, the span reaching furthest before it.
type zipOverlap struct{ s, last zipSpan }

func zipOverlapPairs(spans []zipSpan) []zipOverlap {
	sort.SliceStable(spans, func(a, b int) bool { return spans[a].start < spans[b].start })
	var out []zipOverlap
	var last zipSpan // the span reaching furthest so far
	for k, s := range spans {
		if k > 0 && s.start < last.end {
			out = append(out, zipOverlap{s, last})
			continue
		}
		if k == 0 || s.end > last.end {
			last = s
		}
	}
	return out
}

func zipOverlapErrors(pairs []zipOverlap, name func(int) string) map[int]error {
	if len(pairs) == 0 {
		return nil
	}
	out := make(map[int]error, len(pairs))
	for _, p := range pairs {
		s, last := p.s, p.last
		out[s.i] = fmt.Errorf("zip: its data (offset %d, %d bytes) overlaps that of %q (offset %d, %d bytes): not read (overlapping entries repeat one stream, a zip bomb)",
			s.start, s.end-s.start, name(last.i), last.start, last.end-last.start)
	}
	return out
}

// spooled is a stream copied for random access.
type spooled struct {
	ra      io.ReaderAt
	size    int64
	f       *os.File
	removed atomic.Bool // by RemoveSpools: writes fail
}

func (s *spooled) close() {
	if s.f != nil {
		s.f.Close()
		os.Remove(s.f.Name())
		spools.mu.Lock()
		delete(spools.live, s.f.Name())
		spools.mu.Unlock()
	}
}

// spools are the spool files in use, so that an interrupted process can
// remove them before it exits (RemoveSpools): a defer does not run when a
// signal ends the process.
var spools struct {
	mu   sync.Mutex
	live map[string]*spooled
}

// errSpoolRemoved fails the writes to a spool RemoveSpools removed.
var errSpoolRemoved = errors.New("spooling a zip for random access: interrupted, spool file removed")

// RemoveSpools removes every temporary spool file now in use (see
// Options.SpoolMemoryBytes), for a signal handler before the process
// exits; a spool being written stops at its next write. Spools made
// later are removed as usual when done (or by another call).
func RemoveSpools() {
	spools.mu.Lock()
	defer spools.mu.Unlock()
	for name, sp := range spools.live {
		sp.removed.Store(true)
		os.Remove(name)
	}
	clear(spools.live)
}

// spoolWriter fails once RemoveSpools removed its file.
type spoolWriter struct{ sp *spooled }

func (s spoolWriter) Write(p []byte) (int, error) {
	if s.sp.removed.Load() {
		return 0, errSpoolRemoved
	}
	return s.sp.f.Write(p)
}

// spool copies r for random access: to memory up to SpoolMemoryBytes, to a
// temporary file above, never past MaxMemberBytes.
func (w *walker) spool(r io.Reader) (*spooled, error) {
	limit := w.opt.MaxMemberBytes
	mem := w.opt.SpoolMemoryBytes
	if limit > 0 && mem > limit {
		mem = limit
	}
	var buf bytes.Buffer
	n, err := io.CopyN(&buf, r, max(mem, 0)+1)
	if err == io.EOF {
		return &spooled{ra: bytes.NewReader(buf.Bytes()), size: n}, nil
	}
	if err != nil {
		return nil, err
	}
	if limit > 0 && n > limit {
		return nil, &LimitError{What: "zip spool size", Limit: humanSize(limit), After: limit}
	}
	spools.mu.Lock()
	f, err := os.CreateTemp(w.opt.TempDir, "idlint-spool-*.zip")
	if err != nil {
		spools.mu.Unlock()
		return nil, fmt.Errorf("spooling a zip for random access: %w", err)
	}
	sp := &spooled{f: f, ra: f}
	if spools.live == nil {
		spools.live = map[string]*spooled{}
	}
	spools.live[f.Name()] = sp
	spools.mu.Unlock()
	if _, err := (spoolWriter{sp}).Write(buf.Bytes()); err != nil {
		sp.close()
		return nil, fmt.Errorf("spooling a zip for random access: %w", err)
	}
	buf = bytes.Buffer{}
	var src io.Reader = r
	if limit > 0 {
		src = io.LimitReader(r, limit-n+1)
	}
	m, err := io.Copy(spoolWriter{sp}, src)
	if err != nil {
		sp.close()
		return nil, err
	}
	sp.size = n + m
	if limit > 0 && sp.size > limit {
		sp.close()
		return nil, &LimitError{What: "zip spool size", Limit: humanSize(limit), After: limit}
	}
	return sp, nil
}
