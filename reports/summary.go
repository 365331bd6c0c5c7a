package reports

import "github.com/idlint/idlint/rules"

// SummaryJSON is the "summary" object ending `--format json`: the totals
// the text report ends with.
type SummaryJSON struct {
	Inputs      int   `json:"inputs"`
	Documents   int   `json:"documents"`
	Bytes       int64 `json:"bytes"`
	Identifiers int   `json:"identifiers"`
	Invalid     int   `json:"invalid"`
	Clusters    int   `json:"clusters"`
	Lookalikes  int   `json:"lookalikes"`
	Findings    struct {
		Error   int `json:"error"`
		Warning int `json:"warning"`
		Info    int `json:"info"`
	} `json:"findings"`
	// Suppressed counts the findings silenced by suppression comments
	// (README §Suppressions); they are not in Findings.
	Suppressed int `json:"suppressed"`
	Failed     int `json:"failed"`
	Skipped    int `json:"skipped"`
}

// SummaryOf converts s, with the number of clusters, for JSON output.
func SummaryOf(s Summary, clusters int) SummaryJSON {
	j := SummaryJSON{Inputs: s.Inputs, Documents: s.Documents, Bytes: s.Bytes, Identifiers: s.Occurrences,
		Invalid: s.Invalid, Clusters: clusters, Lookalikes: s.Lookalikes, Suppressed: s.Suppressed,
		Failed: s.Errors, Skipped: s.Skipped}
	j.Findings.Error, j.Findings.Warning, j.Findings.Info = s.Findings[rules.Error], s.Findings[rules.Warning], s.Findings[rules.Info]
	return j
}
