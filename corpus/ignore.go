package corpus

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/fluxcd/pkg/sourceignore/gitignore"
)

// Directory walks leave out what ripgrep leaves out (issue 20 §2):
//
//   - paths matched by .gitignore files (in every directory, and in the
//     parents of the walked directory up to the repository root) and by
//     the repository's .git/info/exclude, inside a git repository only;
//   - paths matched by .ignore files (ripgrep's and ag's), inside a
//     repository or not; they take precedence over .gitignore files;
//   - hidden files and directories (names starting with ".");
//   - .git itself, unless both Options.Hidden and Options.NoIgnore;
//   - what Options.Skip excludes.
//
// Explicit arguments are never left out. Patterns are matched with
// go-git's gitignore matcher as Flux keeps it (fluxcd/pkg/sourceignore/
// gitignore: go-git's pattern.go and matcher.go without its dir.go, whose
// gcfg and encoding/gob cost every start; issue 25). The walk decides
// each entry as git does: by the last pattern matching the entry itself,
// with deeper files taking precedence, once its directory is known not to
// be ignored.

// ignorer decides which entries of a directory walk are left out, and
// counts them.
type ignorer struct {
	opt      Options
	rules    bool        // ignore files are read (not NoIgnore)
	dir      []string    // the absolute path of the directory being walked, split
	ignore   []ignorePat // .ignore patterns, lowest precedence first
	git      []ignorePat // .git/info/exclude then .gitignore patterns, lowest first
	inRepo   bool        // the directory being walked is in a git repository
	ignored  *Ignored
	errInput []Input // ignore files that could not be read
}

// Ignored counts the paths a walk left out: a directory counts once,
// whatever it holds (it is not read).
type Ignored struct {
	Files, Dirs int
}

// Total is the number of paths left out.
func (n Ignored) Total() int { return n.Files + n.Dirs }

// ignorePat is one pattern of an ignore file, with what go-git's matcher
// does not tell about it.
type ignorePat struct {
	p      gitignore.Pattern
	domain []string // the directory of its file, split
	// simple: no slash but a trailing one, so it matches a name at any
	// depth; go-git also matches it against every parent's name
	simple bool
	// stars: a "**" segment, so it may match a directory and, directly,
	// what lies below it
	stars bool
	// inside: the number of segments before a trailing "/**", which
	// matches only what is inside them (go-git matches them too); -1 if none
	inside int
}

// newIgnorer prepares the walk of root: the repository it is in, and the
// ignore files of root's parents within it.
func newIgnorer(root string, opt Options, ignored *Ignored) *ignorer {
	ig := &ignorer{opt: opt, rules: !opt.NoIgnore, ignored: ignored}
	abs, err := filepath.Abs(root)
	if err != nil || !ig.rules {
		return ig
	}
	// parents from the repository root down, their ignore files; outside
	// a repository, none (ripgrep reads .gitignore files only in one)
	var parents []string
	for d := filepath.Dir(abs); ; d = filepath.Dir(d) {
		parents = append(parents, d)
		if isRepo(d) {
			ig.inRepo = true
			break
		}
		if filepath.Dir(d) == d {
			parents = nil
			break
		}
	}
	if isRepo(abs) {
		ig.inRepo, parents = true, nil
	}
	for i := len(parents) - 1; i >= 0; i-- {
		ig.load(parents[i], i == len(parents)-1)
	}
	return ig
}

// isRepo reports whether dir is the top of a git work tree: it holds a
// .git directory, or a .git file (a linked work tree, a submodule).
func isRepo(dir string) bool {
	_, err := os.Lstat(filepath.Join(dir, ".git"))
	return err == nil
}

// enter reads the ignore files of dir, about to be walked, and returns
// what restores the state of its parent.
func (ig *ignorer) enter(dir string) (leave func()) {
	saved := *ig
	abs, err := filepath.Abs(dir)
	if err == nil && ig.rules {
		top := isRepo(abs)
		if top {
			// a repository (nested or not) starts anew: its parents'
			// .gitignore files do not reach into it, as in git
			ig.git, ig.inRepo = nil, true
		}
		ig.load(abs, top)
	}
	ig.dir = pathComps(abs)
	return func() {
		errs := ig.errInput
		*ig = saved
		ig.errInput = errs
	}
}

// load reads dir's ignore files; top: dir is a repository's top, whose
// .git/info/exclude comes first.
func (ig *ignorer) load(dir string, top bool) {
	domain := pathComps(dir)
	if top {
		if p := excludeFile(dir); p != "" {
			ig.git = ig.read(ig.git, p, domain)
		}
	}
	if ig.inRepo {
		ig.git = ig.read(ig.git, filepath.Join(dir, ".gitignore"), domain)
	}
	ig.ignore = ig.read(ig.ignore, filepath.Join(dir, ".ignore"), domain)
}

// excludeFile finds the repository's info/exclude: in .git, or in the
// common directory of a linked work tree.
func excludeFile(top string) string {
	dotgit := filepath.Join(top, ".git")
	fi, err := os.Stat(dotgit)
	if err != nil {
		return ""
	}
	gitdir := dotgit
	if !fi.IsDir() {
		b, err := os.ReadFile(dotgit)
		line, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir:")
		if err != nil || !ok {
			return ""
		}
		gitdir = strings.TrimSpace(line)
		if !filepath.IsAbs(gitdir) {
			gitdir = filepath.Join(top, gitdir)
		}
		if c, err := os.ReadFile(filepath.Join(gitdir, "commondir")); err == nil {
			common := strings.TrimSpace(string(c))
			if !filepath.IsAbs(common) {
				common = filepath.Join(gitdir, common)
			}
			gitdir = common
		}
	}
	return filepath.Join(gitdir, "info", "exclude")
}

