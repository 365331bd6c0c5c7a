// Package longtest gates the exhaustive, randomized and slow tests: they
// run when IDLINT_LONG=1 (.ci/run sets it), so that `go test ./...`
// answers a newcomer in about a minute while CI checks everything.
package longtest

import (
	"os"
	"testing"
)

// Env is the environment variable that turns the long tests on.
const Env = "IDLINT_LONG"

// Enabled reports whether the long tests run.
func Enabled() bool { return os.Getenv(Env) != "" && os.Getenv(Env) != "0" }

// Skip skips t unless the long tests run.
func Skip(t testing.TB) {
	t.Helper()
	if !Enabled() {
		t.Skip("long test: set " + Env + "=1 to run it (.ci/run does)")
	}
}

// Pick returns long when the long tests run, else short: a test that
// sweeps sizes or seeds runs a sample of them by default.
func Pick[T any](short, long T) T {
	if Enabled() {
		return long
	}
	return short
}
