package reports

import (
	"fmt"
	"testing"

	"github.com/idlint/idlint/lint"
)

// A finding's text line, made by appends (issue 25), is what the fmt
// format it replaced wrote: paths with members, terminal-unsafe bytes in
// the path, the identifier and the message escaped, columns after
// multi-byte characters, documents changing between occurrences.
func TestLinesAppendLineEqualsFormat(t *testing.T) {
	e, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	l := NewLines(nil, 0, nil)
	for _, tc := range []struct{ source, member, raw string }{
		{"a.txt", "", "URN:ab:a?b"},
		{"a.txt", "", "URN:ISBN:0451450523"},
		{"b.zip", "x/y.txt", "urn:x:é\u202e?"},
		{"c\x1b[2J.txt", "m\x07", "URN:ab:\x1b[31m"},
		{"a.txt", "", "urn:isbn:12"},
	} {
		o, err := e.Check("urn", tc.raw)
		if err != nil {
			t.Fatal(err)
		}
		o.Source, o.Member, o.Line, o.Column = tc.source, tc.member, 12, 7
		if len(o.Findings) == 0 {
			t.Fatalf("%q: no finding to write", tc.raw)
		}
		for i := range o.Findings {
			f := &o.Findings[i]
			want := fmt.Sprintf("%s:%d:%d: %s %s %s: %s (%s)\n", Path(o.Source, o.Member), o.Line, FindingColumn(&o, f),
				f.Severity, f.Rule.ID, safe(o.Raw), safe(f.Message), f.Rule.SpecFor(o.Profile))
			if got := string(l.appendLine(&o, f)); got != want {
				t.Errorf("got  %q\nwant %q", got, want)
			}
		}
	}
}
