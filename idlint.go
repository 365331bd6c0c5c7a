// Package idlint wires the pipeline — corpus → extract → lint → reports —
// into a library call: Scan finds, lints and reports every identifier in a
// set of inputs, in parallel, with output in a deterministic order.
package idlint

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/idlint/idlint/corpus"
	"github.com/idlint/idlint/internal/pipeline"
	"github.com/idlint/idlint/internal/shard"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/reports"
	"github.com/idlint/idlint/rules/schemes"
)

// Version of the tool and library.
const Version = "0.1.0"

// Options configure a scan.
type Options struct {
	Lint   lint.Config
	Jobs   int // parallel inputs; <= 0 means GOMAXPROCS; at most MaxJobs
	Corpus corpus.Options
	// MaxLen bounds one identifier (extract.DefaultMaxLen when 0).
	MaxLen int
	// Stdin is read for the input "-" (os.Stdin when nil).
	Stdin io.Reader
	// IncludeLookalikes delivers look-alikes (Occurrence.Kind != "") to the
	// sink; by default they are only counted.
	IncludeLookalikes bool
	// Shard K of N (1-based) processes only the inputs whose path hashes to
	// it, so N independent runs cover every input exactly once. The path
	// hashed is relative to ShardRoot (default: the common root of the
	// paths scanned), so every spelling of the inputs splits alike.
	ShardK, ShardN int
	ShardRoot      string
	// Suppressions honours idlint:ignore[…] / ignore-next-line / disable
	// comments in the documents (lint.Directives) and reports their own
	// problems as lint.MetaScheme occurrences. It costs one more pass over the
	// text (~15% on prose), so batch scans leave it off unless asked; the
	// linter command turns it on.
	Suppressions bool
	// BufferedOccurrences bounds the occurrences held for inputs scanned
	// ahead of the one being delivered (DefaultBufferedOccurrences when 0).
	BufferedOccurrences int
	// PartSize: a plain-text file of at least two parts is split into
	// parts of about this many bytes, at line starts, scanned in parallel
	// and in place in the file's memory map (PartSize when 0; negative:
	// never split; with one worker and the file read, not mapped
	// (Corpus.NoMmap, or MmapIfCheap finding maps dear), not split). The
	// output is the same as scanning the file whole.
	PartSize int64
	// Progress, when set, is fed bytes read and inputs done.
	Progress *reports.Progress
	// EngineFor, when set, gives the engine of each input by its path,
	// for configurations that differ by path (lint/config's
	// Loader.EngineFor); archive members follow their archive's path.
	// Asked once per input, from several goroutines.
	EngineFor func(path string) (*lint.Engine, error)
}

// Sink receives the results in input order; calls are never concurrent.
// The values passed are valid during the call only (their memory is
// reused): a sink keeps copies, not the pointers. Every output of package
// reports (reports.Sink) is one, with Finish and Abort besides, which the
// caller of Scan calls once it returns: Scan does not end a sink, so one
// sink can outlive several scans. A sink that is a reports.EncodedSink
// (JSONL) may be handed its occurrences as bytes the workers encoded
// instead of Occurrence calls; one that is a reports.OccurrenceIgnorer
// is handed none (they are only counted).
type Sink interface {
	Occurrence(o *lint.Occurrence) error
	Source(r *record.Source) error
}

// MaxJobs is the most parallel inputs a scan runs, whatever Jobs asks
// (twice the cores, at least 4): more only hold more memory.
func MaxJobs() int { return pipeline.MaxJobs() }

// Summary counts what a scan saw.
type Summary = reports.Summary

