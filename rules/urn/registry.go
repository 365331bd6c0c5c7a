package urn

import (
	"sort"

	"github.com/idlint/idlint/rules/internal/ascii"
)

//go:generate go run ../../internal/gen/urnregistry -in ../../../shared/registries/urn-namespaces.xml -out registry_table.go

// Registered reports whether nid (any case) is in the IANA URN Namespaces
// registry of RegistryDate.
func Registered(nid string) bool {
	_, ok := Reference(nid)
	return ok
}

// Reference returns the document that defines a registered NID.
func Reference(nid string) (string, bool) {
	if len(nid) > 32 {
		return "", false
	}
	var buf [32]byte
	for i := 0; i < len(nid); i++ {
		buf[i] = ascii.Lower(nid[i])
	}
	key := string(buf[:len(nid)]) // not allocated: it does not escape
	i := sort.Search(len(registry), func(i int) bool { return registry[i].nid >= key })
	if i < len(registry) && registry[i].nid == key {
		return registry[i].ref, true
	}
	return "", false
}

// nidRef is one entry of the registry (registry_table.go).
type nidRef struct{ nid, ref string }
