// Package corpus turns inputs (files, directories, standard input) into
// documents to scan, with provenance and an accounting record for every
// input and member: nothing read is ever silently dropped.
//
// # Formats
//
// Formats are recognized by their first bytes, never by file names:
//
//   - compression: gzip (multi-member too), zstd, bzip2, xz. A compressed
//     stream is one document with the input's Member and Format "gzip" …;
//   - archives: tar (POSIX, GNU, V7), zip (so .docx, .odt, .epub, .jar
//     too), ar (GNU and BSD names: Debian .deb packages, .a libraries),
//     WARC and ARC. Each member is a document of its own whose Member
//     is its path in the archive chain joined with "!" ("b.tar!c.txt" in
//     the input a.zip). The archive itself gets a record too (Bytes 0),
//     which carries the archive's own errors;
//   - archives and compression nest: rfcs.tar.zst, a .gz inside a zip, a
//     zip inside a WARC record. Format lists the layers from the input
//     inwards: "zstd+tar", "zip+gzip", "gzip+warc+http";
//   - recognized but not opened, recorded as skipped with the reason:
//     7z, RAR, rpm, cpio, GNU thin ar, cab, xar, lzip, Unix compress (.Z);
//   - text: anything else. UTF-16 with a byte-order mark is transcoded to
//     UTF-8 (Format ends in "+utf-16le" or "+utf-16be"). Binary data is
//     scanned too, unless Options.SkipBinary.
//
// WARC and ARC records are documents with RecordID, TargetURI, RecordType
// and RecordOffset. Record headers are provenance, not content: the
// handler sees the record block, and for HTTP responses only the body
// (chunked transfer coding and gzip, deflate or zstd content coding
// decoded). warcinfo, request and ARC filedesc records are skipped unless
// Options.IncludeWARCMeta, which also hands each WARC record's header
// block to the handler as a document of its own (Member "<record>#headers",
// Format ending in "+headers").
//
// # Limits
//
// Decompression is bounded while it streams, never by reading a member
// whole: Options.MaxMemberBytes (default 4 GiB per document),
// Options.MaxRatio (default 1000:1 per decompression layer, enforced once
// a layer has produced Options.RatioGrace, default 1 MiB),
// Options.MaxDepth (default 4 nested archives, and 4 compression layers in
// a row), Options.MaxWindowBytes (zstd and xz windows, default 512 MiB;
// every xz block header is checked), Options.MaxDecompressedBytes (what
// all the layers and members of one input produce, default max(1 GiB,
// 100 × its size)) and Options.MaxEntries (members per archive, default
// 2^20); zip entries whose data overlaps an earlier entry's are errors.
// A document cut at a limit is recorded as an error naming the limit; the
// occurrences found before the cut count. Memory per input is a few
// 64 KiB buffers per layer, plus the decoders' windows, plus a zip nested
// in a stream (zip needs random access), which is spooled to memory up to
// Options.SpoolMemoryBytes (16 MiB) and to a temporary file above that.
//
// # Records
//
// Open returns, in order, a record for each archive (before its members),
// each document, and each member not opened: links, devices, encrypted
// or unsupported zip entries, skipped WARC records, binary documents with
// SkipBinary; what lies past MaxDepth is a record in error. Directories hold nothing and get
// none. Bytes is what the handler was given, counted before UTF-16
// transcoding; CompressedBytes is what the member occupies in its
// container (tar size, zip compressed size, WARC Content-Length), or the
// input's size (bytes read, for standard input).
//
// # Errors
//
// A corrupt or truncated stream is recorded as an error "after N bytes:
// …" on the document or archive where it happened; what came out before it
// was scanned, and the other members and inputs go on.
package corpus

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/idlint/idlint/record"
)

