//go:build !avo

// Command kernelasm generates extract's SIMD candidate filters with avo,
// built with -tags avo (main.go: go generate ./extract does); without the
// tag it only says so, so that `go install ./...` (a pre-commit hook's
// install) compiles neither avo nor golang.org/x/tools.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "kernelasm: built without avo; run it as go generate ./extract does: go run -tags avo ./internal/gen/kernelasm")
	os.Exit(2)
}
