package reports

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/rules"
)

var sgrRE = regexp.MustCompile("\033\\[[0-9;]*m")

// issue 20 §8: coloured lines are the plain lines plus escapes (severity
// word, rule ID, path), and Color off writes none.
func TestColorLines(t *testing.T) {
	e, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	bad := occ(t, e, "a.txt", "urn:example:a%zz") // rfc8141 §2: URN006 error
	info := occ(t, e, "a.txt", "URN:example:a")   // info findings (case)
	lookalike := &lint.Occurrence{Scheme: "go", Raw: "go:build", Kind: "go-directive"}
	lookalike.Source, lookalike.Line, lookalike.Column = "b.go", 1, 3
	write := func(color bool) string {
		var b bytes.Buffer
		tx := NewText(&b, nil)
		tx.Color = color
		for _, o := range []*lint.Occurrence{bad, info, lookalike} {
			if err := tx.Occurrence(o); err != nil {
				t.Fatal(err)
			}
		}
		tx.Flush()
		tx.Abort(nil)
		return b.String()
	}
	plain, colored := write(false), write(true)
	if strings.Contains(plain, "\033") {
		t.Errorf("Color off wrote escapes: %q", plain)
	}
	if got := sgrRE.ReplaceAllString(colored, ""); got != plain {
		t.Errorf("coloured output without its escapes differs from the plain one:\n%q\n%q", got, plain)
	}
	for _, want := range []string{
		sgrBold + "a.txt" + sgrReset,
		sgrError + "error" + sgrReset,
		sgrBold + "URN006" + sgrReset,
		sgrInfo + "info" + sgrReset,
		sgrBold + "b.go" + sgrReset,
	} {
		if !strings.Contains(colored, want) {
			t.Errorf("coloured output lacks %q:\n%q", want, colored)
		}
	}
	if severitySGR(rules.Warning) != sgrWarn {
		t.Error("warning is not yellow")
	}
}
