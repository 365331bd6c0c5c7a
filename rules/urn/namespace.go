package urn

import (
	"sort"
	"strings"
	"sync"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ascii"
)

// NamespaceDef is what the namespace layer knows of one NID beyond the
// generic URN syntax (rfc8141 §3.1 lets a namespace add lexical
// equivalences that only merge, never split). The layer runs after the
// generic checks, and only for the NIDs of Namespaces: one map lookup.
type NamespaceDef struct {
	NID  string // lower case; a sub-namespace is written "ietf:params"
	Spec string // the defining document and section, e.g. "rfc9562 §4"
	// Checked says in one line what the layer checks (the README table).
	Checked string
	// Equivalence describes the namespace's key; "" when it adds none.
	Equivalence string
	Doc         string // the namespace's page: syntax, equivalence, source
	Rules       []*rules.Rule

	// check names the function that reports findings on the NSS (see
	// parser.namespace: a direct call keeps the parser on the stack).
	check nsCheck
	// key maps the profile's key to the namespace's; nss is the index
	// where the NSS starts in key. It returns false where the namespace adds
	// no equivalence to this key. Nil: the namespace adds none at all.
	key func(key string, nss int) (string, bool)
	// caseMsg is NonCanonicalCase's message for the NID
	caseMsg string
}

// Levels of an equivalence key (Result.KeyLevel).
const (
	LevelProfile   = "profile"   // the profile's lexical key only
	LevelNamespace = "namespace" // the namespace's own equivalence on top
)

// namespaceDefs lists the definitions of the NID files (ns_*.go): static
// data, made into the map at first use rather than at start-up (issue 25).
var namespaceDefs = []*NamespaceDef{
	defDev, defEidr, defExample, defIetf, defIetfParams, defIsan, defIsbn, defIssn,
	defLei, defLex, defNbn, defOid, defPublicid, defUuid,
}

// namespaces maps each lower-cased NID the layer covers to its definition.
var namespaces = sync.OnceValue(func() map[string]*NamespaceDef {
	m := make(map[string]*NamespaceDef, len(namespaceDefs))
	for _, d := range namespaceDefs {
		d.caseMsg = nonCanonicalCaseMsg("urn:" + d.NID)
		m[d.NID] = d
	}
	return m
})

// lookupNamespace finds the definition of nid (any case) without allocating.
func lookupNamespace(nid string) *NamespaceDef {
	if len(nid) < 2 {
		return nil
	}
	return lookupNID(nid).def
}

// Namespaces lists the namespaces the layer covers, by NID.
func Namespaces() []*NamespaceDef {
	out := make([]*NamespaceDef, 0, len(namespaceDefs))
	for _, d := range namespaces() {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].NID < out[j].NID })
	return out
}

// LookupNamespace returns the layer's definition of nid (any case;
// "ietf:params" for that sub-namespace), or nil.
func LookupNamespace(nid string) *NamespaceDef { return lookupNamespace(nid) }

// namespaceDef is lookupNamespace(u.NID), looked up once.
func (u *URN) namespaceDef() *NamespaceDef {
	if !u.defKnown {
		u.def, u.defKnown = lookupNamespace(u.NID), true
	}
	return u.def
}

// namespace runs the NID's checks on the assigned name's NSS.
func (p *parser) namespace() {
	u := &p.u
	if !u.nidOK {
		return
	}
	start := 4 + len(u.NID) + 1
	if u.assignedEnd <= start {
		return
	}
	d := u.namespaceDef()
	if d == nil {
		return
	}
	for i := range p.out {
		if p.out[i].Severity >= rules.Error {
			return // the generic syntax failed: the NSS is not worth a second opinion
		}
	}
	switch d.check {
	case checksUUID:
		checkUUID(p, start, u.assignedEnd)
	case checksOID:
		checkOID(p, start, u.assignedEnd)
	case checksIETF:
		checkIETF(p, start, u.assignedEnd)
	case checksISBN:
		checkISBN(p, start, u.assignedEnd)
	case checksISSN:
		checkISSN(p, start, u.assignedEnd)
	case checksPublicID:
		checkPublicID(p, start, u.assignedEnd)
	case checksNBN:
		checkNBN(p, start, u.assignedEnd)
	case checksDev:
		checkDev(p, start, u.assignedEnd)
	case checksLex:
		checkLex(p, start, u.assignedEnd)
	case checksLEI:
		checkLEI(p, start, u.assignedEnd)
	case checksISAN:
		checkISAN(p, start, u.assignedEnd)
	case checksEIDR:
		checkEIDR(p, start, u.assignedEnd)
	}
}

