package lookalike

import (
	"testing"

	"github.com/idlint/idlint/extract"
	"github.com/idlint/idlint/rules"
)

// issue 19 §4 (prefix) and the wrapped class: one case per rule of
// Trailing and the contexts each must leave alone. Contexts are copied
// from the files named (the RFC series, Debian packages of the evaluation
// set in bench/precision/README.md).
func TestTrailing(t *testing.T) {
	for _, c := range []struct {
		name, before, ident, after string
		want                       string
	}{
		{"1 fold after a trimmed ':' (rfc9944, RFC 8792 §7.1)", "\"location\" : \"/v2/Schemas/", "urn:ietf:params:scim:schemas", ":\\\n      extension:ble:2.0:Devic", KindWrapped},
		{"1 fold, the next line goes on (rfc9944)", "\"/v2/Schemas/", "urn:ietf:params:scim:schemas:extension", "\\\n   :zigbee:2.0:Devic", KindWrapped},
		{"1 fold, two-backslash strategy goes on (RFC 8792 §8)", "   ", "urn:ietf:params:xml:ns:yang:ietf", "\\\r\n   \\-interfaces\\\n", KindWrapped},
		{"1 fold, the next line indented past the context (rfc9944 §7, issue 19)", "\"location\" : \"/v2/Schemas/", "urn:ietf:params:scim:schemas:extension", "\\\n                              ", KindWrapped},
		{"1 a fold at the text's end, nothing after it (issue 19)", "  ", "urn:a:b:c", "\\\n   ", ""},
		{"1 not a fold: the next line is markup (rfc8040)", "        ", "urn:ietf:params:restconf:capability:depth:1.0", "\\\n       </capability>", ""},
		{"1 not a fold: two-backslash, then markup (rfc8792)", "  \\", "urn:ietf:params:xml:ns:yang:ietf-interfaces", "\\\n         \\</namespace>", ""},
		{"1 not a fold but 8: an escape inside a line (Perl)", "\"", "xri://", "\\$xrds\"", KindEscaped},
		{"2 a hyphen at a line's end (rfc5141)", "      ", "urn:iso:std:iso:9999:-1:ed-2:en:amd:1:term:3.2,3.3,3.4.1-", "\n      3.4.4", KindWrapped},
		{"2 a hyphen at a line's end, CRLF", "", "urn:x:a-", "\r\n", KindWrapped},
		{"3 table cell, trimmed ':' (rfc7643 §10.2)", "   | ", "urn:ietf:params:scim:schemas", ":     | User Resource   | See", KindWrapped},
		{"3 table cell, trimmed ':' then one space (rfc4741)", "   | :validate          | ", "urn:ietf:params:netconf:capability:validate", ": |\n", KindWrapped},
		{"3 table cell ending in '-'", "| ", "urn:ietf:params:xml:ns:yang:ietf-", "   |", KindWrapped},
		{"3 table cell with no space after '|' (rfc9404 §9.2)", "   |Identity        |No   |Yes    |", "urn:ietf:params:jmap", ":    |[RFC8621]|", KindWrapped},
		{"3b the next row goes on at the cell's column (rfc4741 §10.3, issue 19)", "\n   | :candidate         | ", "urn:ietf:params:netconf:capability:candidate", " |\n   |                    | :1.0", KindWrapped},
		{"3b the next row goes on with '-' (rfc4741 §10.3, issue 19)", "\n   | :confirmed-commit  | ", "urn:ietf:params:netconf:capability:confirmed", " |\n   |                    | -commit", KindWrapped},
		{"3b not wrapped: the next row's cell is empty there (rfc6110)", "\n     | nc     | ", "urn:ietf:params:xml:ns:netconf:base:1.0", "             |\n     |        |    ", ""},
		{"3b not wrapped: the next row holds its own text (rfc9039)", "\n   | ", "urn:dev:org:32473-foo", "                   | An organization-        |", ""},
		{"3 not a cell: a whole identifier in one (rfc7643)", "   | ", "urn:ietf:params:scim:schemas:core:2.0:User", " | User", ""},
		{"3 not a cell: no '|' before (rfc5141 §4)", "      ", "urn:iso:std:iso:9999:-1:ed-1:en", ": corresponds to", ""},
		{"4 NUL after ':' (minidlnad)", "\x00\x00\x00", "urn:schemas-upnp-org:device:MediaServer", ":\x00\x00\x00urn:schemas", KindPrefix},
		{"4 '</' after ':' (docbook-xsl epub/docbook.xsl)", "        <xsl:text>", "urn:issn", ":</xsl:text>\n", KindPrefix},
		{"4 ',' after ':' (rfc5285)", "      the form ", "urn:ietf:params:rtp-hdrext", ":, and the formal", KindPrefix},
		{"4 ')' after ':' (rfc3188)", "namespace \"st\" (e.g., ", "urn:nbn:fi:st", ":).  The Finnish", KindPrefix},
		{"4 not after a sentence's ':' and a space", "see ", "urn:x:y", ": the rest", ""},
		{"4 no trimmed ':', NUL after (a whole C string)", "\x00", "urn:schemas-upnp-org:service:ConnectionManager:1", "\x00\x00", ""},
		{"4 no trimmed ':', '</' after (element content)", "<id>", "urn:x:y", "</id>", ""},
		{"5 a line of its own, a blank line after (rfc6087 §5)", "YANG modules:\n\n   ", "urn:ietf:params:xml:ns:yang", ":\n\n   The following", KindPrefix},
		{"5 a line of its own at the text's end", "\n   ", "urn:ietf:params:xml:ns:yang", ":\n", KindPrefix},
		{"5 not a line of its own: a sentence's ':' before a blank line", "the namespace is ", "urn:ietf:params:xml:ns:yang:foo", ":\n\n   <x/>", ""},
		{"6 wrapped: a docstring (pysaml2 timesync.py)", "    \"\"\"The ", "urn:oasis:names:tc:SAML:2.0:ac:classes:TimeSyncToken", ":\n    PhysicalVerification element", KindWrapped},
		{"6 wrapped: rfc3085 §5", "   ", "urn:newsml:reuters.com:20000206", ":\n              IIMFFH05643_2000-02-06", KindWrapped},
		{"6 wrapped: rfc6120 §13.7.1.4", "otherName:", "urn:oid", ":\n      1.3.6.1.5.5.7.8.5;UTF8:juliet", KindWrapped},
		{"6 not wrapped: a YAML key, then a key (rfc9944)", "           ", "urn:ietf:params:scim:schemas:extension:ble:2.0:Device", ":\n             $ref: '#/comp", ""},
		{"6 not wrapped: a new identifier on the next line", "is ", "urn:x:y", ":\n      urn:x:y:z and more", ""},
		{"6 not wrapped: a lower-case word of prose", "see ", "urn:x:y", ":\n   the rest of it", ""},
		{"6 not told: lower-case letters up to the context's end", "", "urn:x:y", ":\n   abcdefghijklmnopqrstuvwxyzabcd", ""},
		{"7 a line broken before ':' (rfc7590 §1)", "offer a stream feature of <starttls xmlns='", "urn:ietf:params:xml:ns", "\n   :xmpp-tls'/>.  Although", KindWrapped},
		{"7 CRLF and no indentation", "", "urn:ietf:params:xml:ns", "\r\n:xmpp-tls", KindWrapped},
		{"7 a line broken between percent-encoded octets (rfc9676 §3.4, rfc3986 §2.1)", "      - UTF-8: ", "urn:lex:ru:%D1%81%D0%BE%D1%81%D1%82%D0%BE%D1", "\n               %8F%D0%BD%D0%B8%D0%B5:%D0", KindWrapped},
		{"7 not a percent escape: a percentage on the next line", "   ", "urn:x:y", "\n   %zz of the", ""},
		{"7 a line broken with no sign, the next word aligned under the candidate and holding ':' (rfc9676 §2, issue 19)", "\n      - Unicode: ", "urn:lex:ru:U+0441U+043EU+0441U+0442U+043EU+044FU+043D", "\n                 U+0438U+0435:U+0437U+0430:...", KindWrapped},
		{"7 not wrapped: the aligned word ends with its ':' (a label)", "\n      - Unicode: ", "urn:x:y", "\n                 Note: the", ""},
		{"7 not wrapped: the candidate starts its line, the next line is its sibling", "\n   ", "urn:x:y", "\n   urn:a:b", ""},
		{"7 not wrapped: a sibling URN aligned under it (rfc3044 §3)", "\n         examples ", "urn:ISSN:0259-000X", "\n                  urn:ISSN:1560-1560\n", ""},
		{"7 not wrapped: the next word is not aligned under the candidate", "\n      - Unicode: ", "urn:x:y", "\n      a:b", ""},
		{"7 a line broken before '@' aligned under the candidate (rfc9676 §2, issue 19)", "form:\n\n      ", "urn:lex:eu:tribunal.justicia:sentencia:2009-06-11;33-08", "\n      @original:es$juradmin.eu;j", KindWrapped},
		{"7 not wrapped: '@' at another column (a Java annotation after a comment)", "    // see ", "urn:x:y", "\n    @Override\n    pub", ""},
		{"7 not wrapped: '@' at the margin (issue 19)", "\n", "urn:x:y", "\n@media screen", ""},
		{"7 a line broken before '-' (rfc5629 §A.1)", "sip:bob@example.com;gr=", "urn:uuid:f81d4fae", "\n   -7dec-11d0-a765-00a0c91e6bf6>", KindWrapped},
		{"7 a line broken before '-' (rfc9944 §7.3)", "                 - ", "urn:ietf:params:scim:schemas:extension:fido-device", "\n                    -onboard:2.0", KindWrapped},
		{"7 a line broken before '.' and a digit (pysaml2 md.py)", "    \"\"\"The ", "urn:oasis:names:tc:SAML:2", "\n    .0:metadata:AttributeAuth", KindWrapped},
		{"7 not wrapped: a YAML list item on the next line", "", "urn:x:y", "\n  - urn:x:z", ""},
		{"7 not wrapped: a roff request on the next line", "", "urn:x:y", "\n.SH NAME", ""},
		{"7 not wrapped: a label's ':' and a space on the next line", "", "urn:x:y", "\n   : the rest", ""},
		{"7 not wrapped: a list goes on on the next line (rfc3731)", "xsi:schemaLocation=\"", "urn:ietf:params:xml:ns:domain-1.0", "\n   domain-1.0.xsd\">", ""},
		{"8 roff's \\- in a man page (gcloud man pages)", "Defaults to\n", "urn:ietf:params:oauth:token", "\\-type:id_token.\n", KindEscaped},
		{"8 Perl's \\$", "\"", "urn:x:a", "\\$b\"", KindEscaped},
		{"8 not escaped: a backslash before a letter (a path)", "C:", "urn:x:a", "\\b", ""},
		{"8 not escaped: roff's \\- then a space", "", "urn:x:a", "\\- b", ""},
		{"no context after", "", "urn:x:y", "", ""},
		{"a sentence's end", "", "urn:x:y", ".\n", ""},
	} {
		ctx := rules.Context{Before: []byte(c.before), After: []byte(c.after)}
		if got := Trailing(c.ident, ctx); got != c.want {
			t.Errorf("%s: Trailing(%q, before %q, after %q) = %q, want %q", c.name, c.ident, c.before, c.after, got, c.want)
		}
	}
}

// The rules that read "the context ends here" trust ContextBytes to be
// what the scanner gives (extract's stream and buffer paths).
func TestContextBytesIsTheScanners(t *testing.T) {
	if ContextBytes != extract.ContextBytes {
		t.Fatalf("lookalike.ContextBytes %d, extract.ContextBytes %d", ContextBytes, extract.ContextBytes)
	}
}
