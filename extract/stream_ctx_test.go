package extract

import (
	"context"
	"errors"
	"testing"
)

// endless is text without identifiers that never ends.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	return len(p), nil
}

// A stream with a context ends once it is done, checked per buffer: text
// without identifiers is interrupted too (issue 24 §4).
func TestStreamContext(t *testing.T) {
	for _, c := range []struct {
		name  string
		reset func(s *Stream)
	}{
		{"reader", func(s *Stream) { s.Reset(endless{}) }},
		{"bytes", func(s *Stream) { s.ResetBytes(make([]byte, 8<<20), 0) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			s := NewStream(nil, Options{}, 0)
			s.SetContext(ctx)
			c.reset(s) // the context holds across resets
			fills := 0
			s.r = readHook{s.r, func() {
				if fills++; fills == 3 {
					cancel()
				}
			}}
			if c.name == "bytes" {
				cancel()
			}
			for s.Next() {
				t.Fatalf("a match in text without identifiers: %q", s.Match().Raw)
			}
			if !errors.Is(s.Err(), context.Canceled) {
				t.Errorf("Err %v, want context.Canceled", s.Err())
			}
		})
	}
}

// readHook calls f before each read of r (nil r: no reads).
type readHook struct {
	r interface{ Read([]byte) (int, error) }
	f func()
}

func (h readHook) Read(p []byte) (int, error) { h.f(); return h.r.Read(p) }
