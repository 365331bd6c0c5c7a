//go:build parquet

package parquet

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
)

// writeRun writes a report of run into dir, with a DONE.json naming it
// (as the CLI's Complete does).
func writeRun(dir, run string) error {
	opt := Options{RunID: run, Complete: func(staging string) error {
		return os.WriteFile(filepath.Join(staging, "DONE.json"), []byte(run), 0o644)
	}}
	w, err := Create(dir, opt)
	if err != nil {
		return err
	}
	for i := range 20 {
		o := &lint.Occurrence{Location: record.Location{Source: "f", Offset: int64(i)}, Scheme: "urn", Raw: "urn:a:b", Key: "urn:a:b"}
		if err := w.Occurrence(o); err != nil {
			w.Abort(err)
			return err
		}
	}
	if err := w.Source(&record.Source{Source: "f", Status: record.StatusOK}); err != nil {
		w.Abort(err)
		return err
	}
	return w.Close()
}

// runOf is the run dir's complete set belongs to, or fails: every table's
// idlint.run_id and DONE.json must name the same run, and dir must hold
// nothing else.
func runOf(t *testing.T, dir string) string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	want := []string{"DONE.json", ClustersFile, FindingsFile, OccurrencesFile, SourcesFile}
	if !slices.Equal(names, want) {
		t.Fatalf("%s holds %v, want %v", dir, names, want)
	}
	done, err := os.ReadFile(filepath.Join(dir, "DONE.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{OccurrencesFile, FindingsFile, SourcesFile, ClustersFile} {
		meta, err := readMeta(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if meta["idlint.run_id"] != string(done) {
			t.Fatalf("%s of run %s beside DONE.json of %s: a mixed set", name, meta["idlint.run_id"], done)
		}
	}
	return string(done)
}

// A run that fails at any step between its writes leaves the report
// directory holding the previous run's complete set, and nothing beside
// it; one that does not fail leaves its own (issue 24 §7).
func TestReportReplacedAsSet(t *testing.T) {
	steps := []string{OccurrencesFile, FindingsFile, SourcesFile, ClustersFile, "complete", "swap"}
	parent := t.TempDir()
	dir := filepath.Join(parent, "rep")
	if err := writeRun(dir, "old"); err != nil {
		t.Fatal(err)
	}
	for _, step := range steps {
		t.Run(step, func(t *testing.T) {
			failAt = func(s string) error {
				if s == step {
					return errors.New("injected at " + s)
				}
				return nil
			}
			defer func() { failAt = nil }()
			if err := writeRun(dir, "new"); err == nil {
				t.Fatal("no error")
			}
			if run := runOf(t, dir); run != "old" {
				t.Errorf("after a failure at %s: run %s", step, run)
			}
			if ents, _ := os.ReadDir(parent); len(ents) != 1 {
				t.Errorf("beside the report: %v", ents)
			}
		})
	}
	if err := writeRun(dir, "new"); err != nil {
		t.Fatal(err)
	}
	if run := runOf(t, dir); run != "new" {
		t.Errorf("after a run: %s", run)
	}
	// a report directory holding a file not a report's is not replaced
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
	if err := writeRun(dir, "third"); err == nil {
		t.Error("a directory with notes.txt replaced")
	}
	if _, err := os.Stat(filepath.Join(dir, "notes.txt")); err != nil {
		t.Error(err)
	}
}
