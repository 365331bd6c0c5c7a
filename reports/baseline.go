package reports

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/idlint/idlint/internal/atomicfile"
	"github.com/idlint/idlint/internal/termsafe"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/rules"
)

// A baseline file (issue 20 §4) lists the findings a project accepts for
// now, one FindingKey per line, its paths relative to the file's own
// directory (so it works whatever directory idlint runs from):
//
//	{
//	  "version": 1,
//	  "entries": [
//	    {"rule":"URN006","path":"docs/a.txt","key":"urn:example:a%zz","index":0}
//	  ]
//	}
//
// Entries are sorted by path, member, rule, key and index: rewriting the
// baseline after a change shows as a small diff.

// BaselineVersion is the version of the file format written and read.
const BaselineVersion = 1

// BaselineFile is a baseline as read or to be written.
type BaselineFile struct {
	Version int          `json:"version"`
	Entries []FindingKey `json:"entries"`
	// Lines and Columns say where each entry starts (1-based), once read.
	Lines, Columns []int `json:"-"`
}

// ReadBaseline reads and checks a baseline file; errors name it.
func ReadBaseline(path string) (*BaselineFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	b, err := parseBaseline(data)
	if err != nil {
		return nil, fmt.Errorf("baseline %s: %v", path, err)
	}
	return b, nil
}

// parseBaseline decodes the file in one pass, noting where each entry
// starts (a stale entry is reported there).
func parseBaseline(data []byte) (*BaselineFile, error) {
	b := &BaselineFile{Version: -1}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	fail := func(err error) (*BaselineFile, error) {
		var se *json.SyntaxError
		if errors.As(err, &se) && se.Offset <= int64(len(data)) {
			return nil, fmt.Errorf("line %d: %v", 1+bytes.Count(data[:se.Offset], []byte("\n")), err)
		}
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	delim := func(want json.Delim) error {
		t, err := dec.Token()
		if err == nil && t != want {
			err = fmt.Errorf("line %d: want %q", 1+bytes.Count(data[:dec.InputOffset()], []byte("\n")), want)
		}
		return err
	}
	if err := delim('{'); err != nil {
		return fail(err)
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return fail(err)
		}
		switch k {
		case "version":
			if err := dec.Decode(&b.Version); err != nil {
				return fail(err)
			}
		case "entries":
			if err := delim('['); err != nil {
				return fail(err)
			}
			line, counted := 1, 0 // lines counted in data[:counted], as offsets grow
			for dec.More() {
				off := int(dec.InputOffset())
				for off < len(data) && bytes.IndexByte([]byte(" \t\r\n,"), data[off]) >= 0 {
					off++
				}
				line += bytes.Count(data[counted:off], []byte("\n"))
				counted = off
				var e FindingKey
				if err := dec.Decode(&e); err != nil {
					return fail(err)
				}
				if e.Rule == "" || e.Path == "" || e.Index < 0 {
					return nil, fmt.Errorf("line %d: entry %d: want a rule, a path and an index >= 0", line, len(b.Entries)+1)
				}
				b.Entries = append(b.Entries, e)
				b.Lines = append(b.Lines, line)
				b.Columns = append(b.Columns, off-bytes.LastIndexByte(data[:off], '\n')) // bytes: ASCII up to the key
			}
			if err := delim(']'); err != nil {
				return fail(err)
			}
		default:
			return nil, fmt.Errorf("unknown field %q", k)
		}
	}
	if err := delim('}'); err != nil {
		return fail(err)
	}
	if b.Version != BaselineVersion {
		v := "none"
		if b.Version != -1 {
			v = strconv.Itoa(b.Version)
		}
		return nil, fmt.Errorf("version %s, want %d (rewrite it with --write-baseline)", v, BaselineVersion)
	}
	return b, nil
}

// Sort puts the entries in the file's order.
func (b *BaselineFile) Sort() {
	slices.SortFunc(b.Entries, func(x, y FindingKey) int {
		return cmp.Or(cmp.Compare(x.Path, y.Path), cmp.Compare(x.Member, y.Member), cmp.Compare(x.Rule, y.Rule),
			cmp.Compare(x.Key, y.Key), cmp.Compare(x.Index, y.Index))
	})
}

