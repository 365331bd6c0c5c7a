package idlint_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/idlint/idlint"
	"github.com/idlint/idlint/corpus"
	"github.com/idlint/idlint/internal/longtest"
	"github.com/idlint/idlint/internal/textgen"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/reports"
)

// A large plain-text file split into parts scanned in parallel — in place
// in the file's memory map, or read through buffers (NoMmap), by one
// worker or two — gives the same output, byte for byte (offsets, lines,
// columns, look-alike kinds, the source record), as scanning it whole
// (read, not split): parts start at line starts, a
// part reads the context around it, and every identifier is owned by the
// part it starts in. Part sizes are small here so that boundaries fall
// everywhere: next to identifiers, directives ("//go:build" is classified
// by the text before it), CRLF line ends, multi-byte characters and a
// line longer than the search for a line break.
func TestSplitFileEqualsWhole(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var b bytes.Buffer
	b.Write(textgen.English(400<<10, 3))
	r := rand.New(rand.NewSource(7))
	pieces := []string{"urn:isbn:0451450523", "URN:ab:a?b", "//go:build linux", "go:generate x", "xri://=example*name",
		"lid://host.example/item", "é東 urn:example:é", "\r\n", "\n", " ", "urn:x:" + strings.Repeat("a", 300), "LID: layer", "(urn:a:b)."}
	for b.Len() < 900<<10 {
		b.WriteString(pieces[r.Intn(len(pieces))])
		if r.Intn(3) == 0 {
			b.WriteByte('\n')
		}
	}
	// a line of 1.2 MiB: no line break within the search window
	for i := 0; b.Len() < 2100<<10; i++ {
		fmt.Fprintf(&b, "urn:example:long-%d ", i)
	}
	b.WriteString("\nlast line urn:example:end")
	path := filepath.Join(dir, "big.txt")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var size int // of the output: its buffer is sized once (tens of MB)
	run := func(jobs int, part int64, noMmap bool) string {
		var out, src bytes.Buffer
		out.Grow(size)
		sink := reports.NewJSONL(&out, &src)
		opt := idlint.Options{Jobs: jobs, PartSize: part, IncludeLookalikes: true}
		opt.Corpus.NoMmap = noMmap
		sum, err := idlint.Scan(context.Background(), []string{path}, opt, sink)
		sink.Flush()
		if err != nil || sum.Occurrences == 0 || sum.Documents != 1 || sum.Errors != 0 {
			t.Fatalf("-j %d part %d: %v, %+v", jobs, part, err, sum)
		}
		return out.String() + src.String()
	}
	want := run(1, -1, true)
	size = len(want)
	type config struct {
		jobs   int
		part   int64
		noMmap bool
	}
	// mapped and read, by one worker and two (all sizes with IDLINT_LONG=1)
	configs := longtest.Pick([]config{{2, 4099, false}, {1, 4099, false}, {2, 1 << 10, true}, {1, 64 << 10, true}},
		[]config{{2, 1 << 10, false}, {2, 4099, false}, {2, 64 << 10, false}, {2, 1 << 20, false}, {1, 4099, false},
			{2, 1 << 10, true}, {2, 64 << 10, true}, {1, 64 << 10, true}})
	for _, c := range configs {
		part := c.part
		if got := run(c.jobs, part, c.noMmap); got != want {
			g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
			for i := range min(len(g), len(w)) {
				if g[i] != w[i] {
					t.Fatalf("%+v: line %d differs:\n got %s\nwant %s", c, i+1, g[i], w[i])
				}
			}
			t.Fatalf("%+v: %d lines, want %d", c, len(g), len(w))
		}
	}
}

type failingSink struct{ n int }

func (f *failingSink) Occurrence(*lint.Occurrence) error {
	if f.n++; f.n == 10 {
		return errors.New("disk full")
	}
	return nil
}
func (f *failingSink) Source(*record.Source) error { return nil }

