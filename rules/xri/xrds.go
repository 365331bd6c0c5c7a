package xri

import (
	"bytes"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ascii"
)

// Span is a byte range doc[Start:End].
type Span = rules.Span

// xrdsElements hold XRIs that XRDS documents write without "xri:".
var xrdsElements = [...]string{"CanonicalID", "ProviderID", "LocalID", "Query"}

// FindInXRDS finds the bare XRIs of an XRDS document: the contents of its
// CanonicalID, ProviderID, LocalID and Query elements (any namespace
// prefix) that begin with a global context symbol, "!" , "*" or "(" —
// i-names and i-numbers such as =!E4, @!5BAD.2AA.3C72.AF46 and the local
// *ootao. Contents that start with "xri:" are left to the scanner, which
// finds them anyway, and URLs (LocalID http://…) are not XRIs. The
// document counts as XRDS when it names the xri://$xrds namespace or its
// root element is XRDS; otherwise FindInXRDS returns nil. One linear pass,
// no regexp; contents longer than MaxLength are skipped.
func FindInXRDS(doc []byte) []Span {
	if !isXRDS(doc) {
		return nil
	}
	var out []Span
	for i := 0; i < len(doc); {
		j := bytes.IndexByte(doc[i:], '<')
		if j < 0 {
			break
		}
		i += j + 1
		k := i
		for k < len(doc) && isNameByte(doc[k]) {
			k++
		}
		name := doc[i:k]
		if c := bytes.LastIndexByte(name, ':'); c >= 0 {
			name = name[c+1:]
		}
		if !wanted(name) {
			continue
		}
		gt := tagEnd(doc, k)
		if gt < 0 {
			break
		}
		i = gt + 1
		if doc[gt-1] == '/' {
			continue // <ProviderID/>
		}
		end := bytes.IndexByte(doc[i:], '<')
		if end < 0 {
			break
		}
		a, b := i, i+end
		i = b
		for a < b && isSpace(doc[a]) {
			a++
		}
		for b > a && isSpace(doc[b-1]) {
			b--
		}
		if a == b || b-a > MaxLength || ascii.HasPrefixFold(string(doc[a:min2(b, a+4)]), "xri:") {
			continue
		}
		switch doc[a] {
		case '=', '@', '+', '$', '!', '*', '(':
			out = append(out, Span{Start: a, End: b})
		}
	}
	return out
}

func wanted(name []byte) bool {
	for _, w := range xrdsElements {
		if string(name) == w {
			return true
		}
	}
	return false
}

// tagEnd returns the index of the ">" that ends the tag whose name ends at
// i, skipping quoted attribute values, or -1.
func tagEnd(doc []byte, i int) int {
	var quote byte
	for ; i < len(doc); i++ {
		c := doc[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '>':
			return i
		case c == '<':
			return -1
		}
	}
	return -1
}

// isXRDS reports whether doc names the XRDS namespace or has an XRDS root.
func isXRDS(doc []byte) bool {
	if hasXRDSNamespace(doc) {
		return true
	}
	for i := 0; i < len(doc); {
		j := bytes.IndexByte(doc[i:], '<')
		if j < 0 || i+j+1 >= len(doc) {
			return false
		}
		i += j + 1
		if c := doc[i]; c == '?' || c == '!' {
			continue
		}
		k := i
		for k < len(doc) && isNameByte(doc[k]) {
			k++
		}
		name := doc[i:k]
		if c := bytes.LastIndexByte(name, ':'); c >= 0 {
			name = name[c+1:]
		}
		return string(name) == "XRDS"
	}
	return false
}

// xrdsNamespace is the XRDS namespace's name.
const xrdsNamespace = "xri://$xrds"

// hasXRDSNamespace is bytes.Contains(doc, xrdsNamespace), found from its
// "$", rare in text: every document's head is asked, and the "x" that
// bytes.Index looks for first is common (issue 25: 1–2 % of the RFC
// directory's CPU).
func hasXRDSNamespace(doc []byte) bool {
	const dollar = len("xri://")
	for i := dollar; i < len(doc); i++ {
		j := bytes.IndexByte(doc[i:], '$')
		if j < 0 {
			return false
		}
		i += j
		if bytes.HasPrefix(doc[i-dollar:], []byte(xrdsNamespace)) {
			return true
		}
	}
	return false
}

func isNameByte(c byte) bool {
	return isAlpha(c) || isDigit(c) || c == ':' || c == '-' || c == '_' || c == '.' || c >= 0x80
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// LooksLikeXRDS reports whether the beginning of a document shows it is
// XRDS, so a scanner can hold it whole for FindInXRDS.
func LooksLikeXRDS(head []byte) bool { return isXRDS(head) }
