package idlint

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"sync"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/reports"
	"github.com/idlint/idlint/rules"
)

// FixOptions say which fixes Fix applies (issue 20 §5).
type FixOptions struct {
	// Unsafe adds the fixes that change an identifier's equivalence
	// class (rules.FixUnsafe) to the safe ones.
	Unsafe bool
	// Min: only findings at or above it are fixed and counted, as
	// `idlint check` reports them.
	Min rules.Severity
	// DryRun computes the fixed texts without writing any file (--diff).
	DryRun bool
	// Baseline, when set, is a baseline file (check --baseline): the
	// findings it lists are neither fixed nor counted, as check does not
	// report them, and the file itself is never rewritten.
	Baseline string
}

// FixedFile is one file Fix changed (or, with DryRun, would change).
type FixedFile struct {
	Path     string
	Old, New []byte
	Fixed    int // edits applied over all rounds
	// Converged is false when fixes still applied after lint.MaxFixRounds.
	Converged bool
}

// NotFixed is a file with fixes that Fix leaves alone, and why.
type NotFixed struct {
	Path   string // the input, or archive!member
	Reason string
	Fixes  int
}

// FixResult is what Fix did.
type FixResult struct {
	Files    []FixedFile // in input order
	NotFixed []NotFixed
	Fixed    int // edits applied
	// Remaining counts findings at or above Min left after fixing (in the
	// fixed texts for the files fixed); UnsafeFixable those of them with
	// an unsafe fix, when Unsafe is off.
	Remaining, UnsafeFixable int
}

// Fix lints paths as Scan does and applies the findings' fixes to the
// plain files among them: edits are collected per file in document
// offsets, overlapping ones dropped, applied, and the text linted again
// until nothing is left to fix (lint.FixDocument). Only a file read as
// plain "text" with the bytes on disk as the document is fixed; members of
// archives, compressed and UTF-16 files and stdin are listed in NotFixed,
// never rewritten. Files are replaced atomically with their mode kept
// (lint.WriteFileAtomic) unless DryRun.
func Fix(ctx context.Context, paths []string, opt Options, fo FixOptions) (FixResult, error) {
	var res FixResult
	opt.Lint.Fixes = true
	opt.EngineFor = withFixes(opt.EngineFor)
	c := &fixCollector{fo: fo, files: map[string]*fileFixes{}}
	first, err := fo.filter(c, "")
	if err != nil {
		return res, err
	}
	sum, err := Scan(ctx, paths, opt, first)
	if err != nil {
		return res, err
	}
	if sum.Failed() {
		return res, fmt.Errorf("%d input(s) could not be read completely", sum.Errors)
	}
	res.Remaining, res.UnsafeFixable = c.remaining, c.unsafeFixable
	for _, path := range c.order {
		ff := c.files[path]
		if len(ff.edits) == 0 {
			continue
		}
		if reason := ff.why(path); reason != "" {
			res.NotFixed = append(res.NotFixed, NotFixed{Path: path, Reason: reason, Fixes: len(ff.edits)})
			continue
		}
		if err := lint.CanRewrite(path); err != nil {
			res.NotFixed = append(res.NotFixed, NotFixed{Path: path, Reason: err.Error(), Fixes: len(ff.edits)})
			continue
		}
		old, err := os.ReadFile(path)
		if err != nil {
			return res, err
		}
		if !ff.matches(old) {
			res.NotFixed = append(res.NotFixed, NotFixed{Path: path, Reason: "changed since it was read", Fixes: len(ff.edits)})
			continue
		}
		var last *fixCollector
		relint := func(doc []byte) ([]lint.DocEdit, error) {
			last = &fixCollector{fo: fo, files: map[string]*fileFixes{}}
			o := opt
			o.Stdin, o.ShardK, o.ShardN, o.Progress, o.Jobs = bytes.NewReader(doc), 0, 0, nil, 1
			if opt.EngineFor != nil { // the text read back is linted as the file's path is configured
				o.EngineFor = func(string) (*lint.Engine, error) { return opt.EngineFor(path) }
			}
			s, err := fo.filter(last, path)
			if err != nil {
				return nil, err
			}
			if _, err := Scan(ctx, []string{"-"}, o, s); err != nil {
				return nil, err
			}
			if f := last.files[path]; f != nil {
				return f.edits, nil
			}
			return nil, nil
		}
		doc, n, converged, err := lint.FixDocument(old, ff.edits, relint)
		if err != nil {
			return res, fmt.Errorf("%s: %w", path, err)
		}
		if n == 0 {
			continue
		}
		if last != nil { // the fixed text's findings replace the file's
			res.Remaining += last.remaining - ff.remaining
			res.UnsafeFixable += last.unsafeFixable - ff.unsafeFixable
		}
		if !fo.DryRun {
			if err := lint.WriteFileAtomic(path, doc); err != nil {
				return res, err
			}
		}
		res.Fixed += n
		res.Files = append(res.Files, FixedFile{Path: path, Old: old, New: doc, Fixed: n, Converged: converged})
	}
	return res, nil
}

