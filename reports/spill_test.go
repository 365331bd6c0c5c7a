package reports

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"testing"
	"unsafe"

	"github.com/idlint/idlint/internal/longtest"
)

// spillRows makes n rows over keys distinct keys of two schemes: each key
// several spellings (one is the key), canonical forms, sources, members,
// offsets and validity, in a shuffled order, so that a key's rows fall in
// several runs.
func spillRows(seed uint64, n, keys int) []Row {
	r := rand.New(rand.NewPCG(seed, 7))
	rows := make([]Row, n)
	for i := range rows {
		k := r.IntN(keys)
		scheme, key := "urn", fmt.Sprintf("urn:uuid:%08x-0000-4000-8000-%012x", k, k*7919)
		if k%5 == 0 {
			scheme, key = "xri", fmt.Sprintf("xri://@k*%d", k)
		}
		raw := key
		switch r.IntN(4) {
		case 1:
			raw = "URN" + key[3:]
		case 2:
			raw = key + "#f"
		}
		canon := key
		if r.IntN(3) == 0 {
			canon = key + "/"
		}
		rows[i] = Row{Scheme: scheme, Profile: "p-" + scheme, Key: key, Namespace: "ns" + scheme,
			Raw: raw, Canonical: canon, Valid: r.IntN(6) != 0,
			Source: fmt.Sprintf("src%02d.txt", r.IntN(9)), Member: []string{"", "m/a", "m/b"}[r.IntN(3)],
			Offset: int64(r.IntN(50)), Line: r.IntN(1000), Column: r.IntN(80)}
	}
	return rows
}

func clustersJSON(t *testing.T, cs *Clusters) (string, int) {
	t.Helper()
	n := cs.Len()
	var b []byte
	err := cs.Each(func(c *Cluster) error {
		j, err := json.Marshal(c)
		b = append(append(b, j...), '\n')
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if cs.Len() != n {
		t.Errorf("Len %d after Each, %d before", cs.Len(), n)
	}
	return string(b), n
}

// issue 24 §5: an aggregation that spills to run files past its budget
// lists the same clusters, byte for byte, as one held in memory, whether
// it spills every few rows (many runs, merged into one past maxRuns) or
// a few times; row by row, in batches, or on its goroutine.
func TestClustersSpillEqualsMemory(t *testing.T) {
	dir := t.TempDir()
	rows := spillRows(1, 6000, 1500)
	mem := NewClusters()
	mem.spill.budget = 0
	mem.AddRows(rows)
	want, wantN := clustersJSON(t, mem)
	if wantN < 1000 {
		t.Fatalf("only %d clusters", wantN)
	}
	for _, tc := range []struct {
		name    string
		budget  int64
		minKeys int
		maxRuns int
		add     string
	}{
		{"every 20 keys", 1, 20, 4, "row"},
		{"every batch", 1, 1, 3, "rows"},
		{"every batch, no merging", 1, 1, 1000, "rows"},
		{"a few runs", 1, 400, maxRuns, "row"},
		{"background", 1, 1, 5, "background"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			SetClusterSpill(tc.budget, dir)
			defer SetClusterSpill(DefaultClusterBudget, "")
			var cs *Clusters
			spilled := 0
			switch tc.add {
			case "row":
				cs = NewClusters()
				cs.spill.maxRuns, cs.spill.minKeys = tc.maxRuns, tc.minKeys
				for _, r := range rows {
					cs.AddRow(r)
					spilled = max(spilled, cs.Runs())
				}
			case "rows":
				cs = NewClusters()
				cs.spill.maxRuns, cs.spill.minKeys = tc.maxRuns, tc.minKeys
				cs.AddRows(rows)
			case "background":
				b := NewBackground()
				b.cs.spill.maxRuns, b.cs.spill.minKeys = tc.maxRuns, tc.minKeys
				for i := range rows {
					b.batch = append(b.batch, rows[i])
					if len(b.batch) == backgroundBatch {
						b.full <- b.batch
						b.batch = <-b.free
					}
				}
				cs = b.Wait()
			}
			spilled = max(spilled, cs.Runs())
			if spilled < 2 {
				t.Fatalf("%d runs: the budget did not make it spill", spilled)
			}
			if cs.Runs() > tc.maxRuns+1 {
				t.Errorf("%d runs kept open, more than %d", cs.Runs(), tc.maxRuns+1)
			}
			got, n := clustersJSON(t, cs)
			if n != wantN || got != want {
				t.Errorf("spilled clusters differ from in-memory ones (%d clusters, want %d)", n, wantN)
			}
			if cs.Each(func(*Cluster) error { return nil }) == nil {
				t.Errorf("a second Each of a spilled aggregation did not fail")
			}
			if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) > 0 {
				t.Errorf("run files left: %v", left)
			}
		})
	}
}

