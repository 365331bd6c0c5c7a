//go:build !unix

package corpus

func mapFile(path string, size int64) ([]byte, error) { return nil, ErrNoMapping }

func unmap([]byte) {}

func drop([]byte) {}

// Mappable says memory maps are used on this system (Unix).
const Mappable = false
