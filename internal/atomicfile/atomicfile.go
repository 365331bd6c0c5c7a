// Package atomicfile writes a file whole or not at all: the bytes go to
// a temporary file in the same directory, which is renamed over the
// target, so a reader sees the old file or the new one, never a mix. It
// is a leaf: lint (fixes) and reports (baselines) both use it.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write puts data at path with permissions perm, creating or replacing
// the file. prepare, when not nil, is called on the temporary file
// before it is synced (to give it the replaced file's owner, say). On
// failure the temporary file is removed and path is untouched.
func Write(path string, data []byte, perm os.FileMode, prepare func(*os.File)) (err error) {
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
