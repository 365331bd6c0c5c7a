package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/idlint/idlint/lint"
)

// Loader finds and reads configuration files and resolves the effective
// configuration and the engine of each path. Files are read once, the
// search up from a directory is made once per directory, and engines are
// shared by the paths whose lint settings are equal, so that asking for a
// file's engine is a few map lookups. Safe for concurrent use.
type Loader struct {
	// Explicit is the file --config names: it applies to every path and no
	// other file is looked for (its extend chain is still read).
	Explicit string
	// Isolated reads no file at all (--isolated): defaults and flags only.
	Isolated bool
	// Flags is the command line's layer, applied after every file.
	Flags Layer
	// FlagLimits are the limits set by flags; they override the files'.
	FlagLimits Limits
	// Cwd resolves relative paths (the process's working directory when "").
	Cwd string

	mu      sync.Mutex
	files   map[string]*fileEntry // by absolute path
	chains  map[string]*chain     // by the absolute path of their closest file
	dirs    map[string]*chain     // by directory: the chain that applies there
	absDirs map[string]string     // directories as written in paths, made absolute
	effs    map[string]*Effective // by chain and matched overrides
	engines map[string]*lint.Engine
	// engines of directories (as written) without [[overrides]]; nil for
	// those with some
	dirEngines map[string]*lint.Engine
	nextID     int
}

type fileEntry struct {
	f   *File
	err error
}

// chain is the files that apply in a directory, the one extended first
// first; an empty chain (no file) applies the defaults.
type chain struct {
	key       string // unique: the key of its effective configurations
	files     []*File
	overrides bool // some file has [[overrides]]: match them per path
	err       error
}

func (l *Loader) init() {
	if l.files != nil {
		return
	}
	l.files = map[string]*fileEntry{}
	l.chains = map[string]*chain{}
	l.dirs = map[string]*chain{}
	l.absDirs = map[string]string{}
	l.effs = map[string]*Effective{}
	l.engines = map[string]*lint.Engine{}
	l.dirEngines = map[string]*lint.Engine{}
	if l.Cwd == "" {
		l.Cwd, _ = os.Getwd()
	}
}

// For is the effective configuration of the file at path ("-": standard
// input, configured as a file of the current directory).
func (l *Loader) For(path string) (*Effective, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.init()
	// the directory as written, made absolute once: the inputs of a
	// walk share a few directories
	raw, name := splitDir(path)
	dir, ok := l.absDirs[raw]
	if !ok {
		dir = filepath.Dir(l.abs(path))
		l.absDirs[raw] = dir
	}
	return l.forAbs(dir, func() string { return filepath.Join(dir, name) })
}

// splitDir splits path after its last separator ("/", or the system's):
// strings.LastIndexAny's search of a set was 0.8% of a scan of the RFC
// series (issue 25).
func splitDir(path string) (dir, name string) {
	i := strings.LastIndexByte(path, '/')
	if filepath.Separator != '/' {
		i = max(i, strings.LastIndexByte(path, filepath.Separator))
	}
	return path[:i+1], path[i+1:]
}

// ForDir is the effective configuration of the directory dir: its own
// idlint.toml applies (the run-wide settings are those of ForDir(".")).
func (l *Loader) ForDir(dir string) (*Effective, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.init()
	abs := l.abs(dir)
	return l.forAbs(abs, func() string { return abs })
}

// ForPath is ForDir(path) when path is a directory, For(path) otherwise
// (a path that does not exist included).
func (l *Loader) ForPath(path string) (*Effective, error) {
	l.mu.Lock()
	l.init()
	abs := l.abs(path)
	l.mu.Unlock()
	fi, err := os.Stat(abs)
	return l.forKind(path, err == nil && fi.IsDir())
}

// forKind is ForDir(path) for a directory, For(path) for anything else.
func (l *Loader) forKind(path string, dir bool) (*Effective, error) {
	if dir {
		return l.ForDir(path)
	}
	return l.For(path)
}

// EngineFor is the engine for the file at path: archive members take
// their archive's path. Paths with equal lint settings share one engine.
//
// A directory whose configuration has no [[overrides]] to match gives all
// its files one engine, remembered by the directory as written: one map
// look-up per file, where For's were four (issue 25, the RFC series).
func (l *Loader) EngineFor(path string) (*lint.Engine, error) {
	raw, _ := splitDir(path)
	l.mu.Lock()
	eng, known := l.dirEngines[raw] // nil when known to have overrides
	l.mu.Unlock()
	if eng != nil {
		return eng, nil
	}
	e, err := l.For(path)
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	eng, ok := l.engines[e.key]
	if !ok {
		if eng, err = lint.New(e.lint); err != nil {
			return nil, err
		}
		l.engines[e.key] = eng
	}
	if dir, ok := l.absDirs[raw]; ok && !known {
		if l.dirChain(dir).overrides {
			l.dirEngines[raw] = nil // For each file
		} else {
			l.dirEngines[raw] = eng
		}
	}
	return eng, nil
}

// Excluded reports whether the exclude patterns of the configuration
// that applies to path exclude it (dir: path is a directory, whose own
// idlint.toml applies). A path whose configuration cannot be read is not
// excluded: linting it reports the error.
func (l *Loader) Excluded(path string, dir bool) bool {
	e, err := l.forKind(path, dir)
	return err == nil && e.Excluded(path)
}

