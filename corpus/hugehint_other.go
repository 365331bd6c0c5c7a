//go:build unix && !linux

package corpus

func hugeHint([]byte) {}
