package reports

import (
	"strconv"
	"unicode/utf8"

	"github.com/idlint/idlint/lint"
)

// AppendOccurrence appends the JSON Lines object of o (without newline) to
// b, byte for byte what encoding/json writes for Occurrence(o) with HTML
// escaping off, without reflection or per-field allocation: JSON output is
// on the hot path of `idlint scan --format jsonl`.
func AppendOccurrence(b []byte, o *lint.Occurrence) []byte {
	b = append(b, `{"source":`...)
	b = appendString(b, o.Source)
	b = append(b, `,"member":`...)
	b = appendString(b, o.Member)
	if o.RecordID != "" {
		b = append(b, `,"record_id":`...)
		b = appendString(b, o.RecordID)
	}
	if o.TargetURI != "" {
		b = append(b, `,"target_uri":`...)
		b = appendString(b, o.TargetURI)
	}
	b = append(b, `,"offset":`...)
	b = strconv.AppendInt(b, o.Offset, 10)
	b = append(b, `,"line":`...)
	b = strconv.AppendInt(b, int64(o.Line), 10)
	b = append(b, `,"column":`...)
	b = strconv.AppendInt(b, int64(o.Column), 10)
	b = append(b, `,"scheme":`...)
	b = appendString(b, o.Scheme)
	b = append(b, `,"profile":`...)
	b = appendString(b, o.Profile)
	b = append(b, `,"raw":`...)
	b = appendString(b, o.Raw)
	b = append(b, `,"valid":`...)
	b = strconv.AppendBool(b, o.Valid())
	b = append(b, `,"canonical":`...)
	b = appendString(b, o.Canonical)
	b = append(b, `,"key":`...)
	b = appendString(b, o.Key)
	b = append(b, `,"namespace":`...)
	b = appendString(b, o.Namespace)
	b = append(b, `,"rules":[`...)
	for i := range o.Findings {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, o.Findings[i].Rule.ID)
	}
	b = append(b, `],"max_severity":`...)
	b = appendString(b, o.MaxSeverity().String())
	if o.Truncated {
		b = append(b, `,"truncated":true`...)
	}
	if o.Kind != "" {
		b = append(b, `,"kind":`...)
		b = appendString(b, o.Kind)
	}
	b = append(b, `,"findings":[`...)
	for i := range o.Findings {
		f := &o.Findings[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"rule":`...)
		b = appendString(b, f.Rule.ID)
		b = append(b, `,"name":`...)
		b = appendString(b, f.Rule.Name)
		b = append(b, `,"severity":`...)
		b = appendString(b, f.Severity.String())
		b = append(b, `,"message":`...)
		b = appendString(b, f.Message)
		b = append(b, `,"spec":`...)
		b = appendString(b, f.Rule.SpecFor(o.Profile))
		b = append(b, `,"start":`...)
		b = strconv.AppendInt(b, int64(f.Start), 10)
		b = append(b, `,"end":`...)
		b = strconv.AppendInt(b, int64(f.End), 10)
		b = append(b, '}')
	}
	return append(b, "]}"...)
}

const hexDigits = "0123456789abcdef"

// appendString quotes s as encoding/json does with SetEscapeHTML(false):
// ", \\ and controls escaped (\b \f \n \r \t by name), invalid UTF-8 as
// \ufffd, U+2028 and U+2029 as \u2028 and \u2029.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
