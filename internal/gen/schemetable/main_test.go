package main

import (
	"bytes"
	"os"
	"testing"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/schemes"
)

// TestGeneratedUpToDate fails when extract/schemes_gen.go differs from
// what the registry gives now: run go generate ./extract.
func TestGeneratedUpToDate(t *testing.T) {
	want, err := generate(schemes.All())
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../../extract/schemes_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("extract/schemes_gen.go is stale: run go generate ./extract")
	}
}

// TestGenerateRejects covers the names the scanner's filter and confirm
// cannot take.
func TestGenerateRejects(t *testing.T) {
	for _, name := range []string{"x", "Urn", "a-b", "x2"} {
		if _, err := generate([]*rules.Scheme{{Name: name}}); err == nil {
			t.Errorf("generate(%q) succeeded, want an error", name)
		}
	}
	nine := make([]*rules.Scheme, 9)
	for i := range nine {
		nine[i] = &rules.Scheme{Name: "ab"}
	}
	if _, err := generate(nine); err == nil {
		t.Error("generate(9 schemes) succeeded, want an error (extract.Scheme is 8 bits)")
	}
}
