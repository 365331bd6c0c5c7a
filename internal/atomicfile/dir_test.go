package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// reportNames stands for a report's own names (reports/parquet decides
// them): what a Dir may replace.
func reportNames(name string) bool {
	return strings.HasSuffix(name, ".parquet") || name == "DONE.json"
}

// listing is dir's names and contents, "name=content" sorted; "" when
// dir is missing.
func listing(t *testing.T, dir string) string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return ""
	}
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		out = append(out, e.Name()+"="+string(b))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

func writeSet(t *testing.T, dir, run string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"a.parquet", "b.parquet", "DONE.json"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(run), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// A directory is replaced as a set: after Commit it holds the new set
// whole, after any failure the old set whole, and nothing is left beside
// it (issue 24 §7).
func TestDirReplacedAsSet(t *testing.T) {
	const oldSet = "DONE.json=old a.parquet=old b.parquet=old"
	const newSet = "DONE.json=new a.parquet=new b.parquet=new"
	tests := []struct {
		name       string
		before     func(t *testing.T, final string) // the directory before the run
		owned      func(string) bool
		during     func(t *testing.T, final string) // between NewDir and Commit
		failSwap   bool
		noExchange bool
		wantNewErr string // NewDir's error
		wantErr    string // Commit's error
		want       string // final's listing after
	}{
		{name: "new directory", want: newSet, owned: reportNames},
		{name: "replace", before: func(t *testing.T, f string) { writeSet(t, f, "old") }, owned: reportNames, want: newSet},
		{name: "replace without the exchange", before: func(t *testing.T, f string) { writeSet(t, f, "old") }, owned: reportNames, noExchange: true, want: newSet},
		{name: "new directory without the exchange", owned: reportNames, noExchange: true, want: newSet},
		{name: "failure before the swap", before: func(t *testing.T, f string) { writeSet(t, f, "old") }, owned: reportNames, failSwap: true, wantErr: "injected", want: oldSet},
		{name: "foreign file refused", before: func(t *testing.T, f string) {
			writeSet(t, f, "old")
			os.WriteFile(filepath.Join(f, "notes.txt"), []byte("mine"), 0o644)
		}, owned: reportNames, wantNewErr: "notes.txt, which is not part of an idlint report", want: oldSet + " notes.txt=mine"},
		{name: "foreign file appears during the run", before: func(t *testing.T, f string) { writeSet(t, f, "old") }, owned: reportNames,
			during:  func(t *testing.T, f string) { os.WriteFile(filepath.Join(f, "notes.txt"), []byte("mine"), 0o644) },
			wantErr: "notes.txt", want: oldSet + " notes.txt=mine"},
		{name: "anything replaced when owned is nil", before: func(t *testing.T, f string) {
			writeSet(t, f, "old")
			os.WriteFile(filepath.Join(f, "notes.txt"), []byte("mine"), 0o644)
		}, want: newSet},
		{name: "a file, not a directory", before: func(t *testing.T, f string) { os.WriteFile(f, []byte("x"), 0o644) }, owned: reportNames, wantNewErr: "not a directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			parent := t.TempDir()
			final := filepath.Join(parent, "rep")
			if tt.before != nil {
				tt.before(t, final)
			}
			noExchange = tt.noExchange
			failSwap = nil
			if tt.failSwap {
				failSwap = func() error { return errors.New("injected") }
			}
			defer func() { noExchange, failSwap = false, nil }()
			d, err := NewDir(final, tt.owned)
			if tt.wantNewErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantNewErr) {
					t.Fatalf("NewDir: %v, want %q", err, tt.wantNewErr)
				}
			} else {
				if err != nil {
					t.Fatal(err)
				}
				writeSet(t, d.Path(), "new")
				if tt.during != nil {
					tt.during(t, final)
				}
				err = d.Commit()
				if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
					t.Fatalf("Commit: %v, want %q", err, tt.wantErr)
				}
			}
			if tt.want != "" {
				if got := listing(t, final); got != tt.want {
					t.Errorf("after: %q, want %q", got, tt.want)
				}
			}
			if got := listing(t, parent); !strings.HasPrefix(got, "rep=") || strings.Contains(got, " ") {
				t.Errorf("beside it: %q, want only rep", got)
			}
		})
	}
}

// Staging directories of killed runs (unlocked) are removed by the next
// NewDir, a live writer's (locked) are kept, and a replaced directory
// whose run died before the swap ended goes back in place (issue 24 §7).
func TestDirStale(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no flock: stale staging directories are left")
	}
	parent := t.TempDir()
	final := filepath.Join(parent, "rep")
	dead := filepath.Join(parent, ".rep.idlint-111.tmp")
	live := filepath.Join(parent, ".rep.idlint-222.tmp")
	old := filepath.Join(parent, ".rep.idlint-333.old")
	other := filepath.Join(parent, ".other.idlint-444.tmp") // another directory's
	writeSet(t, dead, "dead")
	writeSet(t, live, "live")
	writeSet(t, old, "old")
	writeSet(t, other, "other")
	unlock := lock(live) // as a running writer holds it
	defer unlock()
	d, err := NewDir(final, reportNames)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Abort()
	for _, c := range []struct {
		path string
		want bool
	}{{dead, false}, {live, true}, {old, false}, {other, true}, {final, true}} {
		if exists(c.path) != c.want {
			t.Errorf("%s: exists %v, want %v", filepath.Base(c.path), !c.want, c.want)
		}
	}
	if got := listing(t, final); got != "DONE.json=old a.parquet=old b.parquet=old" {
		t.Errorf("the replaced set was not put back: %q", got)
	}
}

// A symlink to a directory: the directory it names is replaced, the link
// stays.
func TestDirSymlink(t *testing.T) {
	parent := t.TempDir()
	real := filepath.Join(parent, "real")
	writeSet(t, real, "old")
	link := filepath.Join(parent, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Skip(err)
	}
	d, err := NewDir(link, reportNames)
	if err != nil {
		t.Fatal(err)
	}
	writeSet(t, d.Path(), "new")
	if err := d.Commit(); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("link replaced: %v %v", st, err)
	}
	if got := listing(t, real); got != "DONE.json=new a.parquet=new b.parquet=new" {
		t.Errorf("target: %q", got)
	}
}
