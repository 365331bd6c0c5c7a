//go:build unix

package corpus

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/idlint/idlint/record"
)

// A planned file replaced by a named pipe before Open is read as the pipe
// it is now: its records say the bytes read from it, as for a regular
// file of that content.
func TestOpenAfterPlanReadsAPipe(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tarData := tarb(t, entry{name: "a.txt", body: "urn:example:a"}, entry{name: "b.txt", body: "urn:example:b"})
	for _, c := range []struct {
		name          string
		before, after []byte
	}{
		{"text", []byte("urn:example:x\n"), bytes.Repeat([]byte("urn:example:fifo "), 10000)},
		{"shorter text", bytes.Repeat([]byte("x"), 100000), []byte("urn:example:fifo ")},
		{"tar", []byte("x"), tarData},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-"))
			if err := os.WriteFile(p, c.before, 0o644); err != nil {
				t.Fatal(err)
			}
			in := Input{Path: p}
			Plan(&in, Options{}, 0)
			os.Remove(p)
			if err := syscall.Mkfifo(p, 0o644); err != nil {
				t.Skip("no named pipes here:", err)
			}
			go func() {
				f, err := os.OpenFile(p, os.O_WRONLY, 0)
				if err != nil {
					return
				}
				f.Write(c.after)
				f.Close()
			}()
			got, gotDocs := openWith(t, in, Options{}, nil)
			ref := p + ".ref"
			if err := os.WriteFile(ref, c.after, 0o644); err != nil {
				t.Fatal(err)
			}
			want, wantDocs := openWith(t, Input{Path: ref}, Options{}, nil)
			if g, w := recordsString(got), recordsString(want); g != w {
				t.Errorf("planned, then a pipe:\n%swant, a file of the same bytes:\n%s", g, w)
			}
			if len(gotDocs) != len(wantDocs) {
				t.Errorf("%d documents, want %d", len(gotDocs), len(wantDocs))
			}
		})
	}
}

// A FIFO or a device given as an input is read, as cat and ripgrep read
// them; neither its open (a FIFO waits for a writer) nor a read waiting for
// data outlasts Options.Done (issue 24 §4).
func TestOpenSpecialFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct {
		name   string
		path   string // "": a new FIFO
		writer func(p string) (stop func())
		cancel bool // Done closed once the writer is there (or at once)
		status record.Status
		text   string // of the one document, when read
		err    string // in the input's record
	}{
		{name: "fifo with a writer", writer: writeAndClose("urn:example:fifo\n"),
			status: record.StatusOK, text: "urn:example:fifo\n"},
		{name: "fifo without a writer", cancel: true, status: record.StatusError, err: "interrupted"},
		{name: "fifo whose writer sends nothing", writer: holdOpen, cancel: true,
			status: record.StatusError, err: "interrupted"},
		{name: "endless device", path: "/dev/zero", cancel: true, status: record.StatusError, err: "interrupted"},
		{name: "empty device", path: "/dev/null", status: record.StatusOK},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p := c.path
			if p == "" {
				p = filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-"))
				if err := syscall.Mkfifo(p, 0o644); err != nil {
					t.Skip("no named pipes here:", err)
				}
			} else if _, err := os.Stat(p); err != nil {
				t.Skip(err)
			}
			done := make(chan struct{})
			if c.writer != nil {
				defer c.writer(p)()
			}
			if c.cancel {
				time.AfterFunc(50*time.Millisecond, func() { close(done) }) // whatever Open is waiting in by then
			}
			opt := Options{Done: done, MaxMemberBytes: -1, MaxRatio: -1}
			recs, docs := openWith(t, Input{Path: p}, opt, nil)
			if len(recs) != 1 {
				t.Fatalf("records %s, want one", recordsString(recs))
			}
			if recs[0].Status != c.status || !strings.Contains(recs[0].Error, c.err) {
				t.Errorf("record %s, want status %s, error with %q", recordsString(recs), c.status, c.err)
			}
			if c.text != "" && (len(docs) != 1 || docs[0].text != c.text) {
				t.Errorf("documents %v, want one of %q", docs, c.text)
			}
		})
	}
}

// writeAndClose is a FIFO's writer that writes s and leaves.
func writeAndClose(s string) func(p string) func() {
	return func(p string) func() {
		go func() {
			if f, err := os.OpenFile(p, os.O_WRONLY, 0); err == nil {
				f.WriteString(s)
				f.Close()
			}
		}()
		return func() {}
	}
}

// holdOpen is a FIFO's writer that sends nothing until stopped.
func holdOpen(p string) func() {
	stop := make(chan struct{})
	go func() {
		if f, err := os.OpenFile(p, os.O_WRONLY, 0); err == nil {
			<-stop
			f.Close()
		}
	}()
	return func() { close(stop) }
}

// issue 25 (the RFC series' 292 links in rfcs/std/, rfcs/bcp/ ...): the
// links a walk finds are stat-ed relative to their directory, with the
// answers os.Stat gave: a link to a regular file is an input the planner
// may hold open (read through the link, a relative target resolved from
// the link's directory), a loop is an input carrying os.Stat's error, a
// dangling link is skipped with its target, a link to a directory is not
// followed, and one to a FIFO is skipped as a FIFO found itself is:
// never left out of the accounting (a review found it dropped).
func TestWalkStatsLinksInTheirDirectory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	d := filepath.Join(dir, "d")
	if err := os.Mkdir(d, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{"top.txt": "urn:example:top", "d/f.txt": "urn:example:f"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"a.txt": "f.txt", "b.txt": "../top.txt", "loop": "loop", "dangling": "nowhere", "up": "..", "pipe": "../fifo"} {
		if err := os.Symlink(target, filepath.Join(d, link)); err != nil {
			t.Fatal(err)
		}
	}
	_, loopErr := os.Stat(filepath.Join(d, "loop"))
	ins := Expand([]string{d}, Options{})
	var got []string
	ahead := NewAhead()
	defer ahead.Close()
	for _, in := range ins {
		s := filepath.Base(in.Path) + " "
		if in.Err != nil {
			got = append(got, s+"error: "+in.Err.Error())
			continue
		}
		if !in.regular {
			t.Errorf("%s: a regular file through its link, not planned as one", in.Path)
		}
		ahead.Plan(&in, Options{}, 0)
		if in.held == nil {
			t.Errorf("%s: not held open by the planner", in.Path)
		}
		var text string
		Open(in, Options{}, nil, func(doc *Document) (int, error) {
			b, err := io.ReadAll(doc.Reader)
			text = string(b)
			return 0, err
		})
		got = append(got, s+text)
	}
	want := []string{
		"a.txt urn:example:f",
		"b.txt urn:example:top",
		"dangling error: dangling symbolic link to nowhere",
		"f.txt urn:example:f",
		"loop error: " + loopErr.Error(),
		"pipe error: " + errNotRegular.Error(),
		"up error: symlinked directory not followed (use --follow-symlinks)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("inputs:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