// read appends the patterns of the ignore file at path; one that exists
// but may not be read is reported as an input in error. In a directory
// that may be listed but not searched (mode r--) no file can be told to
// exist, and its files fail by themselves: nothing is reported for it.
func (ig *ignorer) read(pats []ignorePat, path string, domain []string) []ignorePat {
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, fs.ErrPermission) && lstatOK(path) {
			ig.errInput = append(ig.errInput, Input{Path: path, Err: err})
		}
		return pats
	}
	for _, line := range bytes.Split(data, []byte("\n")) {
		if p, ok := parsePattern(string(bytes.TrimSuffix(line, []byte("\r"))), domain); ok {
			pats = append(pats, p)
		}
	}
	return pats
}

func lstatOK(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// parsePattern reads one line of an ignore file (gitignore(5)).
func parsePattern(line string, domain []string) (ignorePat, bool) {
	if strings.HasPrefix(line, "#") {
		return ignorePat{}, false
	}
	neg := strings.HasPrefix(line, "!")
	body := strings.TrimPrefix(line, "!")
	if !strings.HasSuffix(body, `\ `) {
		body = strings.TrimRight(body, " ")
	}
	dirOnly := strings.HasSuffix(body, "/")
	body = strings.TrimSuffix(body, "/")
	if strings.Trim(body, "/") == "" {
		return ignorePat{}, false // blank, or "/" alone: matches nothing
	}
	p := ignorePat{domain: domain, inside: -1, simple: !strings.Contains(body, "/")}
	segs := strings.Split(body, "/")
	for i, s := range segs {
		if s != "**" {
			segs[i] = gitGlob(s)
			continue
		}
		p.stars = true
		if i == len(segs)-1 && i > 0 {
			p.inside = i
			if segs[0] == "" {
				p.inside-- // anchored: "/a/**"
			}
		}
	}
	// go-git reads the rest as git does (negation, directories only,
	// anchoring); only the segments' globs are rewritten
	text := strings.Join(segs, "/")
	if neg {
		text = "!" + text
	}
	if dirOnly {
		text += "/"
	}
	p.p = gitignore.ParsePattern(text, domain)
	return p, true
}

// gitGlob rewrites one segment of a git pattern for filepath.Match, which
// go-git matches with: "[!…]" is git's "[^…]", and "**" inside a segment
// is "*" (git: "other consecutive asterisks are regular asterisks").
func gitGlob(s string) string {
	if !strings.ContainsAny(s, "[*") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			b.WriteByte(c)
			i++
			b.WriteByte(s[i])
			continue
		case c == '*' && i > 0 && s[i-1] == '*':
			continue
		case c == '[' && i+1 < len(s) && s[i+1] == '!':
			b.WriteString("[^")
			i++
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// skip reports whether the walk leaves out the entry name of the
// directory being walked, whose path is p, and counts it.
func (ig *ignorer) skip(p, name string, isDir bool) bool {
	out := false
	switch {
	case name == ".git":
		out = !(ig.opt.Hidden && ig.opt.NoIgnore)
	case !ig.opt.Hidden && strings.HasPrefix(name, "."):
		out = true
	case ig.opt.Skip != nil && ig.opt.Skip(p, isDir):
		out = true
	case len(ig.ignore)+len(ig.git) > 0:
		path := append(ig.dir[:len(ig.dir):len(ig.dir)], name)
		if matched, ign := decide(ig.ignore, path, isDir); matched {
			out = ign
		} else if matched, ign := decide(ig.git, path, isDir); matched {
			out = ign
		}
	}
	// .git is the repository's own: left out silently, as ripgrep does,
	// so that every check inside a repository does not note it
	if out && ig.ignored != nil && name != ".git" {
		if isDir {
			ig.ignored.Dirs++
		} else {
			ig.ignored.Files++
		}
	}
	return out
}

// decide finds the last pattern of pats matching path itself, as git
// does, and whether it ignores it. go-git's Pattern.Match also answers
// for a path below a matching directory; the walk asks only about
// entries of directories it entered, so such a match is left to the
// entry's own: a pattern that matches the parent too counts only if it
// matches the entry's own name (a name pattern), or may match at any
// depth (a "**").
func decide(pats []ignorePat, path []string, isDir bool) (matched, ignored bool) {
	parent := path[:len(path)-1]
	for i := len(pats) - 1; i >= 0; i-- {
		q := &pats[i]
		r := q.p.Match(path, isDir)
		if r == gitignore.NoMatch {
			continue
		}
		if q.inside >= 0 && len(path)-len(q.domain) <= q.inside {
			continue // "a/**" is not "a"
		}
		if q.p.Match(parent, true) != gitignore.NoMatch {
			switch {
			case q.simple:
				own := append(q.domain[:len(q.domain):len(q.domain)], path[len(path)-1])
				if q.p.Match(own, isDir) == gitignore.NoMatch {
					continue
				}
			case !q.stars:
				continue
			}
		}
		return true, r == gitignore.Exclude
	}
	return false, false
}

// pathComps returns the components of an absolute path.
func pathComps(abs string) []string {
	var out []string
	for _, c := range strings.Split(filepath.ToSlash(abs), "/") {
		if c != "" {
			out = append(out, c)
		}
	}
	return out
}
