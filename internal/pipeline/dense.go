package pipeline

import (
	"io"
	"runtime"

	"github.com/idlint/idlint/corpus"
	"github.com/idlint/idlint/extract"
	"github.com/idlint/idlint/lint"
)

// Identifier-dense text (issue 25: SAML aggregates, FHIR bundles, logs of
// URNs): when the emitter encodes the output, its work per identifier is
// about a worker's, so at -j 1 the worker and the emitter already keep
// two cores busy, and a second worker on the same text only contends with
// them. Dense text is therefore scanned by one worker at a time: a large
// file whose head is dense is not split (splitDense), and a worker whose
// batch is dense scans only the input after the head (order.go, scanNext).

// denseSpan is the mean bytes per occurrence below which text is dense:
// the emitter's work per occurrence then matches a worker's (a memo hit
// and a few bytes scanned), the emitter and the sink's reader keep the
// cores busy, and a second worker scanning ahead only contends with them
// (dense jsonl -j 2 into a pipe on 2 cores 1.47 s against -j 1's 1.33 s,
// 72 bytes per occurrence). Text with an identifier per kilobyte or fewer
// leaves the emitter idle most of the time; there scanning ahead pays.
const denseSpan = 512

// dense reports whether a batch of occurrences handed to the emitter as
// values comes from dense text: full, and spanning under denseSpan bytes
// per occurrence of one document.
func dense(batch []lint.Occurrence) bool {
	if len(batch) < batchSize {
		return false
	}
	first, last := &batch[0], &batch[len(batch)-1]
	return first.Source == last.Source && first.Member == last.Member &&
		last.Offset >= first.Offset && last.Offset-first.Offset < batchSize*denseSpan
}

// denseSample is how much of a large file's head tells whether it is
// dense: ~0.1 ms to read and scan, against the tens of milliseconds of a
// file large enough to split.
const denseSample = 1 << 20

// denseRead is the planner's reads of a sample: a dense head tells after
// ~150 KB (denseSample/denseSpan identifiers); read whole into a 1 MiB
// buffer, the sample was 256 pages faulted in by -j 2 only (-j 1 never
// samples) and 1 MiB copied per file (issue 25).
const denseRead = 64 << 10

// densePlanner tells the planner which large files to leave whole.
type densePlanner struct {
	stream *extract.Stream
}

// emitterEncodes reports whether the emitter handles every occurrence
// itself: the sink takes them (not counted), and either the workers
// cannot encode for it or never do (delivery.mode: fewer busy workers
// than the cores, plus one on up to encodeAloneProcs).
func emitterEncodes(count, workersCan bool, jobs, procs int) bool {
	return !count && (!workersCan || jobs < procs+int(spareWorkers(int32(procs))))
}

// splitDense reports whether a large file planned in parts should be
// scanned whole instead, as -j 1 scans it: the emitter encodes, the file
// may be read rather than mapped (so -j 1 streams it whole), and its
// first denseSample bytes hold identifiers under denseSpan bytes apart.
// With Corpus.MmapIfCheap the map is only a speed-up of the pass over
// memory, which on dense text is not what costs: such a file is read
// whole, as without the map (its RSS a buffer's, not the file's).
func (r *run) splitDense(in corpus.Input, size int64) bool {
	c := r.cfg.Corpus
	if !emitterEncodes(r.count, r.encSink != nil, r.jobs, runtime.GOMAXPROCS(0)) ||
		!(c.NoMmap || !corpus.Mappable || c.MmapIfCheap) {
		return false
	}
	if r.dense.stream == nil {
		r.dense.stream = extract.NewStream(nil, extract.Options{Schemes: r.eng.ExtractSchemes(), MaxLen: r.cfg.MaxLen, NoPositions: true}, denseRead)
	}
	f, err := corpus.OpenPart(in, corpus.Options{}, 0, denseSample) // not counted as read
	if err != nil {
		return false // the worker reports it
	}
	defer f.Close()
	return denseText(r.dense.stream, f, min(size, denseSample))
}

// denseText reports whether the sample of n bytes r reads holds
// identifiers under denseSpan bytes apart on average, reading no further
// than it takes to tell.
func denseText(st *extract.Stream, r io.Reader, n int64) bool {
	want := n / denseSpan
	if want < batchSize/4 {
		return false // too little text to tell
	}
	st.Reset(r)
	k := int64(0)
	for k < want && st.Next() {
		k++
	}
	st.Reset(nil)
	return k >= want
}
