package termsafe

import (
	"bytes"
	"encoding/json"
	"testing"
)

// Hostile names and identifiers (issue 24 §6) come out with no control,
// C1 or bidi character, as visible escapes; safe text is unchanged, and
// escaping twice changes nothing.
func TestString(t *testing.T) {
	for _, c := range []struct{ in, want, text string }{
		{"plain urn:isbn:0451450523 é 日本 😀", "plain urn:isbn:0451450523 é 日本 😀", ""},
		{`back\slash C:\x1b`, `back\slash C:\x1b`, ""},
		{"a\x1b]0;pwned\ab", `a\x1b]0;pwned\ab`, ""}, // window title (OSC 0, BEL)
		{"\x1b[2J\x1b[H", `\x1b[2J\x1b[H`, ""},       // clear screen
		{"x\ry", `x\ry`, ""},                         // overwrite the line
		{"t\tn\nend", `t\tn\nend`, "t\tn\nend"},      // Text keeps the layout
		{"nul\x00del\x7f", `nul\x00del\x7f`, ""},     // C0, DEL
		{"c1\u009b31m", `c1\u009b31m`, ""},           // CSI as a C1 character
		{"urn:x:a\u202eb", `urn:x:a\u202eb`, ""},     // right-to-left override
		{"\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u202a", `\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u202a`, ""},
		{"ls\u2028ps\u2029", `ls\u2028ps\u2029`, ""},
		{"bad\xff\xc2utf8", `bad\xff\xc2utf8`, ""},     // not UTF-8
		{"\u200b zero width", "\u200b zero width", ""}, // shown (an editor shows it), not acted on
	} {
		got := String(c.in)
		if got != c.want {
			t.Errorf("String(%q) = %q, want %q", c.in, got, c.want)
		}
		if again := String(got); again != got {
			t.Errorf("String(String(%q)) = %q, want %q", c.in, again, got)
		}
		if string(Append([]byte("p:"), c.in)) != "p:"+c.want {
			t.Errorf("Append(%q) differs from String", c.in)
		}
		text := c.text
		if text == "" {
			text = c.want
		}
		if got := Text(c.in); got != text {
			t.Errorf("Text(%q) = %q, want %q", c.in, got, text)
		}
		var b bytes.Buffer
		if n, err := Writer(&b).Write([]byte(c.in)); n != len(c.in) || err != nil || b.String() != text {
			t.Errorf("Writer(%q): %q, %d, %v; want %q", c.in, b.String(), n, err, text)
		}
		if i := Index(got); i >= 0 {
			t.Errorf("String(%q) = %q holds a raw control at %d", c.in, got, i)
		}
	}
}

// JSON \u-escapes what encoding/json leaves raw, and decodes to the same
// strings (issue 24 §6).
func TestJSON(t *testing.T) {
	for _, s := range []string{"plain", "del\x7f", "c1\u009b31m", "bidi\u202e\u2066\u061c\u200f", "é 日本 \u200b", "ctl\x1b\n"} {
		raw, err := json.Marshal(map[string]string{"k": s})
		if err != nil {
			t.Fatal(err)
		}
		got := JSON(raw)
		if i := Index(string(got)); i >= 0 {
			t.Errorf("JSON(%q) = %s holds a raw control", s, got)
		}
		var back map[string]string
		if err := json.Unmarshal(got, &back); err != nil || back["k"] != s {
			t.Errorf("JSON(%q) = %s decodes to %q, %v", s, got, back["k"], err)
		}
	}
}
