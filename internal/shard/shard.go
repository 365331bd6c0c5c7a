// Package shard is what a sharded run knows of itself (issue 23): the
// normalized path a shard assignment hashes, the run's metadata and its
// completion marker (DONE.json), and the checks a merge makes of the
// shards it is given before it combines them.
package shard

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/idlint/idlint/internal/atomicfile"
)

// DoneFile is the completion marker a report directory gets last.
const DoneFile = "DONE.json"

// Meta is what a report records of its run: the parts that must agree
// between the shards of one job, and which shards a merge lacks.
type Meta struct {
	K, N     int      `json:",omitempty"` // shard K of N; 0/0 unsharded
	Version  string   // idlint version
	Profiles string   // e.g. "urn=rfc8141"
	Config   string   // fingerprint of the effective configuration and result-changing flags
	Flags    []string `json:",omitempty"` // those flags, readable: --max-len=100
	Inputs   string   // fingerprint of the input list, normalized
	RunID    string   `json:",omitempty"`
	Missing  []int    `json:",omitempty"` // a merge with --allow-partial: shards it lacked
}

// Root is the common root of the inputs: the deepest directory holding
// every path given (a directory argument counts as its own root), in
// absolute form. Stdin ("-") does not count.
func Root(paths []string) string {
	var root []string
	first := true
	for _, p := range paths {
		if p == "-" {
			continue
		}
		a, err := filepath.Abs(p)
		if err != nil {
			continue
		}
		if st, err := os.Stat(a); err == nil && !st.IsDir() {
			a = filepath.Dir(a)
		}
		parts := strings.Split(filepath.ToSlash(a), "/")
		if first {
			root, first = parts, false
			continue
		}
		n := 0
		for n < len(root) && n < len(parts) && root[n] == parts[n] {
			n++
		}
		root = root[:n]
	}
	if first {
		return ""
	}
	r := filepath.FromSlash(strings.Join(root, "/"))
	if r == "" {
		r = string(filepath.Separator)
	}
	return r
}

// Key is the path a shard assignment hashes: path relative to root, with
// forward slashes, so that "rfc/" and its absolute spelling agree.
func Key(root, path string) string {
	if path == "-" || root == "" {
		return filepath.ToSlash(path)
	}
	a, err := filepath.Abs(path)
	if err != nil {
		return filepath.ToSlash(path)
	}
	rel, err := filepath.Rel(root, a)
	if err != nil {
		return filepath.ToSlash(a)
	}
	return filepath.ToSlash(rel)
}

// In reports whether key belongs to shard k of n (FNV-1a of the key).
func In(key string, k, n int) bool {
	if n <= 1 {
		return true
	}
	h := fnv.New64a()
	h.Write([]byte(key))
	return int(h.Sum64()%uint64(n)) == k-1
}

// Fingerprint hashes parts, in order, into a short hex string.
func Fingerprint(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:%s\n", len(p), p)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// InputsFingerprint fingerprints the input list as every task of a job
// sees it however it spells the paths: the root's name and each input
// relative to the root, sorted.
func InputsFingerprint(root string, paths []string) string {
	keys := make([]string, 0, len(paths)+1)
	for _, p := range paths {
		keys = append(keys, Key(root, p))
	}
	sort.Strings(keys)
	return Fingerprint(append([]string{filepath.Base(root)}, keys...)...)
}

// WriteDone writes dir's completion marker, atomically: the last thing a
// complete report gets.
func WriteDone(dir string, m Meta) error {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(dir, DoneFile), append(b, '\n'), 0o644, nil)
}

