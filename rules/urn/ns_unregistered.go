package urn

import (
	"sort"

	"github.com/idlint/idlint/internal/suggest"
	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ascii"
)

// UnregisteredWidelyUsed replaces URN025 for NIDs in wide use that were
// never registered (issue 21): one clear finding naming the fact.
var UnregisteredWidelyUsed = &rules.Rule{
	ID: "URN112", Name: "unregistered-widely-used-nid", Scheme: "urn", Severity: rules.Info, Profiles: all,
	Spec:    "IANA URN Namespaces registry; rfc8141 §5",
	Summary: "The NID is in wide use but was never registered with IANA.",
	Doc: "Some NIDs are everywhere without a registration: urn:schemas-upnp-org and urn:schemas-microsoft-com (UPnP, Office XML), urn:hl7-org (HL7 v3), " +
		"urn:btih, urn:sha1, urn:md5, urn:tree:tiger … (magnet links, Gnutella). No document defines their syntax or equivalence, so only the generic syntax is checked. " +
		"They get this finding instead of URN025 so that a report says what is known of them; nothing needs fixing unless you can choose the name.",
	Bad: "urn:schemas-upnp-org:device:MediaServer:1", Good: "urn:isbn:0451450523",
}

// widelyUsed maps unregistered NIDs in wide use to who uses them.
var widelyUsed = map[string]string{
	"schemas-upnp-org":      "UPnP device and service types",
	"schemas-dlna-org":      "DLNA device descriptions",
	"schemas-microsoft-com": "Microsoft Office and Windows XML namespaces",
	"openoffice":            "OpenOffice.org XML names",
	"hl7-org":               "HL7 v3 XML (urn:hl7-org:v3)",
	"md5":                   "magnet links and file hashes",
	"sha1":                  "magnet links, Gnutella (HUGE)",
	"btih":                  "BitTorrent info-hashes in magnet links",
	"btmh":                  "BitTorrent v2 multihashes in magnet links",
	"tree":                  "Tiger tree hashes in magnet links (urn:tree:tiger)",
	"bitprint":              "Gnutella bitprints in magnet links",
	"ed2k":                  "eDonkey2000 hashes in magnet links",
	"aich":                  "eMule AICH hashes in magnet links",
	"kzhash":                "Kazaa hashes in magnet links",
}

// registeredNIDs lists the registry's NIDs for "did you mean" (formal ones only).
var registeredNIDs = func() []string {
	var out []string
	for nid := range registry {
		if len(nid) > 4 && nid[:4] == "urn-" {
			continue
		}
		out = append(out, nid)
	}
	sort.Strings(out) // suggest.Closest prefers the first of equals: keep it stable
	return out
}()

// unregistered reports an unregistered NID: URN112 for a widely used one,
// URN025 otherwise, with the registered NID it is likely a typo of.
func (p *parser) unregistered(nid string, start, end int) {
	var buf [32]byte
	for i := 0; i < len(nid); i++ {
		buf[i] = ascii.Lower(nid[i])
	}
	if who, ok := widelyUsed[string(buf[:len(nid)])]; ok {
		if p.wants(UnregisteredWidelyUsed) {
			p.add(UnregisteredWidelyUsed, start, end, `NID "`+nid+`" is widely used (`+who+`) but not registered: no document defines its syntax or equivalence`)
		}
		return
	}
	if !p.wants(UnregisteredNID) {
		return
	}
	msg := `NID "` + nid + `" is not in the IANA URN Namespaces registry (` + RegistryDate + `)`
	if len(nid) >= 4 { // one edit from a three-letter NID is mostly another word (cid, new)
		if s, ok := suggest.Closest(nid, registeredNIDs); ok {
			msg += `; did you mean "` + s + `"?`
		}
	}
	p.add(UnregisteredNID, start, end, msg)
}