// nsCheck selects a namespace's check function.
type nsCheck uint8

const (
	checksNone nsCheck = iota
	checksUUID
	checksOID
	checksIETF
	checksISBN
	checksISSN
	checksPublicID
	checksNBN
	checksDev
	checksLex
	checksLEI
	checksISAN
	checksEIDR
)

// NSKey returns the key after the namespace's own equivalence, and the
// level that applied: the profile's Key where the layer has no rule for the NID.
func (u *URN) NSKey() (string, string) { return u.nsKeyFrom(u.Key()) }

func (u *URN) nsKeyFrom(key string) (string, string) {
	if !u.nidOK {
		return key, LevelProfile
	}
	d := u.namespaceDef()
	nss := 4 + len(u.NID) + 1
	if d == nil || d.key == nil || len(key) <= nss {
		return key, LevelProfile
	}
	if k, ok := d.key(key, nss); ok {
		return k, LevelNamespace
	}
	return key, LevelProfile
}

// lowerNSS lower-cases the NSS of key except %-escape hex digits, which stay
// upper case (rfc8141 §3.1). It allocates only when something changes.
func lowerNSS(key string, nss int, only func(c byte) bool) string {
	if !ascii.HasUpper(key[nss:]) {
		return key // the common case, told 8 bytes at a time (issue 25)
	}
	for i := nss; i < len(key); i++ {
		if c := key[i]; 'A' <= c && c <= 'Z' && only(c) && !inEscape(key, i) {
			b := []byte(key)
			for j := i; j < len(b); j++ {
				if c := b[j]; 'A' <= c && c <= 'Z' && only(c) && !inEscape(key, j) {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return key
}

// inEscape reports whether key[i] is one of the two hex digits of a %-escape.
func inEscape(key string, i int) bool {
	return i >= 1 && key[i-1] == '%' || i >= 2 && key[i-2] == '%'
}

// HasEquivalence reports whether the namespace adds an equivalence to the
// profile's key (ns_key may differ from key).
func (d *NamespaceDef) HasEquivalence() bool { return d.key != nil }

// Page is the namespace's documentation as `idlint rules --namespace` prints it.
func (d *NamespaceDef) Page() string {
	var b strings.Builder
	b.WriteString("urn:" + d.NID + "\n")
	ref, _ := Reference(d.NID) // "" for a sub-namespace
	b.WriteString("  defined by: " + d.Spec)
	if ref != "" && !strings.HasPrefix(d.Spec, ref) {
		b.WriteString(" (registry: " + ref + ")")
	}
	b.WriteString("\n  checked:    " + d.Checked + "\n")
	eq := d.Equivalence
	if eq == "" {
		eq = "none beyond the profile's: ns_key = key"
	}
	b.WriteString("  ns_key:     " + eq + "\n\n")
	b.WriteString(wrap(d.Doc, 78, "  "))
	var ids []string
	for _, r := range d.Rules {
		ids = append(ids, r.ID+" "+r.Name)
	}
	if len(ids) > 0 {
		b.WriteString("\n  rules: " + strings.Join(ids, ", ") + "\n")
	}
	return b.String()
}

// NamespaceSummary is one line naming the namespaces the layer covers.
func NamespaceSummary() string {
	var ns []string
	for _, d := range Namespaces() {
		ns = append(ns, d.NID)
	}
	return "URN namespaces with their own checks and ns_key (idlint rules --namespace NID): " + strings.Join(ns, ", ") + "\n"
}

func wrap(s string, width int, indent string) string {
	var b strings.Builder
	line := indent
	for _, w := range strings.Fields(s) {
		if len(line) > len(indent) && len(line)+1+len(w) > width {
			b.WriteString(line + "\n")
			line = indent
		}
		if len(line) > len(indent) {
			line += " "
		}
		line += w
	}
	if len(line) > len(indent) {
		b.WriteString(line + "\n")
	}
	return b.String()
}
