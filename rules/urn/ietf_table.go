// Data extracted from IANA's params registry (ietf-params.xml, updated 2026-02-02, in ../shared/registries).

package urn

import "sync"

// IETFParamsDate is the date of the IANA params registry this build carries.
const IETFParamsDate = "2026-02-02"

// ietfSubNamespaces: IETF URN Sub-namespaces, name → defining document.
// The tables are made at the first urn:ietf, not at every start (issue 25).
var ietfSubNamespaces = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"rfc":    "rfc2648",
		"fyi":    "rfc2648",
		"std":    "rfc2648",
		"bcp":    "rfc2648",
		"id":     "rfc2648",
		"mtg":    "rfc2648",
		"params": "rfc3553",
	}
})

// ietfParamsClasses: IETF URN Sub-namespace for Registered Protocol Parameter Identifiers, name → defining document.
var ietfParamsClasses = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"xml":                  "rfc3688",
		"cpim-headers":         "rfc3862",
		"ecml":                 "rfc4112",
		"imdn":                 "rfc5438",
		"sieve":                "rfc6134",
		"oauth":                "rfc6755",
		"gss":                  "rfc7056",
		"netconf":              "rfc6241",
		"rtp-hdrext":           "rfc8285",
		"geopriv":              "rfc7035",
		"scim":                 "rfc7643",
		"tzdist":               "rfc7808",
		"abfab":                "rfc7833",
		"push":                 "rfc8030",
		"restconf":             "rfc8040",
		"mud":                  "rfc8520",
		"rolie":                "rfc8322",
		"acme":                 "rfc8555",
		"jmap":                 "rfc8620",
		"capport:unrestricted": "rfc8910",
		"trans":                "rfc9162",
		"whip":                 "rfc9725",
		"unit":                 "rfc9880",
	}
})
