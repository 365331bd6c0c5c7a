// Command measure runs the go: look-alike classifier over every go:
// candidate the scanner finds under a directory (by default the Go source
// tree, $(go env GOROOT)/src) and prints how many candidates fall in each
// kind ("identifier" for those Classify keeps). With -list KIND it prints
// the candidates of that kind with their context, and the counts to stderr.
//
//	go run ./rules/gouri/internal/measure [-root DIR] [-list KIND]
package main

import (
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/idlint/idlint/extract"
	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/gouri"
)

func main() {
	root := flag.String("root", "", "directory to walk (default: $(go env GOROOT)/src)")
	list := flag.String("list", "", `print the candidates of this kind ("identifier" for those kept)`)
	flag.Parse()
	if *root == "" {
		r, err := goroot()
		if err != nil {
			fmt.Fprintln(os.Stderr, "measure:", err)
			os.Exit(2)
		}
		*root = r
	}
	counts := map[string]int{}
	files, total, err := walk(*root, func(path, ident string, ctx rules.Context, kind string) {
		counts[kind]++
		if kind == *list {
			rel, _ := filepath.Rel(*root, path)
			fmt.Printf("%s\t%q\t%s\t%q\n", rel, ctx.Before, ident, ctx.After)
		}
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "measure:", err)
		os.Exit(1)
	}
	var w io.Writer = os.Stdout
	if *list != "" {
		w = os.Stderr
	}
	report(w, *root, files, total, counts)
}

// goroot is $(go env GOROOT)/src.
func goroot() (string, error) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOROOT: %w", err)
	}
	return filepath.Join(strings.TrimSpace(string(out)), "src"), nil
}

// walk classifies every go: candidate in the regular files under root,
// with extract.ContextBytes of context each side as the lint engine has
// it, and calls each with kind "identifier" for what Classify keeps.
func walk(root string, each func(path, ident string, ctx rules.Context, kind string)) (files, total int, err error) {
	var cands []extract.Candidate
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		files++
		cands = extract.Find(cands[:0], data, extract.Options{Schemes: extract.SchemesOf(extract.GO)})
		for _, c := range cands {
			ctx := rules.Context{
				Before: data[max(0, c.Start-extract.ContextBytes):c.Start],
				After:  data[c.End:min(len(data), c.End+extract.ContextBytes)],
			}
			ident := string(data[c.Start:c.End])
			kind := gouri.Classify(ident, ctx)
			if kind == "" {
				kind = "identifier"
			}
			total++
			each(path, ident, ctx, kind)
		}
		return nil
	})
	return files, total, err
}

func report(w io.Writer, root string, files, total int, counts map[string]int) {
	kinds := make([]string, 0, len(counts))
	for k := range counts {
		kinds = append(kinds, k)
	}
	sort.Slice(kinds, func(i, j int) bool {
		if counts[kinds[i]] != counts[kinds[j]] {
			return counts[kinds[i]] > counts[kinds[j]]
		}
		return kinds[i] < kinds[j]
	})
	fmt.Fprintf(w, "%s: %d files, %d go: candidates\n", root, files, total)
	for _, k := range kinds {
		fmt.Fprintf(w, "%8d  %s\n", counts[k], k)
	}
}
