package corpus

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync/atomic"
)

// Defaults for the limits in Options, used when a field is zero.
const (
	// DefaultMaxMemberBytes bounds one document's decompressed size: 4 GiB.
	DefaultMaxMemberBytes int64 = 4 << 30
	// DefaultMaxRatio bounds the expansion of one decompression layer: 1000:1.
	DefaultMaxRatio float64 = 1000
	// DefaultRatioGrace is the output a layer may produce before the ratio
	// is enforced (small files compress well, bombs only matter when big): 1 MiB.
	DefaultRatioGrace int64 = 1 << 20
	// DefaultMaxDepth bounds nesting: 4 archives one inside another, and 4
	// compression layers directly one inside another.
	DefaultMaxDepth = 4
	// DefaultMaxWindowBytes bounds a zstd or xz decoder's window (its
	// history buffer, allocated up front): 512 MiB, above what `zstd
	// --ultra -22` (128 MiB) or `xz -9` (64 MiB) use, below what a hostile
	// header could ask for (2 GiB and more).
	DefaultMaxWindowBytes int64 = 512 << 20
	// DefaultSpoolMemoryBytes: a zip nested in a stream (zip needs random
	// access) is held in memory up to this size, in a temporary file above
	// it: 16 MiB.
	DefaultSpoolMemoryBytes int64 = 16 << 20
	// DefaultDecompressedFloor and DefaultDecompressedFactor make the
	// default budget of decompressed bytes per input (MaxDecompressedBytes):
	// max(1 GiB, 100 × the input's size). Text compresses 3-10× (the RFC
	// series' rfcs.tar.zst: 5.6×; logs up to ~50×) and an archive's bytes are
	// counted once per layer (a .tar.gz's twice), so 100× leaves room for
	// any real input while a bomb of kilobytes stops at 1 GiB.
	DefaultDecompressedFloor  int64 = 1 << 30
	DefaultDecompressedFactor int64 = 100
	// DefaultMaxEntries bounds the members of one archive (zip, tar, ar):
	// 2^20, beyond any software distribution or document package.
	DefaultMaxEntries = 1 << 20
)

// withDefaults fills the zero limits with their defaults.
func (o Options) withDefaults() Options {
	if o.MaxMemberBytes == 0 {
		o.MaxMemberBytes = DefaultMaxMemberBytes
	}
	if o.MaxRatio == 0 {
		o.MaxRatio = DefaultMaxRatio
	}
	if o.RatioGrace == 0 {
		o.RatioGrace = DefaultRatioGrace
	}
	if o.MaxDepth == 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	if o.MaxWindowBytes == 0 {
		o.MaxWindowBytes = DefaultMaxWindowBytes
	}
	if o.SpoolMemoryBytes == 0 {
		o.SpoolMemoryBytes = DefaultSpoolMemoryBytes
	}
	if o.MaxEntries == 0 {
		o.MaxEntries = DefaultMaxEntries
	}
	return o
}

// budget counts the bytes an input's layers produce, every decompression
// layer's and every archive member's, against one limit per input
// (Options.MaxDecompressedBytes; issue 24 §2): per-layer ratios do not see
// work that composes (overlapping zip entries, zips nested in zips). The
// count is atomic: a read-ahead goroutine decodes the outer layer while
// the walker reads the inner ones.
type budget struct {
	used  atomic.Int64
	fixed int64        // > 0: the limit; else proportional to in
	in    func() int64 // the input's size, or bytes read (stdin)
	err   atomic.Pointer[LimitError]
}

func (b *budget) limit() int64 {
	if b.fixed > 0 {
		return b.fixed
	}
	in := b.in()
	if in > (1<<62)/DefaultDecompressedFactor {
		return 1 << 62
	}
	return max(DefaultDecompressedFloor, DefaultDecompressedFactor*in)
}

// take counts k bytes; over is how many of them are past the limit (then
// the budget is spent: every guard on it fails from now on).
func (b *budget) take(k int64) (over int64) {
	u := b.used.Add(k)
	lim := b.limit()
	if u <= lim {
		return 0
	}
	what := "decompressed bytes of the input (all layers and members)"
	limit := humanSize(lim)
	if b.fixed <= 0 {
		limit += fmt.Sprintf(" (%d × its %s, at least %s)", DefaultDecompressedFactor, humanSize(b.in()), humanSize(DefaultDecompressedFloor))
	}
	b.err.CompareAndSwap(nil, &LimitError{What: what, Limit: limit, After: lim})
	return min(k, u-lim)
}

// spent is the budget's error once it is spent, else nil.
func (b *budget) spent() error {
	if e := b.err.Load(); e != nil {
		return e
	}
	return nil
}

// ErrLimit is matched (errors.Is) by every *LimitError.
var ErrLimit = errors.New("limit exceeded")

// LimitError reports a member cut at a limit. What came out before the cut
// was scanned and its occurrences count.
type LimitError struct {
	What  string // "decompressed size", "expansion ratio"
	Limit string // the limit as written in the message: "4 GiB", "1000:1"
	After int64  // bytes that came out before the cut
	In    int64  // compressed bytes read, for the ratio
}

