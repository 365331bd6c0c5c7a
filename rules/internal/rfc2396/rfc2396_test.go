package rfc2396

import "testing"

// rfc2396 §2.2, §2.3, §3.2.2, §3.3: membership of every class.
func TestClasses(t *testing.T) {
	tests := []struct {
		name string
		is   func(byte) bool
		set  string
	}{
		{"unreserved (§2.3)", IsUnreserved, "azAZ09-_.!~*'()"},
		{"uric without escaped (§2.4)", IsUric, "azAZ09-_.!~*'();/?:@&=+$,"},
		{"pchar (§3.3)", IsPchar, "azAZ09-_.!~*'():@&=+$,"},
		{"userinfo (§3.2.2)", IsUserinfo, "azAZ09-_.!~*'();:&=+$,"},
		{"hex (§2.4.1)", IsHex, "09afAF"},
	}
	for _, tt := range tests {
		for _, c := range []byte(tt.set) {
			if !tt.is(c) {
				t.Errorf("%s: %q not a member", tt.name, c)
			}
		}
		for _, c := range []byte(" \"<>#%{}|\\^[]`\x00\x7f\xff") {
			if tt.is(c) {
				t.Errorf("%s: %q wrongly a member", tt.name, c)
			}
		}
	}
	if !HasUpperOutsideEscapes("a%2cB") || HasUpperOutsideEscapes("a%2Cb") {
		t.Error("HasUpperOutsideEscapes")
	}
}
