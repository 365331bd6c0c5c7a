package reports

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand"
	"net/url"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/rules"
)

// humanEscapes says the human outputs (text, linter lines) escape control,
// C1 and bidi characters of names and identifiers (issue 24 §6): the text
// fuzz target asserts the escaping (false would leave such inputs' line
// count alone).
const humanEscapes = true

var fuzzEngine = sync.OnceValue(func() *lint.Engine {
	e, err := lint.New(lint.Config{})
	if err != nil {
		panic(err)
	}
	return e
})

// fuzzOccurrences lints each line of ids (up to 16) as an identifier of
// its scheme (urn when it names none) at a location made of the other
// fuzz arguments; a line starting with "~" is a look-alike instead.
func fuzzOccurrences(ids, source, member string, line, col uint16) []lint.Occurrence {
	e := fuzzEngine()
	var out []lint.Occurrence
	for i, raw := range strings.SplitN(ids, "\n", 16) {
		var o lint.Occurrence
		if k, ok := strings.CutPrefix(raw, "~"); ok {
			o = lint.Occurrence{Scheme: "go", Raw: k, Kind: "go-directive"}
		} else {
			scheme := lint.SchemeOf(raw)
			if scheme == "" {
				scheme = "urn"
			}
			var err error
			if o, err = e.Check(scheme, raw); err != nil {
				panic(err)
			}
		}
		o.Source, o.Member = source, member
		if i%3 == 2 {
			o.Member = "" // the input itself too
		}
		o.Line, o.Column, o.Column16, o.Offset = int(line)+1+i, int(col)+1, int(col)+1, int64(line)*80+int64(i)
		out = append(out, o)
	}
	return out
}

var fuzzSeeds = []struct {
	ids, source, member string
	line, col           uint16
}{
	{"urn:example:a%zz\nURN:ISBN:0451450523\nxri://=a*b", "docs/a.txt", "", 1, 3},
	{"urn:ab:a?b\n~//go:build x\nlid://h/i", "c.tar.zst", "rfcs/rfc1.txt", 9, 0},
	{"urn:example:\U0001D518%zz\ngo:generate", "a b#c?%.txt", "d/é.txt", 2, 40},
	{"urn:ex:\u202eevil\n", "/abs/x\x1b]0;t\x07.txt", "m\u009b1m", 0, 0},
	{"", "", "", 0, 0},
}

// FuzzSARIF: any occurrences and failed inputs make a log that is JSON,
// valid SARIF 2.1.0 (the OASIS schema), the same bytes when written
// twice, with one result per finding at or above the level, each located
// by a URI reference, and one notification per failed input (issue 24 §9).
func FuzzSARIF(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s.ids, s.source, s.member, s.line, s.col)
	}
	schema := sarifSchema(f)
	f.Fuzz(func(t *testing.T, ids, source, member string, line, col uint16) {
		occs := fuzzOccurrences(ids, source, member, line, col)
		fail := record.Source{Source: source, Member: member, Status: record.StatusError, Error: "after 3 bytes: " + ids}
		// the catalog: the rules the findings name (the whole catalog's
		// help texts were nine tenths of an exec, and do not vary)
		var catalog []*rules.Rule
		seen := map[*rules.Rule]bool{}
		for i := range occs {
			for _, fd := range occs[i].Findings {
				if !seen[fd.Rule] {
					seen[fd.Rule] = true
					catalog = append(catalog, fd.Rule)
				}
			}
		}
		write := func() []byte {
			s := NewSARIF(catalog, rules.Warning, "fuzz")
			for i := range occs {
				if err := s.Occurrence(&occs[i]); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.Source(&fail); err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			s.W = &b
			if err := s.Finish(Summary{Errors: 1}); err != nil {
				t.Fatal(err)
			}
			return b.Bytes()
		}
		b := write()
		if again := write(); !bytes.Equal(b, again) {
			t.Fatal("two logs of the same run differ")
		}
		if !json.Valid(b) {
			t.Fatalf("not JSON: %q", b)
		}
		validateSARIF(t, schema, b)
		var l struct {
			Runs []struct {
				Tool struct {
					Driver struct{ Rules []struct{ ID string } }
				}
				Results []struct {
					RuleID    string
					RuleIndex int
					Locations []struct {
						PhysicalLocation struct{ ArtifactLocation struct{ URI string } }
					}
				}
				Invocations []struct {
					ToolExecutionNotifications []json.RawMessage
				}
			}
		}
		if err := json.Unmarshal(b, &l); err != nil || len(l.Runs) != 1 {
			t.Fatalf("%v, %d runs", err, len(l.Runs))
		}
		want := 0
		for i := range occs {
			for _, fd := range occs[i].Findings {
				if fd.Severity >= rules.Warning && occs[i].Kind == "" {
					want++
				}
			}
		}
		run := l.Runs[0]
		if len(run.Results) != want {
			t.Errorf("%d results, want %d", len(run.Results), want)
		}
		for _, r := range run.Results {
			if rs := run.Tool.Driver.Rules; r.RuleIndex >= len(rs) || rs[r.RuleIndex].ID != r.RuleID {
				t.Errorf("result of %s: ruleIndex %d is not its rule", r.RuleID, r.RuleIndex)
			}
			u := r.Locations[0].PhysicalLocation.ArtifactLocation.URI
			if u == "" && source+member != "" {
				continue // a member names its artifact by index
			}
			if _, err := url.Parse(u); err != nil {
				t.Errorf("artifact URI %q: %v", u, err)
			}
		}
		if len(run.Invocations) != 1 || len(run.Invocations[0].ToolExecutionNotifications) != 1 {
			t.Errorf("invocations %+v, want one with the failed input's notification", run.Invocations)
		}
	})
}

