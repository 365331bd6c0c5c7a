// Package config is the configuration layer of the linter: it reads
// idlint.toml files — found by walking up from each linted file, the
// closest one winning, `extend` inheriting explicitly, as ruff does — and
// resolves for each path the settings, the lint.Config and the engine that
// apply to it, each setting with the place it came from (file:line, a
// flag, or the default).
package config

import (
	"fmt"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/schemes"
)

// Origin says where a setting came from.
type Origin struct {
	File string // the configuration file ("" for a flag or the default)
	Line int
	Flag string // the command-line flag, as "--profile"
}

func (o Origin) String() string {
	switch {
	case o.Flag != "":
		return "flag " + o.Flag
	case o.File != "" && o.Line > 0:
		return fmt.Sprintf("%s:%d", o.File, o.Line)
	case o.File != "":
		return o.File
	}
	return "default"
}

// Setting is a value with its origin; Set is false for a default.
type Setting[T any] struct {
	V      T
	Set    bool
	Origin Origin
}

// SeveritySetting is one entry of a severity table: the level of the
// rules Selector designates (rules.None: off).
type SeveritySetting struct {
	Selector
	Level rules.Severity
}

// Layer is one source of rule settings: a file's top level, one of its
// [[overrides]], or the command line. Layers apply in order: every file's
// top level from the one extended first to the closest, then the
// overrides matching the path in the same order, then the flags.
type Layer struct {
	Origin Origin
	// Select, when SelectSet, replaces the rules enabled so far;
	// ExtendSelect adds to them; Ignore removes. A rule matched by
	// several takes the most specific selector's word (ignore wins a tie).
	Select       []Selector
	SelectSet    bool
	SelectOrigin Origin
	ExtendSelect []Selector
	Ignore       []Selector
	// Severity sets levels, the most specific selector winning (the later
	// one on a tie); "off" disables. A level does not enable a rule that
	// is off: select does.
	Severity []SeveritySetting
	Profiles map[string]Setting[string]            // by scheme
	Options  map[string]map[string]Setting[string] // by scheme and option
}

// Limits are the run-wide limits a file or the flags may set (corpus and
// extract options; cmd/idlint maps them onto corpus.Options). They are
// read from the configuration of the current directory, not per file.
type Limits struct {
	MaxLen         Setting[int64] // longest identifier in bytes (--max-len)
	MaxMemberBytes Setting[int64] // largest decompressed document (--max-member-bytes)
	MaxRatio       Setting[float64]
	MaxDepth       Setting[int64]
	MaxWindow      Setting[int64] // largest zstd/xz window (--max-window)
	// decompressed bytes per input, all layers and members
	// (--max-decompressed; 0: max(1 GiB, 100 × the input's size))
	MaxDecompressed Setting[int64]
	MaxEntries      Setting[int64] // members per archive (--max-entries)
}

// merge lets the settings of o that are set override l's.
func (l *Limits) merge(o Limits) {
	over(&l.MaxLen, o.MaxLen)
	over(&l.MaxMemberBytes, o.MaxMemberBytes)
	over(&l.MaxRatio, o.MaxRatio)
	over(&l.MaxDepth, o.MaxDepth)
	over(&l.MaxWindow, o.MaxWindow)
	over(&l.MaxDecompressed, o.MaxDecompressed)
	over(&l.MaxEntries, o.MaxEntries)
}

func over[T any](dst *Setting[T], src Setting[T]) {
	if src.Set {
		*dst = src
	}
}

// RuleState is a rule's state for a path.
type RuleState struct {
	Rule          *rules.Rule
	Enabled       bool
	EnabledOrigin Origin // of the last select, ignore or "off" that changed it
	Why           string // `ignore "URN04"`, "not in select" …
	Level         rules.Severity
	LevelOrigin   Origin // rules.None: the rule's default level (per profile)
}

