package reports

import (
	"runtime"
	"testing"

	"github.com/idlint/idlint/lint"
)

// issue 25, start-up: a small aggregation allocates its batches and text
// chunks as it grows, so that a scan of one file stays under the first GC's
// 4 MB heap goal (a GC there doubles the run's page faults).
func TestBackgroundSmallRunBytes(t *testing.T) {
	e, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	occs := make([]*lint.Occurrence, 100)
	for i := range occs {
		occs[i] = occ(t, e, "a.txt", "urn:example:k"+string(rune('a'+i%26))+string(rune('a'+i/26)))
	}
	const limit = 1 << 20
	for _, tc := range []struct {
		name string
		run  func()
	}{
		{"Background", func() {
			bg := NewBackground()
			for _, o := range occs {
				bg.Add(o)
			}
			bg.Wait()
		}},
		{"textChunks", func() {
			var tc textChunks
			for _, o := range occs {
				tc.add(o.Raw)
			}
		}},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		tc.run()
		runtime.ReadMemStats(&after)
		if got := after.TotalAlloc - before.TotalAlloc; got > limit {
			t.Errorf("%s of %d rows allocated %d bytes, want at most %d", tc.name, len(occs), got, limit)
		}
	}
}
