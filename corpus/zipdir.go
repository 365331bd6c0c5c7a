package corpus

import (
	"bufio"
	"encoding/binary"
	"io"
	"sync/atomic"

	"github.com/klauspost/compress/zip"
)

// A zip's central directory read in chunks (issue 24 §5): zip.NewReader
// keeps a *zip.File of ~230 bytes per entry, 216 MB for a 1 M-entry zip.
// Above zipChunkMin entries the walk frames the directory records itself
// (keeping nothing per entry) and hands archive/zip one chunk of
// zipChunkLen records at a time, through a view of the archive whose
// directory end names only that chunk. Each chunk's files are those
// zip.NewReader would give for the whole archive, so opening, CRC, data
// descriptors and decompressors are archive/zip's as before.

// Variables: tests make them small.
var (
	zipChunkMin = 10000
	zipChunkLen = 4096
	zipEnd64    = false // always a zip64 directory end
)

// zipChunkedWalks counts the archives walked in chunks, for tests.
var zipChunkedWalks atomic.Int64

// zipDir is a central directory framed into chunks.
type zipDir struct {
	ra     io.ReaderAt
	size   int64
	starts []int64 // each chunk's first record; the last element ends the last chunk
	count  int     // records in all
}

// frameZipDir frames the directory of the zip ra (size bytes) into
// chunks, or returns nil when the archive is better read whole by
// zip.NewReader: fewer than zipChunkMin entries, a directory end this
// code does not read as archive/zip would (a base offset, say), or
// damage, which zip.NewReader then reports as before.
func frameZipDir(ra io.ReaderAt, size int64) *zipDir {
	start, records, dirSize, ok := zipDirStart(ra, size)
	// the record count in a classic directory end is the real one
	// modulo 65536: a large directory with a small count is framed too
	if !ok || records < uint64(zipChunkMin) && dirSize < 46*uint64(zipChunkMin) {
		return nil
	}
	// archive/zip reads records from the start of the directory until a
	// header does not parse, not len(directory) bytes: so does this
	br := bufio.NewReaderSize(io.NewSectionReader(ra, start, size-start), 64<<10)
	d := &zipDir{ra: ra, size: size, starts: []int64{start}}
	off := start
	var hdr [46]byte
	for {
		// archive/zip stops at a short record (io.ErrUnexpectedEOF) or
		// a bad signature; any other error, io.EOF included, fails the
		// archive: left to it
		if _, err := io.ReadFull(br, hdr[:]); err == io.ErrUnexpectedEOF {
			break
		} else if err != nil {
			return nil
		}
		if binary.LittleEndian.Uint32(hdr[:]) != 0x02014b50 {
			break
		}
		rest := int(binary.LittleEndian.Uint16(hdr[28:])) + int(binary.LittleEndian.Uint16(hdr[30:])) + int(binary.LittleEndian.Uint16(hdr[32:]))
		if k, err := br.Discard(rest); k < rest {
			if k > 0 && err == io.EOF {
				break
			}
			return nil
		}
		n := int64(46 + rest)
		off += n
		d.count++
		if d.count%zipChunkLen == 0 {
			d.starts = append(d.starts, off)
		}
	}
	if d.count%zipChunkLen != 0 {
		d.starts = append(d.starts, off)
	}
	// archive/zip's check on the count (16 bits of it); on a mismatch it
	// fails, and is left to say so
	if uint16(d.count) != uint16(records) || d.count < zipChunkMin {
		return nil
	}
	return d
}

// chunk returns chunk c's files, as zip.NewReader would list them.
func (d *zipDir) chunk(c int) (*zip.Reader, error) {
	lo, hi := d.starts[c], d.starts[c+1]
	n := min(zipChunkLen, d.count-c*zipChunkLen)
	v := &zipChunkView{ra: d.ra, size: d.size, lo: lo, hi: hi, end: zipChunkEnd(n, hi-lo, d.size)}
	zr, err := zip.NewReader(v, v.size+(hi-lo)+int64(len(v.end)))
	if err != nil {
		return nil, err
	}
	if len(zr.File) != n {
		return nil, zip.ErrFormat
	}
	// from now on the view is the archive itself: a member's data read
	// past its end meets the end of the file, as without chunks
	v.sealed = true
	return zr, nil
}

// zipChunkView is the archive followed by a copy of one chunk of its
// directory and a directory end naming that chunk (at offset size, so
// the base offset is 0 and every header offset reads the archive).
type zipChunkView struct {
	ra     io.ReaderAt
	size   int64
	lo, hi int64  // the chunk in the archive
	end    []byte // the directory end after the copy
	sealed bool
}

