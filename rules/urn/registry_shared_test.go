package urn

import (
	"encoding/xml"
	"os"
	"path"
	"strings"
	"testing"
)

// sharedRegistry is the IANA URN Namespaces registry beside the clone
// (registry.go's go:generate reads the same file).
const sharedRegistry = "../../../shared/registries/urn-namespaces.xml"

type ianaRecord struct {
	Name  string `xml:"name"`
	Xrefs []struct {
		Type string `xml:"type,attr"`
		Data string `xml:"data,attr"`
	} `xml:"xref"`
	Template struct {
		Xref struct {
			Data string `xml:"data,attr"`
		} `xml:"xref"`
	} `xml:"template"`
}

// issue 21 item 5: every NID of the namespace layer is in IANA's URN
// Namespaces registry (../shared/registries/urn-namespaces.xml, the copy
// the build's table is generated from), and its Spec cites a defining
// document the registry names: one of the record's RFCs, or its
// registration template (IANA urn-formal/NID).
func TestNamespacesRegistered(t *testing.T) {
	b, err := os.ReadFile(sharedRegistry)
	if err != nil {
		t.Skipf("IANA registry not beside the clone (%v): registry.go's go:generate reads it too", err)
	}
	var reg struct {
		Registries []struct {
			ID      string       `xml:"id,attr"`
			Records []ianaRecord `xml:"record"`
		} `xml:"registry"`
	}
	if err := xml.Unmarshal(b, &reg); err != nil {
		t.Fatal(err)
	}
	formal := map[string]*ianaRecord{}
	for _, r := range reg.Registries {
		if r.ID != "urn-namespaces-1" { // Formal URN Namespaces
			continue
		}
		for i := range r.Records {
			formal[strings.ToLower(r.Records[i].Name)] = &r.Records[i]
		}
	}
	if len(formal) < 50 {
		t.Fatalf("%s: %d formal namespaces read; the registry has hundreds", sharedRegistry, len(formal))
	}
	for _, d := range Namespaces() {
		nid, _, sub := strings.Cut(d.NID, ":")
		rec := formal[nid]
		if rec == nil {
			t.Errorf("IANA URN Namespaces registry: %q (namespace layer) is not a formal namespace", nid)
			continue
		}
		if sub {
			continue // a sub-namespace (ietf:params) is defined below its NID's registration
		}
		var docs []string
		for _, x := range rec.Xrefs {
			if x.Type == "rfc" {
				docs = append(docs, x.Data)
			}
		}
		if u := rec.Template.Xref.Data; u != "" {
			docs = append(docs, "urn-formal/"+path.Base(u))
		}
		cited := false
		for _, doc := range docs {
			cited = cited || strings.Contains(d.Spec, doc)
		}
		if !cited {
			t.Errorf("IANA URN Namespaces registry: urn:%s's Spec %q cites none of the registry's defining documents %v", d.NID, d.Spec, docs)
		}
		if _, ok := Reference(nid); !ok {
			t.Errorf("IANA URN Namespaces registry: %q is registered but not in the build's table (go generate ./rules/urn)", nid)
		}
	}
}