// A sink that fails stops a scan of a split file with the sink's error:
// the workers blocked on their parts' queues are released, nothing hangs.
// (Not parallel: it counts the process's goroutines.)
func TestSplitFileSinkError(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "big.txt")
	if err := os.WriteFile(path, textgen.English(2<<20, 5), 0o644); err != nil {
		t.Fatal(err)
	}
	opt := idlint.Options{Jobs: 2, PartSize: 64 << 10, BufferedOccurrences: 1}
	before := runtime.NumGoroutine()
	_, err := idlint.Scan(context.Background(), []string{path, path, path}, opt, &failingSink{})
	if err == nil || err.Error() != "disk full" {
		t.Fatalf("Scan = %v, want the sink's error", err)
	}
	// the workers finish their current part and leave (no goroutine stays
	// blocked on a queue nobody drains); generous bound, not a timing test
	for i := 0; runtime.NumGoroutine() > before && i < 1000; i++ {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines left running after Scan returned (%d before)", n, before)
	}
}

// A file that shrinks after it was split is reported as an error naming
// where, with what was found before; the run goes on to the next input.
// Mapped parts beyond the new end fault (a recovered panic, reported as
// the file changing), read ones come up short; either way, as a whole-file
// read would, the read ends at the failed part: the record counts the
// occurrences reported, none lies beyond the bytes read, and every line
// number is the line of its offset in the text.
func TestSplitFileShrinks(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		jobs   int
		noMmap bool
	}{{2, false}, {2, true}, {1, false}} {
		path := filepath.Join(t.TempDir(), "shrinking.txt")
		text := textgen.English(1<<20, 6)
		if err := os.WriteFile(path, text, 0o644); err != nil {
			t.Fatal(err)
		}
		parts := corpus.Split(corpus.Input{Path: path}, corpus.Options{}, 64<<10)
		if len(parts) < 4 {
			t.Fatalf("%d parts", len(parts))
		}
		var r lines
		sink := &truncateOnFirst{lines: &r, path: path, size: parts[1].End}
		opt := idlint.Options{Jobs: c.jobs, PartSize: 64 << 10, BufferedOccurrences: 1}
		opt.Corpus.NoMmap = c.noMmap
		sum, err := idlint.Scan(context.Background(), []string{path, path}, opt, sink)
		if err != nil {
			t.Fatal(err)
		}
		if sum.Errors == 0 || len(sink.errs) == 0 {
			t.Fatalf("%+v: no error reported: %+v", c, sum)
		}
		if e := sink.errs[0]; !strings.Contains(e, "shrank") && !strings.Contains(e, "changed while being read") {
			t.Errorf("%+v: error %q does not say the file changed", c, e)
		}
		t.Logf("%+v: %s", c, sink.errs[0])
		var n int
		for _, l := range r.lines {
			var src, raw, key string
			var off, bytes, occ int64
			var line, col int
			var status string
			if _, err := fmt.Sscanf(l, "source %s %d %d %s", &src, &bytes, &occ, &status); err == nil {
				if status != "error" || occ != int64(n) {
					t.Errorf("%+v: first record %q: want an error counting the %d occurrences reported", c, l, n)
				}
				for _, l := range r.lines[:n] {
					fmt.Sscanf(l, "%s  %d %d:%d %s %s", &src, &off, &line, &col, &raw, &key)
					if off >= bytes {
						t.Errorf("%+v: %q: offset beyond the %d bytes read", c, l, bytes)
					}
					if want := 1 + strings.Count(string(text[:off]), "\n"); line != want {
						t.Errorf("%+v: %q: line %d, want %d", c, l, line, want)
					}
				}
				break
			}
			n++
		}
		if n == 0 {
			t.Fatalf("%+v: no occurrence before the first record", c)
		}
	}
}

// truncateOnFirst truncates the file when the first occurrence arrives,
// while later parts are still to be read.
type truncateOnFirst struct {
	*lines
	path string
	size int64
	done bool
	errs []string // the error records' messages
}

