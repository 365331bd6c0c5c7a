package config

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/idlint/idlint/internal/testtree"
	"github.com/idlint/idlint/rules"
)

// tree writes a file tree for a test (internal/testtree).
var tree = testtree.Write

// state is the rule state of id in e.
func state(t *testing.T, e *Effective, id string) RuleState {
	t.Helper()
	for _, st := range e.Rules {
		if st.Rule.ID == id {
			return st
		}
	}
	t.Fatalf("no rule %s in the catalog", id)
	return RuleState{}
}

// checkRules checks that the rules on are enabled and the rules off are not.
func checkRules(t *testing.T, e *Effective, on, off []string) {
	t.Helper()
	for _, id := range on {
		if st := state(t, e, id); !st.Enabled {
			t.Errorf("%s is off (%s: %s), want on", id, st.EnabledOrigin, st.Why)
		}
	}
	for _, id := range off {
		if st := state(t, e, id); st.Enabled {
			t.Errorf("%s is on, want off", id)
		}
	}
}

func rel(root string, files []string) []string {
	var out []string
	for _, f := range files {
		r, _ := filepath.Rel(root, f)
		out = append(out, filepath.ToSlash(r))
	}
	return out
}

// issue 20 §1: idlint.toml is found by walking up from each linted file;
// the closest file wins (no implicit merging); extend inherits explicitly.
func TestDiscovery(t *testing.T) {
	root := tree(t, map[string]string{
		"idlint.toml":        `ignore = ["URN041"]`,
		"b/idlint.toml":      `ignore = ["URN042"]`,
		"c/idlint.toml":      "extend = \"../idlint.toml\"\nignore = [\"URN042\"]",
		"c/d/idlint.toml":    "extend = \"../idlint.toml\"\nextend-select = [\"URN041\"]",
		"e/idlint.toml/keep": "", // a directory named idlint.toml is not a file
	})
	for _, tc := range []struct {
		path    string
		files   []string
		on, off []string
	}{
		{"x.txt", []string{"idlint.toml"}, []string{"URN042"}, []string{"URN041"}},
		{"a/x.txt", []string{"idlint.toml"}, []string{"URN042"}, []string{"URN041"}},
		{"b/x.txt", []string{"b/idlint.toml"}, []string{"URN041"}, []string{"URN042"}},                                     // closest wins
		{"b/deep/er/x.txt", []string{"b/idlint.toml"}, []string{"URN041"}, []string{"URN042"}},                             // walks up
		{"c/x.txt", []string{"c/idlint.toml", "idlint.toml"}, nil, []string{"URN041", "URN042"}},                           // extend
		{"c/d/x.txt", []string{"c/d/idlint.toml", "c/idlint.toml", "idlint.toml"}, []string{"URN041"}, []string{"URN042"}}, // a chain
		{"e/x.txt", []string{"idlint.toml"}, nil, []string{"URN041"}},
	} {
		t.Run(tc.path, func(t *testing.T) {
			ld := &Loader{Cwd: root}
			e, err := ld.For(tc.path)
			if err != nil {
				t.Fatal(err)
			}
			if got := rel(root, e.Files); !slices.Equal(got, tc.files) {
				t.Errorf("files %q, want %q", got, tc.files)
			}
			checkRules(t, e, tc.on, tc.off)
		})
	}
}

// idlint config PATH (issue 20 §1): a directory's own idlint.toml applies
// to it; a file, or a path that does not exist, is configured by its
// directory's.
func TestForPath(t *testing.T) {
	root := tree(t, map[string]string{"idlint.toml": "", "b/idlint.toml": "", "b/x.txt": ""})
	for _, tc := range []struct {
		path  string
		files []string
	}{
		{".", []string{"idlint.toml"}},
		{"b", []string{"b/idlint.toml"}},
		{"b/x.txt", []string{"b/idlint.toml"}},
		{"x.txt", []string{"idlint.toml"}},
		{"nope/x", []string{"idlint.toml"}},
	} {
		e, err := (&Loader{Cwd: root}).ForPath(tc.path)
		if err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		if got := rel(root, e.Files); !slices.Equal(got, tc.files) {
			t.Errorf("ForPath(%q): files %q, want %q", tc.path, got, tc.files)
		}
	}
}

