//go:build !linux

package corpus

import "os"

// readDir lists dir in lexical order (os.ReadDir), each entry with its
// path and type.
func readDir(dir, sep string) ([]dirent, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	out := make([]dirent, len(entries))
	for i, e := range entries {
		out[i] = dirent{path: dir + sep + e.Name(), name: int32(len(dir) + len(sep)), typ: e.Type()}
	}
	return out, nil
}
