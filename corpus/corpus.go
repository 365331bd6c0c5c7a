// Package corpus turns inputs (files, directories, standard input) into
// documents to scan, with provenance and an accounting record for every
// input and member: nothing read is ever silently dropped.
package corpus

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// Status of a source record.
type Status string

const (
	StatusOK      Status = "ok"
	StatusSkipped Status = "skipped"
	StatusError   Status = "error"
)

// SourceRecord accounts for one input or archive member.
type SourceRecord struct {
	Source          string // input path as given
	Member          string // path inside the archive chain ("" for the input itself)
	Format          string // detected format: "text", "gzip", "tar" …
	CompressedBytes int64  // bytes read from the container (= Bytes for plain files)
	Bytes           int64  // bytes of document content scanned
	Occurrences     int
	Status          Status
	Error           string // the reason when skipped, the message when failed
}

// Document is one scannable text with its provenance.
type Document struct {
	Source       string
	Member       string
	RecordID     string // WARC record, when applicable
	TargetURI    string
	RecordType   string
	RecordOffset int64
	Format       string
	Reader       io.Reader
}

// Handler scans one document and reports how many occurrences it found.
// An error ends the document (it is recorded) but not the run.
type Handler func(doc *Document) (occurrences int, err error)

// Options bound what inputs may cost.
type Options struct {
	// FollowSymlinks makes directory walks enter symlinked directories
	// (loops are detected and reported).
	FollowSymlinks bool
	// FS, when set, is where paths are read from (embedded samples, tests);
	// otherwise the operating system's file system.
	FS fs.FS
}

// Input is one unit of work: a file or standard input.
type Input struct {
	Path string // as given or as found under a directory
	Err  error  // set when the path could not be listed
}

// Expand turns the command-line paths into inputs: files as they are,
// directories walked recursively in lexical order, "-" for standard input.
// Paths that cannot be read become inputs carrying their error, so they are
// accounted for in order.
func Expand(paths []string, opt Options) []Input {
	var out []Input
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
		out = walkDir(out, p, opt, map[string]bool{})
	}
	return out
}

func walkDir(out []Input, root string, opt Options, seen map[string]bool) []Input {
	if real, err := filepath.EvalSymlinks(root); err == nil {
		if seen[real] {
			return append(out, Input{Path: root, Err: fmt.Errorf("symlink loop: %s is already being walked", real)})
		}
		seen[real] = true
		defer delete(seen, real)
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		return append(out, Input{Path: root, Err: err})
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	for _, e := range entries {
		p := filepath.Join(root, e.Name())
		switch {
		case e.IsDir():
			out = walkDir(out, p, opt, seen)
		case e.Type()&fs.ModeSymlink != 0:
			fi, err := os.Stat(p)
			switch {
			case err != nil:
				out = append(out, Input{Path: p, Err: err})
			case fi.IsDir() && opt.FollowSymlinks:
				out = walkDir(out, p, opt, seen)
			case fi.IsDir():
				// not followed: say so rather than drop it silently
				out = append(out, Input{Path: p, Err: errSkippedSymlink})
			case fi.Mode().IsRegular():
				out = append(out, Input{Path: p})
			}
		case e.Type().IsRegular():
			out = append(out, Input{Path: p})
		default:
			out = append(out, Input{Path: p, Err: errNotRegular})
		}
	}
	return out
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
	errSkippedSymlink = errors.New("symlinked directory not followed (use --follow-symlinks)")
	errNotRegular     = errors.New("not a regular file")
)

// IsSkip reports whether err means the input was skipped on purpose
// rather than failed.
func IsSkip(err error) bool {
	return errors.Is(err, errSkippedSymlink) || errors.Is(err, errNotRegular)
}

// Open reads one input and calls h for each document in it. It returns one
// record per document (and for the input itself when it could not be read).
func Open(in Input, opt Options, stdin io.Reader, h Handler) []SourceRecord {
	rec := SourceRecord{Source: in.Path, Format: "text", Status: StatusOK}
	if in.Err != nil {
		rec.Format = ""
		rec.Status = StatusError
		if IsSkip(in.Err) {
			rec.Status = StatusSkipped
		}
		rec.Error = in.Err.Error()
		return []SourceRecord{rec}
	}
	var r io.Reader
	switch {
	case in.Path == "-":
		r = stdin
	case opt.FS != nil:
		f, err := opt.FS.Open(in.Path)
		if err != nil {
			rec.Status, rec.Error = StatusError, err.Error()
			return []SourceRecord{rec}
		}
		defer f.Close()
		r = f
	default:
		f, err := os.Open(in.Path)
		if err != nil {
			rec.Status, rec.Error = StatusError, err.Error()
			return []SourceRecord{rec}
		}
		defer f.Close()
		r = f
	}
	cr := &countingReader{r: r}
	doc := &Document{Source: in.Path, Format: "text", Reader: cr}
	n, err := h(doc)
	rec.Occurrences = n
	rec.Bytes, rec.CompressedBytes = cr.n, cr.n
	if err != nil {
		rec.Status = StatusError
		rec.Error = fmt.Sprintf("after %d bytes: %v", cr.n, err)
	}
	return []SourceRecord{rec}
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n += int64(k)
	return k, err
}
