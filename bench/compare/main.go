// Command compare times idlint's scanner against ripgrep, grep, Go's
// regexp and the bare decompressors on the same inputs, in one run, and
// checks that idlint finds the same identifiers as ripgrep.
//
//	go run ./bench/compare                 # 200 MB synthetic text (+ the RFC corpus when present)
//	go run ./bench/compare -size 50 -runs 3 -md
//
// Inputs: synthetic text made with a fixed seed (
// English-like prose with realistic colon density, and the colon-heavy
// benchmark text; internal/textgen), identifier-dense log lines (-dense-size;
// issue 25) and FHIR bundles whose urn:uuids are distinct across the file
// (-fhir-size, the crawl case), the English text's gzip, zstd, multistream bzip2 and `xz -T0` compressions,
// the English text split
// into files for the workers test, and the RFC corpus
// (../shared/corpora/rfc/rfcs.tar.zst, unpacked with zstd -dc | tar x;
// skipped when absent). Every case of an input runs once per round, the
// rounds in alternation; the table gives the median and best MB/s of
// uncompressed text and the ratio to `rg -o -i` (or to the bare
// decompressor) on the same input.
package main

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/idlint/idlint/extract"
	"github.com/idlint/idlint/internal/textgen"
	"github.com/idlint/idlint/lint"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zip"
	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"
)

var (
	sizeMB     = flag.Int("size", 200, "size of each synthetic text in `MB`")
	runs       = flag.Int("runs", 5, "timed rounds (after one warm-up round)")
	slowRuns   = flag.Int("slow-runs", 3, "timed rounds for the slow cases (grep, Go regexp)")
	dirFlag    = flag.String("dir", "", "keep generated inputs in `DIR` and reuse them (default: a temporary directory, removed)")
	rfcPath    = flag.String("rfc", "../shared/corpora/rfc/rfcs.tar.zst", "RFC corpus `tar.zst` (relative to the module root; skipped when absent; \"\" to skip)")
	kinds      = flag.String("kinds", "english,colonheavy", "synthetic texts to make (internal/textgen kinds)")
	denseMB    = flag.Int("dense-size", 200, "`MB` of identifier-dense text (log lines of 1-3 URNs over 100,000 keys; issue 25); 0 to skip")
	fhirMB     = flag.Int("fhir-size", 200, "`MB` of FHIR bundles (urn:uuid references, distinct across bundles: the crawl case; issue 25); 0 to skip")
	reportMB   = flag.Int("report-size", 60, "`MB` of the keys text (an identifier a line, 100,000 distinct keys) the Parquet report is timed on; 0 to skip")
	splitN     = flag.Int("split", 8, "files the English text is split into for the 1-vs-2-workers case")
	schemesF   = flag.String("schemes", "", "schemes to look for, comma-separated (default: those idlint lints)")
	noSlow     = flag.Bool("no-slow", false, "skip grep and Go regexp")
	noCheck    = flag.Bool("no-check", false, "skip the identifier-set check against rg")
	md         = flag.Bool("md", false, "print the table as Markdown")
	cpuprof    = flag.String("cpuprofile", "", "also profile `idlint scan --format jsonl` on the English text and write the profile to `FILE`")
	only       = flag.String("only", "", "run only the cases whose name contains `TEXT`")
	kernelsF   = flag.String("kernels", "", "kernels to time in-process, comma-separated (default: all this CPU runs)")
	reSample   = flag.Int("regexp-sample", 16, "`MB` of each input Go's regexp is timed on")
	profRuns   = flag.Int("profile-runs", 5, "times the English text is given to the profiled scan")
	kernelTime = flag.Duration("kernel-time", 300*time.Millisecond, "minimum time of one in-process kernel measurement (repeats Find)")
	settleF    = flag.Bool("settle", true, "before an input's cases, drop its pages from the page cache and read it once, as a first read from disk leaves it (false: as the harness wrote it)")
)

type cas struct {
	name  string
	slow  bool
	bytes int64 // bytes it processes, when not the whole input
	run   func() error
}

type result struct {
	input, name string
	bytes       int64
	times       []time.Duration
	err         error
	ref         string // name of the case the ratio is to
}

