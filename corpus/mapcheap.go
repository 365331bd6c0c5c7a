package corpus

import (
	"bytes"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
	"time"
)

// MapsCheaply reports whether scanning a large file through a memory map
// costs less here than reading it into a buffer. It asks once per process,
// of the first file it is given, and answers every later call the same:
// the answer is the machine's (its page faults, the first touch of a
// mapped page under its hypervisor, its copy), not the file's. On the AMD
// PVM guests of sessions 16–18 a page first touched through a map cost
// 0.3–1.7 µs and a fault 11–16 µs, and reading was 10–50% cheaper; on the
// Intel PVM guest of session 20 a first touch cost 20–100 ns and mapping
// 2 GB of RFC text took 0.26–0.30 s of CPU against 0.41–0.46 s read (issue
// 25). A file or machine where the two are close may get either: both
// then cost about the same.
func MapsCheaply(path string) bool {
	mapProbe.once.Do(func() { mapProbe.cheap = probeMap(path) })
	return mapProbe.cheap
}

var mapProbe struct {
	once  sync.Once
	cheap bool
}

// Probe geometry: probeRounds rounds, each scanning one probeChunk mapped
// and the next one read, from 2 MiB on (a huge page each round; the head
// is left out: it is often what was read last, by the planner's sniff).
const (
	probeChunk  = 1 << 20
	probeRounds = 2
	probeRead   = 256 << 10 // the read's buffer, as a stream's
)

// probeMap times the two ways of scanning 1 MiB chunks of path's file not
// scanned before, alternately: a chunk of a fresh map counted through in
// place (its faults and first touches), the next read into a reused
// buffer and counted there (the copy), in the thread's CPU time (Linux).
// The cheapest round of each decides: a round slowed by something else
// does not.
// Mapped wins up to 1.5× the read's time: on the Intel VM the probe's
// mapped chunks took 0.6–1.5× the read ones' (median ~1.0, load 9–10)
// where a whole scan mapped took 0.6× the CPU of one read; on the AMD
// VMs a first touch alone cost 0.3–1.7 µs a page against ~0.5 µs for a
// read's copy of it, which puts the ratio at 1.1–2.5 in huge pages
// (where mapping and reading cost about the same end to end) and ~5 in
// small folios (where reading was up to 2× cheaper). A
// file too short to probe, or any error, answers no: reading is never
// wrong, at most slower.
func probeMap(path string) (cheap bool) {
	const size = (2 + 2*probeRounds) * probeChunk
	data, err := mapFile(path, size)
	if err != nil || len(data) < size {
		if data != nil {
			unmap(data)
		}
		return false
	}
	defer unmap(data)
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	// a file shrunk under the map faults: a panic recovered, an answer of no
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if recover() != nil {
			cheap = false
		}
	}()
	buf := make([]byte, probeRead)
	runtime.LockOSThread() // probeClock is the thread's
	defer runtime.UnlockOSThread()
	mapped, read := time.Duration(-1), time.Duration(-1)
	for r := range probeRounds {
		off := probeChunk * (2 + 2*r)
		t0 := probeClock()
		bytes.Count(data[off:off+probeChunk], nul) // assembly: never left out
		t1 := probeClock()
		for at := off + probeChunk; at < off+2*probeChunk; at += probeRead {
			n, err := f.ReadAt(buf, int64(at))
			if n < len(buf) || err != nil {
				return false
			}
			bytes.Count(buf, nul)
		}
		t2 := probeClock()
		if d := t1 - t0; mapped < 0 || d < mapped {
			mapped = d
		}
		if d := t2 - t1; read < 0 || d < read {
			read = d
		}
	}
	return mapped < read+read/2
}

var nul = []byte{0}
