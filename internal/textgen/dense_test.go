package textgen

import (
	"bufio"
	"bytes"
	"testing"

	"github.com/idlint/idlint/extract"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/rules"
)

// issue 25 §1: the dense text is a function of (size, seed), and idlint's
// scanner finds exactly the identifiers the generator wrote, in order, each
// of them valid (isbn and issn check digits, uuid version and variant).
func TestDense(t *testing.T) {
	eng, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		size int
		seed int64
	}{{1 << 10, 1}, {64 << 10, 1}, {64 << 10, 7}} {
		text, wrote, found := generated(t, dense, Dense, c.size, c.seed)
		if len(wrote) < c.size/200 {
			t.Fatalf("size %d seed %d: %d identifiers", c.size, c.seed, len(wrote))
		}
		upper := 0
		for i := range min(len(found), len(wrote)) {
			got := string(text[found[i].Start:found[i].End])
			if got != wrote[i] {
				t.Errorf("identifier %d: wrote %q, found %q", i, wrote[i], got)
				continue
			}
			if got[:3] == "URN" {
				upper++
			}
			o, err := eng.CheckInContext("urn", got, nil)
			if err != nil || maxSeverity(o.Findings) >= rules.Warning {
				t.Errorf("%s: %v %+v", got, err, o.Findings)
			}
		}
		if c.size > 1<<10 && upper == 0 {
			t.Errorf("size %d seed %d: no upper-case spelling", c.size, c.seed)
		}
	}
	if bytes.Equal(Dense(8<<10, 1), Dense(8<<10, 2)) {
		t.Error("the seed changes nothing")
	}
}

func maxSeverity(fs []rules.Finding) rules.Severity {
	var s rules.Severity
	for _, f := range fs {
		s = max(s, f.Severity)
	}
	return s
}

// generated writes size bytes of gen's text at seed, its identifiers
// handed to emit, and checks that the text is deterministic (Bytes gives
// the same) and at least size bytes, and that the scanner finds as many
// identifiers as gen wrote; it returns the text, what gen wrote, and what
// the scanner found.
func generated(t *testing.T, gen func(*bufio.Writer, int, int64, func(string)) int, whole func(int, int64) []byte, size int, seed int64) ([]byte, []string, []extract.Candidate) {
	t.Helper()
	var buf bytes.Buffer
	var wrote []string
	w := bufio.NewWriter(&buf)
	gen(w, size, seed, func(id string) { wrote = append(wrote, id) })
	w.Flush()
	if !bytes.Equal(buf.Bytes(), whole(size, seed)) {
		t.Fatalf("size %d seed %d: not deterministic", size, seed)
	}
	text := buf.Bytes()
	found := extract.Find(nil, text, extract.Options{Schemes: extract.AllSchemes})
	if len(found) != len(wrote) || len(text) < size {
		t.Fatalf("size %d seed %d: %d bytes, wrote %d identifiers, the scanner finds %d", size, seed, len(text), len(wrote), len(found))
	}
	return text, wrote, found
}
