package urn

import (
	"strings"

	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/internal/ascii"
)

// urn:publicid (rfc3151 §2): SGML/XML public identifiers, transcribed.
var defPublicid = &NamespaceDef{
	NID: "publicid", Spec: "rfc3151 §2", Rules: []*rules.Rule{PublicIDTranscription},
	Checked: "the transcription: no \"++\", no leading or trailing \"+\" (whitespace normalized), no literal \"/\" or \"'\" (URN113)",
	Doc: "NSS (rfc3151 §2): a public identifier, whitespace-normalized (§1.1), then transcribed: space → \"+\", \"//\" → \":\", \"::\" → \";\", " +
		"and a literal + : / ; ' ? # % → %2B %3A %2F %3B %27 %3F %23 %25. PublicIDURN and PublicIDFromURN do the transcription both ways. " +
		"Equivalence: \"URNs are lexically equivalent if and only if they are lexically identical\" (rfc3151 §2), so ns_key = key.",
	check: checksPublicID,
}

// PublicIDTranscription: the NSS is not what rfc3151's transcription can produce.
var PublicIDTranscription = &rules.Rule{
	ID: "URN113", Name: "publicid-transcription", Scheme: "urn", Severity: rules.Error, Profiles: all,
	Spec:    "rfc3151 §2; §1.1",
	Summary: "The NSS of urn:publicid is not a transcribed, whitespace-normalized public identifier.",
	Doc: "Whitespace is normalized before transcription, so adjacent \"+\" and a leading or trailing \"+\" never occur (rfc3151 §2, §1.1); " +
		"a literal \"/\" is written %2F (\"//\" is \":\") and \"'\" is %27. A \"+\" often means a space: a literal plus is %2B.",
	Bad: "urn:publicid:-:OASIS:DTD++DocBook:EN\nurn:publicid:ISO/IEC+10179", Good: "urn:publicid:-:OASIS:DTD+DocBook+XML+V4.1.2:EN",
}

func checkPublicID(p *parser, start, end int) {
	s := p.s[start:end]
	switch {
	case strings.Contains(s, "++"):
		i := strings.Index(s, "++")
		p.add(PublicIDTranscription, start+i, start+i+2, `"++": whitespace is normalized to one space before transcription (rfc3151 §1.1)`)
	case s[0] == '+' || s[len(s)-1] == '+':
		p.add(PublicIDTranscription, start, end, `leading or trailing "+": whitespace is trimmed before transcription (rfc3151 §1.1)`)
	case strings.ContainsAny(s, "/'"):
		i := strings.IndexAny(s, "/'")
		p.add(PublicIDTranscription, start+i, start+i+1, ascii.CharName(s[i])+` must be transcribed as `+map[byte]string{'/': "%2F", '\'': "%27"}[s[i]]+` (rfc3151 §2)`)
	}
}

// PublicIDURN transcribes a public identifier into its urn:publicid URN
// (rfc3151 §2), normalizing its whitespace first (§1.1).
func PublicIDURN(pubid string) string {
	s := strings.Join(strings.FieldsFunc(pubid, func(r rune) bool { return r == ' ' || r == '\t' || r == '\r' || r == '\n' }), " ")
	var b strings.Builder
	b.WriteString("urn:publicid:")
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			b.WriteByte(':')
			i++
		case c == ':' && i+1 < len(s) && s[i+1] == ':':
			b.WriteByte(';')
			i++
		case c == ' ':
			b.WriteByte('+')
		case strings.IndexByte("+:/;'?#%", c) >= 0:
			b.WriteByte('%')
			b.WriteByte("0123456789ABCDEF"[c>>4])
			b.WriteByte("0123456789ABCDEF"[c&15])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// PublicIDFromURN is the inverse of PublicIDURN: the public identifier a
// urn:publicid URN names. It fails on another NID or a malformed escape.
func PublicIDFromURN(u string) (string, error) {
	if len(u) < 13 || !strings.EqualFold(u[:13], "urn:publicid:") {
		return "", &Error{Scheme: "urn", Input: u, Profile: RFC8141, Finding: rules.Finding{Rule: NotURN, Message: "not a urn:publicid URN"}}
	}
	s := u[13:]
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ':':
			b.WriteString("//")
		case ';':
			b.WriteString("::")
		case '+':
			b.WriteByte(' ')
		case '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return "", &Error{Scheme: "urn", Input: u, Profile: RFC8141, Finding: rules.Finding{Rule: BadPercent, Start: 13 + i, End: min(len(u), 13+i+3), Message: `"%" not followed by two hex digits`}}
			}
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}
