package urn

import (
	"sync"

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

// widelyUsed tells who uses an unregistered NID in wide use (lower case);
// a switch, not a map, so that nothing is built at start (issue 25).
func widelyUsed(nid string) (string, bool) {
	switch nid {
	case "schemas-upnp-org":
		return "UPnP device and service types", true
	case "schemas-dlna-org":
		return "DLNA device descriptions", true
	case "schemas-microsoft-com":
		return "Microsoft Office and Windows XML namespaces", true
	case "openoffice":
		return "OpenOffice.org XML names", true
	case "hl7-org":
		return "HL7 v3 XML (urn:hl7-org:v3)", true
	case "md5":
		return "magnet links and file hashes", true
	case "sha1":
		return "magnet links, Gnutella (HUGE)", true
	case "btih":
		return "BitTorrent info-hashes in magnet links", true
	case "btmh":
		return "BitTorrent v2 multihashes in magnet links", true
	case "tree":
		return "Tiger tree hashes in magnet links (urn:tree:tiger)", true
	case "bitprint":
		return "Gnutella bitprints in magnet links", true
	case "ed2k":
		return "eDonkey2000 hashes in magnet links", true
	case "aich":
		return "eMule AICH hashes in magnet links", true
	case "kzhash":
		return "Kazaa hashes in magnet links", true
	}
	return "", false
}

// registeredNIDs lists the registry's NIDs for "did you mean" (formal ones
// only), in the registry's sorted order (suggest.Closest prefers the first
// of equals: keep it stable); made at the first unregistered NID.
var registeredNIDs = sync.OnceValue(func() []string {
	out := make([]string, 0, len(registry))
	for _, e := range registry {
		if len(e.nid) > 4 && e.nid[:4] == "urn-" {
			continue
		}
		out = append(out, e.nid)
	}
	return out
})

// unregistered reports an unregistered NID: URN112 for a widely used one,
// URN025 otherwise, with the registered NID it is likely a typo of.
func (p *parser) unregistered(nid string, start, end int) {
	var buf [32]byte
	for i := 0; i < len(nid); i++ {
		buf[i] = ascii.Lower(nid[i])
	}
	if who, ok := widelyUsed(string(buf[:len(nid)])); ok {
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
		if s, ok := suggest.Closest(nid, registeredNIDs()); ok {
			msg += `; did you mean "` + s + `"?`
		}
	}
	p.add(UnregisteredNID, start, end, msg)
}