// Effective is the configuration that applies to one path.
type Effective struct {
	Files     []string // the files it was read from, closest first
	Overrides []Origin // the [[overrides]] that matched, in the order applied
	Profiles  map[string]Setting[string]
	Options   map[string]map[string]Setting[string]
	Rules     []RuleState // every rule of the catalog, in ID order
	Exclude   []Pattern
	Limits    Limits

	cwd  string
	lint lint.Config
	key  string // lint's settings as text: equal keys, equal engines
}

// Lint is the engine configuration for the path.
func (e *Effective) Lint() lint.Config { return e.lint }

// Excluded reports whether path is excluded by an exclude pattern: a
// pattern with a slash matches the path relative to its file's
// directory, one without matches any name on that path; a match of a
// directory excludes what is below it.
func (e *Effective) Excluded(p string) bool {
	if p == "-" || len(e.Exclude) == 0 {
		return false
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(e.cwd, p)
	}
	for _, pat := range e.Exclude {
		rel, ok := relTo(pat.Dir, p)
		if !ok {
			continue
		}
		for i := 0; i <= len(rel); i++ {
			if i < len(rel) && rel[i] != '/' {
				continue
			}
			if pat.match(rel[:i]) {
				return true
			}
		}
	}
	return false
}

// match reports whether rel (slash-separated, relative to p.Dir) matches:
// the whole of it, or its last name for a pattern without a slash.
func (p Pattern) match(rel string) bool {
	if ok, _ := doublestar.Match(p.Glob, rel); ok {
		return true
	}
	if !strings.Contains(p.Glob, "/") {
		ok, _ := doublestar.Match(p.Glob, path.Base(rel))
		return ok
	}
	return false
}

