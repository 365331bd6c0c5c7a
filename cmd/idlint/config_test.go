package main

import (
	"archive/zip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// findings reads check's lines as "path severity RULE", paths relative to root.
func findings(root, out string) []string {
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		loc, rest, _ := strings.Cut(line, ": ")
		f := strings.Fields(rest)
		path := loc[:strings.Index(loc, ":")]
		if r, err := filepath.Rel(root, path); err == nil {
			path = filepath.ToSlash(r)
		}
		got = append(got, path+" "+f[0]+" "+f[1])
	}
	return got
}

// issue 20 §1: in a real scan, each file's findings follow the
// configuration that applies to it — a nested idlint.toml, an
// [[overrides]] glob, an archive's members its archive's — and flags
// override the files.
func TestConfigPerPath(t *testing.T) {
	t.Parallel()
	const text = "urn:ex:a/b urn:ietf:rfc:2141%zz\n"
	root := writeFiles(t, map[string]string{
		// rfc2141: '/' is reserved (URN008), the short NID is not flagged
		"a/idlint.toml":  "[profiles]\nurn = \"rfc2141\"\n",
		"a/x.txt":        text,
		"b/idlint.toml":  "ignore = [\"URN006\"]\n\n[[overrides]]\nfiles = [\"drafts/**\"]\nextend-select = [\"URN006\"]\nseverity = {URN006 = \"warning\"}\n",
		"b/x.txt":        text,
		"b/drafts/y.txt": text,
		"c/x.txt":        text, // no file: the defaults
	})
	zf, err := os.Create(filepath.Join(root, "b", "arch.zip"))
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(zf)
	w, _ := zw.Create("m.txt")
	w.Write([]byte(text))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	zf.Close()
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"files", nil, []string{
			"a/x.txt warning URN008", "a/x.txt error URN006",
			"b/arch.zip!m.txt warning URN023", // the member follows b/idlint.toml
			"b/drafts/y.txt warning URN023", "b/drafts/y.txt warning URN006",
			"b/x.txt warning URN023",
			"c/x.txt warning URN023", "c/x.txt error URN006",
		}},
		{"flags override", []string{"--profile", "urn=rfc8141", "--ignore", "URN023", "-j", "1"}, []string{
			"a/x.txt error URN006",
			"b/drafts/y.txt warning URN006",
			"c/x.txt error URN006",
		}},
		{"isolated", []string{"--isolated", "--select", "URN006,URN008"}, []string{
			"a/x.txt error URN006", "b/arch.zip!m.txt error URN006", "b/drafts/y.txt error URN006",
			"b/x.txt error URN006", "c/x.txt error URN006",
		}},
		{"explicit", []string{"--config", filepath.Join(root, "a", "idlint.toml")}, []string{
			"a/x.txt warning URN008", "a/x.txt error URN006",
			"b/arch.zip!m.txt warning URN008", "b/arch.zip!m.txt error URN006",
			"b/drafts/y.txt warning URN008", "b/drafts/y.txt error URN006",
			"b/x.txt warning URN008", "b/x.txt error URN006",
			"c/x.txt warning URN008", "c/x.txt error URN006",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, out, errs := runCmd(t, "", append([]string{"check", "--quiet", root}, tc.args...)...)
			if errs != "" {
				t.Fatalf("stderr: %s", errs)
			}
			if got := findings(root, out); !slices.Equal(got, tc.want) {
				t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// issue 20 §1: a broken file fails the run before it starts, naming the
// file and line; a mistyped rule in a flag is named with a suggestion.
func TestConfigErrors(t *testing.T) {
	t.Parallel()
	root := writeFiles(t, map[string]string{
		"bad/idlint.toml":    "# comment\n[limits]\nmax-lenn = 3\n",
		"bad/x.txt":          "urn:ex:a\n",
		"deep/x.txt":         "urn:ex:a\n",
		"deep/idlint.toml":   "ignore = []\n",
		"deep/d/idlint.toml": "select = [\"URN0O1\"]\n",
		"deep/d/y.txt":       "urn:ex:a\n",
	})
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"argument's file", []string{"check", filepath.Join(root, "bad")}, exitTrouble,
			filepath.Join(root, "bad", "idlint.toml") + `:3: unknown key "limits.max-lenn" (did you mean max-len?)`},
		{"file found in the walk", []string{"check", "--quiet", filepath.Join(root, "deep")}, exitTrouble,
			filepath.Join(root, "deep", "d", "idlint.toml") + `:1: select: unknown rule "URN0O1" (did you mean URN001?)`},
		{"config command", []string{"config", filepath.Join(root, "bad", "x.txt")}, exitTrouble, `:3: unknown key "limits.max-lenn"`},
		{"flag", []string{"check", "--select", "URN0O1", filepath.Join(root, "deep", "x.txt")}, exitTrouble,
			`--select: unknown rule "URN0O1" (did you mean URN001?)`},
		{"severity flag", []string{"check", "--severity", "nid-too-shrt=off", filepath.Join(root, "deep", "x.txt")}, exitTrouble,
			`unknown rule "nid-too-shrt" (did you mean nid-too-short?)`},
		{"isolated ignores it", []string{"check", "--isolated", filepath.Join(root, "bad")}, exitOK, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errs := runCmd(t, "", tc.args...)
			if code != tc.code || !strings.Contains(errs, tc.want) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, errs, tc.code, tc.want)
			}
		})
	}
}

