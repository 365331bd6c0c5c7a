package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/idlint/idlint/internal/termsafe"
)

// hostile is what a crafted input puts in names and identifiers to act on
// the terminal that shows them (issue 24 §6): set the window title (OSC
// 0 … BEL), clear the screen, return to the line's start, CSI as a C1
// character, and reverse the text (U+202E).
var hostile = []string{"\x1b]0;pwned\a", "\x1b[2J", "\r", "\u009b31m", "\u202e"}

// writeHostile writes inputs whose member names, link targets, WARC record
// IDs, file names and identifiers carry the hostile sequences, and one
// that fails to read under a hostile name; it returns their paths.
func writeHostile(t *testing.T) []string {
	t.Helper()
	dir := t.TempDir()
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	for i, h := range hostile {
		w, err := zw.Create(fmt.Sprintf("m%d%s.txt", i, h))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(w, "urn:bad::%d and urn:x-y:%d\n", i, i) // an info and an error finding
	}
	zw.Close()
	var tb bytes.Buffer
	tw := tar.NewWriter(&tb)
	for i, h := range hostile {
		tw.WriteHeader(&tar.Header{Name: fmt.Sprintf("link%d%s", i, h), Linkname: "target" + h, Typeflag: tar.TypeSymlink})
	}
	tw.Close()
	var warc bytes.Buffer
	for i, h := range hostile {
		body := fmt.Sprintf("urn:x-y:w%d\n", i)
		fmt.Fprintf(&warc, "WARC/1.1\r\nWARC-Type: request\r\nWARC-Record-ID: <urn:uuid:%d%s>\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n", i, h, len(body), body)
		fmt.Fprintf(&warc, "WARC/1.1\r\nWARC-Type: resource\r\nWARC-Record-ID: <urn:uuid:r%d%s>\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n", i, h, len(body), body)
	}
	files := map[string][]byte{
		"members.zip":  zb.Bytes(),
		"links.tar":    tb.Bytes(),
		"records.warc": warc.Bytes(),
		// identifiers that hold the characters (xri: and lid: take them in)
		"idents.txt": []byte("xri://=ab\u202ecd x\nxri://=ab\u009bcd x\nlid://ex\u202eample.com/a x\n"),
	}
	names := []string{"members.zip", "links.tar", "records.warc", "idents.txt"}
	if runtime.GOOS != "windows" {
		for i, h := range hostile {
			n := fmt.Sprintf("name%d%s.txt", i, h)
			files[n] = []byte("urn:x-y:n\n")
			names = append(names, n)
			bad := fmt.Sprintf("bad%d%s.gz", i, h)
			files[bad] = []byte("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03cut") // a truncated gzip stream: an error naming the file
			names = append(names, bad)
		}
	}
	var paths []string
	for _, n := range names {
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, files[n], 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// No raw control, C1 or bidi character from an input reaches a
// human-readable output or stderr; each appears escaped (issue 24 §6).
// JSON, JSON Lines and SARIF carry them as \u escapes, which decoders give
// back as they were.
func TestHostileNamesEscaped(t *testing.T) {
	t.Parallel()
	paths := writeHostile(t)
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		args []string
		file string // an output file to check too
	}{
		{name: "scan text", args: []string{"scan", "--warc-meta"}},
		{name: "scan lookalikes", args: []string{"scan", "--include-lookalikes"}},
		{name: "check text", args: []string{"check", "--min-severity", "info"}},
		{name: "check color", args: []string{"check", "--min-severity", "info", "--color", "always"}},
		{name: "check github", args: []string{"check", "--min-severity", "info", "--format", "github"}},
		{name: "check gitlab", args: []string{"check", "--min-severity", "info", "--format", "gitlab"}},
		{name: "check junit", args: []string{"check", "--min-severity", "info", "--format", "junit"}},
		{name: "check statistics", args: []string{"check", "--statistics"}},
		{name: "check sarif", args: []string{"check", "--format", "sarif"}},
		{name: "scan json", args: []string{"scan", "--format", "json"}},
		{name: "scan jsonl", args: []string{"scan", "--format", "jsonl", "--sources", "-"}},
		{name: "html", args: []string{"scan", "--format", "none", "--html", filepath.Join(dir, "r.html")}, file: filepath.Join(dir, "r.html")},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, out, errs := runCmd(t, "", append(c.args, paths...)...)
			outputs := map[string]string{"stdout": out, "stderr": errs}
			if c.file != "" {
				b, err := os.ReadFile(c.file)
				if err != nil {
					t.Fatal(err)
				}
				outputs[c.file] = string(b)
			}
			for name, s := range outputs {
				s = sgr.ReplaceAllString(s, "") // --color's own
				if i := termsafe.Index(s); i >= 0 {
					t.Errorf("%s holds a raw %q: …%q…", name, s[i:i+min(3, len(s)-i)], s[max(0, i-40):min(len(s), i+10)])
				}
			}
			all := out + errs + outputs[c.file]
			if !strings.Contains(all, `\x1b]0;pwned\a`) && !strings.Contains(all, `\u001b]0;pwned\u0007`) && !strings.Contains(all, `\\x1b]0;pwned\\a`) {
				t.Errorf("no escaped hostile name in the output:\n%s", all)
			}
		})
	}
}

