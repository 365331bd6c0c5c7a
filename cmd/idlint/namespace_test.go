package main

import (
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
		{[]string{"rules"}, exitOK, []string{"URN namespaces with their own checks", "dev, eidr, ietf, ietf:params, isan, isbn, issn, lei, lex, nbn, oid, publicid, uuid"}},
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