func main() {
	log.SetFlags(0)
	flag.Parse()
	root := moduleRoot()
	dir := *dirFlag
	if dir == "" {
		d, err := os.MkdirTemp("", "idlint-compare-")
		check(err)
		defer os.RemoveAll(d)
		dir = d
	}
	check(os.MkdirAll(dir, 0o755))
	schemes := lint.Schemes()
	if *schemesF != "" {
		schemes = strings.Split(*schemesF, ",")
	}
	var sset extract.Schemes
	for _, s := range schemes {
		sc := extract.ParseScheme(s)
		if sc == 0 {
			log.Fatalf("unknown scheme %q", s)
		}
		sset = sset.Add(sc)
	}
	alt := strings.Join(schemes, "|")
	// The identifier pattern, as close to idlint's rules as a regexp gets:
	// a word boundary, the scheme (any case), a colon and a run of bytes
	// that are not space or rfc2141's excluded " < > \ ^ ` { | }.
	rgPat := `(?i)\b(?:` + alt + `):[^\s"<>\\^` + "`" + `{|}]+`
	grepPat := `\b(` + alt + `):[^[:space:]"<>\^` + "`" + `{|}]+`
	goRe := regexp.MustCompile(rgPat)

	bin := filepath.Join(dir, "idlint")
	fmt.Fprintf(os.Stderr, "building %s\n", bin)
	// with Parquet and Arrow (-tags parquet): the batch cases write reports
	run(root, "go", "build", "-tags", "parquet", "-o", bin, "./cmd/idlint")
	// the same without cgo (a static binary: no dynamic loader at start),
	// for the one-file case, where the start is the run
	static := filepath.Join(dir, "idlint-static")
	build(root, []string{"CGO_ENABLED=0"}, "go", "build", "-tags", "parquet", "-o", static, "./cmd/idlint")
	// and static without Arrow (the default build): the lean linter
	lean := filepath.Join(dir, "idlint-lean")
	build(root, []string{"CGO_ENABLED=0"}, "go", "build", "-o", lean, "./cmd/idlint")
	if *settleF {
		check(settle(bin, static, lean)) // their pages too, as an installed binary's
	}
	tool := func(name string) string {
		p, err := exec.LookPath(name)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s not found: its cases are skipped (apt-get install -y ripgrep zstd pigz)\n", name)
			return ""
		}
		return p
	}
	rg, grep, zstdBin, gzipBin, pigz, bzip2Bin, xzBin := tool("rg"), tool("grep"), tool("zstd"), tool("gzip"), tool("pigz"), tool("bzip2"), tool("xz")

	kernels := extract.Kernels()
	if *kernelsF != "" {
		kernels = strings.Split(*kernelsF, ",")
	}
	fmt.Fprintf(os.Stderr, "CPU kernels: %v (default %s); schemes %v\n", extract.Kernels(), extract.Kernel(), schemes)

	var results []*result
	plain := func(input, path string, files [][]byte, total int64) {
		var cs []cas
		for _, k := range kernels {
			var dst []extract.Candidate // kept across runs, as a scanner keeps it
			cs = append(cs, cas{name: "kernel " + k + " (extract.Find, in-process)", run: func() error {
				if err := extract.SetKernel(k); err != nil {
					return err
				}
				defer extract.SetKernel("")
				for _, f := range files {
					dst = extract.Find(dst[:0], f, extract.Options{Schemes: sset})
				}
				return nil
			}})
		}
		// what one core reads from memory: the kernel cannot beat it on
		// inputs larger than the caches
		cs = append(cs, memoryBound(files, 1), memoryBound(files, 2))
		cs = append(cs,
			cas{name: "idlint scan --format jsonl", run: func() error {
				return runQuiet(nil, bin, "scan", "--quiet", "--format", "jsonl", path)
			}},
			cas{name: "idlint scan --format none", run: func() error {
				return runQuiet(nil, bin, "scan", "--quiet", "--format", "none", path)
			}},
			cas{name: "idlint scan --format jsonl, IDLINT_KERNEL=portable", run: func() error {
				return runEnv([]string{"IDLINT_KERNEL=portable"}, bin, "scan", "--quiet", "--format", "jsonl", path)
			}},
		)
		if rg != "" {
			cs = append(cs,
				cas{name: "rg -o -i", run: func() error { return runGrep(rg, "-o", "-i", "--no-heading", "-e", rgPat, path) }},
				cas{name: "rg -c -i", run: func() error { return runGrep(rg, "-c", "-i", "-e", rgPat, path) }},
			)
		}
		if !*noSlow {
			if grep != "" {
				cs = append(cs, cas{name: "grep -o -i -E", slow: true, run: func() error {
					return runGrep(grep, "-r", "-o", "-i", "-E", "-e", grepPat, path)
				}})
			}
			// Go's regexp runs at tens of MB/s: time it on a sample.
			var sample [][]byte
			var sampleBytes int64
			for _, f := range files {
				if sampleBytes >= int64(*reSample)<<20 {
					break
				}
				f = f[:min(len(f), *reSample<<20-int(sampleBytes))]
				sample = append(sample, f)
				sampleBytes += int64(len(f))
			}
			cs = append(cs, cas{name: fmt.Sprintf("Go regexp (in-process, first %d MB)", sampleBytes>>20), slow: true, bytes: sampleBytes, run: func() error {
				for _, f := range sample {
					goRe.FindAllIndex(f, -1)
				}
				return nil
			}})
		}
		results = append(results, measure(input, total, "rg -o -i", cs, []string{path})...)
	}

	// Synthetic inputs.
	var english string
	for _, kind := range strings.Split(*kinds, ",") {
		if kind == "" {
			continue
		}
		path := filepath.Join(dir, fmt.Sprintf("%s-%dMB.txt", kind, *sizeMB))
		data := ensureText(path, kind, *sizeMB<<20)
		if kind == "english" {
			english = path
		}
		if !*noCheck && rg != "" && kind == "english" {
			checkSet(bin, rg, rgPat, path, dir)
		}
		plain(fmt.Sprintf("%s %d MB", kind, *sizeMB), path, [][]byte{data}, int64(len(data)))
		runtime.GC()
	}

	// Reports: a text that is all identifiers over many distinct keys, where
	// writing the Parquet report and aggregating clusters is the work.
	if *reportMB > 0 {
		path := filepath.Join(dir, fmt.Sprintf("keys-%dMB.txt", *reportMB))
		data := ensureText(path, "keys", *reportMB<<20)
		lines := int64(bytes.Count(data, []byte{'\n'}))
		size := int64(len(data))
		data = nil
		out := filepath.Join(dir, "report")
		cs := []cas{
			{name: "idlint scan --format none", run: func() error {
				return runQuiet(nil, bin, "scan", "--quiet", "--format", "none", path)
			}},
			{name: "idlint scan --format jsonl", run: func() error {
				return runQuiet(nil, bin, "scan", "--quiet", "--format", "jsonl", path)
			}},
			{name: "idlint scan --format none --report DIR (Parquet)", run: func() error {
				defer os.RemoveAll(out)
				return runQuiet(nil, bin, "scan", "--quiet", "--format", "none", "--report", out, path)
			}},
		}
		results = append(results, measure(fmt.Sprintf("keys %d MB (%d identifiers, %d keys)", *reportMB, lines, textgen.KeysDistinct),
			size, "idlint scan --format none", cs, []string{path})...)
	}

	// Identifier-dense text (issue 25): per-identifier work, not the
	// kernel, is the cost; rg prints every match (-o) or counts lines (-c).
	if *denseMB > 0 {
		results = append(results, identifierDense(dir, bin, rg, "dense", *denseMB, fmt.Sprintf("%d keys", textgen.DenseDistinct))...)
	}
	// The crawl case: identifiers distinct across the file (FHIR bundles).
	if *fhirMB > 0 {
		results = append(results, identifierDense(dir, bin, rg, "fhir", *fhirMB, "urn:uuid distinct across bundles")...)
	}

	// Compressed inputs: the English text as .gz and .zst.
	if english != "" {
		data, err := os.ReadFile(english)
		check(err)
		size := int64(len(data))
		gz := ensureCompressed(english+".gz", data, "gz")
		zs := ensureCompressed(english+".zst", data, "zst")
		data = nil
		var cs []cas
		cs = append(cs,
			cas{name: "klauspost gzip decoder alone (in-process)", run: func() error { return decodeGo(gz, "gz") }},
			cas{name: "idlint scan --format jsonl (.gz)", run: func() error {
				return runQuiet(nil, bin, "scan", "--quiet", "--format", "jsonl", gz)
			}})
		if gzipBin != "" {
			cs = append(cs, cas{name: "gzip -dc", run: func() error { return runQuiet(nil, gzipBin, "-dc", gz) }})
		}
		if pigz != "" {
			cs = append(cs, cas{name: "pigz -dc", run: func() error { return runQuiet(nil, pigz, "-dc", gz) }})
		}
		if rg != "" {
			cs = append(cs, cas{name: "rg -z -o -i (.gz)", run: func() error { return runGrep(rg, "-z", "-o", "-i", "-e", rgPat, gz) }})
		}
		results = append(results, measure(fmt.Sprintf("english %d MB .gz", *sizeMB), size, "klauspost gzip decoder alone (in-process)", cs, []string{gz})...)

		// A web crawl's form: WARC records, one gzip member each, which
		// idlint decodes ahead on every core when the file is the run's
		// only input.
		warcPath, warcSize := ensureWARC(english)
		cs = manyStreams(bin, "klauspost gzip decoder alone (in-process)", "gz", warcPath, ".warc.gz")
		if gzipBin != "" {
			cs = append(cs, cas{name: "gzip -dc", run: func() error { return runQuiet(nil, gzipBin, "-dc", warcPath) }})
		}
		if rg != "" {
			cs = append(cs, cas{name: "rg -z -o -i (.warc.gz)", run: func() error { return runGrep(rg, "-z", "-o", "-i", "-e", rgPat, warcPath) }})
		}
		results = append(results, measure(fmt.Sprintf("english %d MB as .warc.gz (a member a record)", *sizeMB), warcSize, "klauspost gzip decoder alone (in-process)", cs, []string{warcPath})...)

		// A document dump as a zip: members of 5–100 KB, which idlint
		// decodes ahead on every core when the zip is the run's only input.
		zipPath := ensureZip(english)
		cs = manyStreams(bin, "klauspost zip decoder alone, member by member (in-process)", "zip", zipPath, ".zip")
		results = append(results, measure(fmt.Sprintf("english %d MB as .zip (documents of 5-100 KB)", *sizeMB), size, "klauspost zip decoder alone, member by member (in-process)", cs, []string{zipPath})...)

		// bzip2 of many streams, as pbzip2 writes it (and Wikipedia's
		// multistream dumps are): decoded ahead on every core.
		if bzip2Bin != "" {
			bzPath := ensureMultiBz2(english, bzip2Bin)
			cs = append(manyStreams(bin, "compress/bzip2 decoder alone (in-process)", "bz2", bzPath, ".bz2"),
				cas{name: "bzip2 -dc", run: func() error { return runQuiet(nil, bzip2Bin, "-dc", bzPath) }})
			if rg != "" {
				cs = append(cs, cas{name: "rg -z -o -i (.bz2)", run: func() error { return runGrep(rg, "-z", "-o", "-i", "-e", rgPat, bzPath) }})
			}
			results = append(results, measure(fmt.Sprintf("english %d MB as .bz2 of 900 KB streams", *sizeMB), size, "compress/bzip2 decoder alone (in-process)", cs, []string{bzPath})...)
		}
		// xz as `xz -T0` writes it: blocks of 24 MiB (preset 6), which
		// idlint decodes ahead on every core (issue 25)
		if xzBin != "" {
			xzPath := ensureXz(english, xzBin)
			cs = append(manyStreams(bin, "ulikunitz xz decoder alone (in-process)", "xz", xzPath, ".xz"),
				cas{name: "xz -dc", run: func() error { return runQuiet(nil, xzBin, "-dc", xzPath) }})
			results = append(results, measure(fmt.Sprintf("english %d MB as .xz of 24 MiB blocks (xz -T0)", *sizeMB), size, "xz -dc", cs, []string{xzPath})...)
		}
		cs = []cas{
			{name: "klauspost zstd decoder alone (in-process)", run: func() error { return decodeGo(zs, "zst") }},
			// what idlint did before issue 25 (it decodes on one goroutine)
			{name: "klauspost zstd decoder alone, 4 blocks in flight (in-process)", run: func() error { return decodeGo(zs, "zst4") }},
			{name: "idlint scan --format jsonl (.zst)", run: func() error {
				return runQuiet(nil, bin, "scan", "--quiet", "--format", "jsonl", zs)
			}},
		}
		if zstdBin != "" {
			cs = append(cs, cas{name: "zstd -dc", run: func() error { return runQuiet(nil, zstdBin, "-dc", zs) }})
		}
		if rg != "" {
			cs = append(cs, cas{name: "rg -z -o -i (.zst)", run: func() error { return runGrep(rg, "-z", "-o", "-i", "-e", rgPat, zs) }})
		}
		results = append(results, measure(fmt.Sprintf("english %d MB .zst", *sizeMB), size, "klauspost zstd decoder alone (in-process)", cs, []string{zs})...)

		// Workers: the same text as several files, one worker and two.
		sdir := ensureSplit(english, *splitN)
		text, err := os.ReadFile(english)
		check(err)
		cs = []cas{
			memoryBound([][]byte{text}, 1),
			memoryBound([][]byte{text}, 2),
			{name: "idlint scan -j 1 --format jsonl", run: func() error {
				return runQuiet(nil, bin, "scan", "--quiet", "-j", "1", "--format", "jsonl", sdir)
			}},
			{name: "idlint scan -j 2 --format jsonl", run: func() error {
				return runQuiet(nil, bin, "scan", "--quiet", "-j", "2", "--format", "jsonl", sdir)
			}},
			{name: "idlint scan -j 1 --format none", run: func() error {
				return runQuiet(nil, bin, "scan", "--quiet", "-j", "1", "--format", "none", sdir)
			}},
			{name: "idlint scan -j 2 --format none", run: func() error {
				return runQuiet(nil, bin, "scan", "--quiet", "-j", "2", "--format", "none", sdir)
			}},
		}
		results = append(results, measure(fmt.Sprintf("english %d MB in %d files", *sizeMB, *splitN), size, "idlint scan -j 1 --format jsonl", cs, []string{sdir})...)
		text = nil
	}

	// The RFC corpus.
	if *rfcPath != "" {
		tarzst := *rfcPath
		if !filepath.IsAbs(tarzst) {
			tarzst = filepath.Join(root, tarzst)
		}
		if _, err := os.Stat(tarzst); err != nil {
			fmt.Fprintf(os.Stderr, "RFC corpus %s absent: skipped\n", tarzst)
		} else if zstdBin == "" {
			fmt.Fprintf(os.Stderr, "zstd missing: RFC corpus skipped\n")
		} else {
			rdir := ensureRFC(tarzst, dir)
			files, total := readTree(rdir)
			if !*noCheck && rg != "" {
				checkSet(bin, rg, rgPat, rdir, dir)
			}
			plain(fmt.Sprintf("RFC corpus (%d files)", len(files)), rdir, files, total)
			files = nil
			runtime.GC()
			cs := []cas{
				{name: "zstd -dc (.tar.zst)", run: func() error { return runQuiet(nil, zstdBin, "-dc", tarzst) }},
				{name: "klauspost zstd decoder alone (in-process)", run: func() error { return decodeGo(tarzst, "zst") }},
				{name: "klauspost zstd decoder alone, 4 blocks in flight (in-process)", run: func() error { return decodeGo(tarzst, "zst4") }},
				{name: "idlint scan --format jsonl (.tar.zst)", run: func() error {
					return runQuiet(nil, bin, "scan", "--quiet", "--format", "jsonl", tarzst)
				}},
			}
			results = append(results, measure("RFC corpus .tar.zst", total, "zstd -dc (.tar.zst)", cs, []string{tarzst})...)
			results = append(results, oneFile(bin, static, lean, rg, rgPat, filepath.Join(rdir, "rfcs", "rfc8141.txt"))...)
		}
	}

	printTable(results)

	if *cpuprof != "" && english != "" {
		profile(bin, english, *cpuprof)
	}
}

