package textgen

import (
	"bytes"
	"testing"

	"github.com/idlint/idlint/extract"
	"github.com/idlint/idlint/lint"
)

// issue 25: the FHIR bundles are a function of (size, seed); the scanner
// finds exactly the identifiers the generator wrote, in order, each valid
// (rfc9562 §5.4: version 4, variant 10); the resources' uuids are distinct
// across bundles and recur only inside their own (the crawl case).
func TestFHIR(t *testing.T) {
	eng, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		size int
		seed int64
	}{{1 << 10, 1}, {256 << 10, 1}, {256 << 10, 9}} {
		text, wrote, found := generated(t, fhir, FHIR, c.size, c.seed)
		for i := range found {
			got := string(text[found[i].Start:found[i].End])
			if got != wrote[i] {
				t.Fatalf("identifier %d: wrote %q, found %q", i, wrote[i], got)
			}
			o, err := eng.CheckInContext("urn", got, nil)
			if err != nil || len(o.Findings) > 0 {
				t.Errorf("%s: %v %+v", got, err, o.Findings)
			}
		}
		// each bundle is a line: a uuid seen in one is not in another
		bundle := map[string]int{}
		for i, line := range bytes.Split(bytes.TrimSuffix(text, []byte("\n")), []byte("\n")) {
			for _, m := range extract.Find(nil, line, extract.Options{Schemes: extract.AllSchemes}) {
				id := string(line[m.Start:m.End])
				if id == "urn:ietf:rfc:3986" {
					continue
				}
				if b, ok := bundle[id]; ok && b != i {
					t.Fatalf("%s in bundles %d and %d", id, b, i)
				}
				bundle[id] = i
			}
		}
		if c.size > 1<<10 && (len(bundle) < len(wrote)/4 || len(bundle) > len(wrote)/2) {
			t.Errorf("size %d: %d distinct uuids of %d identifiers, want a quarter to a half", c.size, len(bundle), len(wrote))
		}
	}
	if bytes.Equal(FHIR(8<<10, 1), FHIR(8<<10, 2)) {
		t.Error("the seed changes nothing")
	}
}
