package lint

import (
	"testing"

	"github.com/idlint/idlint/rules"
)

func ids(o Occurrence) map[string]rules.Severity {
	m := map[string]rules.Severity{}
	for _, f := range o.Findings {
		m[f.Rule.ID] = f.Severity
	}
	return m
}

func TestConfig(t *testing.T) {
	tests := []struct {
		name  string
		cfg   Config
		ident string
		rule  string
		sev   rules.Severity // None: the finding must be absent
		valid bool
	}{
		{"default profile is rfc8141 (rfc8141 §2: ? not followed by + or =)", Config{}, "urn:abc:a?b", "URN011", rules.Error, false},
		{"rfc2141 profile: ? is reserved, a SHOULD NOT (rfc2141 §2.3.2)", Config{Profiles: map[string]string{"urn": "rfc2141"}}, "urn:abc:a?b", "URN008", rules.Warning, true},
		{"override by ID", Config{Severity: map[string]rules.Severity{"URN011": rules.Warning}}, "urn:abc:a?b", "URN011", rules.Warning, true},
		{"override by name, any case", Config{Severity: map[string]rules.Severity{"Bare-Question-Mark": rules.Info}}, "urn:abc:a?b", "URN011", rules.Info, true},
		{"disable", Config{Severity: map[string]rules.Severity{"URN011": rules.None}}, "urn:abc:a?b", "URN011", rules.None, true},
	}
	for _, tt := range tests {
		e, err := New(tt.cfg)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		o, err := e.Check("urn", tt.ident)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := ids(o)[tt.rule]
		if tt.sev == rules.None && ok || tt.sev != rules.None && got != tt.sev {
			t.Errorf("%s: %s severity %v (present %v), want %v", tt.name, tt.rule, got, ok, tt.sev)
		}
		if o.Valid() != tt.valid {
			t.Errorf("%s: valid %v, want %v", tt.name, o.Valid(), tt.valid)
		}
	}
}

func TestConfigErrors(t *testing.T) {
	for _, cfg := range []Config{
		{Profiles: map[string]string{"urn": "rfc9999"}},
		{Profiles: map[string]string{"nope": "x"}},
		{Severity: map[string]rules.Severity{"URN999": rules.Error}},
		{Options: map[string]map[string]string{"urn": {"equivalence": "5c"}}},
		{Options: map[string]map[string]string{"urn": {"nonesuch": "5a"}}},
		{Options: map[string]map[string]string{"nope": {"equivalence": "5a"}}},
	} {
		if _, err := New(cfg); err == nil {
			t.Errorf("New(%+v) accepted a bad config", cfg)
		}
	}
}

// A scheme option reaches the scheme's checker: urn's equivalence picks
// rfc2141bis-03 §5 step 5a (the query dropped from the key) or 5b (kept,
// directives sorted).
func TestSchemeOptions(t *testing.T) {
	const a, b = "urn:example:a?s=I2L&c=ToC", "urn:example:a?c=ToC&s=I2L"
	for _, tc := range []struct {
		step       string
		sameAsBare bool // the key is that of "urn:example:a"
	}{{"5a", true}, {"5b", false}} {
		e, err := New(Config{Profiles: map[string]string{"urn": "rfc2141bis-03"}, Options: map[string]map[string]string{"urn": {"equivalence": tc.step}}})
		if err != nil {
			t.Fatal(err)
		}
		oa, _ := e.Check("urn", a)
		ob, _ := e.Check("urn", b)
		bare, _ := e.Check("urn", "urn:example:a")
		if oa.Key != ob.Key {
			t.Errorf("step %s: %q and %q keys differ: %q, %q", tc.step, a, b, oa.Key, ob.Key)
		}
		if (oa.Key == bare.Key) != tc.sameAsBare {
			t.Errorf("step %s: key %q, key without query %q", tc.step, oa.Key, bare.Key)
		}
	}
}

func TestSchemeOfAndRules(t *testing.T) {
	if SchemeOf("URN:a:b") != "urn" || SchemeOf("isbn:1") != "" || SchemeOf("nocolon") != "" {
		t.Error("SchemeOf")
	}
	seen := map[string]bool{}
	for _, r := range Rules() {
		if seen[r.ID] {
			t.Errorf("duplicate rule ID %s", r.ID)
		}
		seen[r.ID] = true
		if byID := Find(r.ID); len(byID) != 1 || byID[0] != r {
			t.Errorf("Find(%s) = %v", r.ID, byID)
		}
		if q := Find(r.Scheme + "/" + r.Name); len(q) != 1 || q[0] != r {
			t.Errorf("Find(%s/%s) = %v: names are unique within a scheme", r.Scheme, r.Name, q)
		}
		found := false
		for _, x := range Find(r.Name) {
			found = found || x == r
		}
		if !found {
			t.Errorf("Find(%s) misses %s", r.Name, r.ID)
		}
	}
}

type panicky struct{ rules.Checker }

func (panicky) Check(string, string) rules.Result { panic("boom") }

// A panic in a rule becomes an IDL001 finding; the caller carries on.
func TestCheckRecoversPanics(t *testing.T) {
	e, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	e.checkers["urn"] = panicky{e.checkers["urn"]}
	o, err := e.Check("urn", "urn:a:b")
	if err != nil || o.Valid() || len(o.Findings) != 1 || o.Findings[0].Rule != InternalError || o.Key != "urn:a:b" {
		t.Fatalf("got %+v, %v", o, err)
	}
}

// TestProfileChosen: a profile that picks one per identifier (xri's auto)
// is reported as the one it picked, by Check and by a Memo; a strict
// profile reports the other version's syntax as an error.
func TestProfileChosen(t *testing.T) {
	for _, tt := range []struct {
		name, profile, ident, want, rule string
		valid                            bool
	}{
		{"auto: xri-2.0 ABNF rgcs-authority", "", "xri://=name*sub", "xri-2.0", "", true},
		{"auto: xri-1.0-rc2 §2.1.1.3", "", "xri:@example", "xri-1.0-rc2", "", true},
		{"strict rc2: xri-1.0-rc2 Appendix A does not read xri-2.0", "xri-1.0-rc2", "xri://=name*sub", "xri-1.0-rc2", "XRI020", false},
		{"strict 2.0: xri-2.0 ABNF does not read xri-1.0", "xri-2.0", "xri:@example", "xri-2.0", "XRI021", false},
	} {
		cfg := Config{}
		if tt.profile != "" {
			cfg.Profiles = map[string]string{"xri": tt.profile}
		}
		e, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		o, err := e.Check("xri", tt.ident)
		if err != nil {
			t.Fatal(err)
		}
		var m Occurrence
		if err := e.NewMemo().CheckInto(&m, "xri", []byte(tt.ident), nil); err != nil {
			t.Fatal(err)
		}
		for _, got := range []Occurrence{o, m} {
			if got.Profile != tt.want || got.Valid() != tt.valid {
				t.Errorf("%s: %q profile %s valid %v, want %s %v", tt.name, tt.ident, got.Profile, got.Valid(), tt.want, tt.valid)
			}
			if _, ok := ids(got)[tt.rule]; tt.rule != "" && !ok {
				t.Errorf("%s: %q: no %s in %v", tt.name, tt.ident, tt.rule, got.RuleIDs())
			}
		}
	}
}
