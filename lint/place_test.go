package lint

import (
	"testing"

	"github.com/idlint/idlint/rules"
)

// issue 21 item 2, rfc6963 §3.6: Place adds URN124 by the document's path,
// applies severity overrides, and never writes into a memo's shared findings.
func TestPlaceExample(t *testing.T) {
	for _, c := range []struct {
		sev  map[string]rules.Severity
		path string
		want rules.Severity // rules.None: no URN124
	}{
		{nil, "etc/app.yaml", rules.Info},
		{nil, "docs/app.md", rules.None},
		{nil, "", rules.None},
		{map[string]rules.Severity{"URN124": rules.Warning}, "etc/app.yaml", rules.Warning},
		{map[string]rules.Severity{"example-outside-documentation": rules.None}, "etc/app.yaml", rules.None},
	} {
		e, err := New(Config{Severity: c.sev})
		if err != nil {
			t.Fatal(err)
		}
		m := e.NewMemo()
		var first, o Occurrence
		if err := m.CheckInto(&first, "urn", []byte("urn:example:a%2f"), nil); err != nil {
			t.Fatal(err)
		}
		if err := m.CheckInto(&o, "urn", []byte("urn:example:a%2f"), nil); err != nil { // remembered: shares first's findings
			t.Fatal(err)
		}
		before := len(first.Findings)
		m.Place(&o, c.path)
		got := rules.None
		for _, f := range o.Findings {
			if f.Rule.ID == "URN124" {
				got = f.Severity
			}
		}
		if got != c.want || len(first.Findings) != before {
			t.Errorf("rfc6963 §3.6: %v %q: URN124 %v, want %v; shared findings %d → %d", c.sev, c.path, got, c.want, before, len(first.Findings))
		}
		m2 := e.NewMemo()
		var again Occurrence
		if err := m2.CheckInto(&again, "urn", []byte("urn:example:a%2f"), nil); err != nil {
			t.Fatal(err)
		}
		for _, f := range again.Findings {
			if f.Rule.ID == "URN124" {
				t.Errorf("rfc6963 §3.6: URN124 leaked into the text's result")
			}
		}
	}
}

// rfc8141 §3.1: the NID is case-insensitive, and URN124 goes by the key.
func TestPlaceExampleCase(t *testing.T) {
	e, _ := New(Config{})
	o, err := e.Check("urn", "URN:Example:A")
	if err != nil {
		t.Fatal(err)
	}
	e.Place(&o, "etc/app.yaml")
	if ids := o.RuleIDs(); !contains(ids, "URN124") {
		t.Errorf("rfc6963 §3.6: URN:Example:A in etc/app.yaml: rules %v, want URN124", ids)
	}
}
