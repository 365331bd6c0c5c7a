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

// nsRules collects the namespace-rule IDs (URN101–URN125) of each
// identifier per file.
type nsRules struct{ got map[string]map[string]string } // file → raw → IDs

func (r *nsRules) Occurrence(o *lint.Occurrence) error {
	if o.Kind != "" {
		return nil
	}
	var ids []string
	for _, f := range o.Findings {
		if id := f.Rule.ID; id >= "URN101" && id <= "URN125" {
			ids = append(ids, id)
		}
	}
	if r.got[o.Source] == nil {
		r.got[o.Source] = map[string]string{}
	}
	if _, ok := r.got[o.Source][o.Raw]; !ok {
		r.got[o.Source][o.Raw] = strings.Join(ids, " ")
	}
	return nil
}

func (r *nsRules) Source(*record.Source) error { return nil }

// issue 21 item 4: the judged sample of namespace findings on third-party
// text (bench/namespaces/README.md) gives, for each context scanned under
// its file's path, the namespace rules the identifier gets. The verdicts
// (true, placeholder, false) are the judgment; the test pins what idlint
// reports, so that a change shows here and the verdict says if it is a fix.
func TestJudgedNamespaceSample(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("testdata/namespaces/judged.tsv")
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		line                              int
		file, ident, want, verdict, class string
	}
	var rows []row
	fsys := fstest.MapFS{}
	verdicts := map[string]int{}
	for i, l := range strings.Split(string(b), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) != 7 {
			t.Fatalf("judged.tsv:%d: %d fields, want 7", i+1, len(f))
		}
		ctx, err := tsvesc.Unescape(f[0])
		if err != nil {
			t.Fatalf("judged.tsv:%d: %v", i+1, err)
		}
		// the file's own path under a row directory: URN124 reads it
		file := fmt.Sprintf("j/%03d/%s", i+1, f[1])
		fsys[file] = &fstest.MapFile{Data: []byte(ctx)}
		rows = append(rows, row{i + 1, file, f[2], f[3], f[4], f[5]})
		verdicts[f[4]]++
	}
	if len(rows) < 50 || verdicts["true"] == 0 || verdicts["false"] == 0 {
		t.Fatalf("judged.tsv: %d rows, verdicts %v: the sample is larger and judged", len(rows), verdicts)
	}
	r := &nsRules{got: map[string]map[string]string{}}
	opt := idlint.Options{}
	opt.Corpus.FS = fsys
	if _, err := idlint.Scan(context.Background(), []string{"j"}, opt, r); err != nil {
		t.Fatal(err)
	}
	for _, x := range rows {
		got, ok := r.got[x.file][x.ident]
		if x.want == "-" { // a look-alike since issue 19 §4: no finding at all
			if ok {
				t.Errorf("judged.tsv:%d (%s, %s): %q is an identifier (rules %q), want a look-alike", x.line, x.verdict, x.class, x.ident, got)
			}
			continue
		}
		if !ok {
			t.Errorf("judged.tsv:%d (%s, %s): %q not found as an identifier in its context", x.line, x.verdict, x.class, x.ident)
			continue
		}
		if got != x.want {
			t.Errorf("judged.tsv:%d (%s, %s): %q: namespace rules %q, want %q", x.line, x.verdict, x.class, x.ident, got, x.want)
		}
	}
	t.Logf("judged namespace findings: %v", verdicts)
}
