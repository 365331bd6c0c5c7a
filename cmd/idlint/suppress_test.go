package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// suppressDoc has one directive of each kind and one of each problem
// (issue 20 §3); line numbers matter below.
const suppressDoc = `a urn:example:a%zz <!-- idlint:ignore[URN006] -- quoted bad form -->
xidlint:disable
# idlint:disable URN999,URN006
urn:example:b%zz
# idlint:enable
<!-- idlint:ignore-next-line URN006,URN011 -- example -->
urn:example:c%zz
// idlint:disable bad-percent-encoding
urn:example:d%zz
`

// issue 20 §3: check reports the directives' own findings as linter
// lines, path:line:col at the directive or at the rule in its list.
func TestCheckSuppressionFindings(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"spec.txt": suppressDoc})
	p := filepath.Join(dir, "spec.txt")
	tests := []struct {
		name string
		args []string
		code int
		want []string // lines of the output
	}{
		{"defaults", nil, exitOK, []string{
			p + ":3:18: warning IDL101 idlint:disable URN999,URN006: unknown rule \"URN999\" in suppression; did you mean URN009? (README §Suppressions)",
			p + ":3:3: warning IDL103 idlint:disable URN999,URN006: suppression without a reason",
			p + ":6:36: warning IDL100 idlint:ignore-next-line URN006,URN011 -- example: URN011 in this suppression suppressed no finding (README §Suppressions)",
			p + ":8:4: warning IDL102 idlint:disable bad-percent-encoding: idlint:disable is not ended by idlint:enable",
			p + ":8:4: warning IDL103 idlint:disable bad-percent-encoding: suppression without a reason",
		}},
		{"--ignore IDL103", []string{"--ignore", "IDL103"}, exitOK, []string{
			p + ":3:18: warning IDL101", p + ":6:36: warning IDL100", p + ":8:4: warning IDL102",
		}},
		{"--severity unused-suppression=error fails the check", []string{"--severity", "unused-suppression=error", "--min-severity", "error"}, exitFindings, []string{
			p + ":6:36: error IDL100",
		}},
	}
	for _, tt := range tests {
		code, out, errs := runCmd(t, "", append(append([]string{"check"}, tt.args...), dir)...)
		if code != tt.code {
			t.Errorf("%s: exit %d, want %d; %s", tt.name, code, tt.code, errs)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != len(tt.want) {
			t.Errorf("%s: %d lines, want %d:\n%s", tt.name, len(lines), len(tt.want), out)
			continue
		}
		for i, w := range tt.want {
			if !strings.HasPrefix(lines[i], w) {
				t.Errorf("%s: line %d = %q, want it to start with %q", tt.name, i+1, lines[i], w)
			}
		}
		if strings.Contains(out, "URN006 urn:") {
			t.Errorf("%s: a suppressed URN006 (rfc8141 §2) is reported:\n%s", tt.name, out)
		}
	}
}

// issue 20 §3: suppressed findings are counted (text summary, JSON
// "suppressed") and do not make an identifier valid.
func TestSuppressedCountedNotValid(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"spec.txt": suppressDoc})
	_, js, errs := runCmd(t, "", "scan", "--suppressions", "--format", "json", dir)
	var doc struct {
		Occurrences []struct {
			Raw, Scheme string
			Valid       bool
			Rules       []string
		}
		Clusters []struct{ Key string }
		Summary  struct {
			Identifiers, Invalid, Suppressed, Clusters int
			Findings                                   struct{ Error, Warning int }
		}
	}
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatalf("%v: %s %s", err, js, errs)
	}
	s := doc.Summary
	// a, b, c suppressed (URN006 each); d's rule name is known, so it is suppressed too
	if s.Suppressed != 4 || s.Identifiers != 4 || s.Invalid != 4 || s.Clusters != 4 || s.Findings.Error != 0 || s.Findings.Warning != 5 {
		t.Errorf("summary %+v: want 4 suppressed, 4 identifiers all invalid (rfc8141 §2), 4 clusters, 5 warnings about directives", s)
	}
	meta := 0
	for _, o := range doc.Occurrences {
		if o.Scheme == "idlint" {
			meta++
			continue
		}
		if o.Valid || len(o.Rules) != 0 {
			t.Errorf("%s: valid %v, rules %v: want invalid (its URN006 is suppressed, not fixed) and no rule reported", o.Raw, o.Valid, o.Rules)
		}
	}
	if meta != 3 {
		t.Errorf("%d pseudo-occurrences of scheme idlint, want one per directive with findings (3)", meta)
	}
	for _, c := range doc.Clusters {
		if strings.HasPrefix(c.Key, "idlint:") {
			t.Errorf("cluster %q: suppression comments join no cluster", c.Key)
		}
	}
	_, text, _ := runCmd(t, "", "scan", "--suppressions", dir)
	if !strings.Contains(text, "findings: 0 error, 5 warning, 0 info, 4 suppressed;") {
		t.Errorf("text summary does not count the suppressed findings:\n%s", text)
	}
	_, plain, _ := runCmd(t, "", "scan", dir)
	if strings.Contains(plain, "suppressed") {
		t.Errorf("without --suppressions nothing is suppressed:\n%s", plain)
	}
}

// issue 20 §3: SARIF carries the directives' findings with their rules.
func TestSuppressionFindingsInSARIF(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"spec.txt": suppressDoc})
	_, out, _ := runCmd(t, "", "check", "--format", "sarif", dir)
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct{ Rules []struct{ ID string } }
			}
			Results []struct {
				RuleID    string
				RuleIndex int
				Locations []struct {
					PhysicalLocation struct {
						Region struct{ StartLine, StartColumn int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	var got []string
	for _, r := range run.Results {
		if run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %s points at rule %d", r.RuleID, r.RuleIndex)
		}
		reg := r.Locations[0].PhysicalLocation.Region
		got = append(got, r.RuleID+"@"+itoa(reg.StartLine)+":"+itoa(reg.StartColumn))
	}
	want := "IDL101@3:18 IDL103@3:3 IDL100@6:36 IDL102@8:4 IDL103@8:4"
	if strings.Join(got, " ") != want {
		t.Errorf("results %v, want %s", got, want)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// issue 20 §3: each suppression rule has a page citing the README section.
func TestSuppressionRulePages(t *testing.T) {
	t.Parallel()
	for _, id := range []string{"IDL100", "IDL101", "IDL102", "IDL103"} {
		code, out, _ := runCmd(t, "", "rules", id)
		if code != exitOK || !strings.HasPrefix(out, id+" ") || !strings.Contains(out, "Spec:      README §Suppressions") {
			t.Errorf("idlint rules %s: exit %d\n%s", id, code, out)
		}
	}
}

// issue 20 §3: a same-line directive after its identifier works wherever
// the reads of a large file end (the scanner meets the identifier before
// the rest of its line; 64 KiB reads end inside many of these lines).
func TestSameLineAcrossReads(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	for i := range 20000 {
		b.WriteString("urn:example:a%zz " + strings.Repeat("é", i%97) + " <!-- idlint:ignore[URN006] -- example -->\n")
	}
	dir := writeFiles(t, map[string]string{"big.txt": b.String()})
	code, out, errs := runCmd(t, "", "check", dir)
	if code != exitOK || out != "" {
		t.Errorf("exit %d, output %.500s %s: want every URN006 (rfc8141 §2) suppressed and every directive used", code, out, errs)
	}
}
