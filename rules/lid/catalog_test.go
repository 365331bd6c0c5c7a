package lid

import (
	"regexp"
	"strings"
	"testing"

	"github.com/idlint/idlint/rules"
)

// triggers holds, for every rule, inputs that must report it.
var triggers = map[string][]string{
	"LID001": {"xyz.com/a"},
	"LID002": {"lid:/logos/daisy.jpg", "lid:"},
	"LID003": {"lid:rdfs:label/Person@en"},
	"LID004": {"lid:///x", "lid://u@/x"},
	"LID005": {"lid://192.0.2.7/x", "lid://2345/x"},
	"LID006": {"lid://my_show.example/x"},
	"LID007": {"lid://" + strings.Repeat("a", 64) + ".com/x"},
	"LID008": {"lid://xyz.com:http/x"},
	"LID009": {"lid://xyz.com/100%"},
	"LID010": {"lid://xyz.com/my show.html"},
	"LID011": {"lid://viewer:secret@xyz.com/x"},
	"LID012": {"lid://xyz.com/a/./b"},
	"LID013": {"lid://xyz.com/../b"},
	"LID020": {"LID://xyz.com/", "lid://XYZ.com/"},
	"LID021": {"lid://xyz.com/a%2cb"},
	"LID022": {"lid://xyz.com/%7Euser"},
	"LID023": {"lid://xyz.com:/x"},
}

func has(fs []rules.Finding, r *rules.Rule) bool {
	for _, f := range fs {
		if f.Rule == r {
			return true
		}
	}
	return false
}

func TestCatalog(t *testing.T) {
	idRE := regexp.MustCompile(`^LID0\d\d$`)
	nameRE := regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	specRE := regexp.MustCompile(`(lid-00|rfc\d+|IANA) `)
	seen := map[string]bool{}
	for i, r := range Catalog {
		if !idRE.MatchString(r.ID) || seen[r.ID] || !nameRE.MatchString(r.Name) || seen[r.Name] {
			t.Errorf("rule %d: bad or duplicate ID/name %s %s", i, r.ID, r.Name)
		}
		seen[r.ID], seen[r.Name] = true, true
		if i > 0 && Catalog[i-1].ID >= r.ID {
			t.Errorf("catalog not in ID order at %s", r.ID)
		}
		if r.Scheme != "lid" || r.Severity == rules.None || !r.AppliesTo(LID00) || !specRE.MatchString(r.Spec) ||
			r.Summary == "" || r.Doc == "" || r.Bad == "" || r.Good == "" {
			t.Errorf("%s: incomplete entry %+v", r.ID, r)
		}
		ins := triggers[r.ID]
		if len(ins) == 0 {
			t.Errorf("%s: no trigger in the test table", r.ID)
		}
		// the first Bad example triggers the rule, unless it is a description
		if bad, _, _ := strings.Cut(r.Bad, "\n"); !strings.ContainsAny(bad, "(…") {
			ins = append(ins, bad)
		}
		for _, in := range ins {
			if _, fs := Lint(in, LID00, Options{MinSeverity: rules.Info}); !has(fs, r) {
				t.Errorf("%s: %q does not report it", r.ID, in)
			}
		}
		good, _, _ := strings.Cut(r.Good, "\n")
		good, _, _ = strings.Cut(good, " (")
		if _, fs := Lint(good, LID00, Options{MinSeverity: rules.Info}); has(fs, r) {
			t.Errorf("%s: its Good example %q reports it", r.ID, good)
		}
		if !strings.Contains(r.Page(), r.ID) {
			t.Errorf("%s: Page lacks the ID", r.ID)
		}
	}
	if Scheme.Name != "lid" || Scheme.DefaultProfile != Auto || len(Scheme.Profiles) != 3 || len(Scheme.Catalog) != len(Catalog) {
		t.Errorf("descriptor: %q %q %v %d", Scheme.Name, Scheme.DefaultProfile, Scheme.Profiles, len(Scheme.Catalog))
	}
}
