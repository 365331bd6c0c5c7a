package urn

import "github.com/idlint/idlint/rules/internal/ascii"

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
	ref, ok := registry[string(buf[:len(nid)])]
	return ref, ok
}