func (v *zipChunkView) ReadAt(p []byte, off int64) (int, error) {
	if v.sealed || off+int64(len(p)) <= v.size {
		return v.ra.ReadAt(p, off)
	}
	n := 0
	if off < v.size {
		want := int(v.size - off)
		k, err := v.ra.ReadAt(p[:want], off)
		if k < want {
			if err == nil {
				err = io.ErrUnexpectedEOF
			}
			return k, err
		}
		n, off = k, v.size
	}
	for n < len(p) {
		rel := off - v.size
		var k int
		switch L := v.hi - v.lo; {
		case rel < L:
			m := min(int64(len(p)-n), L-rel)
			var err error
			k, err = v.ra.ReadAt(p[n:n+int(m)], v.lo+rel)
			if k < int(m) {
				if err == nil {
					err = io.ErrUnexpectedEOF
				}
				return n + k, err
			}
		case rel-L < int64(len(v.end)):
			k = copy(p[n:], v.end[rel-L:])
		default:
			return n, io.EOF
		}
		n += k
		off += int64(k)
	}
	return n, nil
}

// zipChunkEnd is a directory end for n records of dirLen bytes at offset
// at: zip64 when a field does not fit the classic one.
func zipChunkEnd(n int, dirLen, at int64) []byte {
	le := binary.LittleEndian
	var b []byte
	records, size, offset := uint16(n), uint32(dirLen), uint32(at)
	if zipEnd64 || n >= 0xffff || dirLen >= 0xffffffff || at >= 0xffffffff {
		b = le.AppendUint32(b, 0x06064b50) // zip64 directory end
		b = le.AppendUint64(b, 44)
		b = le.AppendUint16(b, 45)
		b = le.AppendUint16(b, 45)
		b = le.AppendUint32(b, 0)
		b = le.AppendUint32(b, 0)
		b = le.AppendUint64(b, uint64(n))
		b = le.AppendUint64(b, uint64(n))
		b = le.AppendUint64(b, uint64(dirLen))
		b = le.AppendUint64(b, uint64(at))
		b = le.AppendUint32(b, 0x07064b50) // its locator
		b = le.AppendUint32(b, 0)
		b = le.AppendUint64(b, uint64(at+dirLen))
		b = le.AppendUint32(b, 1)
		records, size, offset = 0xffff, 0xffffffff, 0xffffffff
	}
	b = le.AppendUint32(b, 0x06054b50)
	b = le.AppendUint16(b, 0)
	b = le.AppendUint16(b, 0)
	b = le.AppendUint16(b, records)
	b = le.AppendUint16(b, records)
	b = le.AppendUint32(b, size)
	b = le.AppendUint32(b, offset)
	b = le.AppendUint16(b, 0)
	return b
}

// zipDirStart finds where the directory starts and the records it
// declares, as archive/zip's readDirectoryEnd does; ok is false when the
// archive is one to leave to it (damage, a non-zero base offset).
func zipDirStart(ra io.ReaderAt, size int64) (start int64, records, dirSize uint64, ok bool) {
	le := binary.LittleEndian
	var buf []byte
	var endOff int64
	found := false
	for _, bLen := range []int64{1024, 65 * 1024} {
		bLen = min(bLen, size)
		buf = make([]byte, int(bLen))
		if _, err := ra.ReadAt(buf, size-bLen); err != nil && err != io.EOF {
			return 0, 0, 0, false
		}
		if p := zipFindEnd(buf); p >= 0 {
			buf, endOff, found = buf[p:], size-bLen+int64(p), true
			break
		}
		if bLen == size {
			break
		}
	}
	if !found || len(buf) < 22 {
		return 0, 0, 0, false
	}
	records = uint64(le.Uint16(buf[10:]))
	dirSize = uint64(le.Uint32(buf[12:]))
	dirOff := uint64(le.Uint32(buf[16:]))
	if records == 0xffff || dirSize == 0xffff || dirOff == 0xffffffff {
		var loc [20]byte
		if endOff-20 < 0 {
			return 0, 0, 0, false // archive/zip: no zip64 end, the classic fields stand
		}
		if _, err := ra.ReadAt(loc[:], endOff-20); err != nil {
			return 0, 0, 0, false
		}
		if le.Uint32(loc[:]) == 0x07064b50 && le.Uint32(loc[4:]) == 0 && le.Uint32(loc[16:]) == 1 {
			p := int64(le.Uint64(loc[8:]))
			var e [56]byte
			if p < 0 || p > size {
				return 0, 0, 0, false
			}
			if _, err := ra.ReadAt(e[:], p); err != nil || le.Uint32(e[:]) != 0x06064b50 {
				return 0, 0, 0, false
			}
			records, dirSize, dirOff = le.Uint64(e[32:]), le.Uint64(e[40:]), le.Uint64(e[48:])
			endOff = p
		}
	}
	if dirSize > 1<<63-1 || dirOff > 1<<63-1 {
		return 0, 0, 0, false
	}
	if base := endOff - int64(dirSize) - int64(dirOff); base != 0 {
		return 0, 0, 0, false
	}
	if int64(dirOff) >= size {
		return 0, 0, 0, false
	}
	return int64(dirOff), records, dirSize, true
}

// zipFindEnd is archive/zip's findSignatureInBlock.
func zipFindEnd(b []byte) int {
	for i := len(b) - 22; i >= 0; i-- {
		if b[i] == 'P' && b[i+1] == 'K' && b[i+2] == 0x05 && b[i+3] == 0x06 {
			if n := int(b[i+20]) | int(b[i+21])<<8; n+22+i > len(b) {
				return -1
			}
			return i
		}
	}
	return -1
}