// oneFile times the pre-commit case: one spec file, where a run is mostly
// the process's start. Each measurement runs the command oneFileRuns times.
func oneFile(bin, static, lean, rg, rgPat, path string) []*result {
	fi, err := os.Stat(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s absent: one-file case skipped\n", path)
		return nil
	}
	const oneFileRuns = 10
	times := func(f func() error) func() error {
		return func() error {
			for range oneFileRuns {
				if err := f(); err != nil {
					return err
				}
			}
			return nil
		}
	}
	var cs []cas
	if rg != "" {
		cs = append(cs, cas{name: "rg -o -i (one file)", run: times(func() error { return runGrep(rg, "-o", "-i", "-e", rgPat, path) })})
	}
	cs = append(cs,
		// check exits 1 for error-level findings, as grep for a match
		cas{name: "idlint check (one file)", run: times(func() error { return runGrep(bin, "check", path) })},
		cas{name: "idlint check (one file), CGO_ENABLED=0 build", run: times(func() error { return runGrep(static, "check", path) })},
		cas{name: "idlint check (one file), CGO_ENABLED=0 default (Arrow-free) build", run: times(func() error { return runGrep(lean, "check", path) })},
		cas{name: "idlint scan --format jsonl (one file)", run: times(func() error {
			return runQuiet(nil, bin, "scan", "--quiet", "--format", "jsonl", path)
		})},
	)
	ref := ""
	if rg != "" {
		ref = "rg -o -i (one file)"
	} else {
		ref = "idlint check (one file)"
	}
	return measure(fmt.Sprintf("one RFC file (%s, %d KB), ×%d", filepath.Base(path), fi.Size()>>10, oneFileRuns), oneFileRuns*fi.Size(), ref, cs, []string{path})
}

