package lint

import (
	"bytes"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/idlint/idlint/internal/testio"
	"github.com/idlint/idlint/rules"
)

var identRE = regexp.MustCompile(`(?i)urn:[A-Za-z0-9:%._-]+`)

// suppressRun drives d as the scanner does, at its worst: each
// identifier is filtered as soon as its last byte is read, before the
// rest of its line. It renders every identifier's kept and suppressed
// rules, then the findings Report gives, each with the document text of
// its byte range. r nil: the text is in memory (ResetBytes), as a
// scanner of it in place has it.
func suppressRun(t *testing.T, e *Engine, doc string, r io.Reader) string {
	t.Helper()
	d := NewDirectives(r)
	src := io.Reader(d)
	if r == nil {
		d.ResetBytes([]byte(doc))
		src = strings.NewReader(doc)
	}
	idents := identRE.FindAllStringIndex(doc, -1)
	var out strings.Builder
	var got []byte
	buf := make([]byte, 4096)
	k := 0
	for {
		n, err := src.Read(buf)
		got = append(got, buf[:n]...)
		for ; k < len(idents) && idents[k][1] <= len(got); k++ {
			at := idents[k][0]
			o, cerr := e.Check("urn", doc[at:idents[k][1]])
			if cerr != nil {
				t.Fatal(cerr)
			}
			kept, sup := d.Filter(int64(at), o.Findings)
			o.Findings, o.Suppressed = kept, sup
			fmt.Fprintf(&out, "%d %s kept=%s suppressed=%s valid=%v\n", strings.Count(doc[:at], "\n")+1, o.Raw,
				strings.Join(o.RuleIDs(), ","), strings.Join((&Occurrence{Findings: sup}).RuleIDs(), ","), o.Valid())
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if string(got) != doc {
		t.Fatalf("the reader changed the text: %q", got)
	}
	meta, err := d.Report(e)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range meta {
		if !o.IsMeta() || doc[o.Offset:o.Offset+int64(len(o.Raw))] != o.Raw {
			t.Errorf("meta occurrence %+v: raw is not the text at its offset", o)
		}
		for i := range o.Findings {
			f := &o.Findings[i]
			s, end := o.DocumentRange(f)
			col := o.Column + utf8.RuneCountInString(o.Raw[:f.Start]) // as reports.FindingColumn
			fmt.Fprintf(&out, "%d:%d %s %s %q: %s\n", o.Line, col, f.Severity, f.Rule.ID, doc[s:end], f.Message)
		}
	}
	return out.String()
}

// issue 20 §3: the forms of suppression comment, and what they report of
// themselves. Each case's text is also read 1 byte at a time and in
// every chunk size up to 40, with the same result.
func TestSuppressions(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		doc  string
		want string
	}{
		{"same line, after the identifier", Config{},
			"a urn:example:a%zz <!-- idlint:ignore[URN006] -- quoted bad form -->\nurn:example:b%zz\n",
			"1 urn:example:a%zz kept= suppressed=URN006 valid=false\n2 urn:example:b%zz kept=URN006 suppressed= valid=false\n"},
		{"same line, before the identifier; no list: all rules", Config{},
			"// idlint:ignore the draft's own typo: urn:example:a%zz\n",
			"1 urn:example:a%zz kept= suppressed=URN006 valid=false\n"},
		{"next line", Config{},
			"# idlint:ignore-next-line URN006 -- example\nurn:example:a%zz\nurn:example:b%zz\n",
			"2 urn:example:a%zz kept= suppressed=URN006 valid=false\n3 urn:example:b%zz kept=URN006 suppressed= valid=false\n"},
		{"disable … enable, by name", Config{},
			"urn:example:a%zz\n<!-- idlint:disable bad-percent-encoding -- table of bad forms -->\nurn:example:b%zz\n<!-- idlint:enable -->\nurn:example:c%zz\n",
			"1 urn:example:a%zz kept=URN006 suppressed= valid=false\n3 urn:example:b%zz kept= suppressed=URN006 valid=false\n5 urn:example:c%zz kept=URN006 suppressed= valid=false\n"},
		{"enable of one rule in an all-rules region", Config{},
			"idlint:disable -- x\nurn:example:a%zz\nidlint:enable URN006\nurn:example:b%zz\nidlint:enable\n",
			"2 urn:example:a%zz kept= suppressed=URN006 valid=false\n4 urn:example:b%zz kept=URN006 suppressed= valid=false\n"},
		{"enable by name ends a disable by ID (the same rule)", Config{},
			"idlint:disable URN006 -- x\nurn:example:a%zz\nidlint:enable bad-percent-encoding\nurn:example:b%zz\n",
			"2 urn:example:a%zz kept= suppressed=URN006 valid=false\n4 urn:example:b%zz kept=URN006 suppressed= valid=false\n"},
		{"enable does not end disable-file", Config{},
			"idlint:disable-file -- x\nidlint:enable\nurn:example:a%zz\n",
			"3 urn:example:a%zz kept= suppressed=URN006 valid=false\n" +
				"2:1 warning IDL100 \"idlint:enable\": this enable ends no disabled region\n"},
		{"disable-file needs no enable", Config{},
			"# idlint:disable-file URN006 -- generated\nurn:example:a%zz\n",
			"2 urn:example:a%zz kept= suppressed=URN006 valid=false\n"},
		{"unclosed disable", Config{},
			"x\n# idlint:disable URN006 -- table\nurn:example:a%zz\n",
			"3 urn:example:a%zz kept= suppressed=URN006 valid=false\n" +
				"2:3 warning IDL102 \"idlint:disable URN006 -- table\": idlint:disable is not ended by idlint:enable before the end of the file (idlint:disable-file says the whole file)\n"},
		{"word boundary: xidlint:, myidlint: and `idlint: (quoted in Markdown) are no directives", Config{},
			"xidlint:disable\nurn:example:a%zz myidlint:ignore[URN006] -- r\n`idlint:ignore-next-line` urn:example:c%zz\nurn:example:b%zz\n",
			"2 urn:example:a%zz kept=URN006 suppressed= valid=false\n3 urn:example:c%zz kept=URN006 suppressed= valid=false\n4 urn:example:b%zz kept=URN006 suppressed= valid=false\n"},
		{"word boundary: after #, <!--, // and at the start", Config{},
			"idlint:ignore-next-line -- a\nurn:example:a%zz\n#idlint:ignore-next-line -- b\nurn:example:b%zz\n<!--idlint:ignore-next-line -- c-->\nurn:example:c%zz\n//idlint:ignore-next-line -- d\nurn:example:d%zz\n",
			"2 urn:example:a%zz kept= suppressed=URN006 valid=false\n4 urn:example:b%zz kept= suppressed=URN006 valid=false\n" +
				"6 urn:example:c%zz kept= suppressed=URN006 valid=false\n8 urn:example:d%zz kept= suppressed=URN006 valid=false\n"},
		{"prose before a directive on the line", Config{},
			"see idlint: the tool; urn:example:a%zz idlint:ignore[URN006] -- r\n",
			"1 urn:example:a%zz kept= suppressed=URN006 valid=false\n"},
		{"unknown rule: did you mean; the only rule: the whole directive", Config{},
			"# idlint:disable URN999 -- x\nurn:example:a%zz\n# idlint:enable\n# idlint:ignore-next-line bad-percnt-encoding -- y\n",
			"2 urn:example:a%zz kept=URN006 suppressed= valid=false\n" +
				"1:3 warning IDL101 \"idlint:disable URN999 -- x\": unknown rule \"URN999\" in suppression; did you mean URN009?\n" +
				"3:3 warning IDL100 \"idlint:enable\": this enable ends no disabled region\n" +
				"4:3 warning IDL101 \"idlint:ignore-next-line bad-percnt-encoding -- y\": unknown rule \"bad-percnt-encoding\" in suppression; did you mean bad-percent-encoding?\n"},
		{"unknown rule beside a used one: the rule and its separator", Config{},
			"urn:example:a%zz idlint:ignore[URN999, URN006] -- r\n",
			"1 urn:example:a%zz kept= suppressed=URN006 valid=false\n" +
				"1:32 warning IDL101 \"URN999, \": unknown rule \"URN999\" in suppression; did you mean URN009?\n"},
		{"unused: the whole directive", Config{},
			"<!-- idlint:ignore-next-line URN011 -- r -->\nurn:example:a%zz\n",
			"2 urn:example:a%zz kept=URN006 suppressed= valid=false\n" +
				"1:6 warning IDL100 \"idlint:ignore-next-line URN011 -- r\": this suppression suppressed no finding\n"},
		{"unused: one rule of a list", Config{},
			"<!-- idlint:ignore-next-line URN006,URN011 -- r -->\nurn:example:a%zz\n",
			"2 urn:example:a%zz kept= suppressed=URN006 valid=false\n" +
				"1:36 warning IDL100 \",URN011\": URN011 in this suppression suppressed no finding\n"},
		{"unused: the first rule of a list", Config{},
			"urn:example:a%zz idlint:ignore[URN011,URN006] -- r\n",
			"1 urn:example:a%zz kept= suppressed=URN006 valid=false\n" +
				"1:32 warning IDL100 \"URN011,\": URN011 in this suppression suppressed no finding\n"},
		{"missing reason", Config{},
			"urn:example:a%zz <!-- idlint:ignore[URN006] -->\n",
			"1 urn:example:a%zz kept= suppressed=URN006 valid=false\n" +
				"1:23 warning IDL103 \"idlint:ignore[URN006]\": suppression without a reason: write one after the rule list, e.g. \"-- the example is wrong on purpose\"\n"},
		{"missing reason, turned off; unused made an error", Config{Severity: map[string]rules.Severity{"IDL103": rules.None, "unused-suppression": rules.Error}},
			"idlint:ignore-next-line\nx\n",
			"1:1 error IDL100 \"idlint:ignore-next-line\": this suppression suppressed no finding\n"},
		// issue 20 §3 with §1: a suppression of a rule the configuration
		// turns off is unused, and says why (ruff's RUF100 "non-enabled")
		{"unused: its rule turned off", Config{Severity: map[string]rules.Severity{"URN006": rules.None}},
			"urn:example:a%zz idlint:ignore[URN006] -- r\n",
			"1 urn:example:a%zz kept= suppressed= valid=true\n" + // URN006 off: valid
				"1:18 warning IDL100 \"idlint:ignore[URN006] -- r\": this suppression suppressed no finding: URN006 is turned off for this file (idlint.toml or flags)\n"},
		{"unused: one rule of a list turned off", Config{Severity: map[string]rules.Severity{"URN006": rules.None}},
			"urn:ab:c idlint:ignore[URN006,URN023] -- r\n",
			"1 urn:ab:c kept=URN025 suppressed=URN023 valid=true\n" +
				"1:24 warning IDL100 \"URN006,\": URN006 in this suppression suppressed no finding: it is turned off for this file (idlint.toml or flags)\n"},
		{"unused, rule on: no note", Config{},
			"urn:ab:c idlint:ignore[URN006] -- r\n",
			"1 urn:ab:c kept=URN023,URN025 suppressed= valid=true\n" +
				"1:10 warning IDL100 \"idlint:ignore[URN006] -- r\": this suppression suppressed no finding\n"},
		{"a suppressed warning leaves the identifier valid", Config{},
			"URN:example:a idlint:ignore[URN030] -- r\n",
			"1 URN:example:a kept= suppressed=URN030 valid=true\n"},
		{"same line, beyond the read-ahead: not applied", Config{},
			"urn:example:a%zz " + strings.Repeat("x", sameLineReach) + " idlint:ignore[URN006] -- r\n",
			"1 urn:example:a%zz kept=URN006 suppressed= valid=false\n" +
				"1:65555 warning IDL100 \"idlint:ignore[URN006] -- r\": this suppression suppressed no finding\n"},
		{"last line without newline", Config{},
			"urn:example:a%zz idlint:ignore[URN006] -- r",
			"1 urn:example:a%zz kept= suppressed=URN006 valid=false\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := New(tt.cfg)
			if err != nil {
				t.Fatal(err)
			}
			got := suppressRun(t, e, tt.doc, strings.NewReader(tt.doc))
			if got != tt.want {
				t.Fatalf("got\n%s\nwant\n%s", got, tt.want)
			}
			if one := suppressRun(t, e, tt.doc, iotest.OneByteReader(strings.NewReader(tt.doc))); one != got {
				t.Errorf("1-byte reads:\n%s", one)
			}
			// issue 25: a document in memory is fed whole, not read
			if whole := suppressRun(t, e, tt.doc, nil); whole != got {
				t.Errorf("in memory (ResetBytes):\n%s", whole)
			}
			if len(tt.doc) > 1000 {
				return // the long line: 1-byte reads cover it
			}
			for n := 2; n <= 40; n++ {
				if g := suppressRun(t, e, tt.doc, testio.ChunkReader([]byte(tt.doc), n)); g != got {
					t.Errorf("reads of %d bytes:\n%s", n, g)
				}
			}
		})
	}
}

