package extract

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestKernelsCoverRegistry: every kernel, the SIMD ones with their nibble
// tables from internal/gen/kernelasm included, marks the colon after every
// scheme name of the registry (schemes_gen.go), in any case, at any offset
// in a block. An assembly not regenerated after a scheme was added fails
// here: run go generate ./extract.
func TestKernelsCoverRegistry(t *testing.T) {
	ks := supportedKernels(t)
	for _, name := range schemeNames {
		for _, spelled := range []string{name, strings.ToUpper(name), strings.ToUpper(name[:1]) + name[1:]} {
			for _, off := range []int{len(name), 63, 64, 127, 128, 200} {
				buf := bytes.Repeat([]byte{' '}, 260)
				copy(buf[off-len(name):], spelled+":x")
				for _, k := range ks {
					if got := runKernel(k, buf, 0, candBatch); !slices.Contains(got, off) {
						t.Errorf("kernel %s misses %q: at %d (found %v)", kernelNames[k], spelled, off, got)
					}
				}
				if got := Find(nil, buf, Options{Schemes: AllSchemes}); len(got) != 1 || got[0].Scheme.String() != name {
					t.Errorf("Find(%q at %d) = %v, want one %s candidate", spelled, off, got, name)
				}
			}
		}
	}
}

func TestSchemeNames(t *testing.T) {
	for i, name := range schemeNames {
		s := Scheme(1 << i)
		if s.String() != name || ParseScheme(name) != s {
			t.Errorf("scheme %d: String %q, ParseScheme(%q) = %d", i, s.String(), name, ParseScheme(name))
		}
	}
	for _, s := range []Scheme{0, URN | XRI, 1 << 7} {
		if got := s.String(); got != "unknown" {
			t.Errorf("Scheme(%d).String() = %q, want unknown", s, got)
		}
	}
	if ParseScheme("http") != 0 {
		t.Error(`ParseScheme("http") != 0`)
	}
}

func TestSchemesString(t *testing.T) {
	for _, tc := range []struct {
		set  Schemes
		want string
	}{
		{0, "none"},
		{SchemesOf(URN), "urn"},
		{SchemesOf(GO, URN), "urn,go"},
		{AllSchemes, strings.Join(schemeNames[:], ",")},
	} {
		if got := tc.set.String(); got != tc.want {
			t.Errorf("Schemes(%d).String() = %q, want %q", tc.set, got, tc.want)
		}
	}
}

// String runs once per match: it must not allocate.
func TestSchemeStringAllocs(t *testing.T) {
	var sink string
	if n := testing.AllocsPerRun(100, func() { sink = XRI.String() }); n != 0 {
		t.Errorf("Scheme.String allocates %v times", n)
	}
	_ = fmt.Sprint(sink)
}
