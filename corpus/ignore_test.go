package corpus

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/idlint/idlint/internal/testtree"
)

// tree writes a file tree for a test (internal/testtree).
var tree = testtree.Write

// walked expands args (relative to dir, "." for dir) and returns the
// inputs relative to dir, slash-separated, and the count left out.
func walked(t *testing.T, dir string, args []string, opt Options) ([]string, Ignored) {
	t.Helper()
	var abs []string
	for _, a := range args {
		abs = append(abs, filepath.Join(dir, filepath.FromSlash(a)))
	}
	ins, n := ExpandCounted(abs, opt)
	var out []string
	for _, in := range ins {
		rel, err := filepath.Rel(dir, in.Path)
		if err != nil {
			t.Fatal(err)
		}
		if in.Err != nil {
			rel += " (error)"
		}
		out = append(out, filepath.ToSlash(rel))
	}
	return out, n
}

// issue 20 §2: directory walks leave out what ripgrep leaves out; explicit
// arguments are always inputs.
func TestWalkIgnores(t *testing.T) {
	t.Parallel()
	repo := map[string]string{
		".git/HEAD":                      "ref: refs/heads/main\n",
		".git/info/exclude":              "*.excluded\n",
		".gitignore":                     "# comment\n*.log\n!keep.log\nbuild/\n/top.txt\ndocs/**/gen/\n",
		"a.txt":                          "",
		"top.txt":                        "",
		"sub/top.txt":                    "", // "/top.txt" is anchored to the root
		"x.log":                          "",
		"keep.log":                       "",
		"b.excluded":                     "",
		"build/out.txt":                  "",
		"sub/build/o.txt":                "", // "build/" matches at any depth
		"docs/a/gen/g.txt":               "",
		"docs/a/b.txt":                   "",
		"sub/.gitignore":                 "*.md\n!README.md\n",
		"sub/x.md":                       "",
		"sub/README.md":                  "",
		".hidden":                        "",
		".hdir/h.txt":                    "",
		"node/.ignore":                   "ignored-by-dot-ignore.txt\n",
		"node/ignored-by-dot-ignore.txt": "",
		"node/kept.txt":                  "",
	}
	for _, c := range []struct {
		name    string
		files   map[string]string
		args    []string
		opt     Options
		want    []string
		ignored Ignored
	}{
		{
			name:  "issue 20 §2: nested .gitignore, negation, dir-only, anchored, **, info/exclude, .ignore, hidden and .git",
			files: repo, args: []string{"."},
			want:    []string{"a.txt", "docs/a/b.txt", "keep.log", "node/kept.txt", "sub/README.md", "sub/top.txt"},
			ignored: Ignored{Files: 9, Dirs: 4}, // .hdir build sub/build docs/a/gen (.git silently); .gitignore .hidden b.excluded top.txt x.log node/.ignore node/ignored… sub/.gitignore sub/x.md
		},
		{
			name:  "issue 20 §2: --hidden enters hidden paths but not .git",
			files: repo, args: []string{"."}, opt: Options{Hidden: true},
			want:    []string{".gitignore", ".hdir/h.txt", ".hidden", "a.txt", "docs/a/b.txt", "keep.log", "node/.ignore", "node/kept.txt", "sub/.gitignore", "sub/README.md", "sub/top.txt"},
			ignored: Ignored{Files: 5, Dirs: 3},
		},
		{
			name:  "issue 20 §2: --no-ignore reads no ignore file, hidden paths still out",
			files: repo, args: []string{"."}, opt: Options{NoIgnore: true},
			want:    []string{"a.txt", "b.excluded", "build/out.txt", "docs/a/b.txt", "docs/a/gen/g.txt", "keep.log", "node/ignored-by-dot-ignore.txt", "node/kept.txt", "sub/README.md", "sub/build/o.txt", "sub/top.txt", "sub/x.md", "top.txt", "x.log"},
			ignored: Ignored{Files: 4, Dirs: 1},
		},
		{
			name:  "issue 20 §2: --hidden --no-ignore walks everything, .git too",
			files: map[string]string{".git/HEAD": "x", ".gitignore": "*\n", "a": ""}, args: []string{"."}, opt: Options{Hidden: true, NoIgnore: true},
			want: []string{".git/HEAD", ".gitignore", "a"},
		},
		{
			name:  "issue 20 §2: explicit arguments are inputs even when ignored or hidden",
			files: repo, args: []string{"x.log", ".hidden", "build/out.txt", ".git/HEAD"},
			want: []string{"x.log", ".hidden", "build/out.txt", ".git/HEAD"},
		},
		{
			name:  "issue 20 §2: an explicit ignored directory is walked, its own contents by the rules",
			files: repo, args: []string{"build", "sub"},
			want:    []string{"build/out.txt", "sub/README.md", "sub/top.txt"},
			ignored: Ignored{Files: 2, Dirs: 1},
		},
		{
			name:  "issue 20 §2: a subdirectory's walk honours its parents' .gitignore up to the repository root",
			files: repo, args: []string{"sub"},
			want:    []string{"sub/README.md", "sub/top.txt"},
			ignored: Ignored{Files: 2, Dirs: 1},
		},
		{
			name:  "issue 20 §2: outside a repository .gitignore is not read, .ignore is",
			files: map[string]string{".gitignore": "a\n", ".ignore": "b\n", "a": "", "b": "", "c": ""}, args: []string{"."},
			want:    []string{"a", "c"},
			ignored: Ignored{Files: 3},
		},
		{
			name:  "issue 20 §2: .ignore takes precedence over .gitignore",
			files: map[string]string{".git/": "", ".gitignore": "*.txt\n", ".ignore": "!keep.txt\n", "keep.txt": "", "drop.txt": ""}, args: []string{"."},
			want:    []string{"keep.txt"},
			ignored: Ignored{Files: 3},
		},
		{
			name:  "issue 20 §2: a nested repository is out of its parent's .gitignore",
			files: map[string]string{".git/": "", ".gitignore": "*.txt\n", "a.txt": "", "inner/.git/": "", "inner/b.txt": ""}, args: []string{"."},
			want:    []string{"inner/b.txt"},
			ignored: Ignored{Files: 2},
		},
		{
			name:  "issue 20 §2: gitignore(5) allow-list idiom: a re-included directory's files are still matched",
			files: map[string]string{".git/": "", ".gitignore": "*\n!*/\n!*.txt\n", "a.bin": "", "a.txt": "", "d/b.bin": "", "d/b.txt": ""}, args: []string{"."},
			want:    []string{"a.txt", "d/b.txt"},
			ignored: Ignored{Files: 3},
		},
		{
			name:  "issue 20 §2: a/** ignores what is inside a, not a: a negation inside still works",
			files: map[string]string{".git/": "", ".gitignore": "a/**\n!a/keep\n", "a/keep": "", "a/drop": ""}, args: []string{"."},
			want:    []string{"a/keep"},
			ignored: Ignored{Files: 2},
		},
		{
			name:  "issue 20 §2: Skip leaves out what the caller excludes, never an explicit argument",
			files: map[string]string{"drafts/a.txt": "", "b.txt": "", "c.txt": ""}, args: []string{".", "c.txt"},
			opt: Options{Skip: func(p string, isDir bool) bool {
				return isDir && filepath.Base(p) == "drafts" || filepath.Base(p) == "c.txt"
			}},
			want:    []string{"b.txt", "c.txt"},
			ignored: Ignored{Files: 1, Dirs: 1},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := tree(t, c.files)
			got, n := walked(t, dir, c.args, c.opt)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("inputs\n got %q\nwant %q", got, c.want)
			}
			if n != c.ignored {
				t.Errorf("ignored %+v, want %+v", n, c.ignored)
			}
		})
	}
}

