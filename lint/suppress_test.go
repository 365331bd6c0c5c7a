package lint

import (
	"bytes"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/idlint/idlint/rules"
)

const suppressDoc = `line 1 urn:example:a%zz
<!-- idlint:ignore-next-line URN006 -->
line 3 urn:example:a%zz
line 4 urn:example:a%zz
# idlint:disable bad-percent-encoding
line 6 urn:example:a%zz urn:x-y:1
// idlint:enable
line 8 urn:example:a%zz
idlint:ignore-next-line
line 10 urn:example:a%zz
idlint:disable URN999 and prose after
line 12 urn:example:a%zz
idlint:ignore-next-line`

// readAll drains r in chunks of size n through the directive reader.
func directivesOf(t *testing.T, r io.Reader) *Directives {
	d := NewDirectives(r)
	if _, err := io.Copy(io.Discard, d); err != nil {
		t.Fatal(err)
	}
	return d
}

type chunks struct {
	b []byte
	n int
}

func (c *chunks) Read(p []byte) (int, error) {
	if len(c.b) == 0 {
		return 0, io.EOF
	}
	k := min(len(p), c.n, len(c.b))
	copy(p, c.b[:k])
	c.b = c.b[k:]
	return k, nil
}

// The directives found do not depend on how the reads split the text.
func TestDirectivesAnyReadSize(t *testing.T) {
	want := fmt.Sprint(directivesOf(t, strings.NewReader(suppressDoc)).list)
	if !strings.Contains(want, "ignore-next-line") {
		t.Fatalf("no directives found: %s", want)
	}
	for n := 1; n < 60; n++ {
		if got := fmt.Sprint(directivesOf(t, &chunks{[]byte(suppressDoc), n}).list); got != want {
			t.Errorf("reads of %d bytes: %s\nwant %s", n, got, want)
		}
	}
	if got := fmt.Sprint(directivesOf(t, iotest.OneByteReader(bytes.NewReader([]byte(suppressDoc)))).list); got != want {
		t.Errorf("1-byte reads: %s", got)
	}
}

// Which lines keep their rfc8141 §2 bad-escape finding (URN006).
func TestSuppressionSemantics(t *testing.T) {
	e, _ := New(Config{})
	d := directivesOf(t, strings.NewReader(suppressDoc))
	kept := map[int]bool{}
	lines := strings.Split(suppressDoc, "\n")
	off := 0
	for line := 1; line <= 12; line++ {
		at := int64(off + strings.Index(lines[line-1], "urn:"))
		off += len(lines[line-1]) + 1
		if !strings.Contains(lines[line-1], "urn:") {
			continue
		}
		o, _ := e.Check("urn", "urn:example:a%zz")
		fs := d.Filter(at, o.Findings)
		for _, f := range fs {
			if f.Rule.ID == "URN006" {
				kept[line] = true
			}
		}
	}
	want := map[int]bool{1: true, 3: false, 4: true, 6: false, 8: true, 10: false, 12: true}
	for line, w := range want {
		if kept[line] != w {
			t.Errorf("line %d: URN006 kept = %v, want %v", line, kept[line], w)
		}
	}
	_ = rules.Error
}

// Any text, any read size: the same directives, no panic.
func FuzzDirectives(f *testing.F) {
	f.Add([]byte(suppressDoc), 3)
	f.Add([]byte("idlint:disable\nidlint:ignore-next-line URN001 x"), 1)
	f.Fuzz(func(t *testing.T, data []byte, n int) {
		if n <= 0 || n > 1<<20 {
			n = 1 + n&63
		}
		want := fmt.Sprint(directivesOf(t, bytes.NewReader(data)).list)
		if got := fmt.Sprint(directivesOf(t, &chunks{data, n}).list); got != want {
			t.Errorf("reads of %d bytes: %s, want %s", n, got, want)
		}
	})
}

// Filter never writes into the slice it is given: findings are shared
// between occurrences of the same identifier (Memo).
func TestFilterDoesNotModifyItsInput(t *testing.T) {
	e, _ := New(Config{})
	o, _ := e.Check("urn", "URN:ab:a?b") // URN030 and URN011 (rfc8141 §3.1, §2)
	if len(o.Findings) < 2 {
		t.Fatalf("want two findings, got %+v", o.Findings)
	}
	orig := append([]rules.Finding(nil), o.Findings...)
	d := NewDirectives(strings.NewReader("idlint:ignore-next-line " + o.Findings[0].Rule.ID + "\nURN:ab:a?b\n"))
	io.Copy(io.Discard, d)
	got := d.Filter(int64(len("idlint:ignore-next-line "+o.Findings[0].Rule.ID+"\n")), o.Findings)
	if len(got) != len(orig)-1 {
		t.Errorf("filtered %d findings, want %d", len(got), len(orig)-1)
	}
	if !reflect.DeepEqual(o.Findings, orig) {
		t.Errorf("input changed: %+v, was %+v", o.Findings, orig)
	}
}