// issue 20 §1: --config names one file for every path; --isolated reads none.
func TestExplicitAndIsolated(t *testing.T) {
	root := tree(t, map[string]string{
		"idlint.toml":     `ignore = ["URN041"]`,
		"b/idlint.toml":   `ignore = ["URN042"]`,
		"other/cfg.toml":  `ignore = ["URN040"]`,
		"other/base.toml": `ignore = ["URN001"]`,
	})
	for _, tc := range []struct {
		name    string
		ld      *Loader
		on, off []string
	}{
		{"explicit", &Loader{Explicit: "other/cfg.toml"}, []string{"URN041", "URN042"}, []string{"URN040"}},
		{"isolated", &Loader{Isolated: true}, []string{"URN040", "URN041", "URN042"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.ld.Cwd = root
			e, err := tc.ld.For("b/x.txt")
			if err != nil {
				t.Fatal(err)
			}
			checkRules(t, e, tc.on, tc.off)
		})
	}
}

// issue 20 §1: extend chains that loop, or name a missing file, are
// errors naming the file and line of the extend.
func TestExtendErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"cycle", map[string]string{
			"idlint.toml":   "# a\nextend = \"b/idlint.toml\"",
			"b/idlint.toml": `extend = "../idlint.toml"`,
		}, "extend cycle: idlint.toml → b/idlint.toml → idlint.toml"},
		{"self", map[string]string{"idlint.toml": `extend = "./idlint.toml"`}, "idlint.toml:1: extend cycle: idlint.toml → idlint.toml"},
		{"missing", map[string]string{"idlint.toml": "\n\nextend = \"base.toml\""}, "idlint.toml:3: extend: base.toml: no such file"},
		{"bad parent", map[string]string{"idlint.toml": `extend = "base.toml"`, "base.toml": "selekt = []"}, `base.toml:1: unknown key "selekt" (did you mean select?)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := tree(t, tc.files)
			_, err := (&Loader{Cwd: root}).For("x.txt")
			if err == nil || !strings.Contains(err.Error(), filepath.FromSlash(tc.want)) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// issue 20 §1: select/ignore by ID, ID prefix, name and scheme/name; the
// more specific selector wins (ruff's rule), ignore on a tie; severity
// overrides the same way.
func TestSelectors(t *testing.T) {
	for _, tc := range []struct {
		name, toml string
		on, off    []string
		levels     map[string]rules.Severity
	}{
		{"prefix", `select = ["URN04"]`, []string{"URN040", "URN041", "URN042"}, []string{"URN001", "XRI001", "IDL001"}, nil},
		{"letters", `select = ["xri"]`, []string{"XRI001", "XRI035"}, []string{"URN001", "GO001"}, nil},
		{"ID beats prefix", "select = [\"URN041\"]\nignore = [\"URN04\"]", []string{"URN041"}, []string{"URN040", "URN042"}, nil},
		{"prefix loses to ID", "select = [\"URN04\"]\nignore = [\"URN041\"]", []string{"URN040", "URN042"}, []string{"URN041"}, nil},
		{"tie: ignore wins", "select = [\"URN04\"]\nignore = [\"URN04\"]", nil, []string{"URN040", "URN041"}, nil},
		{"name", `ignore = ["compat-rfc2141-slash"]`, []string{"URN040"}, []string{"URN041"}, nil},
		{"name in every scheme", `ignore = ["bad-percent-encoding"]`, []string{"URN001"}, []string{"URN006", "XRI003", "LID009", "GO005"}, nil},
		{"scheme/name", `ignore = ["urn/bad-percent-encoding"]`, []string{"XRI003", "LID009"}, []string{"URN006"}, nil},
		{"ALL", "select = [\"ALL\"]\nignore = [\"XRI\"]", []string{"URN001", "GO001"}, []string{"XRI001"}, nil},
		{"empty select", `select = []`, nil, []string{"URN001", "XRI001", "GO001", "LID001"}, nil},
		{"extend-select", "select = [\"URN\"]\nextend-select = [\"XRI001\"]", []string{"URN001", "XRI001"}, []string{"XRI002"}, nil},
		{"severity", "[severity]\nURN04 = \"error\"\nURN041 = \"off\"\n\"xri/bad-percent-encoding\" = \"info\"",
			[]string{"URN040", "XRI003"}, []string{"URN041"}, map[string]rules.Severity{"URN040": rules.Error, "URN042": rules.Error, "XRI003": rules.Info}},
		{"severity does not enable", "ignore = [\"URN040\"]\n[severity]\nURN040 = \"error\"", nil, []string{"URN040"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := tree(t, map[string]string{"idlint.toml": tc.toml})
			e, err := (&Loader{Cwd: root}).For("x.txt")
			if err != nil {
				t.Fatal(err)
			}
			checkRules(t, e, tc.on, tc.off)
			for id, want := range tc.levels {
				if got := state(t, e, id).Level; got != want {
					t.Errorf("%s level %v, want %v", id, got, want)
				}
			}
		})
	}
}

// issue 20 §1: [[overrides]] apply to the files their globs match
// (relative to the file's directory; a glob without a slash matches the
// name anywhere), after every file's top level.
func TestOverrides(t *testing.T) {
	root := tree(t, map[string]string{
		"idlint.toml": `
ignore = ["URN042"]

[[overrides]]
files = ["drafts/**"]
ignore = ["URN041"]
profiles = {urn = "rfc2141"}

[[overrides]]
files = ["*.md", "notes/*.txt"]
extend-select = ["URN042"]
[overrides.severity]
URN006 = "warning"
`,
		"sub/idlint.toml": "extend = \"../idlint.toml\"\nignore = [\"URN040\"]",
	})
	for _, tc := range []struct {
		path    string
		applied []int // lines of the overrides applied
		on, off []string
		urn     string
		urn006  rules.Severity
	}{
		{"x.txt", nil, []string{"URN041"}, []string{"URN042"}, "rfc8141", rules.None},
		{"drafts/a.txt", []int{4}, nil, []string{"URN041", "URN042"}, "rfc2141", rules.None},
		{"drafts/deep/b.md", []int{4, 9}, []string{"URN042"}, []string{"URN041"}, "rfc2141", rules.Warning},
		{"notes.md", []int{9}, []string{"URN042"}, nil, "rfc8141", rules.Warning},
		{"notes/n.txt", []int{9}, []string{"URN042"}, nil, "rfc8141", rules.Warning},
		{"other/notes/n.txt", nil, nil, []string{"URN042"}, "rfc8141", rules.None},
		// the globs stay relative to the file that holds them
		{"sub/drafts/a.txt", nil, []string{"URN041"}, []string{"URN040", "URN042"}, "rfc8141", rules.None},
		{"drafts.txt", nil, nil, []string{"URN042"}, "rfc8141", rules.None},
	} {
		t.Run(tc.path, func(t *testing.T) {
			e, err := (&Loader{Cwd: root}).For(tc.path)
			if err != nil {
				t.Fatal(err)
			}
			var lines []int
			for _, o := range e.Overrides {
				lines = append(lines, o.Line)
			}
			if !slices.Equal(lines, tc.applied) {
				t.Errorf("overrides applied at lines %v, want %v", lines, tc.applied)
			}
			checkRules(t, e, tc.on, tc.off)
			if got := e.Profiles["urn"].V; got != tc.urn {
				t.Errorf("urn profile %q, want %q", got, tc.urn)
			}
			if got := state(t, e, "URN006").Level; got != tc.urn006 {
				t.Errorf("URN006 level %v, want %v", got, tc.urn006)
			}
		})
	}
}

// issue 20 §1: unknown keys and unknown rule IDs are errors naming the
// file and line, with a suggestion.
func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		name, toml, want string
	}{
		{"unknown key", `selct = ["URN001"]`, `idlint.toml:1: unknown key "selct" (did you mean select?)`},
		{"unknown nested key", "[limits]\nmax-lenn = 3", `idlint.toml:2: unknown key "limits.max-lenn" (did you mean max-len?)`},
		{"unknown override key", "[[overrides]]\nfiles = [\"x\"]\nignor = []", `idlint.toml:3: unknown key "overrides.ignor" (did you mean ignore?)`},
		{"unknown ID in an array", "select = [\n  \"URN001\",\n  \"URN999\",\n]", `idlint.toml:3: select: unknown rule "URN999" (did you mean URN009?)`},
		{"unknown name", `ignore = ["compat-rfc2141-slsh"]`, `idlint.toml:1: ignore: unknown rule "compat-rfc2141-slsh" (did you mean compat-rfc2141-slash?)`},
		{"unknown prefix", `ignore = ["URX"]`, `idlint.toml:1: ignore: unknown rule "URX"`},
		{"unknown ID as severity key", "\n[severity]\nURN0999 = \"off\"", `idlint.toml:3: severity: unknown rule "URN0999"`},
		{"unknown ID in an override", "[[overrides]]\nfiles = [\"x\"]\n[overrides.severity]\nXRI999 = \"off\"", `idlint.toml:4: severity: unknown rule "XRI999"`},
		{"bad level", "[severity]\nURN001 = \"loud\"", `idlint.toml:2: severity URN001: unknown severity "loud"`},
		{"bad profile", "[profiles]\nurn = \"rfc2142\"", `idlint.toml:2: unknown urn profile "rfc2142" (known: rfc2141, rfc2141bis-03, rfc8141) (did you mean rfc2141?)`},
		{"bad scheme", "[profiles]\nurm = \"rfc2141\"", `idlint.toml:2: unknown scheme "urm" in profiles (did you mean urn?)`},
		{"bad option", "[options.urn]\nequivalenc = \"5a\"", `idlint.toml:2: unknown urn option "equivalenc" (did you mean equivalence?)`},
		{"bad option value", "[options.urn]\nequivalence = \"5c\"", `idlint.toml:2: equivalence = "5c" in [options.urn]: want 5a or 5b`},
		{"bad glob", "[[overrides]]\nfiles = [\"a/[b\"]", `idlint.toml:2: files: bad glob "a/[b"`},
		{"override without files", "[[overrides]]\nignore = [\"URN001\"]", `idlint.toml:1: [[overrides]] needs files`},
		{"wrong type", `select = "URN001"`, `idlint.toml:1: select: want an array of strings, not a string`},
		{"syntax", "select = [", `idlint.toml:1:`},
		{"empty extend", `extend = ""`, `idlint.toml:1: extend is empty`},
		{"after a byte order mark", "\uFEFFignore = [\"URN0O1\"]\r\n", `idlint.toml:1: ignore: unknown rule "URN0O1"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := tree(t, map[string]string{"idlint.toml": tc.toml})
			_, err := (&Loader{Cwd: root}).For("x.txt")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// issue 20 §1: flags override the file.
func TestFlagsOverride(t *testing.T) {
	root := tree(t, map[string]string{"idlint.toml": `
ignore = ["URN041"]
[profiles]
urn = "rfc2141"
[limits]
max-len = 100
max-depth = 2
`})
	flag := func(name string) Origin { return Origin{Flag: name} }
	sel, err := ParseSelector("URN041", flag("--extend-select"))
	if err != nil {
		t.Fatal(err)
	}
	ign, err := ParseSelector("URN04", flag("--ignore"))
	if err != nil {
		t.Fatal(err)
	}
	ld := &Loader{Cwd: root,
		Flags: Layer{
			Profiles:     map[string]Setting[string]{"urn": {V: "rfc8141", Set: true, Origin: flag("--profile")}},
			ExtendSelect: []Selector{sel}, Ignore: []Selector{ign},
		},
		FlagLimits: Limits{MaxLen: Setting[int64]{V: 50, Set: true, Origin: flag("--max-len")}},
	}
	e, err := ld.ForDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ what, got, want string }{
		{"urn profile", e.Profiles["urn"].V + " " + e.Profiles["urn"].Origin.String(), "rfc8141 flag --profile"},
		{"xri profile", e.Profiles["xri"].V + " " + e.Profiles["xri"].Origin.String(), "auto default"},
		{"max-len", e.Limits.MaxLen.Origin.String(), "flag --max-len"},
		{"max-depth", filepath.Base(e.Limits.MaxDepth.Origin.String()), "idlint.toml:7"},
		{"URN041", state(t, e, "URN041").EnabledOrigin.String(), "flag --extend-select"},
		{"URN040", state(t, e, "URN040").EnabledOrigin.String(), "flag --ignore"},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: %q, want %q", tc.what, tc.got, tc.want)
		}
	}
	checkRules(t, e, []string{"URN041"}, []string{"URN040"})
}

