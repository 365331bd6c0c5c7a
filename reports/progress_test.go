package reports

import (
	"strings"
	"testing"
	"time"
)

// issue 20 "Also fix": the ETA was always 0s, seconds taken as nanoseconds.
func TestETA(t *testing.T) {
	for _, tc := range []struct {
		why         string
		read, total int64
		elapsed     time.Duration
		want        string
	}{
		{"a quarter in 10 s: 30 s left", 25, 100, 10 * time.Second, "30s"},
		{"half in 1 min: 1 min left", 50 << 20, 100 << 20, time.Minute, "1m0s"},
		{"1% in 36 s: an hour left", 1, 100, 36 * time.Second, "59m24s"},
		{"rounded to the second", 3, 4, 1500 * time.Millisecond, "1s"}, // 0.5 s rounds up
		{"total unknown (stdin)", 10, 0, time.Second, ""},
		{"nothing read yet", 0, 100, time.Second, ""},
		{"done", 100, 100, time.Second, ""},
		{"read past the total (a file grew)", 120, 100, time.Second, ""},
		{"no time yet", 10, 100, 0, ""},
	} {
		if got := etaString(tc.read, tc.total, tc.elapsed); got != tc.want {
			t.Errorf("%s: etaString(%d, %d, %v) = %q, want %q", tc.why, tc.read, tc.total, tc.elapsed, got, tc.want)
		}
	}
}

// issue 20 §8 (terminal manners): the progress line is cleared only when
// one was drawn — a short check leaves no "\r\033[K" before its output —
// and on TERM=dumb with blanks, never an escape sequence.
func TestProgressClear(t *testing.T) {
	for _, tc := range []struct {
		name  string
		dumb  bool
		ticks int
		want  string // what the final clear writes after the ticks
		noEsc bool
	}{
		{"nothing drawn: nothing cleared", false, 0, "", false},
		{"drawn: erased", false, 1, "\r\033[K", false},
		{"dumb terminal: blanks, no escapes", true, 1, "\r", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			p := &Progress{w: &b, tty: true, dumb: tc.dumb, start: time.Now()}
			for range tc.ticks {
				p.show(false)
			}
			n := b.Len()
			p.show(true)
			final := b.String()[n:]
			if !strings.HasPrefix(final, tc.want) || tc.want == "" && final != "" {
				t.Errorf("final clear %q, want %q", final, tc.want)
			}
			if tc.noEsc && strings.Contains(b.String(), "\033") {
				t.Errorf("escape sequence on a dumb terminal: %q", b.String())
			}
		})
	}
}

// issue 25 (the RFC directory): a scan sizes its inputs at half the
// display interval, so a log's 10 s leaves a run of a few seconds without
// the stats (~10% of the RFC series' CPU when made at 100 ms).
func TestProgressInterval(t *testing.T) {
	for _, tc := range []struct {
		why   string
		tty   bool
		every time.Duration
		want  time.Duration
	}{
		{"a terminal redraws its line", true, 0, 200 * time.Millisecond},
		{"a log is written now and then", false, 0, 10 * time.Second},
		{"set", false, time.Second, time.Second},
		{"set on a terminal", true, 50 * time.Millisecond, 50 * time.Millisecond},
	} {
		p := &Progress{tty: tc.tty, Every: tc.every}
		if got := p.Interval(); got != tc.want {
			t.Errorf("%s: Interval() = %v, want %v", tc.why, got, tc.want)
		}
	}
}
