package reports

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"

	"github.com/idlint/idlint/lint"
)

// FindingKey names a finding without its line or column (issue 20 §4, §6):
// the rule, the file (and archive member chain), the identifier's
// equivalence key and the finding's index among the equal ones (same rule,
// path, member and key) before it in that file. An edit elsewhere in the
// file leaves it unchanged. It is a baseline entry, and its Fingerprint is
// the SARIF partialFingerprints value and the GitLab fingerprint.
type FindingKey struct {
	Rule   string `json:"rule"`
	Path   string `json:"path"` // slash-separated, relative to a base directory
	Member string `json:"member,omitempty"`
	Key    string `json:"key"`
	Index  int    `json:"index"`
}

// FingerprintName is the partialFingerprints property SARIF output
// carries the fingerprint under; the version changes with the key.
const FingerprintName = "idlint/v1"

// Fingerprint hashes the key: 32 hex digits of its SHA-256.
func (k FindingKey) Fingerprint() string {
	h := sha256.New()
	for _, s := range []string{FingerprintName, k.Rule, k.Path, k.Member, k.Key, strconv.Itoa(k.Index)} {
		h.Write([]byte(s))
		h.Write([]byte{0}) // fields cannot run into each other
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// RelPath is source as a FindingKey's path: relative to base (a directory,
// absolute) when base is set, slash-separated; stdin ("-") stays "-".
func RelPath(base, source string) string {
	if source == "-" {
		return source
	}
	if base != "" {
		if abs, err := filepath.Abs(source); err == nil {
			if r, err := filepath.Rel(base, abs); err == nil {
				return filepath.ToSlash(r)
			}
			return filepath.ToSlash(abs)
		}
	}
	return slashPath(source)
}

// Numbering gives each finding its FindingKey, counting equal ones as
// they come. Sinks receive occurrences in input order, the same for any
// -j, so the indexes are too. Not safe for concurrent use.
type Numbering struct {
	Base string // directory paths are made relative to (RelPath)
	seen map[FindingKey]int
	// the last source's relative path, computed once per source
	lastSource, lastPath string
	keys                 []FindingKey
	fps                  []string
}

// NewNumbering returns a numbering with paths relative to base.
func NewNumbering(base string) *Numbering {
	return &Numbering{Base: base, seen: map[FindingKey]int{}}
}

// Keys numbers o's findings, one key each in finding order; the slice is
// reused by the next call.
func (n *Numbering) Keys(o *lint.Occurrence) []FindingKey {
	if n.seen == nil {
		n.seen = map[FindingKey]int{}
	}
	if o.Source != n.lastSource || n.lastPath == "" {
		n.lastSource, n.lastPath = o.Source, RelPath(n.Base, o.Source)
	}
	key := o.Key
	if key == "" {
		key = o.Raw // findings without an equivalence key (an internal error)
	}
	n.keys = n.keys[:0]
	for i := range o.Findings {
		k := FindingKey{Rule: o.Findings[i].Rule.ID, Path: n.lastPath, Member: o.Member, Key: key} // Index 0: the counter's key
		idx := n.seen[k]
		n.seen[k] = idx + 1
		k.Index = idx
		n.keys = append(n.keys, k)
	}
	return n.keys
}

// Fingerprints returns o's fingerprints, one per finding: those o carries
// when a sink before this one numbered them (the baseline, which sees the
// findings it then holds back), else numbered here. The slice is reused.
func (n *Numbering) Fingerprints(o *lint.Occurrence) []string {
	if len(o.Fingerprints) == len(o.Findings) && len(o.Findings) > 0 {
		return o.Fingerprints
	}
	n.fps = n.fps[:0]
	for _, k := range n.Keys(o) {
		n.fps = append(n.fps, k.Fingerprint())
	}
	return n.fps
}

// WorkDir is the current directory, the base of fingerprint paths ("" when
// it cannot be told: paths are then kept as given).
func WorkDir() string {
	d, err := os.Getwd()
	if err != nil {
		return ""
	}
	return d
}