// Scan runs the pipeline over paths. Inputs are processed by Jobs workers;
// each input's results are delivered to sink in the order of the inputs,
// so the output is the same whatever Jobs is. Memory stays bounded: a
// worker blocks when its input's small queue is full and not yet drained.
// The scheduler and the scanners are internal/pipeline's.
func Scan(ctx context.Context, paths []string, opt Options, sink Sink) (Summary, error) {
	eng, err := lint.New(opt.Lint)
	if err != nil {
		return Summary{}, err
	}
	inputs, ignored := corpus.ExpandCounted(paths, opt.Corpus)
	if opt.ShardN > 1 {
		root := opt.ShardRoot
		if root == "" {
			root = shard.Root(paths)
		} else if a, err := filepath.Abs(root); err == nil {
			root = a
		}
		kept := inputs[:0]
		for _, in := range inputs {
			// the path relative to the root, however the arguments spell it
			if InShard(shard.Key(root, in.Path), opt.ShardK, opt.ShardN) {
				kept = append(kept, in)
			}
		}
		inputs = kept
	}
	sum, err := pipeline.Run(ctx, eng, inputs, pipeline.Config{
		Jobs:                opt.Jobs,
		Corpus:              opt.Corpus,
		MaxLen:              opt.MaxLen,
		Stdin:               opt.Stdin,
		IncludeLookalikes:   opt.IncludeLookalikes,
		Suppressions:        opt.Suppressions,
		BufferedOccurrences: opt.BufferedOccurrences,
		PartSize:            opt.PartSize,
		Progress:            opt.Progress,
		EngineFor:           opt.EngineFor,
	}, sink)
	sum.Ignored = ignored.Total()
	return sum, err
}

// PartSize is the size of the parts a large plain-text file is split into
// when several workers scan it (corpus.Split): large enough that a part's
// setup is noise, small enough that two workers share a 100 MB file evenly.
const PartSize = pipeline.PartSize

// DefaultBufferedOccurrences is the budget of occurrences held for inputs
// that are not yet being written: about 300 bytes each.
const DefaultBufferedOccurrences = pipeline.DefaultBufferedOccurrences

// Tee sends every result to each sink in turn.
func Tee(sinks ...Sink) Sink { return tee(sinks) }

type tee []Sink

func (t tee) Occurrence(o *lint.Occurrence) error {
	for _, s := range t {
		if err := s.Occurrence(o); err != nil {
			return err
		}
	}
	return nil
}

func (t tee) Source(r *record.Source) error {
	for _, s := range t {
		if err := s.Source(r); err != nil {
			return err
		}
	}
	return nil
}

// InShard reports whether path belongs to shard k of n (FNV-1a of the path).
// Scan hashes each input's path relative to the shard root (issue 23 §1).
func InShard(path string, k, n int) bool { return shard.In(path, k, n) }

// NewRunID names a run: UTC time and 32 random bits.
func NewRunID() string {
	var b [4]byte
	rand.Read(b[:])
	return time.Now().UTC().Format("20060102T150405Z") + "-" + hex.EncodeToString(b[:])
}

// ParseIdent lints one whole identifier (no extraction), as `idlint parse`
// does: resolved against base first when base is set, read as scheme when
// set, else by its own prefix, else as a URN (so "isbn:1" gets URN001);
// the scheme's other normal forms are filled in.
func ParseIdent(eng *lint.Engine, ident, scheme, base string) (lint.Occurrence, error) {
	if base != "" {
		r, err := Resolve(base, ident)
		if err != nil {
			return lint.Occurrence{}, err
		}
		ident = r
	}
	if scheme == "" {
		if scheme = lint.SchemeOf(ident); scheme == "" {
			scheme = "urn"
		}
	}
	o, err := eng.Check(scheme, ident)
	if err != nil {
		return o, err
	}
	o.Forms = eng.NormalForms(scheme, ident)
	return o, nil
}

// Resolve resolves a relative reference against a base identifier, by the
// base's scheme (lid: per RFC 2396 §5).
func Resolve(base, ref string) (string, error) {
	if s := schemes.Lookup(lint.SchemeOf(base)); s != nil && s.Resolve != nil {
		return s.Resolve(base, ref, s.DefaultProfile)
	}
	return "", fmt.Errorf("resolving against %q: relative references are defined for %s only", base, schemes.Resolvable())
}
