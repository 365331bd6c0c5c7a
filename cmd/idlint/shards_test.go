//go:build parquet

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/idlint/idlint/internal/shard"
)

// shardSet runs the 3 shards of a scan of corpus into work/s1..s3 and
// returns their directories.
func shardSet(t *testing.T, work, corpus string, extra ...string) []string {
	t.Helper()
	var dirs []string
	for _, k := range []string{"1", "2", "3"} {
		d := filepath.Join(work, "s"+k)
		args := append([]string{"scan", "--quiet", "--format", "none", "--shard", k + "/3", "--report", d}, extra...)
		if code, _, errs := runCmd(t, "", append(args, corpus)...); code != exitOK {
			t.Fatalf("shard %s: %d %s", k, code, errs)
		}
		dirs = append(dirs, d)
	}
	return dirs
}

// leftovers lists what is in dir besides the names given.
func leftovers(t *testing.T, dir string, known ...string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if !strings.Contains(strings.Join(known, "\x00")+"\x00", e.Name()+"\x00") {
			out = append(out, e.Name())
		}
	}
	return out
}

// Each merge refusal: exit 2, one line each naming the problem, and
// nothing left behind (issue 23 §1).
func TestMergeRefuses(t *testing.T) {
	t.Parallel()
	corpus := reportCorpus(t)
	work := t.TempDir()
	s := shardSet(t, work, corpus)
	// the odd ones out: another N, another profile, other inputs, a copy,
	// an incomplete shard
	other := filepath.Join(work, "other")
	for _, c := range []struct {
		dir  string
		args []string
	}{
		{"n4", []string{"--shard", "1/4", corpus}},
		{"prof", []string{"--shard", "2/3", "--profile", "urn=rfc2141", corpus}},
		{"opt", []string{"--shard", "2/3", "--max-len", "100", corpus}},
		{"inp", []string{"--shard", "2/3", filepath.Join(corpus, "d0")}},
	} {
		args := append([]string{"scan", "--quiet", "--format", "none", "--report", filepath.Join(other, c.dir)}, c.args...)
		if code, _, errs := runCmd(t, "", args...); code != exitOK {
			t.Fatalf("%s: %d %s", c.dir, code, errs)
		}
	}
	cp := filepath.Join(other, "copy2")
	if err := os.CopyFS(cp, os.DirFS(s[1])); err != nil {
		t.Fatal(err)
	}
	incomplete := filepath.Join(other, "incomplete")
	if err := os.CopyFS(incomplete, os.DirFS(s[2])); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(incomplete, shard.DoneFile))
	wd, _ := os.Getwd()
	rel, err := filepath.Rel(wd, s[1]) // another spelling of s2
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(work, "merged")
	for _, c := range []struct {
		name   string
		shards []string
		want   []string // one line each
	}{
		{"missing index", []string{s[0], s[1]}, []string{"shard 3/3 missing"}},
		{"duplicate index, a copy", []string{s[0], s[1], s[2], cp}, []string{"shard 2/3 again", "duplicate index"}},
		{"duplicate index, another spelling", []string{s[0], s[1], s[2], rel + "/"}, []string{"the same directory as", "given twice"}},
		{"mixed N", []string{s[0], s[1], s[2], filepath.Join(other, "n4")}, []string{"mixed N"}},
		{"mixed profiles", []string{s[0], filepath.Join(other, "prof"), s[2]}, []string{"mixed profiles"}},
		{"mixed options", []string{s[0], filepath.Join(other, "opt"), s[2]}, []string{"mixed options", `flags "--max-len=100" against ""`}},
		{"mixed input lists", []string{s[0], filepath.Join(other, "inp"), s[2]}, []string{"mixed input lists"}},
		{"incomplete shard", []string{s[0], s[1], incomplete}, []string{"no DONE.json"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, errs := runCmd(t, "", append([]string{"merge", out}, c.shards...)...)
			if code != exitTrouble || stdout != "" {
				t.Fatalf("exit %d, stdout %q, want 2 and nothing: %s", code, stdout, errs)
			}
			lines := strings.Split(strings.TrimSpace(errs), "\n")
			for _, l := range lines {
				if !strings.HasPrefix(l, "idlint merge: ") {
					t.Errorf("line %q: want idlint merge: …", l)
				}
			}
			for _, w := range c.want {
				if !strings.Contains(errs, w) {
					t.Errorf("stderr %q: want %q", errs, w)
				}
			}
			if left := leftovers(t, work, "s1", "s2", "s3", "other"); len(left) > 0 {
				t.Errorf("left behind: %v", left)
			}
		})
	}
}