// Document is one scannable text with its provenance.
type Document struct {
	Source string
	Member string // path inside the archive chain, joined with "!"; "" for the input itself
	// WARC and ARC records (and members of archives inside them):
	// RecordID is the WARC-Record-ID as written ("<urn:uuid:…>"; "" in ARC),
	// TargetURI the WARC-Target-URI (the URL in ARC), RecordType the
	// WARC-Type ("response", "resource", "conversion" …; ARC: "response"
	// or "filedesc").
	RecordID   string
	TargetURI  string
	RecordType string
	// RecordOffset is where the record starts: in a WARC compressed one
	// gzip member per record (as .warc.gz files are written), the offset
	// of that member in the compressed stream, which is what indexes
	// (CDX) give; otherwise the offset of the record in the decompressed
	// stream, and RecordOffsetDecompressed is set when that differs from
	// the stored bytes (a WARC compressed as a whole). Offsets are in the
	// innermost stream holding the WARC: the file, or a member.
	RecordOffset             int64
	RecordOffsetDecompressed bool
	Format                   string // layers from the input inwards: "text", "gzip", "zstd+tar", "gzip+warc+http"
	Reader                   io.Reader
	// Bytes, when set, is the whole document, already in memory (a small
	// text document the read buffer holds): a handler may scan it in
	// place instead of reading Reader, which gives the same bytes. It is
	// valid until the handler returns.
	Bytes []byte
}

// Handler scans one document and reports how many occurrences it found.
// An error ends the document (it is recorded) but not the run. The
// Document and its Reader are valid until the handler returns (they are
// reused for the next document); copy what is kept.
type Handler func(doc *Document) (occurrences int, err error)

