package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// issue 21 §4: `idlint rules --namespace NID` prints a namespace's page;
// `idlint rules` lists the namespaces covered.
func TestRulesNamespace(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want []string
	}{
		{[]string{"rules", "--namespace", "uuid"}, exitOK, []string{"urn:uuid", "rfc9562 §4", "URN101 uuid-syntax", "ns_key:"}},
		{[]string{"rules", "--namespace", "IETF"}, exitOK, []string{"urn:ietf", "rfc2648 §2", "case-insensitive"}},
		{[]string{"rules", "--namespace", "ietf:params"}, exitOK, []string{"rfc3553 §3", "ns_key = key", "URN107"}},
		{[]string{"rules"}, exitOK, []string{"URN namespaces with their own checks", "dev, eidr, example, ietf, ietf:params, isan, isbn, issn, lei, lex, nbn, oid, publicid, uuid"}},
		{[]string{"rules", "--namespace", "isan"}, exitOK, []string{"urn:isan", "rfc4246 §2", "URN121 isan-check-character", "ns_key:"}},
	} {
		code, out, errs := runCmd(t, "", c.args...)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d (%s)", c.args, code, c.code, errs)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: output lacks %q:\n%s", c.args, w, out)
			}
		}
	}
	if code, _, errs := runCmd(t, "", "rules", "--namespace", "nope"); code != exitTrouble || !strings.Contains(errs, `"nope"`) {
		t.Errorf("unknown namespace: exit %d, %q", code, errs)
	}
}

// issue 21 item 2, rfc6963 §3.6: URN124 reports urn:example only in a
// document whose path is not documentation, tests or examples; severity
// overrides and --ignore apply to it like to any rule.
func TestExampleOutsideDocumentation(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"etc/app.yaml":             "issuer: urn:example:issuer\n",
		"docs/config.md":           "set issuer to urn:example:issuer\n",
		"internal/app/app_test.go": "const iss = \"urn:example:issuer\"\n",
		"src/main.go":              "// idlint:ignore-next-line URN124 -- a placeholder the user replaces\nconst iss = \"urn:example:issuer\"\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		args []string
		want int // URN124 lines
		sev  string
	}{
		{[]string{"check", "--min-severity", "info", dir}, 1, "info"},
		{[]string{"check", dir}, 0, ""}, // info is below the default --min-severity
		{[]string{"check", "--severity", "URN124=warning", dir}, 1, "warning"},
		{[]string{"check", "--min-severity", "info", "--ignore", "URN124", dir}, 0, ""},
	} {
		_, out, errs := runCmd(t, "", c.args...)
		n := strings.Count(out, "URN124 urn:example") // not IDL100 naming it
		if n != c.want || c.want > 0 && (!strings.Contains(out, "app.yaml") || !strings.Contains(out, c.sev+" URN124")) {
			t.Errorf("rfc6963 §3.6: %v: %d URN124, want %d (%s):\n%s%s", c.args, n, c.want, c.sev, out, errs)
		}
	}
}

// issue 21 item 5: parse's text output prints ns_key where the namespace's
// equivalence makes it differ from key (isbn template v2: ISBN-10 → ISBN-13).
func TestParseTextNSKey(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"urn:isbn:0-395-36341-1", "  ns_key:    urn:isbn:9780395363416 (namespace equivalence)\n"},
		{"urn:isbn:9780395363416", ""},
	} {
		_, out, errs := runCmd(t, "", "parse", c.in)
		has := strings.Contains(out, "ns_key:")
		if c.want == "" && has || c.want != "" && !strings.Contains(out, c.want) {
			t.Errorf("isbn template v2: parse %s: output %q (%s), want ns_key line %q", c.in, out, errs, c.want)
		}
	}
}