// relTo is p relative to dir, slash-separated, if p is below dir.
// Both are clean and absolute.
func relTo(dir, p string) (string, bool) {
	if !strings.HasSuffix(dir, string(filepath.Separator)) {
		dir += string(filepath.Separator)
	}
	rel, ok := strings.CutPrefix(p, dir)
	if !ok || rel == "" {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// matches reports whether one of o's globs matches the file abs.
func (o *Override) matches(abs string) bool {
	for _, p := range o.Files {
		if rel, ok := relTo(p.Dir, abs); ok && p.match(rel) {
			return true
		}
	}
	return false
}

// resolve computes the effective configuration of a path from its chain
// of files (the one extended first, first), the overrides that match it
// and the command line's layer.
func resolve(chain []*File, overrides []*Override, flags *Layer, flagLimits Limits, cwd string) (*Effective, error) {
	e := &Effective{cwd: cwd, Profiles: map[string]Setting[string]{}, Options: map[string]map[string]Setting[string]{}}
	for i := len(chain) - 1; i >= 0; i-- {
		e.Files = append(e.Files, chain[i].Path)
	}
	for _, s := range schemes.All() {
		e.Profiles[s.Name] = Setting[string]{V: s.DefaultProfile}
		for _, o := range s.Options {
			if e.Options[s.Name] == nil {
				e.Options[s.Name] = map[string]Setting[string]{}
			}
			e.Options[s.Name][o.Name] = Setting[string]{V: o.Default}
		}
	}
	cat := catalog()
	e.Rules = make([]RuleState, len(cat)) // one allocation: ~125 rules grown by appends were ~6 fresh pages of a check's start (issue 25)
	for i, r := range cat {
		e.Rules[i] = RuleState{Rule: r, Enabled: true}
	}
	var layers []*Layer
	for _, f := range chain {
		layers = append(layers, &f.Base)
		if f.ExcludeSet {
			e.Exclude = append([]Pattern(nil), f.Exclude...)
		}
		e.Exclude = append(e.Exclude, f.ExtendExclude...)
		e.Limits.merge(f.Limits)
	}
	for _, o := range overrides {
		layers = append(layers, &o.Layer)
		e.Overrides = append(e.Overrides, o.Origin)
	}
	if flags != nil {
		layers = append(layers, flags)
	}
	e.Limits.merge(flagLimits)
	for _, l := range layers {
		e.apply(l)
	}
	e.lint = e.lintConfig()
	if _, err := lint.New(e.lint); err != nil {
		return nil, err // the layers were checked: not expected
	}
	e.key = e.lintKey()
	return e, nil
}

// apply applies one layer's settings.
func (e *Effective) apply(l *Layer) {
	for s, v := range l.Profiles {
		e.Profiles[s] = v
	}
	for s, opts := range l.Options {
		for name, v := range opts {
			e.Options[s][name] = v
		}
	}
	for i := range e.Rules {
		st := &e.Rules[i]
		r := st.Rule
		sel := best(l.Select, r)
		if x := best(l.ExtendSelect, r); x != nil && (sel == nil || x.Specificity >= sel.Specificity) {
			sel = x
		}
		switch ig := best(l.Ignore, r); {
		case ig != nil && (sel == nil || ig.Specificity >= sel.Specificity):
			st.Enabled, st.EnabledOrigin, st.Why = false, ig.Origin, fmt.Sprintf("ignore %q", ig.Text)
		case sel != nil:
			st.Enabled, st.EnabledOrigin, st.Why = true, sel.Origin, fmt.Sprintf("select %q", sel.Text)
		case l.SelectSet:
			st.Enabled, st.EnabledOrigin, st.Why = false, l.SelectOrigin, "not in select"
		}
		var sev *SeveritySetting
		for j := range l.Severity {
			if s := &l.Severity[j]; s.Matches(r) && (sev == nil || s.Specificity >= sev.Specificity) {
				sev = s
			}
		}
		switch {
		case sev == nil:
		case sev.Level == rules.None:
			st.Enabled, st.EnabledOrigin, st.Why = false, sev.Origin, fmt.Sprintf("severity %s = \"off\"", sev.Text)
		default:
			st.Level, st.LevelOrigin = sev.Level, sev.Origin
		}
	}
}

// best is the most specific of list matching r (the later on a tie).
func best(list []Selector, r *rules.Rule) *Selector {
	var b *Selector
	for i := range list {
		if s := &list[i]; s.Matches(r) && (b == nil || s.Specificity >= b.Specificity) {
			b = s
		}
	}
	return b
}

// lintConfig is the engine configuration: profiles, options, and a
// severity by rule ID for every rule off or not at its default level.
func (e *Effective) lintConfig() lint.Config {
	c := lint.Config{Profiles: map[string]string{}, Options: map[string]map[string]string{}, Severity: map[string]rules.Severity{}}
	for s, v := range e.Profiles {
		c.Profiles[s] = v.V
	}
	for s, opts := range e.Options {
		c.Options[s] = map[string]string{}
		for name, v := range opts {
			c.Options[s][name] = v.V
		}
	}
	for _, st := range e.Rules {
		switch {
		case !st.Enabled:
			c.Severity[st.Rule.ID] = rules.None
		case st.Level != rules.None:
			c.Severity[st.Rule.ID] = st.Level
		}
	}
	return c
}

// lintKey writes the lint configuration as text, in a fixed order.
func (e *Effective) lintKey() string {
	var b strings.Builder
	for _, s := range sortedKeys(e.lint.Profiles) {
		fmt.Fprintf(&b, "p %s=%s\n", s, e.lint.Profiles[s])
	}
	for _, s := range sortedKeys(e.lint.Options) {
		for _, o := range sortedKeys(e.lint.Options[s]) {
			fmt.Fprintf(&b, "o %s.%s=%s\n", s, o, e.lint.Options[s][o])
		}
	}
	ids := sortedKeys(e.lint.Severity)
	sort.Strings(ids)
	for _, id := range ids {
		fmt.Fprintf(&b, "s %s=%d\n", id, e.lint.Severity[id])
	}
	return b.String()
}

// ParseSelector resolves a rule selector given on the command line.
func ParseSelector(text string, origin Origin) (Selector, error) {
	return parseSelector(text, origin)
}