// issue 20 §1: exclude paths, relative to their file; extend-exclude adds
// to the inherited ones, exclude replaces them.
func TestExcluded(t *testing.T) {
	root := tree(t, map[string]string{
		"idlint.toml":      `exclude = ["build", "docs/*.txt", "**/gen/**"]`,
		"add/idlint.toml":  "extend = \"../idlint.toml\"\nextend-exclude = [\"*.log\"]",
		"repl/idlint.toml": "extend = \"../idlint.toml\"\nexclude = [\"old\"]",
	})
	for _, tc := range []struct {
		path string
		want bool
	}{
		{"x.txt", false},
		{"build/x.txt", true},
		{"a/build/x.txt", true}, // a name without a slash matches anywhere
		{"a/builder/x.txt", false},
		{"docs/x.txt", true},
		{"docs/x.md", false},
		{"a/docs/x.txt", false}, // a glob with a slash is relative to its file
		{"a/gen/b/x.txt", true},
		{"add/x.log", true},
		{"add/build/x.txt", true},
		{"repl/build/x.txt", false},
		{"repl/old/x.txt", true},
		{"-", false},
	} {
		ld := &Loader{Cwd: root}
		e, err := ld.For(tc.path)
		if err != nil {
			t.Fatal(err)
		}
		if got := e.Excluded(tc.path); got != tc.want {
			t.Errorf("Excluded(%q) = %v, want %v", tc.path, got, tc.want)
		}
		if got := ld.Excluded(filepath.Dir(tc.path), true) || ld.Excluded(tc.path, false); got != tc.want {
			t.Errorf("Loader.Excluded(%q) = %v, want %v", tc.path, got, tc.want)
		}
	}
}