func (l *Loader) abs(p string) string {
	if p == "-" || p == "" {
		return filepath.Join(l.Cwd, "-")
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(l.Cwd, p)
	}
	return filepath.Clean(p)
}

// forAbs is the effective configuration of a file in dir; abs gives its
// absolute path, needed only to match [[overrides]].
func (l *Loader) forAbs(dir string, absPath func() string) (*Effective, error) {
	c := l.dirChain(dir)
	if c.err != nil {
		return nil, c.err
	}
	var matched []*Override
	key := c.key
	if c.overrides {
		abs := absPath()
		var b strings.Builder
		b.WriteString(key)
		for fi, f := range c.files {
			for oi := range f.Overrides {
				if o := &f.Overrides[oi]; o.matches(abs) {
					matched = append(matched, o)
					fmt.Fprintf(&b, " %d.%d", fi, oi)
				}
			}
		}
		key = b.String()
	}
	if e, ok := l.effs[key]; ok {
		return e, nil
	}
	e, err := resolve(c.files, matched, &l.Flags, l.FlagLimits, l.Cwd)
	if err != nil {
		return nil, err
	}
	l.effs[key] = e
	return e, nil
}

// ErrUnsearchable is in the error of a path whose directory may not be
// searched (mode r--): whether an idlint.toml is there cannot be known,
// and the files under it cannot be read either. A file that is there
// but may not be read is no such error.
var ErrUnsearchable = errors.New("directory may not be searched")

type unsearchable struct{ error }

func (u unsearchable) Unwrap() []error { return []error{u.error, ErrUnsearchable} }

// dirChain is the chain that applies in dir: the explicit file's, none
// when isolated, else that of the closest idlint.toml at or above dir.
func (l *Loader) dirChain(dir string) *chain {
	switch {
	case l.Isolated:
		return l.chainOf("", nil)
	case l.Explicit != "":
		return l.chainOf(l.abs(l.Explicit), nil)
	}
	if c, ok := l.dirs[dir]; ok {
		return c
	}
	var c *chain
	cand := filepath.Join(dir, FileName)
	fi, err := os.Stat(cand)
	switch {
	case err == nil && !fi.IsDir():
		c = l.chainOf(cand, nil)
	case err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR):
		err = fmt.Errorf("%s: %w", l.display(cand), err)
		if errors.Is(err, fs.ErrPermission) {
			err = unsearchable{err} // the directory hides whether a file is there
		}
		c = &chain{err: err}
	default:
		if parent := filepath.Dir(dir); parent != dir {
			c = l.dirChain(parent)
		} else {
			c = l.chainOf("", nil)
		}
	}
	l.dirs[dir] = c
	return c
}

// chainOf reads the file at path and the files it extends; seen are the
// files extending it, to tell a cycle.
func (l *Loader) chainOf(path string, seen []*File) *chain {
	if c, ok := l.chains[path]; ok && len(seen) == 0 {
		return c
	}
	c := &chain{}
	if path != "" {
		f, err := l.file(path)
		switch {
		case err != nil:
			c.err = err
		case f.Extend != "":
			if cycle := cycleOf(append(seen, f), f.Extend, l.display); cycle != "" {
				c.err = &Error{File: l.display(f.Path), Line: f.ExtendOrigin.Line, Msg: "extend cycle: " + cycle}
				break
			}
			parent := l.chainOf(f.Extend, append(seen, f))
			if parent.err != nil {
				c.err = parent.err
				if errors.Is(parent.err, fs.ErrNotExist) {
					c.err = &Error{File: l.display(f.Path), Line: f.ExtendOrigin.Line, Msg: fmt.Sprintf("extend: %s: no such file", l.display(f.Extend))}
				}
				break
			}
			c.files = append(append(c.files, parent.files...), f)
		default:
			c.files = []*File{f}
		}
	}
	for _, f := range c.files {
		c.overrides = c.overrides || len(f.Overrides) > 0
	}
	l.nextID++
	c.key = strconv.Itoa(l.nextID)
	if len(seen) == 0 {
		l.chains[path] = c
	}
	return c
}

func (l *Loader) file(path string) (*File, error) {
	if e, ok := l.files[path]; ok {
		return e.f, e.err
	}
	f, err := readFile(path, l.display(path))
	if errors.Is(err, fs.ErrNotExist) {
		err = fmt.Errorf("%s: %w", l.display(path), fs.ErrNotExist) // not the open call's words
	}
	l.files[path] = &fileEntry{f, err}
	return f, err
}

// cycleOf names the files of a cycle when the last of chain extends one
// of chain ("" when none): "a.toml → b.toml → a.toml".
func cycleOf(chain []*File, extend string, display func(string) string) string {
	for i, f := range chain {
		if f.Path == extend {
			var names []string
			for _, g := range chain[i:] {
				names = append(names, display(g.Path))
			}
			return strings.Join(append(names, display(extend)), " → ")
		}
	}
	return ""
}

// display names a file in messages: relative to the current directory
// when below it, else absolute.
func (l *Loader) display(p string) string {
	if rel, ok := relTo(l.Cwd, p); ok {
		return filepath.FromSlash(rel)
	}
	return p
}
