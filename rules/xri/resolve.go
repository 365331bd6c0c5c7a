package xri

import (
	"errors"
	"strings"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ascii"
	"github.com/idlint/idlint/rules/internal/rfc2396"
)

// Resolve resolves the XRI reference ref against the absolute XRI base
// (rc2 §2.3.2: rfc2396 §5.2 with an XRI-aware parse, where an XRI
// authority is written back without "//"). base may omit its scheme.
// Under auto, base's version (DetectProfile) is the profile.
//
// As in rfc2396: a reference with a scheme ("xri:…", "g:h") is returned
// as it is — §2.3.3's "g:h" is the URI of scheme g; a reference that is
// empty or only a fragment means the base document; "?y" keeps the base's
// directory; ".." above the root is kept ("../.." gives "/.."). A reference
// beginning with "//", a global context symbol or "(" carries its own
// authority (an xri-value) and gets only the scheme. One fix from rfc3986
// §5.2.3: a relative path against a base with an authority and an empty
// path is joined with "/".
func Resolve(base, ref, profile string) (string, error) {
	if profile == Auto {
		profile = DetectProfile(base, !ascii.HasPrefixFold(base, "xri:"))
	}
	profile = normProfile(profile)
	bx, err := ParseBare(base, profile)
	if err != nil {
		return "", err
	}
	if bx.SyntaxProfile != profile {
		return "", errors.New("xri: base " + quote(base) + " is not " + profile + " syntax (it parses as " + bx.SyntaxProfile + ")")
	}
	br := bx.root
	if br == nil || br.auth == NoAuthority {
		return "", errors.New("xri: base " + quote(base) + " is relative; resolution needs an absolute XRI")
	}
	prefix := base[:br.pathStart]
	if !br.scheme {
		if br.auth == URIAuthority || profile == RC2 {
			prefix = "xri:" + prefix
		} else {
			prefix = "xri://" + prefix
		}
	}
	basePath := base[br.pathStart:br.pathEnd]
	doc := prefix + basePath
	if br.query {
		doc += "?" + base[br.qStart:br.qEnd]
	}

	switch {
	case ref == "":
		return doc, nil
	case ref[0] == '#':
		return doc + ref, nil
	case schemeEnd(ref) > 0:
		return ref, nil
	case strings.HasPrefix(ref, "//"):
		return "xri:" + ref, nil
	}
	rx, fs, errs := lintOne(ref, profile, true, rules.Error)
	rr := rx.root
	if rr == nil {
		return "", errors.New("xri: reference " + quote(ref) + " cannot be parsed")
	}
	if rr.auth != NoAuthority {
		if profile == V2 {
			return "xri://" + ref, nil
		}
		return "xri:" + ref, nil
	}
	if errs > 0 && len(fs) > 0 {
		return "", &Error{Scheme: "xri", Input: ref, Finding: fs[0]}
	}
	path := ref[rr.pathStart:rr.pathEnd]
	if !rr.abs {
		dir := "/"
		if basePath != "" {
			dir = basePath[:lastSlash(basePath)+1]
		}
		path, _, _ = rfc2396.RemoveDots(dir+path, splitSegments) // rfc2396 §5.2 step 6
	}
	out := prefix + path
	if rr.query {
		out += "?" + ref[rr.qStart:rr.qEnd]
	}
	if rr.frag {
		out += "#" + ref[rr.fStart:rr.fEnd]
	}
	return out, nil
}

func quote(s string) string { return "\"" + clip(s, 64) + "\"" }

// lastSlash is the index of the last "/" of path outside cross-references.
func lastSlash(path string) int {
	depth, last := 0, -1
	for i := 0; i < len(path); i++ {
		switch path[i] {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		case '/':
			if depth == 0 {
				last = i
			}
		}
	}
	return last
}

// splitSegments splits a path (after its leading "/") at the slashes
// outside cross-references.
func splitSegments(path string) []string {
	var segs []string
	depth, start := 0, 0
	for i := 0; i < len(path); i++ {
		switch path[i] {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		case '/':
			if depth == 0 {
				segs = append(segs, path[start:i])
				start = i + 1
			}
		}
	}
	return append(segs, path[start:])
}
