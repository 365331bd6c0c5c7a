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
	n := lookupNID(nid)
	return n.ref, n.registered
}

// nidInfo is what a parse looks up of a NID: its registry entry and
// its namespace definition, in one map lookup (issue 25: a binary search
// of the registry and a map lookup were a quarter of the URN checker's
// time on a memo's first sightings).
type nidInfo struct {
	ref        string
	registered bool
	def        *NamespaceDef
}

// lookupNID finds nid (any case) in nids without allocating.
func lookupNID(nid string) nidInfo {
	if len(nid) > 32 {
		return nidInfo{}
	}
	var buf [32]byte
	for i := 0; i < len(nid); i++ {
		buf[i] = ascii.Lower(nid[i])
	}
	return nids()[string(buf[:len(nid)])] // the key not allocated
}

// nids holds the registry's NIDs and the namespaces', lower case. Built
// at first use, not at start-up.
var nids = sync.OnceValue(func() map[string]nidInfo {
	m := make(map[string]nidInfo, len(registry)+len(namespaceDefs))
	for _, r := range registry {
		m[r.nid] = nidInfo{ref: r.ref, registered: true}
	}
	for nid, d := range namespaces() {
		n := m[nid]
		n.def = d
		m[nid] = n
	}
	return m
})

// nidRef is one entry of the registry (registry_table.go).
type nidRef struct{ nid, ref string }
