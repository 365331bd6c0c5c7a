//go:build unix

package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// Write follows a symbolic link to the file it replaces and writes
// through a path that is no regular file, never replacing a device by a
// file (a review of --write-baseline /dev/full and --html /dev/stdout).
// The devices are reached through links in a temporary directory, so a
// Write that replaced its path would replace the link, not the device.
func TestWriteThrough(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.json")
	if err := os.WriteFile(real, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := func(name, target string) string {
		p := filepath.Join(dir, name)
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name    string
		path    string
		target  string // where the bytes must land ("" none readable)
		wantErr bool
	}{
		{"a link to a file: the file replaced, the link kept", link("bl.json", "real.json"), real, false},
		{"a dangling link: its target made", link("later.json", "made.json"), filepath.Join(dir, "made.json"), false},
		{"a link to /dev/null: written through", link("null", "/dev/null"), "", false},
		{"a link to /dev/full: its error", link("full", "/dev/full"), "", true},
		{"a directory", dir, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.target == "" && tt.path != dir {
				if _, err := os.Stat(tt.path); err != nil {
					t.Skipf("no device here: %v", err)
				}
			}
			err := Write(tt.path, []byte("new"), 0o644, nil)
			if (err != nil) != tt.wantErr {
				t.Fatalf("Write: err = %v, want error %v", err, tt.wantErr)
			}
			if tt.path != dir {
				if fi, err := os.Lstat(tt.path); err != nil || fi.Mode()&os.ModeSymlink == 0 {
					t.Errorf("the link was replaced: %v, %v", fi.Mode(), err)
				}
			}
			if tt.target != "" {
				if b, err := os.ReadFile(tt.target); err != nil || string(b) != "new" {
					t.Errorf("target holds %q, %v; want \"new\"", b, err)
				}
			}
		})
	}
	for _, dev := range []string{"/dev/null", "/dev/full"} {
		if fi, err := os.Stat(dev); err == nil && fi.Mode()&os.ModeCharDevice == 0 {
			t.Errorf("%s is no longer a device: %v", dev, fi.Mode())
		}
	}
}

// The process's standard output redirected to a file (`--html
// /dev/stdout > out.txt`) is written at its offset, not replaced: what
// the process wrote before stays, and the file is the same file.
func TestWriteStandardOutput(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "out.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	before, _ := f.Stat()
	if _, err := f.WriteString("findings\n"); err != nil {
		t.Fatal(err)
	}
	saved := os.Stdout
	os.Stdout = f
	err = Write(f.Name(), []byte("<html>\n"), 0o644, nil)
	os.Stdout = saved
	if err != nil {
		t.Fatal(err)
	}
	after, err := os.Stat(f.Name())
	if err != nil || !os.SameFile(before, after) {
		t.Errorf("the file was replaced (%v)", err)
	}
	if b, _ := os.ReadFile(f.Name()); string(b) != "findings\n<html>\n" {
		t.Errorf("content %q, want what was written before and the new bytes after", b)
	}
}
