package reports

import (
	"fmt"
	"strings"
	"testing"
)

// fmtClusterLines is the cluster lines as Text wrote them with fmt before
// appendClusterLines (issue 25): the reference the appends must equal.
func fmtClusterLines(c *Cluster) string {
	var w strings.Builder
	state := "valid"
	if !c.Valid {
		state = fmt.Sprintf("invalid %d/%d", c.InvalidCount, c.OccurrenceCount)
	}
	fmt.Fprintf(&w, "  %s  [%s, %s] %d× in %d source(s), first %s:%d:%d\n", safe(c.Canonical), c.Profile, state,
		c.OccurrenceCount, c.SourceCount, Path(c.FirstSource, c.FirstMember), c.FirstLine, c.FirstColumn)
	if len(c.Variants) > 1 || c.Variants[0].Raw != c.Canonical {
		var vs []string
		for _, v := range c.Variants {
			vs = append(vs, fmt.Sprintf("%s ×%d", safe(v.Raw), v.Count))
		}
		fmt.Fprintf(&w, "      variants: %s\n", strings.Join(vs, ", "))
	}
	return w.String()
}

// Issue 25: the text format's cluster lines, written by appends, are the
// lines fmt wrote, terminal escapes of input text included.
func TestAppendClusterLinesMatchesFmt(t *testing.T) {
	for _, c := range []Cluster{
		{Canonical: "urn:isbn:0451450523", Profile: "rfc8141", Valid: true, OccurrenceCount: 3, SourceCount: 2,
			FirstSource: "a.txt", FirstLine: 1, FirstColumn: 5, Variants: []Variant{{"urn:isbn:0451450523", 3}}},
		{Canonical: "urn:example:a", Profile: "rfc8141", OccurrenceCount: 7, InvalidCount: 2, SourceCount: 1,
			FirstSource: "crawl.warc.gz", FirstMember: "urn:uuid:1!page.html", FirstLine: 120, FirstColumn: 33,
			Variants: []Variant{{"URN:example:a", 4}, {"urn:example:a", 3}}},
		{Canonical: "xri://@example*dept", Profile: "xri-2.0", Valid: true, OccurrenceCount: 1, SourceCount: 1,
			FirstSource: "docs/x.md", FirstLine: 6, FirstColumn: 10, Variants: []Variant{{"xri://@Example*dept", 1}}},
		// escapes from the input: a terminal control sequence and a line break
		{Canonical: "urn:x:\x1b[31mred", Profile: "rfc8141", OccurrenceCount: 1, SourceCount: 1,
			FirstSource: "evil\nname.txt", FirstMember: "m\x07", FirstLine: 2, FirstColumn: 1,
			Variants: []Variant{{"urn:x:\x1b[31mred", 1}, {"URN:x:\u202ered", 2}}},
		{Canonical: "go:fmt", Profile: "go", Valid: true, OccurrenceCount: 1 << 40, SourceCount: 1 << 33,
			FirstSource: "évian/ü.txt", FirstLine: 1 << 31, FirstColumn: 0, Variants: []Variant{{"go:fmt", 1 << 40}}},
	} {
		if got, want := string(appendClusterLines([]byte("keep:"), &c)), "keep:"+fmtClusterLines(&c); got != want {
			t.Errorf("cluster %q:\n got %q\nwant %q", c.Canonical, got, want)
		}
	}
}
