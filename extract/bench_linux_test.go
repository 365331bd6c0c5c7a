//go:build linux

package extract

import (
	"bytes"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/idlint/idlint/internal/textgen"
)

// BenchmarkStreamDense times the stream over identifier-dense text
// (textgen.Dense, issue 25) given whole, as a mapped file is: the
// scanner's share of `scan --format none`, per identifier, in thread CPU
// time (wall time is others' load on a shared machine).
//
// noPositions is the stream of a caller that only counts (--format none,
// Options.NoPositions): no lines or columns. read: the text read into the
// stream's buffer, as `scan` reads a file (the filter then reads the
// buffer from L2, not the text from memory).
func BenchmarkStreamDense(b *testing.B) {
	text := textgen.Dense(64<<20, 1)
	for _, c := range []struct {
		name string
		opt  Options
		read bool
	}{
		{"positions", Options{Schemes: AllSchemes}, false},
		{"noPositions", Options{Schemes: AllSchemes, NoPositions: true}, false},
		{"noPositions/read", Options{Schemes: AllSchemes, NoPositions: true}, true},
	} {
		b.Run(c.name, func(b *testing.B) {
			s := NewStream(nil, c.opt, 0)
			rd := bytes.NewReader(text)
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu := threadCPU()
			n := 0
			for b.Loop() {
				if c.read {
					rd.Reset(text)
					s.Reset(rd)
				} else {
					s.ResetBytes(text, 0)
				}
				for s.Next() {
					n++
				}
			}
			b.ReportMetric(float64(threadCPU()-cpu)/float64(n), "cpu-ns/ident")
		})
	}
}

// threadCPU is the CPU time of the calling thread.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(1, &ru) // RUSAGE_THREAD
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
