// Package urnparse benchmarks rules/urn against leodido/go-urn on the same identifiers.
//
// It has no code of its own: the benchmarks and the agreement tests live in
// urnparse_test.go, so github.com/leodido/go-urn is only ever linked into
// test binaries. Run
//
//	go test -run XXX -bench . -benchmem -count 6 ./bench/urnparse
//
// and see bench/README.md for the figures.
package urnparse
