package corpus

import (
	"bytes"
	"encoding/binary"
)

// kind is what a stream's first bytes say it is.
type kind int

const (
	kindText kind = iota // anything not recognized below
	kindUTF16LE
	kindUTF16BE
	kindGzip
	kindZstd
	kindBzip2
	kindXz
	kindZip
	kindTar
	kindWARC
	kindARC
	kind7z // recognized but not opened: recorded as skipped
	kindRAR
	kindLZ4 // the LZ4 frame format
	kindAr  // the Unix archiver's: Debian packages, static libraries
	kindArThin
	kindRPM
	kindCpio
	kindCab
	kindXar
	kindLzip
	kindCompress // Unix compress (.Z)
)

// layer is what a kind of stream is to the walker.
type layer uint8

const (
	plain       layer = iota // text: scanned
	compression              // decodes one stream into one stream
	archive                  // holds members, each a stream of its own
	unsupported              // recognized but not opened: recorded as skipped, not scanned as compressed bytes that hold nothing
)

// kinds is the table of input formats: a new one is a row here, a case
// in detect below and, for a compression, one in walker.decoder (or, for
// an archive, in walker.archive).
var kinds = [...]struct {
	name  string
	layer layer
	why   string // unsupported: why not opened and how to unpack it, when the default does not say it
}{
	kindText:     {"text", plain, ""},
	kindUTF16LE:  {"utf-16le", plain, ""},
	kindUTF16BE:  {"utf-16be", plain, ""},
	kindGzip:     {"gzip", compression, ""},
	kindZstd:     {"zstd", compression, ""},
	kindBzip2:    {"bzip2", compression, ""},
	kindXz:       {"xz", compression, ""},
	kindZip:      {"zip", archive, ""},
	kindTar:      {"tar", archive, ""},
	kindWARC:     {"warc", archive, ""},
	kindARC:      {"arc", archive, ""},
	kind7z:       {"7z", unsupported, ""},
	kindRAR:      {"rar", unsupported, ""},
	kindLZ4:      {"lz4", compression, ""},
	kindAr:       {"ar", archive, ""},
	kindArThin:   {"thin-ar", unsupported, "thin-ar: a GNU thin archive, whose members are files outside it: not opened (scan the member files)"},
	kindRPM:      {"rpm", unsupported, "rpm: its payload is a compressed cpio archive, not opened (unpack it first: rpm2cpio x.rpm | cpio -idm)"},
	kindCpio:     {"cpio", unsupported, "cpio: format not supported, not opened (unpack it first: cpio -idm < x.cpio)"},
	kindCab:      {"cab", unsupported, ""},
	kindXar:      {"xar", unsupported, ""},
	kindLzip:     {"lzip", unsupported, ""},
	kindCompress: {"compress", unsupported, "compress: Unix compress (.Z) data, not opened (decompress it first: gzip -dc x.Z)"},
}

func (k kind) String() string { return kinds[k].name }

func (k kind) compression() bool { return kinds[k].layer == compression }

func (k kind) unsupported() bool { return kinds[k].layer == unsupported }

func (k kind) archive() bool { return kinds[k].layer == archive }

// sniffLen is how many bytes detection looks at: a tar header (512) and
// the binary check (8 KiB).
const sniffLen = 8 << 10

// detect classifies a stream by its first bytes (never by a file name).
func detect(head []byte) kind {
	switch {
	case len(head) >= 3 && head[0] == 0x1f && head[1] == 0x8b && head[2] == 8:
		return kindGzip
	case len(head) >= 4 && string(head[:4]) == "\x28\xb5\x2f\xfd":
		return kindZstd
	case len(head) >= 8 && head[0]&0xf0 == 0x50 && string(head[1:4]) == "\x2a\x4d\x18":
		// a zstd skippable frame (0x184D2A50..5F) opens the stream
		return kindZstd
	case isBzip2(head):
		return kindBzip2
	case len(head) >= 6 && string(head[:6]) == "\xfd7zXZ\x00":
		return kindXz
	case len(head) >= 4 && head[0] == 'P' && head[1] == 'K' &&
		(head[2] == 3 && head[3] == 4 || head[2] == 5 && head[3] == 6 || head[2] == 7 && head[3] == 8):
		// local file header, empty archive, spanning marker
		return kindZip
	case isWARC(head):
		return kindWARC
	case len(head) >= 11 && string(head[:11]) == "filedesc://":
		return kindARC
	case isTar(head):
		return kindTar
	case len(head) >= 6 && string(head[:6]) == "7z\xbc\xaf\x27\x1c":
		return kind7z
	case len(head) >= 7 && string(head[:6]) == "Rar!\x1a\x07" && (head[6] == 0 || head[6] == 1):
		return kindRAR // RAR 1.5–4 and RAR 5
	case len(head) >= 4 && string(head[:4]) == "\x04\x22\x4d\x18":
		return kindLZ4 // the LZ4 frame format
	case len(head) >= len(arMagic) && string(head[:len(arMagic)]) == arMagic:
		return kindAr
	case len(head) >= len(arThinMagic) && string(head[:len(arThinMagic)]) == arThinMagic:
		return kindArThin
	case len(head) >= 5 && string(head[:4]) == "\xed\xab\xee\xdb" && (head[4] == 3 || head[4] == 4):
		return kindRPM // the lead, major version 3 or 4
	case isCpio(head):
		return kindCpio
	case len(head) >= 8 && string(head[:8]) == "MSCF\x00\x00\x00\x00":
		return kindCab
	case len(head) >= 6 && string(head[:6]) == "xar!\x00\x1c":
		return kindXar // header size 28
	case len(head) >= 5 && string(head[:4]) == "LZIP" && head[4] == 1:
		return kindLzip
	case len(head) >= 3 && head[0] == 0x1f && head[1] == 0x9d && head[2]&0x60 == 0 && head[2]&0x1f >= 9 && head[2]&0x1f <= 16:
		return kindCompress // reserved flag bits clear, 9 to 16 bits per code
	case len(head) >= 2 && head[0] == 0xff && head[1] == 0xfe:
		return kindUTF16LE
	case len(head) >= 2 && head[0] == 0xfe && head[1] == 0xff:
		return kindUTF16BE
	}
	return utf16NoBOM(head)
}

