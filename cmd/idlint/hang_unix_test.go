//go:build unix

package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// An input that never ends or never starts — a FIFO without a writer, one
// whose writer sends nothing, an endless device, standard input that
// sends nothing, endless text without identifiers — does not hang the
// run: SIGINT ends it with exit status 2 and "interrupted" (issue 24 §4).
// Each run reads a gate FIFO first (-j 1): its writer's open returns once
// the command is scanning, with its interrupt handler installed.
func TestInterruptEndsHangingInputs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	mkfifo := func(name string) string {
		p := filepath.Join(dir, name)
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Skip("no named pipes here:", err)
		}
		return p
	}
	for _, c := range []struct {
		name string
		args func() []string
		// feed writes the input after the gate (nil: none); it ends when
		// its write fails, the command gone
		feed  func(p string, stop <-chan struct{})
		stdin bool // standard input: a pipe held open, sending nothing
	}{
		{name: "fifo without a writer", args: func() []string { return []string{mkfifo("nowriter")} }},
		{name: "fifo whose writer sends nothing", args: func() []string { return []string{mkfifo("silent")} },
			feed: func(p string, stop <-chan struct{}) {
				if f, err := os.OpenFile(p, os.O_WRONLY, 0); err == nil {
					<-stop
					f.Close()
				}
			}},
		{name: "endless text without identifiers", args: func() []string { return []string{mkfifo("endless")} },
			feed: func(p string, _ <-chan struct{}) {
				f, err := os.OpenFile(p, os.O_WRONLY, 0)
				if err != nil {
					return
				}
				defer f.Close()
				buf := bytes.Repeat([]byte("no identifier here "), 4096)
				for {
					if _, err := f.Write(buf); err != nil {
						return
					}
				}
			}},
		{name: "endless device", args: func() []string { return []string{"/dev/zero"} }},
		{name: "stdin sending nothing", args: func() []string { return []string{"-"} }, stdin: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			gate := mkfifo(strings.ReplaceAll(c.name, " ", "-") + ".gate")
			args := append([]string{"scan", "-j", "1", "--quiet", "--max-member-bytes", "-1", gate}, c.args()...)
			cmd := exec.Command(os.Args[0])
			cmd.Env = append(os.Environ(), "IDLINT_TEST_RUN="+strings.Join(args, "\n"))
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if c.stdin {
				r, w, err := os.Pipe()
				if err != nil {
					t.Fatal(err)
				}
				defer w.Close()
				cmd.Stdin = r
				defer r.Close()
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			g, err := os.OpenFile(gate, os.O_WRONLY, 0) // returns once the command reads the gate
			if err != nil {
				t.Fatal(err)
			}
			io.WriteString(g, "urn:example:gate\n")
			g.Close()
			if c.feed != nil {
				stop := make(chan struct{})
				defer close(stop)
				go c.feed(args[len(args)-1], stop)
			}
			time.Sleep(100 * time.Millisecond) // into the hanging input (passing earlier proves nothing less)
			if err := cmd.Process.Signal(os.Interrupt); err != nil {
				t.Fatal(err)
			}
			select {
			case err = <-exited:
			case <-time.After(time.Minute): // a hang guard, not a timing assertion
				cmd.Process.Kill()
				<-exited
				t.Fatalf("still running a minute after SIGINT; stderr:\n%s", stderr.String())
			}
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != exitTrouble {
				t.Errorf("exit %v, want status %d; stderr:\n%s", err, exitTrouble, stderr.String())
			}
			if !strings.Contains(stderr.String(), "idlint scan: interrupted") {
				t.Errorf("stderr lacks \"idlint scan: interrupted\":\n%s", stderr.String())
			}
		})
	}
}

// A FIFO named as an argument is read, as ripgrep reads one: the scan
// waits for its writer and reports what it wrote (issue 24 §4).
func TestFIFOArgumentIsRead(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	go func() {
		if f, err := os.OpenFile(p, os.O_WRONLY, 0); err == nil {
			io.WriteString(f, "see urn:isbn:0451450523 here\n")
			f.Close()
		}
	}()
	code, out, errs := runCmd(t, "", "scan", "--format", "jsonl", "--sources", "-", p)
	if code != exitOK || !strings.Contains(out, `"raw":"urn:isbn:0451450523"`) || !strings.Contains(out, `"status":"ok"`) {
		t.Errorf("exit %d; stdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}