// filter puts the baseline (if any) before c; with path set, the
// occurrences of a text read back from standard input are renamed to the
// file's path first, so that the baseline keys them as the file's.
func (fo FixOptions) filter(c *fixCollector, path string) (Sink, error) {
	var s Sink = c
	if fo.Baseline != "" {
		b, err := reports.NewBaseline(collectorSink{c}, fo.Baseline, false, fo.Min)
		if err != nil {
			return nil, err
		}
		s = b
	}
	if path != "" {
		s = renamed{s, path}
	}
	return s, nil
}

// collectorSink makes a fixCollector a reports.Sink.
type collectorSink struct{ *fixCollector }

func (collectorSink) Finish(reports.Summary) error { return nil }
func (collectorSink) Abort(error)                  {}

// renamed hands occurrences and sources on under another source name.
type renamed struct {
	next Sink
	path string
}

func (r renamed) Occurrence(o *lint.Occurrence) error {
	c := *o
	c.Source = r.path
	return r.next.Occurrence(&c)
}

func (r renamed) Source(s *record.Source) error {
	c := *s
	c.Source = r.path
	return r.next.Source(&c)
}

// fileFixes is what the first scan saw of one input.
type fileFixes struct {
	edits  []lint.DocEdit
	raws   []rawAt // the identifiers the edits are in, to check the bytes read back
	format string  // of the input itself (record with no member)
	member bool    // fixes inside archive members
	status record.Status
	// findings at or above Min, and those with an unsafe fix (when not applied)
	remaining, unsafeFixable int
}

type rawAt struct {
	off int64
	raw string
}

// why says why the file's fixes cannot be applied ("" if they can).
func (f *fileFixes) why(path string) string {
	switch {
	case path == "-":
		return "standard input: not rewritten"
	case f.member:
		return "inside an archive or compressed file: not rewritten"
	case f.status != record.StatusOK:
		return "not read completely"
	case f.format != "text":
		return "read as " + f.format + ", not plain text: not rewritten"
	}
	return ""
}

// matches reports whether doc still holds each fixed identifier where
// the scan found it: the document's offsets are the file's bytes.
func (f *fileFixes) matches(doc []byte) bool {
	for _, r := range f.raws {
		if r.off < 0 || r.off+int64(len(r.raw)) > int64(len(doc)) || string(doc[r.off:r.off+int64(len(r.raw))]) != r.raw {
			return false
		}
	}
	return true
}

// fixCollector is the sink of Fix's scans.
type fixCollector struct {
	fo                       FixOptions
	files                    map[string]*fileFixes
	order                    []string
	remaining, unsafeFixable int
}

func (c *fixCollector) file(source string) *fileFixes {
	f := c.files[source]
	if f == nil {
		f = &fileFixes{}
		c.files[source] = f
		c.order = append(c.order, source)
	}
	return f
}

func (c *fixCollector) Occurrence(o *lint.Occurrence) error {
	f := c.file(o.Source)
	n := 0
	for i := range o.Findings {
		fd := &o.Findings[i]
		if fd.Severity < c.fo.Min {
			continue
		}
		n++
		if fd.Fix != nil && !fd.Fix.Safe && !c.fo.Unsafe {
			c.unsafeFixable++
			f.unsafeFixable++
		}
	}
	c.remaining += n
	f.remaining += n
	before := len(f.edits)
	f.edits = lint.FindingEdits(f.edits, o, c.fo.Min, c.fo.Unsafe)
	if len(f.edits) > before {
		if o.Member != "" {
			f.member = true
		}
		f.raws = append(f.raws, rawAt{o.Offset, o.Raw})
	}
	return nil
}

func (c *fixCollector) Source(r *record.Source) error {
	f := c.file(r.Source)
	if r.Member == "" {
		f.format, f.status = r.Format, r.Status
	} else if r.Status != record.StatusOK && f.status == record.StatusOK {
		f.status = r.Status
	}
	return nil
}

// withFixes wraps a per-path engine chooser so that its engines fill
// fixes, one copy per engine (the pipeline keeps a memo per engine).
func withFixes(engineFor func(string) (*lint.Engine, error)) func(string) (*lint.Engine, error) {
	if engineFor == nil {
		return nil
	}
	var mu sync.Mutex
	copies := map[*lint.Engine]*lint.Engine{}
	return func(path string) (*lint.Engine, error) {
		e, err := engineFor(path)
		if err != nil {
			return nil, err
		}
		mu.Lock()
		defer mu.Unlock()
		c, ok := copies[e]
		if !ok {
			c = e.WithFixes()
			copies[e] = c
		}
		return c, nil
	}
}