// issue 20 §1: `idlint config` prints valid TOML that, read back, gives
// the same lint configuration, each key with its origin.
func TestWriteRoundTrip(t *testing.T) {
	root := tree(t, map[string]string{
		"idlint.toml": `
select = ["URN", "XRI0"]
ignore = ["URN04"]
[profiles]
urn = "rfc2141"
[options.urn]
equivalence = "5b"
[severity]
URN003 = "info"
[[overrides]]
files = ["d/**"]
ignore = ["XRI001"]
`,
	})
	ld := &Loader{Cwd: root}
	e, err := ld.For("d/x.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := e.Write(&out, "d/x.txt", e, Limits{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"# read from: idlint.toml (closest)",
		"# override applied: idlint.toml:10",
		`urn = "rfc2141"  # idlint.toml:5`,
		`equivalence = "5b"  # idlint.toml:7`,
		`xri = "auto"  # default`,
		`URN003 = "info"  # idlint.toml:9`,
		`"URN041",  # idlint.toml:3: ignore "URN04"`,
		`"GO001",  # idlint.toml:2: not in select`,
		`"XRI001",  # idlint.toml:12: ignore "XRI001"`,
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	back, err := Parse(filepath.Join(root, "printed.toml"), out.Bytes())
	if err != nil {
		t.Fatalf("printed config does not read back: %v\n%s", err, out.String())
	}
	e2, err := resolve([]*File{back}, nil, nil, Limits{}, root)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(e.Lint(), e2.Lint()) {
		t.Errorf("read back: %v\nwant %v", e2.Lint(), e.Lint())
	}
}

// issue 20 §1: paths with equal lint settings share an engine; others
// get their own.
func TestEngineFor(t *testing.T) {
	root := tree(t, map[string]string{
		"a/idlint.toml": `ignore = ["URN041"]`,
		"b/idlint.toml": `ignore = ["compat-rfc2141-slash"]`, // the same rule by name
		"c/idlint.toml": `ignore = ["URN042"]`,
	})
	ld := &Loader{Cwd: root}
	eng := map[string]any{}
	for _, p := range []string{"a/x.txt", "a/y.txt", "b/x.txt", "c/x.txt"} {
		e, err := ld.EngineFor(p)
		if err != nil {
			t.Fatal(err)
		}
		eng[p] = e
	}
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"a/x.txt", "a/y.txt", true},
		{"a/x.txt", "b/x.txt", true},
		{"a/x.txt", "c/x.txt", false},
	} {
		if got := eng[tc.a] == eng[tc.b]; got != tc.same {
			t.Errorf("%s and %s share an engine: %v, want %v", tc.a, tc.b, got, tc.same)
		}
	}
}