// Marshal renders the file: one entry per line, sorted.
func (b *BaselineFile) Marshal() ([]byte, error) {
	b.Sort()
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "{\n  \"version\": %d,\n  \"entries\": [", BaselineVersion)
	enc := json.NewEncoder(&buf) // no HTML escapes: keys stay readable
	enc.SetEscapeHTML(false)
	for i, e := range b.Entries {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString("\n    ")
		if err := enc.Encode(e); err != nil {
			return nil, err
		}
		buf.Truncate(buf.Len() - 1) // Encode's newline
	}
	if len(b.Entries) > 0 {
		buf.WriteString("\n  ")
	}
	buf.WriteString("]\n}\n")
	// a bidi control in a key shown raw in a review would reorder the line
	// (issue 24 §6): \u-escaped, which reads back the same
	return termsafe.JSON(buf.Bytes()), nil
}

// WriteFile writes the file atomically: a temporary file in the same
// directory, renamed over path.
func (b *BaselineFile) WriteFile(path string) error {
	data, err := b.Marshal()
	if err != nil {
		return err
	}
	// 0644, not CreateTemp's 0600: a baseline is committed and shared
	if err := atomicfile.Write(path, data, 0o644, nil); err != nil {
		return fmt.Errorf("writing baseline %s: %v", path, err)
	}
	return nil
}

// Baseline is a sink before another (Inner) that holds back the findings
// a baseline lists and reports its entries no finding matched
// (lint.StaleBaselineEntry); or, when writing, records every finding at
// or above Min and holds it back. It numbers every finding (FindingKey)
// and hands the fingerprints on in Occurrence.Fingerprints, so SARIF and
// GitLab output fingerprint findings as a run without baseline does.
type Baseline struct {
	Inner Sink
	Min   rules.Severity // findings recorded when writing
	// StaleSeverity is the severity of stale-entry findings (rules.None:
	// not reported).
	StaleSeverity rules.Severity

	path    string // the baseline file, as given
	dir     string // its directory, absolute: the base of entry paths
	self    string // its name: its path relative to dir
	write   bool
	entries map[FindingKey]int // entry → its index in file.Entries
	file    *BaselineFile
	matched []bool

	num       *Numbering
	lastSrc   string // the last source, and its path relative to dir
	lastRel   string
	seen      map[string]bool // sources (relative to dir) read, and
	failed    map[string]bool // those that failed: their entries are not stale
	baselined [rules.Error + 1]int
	own       [rules.Error + 1]int // findings in the baseline file itself, dropped
	stale     []int                // indexes of stale entries, once finished
	view      lint.Occurrence
	kept      []rules.Finding
	fps       []string
}

// NewBaseline returns a sink checking against the baseline at path, read
// here; with write, one recording a new baseline to path at Finish.
func NewBaseline(inner Sink, path string, write bool, min rules.Severity) (*Baseline, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("baseline %s: %v", path, err)
	}
	b := &Baseline{Inner: inner, Min: min, StaleSeverity: lint.StaleBaselineEntry.Severity, path: path, dir: filepath.Dir(abs), self: filepath.Base(abs), write: write,
		num: NewNumbering(WorkDir()), seen: map[string]bool{}, failed: map[string]bool{}, file: &BaselineFile{Version: BaselineVersion}}
	if !write {
		if b.file, err = ReadBaseline(path); err != nil {
			return nil, err
		}
	}
	b.entries = make(map[FindingKey]int, len(b.file.Entries))
	for i, e := range b.file.Entries {
		b.entries[e] = i // a duplicate line counts once
	}
	b.matched = make([]bool, len(b.file.Entries))
	return b, nil
}

// rel is source relative to the baseline's directory.
func (b *Baseline) rel(source string) string {
	if source != b.lastSrc || b.lastRel == "" {
		b.lastSrc, b.lastRel = source, RelPath(b.dir, source)
	}
	return b.lastRel
}

