//go:build parquet

package parquet

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/rules"
)

// occN is a synthetic occurrence with one finding.
func occN(i int) *lint.Occurrence {
	r := &rules.Rule{ID: "URN001", Name: "a"}
	return &lint.Occurrence{Location: record.Location{Source: "s", Offset: int64(i), Line: i + 1},
		Scheme: "urn", Raw: "urn:a:b" + strings.Repeat("x", i%50), Key: "urn:a:b" + string(rune('a'+i%20)),
		Findings: []rules.Finding{{Rule: r, Severity: rules.Error, Message: "x"}}}
}

// settle waits for the goroutines started since base to end.
func settle(t *testing.T, base int) {
	t.Helper()
	for range 100 {
		if runtime.NumGoroutine() <= base {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	buf := make([]byte, 1<<16)
	t.Fatalf("goroutines: %d > %d\n%s", runtime.NumGoroutine(), base, buf[:runtime.Stack(buf, true)])
}

// leftovers fails for any file left in dir.
func leftovers(t *testing.T, dir string) {
	t.Helper()
	es, _ := os.ReadDir(dir)
	for _, e := range es {
		t.Errorf("left in dir: %s", e.Name())
	}
}

// create starts a report in dir.
func create(t *testing.T, dir string) *Writer {
	t.Helper()
	w, err := Create(dir, Options{RunID: "r"})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// occurrences writes n synthetic occurrences to w.
func occurrences(t *testing.T, w *Writer, n int) {
	t.Helper()
	for i := range n {
		if err := w.Occurrence(occN(i)); err != nil {
			t.Fatal(err)
		}
	}
}

// Abort without Close, after the writer goroutines started, leaves no
// file and no goroutine.
func TestAbortWithoutClose(t *testing.T) {
	base := runtime.NumGoroutine()
	dir := t.TempDir()
	w := create(t, dir)
	occurrences(t, w, 5*batchRows)
	w.Abort(nil)
	settle(t, base)
	leftovers(t, dir)
}

// The file under the writer fails mid-run (as a full disk would): the
// error must reach Occurrence or Close, nothing stays, nothing leaks.
func TestWriteFailure(t *testing.T) {
	for _, n := range []int{100, 3 * batchRows, rowGroupRows + 5*batchRows, 3 * rowGroupRows} {
		base := runtime.NumGoroutine()
		dir := t.TempDir()
		w := create(t, dir)
		w.occ.f.Close() // every later write fails
		var oerr error
		for i := range n {
			if oerr = w.Occurrence(occN(i)); oerr != nil {
				t.Logf("n=%d: Occurrence failed at row %d: %v", n, i, oerr)
				break
			}
		}
		var cerr error
		if oerr != nil {
			w.Abort(nil)
		} else {
			cerr = w.Close()
			t.Logf("n=%d: Close: %v", n, cerr)
			if cerr == nil {
				t.Errorf("n=%d: a failed write was not reported", n)
			}
		}
		settle(t, base)
		leftovers(t, dir)
	}
}

// Close after a failed Occurrence (a caller that ignores the error).
func TestCloseAfterFailure(t *testing.T) {
	base := runtime.NumGoroutine()
	dir := t.TempDir()
	w := create(t, dir)
	w.fnd.f.Close()
	failed := false
	for i := range 3 * rowGroupRows {
		if w.Occurrence(occN(i)) != nil {
			failed = true
			break
		}
	}
	if !failed {
		t.Fatal("no error")
	}
	if err := w.Close(); err == nil {
		t.Error("Close succeeded after a failed write")
	}
	settle(t, base)
	leftovers(t, dir)
}

// A cancelled merge (an interrupt) stops between row groups and leaves
// nothing in its output directory.
func TestMergeCancelled(t *testing.T) {
	shard := t.TempDir()
	w := create(t, shard)
	occurrences(t, w, 1000)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out := filepath.Join(t.TempDir(), "merged")
	if err := Merge(ctx, out, []string{shard}, Options{RunID: "m"}); !errors.Is(err, context.Canceled) {
		t.Fatalf("merge: %v, want it cancelled", err)
	}
	leftovers(t, out)
}