// FuzzText: the linter lines and the text report, for any occurrences and
// a failed input: the same bytes when written twice; one line per finding
// at or above the level (when no name or identifier holds a line break,
// or always once issue 24 §6 escapes them); the clusters the report
// counts are those of the identifiers; a failed input is named.
func FuzzText(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s.ids, s.source, s.member, s.line, s.col)
	}
	f.Fuzz(func(t *testing.T, ids, source, member string, line, col uint16) {
		occs := fuzzOccurrences(ids, source, member, line, col)
		fail := record.Source{Source: source, Member: member, Status: record.StatusError, Error: "truncated"}
		lines := func() (string, string) {
			var b, errb bytes.Buffer
			l := NewLines(&b, rules.Warning, &errb)
			for i := range occs {
				if err := l.Occurrence(&occs[i]); err != nil {
					t.Fatal(err)
				}
			}
			if err := l.Source(&fail); err != nil {
				t.Fatal(err)
			}
			if err := l.Finish(Summary{}); err != nil {
				t.Fatal(err)
			}
			if humanEscapes {
				noControls(t, b.Bytes())
				noControls(t, errb.Bytes())
			}
			return b.String(), errb.String()
		}
		out, errOut := lines()
		if again, errAgain := lines(); out != again || errOut != errAgain {
			t.Fatal("linter lines differ between two runs")
		}
		want, clusters := 0, NewClusters()
		for i := range occs {
			clusters.Add(&occs[i])
			for _, fd := range occs[i].Findings {
				if fd.Severity >= rules.Warning {
					want++
				}
			}
		}
		plain := humanEscapes || !strings.ContainsAny(source+member+ids, "\n\r\v\f\u0085\u2028\u2029")
		if n := strings.Count(out, "\n"); plain && n != want {
			t.Errorf("%d lines, want one per finding: %d\n%s", n, want, out)
		}
		if !strings.Contains(errOut, "truncated") {
			t.Errorf("the failed input is not named on the error output: %q", errOut)
		}

		text := func() string {
			var b, errb bytes.Buffer
			s := NewText(&b, &errb)
			for i := range occs {
				if err := s.Occurrence(&occs[i]); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.Source(&fail); err != nil {
				t.Fatal(err)
			}
			if err := s.Finish(Summary{Inputs: 1, Occurrences: len(occs), Errors: 1}); err != nil {
				t.Fatal(err)
			}
			if humanEscapes {
				noControls(t, b.Bytes())
			}
			return b.String()
		}
		report := text()
		if again := text(); report != again {
			t.Fatal("text reports differ between two runs")
		}
		if n := clusters.Len(); n > 0 && !strings.Contains(report, fmt.Sprintf("\n%d clusters (", n)) || !strings.Contains(report, fmt.Sprintf(" %d cluster(s), ", n)) {
			t.Errorf("the report does not count %d clusters:\n%s", n, report)
		}
	})
}

// noControls fails on what drives a terminal: C0 controls but tab and
// newline, DEL, C1 controls, bidi controls (issue 24 §6).
func noControls(t *testing.T, out []byte) {
	t.Helper()
	for i, r := range string(out) {
		switch {
		case r < 0x20 && r != '\n' && r != '\t', r == 0x7f, r >= 0x80 && r <= 0x9f,
			r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
			t.Errorf("raw control %U at byte %d: %q", r, i, out[max(0, i-30):min(len(out), i+30)])
			return
		}
	}
}