func (b *Baseline) Occurrence(o *lint.Occurrence) error {
	if len(o.Findings) == 0 {
		return b.Inner.Occurrence(o)
	}
	path := b.rel(o.Source)
	if o.Member == "" && path == b.self {
		// the baseline names the identifiers it holds back: linting it
		// (a check of the whole repository) must not report them again
		for _, f := range o.Findings {
			b.own[f.Severity]++
		}
		b.view = *o
		b.view.Findings, b.view.Fingerprints = nil, nil
		return b.Inner.Occurrence(&b.view)
	}
	keys := b.num.Keys(o)
	b.kept, b.fps = b.kept[:0], b.fps[:0]
	for i, k := range keys {
		f := o.Findings[i]
		k.Path = path
		held := false
		if b.write {
			if held = f.Severity >= b.Min; held {
				b.file.Entries = append(b.file.Entries, k)
			}
		} else if e, ok := b.entries[k]; ok {
			held, b.matched[e] = true, true
		}
		if held {
			b.baselined[f.Severity]++
			continue
		}
		b.kept = append(b.kept, f)
		b.fps = append(b.fps, keys[i].Fingerprint())
	}
	b.view = *o
	b.view.Findings, b.view.Fingerprints = b.kept, b.fps
	return b.Inner.Occurrence(&b.view)
}

func (b *Baseline) Source(r *record.Source) error {
	p := b.rel(r.Source)
	b.seen[p] = true
	if r.Status == record.StatusError {
		b.failed[p] = true
	}
	return b.Inner.Source(r)
}

// Finish reports the stale entries (or writes the baseline) and ends
// Inner with the summary as Summary adjusts it.
func (b *Baseline) Finish(s Summary) error {
	if b.write {
		if s.Failed() {
			b.Inner.Abort(nil)
			return fmt.Errorf("baseline %s not written: %d input(s) could not be read completely", b.path, s.Errors)
		}
		if err := b.file.WriteFile(b.path); err != nil {
			b.Inner.Abort(err)
			return err
		}
	} else {
		b.findStale()
		for _, i := range b.stale {
			if b.StaleSeverity == rules.None {
				break
			}
			if err := b.Inner.Occurrence(b.staleOccurrence(i)); err != nil {
				b.Inner.Abort(err)
				return err
			}
		}
	}
	return b.Inner.Finish(b.Summary(s))
}

// findStale lists the entries no finding matched, in file order: of
// sources read completely in this run, and of files that are gone.
// Entries of files not linted this run stay (a hook lints changed files).
func (b *Baseline) findStale() {
	b.stale = b.stale[:0]
	gone := map[string]bool{}
	for i, e := range b.file.Entries {
		if b.matched[i] || b.failed[e.Path] {
			continue
		}
		if !b.seen[e.Path] {
			g, ok := gone[e.Path]
			if !ok {
				_, err := os.Lstat(filepath.Join(b.dir, filepath.FromSlash(e.Path)))
				g = e.Path != "-" && errors.Is(err, fs.ErrNotExist)
				gone[e.Path] = g
			}
			if !g {
				continue
			}
		}
		if b.entries[e] == i { // a duplicate entry once
			b.stale = append(b.stale, i)
		}
	}
}

// staleOccurrence is entry i's finding, at its line in the baseline file.
func (b *Baseline) staleOccurrence(i int) *lint.Occurrence {
	e := b.file.Entries[i]
	where := e.Path
	if e.Member != "" {
		where = Path(e.Path, e.Member)
	}
	o := &lint.Occurrence{Scheme: "any", Raw: e.Key, Key: e.Key, NSKey: e.Key, Canonical: e.Key}
	o.Source, o.Line, o.Column = b.path, max(1, b.file.Lines[i]), max(1, b.file.Columns[i])
	o.Findings = []rules.Finding{{Rule: lint.StaleBaselineEntry, Severity: b.StaleSeverity, End: len(e.Key),
		Message: fmt.Sprintf("baseline entry %s in %s, index %d, matches no finding any more; rewrite the baseline with --write-baseline", e.Rule, where, e.Index)}}
	k := b.num.Keys(o)[0]
	o.Fingerprints = []string{k.Fingerprint()}
	return o
}

// Summary adjusts a run's summary: findings held back are counted as
// Baselined instead of by severity; stale entries are counted findings.
func (b *Baseline) Summary(s Summary) Summary {
	for sev, n := range b.baselined {
		s.Findings[sev] -= n + b.own[sev]
		s.Baselined += n
	}
	if b.StaleSeverity != rules.None {
		s.Findings[b.StaleSeverity] += len(b.stale)
	}
	return s
}

// Stale is the number of stale entries found at Finish.
func (b *Baseline) Stale() int { return len(b.stale) }

// Entries is the number of entries read or, once written, written.
func (b *Baseline) Entries() int { return len(b.file.Entries) }

// Abort ends Inner; no baseline is written.
func (b *Baseline) Abort(err error) { b.Inner.Abort(err) }