// An existing OUT is refused without --force and replaced with it; a
// failing merge leaves nothing, not even its temporary directory
// (issue 23 §1).
func TestMergeForceAndFailure(t *testing.T) {
	t.Parallel()
	corpus := reportCorpus(t)
	work := t.TempDir()
	s := shardSet(t, work, corpus)
	out := filepath.Join(work, "merged")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(out, "mine.txt"), []byte("keep"), 0o644)
	code, _, errs := runCmd(t, "", append([]string{"merge", out}, s...)...)
	if code != exitTrouble || !strings.Contains(errs, "exists (--force replaces it)") {
		t.Fatalf("existing OUT: exit %d %q", code, errs)
	}
	if _, err := os.Stat(filepath.Join(out, "mine.txt")); err != nil {
		t.Fatalf("refused merge touched OUT: %v", err)
	}
	if code, _, errs := runCmd(t, "", append([]string{"merge", "--force", out}, s...)...); code != exitOK {
		t.Fatalf("--force: %d %s", code, errs)
	}
	if _, err := os.Stat(filepath.Join(out, "mine.txt")); err == nil {
		t.Error("--force kept the old OUT's files")
	}
	if _, err := shard.ReadDone(out); err != nil {
		t.Error(err)
	}
	if left := leftovers(t, work, "s1", "s2", "s3", "merged"); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
	// a shard whose table is damaged after its marker: the merge fails midway
	bad := filepath.Join(work, "bad")
	os.CopyFS(bad, os.DirFS(s[2]))
	os.WriteFile(filepath.Join(bad, "findings.parquet"), []byte("not parquet"), 0o644)
	out2 := filepath.Join(work, "merged2")
	if code, _, errs := runCmd(t, "", "merge", out2, s[0], s[1], bad); code != exitTrouble {
		t.Fatalf("damaged shard: exit %d %s", code, errs)
	}
	if left := leftovers(t, work, "s1", "s2", "s3", "merged", "bad"); len(left) > 0 {
		t.Errorf("failed merge left behind: %v", left)
	}
}

// --allow-partial merges what is there and records the missing shards
// (issue 23 §1).
func TestMergeAllowPartial(t *testing.T) {
	t.Parallel()
	corpus := reportCorpus(t)
	work := t.TempDir()
	s := shardSet(t, work, corpus)
	out := filepath.Join(work, "partial")
	code, stdout, errs := runCmd(t, "", "merge", "--allow-partial", out, s[0], s[2])
	if code != exitOK || !strings.Contains(stdout, "shard(s) 2 missing") {
		t.Fatalf("exit %d %q %q", code, stdout, errs)
	}
	m, err := shard.ReadDone(out)
	if err != nil || len(m.Missing) != 1 || m.Missing[0] != 2 || m.N != 3 {
		t.Errorf("DONE.json %+v %v: want N 3, Missing [2]", m, err)
	}
	_, meta := readTable(t, out, "occurrences.parquet")
	if meta["idlint.shards_missing"] != "2" || meta["idlint.shard_count"] != "3" {
		t.Errorf("metadata %v: want shards_missing 2, shard_count 3", meta)
	}
	_, meta = readTable(t, s[1], "clusters.parquet")
	if meta["idlint.shard"] != "2/3" || meta["idlint.config_fingerprint"] == "" || meta["idlint.inputs_fingerprint"] == "" || meta["idlint.version"] == "" {
		t.Errorf("shard metadata %v: want shard, fingerprints, version", meta)
	}
	// a partial merge is not a shard of another merge
	if code, _, errs := runCmd(t, "", "merge", filepath.Join(work, "again"), out, s[1]); code != exitTrouble || !strings.Contains(errs, "not a shard") {
		t.Errorf("merging a merge: exit %d %q", code, errs)
	}
}