// issue 20 §1: `idlint config PATH` prints the effective configuration
// as TOML, each key with its origin: file:line, flag or default.
func TestConfigCommand(t *testing.T) {
	root := writeFiles(t, map[string]string{
		"idlint.toml":      "ignore = [\"URN04\"]\n[limits]\nmax-depth = 2\n[[overrides]]\nfiles = [\"**/drafts/**\"]\nprofiles = {xri = \"xri-2.0\"}\n",
		"sub/idlint.toml":  "extend = \"../idlint.toml\"\n[profiles]\nurn = \"rfc2141\"\n",
		"sub/drafts/a.txt": "",
	})
	t.Chdir(root)
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"file", []string{"config", "sub/drafts/a.txt"}, []string{
			"# idlint configuration for sub/drafts/a.txt\n",
			"# read from: sub/idlint.toml (closest)\n# read from: idlint.toml (extended)\n",
			"# override applied: idlint.toml:4\n",
			"\"URN041\",  # idlint.toml:1: ignore \"URN04\"\n",
			"urn = \"rfc2141\"  # sub/idlint.toml:3\n",
			"xri = \"xri-2.0\"  # idlint.toml:6\n",
			"go = \"rfc3368\"  # default\n",
			"max-depth = 2  # idlint.toml:3\n",
			"max-len = 8192  # default\n",
		}},
		{"flags", []string{"config", "--profile", "urn=rfc8141", "--severity", "URN001=warning", "--max-depth", "3", "--urn-equivalence", "5b", "sub"}, []string{
			"urn = \"rfc8141\"  # flag --profile\n",
			"xri = \"auto\"  # default\n", // the override is for drafts/ only
			"URN001 = \"warning\"  # flag --severity\n",
			"max-depth = 3  # flag --max-depth\n",
			"equivalence = \"5b\"  # flag --urn-equivalence\n",
		}},
		{"isolated", []string{"config", "--isolated"}, []string{
			"# read from: no file (defaults and flags)\n",
			"max-depth = 4  # default\n",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCmd(t, "", tc.args...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errs)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, filepath.FromSlash(w)) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

// issue 20 §1, §2: idlint.toml's exclude leaves paths out of directory
// walks; a file named as an argument is linted anyway, unless
// --force-exclude (what the pre-commit hook passes, since pre-commit
// names every file).
func TestConfigExclude(t *testing.T) {
	t.Parallel()
	const bad = "urn:ietf:rfc:2141%zz\n"
	root := writeFiles(t, map[string]string{
		"idlint.toml":     "exclude = [\"drafts/**\", \"*.bak\"]\n",
		"x.txt":           bad,
		"old.bak":         bad,
		"drafts/y.txt":    bad,
		"drafts/in/z.txt": bad,
	})
	p := func(rel string) string { return filepath.Join(root, filepath.FromSlash(rel)) }
	for _, tc := range []struct {
		name  string
		args  []string
		files []string // files with findings
		code  int
	}{
		{"walk leaves excluded out", []string{root}, []string{"x.txt"}, exitFindings},
		{"explicit file is linted", []string{p("drafts/y.txt"), p("old.bak")}, []string{"drafts/y.txt", "old.bak"}, exitFindings},
		{"--force-exclude drops it", []string{"--force-exclude", p("drafts/y.txt"), p("x.txt")}, []string{"x.txt"}, exitFindings},
		{"--force-exclude, all excluded", []string{"--force-exclude", p("drafts/y.txt"), p("old.bak")}, nil, exitOK},
		{"--force-exclude on a directory", []string{"--force-exclude", p("drafts")}, nil, exitOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCmd(t, "", append([]string{"check", "--quiet"}, tc.args...)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr %s", code, tc.code, errs)
			}
			var files []string
			for _, f := range findings(root, out) {
				path, _, _ := strings.Cut(f, " ")
				if !slices.Contains(files, path) {
					files = append(files, path)
				}
			}
			slices.Sort(files)
			if !slices.Equal(files, tc.files) {
				t.Errorf("files with findings %q, want %q\n%s", files, tc.files, out)
			}
		})
	}
}