// measure runs the cases in alternation: one warm-up round, then the
// timed rounds; an in-process case repeats until it has run kernel-time.
func measure(input string, size int64, ref string, cs []cas, paths []string) []*result {
	var out []*result
	var keep []cas
	for _, c := range cs {
		if *only != "" && !strings.Contains(c.name, *only) && !strings.Contains(input, *only) {
			continue
		}
		keep = append(keep, c)
		b := size
		if c.bytes > 0 {
			b = c.bytes
		}
		out = append(out, &result{input: input, name: c.name, bytes: b, ref: ref})
	}
	fmt.Fprintf(os.Stderr, "%s: %d cases, %d rounds\n", input, len(keep), *runs)
	if *settleF && len(keep) > 0 {
		if err := settle(paths...); err != nil {
			fmt.Fprintf(os.Stderr, "  settling the page cache: %v\n", err)
		}
	}
	for round := 0; round <= *runs; round++ {
		for i, c := range keep {
			r := out[i]
			if r.err != nil || (c.slow && round > *slowRuns) {
				continue
			}
			inProc := strings.HasPrefix(c.name, "kernel ")
			iters := 1
			start := time.Now()
			err := c.run()
			d := time.Since(start)
			if inProc && err == nil {
				// repeat short in-process runs for a stable figure
				for d < *kernelTime {
					if err = c.run(); err != nil {
						break
					}
					iters++
					d = time.Since(start)
				}
			}
			if err != nil {
				r.err = err
				fmt.Fprintf(os.Stderr, "  %s: %v\n", c.name, err)
				continue
			}
			if round > 0 {
				r.times = append(r.times, d/time.Duration(iters))
			}
		}
	}
	return out
}

