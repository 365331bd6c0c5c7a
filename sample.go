package idlint

import "embed"

// Sample is the small corpus `idlint demo` scans: real-looking text and XML
// with valid and invalid URNs and equivalent variants.
//
//go:embed sample
var Sample embed.FS
