package gouri

import (
	"regexp"
	"strings"
	"testing"

	"github.com/idlint/idlint/rules"
)

// triggers holds, for every rule, inputs that must report it.
var triggers = map[string][]string{
	"GO001": {"cnrp.foo.com?bmw"},
	"GO002": {"go://cnrp_foo.com?bmw", "go://a/b?c"},
	"GO003": {"go://cnrp.foo.com:cnrp?bmw"},
	"GO004": {"go:Mercedes Benz"},
	"GO005": {"go:100%"},
	"GO006": {"go:bmw;geography"},
	"GO007": {"go://cnrp.foo.com?", "go:;a=b", "go://h?id="},
	"GO008": {"go://h?id=1;a=b"},
	"GO009": {"go://h?bmw;id=1"},
	"GO010": {"go:D%FCrst"},
	"GO011": {"go:Mercedes%0Benz"},
	"GO012": {"go:bmw;=x"},
	"GO020": {"go://cnrp.foo.com"},
	"GO021": {"go://?bmw"},
	"GO022": {"go://h?id=1"},
	"GO030": {"GO:bmw", "go://H?bmw", "go://h?ID=1"},
	"GO031": {"go:%c3%bc"},
	"GO032": {"go:%41"},
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
	idRE := regexp.MustCompile(`^GO0\d\d$`)
	nameRE := regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	specRE := regexp.MustCompile(`^rfc336[78] §`)
	seen := map[string]bool{}
	for i, r := range Catalog {
		if !idRE.MatchString(r.ID) || seen[r.ID] || !nameRE.MatchString(r.Name) || seen[r.Name] {
			t.Errorf("rule %d: bad or duplicate ID/name %s %s", i, r.ID, r.Name)
		}
		seen[r.ID], seen[r.Name] = true, true
		if i > 0 && Catalog[i-1].ID >= r.ID {
			t.Errorf("catalog not in ID order at %s", r.ID)
		}
		if r.Scheme != "go" || r.Severity == rules.None || !r.AppliesTo(RFC3368) || !specRE.MatchString(r.Spec) ||
			r.Summary == "" || r.Doc == "" || r.Bad == "" || r.Good == "" {
			t.Errorf("%s: incomplete entry %+v", r.ID, r)
		}
		ins := triggers[r.ID]
		if len(ins) == 0 {
			t.Errorf("%s: no trigger in the test table", r.ID)
		}
		for _, bad := range strings.Split(r.Bad, "\n") {
			if !strings.ContainsAny(bad, "(…") {
				ins = append(ins, bad)
			}
		}
		for _, in := range ins {
			if _, fs := Lint(in, RFC3368, Options{MinSeverity: rules.Info}); !has(fs, r) {
				t.Errorf("%s: %q does not report it", r.ID, in)
			}
		}
		for _, good := range strings.Split(r.Good, "\n") {
			good, _, _ = strings.Cut(good, " (")
			if _, fs := Lint(good, RFC3368, Options{MinSeverity: rules.Info}); has(fs, r) {
				t.Errorf("%s: its Good example %q reports it", r.ID, good)
			}
		}
	}
	if Scheme.Name != "go" || Scheme.DefaultProfile != RFC3368 || len(Scheme.Profiles) != 1 || len(Scheme.Catalog) != len(Catalog) {
		t.Errorf("descriptor: %q %q %v %d", Scheme.Name, Scheme.DefaultProfile, Scheme.Profiles, len(Scheme.Catalog))
	}
}

// Severity follows the spec's words: MUST → error, SHOULD → warning, style → info.
func TestSeverities(t *testing.T) {
	for r, want := range map[*rules.Rule]rules.Severity{
		EmptyQuery: rules.Error, NotUTF8: rules.Error, ControlChar: rules.Error, EmptyAttribute: rules.Warning,
		ServerOnly: rules.Info, EmptyServer: rules.Info, IDOnly: rules.Info, NonCanonicalCase: rules.Info,
	} {
		if r.Severity != want {
			t.Errorf("%s severity %s, want %s", r.ID, r.Severity, want)
		}
	}
}
