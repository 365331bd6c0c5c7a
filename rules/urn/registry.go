package urn

import (
	"sync"

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
	ref, ok := registryIndex()[string(buf[:len(nid)])] // the key not allocated
	return ref, ok
}

// registryIndex is the registry by NID: every URN a memo sees first is
// looked up, and a binary search's string comparisons through a closure
// were ~5% of that (issue 25). Built at first use, not at start-up.
var registryIndex = sync.OnceValue(func() map[string]string {
	m := make(map[string]string, len(registry))
	for _, r := range registry {
		m[r.nid] = r.ref
	}
	return m
})

// nidRef is one entry of the registry (registry_table.go).
type nidRef struct{ nid, ref string }
