package idlint_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/idlint/idlint"
	"github.com/idlint/idlint/internal/tsvesc"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
)

// pendingClasses are the difficulty classes whose mismatches are logged,
// not failed: ones the judged sample found and no fix has reached yet.
// The issue 19 classes (quote, markup, query, template, prefix, prose,
// xri-version) and qname, entity, param, delimited, escaped, wrapped and
// event (an XMPP event name "stanza/ns:name", split from compound in
// session 12) are fixed and hold as any other: a class leaves this set
// when its fix lands. compound stays: a namespace joined to a local name
// by "&" ("…:attribute&EntityAttributes") is a legal NSS (rfc8141 §2),
// and only the convention of the code that wrote it tells where the URN
// ends (bench/precision/README.md). table (a cell broken between two
// rows, session 12) is fixed: lookalike.NextRowGoesOn.
var pendingClasses = map[string]bool{
	"compound": true, // a URN joined to a local name: "urn:…:attribute&EntityAttributes"
}

type judged struct {
	line     int
	context  string
	expected []string
	class    string
	source   string
}

// readJudgedTSV reads testdata/precision/judged.tsv: context line
// (escaped: \\ \t \r \n \xNN), expected identifiers (space-separated,
// in order), class, source; a line starting with "#" is a comment.
// bench/precision writes the same escapes.
func readJudgedTSV(t *testing.T) []judged {
	b, err := os.ReadFile("testdata/precision/judged.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var js []judged
	for i, l := range strings.Split(string(b), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) != 4 {
			t.Fatalf("judged.tsv:%d: %d fields, want 4", i+1, len(f))
		}
		ctx, err := tsvesc.Unescape(f[0])
		if err != nil {
			t.Fatalf("judged.tsv:%d: %v", i+1, err)
		}
		js = append(js, judged{i + 1, ctx, strings.Fields(f[1]), f[2], f[3]})
	}
	return js
}

// byFile collects the identifiers (not look-alikes) found per file.
type byFile struct{ ids map[string][]string }

func (r *byFile) Occurrence(o *lint.Occurrence) error {
	if o.Kind == "" {
		r.ids[o.Source] = append(r.ids[o.Source], o.Raw)
	}
	return nil
}

func (r *byFile) Source(*record.Source) error { return nil }

// Every context line of the judged sample of third-party text (issue 19,
// bench/precision/README.md) gives exactly the identifiers a reader sees
// there, in order: no span absorbs a quote, markup or a query's "&…", and
// templates, prefixes and prose are not identifiers.
func TestJudgedPrecisionSample(t *testing.T) {
	t.Parallel()
	js := readJudgedTSV(t)
	if len(js) < 100 {
		t.Fatalf("judged.tsv has %d lines; the sample is larger", len(js))
	}
	fsys := fstest.MapFS{}
	for _, j := range js {
		fsys[fmt.Sprintf("j/%05d.txt", j.line)] = &fstest.MapFile{Data: []byte(j.context + "\n")}
	}
	r := &byFile{ids: map[string][]string{}}
	opt := idlint.Options{}
	opt.Corpus.FS = fsys
	if _, err := idlint.Scan(context.Background(), []string{"j"}, opt, r); err != nil {
		t.Fatal(err)
	}
	pending := map[string]int{}
	for _, j := range js {
		got := strings.Join(r.ids[fmt.Sprintf("j/%05d.txt", j.line)], " ")
		want := strings.Join(j.expected, " ")
		if got == want {
			continue
		}
		msg := fmt.Sprintf("judged.tsv:%d (%s, %s):\n  %q\n  got  %q\n  want %q", j.line, j.class, j.source, j.context, got, want)
		if pendingClasses[j.class] {
			pending[j.class]++
			t.Log("pending: " + msg)
			continue
		}
		t.Error(msg)
	}
	if len(pending) > 0 {
		t.Logf("mismatches in pending classes: %v", pending)
	}
}
