package urn

import (
	"testing"
)

var sinkKey string

// The package promises at most one allocation for Parse+Key of a valid
// URN: none when the input is already canonical (the key is a substring of
// it), one for the canonical copy otherwise. Valid includes URNs with
// warnings and infos, which Parse does not return.
func TestAllocsParseKey(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts")
	}
	for _, c := range []struct {
		profile, in string
		max         float64
	}{
		// already canonical: no allocation at all
		{RFC8141, "urn:example:a123,z456", 0},
		{RFC8141, "urn:isbn:0451450523", 0},
		{RFC8141, "urn:example:a123,z456?+abc?=xyz#789", 0},
		{RFC8141, "urn:example:1/406/47452/2", 0},
		{RFC8141, "urn:example:a123%2Cz456", 0},
		{RFC2141, "urn:foo:a123,456", 0},
		{RFC2141bis03, "urn:foo:a123,456#xyz", 0},
		// upper-case scheme or NID, lower-case hex: one canonical copy
		{RFC8141, "URN:ISBN:0451450523", 1},
		{RFC8141, "urn:EXAMPLE:a123,z456", 1},
		{RFC8141, "URN:EXAMPLE:a123%2cz456", 1},
		{RFC2141, "URN:FOO:a123%2c456", 1},
		{RFC2141bis03, "urn:FOO:a123,456", 1},
		// valid, with warnings or infos that Parse drops
		{RFC8141, "urn:x-mine:123", 0},
		{RFC8141, "urn:de-dnb:123", 0},
		{RFC8141, "urn:urn-07:x", 0},
		{RFC8141, "urn:ab:x", 0},
		{RFC8141, "urn:urn:x", 0},
		{RFC8141, "urn:example:a&b~c", 0},
		{RFC8141, "urn:example:caf%E9", 0},
		{RFC8141, "urn:example:%61bc", 0},
		{RFC8141, "urn:example:a%2cb", 1},
		{RFC8141, "urn:mycompany:item:1", 0},
		{RFC2141, "urn:example:a/b?c#d", 0},
		{RFC2141, "urn:example:%61%2C", 0},
		{RFC2141bis03, "urn:example:a&b~c%61", 0},
		{RFC2141bis03, "urn:example:a#frag", 0},
		// rfc2141bis-03 §2.3 directives: one slice for all of them
		{RFC2141bis03, "urn:isbn:0451450523?s=I2L&c=ToC", 1},
		{RFC2141bis03, "urn:example:a?s=i2l&x=1&y=2&c=%2C#f", 1},
	} {
		if _, err := Parse(c.in, c.profile); err != nil {
			t.Fatalf("%q must be valid under %s: %v", c.in, c.profile, err)
		}
		n := testing.AllocsPerRun(200, func() {
			u, _ := Parse(c.in, c.profile)
			sinkKey = u.Key()
		})
		if n > c.max {
			t.Errorf("%s %q: Parse+Key %.1f allocs, want <= %.0f", c.profile, c.in, n, c.max)
		}
	}
}
