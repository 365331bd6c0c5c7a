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
	for w.stop == nil {
		hdr, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		mode := hdr.FileInfo().Mode()
		switch {
		case mode.IsRegular():
			start := cr.N()
			in := func() int64 { return cr.N() - start }
			w.process(w.member(n, layers, hdr.Name, &guard{r: tr, name: "tar", in: in, ratio: w.opt.MaxRatio, grace: w.opt.RatioGrace}, hdr.Size, nil))
		case mode.IsDir(), hdr.Typeflag == tar.TypeXGlobalHeader:
		default:
			m := w.member(n, layers, hdr.Name, nil, hdr.Size, nil)
			w.skip(m, layers, describeMode(mode, hdr.Linkname, hdr.Typeflag == tar.TypeLink))
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
	zr, err := zip.NewReader(ra, size)
	if err != nil {
		return err
	}
	zr.RegisterDecompressor(zstd.ZipMethodWinZip, zipZstd)
	zr.RegisterDecompressor(zstd.ZipMethodPKWare, zipZstd)
	zr.RegisterDecompressor(zipMethodBzip2, zipBzip2)
	zr.RegisterDecompressor(zipMethodXz, zipXz(w.opt.MaxWindowBytes))
	var ahead *zipAhead
	if w.opt.ParallelDecode && n.archives == 0 && n.warc == nil {
		// the run's lone input: decode members ahead on the other cores,
		// those whose bytes cannot trip the ratio limit (see zipAhead)
		ahead = newZipAhead(zr.File, w.opt.decodeWidth, func(f *zip.File) bool {
			size, cs := f.UncompressedSize64, f.CompressedSize64
			return f.Mode().IsRegular() && f.Flags&1 == 0 && f.Method != zip.Store &&
				(w.opt.MaxRatio <= 0 || int64(size) <= w.opt.RatioGrace || float64(size) <= w.opt.MaxRatio*float64(max(cs, 1)))
		})
		defer ahead.close()
	}
	for i, f := range zr.File {
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
		}
		if ahead != nil {
			if b, ok := ahead.get(i); ok {
				m.r = &guard{r: bytes.NewReader(b), in: func() int64 { return cs }, ratio: w.opt.MaxRatio, grace: w.opt.RatioGrace, name: "zip"}
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
		m.r = &guard{r: rc, in: func() int64 { return cs }, ratio: w.opt.MaxRatio, grace: w.opt.RatioGrace, name: "zip"}
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
	return nil
}

// spooled is a stream copied for random access.
type spooled struct {
	ra   io.ReaderAt
	size int64
	f    *os.File
}

func (s *spooled) close() {
	if s.f != nil {
		s.f.Close()
		os.Remove(s.f.Name())
	}
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
	f, err := os.CreateTemp(w.opt.TempDir, "idlint-spool-*.zip")
	if err != nil {
		return nil, fmt.Errorf("spooling a zip for random access: %w", err)
	}
	sp := &spooled{f: f, ra: f}
	if _, err := f.Write(buf.Bytes()); err != nil {
		sp.close()
		return nil, fmt.Errorf("spooling a zip for random access: %w", err)
	}
	buf = bytes.Buffer{}
	var src io.Reader = r
	if limit > 0 {
		src = io.LimitReader(r, limit-n+1)
	}
	m, err := io.Copy(f, src)
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