func (s *truncateOnFirst) Source(r *record.Source) error {
	if r.Status == record.StatusError {
		s.errs = append(s.errs, r.Error)
	}
	return s.lines.Source(r)
}

func (s *truncateOnFirst) Occurrence(o *lint.Occurrence) error {
	if !s.done {
		s.done = true
		if err := os.Truncate(s.path, s.size); err != nil {
			return err
		}
	}
	return s.lines.Occurrence(o)
}

// Every identifier is found exactly once whatever offset a part boundary is
// planned at (Split moves it to the next line start): part sizes 1 to half
// the file put the first planned boundary at every offset of a text dense
// with identifiers, look-alikes, CRLF lines and multi-byte characters
// (all sizes with IDLINT_LONG=1, a sample by default).
func TestSplitEveryOffset(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	for i := 0; b.Len() < 3000; i++ {
		fmt.Fprintf(&b, "l%d urn:ex:%d,xri://=a*%d\r\n//go:build x\né urn:é:%d (lid://h/%d).\n", i, i, i, i, i)
	}
	path := filepath.Join(t.TempDir(), "dense.txt")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(jobs int, part int64, noMmap bool) string {
		var out bytes.Buffer
		sink := reports.NewJSONL(&out, &out)
		opt := idlint.Options{Jobs: jobs, PartSize: part, IncludeLookalikes: true}
		opt.Corpus.NoMmap = noMmap
		if _, err := idlint.Scan(context.Background(), []string{path}, opt, sink); err != nil {
			t.Fatal(err)
		}
		sink.Flush()
		return out.String()
	}
	want := run(1, -1, true)
	// by default the part sizes of the first lines, then a stride through
	// the rest; IDLINT_LONG=1 tries them all
	next := func(part int64) int64 {
		if part < 130 || longtest.Enabled() {
			return part + 1
		}
		return part + 97
	}
	for part := int64(1); part <= int64(b.Len()/2); part = next(part) {
		// mapped and read parts alike, at every offset
		for _, noMmap := range []bool{false, true} {
			if got := run(2, part, noMmap); got != want {
				t.Fatalf("part size %d, NoMmap %v: output differs from the whole file's", part, noMmap)
			}
		}
	}
}

type cancellingSink struct {
	n      int
	cancel context.CancelFunc
}

func (c *cancellingSink) Occurrence(*lint.Occurrence) error {
	if c.n++; c.n == 5 {
		c.cancel()
	}
	return nil
}
func (c *cancellingSink) Source(*record.Source) error { return nil }

// Cancelling a scan (Ctrl-C) while the planner waits to hand a task over
// ends it: the task never handed over is closed for the emitter.
func TestScanCancelReturns(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	text := textgen.English(300<<10, 8)
	var paths []string
	for i := 0; i < 200; i++ {
		p := filepath.Join(dir, fmt.Sprintf("f%03d.txt", i))
		if err := os.WriteFile(p, text, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := idlint.Scan(ctx, paths, idlint.Options{Jobs: 2}, &cancellingSink{cancel: cancel})
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Scan = %v, want context.Canceled", err)
		}
	case <-time.After(60 * time.Second): // a hang, not a timing bound
		t.Fatal("Scan did not return after its context was cancelled")
	}
}

// An XRDS document is never split: its bare i-names come from the whole
// text, so even a small part size gives the whole-file output.
func TestSplitSkipsXRDS(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString(`<?xml version="1.0"?>` + "\n" + `<xrds:XRDS xmlns:xrds="xri://$xrds" xmlns="xri://$xrd*($v*2.0)">` + "\n")
	for i := 0; b.Len() < 600<<10; i++ {
		fmt.Fprintf(&b, " <XRD><Query>*n%d</Query><CanonicalID>=!F83.62B1.%X</CanonicalID></XRD>\n", i, i)
	}
	b.WriteString("</xrds:XRDS>\n")
	path := filepath.Join(t.TempDir(), "big.xrds")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	count := func(jobs int) int {
		var r lines
		if _, err := idlint.Scan(context.Background(), []string{path}, idlint.Options{Jobs: jobs, PartSize: 64 << 10}, &r); err != nil {
			t.Fatal(err)
		}
		return len(r.lines)
	}
	if one, two := count(1), count(2); one != two || one < 1000 {
		t.Errorf("-j 1: %d lines, -j 2: %d (want equal, with the bare i-names)", one, two)
	}
}

