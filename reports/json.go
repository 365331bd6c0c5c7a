package reports

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/idlint/idlint/internal/termsafe"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
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
	NSKey       string         `json:"ns_key"`
	KeyLevel    string         `json:"key_level,omitempty"`
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
		Canonical: o.Canonical, Key: o.Key, NSKey: o.NSKey, KeyLevel: o.KeyLevel, Namespace: o.Namespace,
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
func Source(r *record.Source) SourceJSON {
	return SourceJSON{r.Source, r.Member, r.Format, r.CompressedBytes, r.Bytes, r.Occurrences, string(r.Status), r.Error,
		r.RecordID, r.TargetURI, r.RecordType, r.RecordOffset}
}

// jsonlRoom is the room a JSONL line is encoded into, flushed before
// when less is left.
const jsonlRoom = 4096

// The JSONL writer's buffer: 64 KiB when the source records share it
// (--sources - interleaves its lines at these flushes), 1 MiB when the
// occurrences are alone. Identifier-dense text writes ~6 bytes per byte
// read (issue 25): into a pipe, 64 KiB writes cost the writer and its
// reader more CPU and context switches than 1 MiB ones (bench/README.md).
const (
	jsonlShared = 64 << 10
	jsonlAlone  = 1 << 20
)

// JSONL writes one JSON object per occurrence to W and, when Sources is
// set, one per source record to it.
type JSONL struct {
	w, src   *bufio.Writer
	out      io.Writer     // under w
	sen      *json.Encoder // into sbuf
	sbuf     bytes.Buffer
	enc      occEncoder
	Clusters *Clusters // optional: aggregate as we go
}