// Options bound what inputs may cost. The zero value is usable: every
// zero limit means its default (the Default… constants); a negative
// limit means none.
type Options struct {
	// FollowSymlinks makes directory walks enter symlinked directories
	// (loops are detected and reported).
	FollowSymlinks bool
	// NoIgnore makes directory walks read no .gitignore, .ignore or
	// .git/info/exclude file; Hidden makes them enter hidden files and
	// directories (names starting with "."); both together, .git too.
	// Skip, when set, leaves out a path a walk finds (explicit arguments
	// are never skipped), e.g. a configuration's exclude globs; a
	// directory skipped is not read. Paths left out are counted
	// (ExpandCounted). See ignore.go. Walks of FS (embedded samples)
	// take every file.
	NoIgnore bool
	Hidden   bool
	Skip     func(path string, isDir bool) bool
	// FS, when set, is where paths are read from (embedded samples, tests);
	// otherwise the operating system's file system.
	FS fs.FS

	// MaxMemberBytes bounds the decompressed size of one document (and of a
	// zip spooled from a stream). Default 4 GiB. A document is cut there
	// and recorded as an error; its occurrences up to the cut count.
	MaxMemberBytes int64
	// MaxRatio bounds the expansion of each decompression layer (output
	// bytes per compressed byte read), checked once the layer has produced
	// RatioGrace bytes. Default 1000 (deflate cannot exceed about 1032:1,
	// so only crafted or degenerate data trips it); RatioGrace default
	// 1 MiB (negative: the ratio holds from the first byte).
	MaxRatio   float64
	RatioGrace int64
	// MaxDepth bounds nesting: at most MaxDepth archives one inside another
	// (a.zip!b.tar!c.zip is 3), and at most MaxDepth compression layers
	// directly one inside another (x.gz.gz.gz). Default 4; what lies
	// deeper is an error (ErrLimit), as every limit. Negative: archives and compressed
	// streams are not opened at all but scanned as they are.
	MaxDepth int
	// MaxWindowBytes bounds the window a zstd or xz stream may ask its
	// decoder to allocate. Default 512 MiB. (xz: every block header of
	// every stream, in zip members too, is checked before the decoder
	// reads it whole; zip members compressed with zstd use the default.)
	MaxWindowBytes int64
	// SpoolMemoryBytes: a zip found inside a stream (a member of a tar, a
	// compressed zip) must be spooled for random access; up to this size
	// in memory, above it in a temporary file in TempDir (os.TempDir()
	// when ""), removed afterwards. Default 16 MiB (negative: always a
	// temporary file). The spool is bounded by MaxMemberBytes.
	SpoolMemoryBytes int64
	TempDir          string
	// MaxDecompressedBytes bounds the work of one input: the bytes every
	// decompression layer and every archive member of it produce, summed
	// (a .tar.gz's bytes count twice: gzip's output, then the members).
	// Default max(1 GiB, 100 × the input's size; for standard input, the
	// bytes read so far). Past it the member being read is cut with an
	// error naming the limit, what it gave before counts, and nothing
	// more of the input is opened (its archives' records say so).
	MaxDecompressedBytes int64
	// MaxEntries bounds the members of one zip, tar or ar archive: those
	// past it are not opened, an error on the archive says so. Default
	// 2^20.
	MaxEntries int

	// SkipBinary records documents whose first 8 KiB hold a NUL byte (after
	// UTF-16 detection) as skipped "binary" instead of scanning them.
	// Default false: identifiers sit between NULs in compiled libraries,
	// executables and databases, and the extractor stops at NUL anyway.
	SkipBinary bool
	// IncludeWARCMeta scans warcinfo and request records (and ARC filedesc
	// records), which are skipped by default: they describe the crawl, not
	// the content; and each WARC record's header block, as a document of
	// its own whose Member is the record's with "#headers" appended (the
	// URNs of WARC-Record-ID, WARC-Concurrent-To, WARC-Refers-To …).
	IncludeWARCMeta bool

	// ParallelDecode decodes an input's own streams on several
	// goroutines: the blocks of a many-block .xz file (xz -T0), the
	// members of a many-member gzip file (a .warc.gz), bzip2 file and zip
	// archive ahead of the reader. Faster when cores would otherwise be idle (one input, or the
	// last inputs of a run), slower when every core already has an input
	// to decode; the results are the same either way. idlint.Scan decides.
	ParallelDecode bool
	// DecodeWidth, with ParallelDecode, says how many cores an input's
	// decoding may keep busy now, its own included (nil: GOMAXPROCS); it
	// is asked again as decoding goes on, so that cores other inputs
	// leave are taken up. Under 2: decode on one.
	DecodeWidth func() int
	// IdleCores says how many of the machine's cores no worker of the run
	// holds now (nil: one, as for a lone input). An input's decoded
	// stream is read ahead on a goroutine of its own from when one is:
	// with every core holding a worker, that goroutine's overlap is gone
	// and its copy and hand-overs are all that is left. It is asked
	// again as decoding goes on (every 4 MiB).
	IdleCores func() int
	// NoMmap reads the parts of a split file (Split) through buffers
	// instead of scanning the file memory-mapped (NewMapping), as
	// ripgrep's --no-mmap: for file systems where mapping misbehaves.
	NoMmap bool
	// MmapIfCheap, without NoMmap, maps a split file only where
	// MapsCheaply says mapped pages cost less than reading them, and
	// reads it otherwise (the command's default; issue 25).
	MmapIfCheap bool
	// Whole, when set, names documents that must be read whole, by their
	// first 8 KiB: Split never splits them (idlint.Scan: XRDS documents,
	// whose bare i-names are found in the whole text).
	Whole func(head []byte) bool

	// Done, when set, interrupts the opens and reads that may wait
	// forever: a FIFO without a writer, a device or FIFO that sends
	// nothing. They fail with an error saying "interrupted" once it is
	// closed (idlint.Scan: the run's context's Done).
	Done <-chan struct{}

	// ReadBytes, when set, is advanced by every byte read from input files
	// and stdin (a progress display reads it from another goroutine).
	ReadBytes *atomic.Int64
}

// Input is one unit of work: a file or standard input.
type Input struct {
	Path string // as given or as found under a directory
	Err  error  // set when the path could not be listed

	// planned is the size Plan found plus one (0: not planned), so that
	// Open does not ask again. Open copes with a file that changed since:
	// a read whole stops at its real end, or reads on past the size.
	planned int64
	// regular: a directory walk found a regular file here (its entry's
	// type), which an Ahead may open ahead; held is that descriptor.
	regular bool
	held    *heldFD
}

