//go:build parquet

package parquet

import "errors"

// PanicSite is the function a read's recovered panic happened in ("" when
// err is not one): the fuzz tests fail on panics in idlint's own code.
func PanicSite(err error) string {
	if p, ok := errors.AsType[*readPanic](err); ok {
		return p.site()
	}
	return ""
}
