package corpus

import (
	"bufio"
	"compress/bzip2"
	"fmt"
	"io"
	"sync"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"github.com/pierrec/lz4/v4"
	"github.com/ulikunitz/xz"
)

// zstd decoders hold their history buffers: reuse them across members and
// inputs. Members are decoded single-threaded (concurrency 1): inputs
// already run in parallel. An input's own stream may use wideConcurrency
// (Options.ParallelDecode): measured on two cores, 4 blocks in flight
// decode a single 200 MB stream 1.4× faster than 1 (and than `zstd -dc`),
// while 2 gain nothing; with two busy workers 1 stays best.
var zstdPool, zstdWidePool sync.Pool

const wideConcurrency = 4

func getZstd(r io.Reader, maxWindow int64, wide bool) (*zstd.Decoder, error) {
	pool, conc := &zstdPool, 1
	if wide {
		pool, conc = &zstdWidePool, wideConcurrency
	}
	// negative: no limit of ours, the format's own maximum (3.75 TB)
	w := uint64(min(max(maxWindow, zstd.MinWindowSize), 1<<41+7<<38))
	if maxWindow < 0 {
		w = 1<<41 + 7<<38
	}
	opts := []zstd.DOption{zstd.WithDecoderMaxMemory(w), zstd.WithDecoderMaxWindow(w)}
	if d, ok := pool.Get().(*zstd.Decoder); ok {
		if err := d.ResetWithOptions(r, opts...); err == nil {
			return d, nil
		}
		d.Close()
	}
	return zstd.NewReader(r, append(opts, zstd.WithDecoderConcurrency(conc))...)
}

func putZstd(d *zstd.Decoder, wide bool) {
	if d.Reset(nil) == nil {
		if wide {
			zstdWidePool.Put(d)
		} else {
			zstdPool.Put(d)
		}
	}
}

// gzMembers decodes a gzip file member by member (as `Multistream` would)
// and remembers where members start, so that a WARC record that opens a
// member can be given the member's offset in the file: the offset an index
// (CDX) gives and `tail -c +N | zcat` reads from.
type gzMembers struct {
	z      *gzip.Reader
	br     *bufio.Reader // the compressed stream; flate reads it byte-exactly
	pos    func() int64  // compressed offset consumed so far
	out    int64         // decompressed bytes produced
	starts []memberStart // recent member starts, oldest first
	err    error
}

type memberStart struct{ out, in int64 }

// maxStarts bounds the remembered member starts (a WARC reader looks only
// at the few its buffer holds).
const maxStarts = 4096

func newGzMembers(br *bufio.Reader, pos func() int64) (*gzMembers, error) {
	start := pos()
	z, err := gzip.NewReader(br)
	if err != nil {
		return nil, err
	}
	z.Multistream(false)
	return &gzMembers{z: z, br: br, pos: pos, starts: []memberStart{{0, start}}}, nil
}

func (g *gzMembers) Read(p []byte) (int, error) {
	for {
		if g.err != nil {
			return 0, g.err
		}
		n, err := g.z.Read(p)
		g.out += int64(n)
		if err != io.EOF {
			return n, err
		}
		in := g.pos()
		if _, err := g.br.Peek(1); err != nil {
			if err == io.EOF {
				g.err = io.EOF
			} else {
				g.err = err
			}
		} else if err := g.z.Reset(g.br); err != nil {
			g.err = fmt.Errorf("member at offset %d (trailing data?): %w", in, err)
		} else {
			g.z.Multistream(false)
			if len(g.starts) == maxStarts {
				g.starts = append(g.starts[:0], g.starts[1:]...)
			}
			g.starts = append(g.starts, memberStart{g.out, in})
		}
		if n > 0 {
			return n, nil
		}
	}
}

// memberAt returns the compressed offset of the member that starts at
// decompressed offset out, if one does, and forgets older starts.
func (g *gzMembers) memberAt(out int64) (int64, bool) {
	i := 0
	for i < len(g.starts) && g.starts[i].out < out {
		i++
	}
	g.starts = g.starts[i:]
	if len(g.starts) > 0 && g.starts[0].out == out {
		return g.starts[0].in, true
	}
	return 0, false
}

// decoder opens one compression layer over br. pos gives the compressed
// offset consumed (for gzip member offsets); head is br's first bytes.
func (w *walker) decoder(k kind, br *bufio.Reader, head []byte, pos func() int64, top bool) (r io.Reader, gzm *gzMembers, release func(), err error) {
	release = func() {}
	switch k {
	case kindGzip:
		g, err := newGzMembers(br, pos)
		if err != nil {
			return nil, nil, release, err
		}
		return g, g, release, nil
	case kindZstd:
		wide := top && w.opt.ParallelDecode
		d, err := getZstd(br, w.opt.MaxWindowBytes, wide)
		if err != nil {
			return nil, nil, release, err
		}
		return d, nil, func() { putZstd(d, wide) }, nil
	case kindBzip2:
		return bzip2.NewReader(br), nil, release, nil
	case kindLZ4:
		// the frame format (lz4 -c, zstd --format=lz4); frames in a row
		// are read as one stream, as lz4 -d does
		return lz4.NewReader(br), nil, release, nil
	case kindXz:
		if dc, ok := xzDictCap(head); ok && w.opt.MaxWindowBytes > 0 && dc > w.opt.MaxWindowBytes {
			return nil, nil, release, fmt.Errorf("dictionary of %s is over the decoder window limit %s: %w", humanSize(dc), humanSize(w.opt.MaxWindowBytes), ErrLimit)
		}
		x, err := xz.ReaderConfig{}.NewReader(br)
		if err != nil {
			return nil, nil, release, err
		}
		return x, nil, release, nil
	}
	return nil, nil, release, fmt.Errorf("no decoder for %s", k)
}
