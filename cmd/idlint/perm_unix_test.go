//go:build unix

package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A directory that may be listed but not searched (mode r--) hides its
// files and its idlint.toml alike: each file under it fails, named, and
// the other inputs go on; no ignore file is made up for it (a review
// found the run stopped, and a ".ignore" input that does not exist).
// As root the command runs as nobody, whom the mode binds.
func TestUnsearchableDirectory(t *testing.T) {
	base, err := os.MkdirTemp("", "idlint-perm-")
	if err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(base, "data")
	t.Cleanup(func() {
		os.Chmod(filepath.Join(data, "noexec"), 0o755)
		os.RemoveAll(base)
	})
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	bin := filepath.Join(base, "idlint.test")
	copyFile(t, exe, bin)
	for name, body := range map[string]string{"ok.txt": "urn:isbn:0451450523\n", "noexec/y.txt": "urn:isbn:0451450523\n", "locked/idlint.toml": "ignore = []\n", "locked/z.txt": "urn:isbn:0451450523\n"} {
		p := filepath.Join(data, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(filepath.Join(data, "locked", "idlint.toml"), 0); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(data, "noexec"), 0o644); err != nil || os.Chmod(base, 0o755) != nil {
		t.Fatal(err)
	}
	run := func(args []string) (int, string) {
		cmd := exec.Command(bin)
		cmd.Dir = data
		cmd.Env = []string{"IDLINT_TEST_RUN=" + strings.Join(args, "\n"), "HOME=" + base, "XDG_CACHE_HOME=" + base}
		if os.Getuid() == 0 {
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		}
		out, err := cmd.Output()
		code := cmd.ProcessState.ExitCode()
		if code < 0 {
			t.Fatalf("%v: %v", args, err)
		}
		return code, string(out)
	}
	// an idlint.toml that is there but may not be read is a broken
	// configuration: the run stops before it starts
	if code, out := run([]string{"scan", "--quiet", "--format", "none", "--sources", "-", "ok.txt", "locked/z.txt"}); code != exitTrouble || out != "" {
		t.Errorf("an unreadable idlint.toml: exit %d, records %q; want exit 2 and none", code, out)
	}
	for _, args := range [][]string{
		{"scan", "--quiet", "--format", "none", "--sources", "-", "ok.txt", "noexec"},
		{"scan", "--quiet", "--format", "none", "--sources", "-", "ok.txt", "noexec/"},
	} {
		code, s := run(args)
		if code != exitTrouble || !strings.Contains(s, `{"source":"ok.txt","member":"","format":"text"`) ||
			!strings.Contains(s, `{"source":"noexec/y.txt"`) || strings.Contains(s, ".ignore") || strings.Count(s, "\n") != 2 {
			t.Errorf("%v: exit %d, records:\n%s\nwant exit 2, ok.txt scanned, noexec/y.txt failed, nothing else", args, code, s)
		}
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	r, err := os.Open(from)
	if err != nil {
		t.Skip(err)
	}
	defer r.Close()
	w, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(w, r); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}
