package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/golden from the outputs (go test ./cmd/idlint -run Golden -update)")

// The outputs of the demo corpus (sample/), byte for byte, in every
// format a reader sees: a change of format shows up as a diff of
// testdata/golden, to review and then regenerate with -update. The
// commands run from the repository's root, so paths print as sample/...
// wherever the tree is.
func TestGolden(t *testing.T) {
	golden, err := filepath.Abs(filepath.Join("testdata", "golden"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join("..", ".."))
	for _, c := range []struct {
		file string
		args []string
		code int
	}{
		{"scan.txt", []string{"scan", "--format", "text"}, exitOK},
		{"scan.json", []string{"scan", "--format", "json"}, exitOK},
		{"scan.jsonl", []string{"scan", "--format", "jsonl"}, exitOK},
		{"check.txt", []string{"check", "--format", "text"}, exitFindings},
		{"check.sarif", []string{"check", "--format", "sarif"}, exitFindings},
		{"check.github", []string{"check", "--format", "github"}, exitFindings},
		{"check.junit.xml", []string{"check", "--format", "junit"}, exitFindings},
		{"check.statistics", []string{"check", "--format", "none", "--statistics"}, exitFindings},
		{"check.gitlab", []string{"check", "--format", "gitlab"}, exitFindings},
	} {
		t.Run(c.file, func(t *testing.T) {
			code, out, errs := runCmd(t, "", append(c.args, "--quiet", "--run-id", "golden", "sample")...)
			if code != c.code || errs != "" {
				t.Fatalf("idlint %s: exit %d, want %d; stderr %q", strings.Join(c.args, " "), code, c.code, errs)
			}
			path := filepath.Join(golden, c.file)
			if *update {
				if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test ./cmd/idlint -run Golden -update writes it)", err)
			}
			if out != string(want) {
				t.Errorf("idlint %s sample differs from testdata/golden/%s: %s\nif the change is meant, regenerate with: go test ./cmd/idlint -run Golden -update", strings.Join(c.args, " "), c.file, firstDiff(out, string(want)))
			}
		})
	}
}

// firstDiff says where got first differs from want, line by line.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl || i >= len(g) || i >= len(w) {
			return fmt.Sprintf("line %d:\n  got  %s\n  want %s", i+1, quoteLine(gl, i < len(g)), quoteLine(wl, i < len(w)))
		}
	}
	return "same lines"
}

func quoteLine(l string, ok bool) string {
	if !ok {
		return "(end of output)"
	}
	return l
}
