package main

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// settle puts the files under paths in the page cache as a first read from
// disk leaves them: their pages are dropped, then read once in order, so
// readahead builds them as it does for any input read from disk (large
// folios on ext4 since Linux 6.16). A file the harness has just written
// sits in small folios instead, which costs every reader that maps it
// (idlint and rg) a page fault per 64 KB; how the harness left the file
// would otherwise decide the figures.
func settle(paths ...string) error {
	buf := make([]byte, 1<<20)
	for _, p := range paths {
		err := filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() {
				return err
			}
			f, err := os.Open(path)
			if err != nil {
				return err
			}
			defer f.Close()
			// dirty pages stay in the cache: write them out first
			if err := unix.Fdatasync(int(f.Fd())); err != nil {
				return err
			}
			if err := unix.Fadvise(int(f.Fd()), 0, 0, unix.FADV_DONTNEED); err != nil {
				return err
			}
			for {
				if _, err := f.Read(buf); err == io.EOF {
					return nil
				} else if err != nil {
					return err
				}
			}
		})
		if err != nil {
			return err
		}
	}
	return nil
}
