package reports

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/rs/zerolog"
)

// Progress shows how far a scan is: bytes read of the total, inputs done,
// rate and ETA. On a terminal it redraws one line on stderr; otherwise it
// logs a zerolog line periodically, so batch logs stay readable.
type Progress struct {
	Read atomic.Int64 // bytes read from inputs (compressed)
	Done atomic.Int64 // inputs finished
	// TotalBytes is the sum of the input sizes known so far (0: unknown,
	// stdin); a scan stats its inputs for it once it has run a while.
	TotalBytes atomic.Int64
	TotalFiles int
	// Every is the time between displays (0: 200 ms on a terminal, 10 s
	// in a log); a scan sizes its inputs for the total at half of it,
	// before the first display.
	Every time.Duration

	w      io.Writer
	tty    bool
	dumb   bool // TERM=dumb: no escape sequences, blanks clear the line
	drawn  int  // length of the line on the terminal (0: none drawn)
	log    zerolog.Logger
	start  time.Time
	stop   chan struct{}
	exited chan struct{}
}

// NewProgress returns a display writing to f (normally os.Stderr).
func NewProgress(f *os.File) *Progress {
	tty := isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
	return &Progress{w: f, tty: tty, dumb: os.Getenv("TERM") == "dumb", log: zerolog.New(f).With().Timestamp().Logger()}
}

// Interval is Every, or its default when unset.
func (p *Progress) Interval() time.Duration {
	switch {
	case p.Every > 0:
		return p.Every
	case p.tty:
		return 200 * time.Millisecond
	}
	return 10 * time.Second
}

// Start begins periodic updates until Finish.
func (p *Progress) Start(ctx context.Context) {
	p.start = time.Now()
	p.stop, p.exited = make(chan struct{}), make(chan struct{})
	every := p.Interval()
	go func() {
		defer close(p.exited)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				p.show(false)
			case <-p.stop:
				return
			case <-ctx.Done():
				return
			}
		}
	}()
}

// Finish stops the updates and clears the terminal line.
func (p *Progress) Finish() {
	if p.stop == nil {
		return
	}
	close(p.stop)
	<-p.exited
	p.show(true)
}

func (p *Progress) show(final bool) {
	read, done, total := p.Read.Load(), p.Done.Load(), p.TotalBytes.Load()
	el := time.Since(p.start)
	rate := float64(read) / max(el.Seconds(), 1e-9)
	eta := etaString(read, total, el)
	if !p.tty {
		if final {
			return // the summary says the rest
		}
		p.log.Info().Int64("bytes_read", read).Int64("bytes_total", total).Int64("inputs_done", done).
			Int("inputs_total", p.TotalFiles).Float64("mb_per_s", rate/1e6).Str("eta", eta).Msg("progress")
		return
	}
	if final {
		if p.drawn > 0 { // a run too short to draw a line leaves the terminal alone
			fmt.Fprint(p.w, p.clear())
		}
		return
	}
	pct := ""
	if total > 0 {
		pct = fmt.Sprintf(" (%.0f%%)", 100*float64(read)/float64(total))
	}
	line := fmt.Sprintf("%s / %s%s, %d/%d inputs, %.1f MB/s", humanBytes(read), humanBytes(total), pct, done, p.TotalFiles, rate/1e6)
	if eta != "" {
		line += ", ETA " + eta
	}
	fmt.Fprint(p.w, p.clear()+line)
	p.drawn = len(line)
}

// etaString is the time left at the rate so far, rounded to the second;
// "" when it cannot be told (total unknown, nothing read yet, or done).
func etaString(read, total int64, elapsed time.Duration) string {
	if total <= 0 || read <= 0 || read >= total || elapsed <= 0 {
		return ""
	}
	// the seconds left, scaled to a Duration (it was taken as nanoseconds:
	// always 0s)
	left := float64(total-read) / float64(read) * float64(elapsed)
	return time.Duration(left).Round(time.Second).String()
}

// clear returns to the start of the line and blanks it: with the erase
// sequence, or on a dumb terminal with spaces over the last line drawn.
func (p *Progress) clear() string {
	if p.dumb {
		return "\r" + strings.Repeat(" ", p.drawn) + "\r"
	}
	return "\r\033[K"
}
