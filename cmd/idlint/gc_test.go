package main

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

// A scan's first collection waits for a 16 MB heap (GOGC 400 scales Go's
// 4 MB minimum goal), and Go's GOGC of 100 holds from that collection on
// (issue 25: the RFC directory's three collections freed little); with
// GOGC set in the environment the collector is left as it is.
func TestFirstCollectionLater(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	gogc := func() uint64 {
		s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
		metrics.Read(s)
		return s[0].Value.Uint64()
	}
	for _, tt := range []struct {
		env         string
		first, then uint64
	}{
		{"", 400, 100},
		{"100", 100, 100},
		{"off", 100, 100}, // what the process set stays
	} {
		t.Setenv("GOGC", tt.env)
		debug.SetGCPercent(100)
		firstCollectionLater()
		if got := gogc(); got != tt.first {
			t.Fatalf("GOGC=%q: GOGC %d before the first collection, want %d", tt.env, got, tt.first)
		}
		// the cleanup runs on its own goroutine after a collection
		for deadline := time.Now().Add(10 * time.Second); gogc() != tt.then && time.Now().Before(deadline); {
			runtime.GC()
			time.Sleep(time.Millisecond)
		}
		if got := gogc(); got != tt.then {
			t.Errorf("GOGC=%q: GOGC %d after collections, want %d", tt.env, got, tt.then)
		}
	}
}