func median(ts []time.Duration) time.Duration {
	s := slices.Clone(ts)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func mbps(bytes int64, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(bytes) / 1e6 / d.Seconds()
}

func printTable(rs []*result) {
	byName := map[string]*result{}
	for _, r := range rs {
		byName[r.input+"\x00"+r.name] = r
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	if *md {
		fmt.Fprintln(w, "| input | case | MB/s (median) | MB/s (best) | runs | ratio (median) | to |")
		fmt.Fprintln(w, "|---|---|--:|--:|--:|--:|---|")
	} else {
		fmt.Fprintf(w, "%-28s %-56s %10s %10s %4s %8s  %s\n", "input", "case", "MB/s med", "MB/s best", "runs", "ratio", "to")
	}
	for _, r := range rs {
		if r.err != nil {
			if *md {
				fmt.Fprintf(w, "| %s | %s | failed: %v | | | | |\n", r.input, r.name, r.err)
			} else {
				fmt.Fprintf(w, "%-28s %-56s failed: %v\n", r.input, r.name, r.err)
			}
			continue
		}
		if len(r.times) == 0 {
			continue
		}
		med := mbps(r.bytes, median(r.times))
		best := mbps(r.bytes, slices.Min(r.times))
		ratio := ""
		if ref := byName[r.input+"\x00"+r.ref]; ref != nil && len(ref.times) > 0 {
			ratio = fmt.Sprintf("%.2f×", med/mbps(ref.bytes, median(ref.times)))
		}
		if *md {
			fmt.Fprintf(w, "| %s | %s | %.0f | %.0f | %d | %s | %s |\n", r.input, "`"+r.name+"`", med, best, len(r.times), ratio, r.ref)
		} else {
			fmt.Fprintf(w, "%-28s %-56s %10.0f %10.0f %4d %8s  %s\n", r.input, r.name, med, best, len(r.times), ratio, r.ref)
		}
	}
}

// runQuiet runs a command with its output discarded (stdout to /dev/null,
// as a shell redirect would).
func runQuiet(stdin io.Reader, name string, args ...string) error {
	return runEnvIn(nil, stdin, name, args...)
}

func runEnv(env []string, name string, args ...string) error {
	return runEnvIn(env, nil, name, args...)
}

func runEnvIn(env []string, stdin io.Reader, name string, args ...string) error {
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	defer devnull.Close()
	cmd := exec.Command(name, args...)
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	cmd.Stdin = stdin
	cmd.Stdout = devnull
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %v: %s", filepath.Base(name), err, strings.TrimSpace(stderr.String()))
	}
	return nil
}

// runGrep runs a grep-like tool, whose status 1 means "no match", with
// its output read through a pipe and discarded: GNU grep stops at the
// first match when its output is /dev/null.
func runGrep(name string, args ...string) error {
	cmd := exec.Command(name, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	io.Copy(io.Discard, out)
	err = cmd.Wait()
	if err != nil && stderr.Len() > 0 {
		err = fmt.Errorf("%w: %s", err, strings.TrimSpace(stderr.String()))
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() == 1 {
		return nil
	}
	return err
}

func run(dir, name string, args ...string) { build(dir, nil, name, args...) }

// build runs a command in dir with env added to this process's
// environment, its output to stderr; it must succeed.
func build(dir string, env []string, name string, args ...string) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout = os.Stderr
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		log.Fatalf("%s %v: %v", name, args, err)
	}
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}

func moduleRoot() string {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	check(err)
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		log.Fatal("run from inside the idlint module")
	}
	return filepath.Dir(gomod)
}

// identifierDense times idlint against rg on size MB of an
// identifier-dense textgen kind, about described.
func identifierDense(dir, bin, rg, kind string, size int, about string) []*result {
	path := filepath.Join(dir, fmt.Sprintf("%s-%dMB.txt", kind, size))
	data := ensureText(path, kind, size<<20)
	n := bytes.Count(data, []byte("urn:")) + bytes.Count(data, []byte("URN:"))
	bytesIn := int64(len(data))
	data = nil
	cs := []cas{
		{name: "idlint scan --format none", run: func() error {
			return runQuiet(nil, bin, "scan", "--quiet", "--format", "none", path)
		}},
		{name: "idlint scan --format jsonl", run: func() error {
			return runQuiet(nil, bin, "scan", "--quiet", "--format", "jsonl", path)
		}},
		{name: "idlint scan --format text", run: func() error {
			return runQuiet(nil, bin, "scan", "--quiet", "--format", "text", path)
		}},
	}
	ref := "idlint scan --format none"
	if rg != "" {
		const pat = `urn:[^\s"<>]+`
		cs = append(cs,
			cas{name: "rg -o -i '" + pat + "'", run: func() error { return runGrep(rg, "-o", "-i", "--no-heading", "-e", pat, path) }},
			cas{name: "rg -c -i '" + pat + "'", run: func() error { return runGrep(rg, "-c", "-i", "-e", pat, path) }},
		)
		ref = "rg -o -i '" + pat + "'"
	}
	res := measure(fmt.Sprintf("%s %d MB (%d identifiers, %s)", kind, size, n, about), bytesIn, ref, cs, []string{path})
	runtime.GC()
	return res
}

// ensureText makes (or reuses) the synthetic text at path.
func ensureText(path, kind string, size int) []byte {
	if data, err := os.ReadFile(path); err == nil && len(data) >= size {
		return data
	}
	fmt.Fprintf(os.Stderr, "generating %s\n", path)
	data := textgen.Bytes(kind, size, 1)
	check(os.WriteFile(path, data, 0o644))
	return data
}

