// Package adversary makes hostile inputs for idlint's tests (issue 24):
// bombs by nesting and by overlap, decoder windows claimed where no limit
// looks, names full of terminal escapes, many distinct keys. Each maker
// returns the bytes of one input, small on disk and built in well under a
// second, so that the test suite keeps the attacks it was once open to.
// The tests that run them (cmd/idlint/adversary_test.go) say what idlint
// must do with each.
package adversary

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"
)

// Text is n bytes of text that compresses about 4:1, with an identifier
// every line: what a bomb's leaves hold, so that they are scanned and
// reported, not skipped as zeros.
func Text(n int, seed int) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "line %d of leaf %d: see urn:example:leaf-%d-%x for the record.\n", i, seed, seed, i*2654435761)
	}
	return b.Bytes()[:n]
}

// Keys is text with n distinct URNs, one a line.
func Keys(w io.Writer, n int) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	for i := range n {
		if _, err := fmt.Fprintf(bw, "urn:example:key-%d\n", i); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// GzipBomb is a gzip file of total bytes of zeros (in members of 64 MiB,
// compressed once and repeated): about 1000:1.
func GzipBomb(total int64) []byte {
	const member = 64 << 20
	var one bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&one, gzip.BestCompression)
	zw.Write(make([]byte, member))
	zw.Close()
	return bytes.Repeat(one.Bytes(), int(max(1, total/member)))
}

// Gzip compresses data.
func Gzip(data []byte) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(data)
	zw.Close()
	return b.Bytes()
}

// Zstd compresses data (a window of 8 MiB: copies of a blob that size
// apart compress to almost nothing).
func Zstd(data []byte) []byte {
	enc, _ := zstd.NewWriter(nil, zstd.WithWindowSize(8<<20), zstd.WithEncoderLevel(zstd.SpeedDefault))
	defer enc.Close()
	return enc.EncodeAll(data, nil)
}

// ZstdWindowClaim is a valid zstd frame holding text whose header claims
// a window of 1<<log bytes (log 10 to 41).
func ZstdWindowClaim(log uint, text []byte) []byte {
	b := []byte{0x28, 0xB5, 0x2F, 0xFD, 0x00, byte(log-10) << 3} // no checksum, no size: the window descriptor is there
	for len(text) > 0 {
		n := min(len(text), 100<<10)
		last := 0
		if n == len(text) {
			last = 1
		}
		h := uint32(n)<<3 | uint32(last) // raw block
		b = append(b, byte(h), byte(h>>8), byte(h>>16))
		b = append(b, text[:n]...)
		text = text[n:]
	}
	return b
}

// Member is one archive member.
type Member struct {
	Name  string
	Data  []byte
	Store bool // zip: stored, not deflated
}