// issue 25 (the RFC directory): the engine remembered per directory is
// the one For's configuration gives, file by file, asked twice and in
// any order; a directory whose configuration has [[overrides]] is never
// remembered (two files of one directory, two engines).
func TestEngineForPerDirectory(t *testing.T) {
	root := tree(t, map[string]string{
		"a/idlint.toml":   `ignore = ["URN041"]`,
		"o/idlint.toml":   "[[overrides]]\nfiles = [\"*.md\"]\nignore = [\"URN042\"]",
		"o/s/idlint.toml": "extend = \"../idlint.toml\"\nignore = [\"URN040\"]",
	})
	paths := []string{"x.txt", "a/x.txt", "a/y.md", "a/b/z.txt", "o/x.txt", "o/y.md", "o/s/x.txt", "o/s/y.md", "o/x.md", "-"}
	for _, order := range [][]int{{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {9, 8, 7, 6, 5, 4, 3, 2, 1, 0}} {
		ld := &Loader{Cwd: root}
		for round := range 2 {
			for _, i := range order {
				p := paths[i]
				got, err := ld.EngineFor(p)
				if err != nil {
					t.Fatal(err)
				}
				e, err := ld.For(p)
				if err != nil {
					t.Fatal(err)
				}
				if want := ld.engines[e.key]; got != want {
					t.Errorf("round %d, %s: not the engine of its configuration (%s)", round, p, e.key)
				}
			}
		}
		x, _ := ld.EngineFor("o/x.txt")
		y, _ := ld.EngineFor("o/y.md")
		if x == y {
			t.Errorf("o/x.txt and o/y.md (an override for *.md) share an engine")
		}
	}
}

// BenchmarkEngineFor is the cost of a file's engine (once per input, by
// the pipeline): with and without [[overrides]] to match.
func BenchmarkEngineFor(b *testing.B) {
	for _, tc := range []struct{ name, toml string }{
		{"plain", `ignore = ["URN041"]`},
		{"overrides", "[[overrides]]\nfiles = [\"drafts/**\"]\nignore = [\"URN041\"]\n[[overrides]]\nfiles = [\"*.md\"]\nignore = [\"URN042\"]"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			root := b.TempDir()
			if err := os.WriteFile(filepath.Join(root, FileName), []byte(tc.toml), 0o644); err != nil {
				b.Fatal(err)
			}
			ld := &Loader{Cwd: root}
			paths := []string{"a/b/c.txt", "drafts/x.md", "rfc/rfc2141.txt"}
			for i := 0; b.Loop(); i++ {
				if _, err := ld.EngineFor(paths[i%len(paths)]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// issue 20 §1: the example file in README's Configuration section is valid.
func TestReadmeExample(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(readme), "\n## Configuration\n")
	_, block, ok2 := strings.Cut(sec, "```toml\n")
	block, _, ok3 := strings.Cut(block, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("README.md has no toml block under ## Configuration")
	}
	f, err := Parse(filepath.Join(t.TempDir(), FileName), []byte(block))
	if err != nil {
		t.Fatalf("README's example: %v", err)
	}
	if len(f.Overrides) != 1 || !f.Limits.MaxLen.Set || f.Extend == "" {
		t.Errorf("README's example read as %+v", f)
	}
}