// issue 20 §2: the walk leaves out what git leaves out: with --hidden, it
// lists what `git ls-files --others --exclude-standard` lists, for
// patterns of each kind gitignore(5) describes.
func TestWalkLikeGit(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git absent: the walk is not compared with git")
	}
	files := []string{
		"a.txt", "a.log", "b.bin", "keep.log", "top.txt", "foobar", "fooba", "bx", "ax", "#x", "!x", "sp ",
		"d/a.txt", "d/a.log", "d/top.txt", "d/e/a.log", "d/e/f.md", "d/gen/g.txt", "d/build",
		"build/o.txt", "x/build/o.txt", "a/b/c", "a/b/d.txt", "a/keep", "docs/x/gen/y.md", "docs/gen/z.md",
		"logs/x.log", "logs/y.txt", "foo/foo/bar", "m/n/o/p.md",
	}
	for _, c := range []struct{ name, ignore string }{
		{"gitignore(5): a name at any depth, negation", "*.log\n!keep.log\n"},
		{"gitignore(5): anchored with a leading slash", "/top.txt\n"},
		{"gitignore(5): anchored with an inner slash", "d/top.txt\nd/e\n"},
		{"gitignore(5): directories only", "build/\n"},
		{"gitignore(5): leading **", "**/gen\n"},
		{"gitignore(5): trailing **", "a/**\n!a/keep\n"},
		{"gitignore(5): inner **", "docs/**/*.md\nm/**/p.md\n"},
		{"gitignore(5): ** inside a segment is *", "foo**\n"},
		{"gitignore(5): [!…] and [^…]", "[!a]x\n"},
		{"gitignore(5): escapes", "\\#x\n\\!x\nsp\\ \n"},
		{"gitignore(5): allow-list idiom", "*\n!*/\n!*.txt\n"},
		{"gitignore(5): a re-included directory, a pattern below it", "a/**/*\n!a/b\n"},
		{"go-git#2112: a negated directory does not re-include its contents", "*.log\n!logs/\n"},
		{"gitignore(5): a file below an excluded directory cannot be re-included", "d/\n!d/a.txt\n"},
		{"gitignore(5): names repeated at two depths", "foo\n!foo/foo\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			m := map[string]string{".gitignore": c.ignore}
			for _, f := range files {
				m[f] = ""
			}
			dir := tree(t, m)
			git := exec.Command("git", "init", "-q", dir)
			git.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
			if out, err := git.CombinedOutput(); err != nil {
				t.Fatalf("git init: %v\n%s", err, out)
			}
			ls := exec.Command("git", "-C", dir, "ls-files", "-z", "--others", "--exclude-standard")
			ls.Env = git.Env
			out, err := ls.Output()
			if err != nil {
				t.Fatalf("git ls-files: %v", err)
			}
			var want []string
			for _, f := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
				if f != "" {
					want = append(want, f)
				}
			}
			got, _ := walked(t, dir, []string{"."}, Options{Hidden: true})
			sort.Strings(got)
			sort.Strings(want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf(".gitignore %q\nwalk %q\n git %q", c.ignore, got, want)
			}
		})
	}
}