// Zip is a zip archive of the members.
func Zip(members ...Member) []byte {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, m := range members {
		h := &zip.FileHeader{Name: m.Name, Method: zip.Deflate}
		if m.Store {
			h.Method = zip.Store
		}
		w, err := zw.CreateHeader(h)
		if err != nil {
			panic(err)
		}
		w.Write(m.Data)
	}
	if err := zw.Close(); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// Tar is a tar archive of the members.
func Tar(members ...Member) []byte {
	var b bytes.Buffer
	tw := tar.NewWriter(&b)
	for _, m := range members {
		tw.WriteHeader(&tar.Header{Name: m.Name, Mode: 0o644, Size: int64(len(m.Data)), Typeflag: tar.TypeReg})
		tw.Write(m.Data)
	}
	tw.Close()
	return b.Bytes()
}

// FanOut is a bomb by nesting within the depth limit: levels archives one
// inside another (tar compressed with zstd), each holding fanout copies of
// the one below, the innermost fanout leaves of leaf bytes of text. It
// holds fanout^levels × leaf bytes, each layer expanding only about
// fanout:1 (under any ratio limit); levels 4 is the default --max-depth.
func FanOut(levels, fanout, leaf int) []byte {
	inner, ext := Text(leaf, 0), ".txt"
	for l := range levels {
		ms := make([]Member, fanout)
		for i := range ms {
			ms[i] = Member{Name: fmt.Sprintf("l%d-%03d%s", l, i, ext), Data: inner}
		}
		inner, ext = Zstd(Tar(ms...)), ".tar.zst"
	}
	return inner
}

// ZipInGzip is a zip of one stored member of n bytes of text, compressed
// with gzip: a zip in a stream is spooled for random access, to a
// temporary file past 16 MiB (--spool-memory's default).
func ZipInGzip(n int) []byte {
	return Gzip(Zip(Member{Name: "big.txt", Data: Text(n, 1), Store: true}))
}

// OverlapZip is a zip whose entries all share one deflate stream (their
// central directory records point at the same local header), as David
// Fifield's non-recursive zip bomb does: each entry expands kernel again.
// It holds entries × len(kernel) bytes of text in about len(kernel)/4.
func OverlapZip(entries int, kernel []byte) []byte {
	var comp bytes.Buffer
	fw, _ := flate.NewWriter(&comp, flate.BestCompression)
	fw.Write(kernel)
	fw.Close()
	crc := crc32.ChecksumIEEE(kernel)
	le := binary.LittleEndian
	const name = "kernel.txt"
	var b []byte
	b = le.AppendUint32(b, 0x04034b50)
	b = le.AppendUint16(b, 20) // version needed
	b = le.AppendUint16(b, 0)  // flags
	b = le.AppendUint16(b, 8)  // deflate
	b = le.AppendUint32(b, 0)  // time, date
	b = le.AppendUint32(b, crc)
	b = le.AppendUint32(b, uint32(comp.Len()))
	b = le.AppendUint32(b, uint32(len(kernel)))
	b = le.AppendUint16(b, uint16(len(name)))
	b = le.AppendUint16(b, 0)
	b = append(b, name...)
	b = append(b, comp.Bytes()...)
	cd := len(b)
	for i := range entries {
		n := fmt.Sprintf("e%05d.txt", i)
		b = le.AppendUint32(b, 0x02014b50)
		b = le.AppendUint16(b, 20) // made by
		b = le.AppendUint16(b, 20) // needed
		b = le.AppendUint16(b, 0)
		b = le.AppendUint16(b, 8)
		b = le.AppendUint32(b, 0)
		b = le.AppendUint32(b, crc)
		b = le.AppendUint32(b, uint32(comp.Len()))
		b = le.AppendUint32(b, uint32(len(kernel)))
		b = le.AppendUint16(b, uint16(len(n)))
		b = le.AppendUint16(b, 0) // extra
		b = le.AppendUint16(b, 0) // comment
		b = le.AppendUint16(b, 0) // disk
		b = le.AppendUint16(b, 0) // internal attributes
		b = le.AppendUint32(b, 0) // external attributes
		b = le.AppendUint32(b, 0) // the one local header
		b = append(b, n...)
	}
	end := len(b)
	b = le.AppendUint32(b, 0x06054b50)
	b = le.AppendUint32(b, 0) // disks
	b = le.AppendUint16(b, uint16(entries))
	b = le.AppendUint16(b, uint16(entries))
	b = le.AppendUint32(b, uint32(end-cd))
	b = le.AppendUint32(b, uint32(cd))
	b = le.AppendUint16(b, 0)
	return b
}

// XZ compresses data with a small dictionary, in blocks of block bytes
// (0: one block).
func XZ(data []byte, block int64) []byte {
	var b bytes.Buffer
	w, err := xz.WriterConfig{DictCap: 1 << 16, BlockSize: block}.NewWriter(&b)
	if err != nil {
		panic(err)
	}
	w.Write(data)
	w.Close()
	return b.Bytes()
}

// Dictionary sizes as the LZMA2 property byte says them (xz §5.3.1):
// 2 GiB and 4 GiB - 1.
const (
	Dict2GiB = 38
	Dict4GiB = 40
)

// XZFirstBlockClaim is an xz stream of text whose one block claims a
// dictionary of dict: where the limit has always been checked.
func XZFirstBlockClaim(text []byte, dict byte) []byte {
	b := XZ(text, 0)
	setDict(b, 12, dict)
	return b
}

// XZLaterBlockClaim is an xz stream of text in blocks (at least 2) whose
// blocks after the first claim a dictionary of dict (an LZMA2 property
// byte): the first block's header, which limits are checked against, is
// modest. Each claim is an allocation of its own: a few of 4 GiB are more
// than an address space of 8 GiB.
func XZLaterBlockClaim(text []byte, dict byte, blocks int) []byte {
	b := XZ(text, int64(len(text)/blocks+1))
	offs := blockOffsets(b, 0)
	if len(offs) < 2 {
		panic("adversary: xz stream of one block")
	}
	for _, off := range offs[1:] {
		setDict(b, off, dict)
	}
	return b
}

// XZLaterStreamClaim is two xz streams one after the other (as xz
// decompresses them), the second's blocks claiming a dictionary of dict.
func XZLaterStreamClaim(text []byte, dict byte) []byte {
	first := XZ(text[:len(text)/2], 0)
	second := XZ(text[len(text)/2:], 0)
	for _, off := range blockOffsets(second, 0) {
		setDict(second, off, dict)
	}
	return append(first, second...)
}

// blockOffsets lists where the blocks of the xz stream at start begin,
// from the stream's index (xz §4: the footer's backward size, then an
// unpadded size per block).
func blockOffsets(b []byte, start int) []int {
	foot := b[len(b)-12:]
	index := len(b) - 12 - int(binary.LittleEndian.Uint32(foot[4:])+1)*4
	p := b[index+1:] // the index indicator
	count, n := binary.Uvarint(p)
	p = p[n:]
	offs := []int{start + 12}
	for i := uint64(0); i < count; i++ {
		unpadded, n := binary.Uvarint(p)
		p = p[n:]
		_, n = binary.Uvarint(p) // uncompressed size
		p = p[n:]
		offs = append(offs, offs[len(offs)-1]+int((unpadded+3)&^3))
	}
	return offs[:count]
}

// setDict rewrites the LZMA2 dictionary property of the block header at
// off and its CRC32 (xz §3.1).
func setDict(b []byte, off int, dict byte) {
	size := (int(b[off]) + 1) * 4
	h := b[off : off+size]
	flags := h[1]
	p := 2
	if flags&0x40 != 0 { // compressed size
		_, n := binary.Uvarint(h[p:])
		p += n
	}
	if flags&0x80 != 0 { // uncompressed size
		_, n := binary.Uvarint(h[p:])
		p += n
	}
	for range int(flags&3) + 1 {
		id, n := binary.Uvarint(h[p:])
		p += n
		props, n := binary.Uvarint(h[p:])
		p += n
		if id == 0x21 && props == 1 { // LZMA2
			h[p] = dict
		}
		p += int(props)
	}
	binary.LittleEndian.PutUint32(h[size-4:], crc32.ChecksumIEEE(h[:size-4]))
}

// Escapes are names that drive a terminal: clear the screen, set the
// window title, ring the bell, a C1 control (CSI), and U+202E (right-to-
// left override) reversing what follows.
var Escapes = []string{
	"clear\x1b[2J\x1b[H.txt",
	"title\x1b]0;pwned\x07.txt",
	"c1\u009b31m.txt",
	"rlo\u202etxt.exe",
}
