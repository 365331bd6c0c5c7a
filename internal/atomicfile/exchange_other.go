//go:build !linux

package atomicfile

import "errors"

var errNoExchange = errors.New("rename exchange not supported")

func exchange(a, b string) error { return errNoExchange }
