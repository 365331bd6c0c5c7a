package urn

import (
	"strings"

	"github.com/idlint/idlint/rules"
)

// urn:example (rfc6963): names for documentation and tests. Whether a URN
// is in documentation depends on its document, not its text, so URN124 is
// not in Catalog (whose rules Lint runs on the text alone): the engine
// adds it per document (lint.Engine.Place) with ExampleFinding.
var defExample = &NamespaceDef{
	NID: "example", Spec: "rfc6963 §3.6; §3.13", Rules: []*rules.Rule{ExampleOutsideDocs},
	Checked: "outside documentation, tests and examples (decided by the document's path) the NID is reported (URN124, info)",
	Doc: "NSS (rfc6963 §3.4): any NSS the generic syntax allows. The namespace is for \"documentation, private testing, and truly experimental contexts\" " +
		"(§3.6: other uses are NOT RECOMMENDED; §1: not \"as XML namespace names\"; §3.13: \"Example URNs have no meaning outside such strictly limited contexts\"). " +
		"A scan reports URN124 (info) for urn:example in a document whose path is not documentation: " + DocumentationPaths + " " +
		"Identifiers checked alone (idlint parse, standard input without a name) are not reported. " +
		"Equivalence: rfc6963 §3.10 adds none, so ns_key = key.",
}

// DocumentationPaths says in prose which paths are documentation (README).
const DocumentationPaths = "a path is documentation when a directory in it (an archive member's path included) is doc, docs, documentation, man, manual, help, " +
	"example(s), sample(s), demo(s), test(s), testdata, testing, testsuite, fixtures, spec(s), __tests__ or rfc(s); when its name (less .gz, .bz2, .xz, .zst) " +
	"ends in .md, .markdown, .mdx, .rst, .txt, .text, .adoc, .asciidoc, .org, .tex, .texi, .texinfo, .pod, .rdoc, .man, .info, .html, .htm, .xhtml or a man-page " +
	"section (.1 to .9, .3pm …); when its name starts with readme, changelog, changes, news, history, faq, install, rfc followed by a digit, or draft-; " +
	"or when its name marks an example or a test (example, sample, test or spec as a word of it: config.example.yaml, x_test.go, test_x.py, x.spec.js, FooTest.java)."

// ExampleOutsideDocs: urn:example in a document that is not documentation.
var ExampleOutsideDocs = &rules.Rule{
	ID: "URN124", Name: "example-outside-documentation", Scheme: "urn", Severity: rules.Info, Profiles: all,
	Spec:    "rfc6963 §3.6; §1; §3.13",
	Summary: "A urn:example URN is used outside documentation, tests and examples (decided by the document's path).",
	Doc: "rfc6963 registered urn:example for documentation, testing of URN code and experiments: other uses are NOT RECOMMENDED (§3.6), XML namespace names included (§1), " +
		"and such a name is not unique (§3.6). In shipped code or configuration it usually is a placeholder left in. " +
		"Only scans report it, and only when the document's path is not documentation (idlint rules --namespace example lists what is); " +
		"info because the path is a heuristic: --severity URN124=warning makes it count.",
	Bad: "urn:example:issuer in etc/app/config.yaml", Good: "urn:example:issuer in docs/config.md or internal/config/config_test.go",
}

// ExampleFinding is URN124's finding for an identifier of NID nid (lower
// case, as rules.Result.Namespace) in the document at path, if any.
func ExampleFinding(nid, path string, ident string) (rules.Finding, bool) {
	if nid != "example" || IsDocumentationPath(path) {
		return rules.Finding{}, false
	}
	return rules.Finding{Rule: ExampleOutsideDocs, Severity: ExampleOutsideDocs.Severity, Start: 0, End: len(ident),
		Message: "urn:example is for documentation, tests and experiments (rfc6963 §3.6); this document's path is none of them"}, true
}

// docDir and docExt are switches, not maps, so that nothing is built at
// start (issue 25).
func docDir(d string) bool {
	switch d {
	case "doc", "docs", "documentation", "man", "manual", "help",
		"example", "examples", "sample", "samples", "demo", "demos",
		"test", "tests", "testdata", "testing", "testsuite", "fixtures",
		"spec", "specs", "__tests__", "rfc", "rfcs":
		return true
	}
	return false
}

func docExt(ext string) bool {
	switch ext {
	case "md", "markdown", "mdx", "rst", "txt", "text", "adoc", "asciidoc",
		"org", "tex", "texi", "texinfo", "pod", "rdoc", "man", "info",
		"html", "htm", "xhtml":
		return true
	}
	return false
}

// IsDocumentationPath reports whether path (a file, an archive member
// "archive!member", or a URL) is documentation, tests or examples in the
// sense of DocumentationPaths. An empty path or "-" (standard input) counts
// as documentation: nothing is known of it, so nothing is reported.
func IsDocumentationPath(path string) bool {
	if path == "" || path == "-" {
		return true
	}
	parts := strings.FieldsFunc(path, func(r rune) bool { return r == '/' || r == '\\' || r == '!' })
	if len(parts) == 0 {
		return true
	}
	for _, d := range parts[:len(parts)-1] {
		if docDir(strings.ToLower(d)) {
			return true
		}
	}
	orig := parts[len(parts)-1]
	if i := strings.IndexAny(orig, "?#"); i >= 0 { // a URL's query
		orig = orig[:i]
	}
	name := strings.ToLower(orig)
	for _, z := range []string{".gz", ".bz2", ".xz", ".zst"} {
		if strings.HasSuffix(name, z) {
			name, orig = name[:len(name)-len(z)], orig[:len(orig)-len(z)]
		}
	}
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		ext := name[i+1:]
		if docExt(ext) || manSection(ext) {
			return true
		}
	}
	for _, p := range []string{"readme", "changelog", "changes", "news", "history", "faq", "install", "draft-"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	if strings.HasPrefix(name, "rfc") && len(name) > 3 && isDigit(name[3]) {
		return true
	}
	for _, w := range nameWords(orig) {
		switch strings.ToLower(w) {
		case "example", "examples", "sample", "samples", "test", "tests", "spec", "specs":
			return true
		}
	}
	return false
}

// manSection: a man page's extension, a section digit and an optional
// short suffix (1, 3pm, 1ssl).
func manSection(ext string) bool {
	if len(ext) == 0 || len(ext) > 4 || ext[0] < '1' || ext[0] > '9' {
		return false
	}
	for i := 1; i < len(ext); i++ {
		if !isAlpha(ext[i]) {
			return false
		}
	}
	return true
}

// nameWords splits a file name into words at non-letters and where a lower
// case letter meets an upper case one (FooTest.java: Foo, Test, java).
func nameWords(name string) []string {
	var out []string
	start := -1
	for i := 0; i <= len(name); i++ {
		if i < len(name) && isAlpha(name[i]) {
			if start >= 0 && 'A' <= name[i] && name[i] <= 'Z' && 'a' <= name[i-1] && name[i-1] <= 'z' {
				out = append(out, name[start:i])
				start = i
			}
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, name[start:i])
			start = -1
		}
	}
	return out
}