// NewJSONL returns a JSON Lines sink; sources may be nil.
func NewJSONL(w, sources io.Writer) *JSONL {
	size := jsonlAlone
	if sources != nil {
		size = jsonlShared
	}
	j := &JSONL{w: bufio.NewWriterSize(w, size), out: w}
	if sources != nil {
		j.src = bufio.NewWriter(sources)
		j.sen = json.NewEncoder(&j.sbuf)
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
	if j.w.Available() < jsonlRoom {
		if err := j.w.Flush(); err != nil {
			return err
		}
	}
	b := append(j.enc.append(j.w.AvailableBuffer(), o), '\n')
	_, err := j.w.Write(b)
	return err
}

func (j *JSONL) Source(r *record.Source) error {
	if j.sen == nil {
		return nil
	}
	j.sbuf.Reset()
	if err := j.sen.Encode(Source(r)); err != nil {
		return err
	}
	_, err := j.src.Write(termsafe.JSON(j.sbuf.Bytes()))
	return err
}

// Finish flushes the output.
func (j *JSONL) Finish(Summary) error { return j.Flush() }

// Abort leaves what is still buffered unwritten (as it always has).
func (j *JSONL) Abort(error) {}

// Flush writes buffered output.
func (j *JSONL) Flush() error {
	if j.src != nil {
		if err := j.src.Flush(); err != nil {
			return err
		}
	}
	return j.w.Flush()
}

// JSON writes the single document of `idlint scan --format json`:
//
//	{"occurrences": [...], "clusters": [...], "sources": [...], "summary": {...}}
//
// indented as json.MarshalIndent(doc, "", "  ") indents it. Occurrences
// are written as they come, clusters and sources at the end (sources kept
// as compact JSON meanwhile): the document is never held in memory, which
// for 2 M occurrences took 3 GB and 20 s.
type JSON struct {
	w        *bufio.Writer
	enc      occEncoder
	n        int    // occurrences written
	buf      []byte // scratch
	sources  []byte // each source's compact JSON, one after another
	ends     []int  // where each ends in sources
	clusters *Background
	ind      *indenter
	cbuf     bytes.Buffer
	cenc     *json.Encoder // into cbuf, without HTML escapes as occurrences
}

// NewJSON returns a sink writing the document to w; Finish ends it, or
// Abort when the run failed (the document is then cut short, as JSON
// Lines output is: not valid JSON, which a consumer notices).
func NewJSON(w io.Writer) *JSON {
	j := &JSON{w: bufio.NewWriterSize(w, 1<<16), clusters: NewBackground(), ind: newIndenter(jsonElem, jsonIndent)}
	j.cenc = json.NewEncoder(&j.cbuf)
	j.cenc.SetEscapeHTML(false)
	j.w.WriteString("{\n" + jsonIndent + `"occurrences": [`)
	return j
}

// compact encodes v as compact JSON (encoding/json, no HTML escapes).
func (j *JSON) compact(v any) ([]byte, error) {
	j.cbuf.Reset()
	if err := j.cenc.Encode(v); err != nil {
		return nil, err
	}
	return termsafe.JSON(bytes.TrimSuffix(j.cbuf.Bytes(), []byte("\n"))), nil
}

const (
	jsonIndent = "  "
	jsonElem   = jsonIndent + jsonIndent // an array element's lines in the document
)

func (j *JSON) Occurrence(o *lint.Occurrence) error {
	j.clusters.Add(o)
	j.elem(j.n)
	j.buf = j.enc.append(j.buf[:0], o)
	j.n++
	return j.indent()
}

func (j *JSON) Source(r *record.Source) error {
	b, err := j.compact(Source(r))
	if err != nil {
		return err
	}
	j.sources = append(j.sources, b...)
	j.ends = append(j.ends, len(j.sources))
	return nil
}

// elem starts the i-th element of an array.
func (j *JSON) elem(i int) {
	if i > 0 {
		j.w.WriteByte(',')
	}
	j.w.WriteString("\n" + jsonElem)
}

// indent writes the compact JSON in buf as an indented array element.
func (j *JSON) indent() error {
	if j.w.Available() < 2*len(j.buf)+64 {
		if err := j.w.Flush(); err != nil {
			return err
		}
	}
	_, err := j.w.Write(j.ind.append(j.w.AvailableBuffer(), j.buf))
	return err
}

// end closes an array of n elements.
func (j *JSON) end(n int) {
	if n == 0 {
		j.w.WriteString("]")
		return
	}
	j.w.WriteString("\n" + jsonIndent + "]")
}

// Abort ends the sink without ending the document (see NewJSON).
func (j *JSON) Abort(error) {
	j.clusters.Wait().Release() // stops its goroutine, removes spilled runs
	j.w.Flush()
}

// Finish writes the clusters, sources and summary and ends the document.
func (j *JSON) Finish(s Summary) error {
	j.end(j.n)
	j.w.WriteString(",\n" + jsonIndent + `"clusters": [`)
	k := 0
	cs := j.clusters.Wait()
	err := cs.Each(func(c *Cluster) error {
		j.elem(k)
		k++
		b, err := j.compact(c)
		if err != nil {
			return err
		}
		j.buf = append(j.buf[:0], b...)
		return j.indent()
	})
	if err != nil {
		return err
	}
	j.end(k)
	j.w.WriteString(",\n" + jsonIndent + `"sources": [`)
	start := 0
	for i, e := range j.ends {
		j.elem(i)
		j.buf = append(j.buf[:0], j.sources[start:e]...)
		start = e
		if err := j.indent(); err != nil {
			return err
		}
	}
	j.end(len(j.ends))
	b, err := j.compact(SummaryOf(s, cs.Len()))
	if err != nil {
		return err
	}
	j.w.WriteString(",\n" + jsonIndent + `"summary": `)
	j.w.Write(appendIndented(nil, b, jsonIndent, jsonIndent))
	j.w.WriteString("\n}\n")
	return j.w.Flush()
}

// appendIndented appends compact JSON src (no space outside strings, as
// encoding/json and AppendOccurrence write it) indented as json.Indent
// does: each element on a line of its own, prefix then indent per level;
// ": " after keys; empty objects and arrays kept as {} and []. A loop
// over bytes where json.Indent runs its full scanner (several times
// slower on the megabytes a large document is).
func appendIndented(dst, src []byte, prefix, indent string) []byte {
	return newIndenter(prefix, indent).append(dst, src)
}

// indenter is appendIndented with its line starts made once: "\n", the
// prefix and the indent for each depth, as prefixes of one string.
type indenter struct {
	pads             string
	prefix, indent   string
	prefixN, indentN int
}

const indenterDepth = 16 // depths beyond are made when met

func newIndenter(prefix, indent string) *indenter {
	return &indenter{pads: "\n" + prefix + strings.Repeat(indent, indenterDepth),
		prefix: prefix, indent: indent, prefixN: len(prefix), indentN: len(indent)}
}

func (in *indenter) newline(dst []byte, depth int) []byte {
	if depth <= indenterDepth {
		return append(dst, in.pads[:1+in.prefixN+depth*in.indentN]...)
	}
	dst = append(dst, '\n')
	dst = append(dst, in.prefix...)
	for range depth {
		dst = append(dst, in.indent...)
	}
	return dst
}

func (in *indenter) append(dst, src []byte) []byte {
	depth := 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case '"':
			// copy the string through its closing quote: the next quote
			// not escaped (after an even run of backslashes)
			k := i + 1
			for {
				q := bytes.IndexByte(src[k:], '"')
				if q < 0 {
					k = len(src)
					break
				}
				k += q
				bs := 0
				for src[k-1-bs] == '\\' {
					bs++
				}
				if bs%2 == 0 {
					break
				}
				k++
			}
			dst = append(dst, src[i:min(k+1, len(src))]...)
			i = k
		case '{', '[':
			if i+1 < len(src) && (src[i+1] == '}' || src[i+1] == ']') {
				dst = append(dst, c, src[i+1])
				i++
				continue
			}
			depth++
			dst = append(dst, c)
			dst = in.newline(dst, depth)
		case '}', ']':
			depth--
			dst = in.newline(dst, depth)
			dst = append(dst, c)
		case ',':
			dst = append(dst, ',')
			dst = in.newline(dst, depth)
		case ':':
			dst = append(dst, ':', ' ')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// FindingColumn is the 1-based column of a finding: the identifier's
// column plus the characters before the finding's start.
func FindingColumn(o *lint.Occurrence, f *rules.Finding) int {
	return o.Column + utf8.RuneCountInString(o.Raw[:min(f.Start, len(o.Raw))])
}
