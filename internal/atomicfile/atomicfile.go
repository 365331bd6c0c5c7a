// Package atomicfile writes a file whole or not at all: the bytes go to
// a temporary file in the same directory, which is renamed over the
// target, so a reader sees the old file or the new one, never a mix. It
// is a leaf: lint (fixes) and reports (baselines) both use it.
package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
)

// Write puts data at path with permissions perm, creating or replacing
// the file. prepare, when not nil, is called on the temporary file
// before it is synced (to give it the replaced file's owner, say). On
// failure the temporary file is removed and path is untouched.
//
// A symbolic link is followed: the file it points to is replaced, the
// link stays. A path that is no regular file (a pipe, a device) is
// written through, not replaced: no temporary file can take a device's
// place, and its write errors (/dev/full) are the caller's. The process's
// standard output or error (/dev/stdout, also redirected to a file) is
// written to as the process writes it, at its offset, never replaced.
func Write(path string, data []byte, perm os.FileMode, prepare func(*os.File)) (err error) {
	if fi, err := os.Stat(path); err == nil {
		if std := standard(fi); std != nil {
			_, err := std.Write(data)
			return err
		}
		if !fi.Mode().IsRegular() {
			if fi.IsDir() {
				return &os.PathError{Op: "write", Path: path, Err: errors.New("is a directory")}
			}
			return writeThrough(path, data)
		}
	}
	path = resolve(path)
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".idlint-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Chmod(perm); err != nil { // CreateTemp's is 0600
		return err
	}
	if prepare != nil {
		prepare(f)
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// standard is os.Stdout or os.Stderr when fi is the file it writes to.
func standard(fi os.FileInfo) *os.File {
	for _, f := range []*os.File{os.Stdout, os.Stderr} {
		if sfi, err := f.Stat(); err == nil && os.SameFile(fi, sfi) {
			return f
		}
	}
	return nil
}

// resolve is path with its symbolic links followed, also to a file not
// made yet (a dangling link names where the file goes).
func resolve(path string) string {
	if p, err := filepath.EvalSymlinks(path); err == nil {
		return p
	}
	for range 40 { // as the kernel's bound on links in a row
		fi, err := os.Lstat(path)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			return path
		}
		target, err := os.Readlink(path)
		if err != nil {
			return path
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(path), target)
		}
		path = target
	}
	return path
}

// writeThrough writes data into the existing non-regular file at path.
func writeThrough(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