// Expand turns the command-line paths into inputs: files as they are,
// directories walked recursively in lexical order, "-" for standard input.
// Walks leave out what ripgrep leaves out (ignore files, hidden paths:
// Options.NoIgnore, Hidden, Skip); explicit paths are always inputs.
// Paths that cannot be read become inputs carrying their error, so they are
// accounted for in order.
func Expand(paths []string, opt Options) []Input {
	out, _ := ExpandCounted(paths, opt)
	return out
}

// ExpandCounted is Expand, also counting the paths directory walks left
// out: ignored (.gitignore, .ignore), hidden, or skipped (Options).
func ExpandCounted(paths []string, opt Options) (out []Input, ignored Ignored) {
	for _, p := range paths {
		if p == "-" {
			out = append(out, Input{Path: p})
			continue
		}
		if opt.FS != nil {
			out = walkFS(out, opt.FS, p)
			continue
		}
		fi, err := os.Stat(p)
		if err != nil {
			out = append(out, Input{Path: p, Err: err})
			continue
		}
		if !fi.IsDir() {
			out = append(out, Input{Path: p})
			continue
		}
		ig := newIgnorer(p, opt, &ignored)
		out = walkDir(out, p, opt, map[string]bool{}, ig, nil)
		out = append(out, ig.errInput...)
	}
	return out, ignored
}

// dirent is a directory entry the walk found: its path, where its name
// starts in it, and its type (fs.FileMode's type bits).
type dirent struct {
	path string
	name int32
	typ  fs.FileMode
}

func (e *dirent) Name() string      { return e.path[e.name:] }
func (e *dirent) IsDir() bool       { return e.typ.IsDir() }
func (e *dirent) Type() fs.FileMode { return e.typ }

// listing is a subdirectory's entries, read by its parent's walk before
// its inputs grow (walkDir), or only its skip decision.
type listing struct {
	entries []dirent
	err     error
	skip    bool // ig.skip's answer, asked once (it counts what it leaves out)
	listed  bool // entries and err are its readDir's
}

// lookaheadMax bounds the entries a directory's walk lists ahead for its
// subdirectories (their lists are held until walked).
var lookaheadMax = 1 << 16 // a variable for the tests