// issue 24 §5: runs are removed whatever happens: none is on disk while
// the aggregation spills (unlinked once opened), nor after Release.
func TestClustersSpillRelease(t *testing.T) {
	dir := t.TempDir()
	SetClusterSpill(1, dir)
	defer SetClusterSpill(DefaultClusterBudget, "")
	cs := NewClusters()
	cs.spill.minKeys = 1
	cs.AddRows(spillRows(2, 3000, 1000))
	if cs.Runs() == 0 {
		t.Fatal("no run spilled")
	}
	left, _ := filepath.Glob(filepath.Join(dir, "*"))
	cs.Release()
	after, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(left)+len(after) > 0 {
		t.Errorf("run files on disk: %v while spilling, %v after Release", left, after)
	}
}

// issue 24 §5: a budget that cannot be spilled (no such directory) leaves
// the aggregation in memory, right, with the reason kept.
func TestClustersSpillFailureStaysInMemory(t *testing.T) {
	rows := spillRows(3, 2000, 500)
	mem := NewClusters()
	mem.spill.budget = 0
	mem.AddRows(rows)
	want, _ := clustersJSON(t, mem)
	SetClusterSpill(1, filepath.Join(t.TempDir(), "missing", "dir"))
	defer SetClusterSpill(DefaultClusterBudget, "")
	cs := NewClusters()
	cs.spill.minKeys = 1
	cs.AddRows(rows)
	if cs.SpillError() == nil || cs.Runs() != 0 {
		t.Errorf("spill error %v, %d runs", cs.SpillError(), cs.Runs())
	}
	if got, _ := clustersJSON(t, cs); got != want {
		t.Errorf("clusters differ after a failed spill")
	}
}

// FuzzClustersSpill: for any rows and budget, spilling changes nothing.
func FuzzClustersSpill(f *testing.F) {
	f.Add(uint64(1), uint16(300), uint16(50), uint8(1))
	f.Add(uint64(9), uint16(2000), uint16(3), uint8(2))
	f.Fuzz(func(t *testing.T, seed uint64, n, keys uint16, maxR uint8) {
		rows := spillRows(seed, int(n%4000), int(keys%2000)+1)
		mem := NewClusters()
		mem.spill.budget = 0
		mem.AddRows(rows)
		want, _ := clustersJSON(t, mem)
		cs := NewClusters()
		cs.spill.budget, cs.spill.dir, cs.spill.maxRuns = 1, t.TempDir(), int(maxR%8)+1
		cs.spill.minKeys = int(maxR%32) + 1
		for _, r := range rows {
			cs.AddRow(r)
		}
		if got, _ := clustersJSON(t, cs); got != want {
			t.Errorf("spilled clusters differ")
		}
	})
}

// issue 24 §5: memory stays within the budget however many keys: after
// a spill the table's pages and text are reused, not added to.
func TestClustersSpillReusesMemory(t *testing.T) {
	cs := NewClusters()
	cs.spill.budget, cs.spill.dir, cs.spill.minKeys = 2<<20, t.TempDir(), 1
	for seed := range uint64(8) {
		cs.AddRows(spillRows(seed, 20000, 20000))
	}
	if cs.Runs() < 4 {
		t.Fatalf("%d runs", cs.Runs())
	}
	pages := int64(len(cs.pages)) * aggPage * int64(unsafe.Sizeof(agg{}))
	text := int64(0)
	for _, c := range cs.text.chunks {
		text += int64(cap(c))
	}
	if held := pages + text; held > 2*cs.spill.budget {
		t.Errorf("%d bytes of pages and text held for a budget of %d", held, cs.spill.budget)
	}
	cs.Release()
}

// issue 24 §5 (long): two million distinct keys aggregated under a 32 MiB
// budget keep the live heap near the budget (it was ~250 bytes a key, 500
// MB, held to the end), and still list every cluster once, in order.
func TestClustersSpillManyKeysLong(t *testing.T) {
	longtest.Skip(t)
	const keys = 2_000_000
	cs := NewClusters()
	cs.spill.budget, cs.spill.dir = 32<<20, t.TempDir()
	rows := make([]Row, 0, 4096)
	var peak uint64
	for k := range keys {
		key := fmt.Sprintf("urn:uuid:%08x-0000-4000-8000-%012x", k*2654435761%keys, k)
		rows = append(rows, Row{Scheme: "urn", Profile: "rfc8141", Key: key, Raw: key, Canonical: key, Valid: true, Source: "big.txt", Offset: int64(k)})
		if len(rows) == cap(rows) {
			cs.AddRows(rows)
			rows = rows[:0]
		}
		if k%500_000 == 0 {
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapAlloc)
		}
	}
	cs.AddRows(rows)
	if limit := uint64(4 * cs.spill.budget); peak > limit {
		t.Errorf("live heap %d MB while aggregating, over %d MB", peak>>20, limit>>20)
	}
	n, last := 0, ""
	if err := cs.Each(func(c *Cluster) error {
		if c.Key <= last {
			return fmt.Errorf("cluster %q after %q", c.Key, last)
		}
		n, last = n+1, c.Key
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if n != keys {
		t.Errorf("%d clusters, want %d", n, keys)
	}
}