// issue 20 §3: the directive's line and column count characters, as the
// scanner's do, whatever the reads.
func TestDirectivePosition(t *testing.T) {
	doc := "é\nçà idlint:ignore-next-line URN011 -- r\nurn:example:a%zz\n"
	e, _ := New(Config{})
	for n := 1; n <= 8; n++ {
		got := suppressRun(t, e, doc, testio.ChunkReader([]byte(doc), n))
		if !strings.Contains(got, "\n2:4 warning IDL100") {
			t.Errorf("reads of %d: %s, want the directive at 2:4", n, got)
		}
	}
	if got := suppressRun(t, e, doc, nil); !strings.Contains(got, "\n2:4 warning IDL100") {
		t.Errorf("in memory: %s, want the directive at 2:4", got)
	}
}

// Any text, any read size: the same directives, no panic.
func FuzzDirectives(f *testing.F) {
	f.Add([]byte("urn:example:a%zz idlint:ignore[URN006] -- r\nidlint:disable\nurn:a:b%zz"), 3)
	f.Add([]byte("idlint:disable\nidlint:ignore-next-line URN001 x"), 1)
	f.Add([]byte("idlint:idlint:ignore[\nxidlint:enable URN006,,bad-percent-encoding"), 2)
	e, _ := New(Config{})
	f.Fuzz(func(t *testing.T, data []byte, n int) {
		if n <= 0 || n > 1<<20 {
			n = 1 + n&63
		}
		want := suppressRun(t, e, string(data), bytes.NewReader(data))
		if got := suppressRun(t, e, string(data), testio.ChunkReader(data, n)); got != want {
			t.Errorf("reads of %d bytes: %s, want %s", n, got, want)
		}
		if got := suppressRun(t, e, string(data), nil); got != want {
			t.Errorf("in memory: %s, want %s", got, want)
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
	text := "idlint:ignore-next-line " + o.Findings[0].Rule.ID + "\nURN:ab:a?b\n"
	d := NewDirectives(strings.NewReader(text))
	io.Copy(io.Discard, d)
	kept, sup := d.Filter(int64(strings.Index(text, "URN:")), o.Findings)
	if len(kept) != len(orig)-1 || len(sup) != 1 || sup[0].Rule != orig[0].Rule {
		t.Errorf("kept %d findings and suppressed %+v, want %d and %s", len(kept), sup, len(orig)-1, orig[0].Rule.ID)
	}
	if !reflect.DeepEqual(o.Findings, orig) {
		t.Errorf("input changed: %+v, was %+v", o.Findings, orig)
	}
}

// issue 20 §3: the suppression rules are in the catalog, so that
// --ignore, --severity and `idlint rules ID` know them.
func TestSuppressionRulesInCatalog(t *testing.T) {
	for _, id := range []string{"IDL100", "IDL101", "IDL102", "IDL103", "unused-suppression", "suppression-without-reason"} {
		rs := Find(id)
		if len(rs) != 1 || rs[0].Scheme != MetaScheme || !strings.Contains(rs[0].Spec, "README §Suppressions") {
			t.Errorf("Find(%q) = %v", id, rs)
		}
	}
	if _, err := New(Config{Severity: map[string]rules.Severity{"IDL103": rules.None}}); err != nil {
		t.Error(err)
	}
}

// eofOnce fails the test when read again after its end of file.
type eofOnce struct {
	t    *testing.T
	r    io.Reader
	done bool
}

func (e *eofOnce) Read(p []byte) (int, error) {
	if e.done {
		e.t.Error("read again after io.EOF")
	}
	n, err := e.r.Read(p)
	e.done = err == io.EOF
	return n, err
}

// Report reads what the scanner left, but not past the end (stdin on a
// terminal would wait for a second end of file).
func TestReportReadsNotPastEOF(t *testing.T) {
	e, _ := New(Config{})
	for _, doc := range []string{"urn:example:a%zz idlint:ignore[URN006] -- r", "idlint:disable -- x\n"} {
		d := NewDirectives(&eofOnce{t: t, r: strings.NewReader(doc)})
		io.Copy(io.Discard, d)
		d.Filter(0, []rules.Finding{{Rule: UnusedSuppression}})
		if _, err := d.Report(e); err != nil {
			t.Error(err)
		}
	}
}
