package lid

import (
	"testing"

	"github.com/idlint/idlint/rules"
)

// One case per rule of Classify (and of the package doc's LOOKALIKES).
func TestClassify(t *testing.T) {
	for _, c := range []struct {
		rule          string // the Classify rule the case illustrates
		before, ident string
		after         string
		want          string
	}{
		{"1 word-part: \"invalid://\" contains lid://", "an inva", "lid://x", "", KindWordPart},
		{"1 word-part: Catalan invàlid:", "és invà", "lid:x", "", KindWordPart},
		{"1 word-part: digit", "x1", "lid:y", "", KindWordPart},
		{"1 word-part: dot", "net.", "lid:y", "", KindWordPart},
		{"2 url-host", "see http://", "lid:8080/x", "", KindURLHost},
		{"3 template: {host}", "t = \"", "lid://", "{host}/path\"", KindTemplate},
		{"3 template: %s", "fmt.Sprintf(\"", "lid://%s/show", "\", host)", KindTemplate},
		{"3 prefix: concatenation", "u = \"", "lid://", "\" + host", KindPrefix},
		{"3 prefix: startswith", "if url.startswith('", "lid://", "'):", KindPrefix},
		{"8 identifier: a parenthesis and a query are no regexp group (rfc2396 §3.4)", "see ", "lid://tv.example.com/show(1)?x=%zz", "", ""},
		{"3 prefix: the scheme alone in an ABNF literal (lid-00 Appendix A)", "lidURI = \"", "lid://", "\" authority", KindPrefix},
		{"8 identifier: the scheme alone as an attribute's value keeps LID004 (lid-00 §2)", "<a ref=\"", "lid://", "\">", ""},
		{"3 lid-00 quoted, not concatenated", "href=\"", "lid://xyz.com/a", "\">", ""},
		{"3 lid-00", "see ", "lid://xyz.com/myshow/episode100/george.html", ".", ""},
		{"3 lid-00, any case", "<a href=\"", "LID://XYZ.COM/A", "\">", ""},
		{"3 lid-00 after //", "// ", "lid://xyz.com/a", "", ""},
		{"4 prose-label: \"LID: Layer ID\" (RFC field label)", "\n   ", "LID:", " Layer ID", KindProseLabel},
		{"4 prose-label: X11 \"lid: LEASE\"", "[ 12.3] ", "lid:", " LEASE", KindProseLabel},
		{"4 prose-label: upper-case label", "port 1 ", "LID:0x0003", " state", KindProseLabel},
		{"4 prose-label: title case", "", "Lid:closed", "", KindProseLabel},
		{"5 chat-id: WhatsApp-style in quotes", `{"jid":"`, "lid:77", `"}`, KindChatID},
		{"5 chat-id: quote after", "from ", "lid:1234567890", "'", KindChatID},
		{"6 numeric-label: decimal", "sm ", "lid:3", " state active", KindNumericLabel},
		{"6 numeric-label: hex", "port ", "lid:0x1f", "", KindNumericLabel},
		{"7 code-key: object literal", "{id:1,", "lid:e.lid", "}", KindCodeKey},
		{"7 code-key: brace", "x={", "lid:foo", "}", KindCodeKey},
		{"8 opaque lid: an identifier of the newer scheme", "see ", "lid:rdfs:label/Person@en", "", ""},
		{"8 opaque lid after a comma and space", "a, ", "lid:Ab3xZ9", "", ""},
		{"not lid: not ours to judge", "", "urn:x:y", "", ""},
	} {
		ctx := rules.Context{Before: []byte(c.before), After: []byte(c.after)}
		if got := (&Checker{}).Classify(c.ident, ctx); got != c.want {
			t.Errorf("rule %s: Classify(%q, before %q, after %q) = %q, want %q", c.rule, c.ident, c.before, c.after, got, c.want)
		}
	}
}
