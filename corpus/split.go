package corpus

import (
	"bytes"
	"io"
	"os"
)

// Part is the byte range [Off, End) of a plain-text file that one worker
// scans when a large file is split between workers.
type Part struct{ Off, End int64 }

// maxLineSearch bounds how far past a planned split point Split looks for a
// line break; a part without one grows by a whole part instead.
const maxLineSearch = 1 << 20

// firstLineRead is how much Split reads first at a split point.
const firstLineRead = 4 << 10

// Split plans the parallel scan of a large plain-text file: parts of about
// size bytes, each starting at the start of a line, so that no identifier
// (none spans a line break) belongs to two parts. It returns nil when in
// is not a regular file on disk of at least two parts whose content is
// plain text by the rules Open applies (not compressed, not an archive or
// WARC, not UTF-16, not skipped as binary, within MaxMemberBytes): such an
// input is read whole with Open, and Open also reports any error.
func Split(in Input, opt Options, size int64) []Part {
	parts, _ := Plan(&in, opt, size)
	return parts
}

// Plan is Split that also tells the size of a regular file on disk (-1
// when unknown: stdin, a file system given in Options, an error), for
// grouping small inputs; size <= 0 plans no split. It records the size in
// in, and Open of that Input then trusts it instead of asking again.
func Plan(in *Input, opt Options, size int64) (parts []Part, fileSize int64) {
	// most inputs are small: a stat says so without opening them
	fileSize = Size(*in, opt)
	if fileSize >= 0 {
		in.planned = fileSize + 1
	}
	if fileSize < 0 || size <= 0 || fileSize < 2*size {
		return nil, fileSize
	}
	return split(*in, opt.withDefaults(), size), fileSize
}

// Size is the size of in's file, -1 when it is no regular file of the
// operating system's (stdin, a directory's error, a file of Options.FS).
func Size(in Input, opt Options) int64 {
	if in.Err != nil || in.Path == "-" || opt.FS != nil {
		return -1
	}
	n, ok := statSize(in.Path)
	if !ok {
		return -1
	}
	return n
}

func split(in Input, opt Options, size int64) []Part {
	f, err := openFile(in.Path)
	if err != nil {
		return nil
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() || fi.Size() < 2*size || fi.Size() > opt.MaxMemberBytes {
		return nil
	}
	total := fi.Size()
	buf := make([]byte, 64<<10)
	n, _ := f.ReadAt(buf[:sniffLen], 0)
	head := buf[:n]
	k := detect(head)
	if opt.MaxDepth < 0 && k != kindUTF16LE && k != kindUTF16BE {
		k = kindText
	}
	if k != kindText || opt.SkipBinary && bytes.IndexByte(head, 0) >= 0 || opt.Whole != nil && opt.Whole(head) {
		return nil
	}
	var parts []Part
	off := int64(0)
	for next := partEnd(0, total, size); next < total; {
		end := int64(-1)
		// a line ends within a few KB: read that much first (the whole
		// split runs before the first part is scanned; 64 KB reads took
		// 2-8 ms of a 2 GB file's 256 split points, 4 KB ones 0.3-0.5)
		step := firstLineRead
		for pos := next; pos < total && pos < next+maxLineSearch && end < 0; pos += int64(step) {
			if pos > next {
				step = len(buf)
			}
			n, _ := f.ReadAt(buf[:step], pos)
			if n == 0 {
				break
			}
			if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
				end = pos + int64(i) + 1
			}
		}
		if end < 0 {
			next += size // no line break near: this part grows
			continue
		}
		if end >= total {
			break
		}
		parts = append(parts, Part{off, end})
		off, next = end, partEnd(end, total, size)
	}
	if len(parts) == 0 {
		return nil
	}
	return append(parts, Part{off, total})
}

// tailParts is how many parts' worth of a file's end is split finer, into
// parts of size/tailSplit: the workers then finish within a small part of
// one another instead of one scanning a last whole part alone (issue 25:
// a 200 MB file on 2 cores left one idle for up to an 8 MiB part).
const (
	tailParts = 2
	tailSplit = 4
)

// partEnd is where the part starting at off is planned to end: size on,
// size/tailSplit in the file's last tailParts*size bytes.
func partEnd(off, total, size int64) int64 {
	if total-off <= tailParts*size {
		return off + max(1, size/tailSplit)
	}
	return off + size
}

// OpenPart opens the bytes [off, end) of in's file, clipped to the file,
// for reading; reads are counted in opt.ReadBytes.
func OpenPart(in Input, opt Options, off, end int64) (io.ReadCloser, error) {
	f, err := openFile(in.Path)
	if err != nil {
		return nil, err
	}
	off = max(0, off)
	var r io.Reader = io.NewSectionReader(f, off, max(0, end-off))
	if opt.ReadBytes != nil {
		r = &progressReader{r: r, n: opt.ReadBytes}
	}
	return partReader{r, f}, nil
}

type partReader struct {
	io.Reader
	f *os.File
}

func (p partReader) Close() error { return p.f.Close() }
