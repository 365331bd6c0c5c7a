package ascii

import "testing"

func TestASCII(t *testing.T) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		hex := '0' <= b && b <= '9' || 'a' <= b && b <= 'f' || 'A' <= b && b <= 'F'
		if IsHex(b) != hex {
			t.Errorf("IsHex(%q)", b)
		}
		if hex && Unhex(b) != byte(map[bool]int{true: int(b - '0'), false: int(Lower(b)-'a') + 10}[b <= '9']) {
			t.Errorf("Unhex(%q) = %d", b, Unhex(b))
		}
		if Upper(Lower(b)) != Upper(b) || Lower(Upper(b)) != Lower(b) {
			t.Errorf("case mapping of %q", b)
		}
	}
	tests := []struct {
		s, p string
		want bool
	}{{"URN:x", "urn:", true}, {"ur", "urn", false}, {"Xri:", "xri:", true}, {"urx:", "urn:", false}}
	for _, tt := range tests {
		if HasPrefixFold(tt.s, tt.p) != tt.want {
			t.Errorf("HasPrefixFold(%q, %q)", tt.s, tt.p)
		}
	}
	if !EqualFold("URN", "urn") || EqualFold("URNs", "urn") || !IsEscape("a%2c", 1) || IsEscape("%2", 0) {
		t.Error("EqualFold/IsEscape")
	}
	if CharName('[') != "'['" || CharName(0) != "octet 0x00" {
		t.Error("CharName")
	}
}

// HasUpper's 8-byte steps against a byte loop: every byte value at every
// position of a word and of the tail, next to the letters' neighbours
// ('@', '[', 'a', 'z') that a carry between bytes would turn into upper
// case.
func TestHasUpper(t *testing.T) {
	fill := []byte("@[az09-_")
	for n := 0; n <= 19; n++ {
		for at := 0; at < n; at++ {
			for c := 0; c < 256; c++ {
				b := make([]byte, n)
				for i := range b {
					b[i] = fill[(i+at)%len(fill)]
				}
				b[at] = byte(c)
				want := 'A' <= c && c <= 'Z'
				if got := HasUpper(string(b)); got != want {
					t.Fatalf("HasUpper(%q) = %v", b, got)
				}
			}
		}
	}
}