func ensureCompressed(path string, data []byte, format string) string {
	if _, err := os.Stat(path); err == nil {
		return path
	}
	fmt.Fprintf(os.Stderr, "compressing %s\n", path)
	f, err := os.Create(path)
	check(err)
	var w io.WriteCloser
	if format == "gz" {
		w = gzip.NewWriter(f)
	} else {
		w, err = zstd.NewWriter(f)
		check(err)
	}
	_, err = w.Write(data)
	check(err)
	check(w.Close())
	check(f.Close())
	return path
}

// ensureWARC writes the text at path as a .warc.gz of resource records of
// 5–100 KB (seed 1), each record one gzip member, as crawlers write them,
// and returns its path and decompressed size.
func ensureWARC(path string) (string, int64) {
	out := path + ".warc.gz"
	size := func() int64 {
		b, err := os.ReadFile(out + ".size")
		check(err)
		n, err := strconv.ParseInt(string(b), 10, 64)
		check(err)
		return n
	}
	if _, err := os.Stat(out + ".size"); err == nil {
		return out, size()
	}
	fmt.Fprintf(os.Stderr, "writing %s\n", out)
	text, err := os.ReadFile(path)
	check(err)
	f, err := os.Create(out)
	check(err)
	bw := bufio.NewWriterSize(f, 1<<20)
	zw := gzip.NewWriter(nil)
	rnd := rand.New(rand.NewSource(1))
	for i := 0; len(text) > 0; i++ {
		n := min(len(text), 5000+rnd.Intn(95000))
		zw.Reset(bw)
		fmt.Fprintf(zw, "WARC/1.1\r\nWARC-Type: resource\r\nWARC-Record-ID: <urn:uuid:%08x-0000-4000-8000-000000000000>\r\n"+
			"WARC-Target-URI: http://example.com/%d.txt\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n\r\n", i, i, n)
		_, err := zw.Write(text[:n])
		check(err)
		_, err = zw.Write([]byte("\r\n\r\n"))
		check(err)
		check(zw.Close())
		text = text[n:]
	}
	check(bw.Flush())
	check(f.Close())
	zr, err := os.Open(out)
	check(err)
	dec, err := gzip.NewReader(bufio.NewReaderSize(zr, 1<<20))
	check(err)
	n, err := io.Copy(io.Discard, dec)
	check(err)
	zr.Close()
	check(os.WriteFile(out+".size", []byte(strconv.FormatInt(n, 10)), 0o644))
	return out, n
}

// ensureZip writes the text at path as a zip of documents of 5–100 KB
// (seed 1), deflated at the default level.
func ensureZip(path string) string {
	out := path + ".zip"
	if _, err := os.Stat(out); err == nil {
		return out
	}
	fmt.Fprintf(os.Stderr, "writing %s\n", out)
	text, err := os.ReadFile(path)
	check(err)
	f, err := os.Create(out + ".tmp")
	check(err)
	zw := zip.NewWriter(bufio.NewWriterSize(f, 1<<20))
	rnd := rand.New(rand.NewSource(1))
	for i := 0; len(text) > 0; i++ {
		n := min(len(text), 5000+rnd.Intn(95000))
		w, err := zw.Create(fmt.Sprintf("doc%05d.txt", i))
		check(err)
		_, err = w.Write(text[:n])
		check(err)
		text = text[n:]
	}
	check(zw.Close())
	check(f.Close())
	check(os.Rename(out+".tmp", out))
	return out
}

// ensureMultiBz2 writes the text at path as bzip2 streams of 900,000 bytes
// of text each, one after another (what pbzip2 writes), with the bzip2
// command.
func ensureMultiBz2(path, bzip2Bin string) string {
	out := path + ".multi.bz2"
	if _, err := os.Stat(out); err == nil {
		return out
	}
	fmt.Fprintf(os.Stderr, "writing %s\n", out)
	text, err := os.ReadFile(path)
	check(err)
	var parts [][]byte
	for len(text) > 0 {
		n := min(len(text), 900000)
		parts, text = append(parts, text[:n]), text[n:]
	}
	streams := make([][]byte, len(parts))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, p := range parts {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			cmd := exec.Command(bzip2Bin, "-9c")
			cmd.Stdin = bytes.NewReader(p)
			b, err := cmd.Output()
			check(err)
			streams[i] = b
		}()
	}
	wg.Wait()
	check(os.WriteFile(out+".tmp", bytes.Join(streams, nil), 0o644))
	check(os.Rename(out+".tmp", out))
	return out
}

// ensureXz writes the text at path as `xz -T0` does: a stream of blocks
// of three times the dictionary (24 MiB at the default preset).
func ensureXz(path, xzBin string) string {
	out := path + ".T0.xz"
	if _, err := os.Stat(out); err == nil {
		return out
	}
	fmt.Fprintf(os.Stderr, "writing %s\n", out)
	cmd := exec.Command("sh", "-c", `"$1" -T0 -c "$2" > "$3.tmp" && mv "$3.tmp" "$3"`, "sh", xzBin, path, out)
	cmd.Stderr = os.Stderr
	check(cmd.Run())
	return out
}

// ensureSplit writes the text at path as n files of about equal size, cut
// at line ends.
func ensureSplit(path string, n int) string {
	dir := fmt.Sprintf("%s.split%d", path, n)
	if _, err := os.Stat(filepath.Join(dir, fmt.Sprintf("part%02d.txt", n-1))); err == nil {
		return dir
	}
	data, err := os.ReadFile(path)
	check(err)
	check(os.MkdirAll(dir, 0o755))
	for i := 0; i < n; i++ {
		cut := len(data) / (n - i)
		if i < n-1 {
			if j := bytes.IndexByte(data[cut:], '\n'); j >= 0 {
				cut += j + 1
			}
		} else {
			cut = len(data)
		}
		check(os.WriteFile(filepath.Join(dir, fmt.Sprintf("part%02d.txt", i)), data[:cut], 0o644))
		data = data[cut:]
	}
	return dir
}

