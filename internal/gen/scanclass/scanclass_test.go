package scanclass

import (
	"reflect"
	"testing"

	"github.com/idlint/idlint/rules"
)

func TestLetters(t *testing.T) {
	all := []*rules.Scheme{{Name: "urn"}, {Name: "xri"}, {Name: "lid"}, {Name: "go"}}
	a, b := Letters(all)
	if string(a) != "nido" || string(b) != "rig" {
		t.Errorf("Letters = %q, %q; want nido, rig", a, b)
	}
}

// The products are the ones the kernel was written with by hand, so the
// assembly stays byte for byte the same.
func TestProducts(t *testing.T) {
	if got, want := Products([]byte("nido"), 0x80, false), []Product{{[]byte{4, 6}, []byte{0xe, 0x9, 0x4, 0xf}, 0x80}}; !reflect.DeepEqual(got, want) {
		t.Errorf("class A products %v, want %v", got, want)
	}
	want := []Product{{[]byte{5, 7}, []byte{0x2}, 0x01}, {[]byte{4, 6}, []byte{0x9, 0x7}, 0x02}}
	if got := Products([]byte("rig"), 0x01, true); !reflect.DeepEqual(got, want) {
		t.Errorf("class B products %v, want %v", got, want)
	}
}
