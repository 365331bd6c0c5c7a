package main

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestTablesUpToDate fails when extract/filter_amd64.s holds other letter
// tables than the registry gives now: run go generate ./extract.
func TestTablesUpToDate(t *testing.T) {
	asm, err := os.ReadFile("../../../extract/filter_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	classA, classB, membersA, membersB := classes()
	la, ha := tables(classA, membersA)
	lb, hb := tables(classB, membersB)
	for name, tab := range map[string][16]byte{"classLoA": la, "classHiA": ha, "classLoB": lb, "classHiB": hb} {
		for i, v := range tab {
			line := fmt.Sprintf("DATA %s<>+%d(SB)/1, $0x%02x\n", name, i, v)
			if !strings.Contains(string(asm), line) {
				t.Errorf("filter_amd64.s lacks %q: stale, run go generate ./extract", strings.TrimSpace(line))
			}
		}
	}
}
