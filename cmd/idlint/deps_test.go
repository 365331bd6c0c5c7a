package main

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// importGraph lists the packages the command links with tags and, for
// each, the packages that import it.
func importGraph(t *testing.T, tags string) map[string][]string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	out, err := exec.Command(goTool, "list", "-tags", tags, "-deps", "-f", "{{.ImportPath}}:{{join .Imports \" \"}}", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	importers := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imports, _ := strings.Cut(line, ":")
		if _, ok := importers[pkg]; !ok {
			importers[pkg] = nil
		}
		for _, imp := range strings.Fields(imports) {
			importers[imp] = append(importers[imp], pkg)
		}
	}
	return importers
}

// issue 25, start-up (and issue 20 §7): every package linked runs its
// init at every start, whatever the command. The default build links no
// Arrow (its compute registry costs ms at each start) and no Thrift; the
// heavy standard packages it still links come only by the ways listed,
// so that a new importer is seen: net/http (with TLS, x509, HPACK) only
// by andybalholm/brotli's http.go and corpus's chunked reader
// (net/http/httputil). encoding/gob is not linked: go-git's gitignore
// package linked it (its dir.go reads git's config through gcfg), so the
// matcher comes from Flux's copy, which imports only the standard library.
// The Parquet build links Arrow: the check finds what it looks for.
func TestStartupLinksNoHeavyPackages(t *testing.T) {
	t.Parallel()
	only := map[string][]string{
		"net/http":          {"github.com/andybalholm/brotli", "net/http/httputil"},
		"net/http/httputil": {"github.com/idlint/idlint/corpus"},
		"encoding/gob":      nil,
	}
	absent := []string{"github.com/apache/arrow-go/", "github.com/apache/thrift/", "github.com/google/flatbuffers/"}
	for _, c := range []struct {
		tags      string
		wantArrow bool
	}{
		{"", false},
		{"parquet", true},
	} {
		g := importGraph(t, c.tags)
		found := false
		for pkg := range g {
			for _, prefix := range absent {
				if strings.HasPrefix(pkg, prefix) {
					found = true
					if !c.wantArrow {
						t.Errorf("tags %q: %s is linked (imported by %v)", c.tags, pkg, g[pkg])
					}
				}
			}
		}
		if c.wantArrow && !found {
			t.Errorf("tags %q: no Arrow package found in the import graph", c.tags)
		}
		if c.tags != "" {
			continue
		}
		for pkg, allowed := range only {
			for _, by := range g[pkg] {
				if !slices.Contains(allowed, by) {
					t.Errorf("%s is imported by %s, not only by %v", pkg, by, allowed)
				}
			}
		}
	}
}
