package reports

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/idlint/idlint/internal/termsafe"
	"github.com/idlint/idlint/lint"
)

// ParseJSON is one result of `idlint parse` in JSON.
type ParseJSON struct {
	Input     string            `json:"input"`
	Scheme    string            `json:"scheme"`
	Profile   string            `json:"profile"`
	Valid     bool              `json:"valid"`
	Canonical string            `json:"canonical"`
	Key       string            `json:"key"`
	NSKey     string            `json:"ns_key"`
	KeyLevel  string            `json:"key_level,omitempty"`
	Namespace string            `json:"namespace"`
	Forms     map[string]string `json:"forms,omitempty"` // XRI §2.2.4 normal forms
	Findings  []FindingJSON     `json:"findings"`
}

func parseJSON(o *lint.Occurrence) ParseJSON {
	return ParseJSON{o.Raw, o.Scheme, o.Profile, o.Valid(), o.Canonical, o.Key, o.NSKey, o.KeyLevel, o.Namespace, o.Forms, Findings(o)}
}

// WriteParse writes parse results as text, json (one array) or jsonl.
func WriteParse(w io.Writer, format string, results []lint.Occurrence) error {
	switch format {
	case "jsonl":
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		for i := range results {
			if err := enc.Encode(parseJSON(&results[i])); err != nil {
				return err
			}
		}
		_, err := w.Write(termsafe.JSON(b.Bytes()))
		return err
	case "json":
		out := make([]ParseJSON, len(results))
		for i := range results {
			out[i] = parseJSON(&results[i])
		}
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return err
		}
		_, err := w.Write(termsafe.JSON(b.Bytes()))
		return err
	case "text", "":
		for i := range results {
			o := &results[i]
			state := "valid"
			if !o.Valid() {
				state = "INVALID"
			}
			fmt.Fprintf(w, "%s\n  %s under %s %s\n  canonical: %s\n  key:       %s\n", safe(o.Raw), state, o.Scheme, o.Profile, safe(o.Canonical), safe(o.Key))
			if o.NSKey != "" && o.NSKey != o.Key {
				// the key after the namespace's own equivalence (issue 21)
				fmt.Fprintf(w, "  ns_key:    %s (%s equivalence)\n", safe(o.NSKey), o.KeyLevel)
			}
			if o.Namespace != "" {
				fmt.Fprintf(w, "  namespace: %s\n", safe(o.Namespace))
			}
			for _, k := range []string{"escaped", "iri", "anyuri", "uri"} {
				if v, ok := o.Forms[k]; ok {
					fmt.Fprintf(w, "  %-10s %s\n", k+":", safe(v))
				}
			}
			for _, f := range o.Findings {
				fmt.Fprintf(w, "  %s %s %s: %s (%s)\n", f.Severity, f.Rule.ID, f.Rule.Name, safe(f.Message), f.Rule.SpecFor(o.Profile))
			}
		}
		return nil
	}
	return fmt.Errorf("unknown format %q (want text, json or jsonl)", format)
}