// After a scan the progress counts hold as many bytes read and inputs
// done as there are — small files grouped, a large one split into parts,
// one missing — and the total, if the scan lasted long enough to size
// the inputs, is their size.
func TestProgressCounts(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var paths []string
	var total int64
	for i, size := range []int{10, 3000, 40 << 10, 300 << 10} {
		p := filepath.Join(dir, fmt.Sprintf("f%d.txt", i))
		text := textgen.English(size, int64(i))
		if err := os.WriteFile(p, text, 0o644); err != nil {
			t.Fatal(err)
		}
		paths, total = append(paths, p), total+int64(len(text))
	}
	paths = append(paths, filepath.Join(dir, "missing.txt"))
	f, err := os.CreateTemp(dir, "progress")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p := reports.NewProgress(f)
	opt := idlint.Options{Jobs: 2, PartSize: 64 << 10, Progress: p}
	if _, err := idlint.Scan(context.Background(), paths, opt, &lines{}); err != nil {
		t.Fatal(err)
	}
	if got := p.TotalBytes.Load(); got != 0 && got != total {
		t.Errorf("total %d bytes, want %d (or 0: not sized in a scan this short)", got, total)
	}
	if got := p.Read.Load(); got != total {
		t.Errorf("read %d bytes, want %d", got, total)
	}
	if got := p.Done.Load(); got != int64(len(paths)) || p.TotalFiles != len(paths) {
		t.Errorf("%d of %d inputs done, want %d", got, p.TotalFiles, len(paths))
	}
}

