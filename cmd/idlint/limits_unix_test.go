//go:build unix

package main

import (
	"archive/tar"
	"bytes"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSignalRemovesSpool: SIGINT or SIGTERM while a zip from a stream is
// being spooled removes the spool file at once; the run then ends with
// the interrupted status 2 (a second SIGINT ends it at once even when a
// read blocks). The run is this test binary as idlint, reading a tar from
// a pipe that stalls mid-zip.
func TestSignalRemovesSpool(t *testing.T) {
	t.Parallel()
	if os.Getenv("IDLINT_MAIN_ARGS") != "" {
		t.Skip("in the child")
	}
	for _, tc := range []struct {
		name string
		sig  []syscall.Signal // sent one after another
	}{
		{"SIGTERM, then the pipe closes", []syscall.Signal{syscall.SIGTERM}},
		{"SIGINT twice, the read still blocked", []syscall.Signal{syscall.SIGINT, syscall.SIGINT}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tmp := t.TempDir()
			cmd := exec.Command(os.Args[0], "-test.run=^TestIdlintChild$")
			cmd.Env = append(os.Environ(), "IDLINT_MAIN_ARGS="+strings.Join([]string{"scan", "--quiet", "--format", "none", "--temp-dir", tmp, "-"}, "\x1f"))
			in, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			// a tar member that claims 64 MiB of zip, of which 20 MiB come
			go func() {
				tw := tar.NewWriter(in)
				tw.WriteHeader(&tar.Header{Name: "big.zip", Mode: 0o644, Size: 64 << 20, Typeflag: tar.TypeReg})
				tw.Write(append([]byte("PK\x03\x04"), make([]byte, 20<<20)...))
			}()
			spool := func() []os.DirEntry { e, _ := os.ReadDir(tmp); return e }
			waitFor := func(what string, cond func() bool) {
				for deadline := time.Now().Add(2 * time.Minute); !cond(); time.Sleep(20 * time.Millisecond) {
					if time.Now().After(deadline) {
						t.Fatalf("no %s in 2 minutes; stderr:\n%s", what, stderr.String())
					}
				}
			}
			waitFor("spool file", func() bool { return len(spool()) > 0 })
			cmd.Process.Signal(tc.sig[0])
			waitFor("spool removal", func() bool { return len(spool()) == 0 })
			if len(tc.sig) > 1 {
				cmd.Process.Signal(tc.sig[1])
			} else {
				in.Close()
			}
			err = cmd.Wait()
			if code := cmd.ProcessState.ExitCode(); code != exitTrouble {
				t.Errorf("exit %d (%v), want %d; stderr:\n%s", code, err, exitTrouble, stderr.String())
			}
			if left := spool(); len(left) > 0 {
				t.Errorf("temp dir holds %s", left[0].Name())
			}
		})
	}
}

// TestIdlintChild runs idlint with the arguments in IDLINT_MAIN_ARGS
// (separated by US, 0x1f) and exits with its status: a child process for tests
// that send signals.
func TestIdlintChild(t *testing.T) {
	args := os.Getenv("IDLINT_MAIN_ARGS")
	if args == "" {
		t.Skip("run by TestSignalRemovesSpool")
	}
	os.Exit(run(strings.Split(args, "\x1f"), os.Stdin, os.Stdout, os.Stderr))
}
