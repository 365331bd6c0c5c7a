// Package pipesize widens the pipe a scan writes its output into.
//
// On identifier-dense input a scan writes ~6 bytes of JSON Lines per byte
// read (issue 25: 1.24 GB for 200 MB). Through a pipe of the default
// 64 KiB, writer and reader wake each other every 64 KiB: on a 2-core VM
// that was ~30,000 context switches per run, and each write(2) and read(2)
// moved at most 64 KiB. A wider pipe lets both sides move more per call.
package pipesize

import "os"

// Size is the pipe size asked for: Linux's default pipe-max-size, so an
// unprivileged process gets it.
const Size = 1 << 20

// Widen grows f's pipe to Size when f is a pipe smaller than that. It is
// a hint: any failure (not a pipe, a lower limit, another system) leaves
// the pipe as it was.
func Widen(f *os.File) { widen(f) }
