package xri

import "testing"

// benchInputs is a mix of real XRIs: rc2 examples, XRI 2.0 values from
// XRDS documents, internationalized and percent-encoded ones.
var benchInputs = []struct{ in, profile string }{
	{"xri://www.example.com/pages/index.html", RC2},
	{"xri:=JohnDoe.home/(+email).($v/3)", RC2},
	{"xri:@ExampleCorp.www", RC2},
	{"xri:(mailto:john.doe@example.com)/favorites/home", RC2},
	{"xri:@:A6B4.(!www.example.org):5E32", RC2},
	{"xri:@ALaFrançaise/areté", RC2},
	{"xri://$xrd*($v*2.0)", V2},
	{"xri://@!5BAD.2AA.3C72.AF46!0000.0000.3B9A.CA01", V2},
	{"=!E117.EF2F.454B.C707", V2},
	{"xri://+i-service*(+contact)*($v*1.0)", V2},
}

// BenchmarkCheck is the checker's cost per XRI: parse, findings,
// canonical form, key and namespace.
func BenchmarkCheck(b *testing.B) {
	c := &Checker{}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		in := benchInputs[n%len(benchInputs)]
		_ = c.Check(in.in, in.profile)
		n++
	}
}

// BenchmarkParse is Parse alone (no canonical form, no key).
func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		in := benchInputs[n%len(benchInputs)]
		_, _ = ParseBare(in.in, in.profile)
		n++
	}
}
