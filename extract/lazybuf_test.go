package extract

import (
	"runtime"
	"strings"
	"testing"
)

// issue 25, start-up: a stream given its texts whole (ResetBytes) never
// makes its read buffer; one reading a reader after that makes it and
// finds the same identifiers.
func TestStreamBufferMadeAtFirstRead(t *testing.T) {
	text := []byte(strings.Repeat("see urn:example:a and urn:ietf:rfc:8141.\n", 200))
	collect := func(s *Stream) []string {
		var got []string
		for s.Next() {
			got = append(got, string(s.Match().Raw))
		}
		if err := s.Err(); err != nil {
			t.Fatal(err)
		}
		return got
	}
	tests := []struct {
		name  string
		steps []string // "bytes" (ResetBytes) or "reader" (ResetAt)
	}{
		{"bytes only", []string{"bytes", "bytes"}},
		{"bytes then reader", []string{"bytes", "reader", "bytes"}},
		{"reader then bytes", []string{"reader", "bytes", "reader"}},
	}
	for _, tt := range tests {
		var s *Stream
		var want []string
		for i, step := range tt.steps {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			if s == nil {
				s = NewStream(nil, Options{Schemes: AllSchemes}, 0)
			}
			if step == "bytes" {
				s.ResetBytes(text, 0)
			} else {
				s.ResetAt(strings.NewReader(string(text)), 0)
			}
			got := collect(s)
			runtime.ReadMemStats(&after)
			if i == 0 {
				want = got
				if len(want) != 400 {
					t.Fatalf("%s: %d matches, want 400", tt.name, len(want))
				}
			} else if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%s, step %d (%s): matches differ", tt.name, i, step)
			}
			if tt.steps[0] == "bytes" && step == "bytes" && i == 0 && after.TotalAlloc-before.TotalAlloc >= DefaultBufSize {
				t.Errorf("%s: ResetBytes scan allocated %d bytes, want no %d-byte read buffer", tt.name, after.TotalAlloc-before.TotalAlloc, DefaultBufSize)
			}
		}
	}
}