func ensureRFC(tarzst, dir string) string {
	rdir := filepath.Join(dir, "rfc")
	if _, err := os.Stat(filepath.Join(rdir, ".complete")); err == nil {
		return rdir
	}
	fmt.Fprintf(os.Stderr, "unpacking %s\n", tarzst)
	os.RemoveAll(rdir)
	check(os.MkdirAll(rdir, 0o755))
	cmd := exec.Command("sh", "-c", `zstd -dc "$1" | tar x -C "$2"`, "sh", tarzst, rdir)
	cmd.Stderr = os.Stderr
	check(cmd.Run())
	// The tar holds symlinks (std/, bcp/ … to rfcNNNN.txt, some dangling):
	// rg skips them, idlint follows them and fails on the dangling ones.
	// Keep regular files only, so every tool reads the same bytes.
	links := 0
	check(filepath.WalkDir(rdir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type()&os.ModeSymlink != 0 {
			links++
			return os.Remove(p)
		}
		return err
	}))
	fmt.Fprintf(os.Stderr, "removed %d symlinks from the unpacked corpus\n", links)
	check(os.WriteFile(filepath.Join(rdir, ".complete"), nil, 0o644))
	return rdir
}

// readTree reads every regular file under dir (but the marker; not
// following symlinks, as rg and idlint do not).
func readTree(dir string) ([][]byte, int64) {
	var files [][]byte
	var total int64
	check(filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || d.Name() == ".complete" {
			return err // directories, and symlinks as rg skips them
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files = append(files, b)
		total += int64(len(b))
		return nil
	}))
	return files, total
}

func decodeGo(path, format string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if format == "bz2" {
		_, err := io.Copy(io.Discard, bzip2.NewReader(bufio.NewReaderSize(f, 1<<20)))
		return err
	}
	if format == "xz" {
		x, err := xz.NewReader(bufio.NewReaderSize(f, 1<<20))
		if err != nil {
			return err
		}
		_, err = io.Copy(io.Discard, x)
		return err
	}
	if format == "zip" {
		fi, err := f.Stat()
		if err != nil {
			return err
		}
		zr, err := zip.NewReader(f, fi.Size())
		if err != nil {
			return err
		}
		for _, m := range zr.File {
			rc, err := m.Open()
			if err != nil {
				return err
			}
			_, err = io.Copy(io.Discard, rc)
			rc.Close()
			if err != nil {
				return err
			}
		}
		return nil
	}
	br := bufio.NewReaderSize(f, 1<<20)
	var r io.Reader
	if format == "gz" {
		g, err := gzip.NewReader(br)
		if err != nil {
			return err
		}
		defer g.Close()
		r = g
	} else {
		conc := 1
		if format == "zst4" {
			conc = 4
		}
		z, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(conc))
		if err != nil {
			return err
		}
		defer z.Close()
		r = z
	}
	_, err = io.Copy(io.Discard, r)
	return err
}

// profile runs `idlint scan --format jsonl --cpuprofile` (output to
// /dev/null) on the file given profile-runs times, so the profile has
// enough samples, and prints the top functions, flat and cumulative.
func profile(bin, path, out string) {
	args := []string{"scan", "--quiet", "--format", "jsonl", "--cpuprofile", out}
	for range *profRuns {
		args = append(args, path)
	}
	fi, err := os.Stat(path)
	check(err)
	start := time.Now()
	check(runQuiet(nil, bin, args...))
	d := time.Since(start)
	fmt.Printf("\nCPU profile of idlint scan --format jsonl > /dev/null on %s given %d times: %.0f MB/s; written to %s\n",
		filepath.Base(path), *profRuns, mbps(fi.Size()*int64(*profRuns), d), out)
	for _, extra := range [][]string{nil, {"-cum"}} {
		cmd := exec.Command("go", append(append([]string{"tool", "pprof", "-top", "-nodecount=40"}, extra...), bin, out)...)
		cmd.Stdout = os.Stdout
		cmd.Stderr = os.Stderr
		cmd.Run()
	}
}

// ---- the identifier-set check against rg ----

type ident struct {
	file string
	off  int64
	text string
}