// FuzzClusters: rows drawn from the fuzz input (a few schemes, keys,
// spellings, sources, members, offsets) aggregate to what the plain model
// says (naiveClusters, reports/SCHEMA.md), whatever their order and
// batching, through AddRow, AddRows and Background alike; counts add up.
func FuzzClusters(f *testing.F) {
	f.Add([]byte("abcdefgh"), int64(1))
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255}, int64(7))
	f.Add(bytes.Repeat([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9}, 300), int64(3))
	// the strings rows are made of, with their spellings, made once (the
	// upper case of a key longer than a text chunk per row was nine tenths
	// of an exec)
	schemes := []string{"urn", "xri", "lid", "go", ""}
	keys := []string{"", "k", "K", "urn:a:b", "urn:a:b\x00", strings.Repeat("x", textChunk+1), "é", "k2"}
	for i := range 8 {
		keys = append(keys, fmt.Sprintf("urn:k:%d", i))
	}
	spellings := make([][3]string, len(keys))
	for i, k := range keys {
		spellings[i] = [3]string{k, strings.ToUpper(k), k + "?"}
	}
	sources := []string{"", "a.txt", "b.warc.gz", "z\n"}
	f.Fuzz(func(t *testing.T, data []byte, seed int64) {
		var rows []Row
		for len(data) >= 8 && len(rows) < 4096 {
			d := data[:8]
			data = data[8:]
			k := int(d[1]) % len(keys)
			if k == 5 && d[1]&0x80 == 0 {
				k = 1 // the long key now and then
			}
			key, sc := keys[k], schemes[int(d[0])%len(schemes)]
			raw := spellings[k][int(d[2])%3]
			rows = append(rows, Row{
				Scheme: sc, Key: key, Profile: "p" + sc, Namespace: "n" + sc,
				Raw: raw, Canonical: []string{key, raw}[int(d[3])%2], Valid: d[3]&0x80 == 0,
				Source: sources[int(d[4])%len(sources)], Member: []string{"", "m", "m!n"}[int(d[5])%3],
				Offset: int64(d[6]), Line: int(d[6]) * 3, Column: int(d[7]),
			})
		}
		// rows at one position are at one line and column (ties for first)
		for i := range rows {
			rows[i].Column = int(rows[i].Offset) % 7
		}
		want := naiveClusters(rows)
		r := rand.New(rand.NewSource(seed))
		for round := range 3 {
			var cs *Clusters
			switch round {
			case 0:
				cs = NewClusters()
				for _, row := range rows {
					cs.AddRow(row)
				}
			case 1:
				cs = NewClusters()
				for i := 0; i < len(rows); {
					n := min(1+r.Intn(300), len(rows)-i)
					cs.AddRows(rows[i : i+n])
					i += n
				}
			case 2:
				b := NewBackground()
				for _, row := range rows {
					o := lint.Occurrence{Scheme: row.Scheme, Profile: row.Profile, Key: row.Key, NSKey: row.Key, Namespace: row.Namespace,
						Raw: row.Raw, Canonical: row.Canonical}
					o.Source, o.Member, o.Offset, o.Line, o.Column = row.Source, row.Member, row.Offset, row.Line, row.Column
					if !row.Valid {
						o.Findings = []rules.Finding{{Severity: rules.Error, Rule: lint.InternalError}}
					}
					b.Add(&o)
				}
				cs = b.Wait()
			}
			got := cs.List()
			if len(got) != len(want) || cs.Len() != len(want) {
				t.Fatalf("round %d: %d clusters (Len %d), want %d", round, len(got), cs.Len(), len(want))
			}
			total := 0
			for i := range want {
				g := *got[i]
				g.MergedBy = "" // the namespace's equivalence: not in the model
				if !reflect.DeepEqual(g, want[i]) {
					t.Fatalf("round %d, cluster %d:\n got %+v\nwant %+v", round, i, g, want[i])
				}
				n := 0
				for _, v := range g.Variants {
					n += v.Count
				}
				if n != g.OccurrenceCount {
					t.Errorf("cluster %q: variants count %d, occurrences %d", g.Key, n, g.OccurrenceCount)
				}
				total += g.OccurrenceCount
			}
			if total != len(rows) {
				t.Errorf("round %d: clusters count %d occurrences, %d rows", round, total, len(rows))
			}
			r.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
		}
	})
}
