package gouri

import (
	"testing"

	"github.com/idlint/idlint/rules"
)

// One case per rule of Classify (and of the package doc's LOOKALIKES);
// contexts are copied from the Go tree where they occur there.
func TestClassify(t *testing.T) {
	for _, c := range []struct {
		rule          string // the Classify rule the case illustrates
		before, ident string
		after         string
		want          string
	}{
		{"1 word-part: cargo:", "println!(\"car", "go:rustc-link-lib", "", KindWordPart},
		{"1 word-part: file.go:114: (refused by the scanner)", "src/main.", "go:114", ": undefined", KindWordPart},
		{"1 word-part: non-ASCII letter", "Tó", "go:x", "", KindWordPart},
		{"2 url-host", "curl http://", "go:8080/debug", "", KindURLHost},
		{"8 code-key: a conditional's branch in minified code (DOMPurify)", "En=n.indexOf(Ge.PARSER_MEDIA_TYPE)===-1?", "go:Ge.PARSER_MEDIA_TYPE,En=Wr===", "\"x\"?EJ:T5;", KindCodeKey},
		{"10 identifier: after a query's '?' (rfc3368 §3.1)", "http://example.com/x?", "go:example", "", ""},
		{"5b module-path: SPDX's downloadLocation (rfc3368 §3.2: no path)", "\"downloadLocation\": \"", "go://golang.org/x/text@v0.0.0-20170915032832-14c0d48ead0c", "\",", KindModulePath},
		{"5b module-path: without a version", "locator ", "go://github.com/org/repo", "", KindModulePath},
		{"10 identifier: a server and a trailing '/' keeps its error", "see ", "go://example.com/", "", ""},
		{"10 identifier: '/' before a query keeps GO002 (rfc3368 §3.2)", "<a href=\"", "go://cnrp.example.com/?Fidelity", "\">", ""},
		{"10 identifier: a server and one path segment keeps its errors", "see ", "go://cnrp.example.com/path", "", ""},
		{"10 identifier: in a URL's query, a comma keeps GO004", "<a href=\"http://cnrp.example.com/resolve?", "go:Acme,Inc", "\">", ""},
		{"10 identifier: a server with a port and a path keeps its errors", "see ", "go://example.com:1096/x", "", ""},
		{"2b code-scope: C++ namespace (flatbuffers idl_gen_go.cpp)", "  ", "go::GoGenerator", " gen(", KindCodeScope},
		{"3a go-directive: //go:build at line start", "package main\n\n//", "go:build", " linux", KindGoDirective},
		{"3a go-directive: //go:generate", "\n//", "go:generate", " stringer -type=Op", KindGoDirective},
		{"3a go-directive: //go:embed", "\n\t//", "go:embed", " testdata/*", KindGoDirective},
		{"3a go-directive: //go:noinline", "}\n\n//", "go:noinline", "\nfunc f() {}", KindGoDirective},
		{"3a go-directive: //go:linkname", "\n//", "go:linkname", " now runtime.now", KindGoDirective},
		{"3a go-directive: cgo_ family", "\n//", "go:cgo_import_dynamic", " libc_close close \"libc.so\"", KindGoDirective},
		{"3a go-directive: named in prose, any context", "directive must be followed by a ", "go:nosplit", " function", KindGoDirective},
		{"3a go-directive: in a string literal", "case \"", "go:uintptrkeepalive", "\":", KindGoDirective},
		{"3a go-directive: name with suffix", "this is a ", "go:linkname'd", " symbol", KindGoDirective},
		{"3a go-directive: \"// go:generate\" commentary", "// ", "go:generate", " runs the tool", KindGoDirective},
		{"3b go-directive: pattern", "disallow //", "go:cgo_*", " directives", KindGoDirective},
		{"3b go-directive: pattern", "{\"", "go:x*", "\", true}", KindGoDirective},
		{"3c go-directive: unknown //go: name (go/ast isDirective)", "validity of //", "go:xxx", " directives", KindGoDirective},
		{"3c go-directive: //go:_name (gc pragma)", "\n//", "go:_empty1", "\n", KindGoDirective},
		{"3d go-directive: \"// go:word\" commentary", "//  ", "go:zzz", "", KindGoDirective},
		{"4 linker-symbol: distinctive name", "ldr.CreateSymForUpdate(\"", "go:buildid", "\", 0)", KindLinkerSymbol},
		{"4 linker-symbol: dotted", "grouped to a single ", "go:string.*", " symbol", KindLinkerSymbol},
		{"4 linker-symbol: trimmed dot in ctx.After", "strings.HasPrefix(name, \"", "go:string", ".\") {", KindLinkerSymbol},
		{"4 linker-symbol: quoted word", "base.PkgLinksym(\"", "go:map", "\", \"zero\"", KindLinkerSymbol},
		{"4 linker-symbol: method symbol", "Name: \"", "go:(*struct", " { sync.Mutex", KindLinkerSymbol},
		{"5 source-position: go:114: after a space", "at main ", "go:114", ": undefined: x", KindSourcePosition},
		{"5 source-position: line and column", "  ", "go:12:5", "", KindSourcePosition},
		{"5 source-position: traceback", "\n      ", "go:7", " \\+0x[0-9,a-f]+\n", KindSourcePosition},
		{"6 format-string: %d", "fmt.Fprintf(os.Stderr, \"test_", "go:%d", " expected count", KindFormatString},
		{"6 format-string: %s after //", "Sprintf(`usage: //", "go:%s", " local [remote]`", KindFormatString},
		{"6 format-string: %02x encodes a control", "\"", "go:%02x", "\"", KindFormatString},
		{"6 format-string: width and precision", "\"", "go:%-8.3f", "\"", KindFormatString},
		{"6 template: {name} after a trimmed \"?\"", "q := \"", "go://cnrp.foo.com", "?{name}\"", KindTemplate},
		{"6 template: ${x}", "`", "go:$", "{name}`", KindTemplate},
		{"6 template: $(VAR) in a Makefile (thrift tutorial/go/Makefile.am)", "\t$(THRIFT) --gen ", "go:thrift_import=github.com/apache/thrift/lib/go/thrift,package_prefix=github.com/apache/thrift/tutorial/go/gen-go/$(COMPILER_EXTRAFLAG)", " -r", KindTemplate},
		{"6 prefix: concatenation", "u := \"", "go://cnrp.foo.com", "?\" + q", KindPrefix},
		{"6 prefix: HasPrefix", "if strings.HasPrefix(s, \"", "go://", "\") {", KindPrefix},
		{"7 emoticon", "here we ", "go:D", "", KindEmoticon},
		{"7 emoticon with nose", "let's ", "go:-P", "", KindEmoticon},
		{"7 emoticon: \"go:-)\" after the scanner trimmed \")\"", "let's ", "go:-", ")", KindEmoticon},
		{"7 emoticon: sad", "oh no, there they ", "go:(", "", KindEmoticon},
		{"8 code-key: minified JS object", "Debouncer.prototype={", "go:function(callback,wait)", "{var h;", KindCodeKey},
		{"8 code-key: after comma", "{stop:0,", "go:1e3}", "", KindCodeKey},
		{"9 prose-label: \"Go: 5 steps\"", "", "Go:", " 5 steps", KindProseLabel},
		{"9 prose-label: \"Way to Go: …\"", "Way to ", "Go:", " a guide", KindProseLabel},
		{"9 prose-label: \"go: exit 1\"", "\n", "go:", " exit 1", KindProseLabel},
		{"9 prose-label: upper case label", "TEAM ", "GO:TEAM", "", KindProseLabel},
		{"9 prose-label: directive name in capitals is not a directive", "{\"", "Go:inline", "\", false}", KindProseLabel},
		{"10 identifier: rfc3368 §5", "   ", "go:Mercedes%20Benz", "\n", ""},
		{"10 identifier: rfc3368 §5 %20 is an escape, not a verb", "   ", "go://cnrp.foo.com?Mercedes%20Benz;geography=US-ga", "", ""},
		{"10 identifier: the OCR copy's %0B is a finding, not a look-alike", "   ", "go:Mercedes%0Benz", "", ""},
		{"10 identifier: form1 after \"//\" is not a directive", "//", "go://cnrp.foo.com?bmw", "", ""},
		{"10 identifier: upper-case scheme of form1", "", "GO://cnrp.foo.com?bmw", "", ""},
		{"10 identifier: in an href", "<a href=\"", "go:bmw", "\">", ""},
		{"10 identifier: common word not quoted exactly", "search ", "go:map", " now", ""},
		{"not go: not ours to judge", "", "urn:x:y", "", ""},
	} {
		ctx := rules.Context{Before: []byte(c.before), After: []byte(c.after)}
		if got := (&Checker{}).Classify(c.ident, ctx); got != c.want {
			t.Errorf("rule %s: Classify(%q, before %q, after %q) = %q, want %q", c.rule, c.ident, c.before, c.after, got, c.want)
		}
	}
}
