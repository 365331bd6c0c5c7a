//go:build !unix

package corpus

import "os"

func openFile(path string) (*os.File, error) { return os.Open(path) }
