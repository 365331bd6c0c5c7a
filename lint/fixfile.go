package lint

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	udiff "github.com/aymanbagabas/go-udiff"

	"github.com/idlint/idlint/internal/atomicfile"
)

// CanRewrite reports why the file at path cannot be fixed in place (nil
// if it can): not a regular file, or not writable by its owner — a
// read-only file stays as it is even for root, who could replace it.
// The reason does not repeat the path; WriteFileAtomic's errors do.
func CanRewrite(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return errors.New("not a regular file: not rewritten")
	}
	if fi.Mode().Perm()&0o200 == 0 {
		return errors.New("read-only: not rewritten")
	}
	return nil
}

// WriteFileAtomic replaces the file at path by data: written to a
// temporary file in the same directory, given the file's mode (and, where
// the process may, its owner), synced,
// then renamed over it, so a reader sees the old bytes or the new, never
// a mix, and a failure leaves the file untouched. A symbolic link is
// followed: the file it points to is replaced, the link stays.
func WriteFileAtomic(path string, data []byte) (err error) {
	if p, err := filepath.EvalSymlinks(path); err == nil {
		path = p
	}
	if err := CanRewrite(path); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, data, fi.Mode().Perm(), func(f *os.File) { keepOwner(f, fi) })
}

// UnifiedDiff is the unified diff (3 lines of context) turning old into
// new, the file named a/PATH and b/PATH as git and patch -p1 read them;
// "" when they are equal.
func UnifiedDiff(path string, old, new []byte) string {
	name := filepath.ToSlash(path)
	if filepath.IsAbs(path) {
		return udiff.Unified(name, name, string(old), string(new))
	}
	return udiff.Unified("a/"+name, "b/"+name, string(old), string(new))
}
