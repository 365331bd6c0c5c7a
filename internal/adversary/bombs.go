package adversary

// Hand-made xz streams for the tests of the input limits (issue 24 §1):
// each block's dictionary claim chosen, its text stored uncompressed.

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
)

// XZBlock is one block of a hand-made xz stream: its dictionary size code
// (the LZMA2 property byte: 16 is 1 MiB, 39 is 3 GiB, 40 is 4 GiB - 1)
// and its text, written as uncompressed LZMA2 chunks, so that no encoder
// needs the dictionary the header claims.
type XZBlock struct {
	Dict byte
	Text string
}

// Dictionary size codes.
const (
	XZDict1M = 16 // 2 << (16/2 + 11)
	XZDict3G = 39 // 3 << (39/2 + 11)
	XZDict4G = 40 // 4 GiB - 1, the largest
)

// XZBlocks writes one xz stream (the .xz file format 1.0.4) of the blocks, with
// CRC32 checks.
func XZBlocks(blocks ...XZBlock) []byte {
	var b bytes.Buffer
	le := binary.LittleEndian
	flags := []byte{0, 1} // CRC32
	b.Write([]byte{0xfd, '7', 'z', 'X', 'Z', 0})
	b.Write(flags)
	b.Write(le.AppendUint32(nil, crc32.ChecksumIEEE(flags)))
	type rec struct{ unpadded, size int64 }
	var recs []rec
	for _, bl := range blocks {
		start := b.Len()
		hdr := []byte{2, 0, 0x21, 1, bl.Dict, 0, 0, 0} // size (12/4-1), flags, LZMA2 filter, padding
		b.Write(hdr)
		b.Write(le.AppendUint32(nil, crc32.ChecksumIEEE(hdr)))
		text := []byte(bl.Text)
		for i := 0; i < len(text); i += 1 << 16 {
			c := text[i:min(i+1<<16, len(text))]
			ctl := byte(2)
			if i == 0 {
				ctl = 1 // the first chunk resets the dictionary
			}
			b.WriteByte(ctl)
			b.Write(binary.BigEndian.AppendUint16(nil, uint16(len(c)-1)))
			b.Write(c)
		}
		b.WriteByte(0)
		unpadded := int64(b.Len() - start)
		for b.Len()%4 != 0 {
			b.WriteByte(0)
		}
		b.Write(le.AppendUint32(nil, crc32.ChecksumIEEE(text)))
		recs = append(recs, rec{unpadded + 4, int64(len(text))})
	}
	idx := []byte{0}
	idx = binary.AppendUvarint(idx, uint64(len(recs)))
	for _, r := range recs {
		idx = binary.AppendUvarint(idx, uint64(r.unpadded))
		idx = binary.AppendUvarint(idx, uint64(r.size))
	}
	for len(idx)%4 != 0 {
		idx = append(idx, 0)
	}
	idx = le.AppendUint32(idx, crc32.ChecksumIEEE(idx))
	b.Write(idx)
	foot := le.AppendUint32(nil, uint32(len(idx)/4-1))
	foot = append(foot, flags...)
	b.Write(le.AppendUint32(nil, crc32.ChecksumIEEE(foot)))
	b.Write(foot)
	b.WriteString("YZ")
	return b.Bytes()
}

// XZClaims is a small .xz of streams copies of one stream whose first
// block asks for 1 MiB and whose blocks-1 later blocks ask for 4 GiB
// each: what issue 24 §1 found taking a 20 KB file to 4.2 GB.
func XZClaims(streams, blocks int) []byte {
	var bl []XZBlock
	for i := range blocks {
		d := byte(XZDict4G)
		if i == 0 {
			d = XZDict1M
		}
		bl = append(bl, XZBlock{d, "urn:x:y "})
	}
	one := XZBlocks(bl...)
	var out []byte
	for range streams {
		out = append(out, one...)
	}
	return out
}