func (e *LimitError) Error() string {
	if e.In > 0 {
		return fmt.Sprintf("%s limit %s exceeded after %d bytes (from %d compressed bytes)", e.What, e.Limit, e.After, e.In)
	}
	return fmt.Sprintf("%s limit %s exceeded after %d bytes", e.What, e.Limit, e.After)
}

func (e *LimitError) Is(target error) bool { return target == ErrLimit }

// guard passes a stream through, counting it, and cuts it at a size limit
// or, once grace bytes have come out, when out/in exceeds ratio. It never
// allocates: the limits are checked as bytes flow. It also names the
// layer in errors from below ("gzip: unexpected EOF").
type guard struct {
	r     io.Reader
	n     int64        // bytes passed
	max   int64        // <= 0: no size limit
	in    func() int64 // compressed bytes read so far (nil: no ratio)
	ratio float64      // <= 0: no ratio limit
	grace int64
	name  string  // layer name for errors from r
	b     *budget // the input's budget its bytes count against (nil: none)
	err   error   // sticky
}

func (g *guard) Read(p []byte) (int, error) {
	if g.err != nil {
		return 0, g.err
	}
	if g.b != nil {
		if err := g.b.spent(); err != nil {
			g.err = err
			return 0, err
		}
	}
	if g.max > 0 && int64(len(p)) > g.max-g.n+1 {
		// read at most one byte past the limit: enough to know it is exceeded
		p = p[:g.max-g.n+1]
	}
	k, err := g.r.Read(p)
	g.n += int64(k)
	if g.max > 0 && g.n > g.max {
		k -= int(g.n - g.max)
		g.n = g.max
		g.err = &LimitError{What: "decompressed size", Limit: humanSize(g.max), After: g.n}
		return k, g.err
	}
	if g.b != nil && k > 0 {
		if over := g.b.take(int64(k)); over > 0 {
			g.err = g.b.spent()
			return k - int(over), g.err
		}
	}
	if g.in != nil && g.ratio > 0 && g.n > g.grace {
		if in := g.in(); float64(g.n) > g.ratio*float64(max(in, 1)) {
			g.err = &LimitError{What: "expansion ratio", Limit: fmt.Sprintf("%g:1", g.ratio), After: g.n, In: in}
			return k, g.err
		}
	}
	if err != nil && err != io.EOF {
		if g.name != "" && !errors.Is(err, ErrLimit) && !strings.HasPrefix(err.Error(), g.name+":") {
			err = fmt.Errorf("%s: %w", g.name, err) // not "gzip: gzip: invalid checksum"
		}
		g.err = err
	}
	return k, err
}

// humanSize writes a limit the way a person would set it: 4 GiB, 10 MiB, 1000 B.
func humanSize(n int64) string {
	for _, u := range []struct {
		s    string
		size int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.size && n%u.size == 0 {
			return fmt.Sprintf("%d %s", n/u.size, u.s)
		}
	}
	return fmt.Sprintf("%d B", n)
}

// countingReader counts the bytes read through it. The count is atomic:
// a read-ahead goroutine may be reading while the walker asks.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n.Add(int64(k))
	return k, err
}

// N is the number of bytes read so far.
func (c *countingReader) N() int64 { return c.n.Load() }

// reset makes c count r's bytes from 0.
func (c *countingReader) reset(r io.Reader) {
	c.r = r
	c.n.Store(0)
}

// exactReader reads exactly n bytes of a record whose length was declared:
// an early end is io.ErrUnexpectedEOF, not a quiet EOF.
type exactReader struct {
	r        io.Reader
	n, read  int64
	what     string // "WARC record", "ARC record"
	err      error
	returned bool // err was returned to a reader
}

func (e *exactReader) Read(p []byte) (int, error) {
	if e.err != nil {
		e.returned = true
		return 0, e.err
	}
	if e.read >= e.n {
		return 0, io.EOF
	}
	if int64(len(p)) > e.n-e.read {
		p = p[:e.n-e.read]
	}
	k, err := e.r.Read(p)
	e.read += int64(k)
	if err == io.EOF && e.read < e.n {
		err = io.ErrUnexpectedEOF
	}
	if err != nil && err != io.EOF {
		e.err = fmt.Errorf("%s truncated: %d of %d bytes: %w", e.what, e.read, e.n, err)
		e.returned = true
		return k, e.err
	}
	if e.read >= e.n {
		return k, io.EOF
	}
	return k, nil
}

// decodeWidth is how many cores an input's own decoding may keep busy now
// (Options.ParallelDecode, Options.DecodeWidth).
func (o *Options) decodeWidth() int {
	switch {
	case !o.ParallelDecode:
		return 1
	case o.DecodeWidth == nil:
		return runtime.GOMAXPROCS(0)
	}
	return o.DecodeWidth()
}

// readAhead says whether an input's decoded stream is decoded on a
// goroutine of its own, ahead of the scan (lazyAhead): only with a core
// that no worker holds. With every core busy the overlap is gone, and
// the copy into the read-ahead buffers and their hand-overs only cost:
// four 50 MB .tar.zst inputs at -j 2 took 0.31 s of CPU instead of 0.33 s
// and 29 MB instead of 34 MB (issue 25, compressed inputs). At -j 1 the
// machine's other cores are idle, so a lone input still reads ahead
// there, as `zstd -dc` writes on a thread of its own.
func (o *Options) readAhead() bool {
	return o.IdleCores == nil || o.IdleCores() >= 1
}