// The relative and the absolute spelling of the inputs assign the same
// files to each shard, and record the same input fingerprint
// (issue 23 §1).
func TestShardNormalizedPaths(t *testing.T) {
	t.Parallel()
	corpus := reportCorpus(t)
	wd, _ := os.Getwd()
	rel, err := filepath.Rel(wd, corpus)
	if err != nil {
		t.Fatal(err)
	}
	assigned := func(args ...string) []string {
		code, stdout, errs := runCmd(t, "", append([]string{"scan", "--quiet", "--format", "none", "--sources", "-"}, args...)...)
		if code != exitOK {
			t.Fatalf("%v: %d %s", args, code, errs)
		}
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(stdout), "\n") {
			if l == "" {
				continue // an empty shard
			}
			var s struct{ Source string }
			if err := json.Unmarshal([]byte(l), &s); err != nil {
				t.Fatalf("%q: %v", l, err)
			}
			r, _ := filepath.Rel(corpus, s.Source)
			if !filepath.IsAbs(s.Source) {
				r, _ = filepath.Rel(rel, s.Source)
			}
			got = append(got, filepath.ToSlash(r))
		}
		sort.Strings(got)
		return got
	}
	total := 0
	for _, k := range []string{"1/3", "2/3", "3/3"} {
		for _, c := range []struct{ name, a, b string }{
			{"relative vs absolute", rel + "/", corpus},
			{"with --shard-root", filepath.Join(rel, "d1"), filepath.Join(corpus, "d1")},
		} {
			a := assigned("--shard", k, "--shard-root", corpus, c.a)
			b := assigned("--shard", k, "--shard-root", corpus, c.b)
			if c.name == "relative vs absolute" {
				a, b = assigned("--shard", k, c.a), assigned("--shard", k, c.b)
			}
			if strings.Join(a, ",") != strings.Join(b, ",") {
				t.Errorf("%s, shard %s: %v and %v", c.name, k, a, b)
			}
			if c.name == "relative vs absolute" {
				total += len(a)
			}
		}
	}
	if total != 24 { // reportCorpus's files, each in one shard
		t.Errorf("the shards hold %d inputs, want 24", total)
	}
}

// --skip-done skips a shard whose directory holds its complete marker,
// and redoes one without it or with another run's (issue 23 §2).
func TestSkipDone(t *testing.T) {
	t.Parallel()
	corpus := reportCorpus(t)
	work := t.TempDir()
	shardSet(t, work, corpus)
	wd, _ := os.Getwd()
	rel, err := filepath.Rel(wd, corpus)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		prepare func(dir string)
		args    []string
		skipped bool
	}{
		{"complete", func(string) {}, []string{corpus}, true},
		{"another spelling of the inputs", func(string) {}, []string{rel + "/"}, true},
		{"no marker", func(d string) { os.Remove(filepath.Join(d, shard.DoneFile)) }, []string{corpus}, false},
		{"another configuration", func(string) {}, []string{"--max-len", "100", corpus}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := filepath.Join(work, "s1")
			c.prepare(d)
			args := []string{"scan", "--quiet", "--format", "none", "--skip-done", "--shard", "1/3", "--report", d}
			code, _, errs := runCmd(t, "", append(args, c.args...)...)
			if code != exitOK {
				t.Fatalf("exit %d %s", code, errs)
			}
			if got := strings.Contains(errs, "skipped (--skip-done)"); got != c.skipped {
				t.Errorf("skipped %v, want %v: %s", got, c.skipped, errs)
			}
			if _, err := shard.ReadDone(d); err != nil {
				t.Error(err)
			}
		})
	}
}
