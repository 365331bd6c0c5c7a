package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/idlint/idlint/internal/gen/scanclass"
	"github.com/idlint/idlint/rules/schemes"
)

// classes: (high nibbles) x (low nibbles) products of the registry's
// letters (internal/gen/scanclass, as extract's Go table). Upper and lower
// case letters share low nibbles and differ by 2 in the high nibble.
// Class A's bits count down from 0x80, class B's up from 0x01.
func classes() (a, b []scanclass.Product, membersA, membersB string) {
	la, lb := scanclass.Letters(schemes.All())
	return scanclass.Products(la, 0x80, false), scanclass.Products(lb, 0x01, true),
		string(la) + strings.ToUpper(string(la)), string(lb) + strings.ToUpper(string(lb))
}

// tables returns the nibble tables of a class and checks that
// lo[x&15] & hi[x>>4] != 0 exactly for the members (VPSHUFB yields 0 for
// a low-nibble index with bit 7 set, and the high-nibble table has no
// entries at 8 and above, so bytes >= 0x80 are never members).
func tables(class []scanclass.Product, members string) (lo, hi [16]byte) {
	for _, p := range class {
		for _, n := range p.Lo {
			lo[n] |= p.Bit
		}
		for _, n := range p.Hi {
			hi[n] |= p.Bit
		}
	}
	for x := 0; x < 256; x++ {
		got := x < 0x80 && lo[x&15]&hi[x>>4] != 0
		want := false
		for i := 0; i < len(members); i++ {
			want = want || members[i] == byte(x)
		}
		if got != want {
			fmt.Fprintf(os.Stderr, "kernelasm: class %q table wrong at %#x\n", members, x)
			os.Exit(1)
		}
	}
	return lo, hi
}
