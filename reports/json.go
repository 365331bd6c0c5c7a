package reports

import (
	"bufio"
	"encoding/json"
	"io"
	"unicode/utf8"

	"github.com/idlint/idlint/corpus"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/rules"
)

// FindingJSON is a finding as machine output shows it.
type FindingJSON struct {
	Rule     string         `json:"rule"`
	Name     string         `json:"name"`
	Severity rules.Severity `json:"severity"`
	Message  string         `json:"message"`
	Spec     string         `json:"spec"`
	Start    int            `json:"start"` // byte offset within the identifier
	End      int            `json:"end"`
}

// OccurrenceJSON is one line of `idlint scan --format jsonl`.
type OccurrenceJSON struct {
	Source      string         `json:"source"`
	Member      string         `json:"member"`
	RecordID    string         `json:"record_id,omitempty"`
	TargetURI   string         `json:"target_uri,omitempty"`
	Offset      int64          `json:"offset"`
	Line        int            `json:"line"`
	Column      int            `json:"column"`
	Scheme      string         `json:"scheme"`
	Profile     string         `json:"profile"`
	Raw         string         `json:"raw"`
	Valid       bool           `json:"valid"`
	Canonical   string         `json:"canonical"`
	Key         string         `json:"key"`
	Namespace   string         `json:"namespace"`
	Rules       []string       `json:"rules"`
	MaxSeverity rules.Severity `json:"max_severity"`
	Truncated   bool           `json:"truncated,omitempty"`
	Kind        string         `json:"kind,omitempty"` // look-alike kind, with --include-lookalikes
	Findings    []FindingJSON  `json:"findings"`
}

// Findings converts findings for JSON output.
func Findings(o *lint.Occurrence) []FindingJSON {
	out := make([]FindingJSON, len(o.Findings))
	for i, f := range o.Findings {
		out[i] = FindingJSON{f.Rule.ID, f.Rule.Name, f.Severity, f.Message, f.Rule.SpecFor(o.Profile), f.Start, f.End}
	}
	return out
}

// Occurrence converts an occurrence for JSON output.
func Occurrence(o *lint.Occurrence) OccurrenceJSON {
	return OccurrenceJSON{
		Source: o.Source, Member: o.Member, RecordID: o.RecordID, TargetURI: o.TargetURI,
		Offset: o.Offset, Line: o.Line, Column: o.Column,
		Scheme: o.Scheme, Profile: o.Profile, Raw: o.Raw, Valid: o.Valid(),
		Canonical: o.Canonical, Key: o.Key, Namespace: o.Namespace,
		Rules: o.RuleIDs(), MaxSeverity: o.MaxSeverity(), Truncated: o.Truncated, Kind: o.Kind,
		Findings: Findings(o),
	}
}

// SourceJSON is one line of the --sources file.
type SourceJSON struct {
	Source          string `json:"source"`
	Member          string `json:"member"`
	Format          string `json:"format"`
	CompressedBytes int64  `json:"compressed_bytes"`
	Bytes           int64  `json:"bytes"`
	Occurrences     int    `json:"occurrence_count"`
	Status          string `json:"status"`
	Error           string `json:"error,omitempty"`
	RecordID        string `json:"record_id,omitempty"`
	TargetURI       string `json:"target_uri,omitempty"`
	RecordType      string `json:"record_type,omitempty"`
	RecordOffset    int64  `json:"record_offset,omitempty"`
}

// Source converts a source record for JSON output.
func Source(r *corpus.SourceRecord) SourceJSON {
	return SourceJSON{r.Source, r.Member, r.Format, r.CompressedBytes, r.Bytes, r.Occurrences, string(r.Status), r.Error,
		r.RecordID, r.TargetURI, r.RecordType, r.RecordOffset}
}

// JSONL writes one JSON object per occurrence to W and, when Sources is
// set, one per source record to it.
type JSONL struct {
	w, src   *bufio.Writer
	sen      *json.Encoder
	enc      occEncoder
	Clusters *Clusters // optional: aggregate as we go
}

// NewJSONL returns a JSON Lines sink; sources may be nil.
func NewJSONL(w, sources io.Writer) *JSONL {
	j := &JSONL{w: bufio.NewWriterSize(w, 1<<16)}
	if sources != nil {
		j.src = bufio.NewWriter(sources)
		j.sen = json.NewEncoder(j.src)
		j.sen.SetEscapeHTML(false)
	}
	return j
}

func (j *JSONL) Occurrence(o *lint.Occurrence) error {
	if j.Clusters != nil {
		j.Clusters.Add(o)
	}
	// encoded straight into the writer's buffer when it has room (bufio's
	// AvailableBuffer idiom), not into ours and then copied
	if j.w.Available() < 4096 {
		if err := j.w.Flush(); err != nil {
			return err
		}
	}
	b := append(j.enc.append(j.w.AvailableBuffer(), o), '\n')
	_, err := j.w.Write(b)
	return err
}

func (j *JSONL) Source(r *corpus.SourceRecord) error {
	if j.sen == nil {
		return nil
	}
	return j.sen.Encode(Source(r))
}

// Flush writes buffered output.
func (j *JSONL) Flush() error {
	if j.src != nil {
		if err := j.src.Flush(); err != nil {
			return err
		}
	}
	return j.w.Flush()
}

// Report is the single document of `idlint scan --format json`.
type Report struct {
	Occurrences []OccurrenceJSON `json:"occurrences"`
	Clusters    []*Cluster       `json:"clusters"`
	Sources     []SourceJSON     `json:"sources"`
}

// JSON collects everything and writes one document at the end; for runs
// whose results fit in memory (use jsonl for large ones).
type JSON struct {
	r        Report
	clusters *Clusters
}

func NewJSON() *JSON { return &JSON{clusters: NewClusters()} }

func (j *JSON) Occurrence(o *lint.Occurrence) error {
	j.clusters.Add(o)
	j.r.Occurrences = append(j.r.Occurrences, Occurrence(o))
	return nil
}

func (j *JSON) Source(r *corpus.SourceRecord) error {
	j.r.Sources = append(j.r.Sources, Source(r))
	return nil
}

// WriteTo writes the document.
func (j *JSON) WriteTo(w io.Writer) (int64, error) {
	j.r.Clusters = j.clusters.List()
	if j.r.Occurrences == nil {
		j.r.Occurrences = []OccurrenceJSON{}
	}
	if j.r.Sources == nil {
		j.r.Sources = []SourceJSON{}
	}
	b, err := json.MarshalIndent(j.r, "", "  ")
	if err != nil {
		return 0, err
	}
	b = append(b, '\n')
	n, err := w.Write(b)
	return int64(n), err
}

// FindingColumn is the 1-based column of a finding: the identifier's
// column plus the characters before the finding's start.
func FindingColumn(o *lint.Occurrence, f *rules.Finding) int {
	return o.Column + utf8.RuneCountInString(o.Raw[:min(f.Start, len(o.Raw))])
}
