package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Dir replaces a directory's whole content at once (issue 24 §7): the
// files are written into a fresh hidden staging directory beside it,
// .NAME.idlint-*.tmp, which Commit swaps in. On Linux the swap is one
// renameat2(RENAME_EXCHANGE): NAME always exists and holds the old set
// or the new one. Elsewhere (or on a file system without the exchange)
// NAME is renamed aside, to .NAME.idlint-*.old, and the staging
// directory renamed in: NAME is missing for that instant, never mixed.
// The replaced content is removed after the swap.
//
// A writer holds an flock on its staging directory while it lives; a
// writer killed (SIGKILL) leaves its staging directory unlocked, and
// the next NewDir for the same NAME removes those. Readers never look
// at staging directories.
type Dir struct {
	final  string
	tmp    string
	owned  func(name string) bool
	unlock func()
}

// stageSuffix and oldSuffix end the names of staging and replaced
// directories: .NAME.idlint-RANDOM.tmp and .NAME.idlint-RANDOM.old.
const (
	stageSuffix = ".tmp"
	oldSuffix   = ".old"
)

func stagePrefix(final string) string { return "." + filepath.Base(final) + ".idlint-" }

// Test hooks: failSwap, when set, fails Commit before the swap;
// noExchange makes it take the two renames.
var (
	failSwap   func() error
	noExchange bool
)

// NewDir starts replacing the directory final (created when missing;
// a symlink to a directory is followed). owned says which names final
// may hold — the ones the new content replaces; with anything else in
// final, NewDir (and Commit) refuse, so that a mistyped path never costs
// a user's files. owned nil replaces whatever final holds.
func NewDir(final string, owned func(name string) bool) (*Dir, error) {
	abs, err := filepath.Abs(final)
	if err != nil {
		return nil, err
	}
	if target, err := filepath.EvalSymlinks(abs); err == nil {
		abs = target
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	if err := checkOwned(abs, final, owned); err != nil {
		return nil, err
	}
	parent := filepath.Dir(abs)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, err
	}
	RemoveStale(abs)
	tmp, err := os.MkdirTemp(parent, stagePrefix(abs)+"*"+stageSuffix)
	if err != nil {
		return nil, err
	}
	if err := os.Chmod(tmp, 0o755); err != nil { // MkdirTemp's is 0700
		os.Remove(tmp)
		return nil, err
	}
	return &Dir{final: abs, tmp: tmp, owned: owned, unlock: lock(tmp)}, nil
}

// Path is the staging directory the new content goes to.
func (d *Dir) Path() string { return d.tmp }

// checkOwned refuses a final that is not a directory or holds a name
// owned does not accept; a missing final is fine.
func checkOwned(abs, given string, owned func(string) bool) error {
	st, err := os.Stat(abs)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return fmt.Errorf("%s: not a directory", given)
	}
	if owned == nil {
		return nil
	}
	ents, err := os.ReadDir(abs)
	if err != nil {
		return err
	}
	for _, e := range ents {
		if !owned(e.Name()) {
			return fmt.Errorf("%s holds %s, which is not part of an idlint report: not replacing it (remove it or choose another directory)", given, e.Name())
		}
	}
	return nil
}

// Commit swaps the staging directory in for final and removes the old
// content. On failure final is as it was and the staging directory is
// removed.
func (d *Dir) Commit() (err error) {
	defer func() {
		if err != nil {
			d.Abort()
		}
	}()
	if err := checkOwned(d.final, d.final, d.owned); err != nil {
		return err
	}
	if failSwap != nil {
		if err := failSwap(); err != nil {
			return err
		}
	}
	err = errNoExchange
	if !noExchange {
		err = exchange(d.tmp, d.final)
	}
	switch {
	case err == nil: // d.tmp holds the old content
	case errors.Is(err, fs.ErrNotExist) && !exists(d.final):
		if err := os.Rename(d.tmp, d.final); err != nil {
			return err
		}
	case errors.Is(err, errNoExchange):
		if err := d.twoRenames(); err != nil {
			return err
		}
	default:
		return fmt.Errorf("replacing %s: %w", d.final, err)
	}
	d.unlock()
	os.RemoveAll(d.tmp) // the old content, or nothing
	return nil
}

// twoRenames moves final aside and the staging directory in, without
// the exchange.
func (d *Dir) twoRenames() error {
	old := strings.TrimSuffix(d.tmp, stageSuffix) + oldSuffix
	if err := os.Rename(d.final, old); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := os.Rename(d.tmp, d.final); err != nil {
		os.Rename(old, d.final) // put it back
		return err
	}
	os.RemoveAll(old)
	return nil
}

// Abort removes the staging directory.
func (d *Dir) Abort() {
	d.unlock()
	os.RemoveAll(d.tmp)
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// RemoveStale removes the staging and replaced directories of final
// that no live writer holds: those of killed runs. A replaced directory
// whose run died before the new one took its name goes back in place.
func RemoveStale(final string) {
	for _, suffix := range []string{stageSuffix, oldSuffix} {
		pat := filepath.Join(filepath.Dir(final), globEscape(stagePrefix(final))+"*"+suffix)
		names, _ := filepath.Glob(pat)
		for _, n := range names {
			if suffix == oldSuffix && !exists(final) && os.Rename(n, final) == nil {
				continue
			}
			if suffix == oldSuffix || free(n) {
				os.RemoveAll(n)
			}
		}
	}
}

// globEscape escapes the glob metacharacters of a literal name.
func globEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