// The member size limit holds for documents scanned whole in memory too
// (Document.Bytes): a 10 KB file under a 4 KiB limit is an error, with the
// identifiers before the limit reported, whether the read buffer holds it
// or it is read whole, its size known or not (stdin).
func TestWholeDocumentsKeepTheSizeLimit(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, size := range []int{10 << 10, 100 << 10} {
		path := filepath.Join(dir, fmt.Sprintf("f%d.txt", size))
		text := bytes.Repeat([]byte("urn:example:a 0123456789\n"), size/25)
		if err := os.WriteFile(path, text, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, in := range []string{path, "-"} { // stdin: size unknown
			var r lines
			opt := idlint.Options{Jobs: 1, Stdin: bytes.NewReader(text)}
			opt.Corpus.MaxMemberBytes = 4096
			sum, err := idlint.Scan(context.Background(), []string{in}, opt, &r)
			if err != nil {
				t.Fatal(err)
			}
			if sum.Errors != 1 || sum.Occurrences == 0 || sum.Occurrences > 4096/25+1 {
				t.Errorf("%s, size %d: %+v, want one error and the identifiers of the first 4 KiB", in, size, sum)
			}
		}
	}
}

// A file that loses a few bytes within its last page while it is scanned
// raises no fault under the memory map (the lost bytes read as zeros): the
// size is checked after each mapped part, so the record is an error, as
// the read path reports it, not an ok record counting bytes the file no
// longer has.
func TestSplitFileShrinksWithinLastPage(t *testing.T) {
	t.Parallel()
	text := append(textgen.English(4<<20, 6), "\nurn:example:last-line-id\n"...)
	for len(text)%4096 < 100 { // end mid-page
		text = append(text, 'x')
	}
	for _, c := range []struct {
		jobs   int
		noMmap bool
	}{{2, true}, {2, false}, {1, false}} {
		path := filepath.Join(t.TempDir(), "f.txt")
		if err := os.WriteFile(path, text, 0o644); err != nil {
			t.Fatal(err)
		}
		var r lines
		sink := &truncateOnFirst{lines: &r, path: path, size: int64(len(text) - 40)}
		opt := idlint.Options{Jobs: c.jobs, PartSize: 64 << 10, BufferedOccurrences: 1}
		opt.Corpus.NoMmap = c.noMmap
		if _, err := idlint.Scan(context.Background(), []string{path}, opt, sink); err != nil {
			t.Fatal(err)
		}
		if last := r.lines[len(r.lines)-1]; !strings.HasSuffix(last, " error") {
			t.Errorf("%+v: the shrunk file's record is %q, want an error", c, last)
		}
	}
}

// A scan stopped early (here by a sink error) leaves no file mapped once
// it has returned and its workers have left: the parts never run release
// the map too (checked in /proc/self/maps, on Linux). (Not parallel: it
// counts the process's goroutines.)
func TestSplitFileUnmappedAfterSinkError(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc/self/maps")
	}
	path := filepath.Join(t.TempDir(), "big.txt")
	if err := os.WriteFile(path, textgen.English(4<<20, 5), 0o644); err != nil {
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	opt := idlint.Options{Jobs: 1, PartSize: 64 << 10, BufferedOccurrences: 1}
	if _, err := idlint.Scan(context.Background(), []string{path}, opt, &failingSink{}); err == nil {
		t.Fatal("the sink's error was not returned")
	}
	for i := 0; runtime.NumGoroutine() > before && i < 1000; i++ {
		time.Sleep(10 * time.Millisecond) // the workers finish their current part
	}
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Skip(err)
	}
	if n := strings.Count(string(maps), path); n != 0 {
		t.Errorf("the file is still mapped (%d maps) after Scan returned and its workers left", n)
	}
}

// progressProbe waits, when the first input is done, for the progress
// total to reach want (it gives up after a while) and keeps what it saw.
type progressProbe struct {
	p     *reports.Progress
	want  int64
	seen  bool
	total int64
}

func (s *progressProbe) Occurrence(*lint.Occurrence) error { return nil }

func (s *progressProbe) Source(*record.Source) error {
	if !s.seen {
		s.seen = true
		for deadline := time.Now().Add(10 * time.Second); s.p.TotalBytes.Load() < s.want && time.Now().Before(deadline); {
			time.Sleep(time.Millisecond)
		}
		s.total = s.p.TotalBytes.Load()
	}
	return nil
}

// The progress total becomes the size of all inputs while the scan runs,
// not only of those planned so far: the percentage and the time left shown
// depend on it. The sink holds the scan after the first of 40 inputs, and
// with it the worker and the planner, which runs only a few tasks ahead of
// the workers and cannot be what completes the total.
func TestProgressTotalWhileScanning(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var paths []string
	var total int64
	text := textgen.English(300<<10, 1) // above groupFile: a task per input
	for i := range 40 {
		p := filepath.Join(dir, fmt.Sprintf("f%02d.txt", i))
		if err := os.WriteFile(p, text, 0o644); err != nil {
			t.Fatal(err)
		}
		paths, total = append(paths, p), total+int64(len(text))
	}
	f, err := os.CreateTemp(dir, "progress")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := &progressProbe{p: reports.NewProgress(f), want: total}
	s.p.Every = 200 * time.Millisecond // sized at 100 ms, not a log's 5 s
	// one buffered occurrence: the worker waits too, so the planner stops
	opt := idlint.Options{Jobs: 1, Progress: s.p, BufferedOccurrences: 1}
	if _, err := idlint.Scan(context.Background(), paths, opt, s); err != nil {
		t.Fatal(err)
	}
	if s.total != total {
		t.Errorf("while the sink holds the first of 40 inputs: total %d bytes, want %d", s.total, total)
	}
}