// checkSet compares idlint's identifiers (look-alikes included) with rg's
// matches after idlint's boundary rules are applied to them.
func checkSet(bin, rg, pat, path, dir string) {
	fmt.Fprintf(os.Stderr, "checking identifier sets on %s\n", path)
	// idlint
	cmd := exec.Command(bin, "scan", "--quiet", "--include-lookalikes", "--format", "jsonl", path)
	out, err := cmd.Output()
	if err != nil {
		fmt.Printf("set check on %s: idlint failed: %v\n", path, err)
		return
	}
	got := map[ident]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var o struct {
			Source string `json:"source"`
			Member string `json:"member"`
			Offset int64  `json:"offset"`
			Raw    string `json:"raw"`
		}
		if err := json.Unmarshal(sc.Bytes(), &o); err != nil {
			continue
		}
		got[ident{o.Source, o.Offset, o.Raw}] = true
	}
	out = nil
	// rg, with byte offsets; files separated by NUL
	cmd = exec.Command(rg, "-o", "-i", "-b", "--no-heading", "--with-filename", "--null", "-e", pat, path)
	out, err = cmd.Output()
	var ee *exec.ExitError
	if err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 1) {
		fmt.Printf("set check on %s: rg failed: %v\n", path, err)
		return
	}
	want := map[ident]bool{}
	cache := map[string][]byte{}
	dropped := 0
	for _, line := range bytes.Split(out, []byte{'\n'}) {
		nul := bytes.IndexByte(line, 0)
		if nul < 0 {
			continue
		}
		file := string(line[:nul])
		rest := line[nul+1:]
		colon := bytes.IndexByte(rest, ':')
		if colon < 0 {
			continue
		}
		var off int64
		fmt.Sscan(string(rest[:colon]), &off)
		m := rest[colon+1:]
		content, ok := cache[file]
		if !ok {
			content, _ = os.ReadFile(file)
			if len(cache) > 64 {
				clear(cache)
			}
			cache[file] = content
		}
		if bytes.HasPrefix(content, []byte("\xef\xbb\xbf")) {
			off += 3 // rg counts offsets after a UTF-8 byte order mark, idlint from the file's start
		}
		id, ok := applyRules(content, off, m)
		if !ok {
			dropped++
			continue
		}
		want[ident{file, off, id}] = true
	}
	var onlyIdlint, onlyRg []ident
	for k := range got {
		if !want[k] {
			onlyIdlint = append(onlyIdlint, k)
		}
	}
	for k := range want {
		if !got[k] {
			onlyRg = append(onlyRg, k)
		}
	}
	less := func(s []ident) {
		sort.Slice(s, func(i, j int) bool {
			if s[i].file != s[j].file {
				return s[i].file < s[j].file
			}
			return s[i].off < s[j].off
		})
	}
	less(onlyIdlint)
	less(onlyRg)
	rel := func(p string) string {
		if r, err := filepath.Rel(dir, p); err == nil {
			return r
		}
		return p
	}
	fmt.Printf("\nidentifier sets on %s: idlint %d, rg %d (%d rg matches dropped by the boundary rule before them); only idlint %d, only rg %d\n",
		rel(path), len(got), len(want), dropped, len(onlyIdlint), len(onlyRg))
	show := func(what string, s []ident) {
		for i, k := range s {
			if i == 5 {
				fmt.Printf("  … %d more\n", len(s)-5)
				break
			}
			content, _ := os.ReadFile(k.file)
			ctx := ""
			if content != nil {
				ctx = string(content[max(0, k.off-20):min(int64(len(content)), k.off+int64(len(k.text))+20)])
			}
			fmt.Printf("  only %s: %s@%d %q in %q\n", what, rel(k.file), k.off, k.text, ctx)
		}
	}
	show("idlint", onlyIdlint)
	show("rg", onlyRg)
}

// applyRules turns an rg match at off in content into what idlint's rules
// make of it: the scheme must not follow a letter, digit, mark, '+', '-'
// or '.'; a URN stops at non-ASCII, lid: and go: also at '[' and ']', an
// XRI at Unicode spaces and controls; trailing prose punctuation and
// unbalanced closing brackets go; nothing left after the colon: no match.
func applyRules(content []byte, off int64, m []byte) (string, bool) {
	if off > 0 && content != nil {
		r, _ := lastRune(content[:off])
		if r == '+' || r == '-' || r == '.' || isWordRune(r) {
			return "", false
		}
	}
	colon := bytes.IndexByte(m, ':')
	scheme := strings.ToLower(string(m[:colon]))
	end := colon + 1
	for end < len(m) {
		c := m[end]
		if scheme == "xri" {
			if c < 0x80 {
				if c <= ' ' || c == 0x7f {
					break
				}
				end++
				continue
			}
			r, n := decodeRune(m[end:])
			if r == 0xFFFD && n <= 1 || isSpaceOrControl(r) || r == 0xFEFF {
				break
			}
			end += n
			continue
		}
		if c <= ' ' || c >= 0x7f {
			break
		}
		if (scheme == "lid" || scheme == "go") && (c == '[' || c == ']') {
			break
		}
		end++
	}
	m = m[:end]
	n := trimProse(m, colon+1)
	if n <= colon+1 {
		return "", false
	}
	return string(m[:n]), true
}

func trimProse(b []byte, min int) int {
	n := len(b)
	opens := bytes.Count(b, []byte("(")) - bytes.Count(b, []byte(")"))
	sq := bytes.Count(b, []byte("[")) - bytes.Count(b, []byte("]"))
	for n > min {
		switch b[n-1] {
		case '.', ',', ';', ':', '!', '?', '\'':
		case ')':
			if opens >= 0 {
				return n
			}
			opens++
		case ']':
			if sq >= 0 {
				return n
			}
			sq++
		default:
			return n
		}
		n--
	}
	return n
}

// memoryBound is what cores read from memory: bytes.Count of ':' over
// files, their bytes cut into one run per core. Scanners cannot beat it on
// inputs larger than the caches; the two-core case is the ceiling of two
// workers (on this VM two cores read DRAM little faster than one).
func memoryBound(files [][]byte, cores int) cas {
	name := "memory bound: bytes.Count of ':' (in-process)"
	if cores > 1 {
		name = fmt.Sprintf("memory bound: bytes.Count of ':', %d cores (in-process)", cores)
	}
	var total int
	for _, f := range files {
		total += len(f)
	}
	colon := []byte{':'}
	return cas{name: name, run: func() error {
		counts := make([]int, cores)
		var wg sync.WaitGroup
		for c := range cores {
			wg.Go(func() {
				// bytes [lo, hi) of the files laid end to end
				lo, hi := total*c/cores, total*(c+1)/cores
				at := 0
				for _, f := range files {
					a, b := max(lo-at, 0), min(hi-at, len(f))
					if a < b {
						counts[c] += bytes.Count(f[a:b], colon)
					}
					if at += len(f); at >= hi {
						break
					}
				}
			})
		}
		wg.Wait()
		if slices.Min(counts) < 0 {
			return fmt.Errorf("impossible count")
		}
		return nil
	}}
}

// manyStreams are the cases of an input of many streams, which idlint
// decodes ahead on the idle cores: the decoder alone (decodeGo's format),
// and idlint's scan with every core and with one.
func manyStreams(bin, decoder, format, path, ext string) []cas {
	return []cas{
		{name: decoder, run: func() error { return decodeGo(path, format) }},
		{name: "idlint scan --format jsonl (" + ext + ")", run: func() error {
			return runQuiet(nil, bin, "scan", "--quiet", "--format", "jsonl", path)
		}},
		{name: "idlint scan -j 1 --format jsonl (" + ext + ")", run: func() error {
			return runQuiet(nil, bin, "scan", "--quiet", "-j", "1", "--format", "jsonl", path)
		}},
	}
}
