package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"

	"github.com/idlint/idlint"
	"github.com/idlint/idlint/lint"
)

// fixFlags are check's --fix, --unsafe-fixes and --diff (issue 20 §5).
type fixFlags struct {
	fix, unsafe, diff bool
	baseline          string // check's --baseline: its findings are not fixed
}

func (x *fixFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&x.fix, "fix", false, "apply the safe fixes in place (they keep each identifier's equivalence class), then report what is left")
	fs.BoolVar(&x.unsafe, "unsafe-fixes", false, "with --fix or --diff, also the unsafe fixes (they change the identifier: repair an invalid escape, decode one)")
	fs.BoolVar(&x.diff, "diff", false, "print the fixes as a unified diff on stdout and write nothing; exit 1 if there is any")
}

func (x *fixFlags) on() bool { return x.fix || x.diff || x.unsafe }

// run fixes paths, then (for --fix) runs check over the fixed files with
// report, and says on stderr what was fixed and what is left.
func (x *fixFlags) run(ctx context.Context, arm func(), paths []string, opt idlint.Options, minSev string, stdout, stderr io.Writer, report func() int) int {
	if !x.fix && !x.diff {
		fmt.Fprintln(stderr, "idlint check: --unsafe-fixes needs --fix or --diff")
		return exitTrouble
	}
	if slices.Contains(paths, "-") {
		fmt.Fprintln(stderr, "idlint check: --fix and --diff rewrite files: not standard input")
		return exitTrouble
	}
	min, err := parseMinSeverity(minSev)
	if err != nil {
		fmt.Fprintf(stderr, "idlint check: --min-severity: %v\n", err)
		return exitTrouble
	}
	if !x.diff {
		arm() // files are about to be written: an interrupt cancels, it does not kill
	}
	res, err := idlint.Fix(ctx, paths, opt, idlint.FixOptions{Unsafe: x.unsafe, Min: min, DryRun: x.diff, Baseline: x.baseline})
	if err != nil {
		fmt.Fprintf(stderr, "idlint check: %v\n", err)
		return exitTrouble
	}
	out := &errWriter{w: stdout}
	for _, f := range res.Files {
		if x.diff {
			fmt.Fprint(out, lint.UnifiedDiff(f.Path, f.Old, f.New))
		}
		if !f.Converged {
			fmt.Fprintf(stderr, "idlint check: %s: fixes still applied after %d rounds (please report it)\n", f.Path, lint.MaxFixRounds)
		}
	}
	for _, n := range res.NotFixed {
		fmt.Fprintf(stderr, "idlint check: %s: %d fix(es) not applied: %s\n", n.Path, n.Fixes, n.Reason)
	}
	code := exitOK
	if out.err != nil {
		fmt.Fprintf(stderr, "idlint check: writing the diff: %v\n", out.err) // a diff cut short is no diff (issue 24 §8)
		return exitTrouble
	}
	if x.diff {
		if len(res.Files) > 0 {
			code = exitFindings // as ruff --diff: there is something to fix
		}
	} else {
		code = report()
	}
	verb := "fixed"
	if x.diff {
		verb = "would be fixed"
	}
	line := fmt.Sprintf("idlint check: %d %s, %d remaining", res.Fixed, verb, res.Remaining)
	if res.UnsafeFixable > 0 {
		line += fmt.Sprintf(" (%d fixable with --unsafe-fixes)", res.UnsafeFixable)
	}
	fmt.Fprintln(stderr, line)
	return code
}