// sgr matches the colour sequences of --color.
var sgr = regexp.MustCompile("\x1b\\[[0-9;]*m")

// parse's text output escapes the identifier given and what is derived
// from it (issue 24 §6).
func TestParseEscapes(t *testing.T) {
	t.Parallel()
	_, out, errs := runCmd(t, "xri://=ab\u202ecd\nurn:x-y:a\x1b[2J\n", "parse")
	if i := termsafe.Index(out + errs); i >= 0 {
		t.Errorf("raw control in parse output:\n%q", out+errs)
	}
	if !strings.Contains(out, `xri://=ab\u202ecd`) {
		t.Errorf("parse output lacks the escaped identifier:\n%s", out)
	}
}

// A failed input is named on stderr once, whatever the output format
// (issue 24 §8); the exit status says the run failed.
func TestFailedInputNamedEveryFormat(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bad := filepath.Join(dir, "cut.gz")
	good := filepath.Join(dir, "good.txt")
	if err := os.WriteFile(bad, []byte("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03cut"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(good, []byte("urn:isbn:0451450523\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var cases [][]string
	for _, f := range []string{"text", "jsonl", "json", "none", "arrow"} {
		if f == "arrow" && !withParquet {
			continue
		}
		cases = append(cases, []string{"scan", "--format", f})
	}
	for _, f := range []string{"text", "sarif", "github", "gitlab", "junit", "jsonl", "json"} {
		cases = append(cases, []string{"check", "--format", f})
	}
	cases = append(cases, []string{"check", "--format", "text", "--format", "text", "-o", filepath.Join(dir, "out.txt")},
		[]string{"check", "--format", "sarif", "--statistics"})
	want := "idlint: " + bad + ": after 2 bytes: gzip: unexpected EOF\n"
	for _, args := range cases {
		code, _, errs := runCmd(t, "", append(args, bad, good)...)
		if code != exitTrouble {
			t.Errorf("%q: exit %d, want %d", args, code, exitTrouble)
		}
		if n := strings.Count(errs, want); n != 1 {
			t.Errorf("%q: stderr names the failed input %d times, want once:\n%s", args, n, errs)
		}
	}
}

// A profile that could not be written fails the run, named (issue 24
// §8: output cut short is no output; pprof itself drops write errors).
func TestProfileWriteFails(t *testing.T) {
	t.Parallel()
	if fi, err := os.Stat("/dev/full"); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Skip("no /dev/full here")
	}
	dir := writeFiles(t, map[string]string{"a.txt": "urn:example:a\n"})
	for _, flag := range []string{"--cpuprofile", "--memprofile"} {
		code, _, errs := runCmd(t, "", "scan", "--isolated", "--format", "none", flag, "/dev/full", dir)
		if code != exitTrouble || !strings.Contains(errs, flag+": write /dev/full: no space left on device") {
			t.Errorf("%s /dev/full: exit %d, stderr %q; want 2 and the write's error", flag, code, errs)
		}
	}
}

// fullDisk fails every write as a full disk does (/dev/full).
type fullDisk struct{}

func (fullDisk) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// A command whose output could not be written fails with a message,
// never exit status 0 with its output cut short (issue 24 §8).
func TestFullDiskFails(t *testing.T) {
	t.Parallel()
	var stdouts []io.Writer
	stdouts = append(stdouts, fullDisk{})
	if f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0); err == nil {
		defer f.Close()
		stdouts = append(stdouts, f)
	}
	for _, args := range [][]string{
		{"version"}, {"--version"}, {"version", "-h"},
		{"rules"}, {"rules", "--markdown"}, {"rules", "URN011"}, {"rules", "--namespace", "uuid"},
		{"parse", "urn:isbn:0451450523"}, {"parse", "--format", "json", "urn:isbn:0451450523"}, {"parse", "--format", "jsonl", "urn:isbn:0451450523"},
		{"config"}, {"help"}, {"help", "scan"}, {"scan", "-h"},
		// a diff of a fixable file (rfc3986 §2.1: %2c is %2C)
		{"check", "--isolated", "--diff", "--min-severity", "info", writeFiles(t, map[string]string{"fx.txt": "urn:example:a%2cb\n"})},
	} {
		for _, w := range stdouts {
			var errb bytes.Buffer
			code := run(args, strings.NewReader(""), w, &errb)
			if code != exitTrouble || !strings.Contains(errb.String(), "no space left on device") {
				t.Errorf("%q to %T: exit %d, stderr %q; want %d and the write's error", args, w, code, errb.String(), exitTrouble)
			}
		}
	}
}
