package reports

import (
	"testing"

	"github.com/idlint/idlint/lint"
)

// issue 21: clusters group by ns_key, so spellings a namespace declares
// equivalent merge (rfc2648 §2: the entire urn:ietf URN is case-insensitive;
// rfc9562 §4: UUID hex is case-insensitive) while urn:ietf:params does not
// fold case (rfc3553 §3: exact string match).
func TestClustersByNSKey(t *testing.T) {
	e, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		spec string
		raws []string
		want int // clusters
	}{
		{"rfc2648 §2", []string{"urn:ietf:rfc:2141", "URN:IETF:RFC:2141", "urn:ietf:Rfc:2141"}, 1},
		{"rfc9562 §4", []string{"urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6"}, 1},
		{"rfc3553 §3", []string{"urn:ietf:params:xml:ns:a", "urn:ietf:params:xml:ns:A"}, 2},
		{"rfc8141 §3.1", []string{"urn:example:a", "urn:example:A"}, 2},
	} {
		cs := NewClusters()
		for _, raw := range c.raws {
			cs.Add(occ(t, e, "a.txt", raw))
		}
		list := cs.List()
		if len(list) != c.want {
			t.Errorf("%s: %q: %d clusters, want %d", c.spec, c.raws, len(list), c.want)
			continue
		}
		if c.want == 1 && (list[0].OccurrenceCount != len(c.raws) || len(list[0].Variants) != len(c.raws)) {
			t.Errorf("%s: cluster %+v", c.spec, list[0])
		}
	}
}

// issue 21: a cluster says why its spellings merged.
func TestClusterMergedBy(t *testing.T) {
	e, err := lint.New(lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		spec string
		raws []string
		want string
	}{
		{"rfc2648 §2: the namespace merges", []string{"urn:ietf:rfc:2141", "urn:ietf:RFC:2141"}, "namespace"},
		{"rfc8141 §3.1: the profile merges", []string{"urn:ietf:rfc:2141", "URN:IETF:rfc:2141"}, ""},
		{"rfc8141 §3.1: one spelling", []string{"urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"}, ""},
	} {
		cs := NewClusters()
		for _, raw := range c.raws {
			cs.Add(occ(t, e, "a.txt", raw))
		}
		if list := cs.List(); len(list) != 1 || list[0].MergedBy != c.want {
			t.Errorf("%s: %q: clusters %+v, want one merged by %q", c.spec, c.raws, list, c.want)
		}
	}
}
