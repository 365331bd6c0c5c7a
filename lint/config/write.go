package config

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/idlint/idlint/rules"
)

// Write prints e as an idlint.toml, every setting with a comment saying
// where it came from (file:line, a flag, or the default), as `idlint
// config PATH` shows it. Paths are shown relative to the current
// directory when below it. run is the configuration whose limits the run
// uses (the current directory's), defaults the limits' default values.
func (e *Effective) Write(w io.Writer, path string, run *Effective, defaults Limits) error {
	bw := bufio.NewWriter(w)
	p := printer{w: bw, cwd: e.cwd}
	fmt.Fprintf(bw, "# idlint configuration for %s\n", path)
	if len(e.Files) == 0 {
		fmt.Fprintln(bw, "# read from: no file (defaults and flags)")
	}
	for i, f := range e.Files {
		how := "extended"
		if i == 0 {
			how = "closest"
		}
		fmt.Fprintf(bw, "# read from: %s (%s)\n", p.path(f), how)
	}
	for _, o := range e.Overrides {
		fmt.Fprintf(bw, "# override applied: %s\n", p.origin(o))
	}
	on := 0
	for _, st := range e.Rules {
		if st.Enabled {
			on++
		}
	}
	fmt.Fprintf(bw, "# rules: %d of %d enabled\n", on, len(e.Rules))
	if e.Excluded(path) {
		fmt.Fprintln(bw, "# excluded: directory walks leave it out; named as an argument it is linted, unless --force-exclude")
	}

	if len(e.Exclude) > 0 {
		fmt.Fprintln(bw, "\nexclude = [")
		for _, x := range e.Exclude {
			p.line("  "+quote(x.Glob)+",", fmt.Sprintf("%s (relative to %s)", p.origin(x.Origin), p.dir(x.Dir)))
		}
		fmt.Fprintln(bw, "]")
	}
	if on < len(e.Rules) {
		fmt.Fprintln(bw, "\nignore = [")
		for _, st := range e.Rules {
			if !st.Enabled {
				p.line("  "+quote(st.Rule.ID)+",", p.origin(st.EnabledOrigin)+": "+st.Why)
			}
		}
		fmt.Fprintln(bw, "]")
	}

	fmt.Fprintln(bw, "\n[profiles]")
	for _, s := range sortedKeys(e.Profiles) {
		v := e.Profiles[s]
		p.line(s+" = "+quote(v.V), p.origin(v.Origin))
	}
	for _, s := range sortedKeys(e.Options) {
		fmt.Fprintf(bw, "\n[options.%s]\n", s)
		for _, name := range sortedKeys(e.Options[s]) {
			v := e.Options[s][name]
			p.line(name+" = "+quote(v.V), p.origin(v.Origin))
		}
	}
	first := true
	for _, st := range e.Rules {
		if !st.Enabled || st.Level == rules.None {
			continue
		}
		if first {
			fmt.Fprintln(bw, "\n[severity]")
			first = false
		}
		p.line(st.Rule.ID+" = "+quote(st.Level.String()), p.origin(st.LevelOrigin))
	}

	fmt.Fprintln(bw, "\n[limits]  # run-wide: the current directory's configuration and the flags")
	lim := run.Limits
	intLine := func(key string, s, d Setting[int64]) {
		if !s.Set {
			s = d
		}
		p.line(key+" = "+strconv.FormatInt(s.V, 10), p.origin(s.Origin))
	}
	intLine("max-len", lim.MaxLen, defaults.MaxLen)
	intLine("max-member-bytes", lim.MaxMemberBytes, defaults.MaxMemberBytes)
	r := lim.MaxRatio
	if !r.Set {
		r = defaults.MaxRatio
	}
	p.line("max-ratio = "+strconv.FormatFloat(r.V, 'f', 1, 64), p.origin(r.Origin))
	intLine("max-depth", lim.MaxDepth, defaults.MaxDepth)
	intLine("max-window", lim.MaxWindow, defaults.MaxWindow)
	intLine("max-decompressed", lim.MaxDecompressed, defaults.MaxDecompressed)
	intLine("max-entries", lim.MaxEntries, defaults.MaxEntries)
	return bw.Flush()
}

type printer struct {
	w   *bufio.Writer
	cwd string
}

// line writes a key line with its origin as a comment.
func (p printer) line(text, comment string) {
	fmt.Fprintf(p.w, "%s  # %s\n", text, comment)
}

func (p printer) origin(o Origin) string {
	if o.File != "" {
		o.File = p.path(o.File)
	}
	return o.String()
}

// path shows a file relative to the current directory when below it.
func (p printer) path(f string) string {
	if rel, ok := relTo(p.cwd, f); ok {
		return filepath.FromSlash(rel)
	}
	return f
}

func (p printer) dir(d string) string {
	if d == p.cwd {
		return "."
	}
	return p.path(d)
}

// quote writes s as a TOML basic string.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f || r == utf8.RuneError:
			fmt.Fprintf(&b, "\\u%04X", r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
