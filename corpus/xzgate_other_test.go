//go:build !linux

package corpus

func capAddressSpace() {}
