package rules

import "testing"

// A per-profile override applies under its profile only; elsewhere the
// rule's own severity and citation stand.
func TestPerProfile(t *testing.T) {
	r := &Rule{Severity: Error, Spec: "rfc8141 §2",
		ProfileSeverity: PerProfile[Severity]{{"rfc8141", Warning}},
		ProfileSpec:     PerProfile[string]{{"rfc2141", "rfc2141 §2"}, {"rfc2141bis-03", "rfc2141bis-03 §2"}}}
	tests := []struct {
		profile  string
		severity Severity
		spec     string
	}{
		{"rfc8141", Warning, "rfc8141 §2"},
		{"rfc2141", Error, "rfc2141 §2"},
		{"rfc2141bis-03", Error, "rfc2141bis-03 §2"},
		{"", Error, "rfc8141 §2"},
	}
	for _, tt := range tests {
		if s, sp := r.SeverityFor(tt.profile), r.SpecFor(tt.profile); s != tt.severity || sp != tt.spec {
			t.Errorf("%q: %s, %q; want %s, %q", tt.profile, s, sp, tt.severity, tt.spec)
		}
	}
}