// issue 25 (directory walk): a walk lists a directory's subdirectories
// before its inputs grow, so that they grow once for all of them (the RFC
// series' 500 files in subdirectories copied its 10,000 inputs into new
// pages); past lookaheadMax entries it lists them as it reaches them. The
// inputs, their errors and the counts left out are the same either way.
func TestWalkListsSubdirectoriesAhead(t *testing.T) {
	files := map[string]string{
		"a.txt":          "",
		"z.txt":          "",
		".ignore":        "*.log\nskipped/\n",
		"x.log":          "",
		"skipped/s.txt":  "",
		".hidden/h.txt":  "",
		"deep/d/e/f.txt": "",
		"empty/.keep":    "",
	}
	for _, d := range []string{"m", "n", "p"} {
		for i := range 40 {
			files[d+"/f"+strings.Repeat("0", i%3)+string(rune('a'+i%26))+".txt"] = ""
		}
	}
	dir := tree(t, files)
	if err := os.Symlink("m", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	defer func(n int) { lookaheadMax = n }(lookaheadMax)
	var want []string
	var wantN Ignored
	for _, c := range []struct {
		name string
		max  int
	}{{"listed ahead", 1 << 16}, {"as reached", 0}, {"bound met midway", 50}} {
		lookaheadMax = c.max
		got, n := walked(t, dir, []string{"."}, Options{})
		if want == nil {
			want, wantN = got, n
			// room for the entries listed (some left out), not the
			// doubling of inputs grown again (192 for 124 as reached)
			ins, _ := ExpandCounted([]string{dir}, Options{})
			if len(ins) != len(want) || cap(ins) > len(ins)*5/4 {
				t.Errorf("%s: %d inputs have room for %d: grown more than once", c.name, len(ins), cap(ins))
			}
			continue
		}
		if !reflect.DeepEqual(got, want) || n != wantN {
			t.Errorf("%s: %q, %+v; listed ahead: %q, %+v", c.name, got, n, want, wantN)
		}
	}
	if len(want) != 2+120+1+1 { // a, z, m/n/p's, deep's, link (an error: not followed)
		t.Errorf("%d inputs: %q", len(want), want)
	}
}

// issue 25 (the RFC directory's page faults): a directory listed ahead by
// its parent, whose own subdirectories then outgrow the room made for it
// (the RFC series: rfcdir/rfcs/ and its 500 files in rfcs/bcp/, rfcs/std/
// ...), grows the inputs once more at their size, copying only the inputs
// held: slices.Grow copied (and faulted in) the whole first allocation,
// and made room for twice as many.
func TestWalkGrowsInputsOnce(t *testing.T) {
	for _, c := range []struct {
		name       string
		files, sub int // files in top/only/, and in each of its 3 subdirectories
	}{{"only subdirectories' files", 0, 30}, {"mostly its own files", 200, 30}, {"few subdirectory files", 200, 1}} {
		files := map[string]string{}
		for i := range c.files {
			files[fmt.Sprintf("only/f%03d.txt", i)] = ""
		}
		for _, d := range []string{"a", "b", "c"} {
			for i := range c.sub {
				files[fmt.Sprintf("only/%s/g%03d.txt", d, i)] = ""
			}
		}
		dir := tree(t, files)
		ins, _ := ExpandCounted([]string{dir}, Options{})
		if want := c.files + 3*c.sub; len(ins) != want {
			t.Errorf("%s: %d inputs, want %d", c.name, len(ins), want)
		}
		if cap(ins) > len(ins)+3 { // room for the 3 subdirectories' entries, no more
			t.Errorf("%s: %d inputs have room for %d", c.name, len(ins), cap(ins))
		}
	}
}