// RemoveDone removes dir's marker: a run that starts is not complete.
func RemoveDone(dir string) error {
	err := os.Remove(filepath.Join(dir, DoneFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// ReadDone reads dir's completion marker; an error when there is none.
func ReadDone(dir string) (Meta, error) {
	var m Meta
	b, err := os.ReadFile(filepath.Join(dir, DoneFile))
	if errors.Is(err, fs.ErrNotExist) {
		return m, fmt.Errorf("%s: no %s: the shard is incomplete or not an idlint report", dir, DoneFile)
	}
	if err != nil {
		return m, err
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("%s: %w", filepath.Join(dir, DoneFile), err)
	}
	return m, nil
}

// Same reports whether a marker found says the same run as want (the
// run ID aside): what --skip-done asks before skipping.
func Same(found, want Meta) bool {
	found.RunID, want.RunID = "", ""
	return found.K == want.K && found.N == want.N && found.Version == want.Version &&
		found.Profiles == want.Profiles && found.Config == want.Config &&
		found.Inputs == want.Inputs && len(found.Missing) == 0
}

// Check reads the markers of the shard directories a merge is given and
// returns one problem per line; none means they form one job's complete
// set (or, with allowPartial, a part of it). The merged report's Meta
// follows, its Missing listing the shards not given.
func Check(dirs []string, allowPartial bool) (Meta, []string) {
	var probs []string
	var merged Meta
	seen := map[int]string{}
	var infos []os.FileInfo
	var metas []Meta
	var okDirs []string
	for _, d := range dirs {
		m, err := ReadDone(d)
		if err != nil {
			probs = append(probs, err.Error())
			continue
		}
		if st, err := os.Stat(d); err == nil {
			dup := false
			for i, o := range infos {
				if o != nil && os.SameFile(o, st) {
					probs = append(probs, fmt.Sprintf("%s: the same directory as %s, given twice", d, okDirs[i]))
					dup = true
					break
				}
			}
			if dup {
				continue
			}
			infos = append(infos, st)
		} else {
			infos = append(infos, nil)
		}
		metas, okDirs = append(metas, m), append(okDirs, d)
	}
	if len(metas) == 0 {
		return merged, probs
	}
	ref, refDir := metas[0], okDirs[0]
	merged = Meta{N: ref.N, Version: ref.Version, Profiles: ref.Profiles, Config: ref.Config, Flags: ref.Flags, Inputs: ref.Inputs}
	for i, m := range metas {
		d := okDirs[i]
		if m.N == 0 || m.K == 0 {
			probs = append(probs, fmt.Sprintf("%s: not a shard (the run had no --shard)", d))
			continue
		}
		if len(m.Missing) > 0 {
			probs = append(probs, fmt.Sprintf("%s: a partial merge, not a shard", d))
			continue
		}
		switch {
		case m.N != ref.N:
			probs = append(probs, fmt.Sprintf("%s: shard %d/%d, but %s is of %d shards (mixed N)", d, m.K, m.N, refDir, ref.N))
			continue
		case m.Version != ref.Version:
			probs = append(probs, fmt.Sprintf("%s: written by idlint %s, %s by %s (mixed versions)", d, m.Version, refDir, ref.Version))
		case m.Profiles != ref.Profiles:
			probs = append(probs, fmt.Sprintf("%s: profiles %q, %s has %q (mixed profiles)", d, m.Profiles, refDir, ref.Profiles))
		case m.Config != ref.Config:
			what := "compare `idlint config` where each ran"
			if a, b := strings.Join(m.Flags, " "), strings.Join(ref.Flags, " "); a != b {
				what = fmt.Sprintf("flags %q against %q", a, b)
			}
			probs = append(probs, fmt.Sprintf("%s: configuration %s, %s has %s (mixed options: %s)", d, m.Config, refDir, ref.Config, what))
		case m.Inputs != ref.Inputs:
			probs = append(probs, fmt.Sprintf("%s: input list %s, %s has %s (mixed input lists)", d, m.Inputs, refDir, ref.Inputs))
		}
		if prev, ok := seen[m.K]; ok {
			probs = append(probs, fmt.Sprintf("%s: shard %d/%d again, already given as %s (duplicate index)", d, m.K, m.N, prev))
			continue
		}
		seen[m.K] = d
	}
	if ref.N > 0 {
		for k := 1; k <= ref.N; k++ {
			if _, ok := seen[k]; !ok {
				merged.Missing = append(merged.Missing, k)
			}
		}
	}
	if len(merged.Missing) > 0 && !allowPartial {
		for _, k := range merged.Missing {
			probs = append(probs, fmt.Sprintf("shard %d/%d missing (--allow-partial merges without it)", k, ref.N))
		}
	}
	return merged, probs
}

// MissingList is Missing as the merged report's metadata value: "2,4".
func MissingList(m []int) string {
	s := make([]string, len(m))
	for i, k := range m {
		s[i] = strconv.Itoa(k)
	}
	return strings.Join(s, ",")
}

// Keys are m as a report's key-value metadata (reports/SCHEMA.md).
func (m Meta) Keys() map[string]string {
	kv := map[string]string{
		"idlint.config_fingerprint": m.Config,
		"idlint.inputs_fingerprint": m.Inputs,
	}
	if m.N > 0 {
		kv["idlint.shard_count"] = strconv.Itoa(m.N)
	}
	if m.K > 0 {
		kv["idlint.shard"] = fmt.Sprintf("%d/%d", m.K, m.N)
	}
	if len(m.Missing) > 0 {
		kv["idlint.shards_missing"] = MissingList(m.Missing)
	}
	return kv
}