func walkDir(out []Input, root string, opt Options, seen map[string]bool, ig *ignorer, l *listing) []Input {
	if real, err := filepath.EvalSymlinks(root); err == nil {
		if seen[real] {
			return append(out, Input{Path: root, Err: fmt.Errorf("symlink loop: %s is already being walked", real)})
		}
		seen[real] = true
		defer delete(seen, real)
	}
	sep := string(filepath.Separator)
	var entries []dirent
	var err error
	if l != nil && l.listed {
		entries, err = l.entries, l.err
	} else {
		entries, err = readDir(root, sep) // in lexical order
	}
	if err != nil {
		return append(out, Input{Path: root, Err: err})
	}
	defer ig.enter(root)()
	// filepath.Join cleans every path it makes: a clean root and an entry
	// name need only the separator (a fifth of the walk of the RFC series)
	plain := root != "." && root == filepath.Clean(root) && !strings.HasSuffix(root, sep)
	path := func(e *dirent) string {
		if plain {
			return e.path
		}
		return filepath.Join(root, e.Name())
	}
	// The subdirectories are listed first, so that the inputs grow once
	// for them too: grown again for the RFC series' 500 files in
	// subdirectories, its 10,000 inputs (560 KB) were copied into pages
	// never touched, a third of the walk's page faults (issue 25).
	var subs []listing
	n := len(entries)
	for i := range entries {
		if e := &entries[i]; e.IsDir() {
			sub := listing{skip: ig.skip(path(e), e.Name(), true)}
			if !sub.skip && n < lookaheadMax {
				sub.entries, sub.err = readDir(path(e), sep)
				sub.listed = true
				n += len(sub.entries)
			}
			subs = append(subs, sub)
		}
	}
	out = growInputs(out, n)
	links := linkDir{dir: root}
	defer links.close()
	for i := range entries {
		e := &entries[i]
		p := path(e)
		if e.IsDir() {
			sub := &subs[0]
			subs = subs[1:]
			if !sub.skip {
				out = walkDir(out, p, opt, seen, ig, sub)
			}
			*sub = listing{} // walked: its entries are no longer held
			continue
		}
		if ig.skip(p, e.Name(), false) {
			continue
		}
		switch {
		case e.Type()&fs.ModeSymlink != 0:
			mode, err := links.stat(p, e.Name())
			switch {
			case errors.Is(err, fs.ErrNotExist):
				// a dangling link found while walking holds nothing to scan:
				// skipped with its reason, not a failure of the run
				target, _ := os.Readlink(p)
				out = append(out, Input{Path: p, Err: fmt.Errorf("%w to %s", errDanglingSymlink, target)})
			case err != nil:
				out = append(out, Input{Path: p, Err: err})
			case mode.IsDir() && opt.FollowSymlinks:
				out = walkDir(out, p, opt, seen, ig, nil)
			case mode.IsDir():
				// not followed: say so rather than drop it silently
				out = append(out, Input{Path: p, Err: errSkippedSymlink})
			case mode.IsRegular():
				// a regular file through the link: the planner may hold it
				// open, as the directory's own files (Ahead)
				out = append(out, Input{Path: p, regular: true})
			default:
				// a FIFO, device or socket through the link: skipped as
				// one found itself is, never dropped from the accounting
				out = append(out, Input{Path: p, Err: errNotRegular})
			}
		case e.Type().IsRegular():
			out = append(out, Input{Path: p, regular: true})
		default:
			out = append(out, Input{Path: p, Err: errNotRegular})
		}
	}
	return out
}

// growInputs makes room for n more inputs, copying only those out holds:
// slices.Grow copies its whole capacity, so when a directory's listing
// outgrew the room its parent made (the RFC series' 500 files in
// subdirectories), the copy read every page of the first, unwritten
// allocation (136 page faults; issue 25).
func growInputs(out []Input, n int) []Input {
	if n <= cap(out)-len(out) {
		return out
	}
	g := make([]Input, len(out), len(out)+n)
	copy(g, out)
	return g
}

// walkFS lists p in fsys: a file, or a directory walked in lexical order.
func walkFS(out []Input, fsys fs.FS, p string) []Input {
	err := fs.WalkDir(fsys, p, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			out = append(out, Input{Path: path, Err: err})
		case d.Type().IsRegular():
			out = append(out, Input{Path: path})
		}
		return nil
	})
	if err != nil {
		out = append(out, Input{Path: p, Err: err})
	}
	return out
}

var (
	errInterrupted     = errors.New("interrupted")
	errSkippedSymlink  = errors.New("symlinked directory not followed (use --follow-symlinks)")
	errNotRegular      = errors.New("not a regular file")
	errDanglingSymlink = errors.New("dangling symbolic link")
)

// IsSkip reports whether err means the input was skipped on purpose
// rather than failed.
func IsSkip(err error) bool {
	return errors.Is(err, errSkippedSymlink) || errors.Is(err, errNotRegular) || errors.Is(err, errDanglingSymlink)
}

type progressReader struct {
	r io.Reader
	n *atomic.Int64
}

func (p *progressReader) Read(b []byte) (int, error) {
	k, err := p.r.Read(b)
	p.n.Add(int64(k))
	return k, err
}

