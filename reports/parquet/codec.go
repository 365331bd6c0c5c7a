//go:build parquet

package parquet

import (
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"
)

// The report's pages are compressed with zstd at its fastest level and
// without entropy coding of match-less blocks (issue 25): arrow-go's
// codec takes the default level and always entropy-codes literals, which
// on identifier-dense text — hex, digits, random keys — made compression
// a third of a --report run's CPU. Fastest without it is ~2.4× cheaper
// per page for 6% larger pages; the files' content, schema and encodings
// are unchanged (only the zstd frames differ), and any zstd reader reads
// them.
//
// arrow-go looks its codecs up by compression type, so the report asks
// for zstd at a level of its own, reportLevel, which this wrapper answers;
// any other level, and decoding, go to arrow-go's codec as before.
const reportLevel = 1

type reportZstd struct {
	arrowCodec // arrow-go's, all its methods kept: readers ask for these
	// idle encoders, kept: a sync.Pool is emptied by every collection, and
	// a report run near its memory limit collects often; each new encoder
	// grew its history buffers again (issue 25)
	idle chan *zstd.Encoder
}

// arrowCodec is what arrow-go's zstd and Snappy codecs implement: readers use
// DecodeWithError (a damaged page is an error, not a panic) and the
// streaming methods.
type arrowCodec interface {
	compress.ErrorCodec
	compress.StreamingCodec
}

func init() {
	c, err := compress.GetCodec(compress.Codecs.Zstd)
	if err != nil {
		panic(err)
	}
	zc, ok := c.(arrowCodec)
	if !ok {
		return // another arrow-go: its codec as it is
	}
	compress.RegisterCodec(compress.Codecs.Zstd, &reportZstd{arrowCodec: zc, idle: make(chan *zstd.Encoder, 8)})
	if c, err := compress.GetCodec(compress.Codecs.Snappy); err == nil {
		if sc, ok := c.(arrowCodec); ok { // the same methods: decoding and streams kept
			compress.RegisterCodec(compress.Codecs.Snappy, fastSnappy{sc})
		}
	}
}

// fastSnappy encodes pages with s2's fastest Snappy-compatible encoder:
// arrow-go's codec calls klauspost's snappy.Encode, which is s2's "better"
// Snappy, 2.4× slower on the dense text's identifier pages for 11% smaller
// output (issue 25). Any Snappy decoder reads either; decoding and the
// streaming methods are arrow-go's codec's.
type fastSnappy struct{ arrowCodec }

func (fastSnappy) Encode(dst, src []byte) []byte { return s2.EncodeSnappy(dst, src) }

func (fastSnappy) EncodeLevel(dst, src []byte, _ int) []byte { return s2.EncodeSnappy(dst, src) }

func (z *reportZstd) EncodeLevel(dst, src []byte, level int) []byte {
	if level != reportLevel {
		return z.arrowCodec.EncodeLevel(dst, src, level)
	}
	var enc *zstd.Encoder
	select {
	case enc = <-z.idle:
	default:
		var err error
		enc, err = zstd.NewWriter(nil, zstd.WithZeroFrames(true), zstd.WithEncoderLevel(zstd.SpeedFastest),
			zstd.WithEncoderConcurrency(1), zstd.WithLowerEncoderMem(false))
		if err != nil {
			panic(err) // only for invalid options
		}
	}
	out := enc.EncodeAll(src, dst[:0])
	select {
	case z.idle <- enc:
	default: // more at once than kept
	}
	return out
}
