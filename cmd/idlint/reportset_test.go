//go:build parquet

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/parquet/file"

	"github.com/idlint/idlint/internal/longtest"
	"github.com/idlint/idlint/internal/shard"
	"github.com/idlint/idlint/reports/parquet"
)

// reportSet is the run a report directory's complete set belongs to: its
// four tables' idlint.run_id and DONE.json's agree, and it holds nothing
// else; "" with a message when it is not such a set.
func reportSet(dir string) (run, problem string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return "", err.Error()
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	want := []string{shard.DoneFile, parquet.ClustersFile, parquet.FindingsFile, parquet.OccurrencesFile, parquet.SourcesFile}
	if !slices.Equal(names, want) {
		return "", fmt.Sprintf("holds %v, want %v", names, want)
	}
	done, err := shard.ReadDone(dir)
	if err != nil {
		return "", err.Error()
	}
	for _, name := range want[1:] {
		_, meta, err := parquet.ReadRows(filepath.Join(dir, name))
		if err != nil {
			return "", err.Error()
		}
		if meta["idlint.run_id"] != done.RunID {
			return "", fmt.Sprintf("%s of run %s beside DONE.json of %s: a mixed set", name, meta["idlint.run_id"], done.RunID)
		}
	}
	return done.RunID, ""
}

// A corrupt shard never panics merge: exit 2, the file named, nothing in
// OUT or beside it; `idlint report` on it says the same (issue 24 §3).
func TestMergeDamagedShard(t *testing.T) {
	t.Parallel()
	corpus := reportCorpus(t)
	work := t.TempDir()
	s := shardSet(t, work, corpus)
	occ := filepath.Join(s[2], parquet.OccurrencesFile)
	orig, err := os.ReadFile(occ)
	if err != nil {
		t.Fatal(err)
	}
	r, err := file.OpenParquetFile(occ, false)
	if err != nil {
		t.Fatal(err)
	}
	cc, err := r.MetaData().RowGroup(0).ColumnChunk(0)
	if err != nil {
		t.Fatal(err)
	}
	page := cc.DataPageOffset()
	r.Close()
	findings, err := os.ReadFile(filepath.Join(s[2], parquet.FindingsFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		fn   func(b []byte) []byte
	}{
		{"truncated", func(b []byte) []byte { return b[:len(b)/2] }},
		{"page header byte flipped", func(b []byte) []byte { b[page+6] ^= 0xff; return b }}, // the nil dereference of issue 24 §3
		{"footer zeroed", func(b []byte) []byte { clear(b[len(b)-200 : len(b)-4]); return b }},
		{"wrong magic", func(b []byte) []byte { copy(b, "PAR0"); return b }},
		{"findings in its place", func([]byte) []byte { return slices.Clone(findings) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			sub := t.TempDir()
			bad := filepath.Join(sub, "bad")
			if err := os.CopyFS(bad, os.DirFS(s[2])); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(bad, parquet.OccurrencesFile)
			os.WriteFile(path, c.fn(slices.Clone(orig)), 0o644)
			out := filepath.Join(sub, "merged")
			code, _, errs := runCmd(t, "", "merge", out, s[0], s[1], bad)
			if code != exitTrouble || !strings.Contains(errs, path) {
				t.Errorf("merge: exit %d %q: want 2 naming %s", code, errs, path)
			}
			if left := leftovers(t, sub, "bad"); len(left) > 0 {
				t.Errorf("failed merge left %v", left)
			}
			code, _, errs = runCmd(t, "", "report", "-o", filepath.Join(sub, "r.html"), bad)
			if code != exitTrouble || !strings.Contains(errs, path) {
				t.Errorf("report: exit %d %q: want 2 naming %s", code, errs, path)
			}
		})
	}
}

// --report replaces the directory as a set: a directory holding other
// files is refused, untouched; the hidden files of a killed run of an
// earlier version and a killed run's staging directory are cleaned
// (issue 24 §7).
func TestReportDirReplaced(t *testing.T) {
	t.Parallel()
	corpus := reportCorpus(t)
	work := t.TempDir()
	dir := filepath.Join(work, "rep")
	scan := func(run string) (int, string) {
		code, _, errs := runCmd(t, "", "scan", "--quiet", "--format", "none", "--run-id", run, "--report", dir, corpus)
		return code, errs
	}
	if code, errs := scan("one"); code != exitOK {
		t.Fatalf("exit %d %s", code, errs)
	}
	// what a SIGKILLed run of an earlier version and of this one leave
	os.WriteFile(filepath.Join(dir, ".occurrences.parquet.123.tmp"), []byte("half"), 0o600)
	stale := filepath.Join(work, ".rep.idlint-123.tmp")
	os.MkdirAll(stale, 0o755)
	os.WriteFile(filepath.Join(stale, ".findings.parquet.9.tmp"), []byte("half"), 0o600)
	if code, errs := scan("two"); code != exitOK {
		t.Fatalf("exit %d %s", code, errs)
	}
	if run, p := reportSet(dir); run != "two" {
		t.Errorf("after the second run: %q %s", run, p)
	}
	if left := leftovers(t, work, "rep"); len(left) > 0 {
		t.Errorf("beside the report: %v", left)
	}
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
	code, errs := scan("three")
	if code != exitTrouble || !strings.Contains(errs, "notes.txt") {
		t.Errorf("a directory with notes.txt: exit %d %q", code, errs)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "notes.txt")); err != nil || string(b) != "mine" {
		t.Errorf("notes.txt: %q %v", b, err)
	}
}