// Open reads one input and calls h for each document in it, one at a time.
// It returns one record per document, per archive (container) and per
// member skipped, and one for the input itself when it could not be read,
// in document order: a container before its members.
func Open(in Input, opt Options, stdin io.Reader, h Handler) []record.Source {
	type seqRec struct {
		r   record.Source
		seq int
	}
	var recs []seqRec
	openFunc(nil, in, opt, stdin, h, nil, func(r record.Source, seq int) { recs = append(recs, seqRec{r, seq}) })
	sort.SliceStable(recs, func(i, j int) bool { return recs[i].seq < recs[j].seq })
	out := make([]record.Source, len(recs))
	for i := range recs {
		out[i] = recs[i].r
	}
	return out
}

// OpenFunc is Open delivering each record to emit as soon as it is final,
// so that memory does not grow with the records of an input (a WARC file
// holds hundreds of thousands): a document's record follows its
// handler's return, a container's follows its members'.
func OpenFunc(in Input, opt Options, stdin io.Reader, h Handler, emit func(record.Source)) {
	openFunc(nil, in, opt, stdin, h, emit, nil)
}

// An Opener is OpenFunc with its read buffers (320 KB) kept from one
// input to the next, for a scan's worker: from a pool, which the
// collector empties, they were allocated again after most collections,
// in pages never touched (issue 25: the RFC series' 10,000 files). Its
// zero value is ready; it is not for concurrent use.
type Opener struct{ w *walker }

// OpenFunc is OpenFunc with o's buffers.
func (o *Opener) OpenFunc(in Input, opt Options, stdin io.Reader, h Handler, emit func(record.Source)) {
	openFunc(o, in, opt, stdin, h, emit, nil)
}

// openFunc is OpenFunc with either emit or, for Open, emitSeq, which
// also gets each record's position in document order.
func openFunc(o *Opener, in Input, opt Options, stdin io.Reader, h Handler, emit func(record.Source), emitSeq func(record.Source, int)) {
	if emitSeq != nil {
		emit = func(r record.Source) { emitSeq(r, 0) } // the input's own record: the first
	}
	w := getWalker(o, opt.withDefaults(), in.Path, h, emit, emitSeq)
	defer putWalker(o, w) // deferred first: after the file's Close
	st := w.input()
	rec := record.Source{Source: in.Path, Format: "text", Status: record.StatusOK}
	if in.Err != nil {
		rec.Format = ""
		rec.Status = record.StatusError
		if IsSkip(in.Err) {
			rec.Status = record.StatusSkipped
		}
		rec.Error = in.Err.Error()
		emit(rec)
		return
	}
	n := node{size: -1}
	switch {
	case in.Path == "-":
		n.r = stdin
	case opt.FS != nil:
		f, err := opt.FS.Open(in.Path)
		if err != nil {
			rec.Status, rec.Error = record.StatusError, err.Error()
			emit(rec)
			return
		}
		defer f.Close()
		n.r = f
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			n.size = fi.Size()
			if ra, ok := f.(io.ReaderAt); ok {
				n.ra = ra
			}
		}
	default:
		f := &st.file
		if err := openInputInto(in, opt.Done, f); err != nil {
			rec.Status, rec.Error = record.StatusError, err.Error()
			emit(rec)
			return
		}
		defer f.Close()
		n.r, n.file = f, f
		if in.planned > 0 {
			n.size, n.ra = in.planned-1, f // a regular file when planned
			st.planned = n.size
			n.compressed = st.sizeSince
		} else if size, ok := f.size(); ok {
			n.size, n.ra = size, f
		}
	}
	if n.size >= 0 && n.compressed == nil {
		size := n.size
		n.compressed = func() int64 { return size }
	}
	if opt.ReadBytes != nil {
		n.r = &progressReader{r: n.r, n: opt.ReadBytes}
	}
	var b *budget
	if opt.MaxDecompressedBytes >= 0 {
		st.read.reset(n.r)
		n.r = &st.read
		st.size = n.size
		b = &st.bud
		b.used.Store(0)
		b.err.Store(nil)
		b.fixed, b.in = opt.MaxDecompressedBytes, st.inSize
	}
	w.budget = b
	w.process(n)
}