// utf16NoBOM recognizes UTF-16 text written without a byte order mark
// (Windows tools do; XML in UTF-16 may, by its own declaration, XML 1.0
// Appendix F): at least 32 code units, nine in ten with a zero high byte
// and a printable ASCII or white-space low byte, all in the same byte
// order. UTF-8 text has no NULs, so it never matches; binary data seldom
// looks like that throughout its first 8 KiB.
func utf16NoBOM(head []byte) kind {
	units := len(head) / 2
	if units < 32 || bytes.IndexByte(head[:64], 0) < 0 {
		return kindText // text without NULs: the common case, told at once
	}
	var le, be int // units that read as ASCII text in each byte order
	for i := 0; i+1 < len(head); i += 2 {
		a, b := head[i], head[i+1]
		if b == 0 && isTextByte(a) {
			le++
		}
		if a == 0 && isTextByte(b) {
			be++
		}
	}
	switch {
	case le*10 >= units*9:
		return kindUTF16LE
	case be*10 >= units*9:
		return kindUTF16BE
	}
	return kindText
}

func isTextByte(c byte) bool { return c >= 0x20 && c < 0x7f || c == '\t' || c == '\n' || c == '\r' }

// isCpio recognizes the three cpio header formats: "new" ASCII (newc,
// "070701", and "070702" with checksums: 110 bytes of hex), "old" ASCII
// (odc, "070707": 76 bytes of octal) and old binary (the 16-bit magic
// 070707 in either byte order; its name size then points at a name that
// ends in its NUL).
func isCpio(h []byte) bool {
	all := func(b []byte, ok func(byte) bool) bool {
		for _, c := range b {
			if !ok(c) {
				return false
			}
		}
		return true
	}
	octal := func(c byte) bool { return c >= '0' && c <= '7' }
	switch {
	case len(h) >= 110 && (string(h[:6]) == "070701" || string(h[:6]) == "070702"):
		return all(h[6:110], isHex)
	case len(h) >= 76 && string(h[:6]) == "070707":
		return all(h[6:76], octal)
	case len(h) >= 26 && (h[0] == 0xc7 && h[1] == 0x71 || h[0] == 0x71 && h[1] == 0xc7):
		order := binary.ByteOrder(binary.LittleEndian)
		if h[0] == 0x71 {
			order = binary.BigEndian
		}
		ns := int(order.Uint16(h[20:22]))
		return ns >= 1 && 26+ns <= len(h) && h[26+ns-1] == 0 && bytes.IndexByte(h[26:26+ns-1], 0) < 0
	}
	return false
}

func isBzip2(h []byte) bool {
	if len(h) < 10 || h[0] != 'B' || h[1] != 'Z' || h[2] != 'h' || h[3] < '1' || h[3] > '9' {
		return false
	}
	// block magic (pi) or end-of-stream magic (sqrt(pi)) for an empty stream
	return string(h[4:10]) == "\x31\x41\x59\x26\x53\x59" ||
		string(h[4:10]) == "\x17\x72\x45\x38\x50\x90"
}

func isWARC(h []byte) bool {
	return len(h) >= 6 && string(h[:5]) == "WARC/" && h[5] >= '0' && h[5] <= '9'
}

// isTar accepts a POSIX/GNU header ("ustar" at 257) or an old V7 header
// whose checksum is right.
func isTar(h []byte) bool {
	if len(h) < 512 {
		return false
	}
	h = h[:512]
	if string(h[257:262]) == "ustar" {
		return true
	}
	if h[0] == 0 { // no name: not a V7 header (and not text either)
		return false
	}
	want, ok := parseOctal(h[148:156])
	if !ok {
		return false
	}
	var sum int64
	for i, c := range h {
		if i >= 148 && i < 156 {
			c = ' '
		}
		sum += int64(c)
	}
	return sum == want
}

func parseOctal(b []byte) (int64, bool) {
	// bytes.Trim(b, " \x00") without its cutset's set, made per call
	for len(b) > 0 && (b[0] == ' ' || b[0] == 0) {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == 0) {
		b = b[:len(b)-1]
	}
	if len(b) == 0 {
		return 0, false
	}
	var n int64
	for _, c := range b {
		if c < '0' || c > '7' {
			return 0, false
		}
		n = n<<3 | int64(c-'0')
	}
	return n, true
}

// xzDictCap reads the LZMA2 dictionary size from the first block header of
// an xz stream, which the decoder allocates up front; ok is false when the
// header is not in head (then the decoder's own checks apply). Later
// blocks are checked as they flow (xzGate).
func xzDictCap(head []byte) (int64, bool) {
	const streamHeader = 12
	if len(head) < streamHeader+2 || head[streamHeader] == 0 { // 0: index, no block
		return 0, false
	}
	size := (int(head[streamHeader]) + 1) * 4
	if len(head) < streamHeader+size {
		return 0, false
	}
	return xzBlockDict(head[streamHeader : streamHeader+size])
}
