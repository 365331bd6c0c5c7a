//go:build linux

package lint

import (
	"fmt"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/idlint/idlint/extract"
	"github.com/idlint/idlint/internal/textgen"
	"github.com/idlint/idlint/rules"
)

// denseMatches are the matches of internal/textgen's dense text of size
// bytes (100,000 keys drawn uniformly, issue 25): raw text and context.
func denseMatches(tb testing.TB, size int) []extract.Match {
	st := extract.NewStream(nil, extract.Options{Schemes: extract.AllSchemes}, 0)
	st.ResetBytes(textgen.Dense(size, 1), 0)
	var ms []extract.Match
	for st.Next() {
		ms = append(ms, *st.Match())
	}
	if err := st.Err(); err != nil || len(ms) == 0 {
		tb.Fatalf("%d matches, %v", len(ms), err)
	}
	return ms
}

// BenchmarkMemoDense: the memo's hit path on identifier-dense text, the
// memo warmed with every text first, so that the working set is the
// input's (~180,000 texts, tables of ~15 MB): what one identifier costs
// in CheckInto, and with the next matches' slots prefetched (issue 25 §2)
// at distance d, their hashes handed on to CheckHashed.
func BenchmarkMemoDense(b *testing.B) {
	e, err := New(Config{})
	if err != nil {
		b.Fatal(err)
	}
	ms := denseMatches(b, 64<<20)
	for _, d := range []int{0, 2, 4, 8} {
		b.Run(fmt.Sprintf("ahead=%d", d), func(b *testing.B) {
			m := e.NewMemo()
			var o Occurrence
			warmMemo(m, ms)
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu := threadCPU()
			n := 0
			var hs [16]uint64 // the hashes Prefetch gave, for CheckHashed
			for b.Loop() {
				for i := range ms {
					if d > 0 && i+d < len(ms) {
						hs[(i+d)%len(hs)] = m.Prefetch(ms[i+d].Raw)
					}
					h := hs[i%len(hs)]
					if d == 0 || i < d {
						h = 0
					}
					if err := m.CheckHashed(&o, ms[i].Scheme.String(), ms[i].Raw, &rules.Context{Before: ms[i].Before, After: ms[i].After}, h); err != nil {
						b.Fatal(err)
					}
				}
				n += len(ms)
			}
			reportPerIdent(b, n, cpu)
		})
	}
	// counted: a count's hits (--format none), CountHashed at distance 4
	b.Run("counted", func(b *testing.B) {
		m := e.NewMemo()
		m.CountOnly(true)
		var o Occurrence
		warmMemo(m, ms)
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		cpu := threadCPU()
		n, found := 0, 0
		var hs [16]uint64
		for b.Loop() {
			for i := range ms {
				if i+MemoAhead < len(ms) {
					hs[(i+MemoAhead)%len(hs)] = m.Prefetch(ms[i+MemoAhead].Raw)
				}
				h := hs[i%len(hs)]
				if i < MemoAhead {
					h = 0
				}
				_, fs, ok := m.CountHashed(ms[i].Scheme.String(), ms[i].Raw, &rules.Context{Before: ms[i].Before, After: ms[i].After}, h)
				if !ok {
					if err := m.CheckHashed(&o, ms[i].Scheme.String(), ms[i].Raw, &rules.Context{Before: ms[i].Before, After: ms[i].After}, h); err != nil {
						b.Fatal(err)
					}
				}
				found += len(fs)
			}
			n += len(ms)
		}
		if found == 0 {
			b.Fatal("no findings counted")
		}
		reportPerIdent(b, n, cpu)
	})
}

// threadCPU is the CPU time of the calling thread.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(1, &ru) // RUSAGE_THREAD
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkMemoFirstSightings: what a text the memo has not seen costs
// (issue 25: ~182,000 of the dense input's 2.8 M identifiers, a quarter
// of its CPU): the distinct texts of 64 MB of dense text, each checked
// once, in their order, on a store of its own each round.
func BenchmarkMemoFirstSightings(b *testing.B) {
	e, err := New(Config{})
	if err != nil {
		b.Fatal(err)
	}
	var ms []extract.Match
	seen := map[string]bool{}
	for _, m := range denseMatches(b, 64<<20) {
		if !seen[string(m.Raw)] {
			seen[string(m.Raw)] = true
			ms = append(ms, m)
		}
	}
	// handed: CheckInto; counted: as a count (--format none) asks, a
	// CountOnly memo's CountHashed, then CheckHashed on its miss
	for _, counted := range []bool{false, true} {
		name := "handed"
		if counted {
			name = "counted"
		}
		b.Run(name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var cpu time.Duration
			n := 0
			var o Occurrence
			for b.Loop() {
				m := e.newMemo()
				m.CountOnly(counted)
				c := threadCPU()
				for i := range ms {
					ctx := &rules.Context{Before: ms[i].Before, After: ms[i].After}
					var h uint64
					if counted {
						h = m.Prefetch(ms[i].Raw)
						if _, _, ok := m.CountHashed(ms[i].Scheme.String(), ms[i].Raw, ctx, h); ok {
							continue // counted at its first sighting (countFirst)
						}
					}
					if err := m.CheckHashed(&o, ms[i].Scheme.String(), ms[i].Raw, ctx, h); err != nil {
						b.Fatal(err)
					}
				}
				cpu += threadCPU() - c
				n += len(ms)
				if m.hits != 0 {
					b.Fatalf("%d hits", m.hits)
				}
			}
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(n), "cpu-ns/text")
		})
	}
}

// warmMemo checks every match once, so that the timed loop's are hits.
func warmMemo(m *Memo, ms []extract.Match) {
	var o Occurrence
	for i := range ms {
		_ = m.CheckInto(&o, ms[i].Scheme.String(), ms[i].Raw, &rules.Context{Before: ms[i].Before, After: ms[i].After})
	}
}

// reportPerIdent reports wall and thread CPU time per identifier over n
// identifiers, CPU from cpu (threadCPU) on: on a shared machine wall time
// is mostly others' load.
func reportPerIdent(b *testing.B, n int, cpu time.Duration) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/ident")
	b.ReportMetric(float64(threadCPU()-cpu)/float64(n), "cpu-ns/ident")
}