// The test binary runs idlint's main when asked (killTest's child).
func init() {
	if os.Getenv("IDLINT_TEST_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
}

// A run SIGKILLed at any point leaves the report directory holding the
// previous run's complete set or its own, never a mix, nor hidden files
// in it; the next run completes and cleans what the killed one left
// beside it (issue 24 §7). Kill times sweep 1.5 times a run's duration.
func TestReportKilled(t *testing.T) {
	longtest.Skip(t) // a minute or two of runs
	t.Parallel()
	var b strings.Builder
	for i := range 60000 {
		fmt.Fprintf(&b, "urn:example:k%d urn:isbn:%d URN:EXAMPLE:K%d\n", i%5000, i, i%300)
	}
	corpus := writeFiles(t, map[string]string{"big.txt": b.String()})
	work := t.TempDir()
	dir := filepath.Join(work, "rep")
	args := func(run string) []string {
		return []string{"scan", "--quiet", "--format", "none", "--run-id", run, "--report", dir, corpus}
	}
	if code, _, errs := runCmd(t, "", args("r0")...); code != exitOK {
		t.Fatalf("exit %d %s", code, errs)
	}
	// how long a run takes here, to spread the kills over it
	start := time.Now()
	if code, _, errs := runCmd(t, "", args("r1")...); code != exitOK {
		t.Fatalf("exit %d %s", code, errs)
	}
	took := time.Since(start)
	const kills = 12
	seen := map[string]int{}
	for k := range kills {
		run := fmt.Sprintf("k%d", k)
		cmd := exec.Command(os.Args[0], args(run)...)
		cmd.Env = append(os.Environ(), "IDLINT_TEST_MAIN=1")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(took * time.Duration(k+1) * 3 / (2 * kills)) // past its end too: the swap
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		got, p := reportSet(dir)
		if got == "" {
			t.Fatalf("killed after %d/%d of a run: %s", k+1, kills, p)
		}
		if got == run {
			seen["new"]++
		} else {
			seen["old"]++
		}
	}
	t.Logf("after %d kills the directory held the old set %d times, the new %d times", kills, seen["old"], seen["new"])
	if code, _, errs := runCmd(t, "", args("last")...); code != exitOK {
		t.Fatalf("exit %d %s", code, errs)
	}
	if run, p := reportSet(dir); run != "last" {
		t.Errorf("after the last run: %q %s", run, p)
	}
	if left := leftovers(t, work, "rep"); len(left) > 0 {
		t.Errorf("left beside the report after a run: %v", left)
	}
}
