//go:build !unix

package corpus

import (
	"io/fs"
	"os"
)

func openFile(path string) (*os.File, error) { return os.Open(path) }

// sysFile is an input file; see open_unix.go.
type sysFile struct{ *os.File }

func openSys(path string) (sysFile, error) {
	f, err := os.Open(path)
	return sysFile{f}, err
}

func (f *sysFile) size() (int64, bool) { return regularSize(f.Stat()) }

func statSize(path string) (int64, bool) { return regularSize(os.Stat(path)) }

// regularSize is a stat's size, ok when it is of a regular file.
func regularSize(fi os.FileInfo, err error) (int64, bool) {
	if err != nil || !fi.Mode().IsRegular() {
		return -1, false
	}
	return fi.Size(), true
}

// openSpecial: see open_unix.go; elsewhere every file is opened as it is.
func openSpecial(string, <-chan struct{}) (sysFile, bool, error) { return sysFile{}, false, nil }

// open: nothing is held ahead here (see open_unix.go).
func (a *Ahead) open(string) (*heldFD, int64, bool) { return nil, 0, false }

// Close: nothing to close here.
func (a *Ahead) Close() {}

func (h *heldFD) take(string) (sysFile, bool) { return sysFile{}, false }

func (h *heldFD) release() {}

// linkDir: see open_unix.go; here each link is stat-ed by its path.
type linkDir struct{ dir string }

func (l *linkDir) stat(path, _ string) (fs.FileMode, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	if m := fi.Mode(); m.IsDir() || m.IsRegular() {
		return m.Type(), nil
	}
	return fs.ModeIrregular, nil
}

func (l *linkDir) close() {}
