// Command idlint finds URN identifiers in text and archives, lints them
// against their specifications and reports findings and equivalence
// clusters. This file holds only the command line: flags, subcommands,
// exit codes.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/idlint/idlint"
	"github.com/idlint/idlint/corpus"
	"github.com/idlint/idlint/internal/pipesize"
	"github.com/idlint/idlint/internal/shard"
	"github.com/idlint/idlint/internal/termsafe"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/reports"
	htmlreport "github.com/idlint/idlint/reports/html"
	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/schemes"
	"github.com/idlint/idlint/rules/urn"
)

// Exit codes: a stable interface for scripts and CI.
const (
	exitOK       = 0
	exitFindings = 1 // error-level findings (check, parse)
	exitTrouble  = 2 // usage errors, unreadable inputs
)

// usage, the top-level help, is generated from the command table and the
// scheme registry (help.go).

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

var firstCollectionOnce sync.Once

// firstCollectionLater sets the collector's first goal to 16 MB instead of
// Go's 4 MB, and Go's GOGC of 100 again once that first collection is
// done, unless GOGC is set. Most of what a scan allocates stays live to
// its end (the inputs, read and write buffers, memo tables, encoders):
// the RFC directory's scan allocated 6.5 MB and ran three collections
// that freed little, ~5 % of its CPU with the faults and TLB-flush
// interrupts of the pages they read (issue 25). A scan whose heap passes
// 16 MB (dense text) is collected as before from its first collection
// on. Called when a scan starts, not at the process's: the goal's change
// wakes the runtime's scavenger, a thread made at start-up (+0.3 ms of
// `idlint version`).
func firstCollectionLater() {
	if os.Getenv("GOGC") != "" {
		return
	}
	debug.SetGCPercent(400) // Go's minimum goal, 4 MB, scales with it
	// pointers, not a tiny object, which may share its slot and never be freed
	runtime.AddCleanup(new([4]*int), func(int) { debug.SetGCPercent(100) }, 0)
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	stderr = safeStderr{termsafe.Writer(stderr), stderr}
	if len(args) == 0 {
		fmt.Fprint(stderr, usage())
		return exitTrouble
	}
	cmd, rest := args[0], args[1:]
	// Commands that do not watch for an interrupt keep its default
	// action: it ends them.
	switch cmd {
	case "version", "--version":
		return checkedOut("version", stdout, stderr, func(out io.Writer) int { return cmdVersion(rest, out, stderr) })
	case "parse":
		return checkedOut("parse", stdout, stderr, func(out io.Writer) int { return cmdParse(rest, stdin, out, stderr) })
	case "rules":
		return checkedOut("rules", stdout, stderr, func(out io.Writer) int { return cmdRules(rest, out, stderr) })
	case "config":
		return checkedOut("config", stdout, stderr, func(out io.Writer) int { return cmdConfig(rest, out, stderr) })
	case "help", "-h", "-help", "--help":
		return checkedOut("help", stdout, stderr, func(out io.Writer) int { return cmdHelp(rest, out, stderr) })
	}
	// A pre-commit hook's check is mostly the process's start: its
	// interrupt handler waits 50 ms (see interruptContext) unless it
	// writes files (armed below); the other commands' is there at once.
	delay := time.Duration(0)
	if cmd == "check" {
		delay = 50 * time.Millisecond
	}
	ctx, arm, stop := interruptContext(delay)
	defer stop()
	switch cmd {
	case "scan":
		return cmdScan(ctx, arm, rest, stdin, stdout, stderr, false)
	case "check":
		return cmdScan(ctx, arm, rest, stdin, stdout, stderr, true)
	case "merge":
		return cmdMerge(ctx, rest, stdout, stderr)
	case "report":
		return cmdReport(ctx, rest, stdout, stderr)
	case "demo":
		return cmdDemo(ctx, rest, stdout, stderr)
	}
	fmt.Fprintf(stderr, "idlint: %s; run 'idlint help'\n", unknownCommand(cmd))
	return exitTrouble
}

func cmdVersion(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("version", stderr)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(fs, err, stdout)
	}
	if len(pos) > 0 {
		fmt.Fprintf(stderr, "idlint version: takes no arguments, got %q\n", pos[0])
		return exitTrouble
	}
	fmt.Fprintf(stdout, "idlint %s (URN namespaces registry %s)\n", idlint.Version, urn.RegistryDate)
	return exitOK
}

// common holds the flags every linting command shares.
type common struct {
	profiles   multiFlag
	severities multiFlag
	ignore     multiFlag
	options    []*schemeOption // one flag per option the registry declares (--urn-equivalence …)
	cf         configFlags     // --config, --isolated, --select … (config.go)
}

// schemeOption is the flag of one scheme option (rules.Option).
type schemeOption struct {
	scheme *rules.Scheme
	opt    *rules.Option
	value  string
}

func (c *common) register(fs *flag.FlagSet) {
	fs.Var(&c.profiles, "profile", "`SCHEME=NAME` profile per scheme, e.g. urn=rfc2141 (repeatable; urn: rfc2141, rfc2141bis-03, rfc8141 [default])")
	fs.Var(&c.severities, "severity", "`RULE=LEVEL` override a rule's severity: error, warning, info, off; RULE is an ID, a name (every scheme's rule of that name) or scheme/name (repeatable)")
	fs.Var(&c.ignore, "ignore", "`RULE[,RULE]` disable rules by ID, ID prefix (URN04), name or scheme/name (repeatable)")
	c.cf.register(fs)
	for _, s := range schemes.All() {
		for i := range s.Options {
			o := &schemeOption{scheme: s, opt: &s.Options[i]}
			c.options = append(c.options, o)
			fs.StringVar(&o.value, s.FlagName(o.opt), o.opt.Default, o.opt.Usage)
		}
	}
}

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// parseFlags lets flags and arguments interleave (idlint check a.txt -j 2)
// and accepts -j4 as ripgrep and make do.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	args = append([]string(nil), args...)
	for i, a := range args {
		if a == "--" {
			break
		}
		if len(a) > 2 && a[:2] == "-j" && strings.Trim(a[2:], "0123456789") == "" {
			args[i] = "-j=" + a[2:]
		}
	}
	// the flag package prints the error and every flag's help: say
	// one line instead (flagError), and leave -h to the caller (flagExit)
	out := fs.Output()
	fs.SetOutput(io.Discard)
	defer fs.SetOutput(out)
	for {
		if err := fs.Parse(args); err != nil {
			if !errors.Is(err, flag.ErrHelp) {
				fmt.Fprintln(out, flagError(fs, err))
			}
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("idlint "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

func cmdParse(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("parse", stderr)
	var c common
	c.register(fs)
	format := fs.String("format", "text", "output `FORMAT`: text, json or jsonl")
	scheme := fs.String("scheme", "", "read inputs as this `SCHEME` (default: from each identifier's prefix, else urn)")
	base := fs.String("base", "", "resolve each input as a reference relative to this base `IDENTIFIER` first (xri:, lid:)")
	idents, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(fs, err, stdout)
	}
	if !slices.Contains(parseFormats, *format) {
		fmt.Fprintln(stderr, "idlint parse:", unknownValue("format", *format, parseFormats))
		return exitTrouble
	}
	cfg, err := c.config(fs)
	if err != nil {
		fmt.Fprintln(stderr, "idlint parse:", err)
		return exitTrouble
	}
	eng, err := lint.New(cfg)
	if err != nil {
		fmt.Fprintln(stderr, "idlint parse:", err)
		return exitTrouble
	}
	if len(idents) == 0 {
		sc := bufio.NewScanner(stdin)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			if line := strings.TrimRight(sc.Text(), "\r"); line != "" {
				idents = append(idents, line)
			}
		}
		if err := sc.Err(); err != nil {
			fmt.Fprintln(stderr, "idlint parse: reading stdin:", err)
			return exitTrouble
		}
	}
	results := make([]lint.Occurrence, 0, len(idents))
	code := exitOK
	for _, id := range idents {
		o, err := idlint.ParseIdent(eng, id, *scheme, *base)
		if err != nil {
			fmt.Fprintln(stderr, "idlint parse:", err)
			return exitTrouble
		}
		if !o.Valid() {
			code = exitFindings
		}
		results = append(results, o)
	}
	if err := reports.WriteParse(stdout, *format, results); err != nil {
		fmt.Fprintln(stderr, "idlint parse:", err)
		return exitTrouble
	}
	return code
}

func cmdScan(ctx context.Context, arm func(), args []string, stdin io.Reader, stdout, stderr io.Writer, check bool) (code int) {
	name := "scan"
	if check {
		name = "check"
	}
	fs := newFlagSet(name, stderr)
	var c common
	c.register(fs)
	var outs outputFlags
	if check {
		outs.register(fs, inCheck)
	} else {
		outs.register(fs, inScan)
	}
	report := fs.String("report", "", "also write Parquet tables (occurrences, findings, clusters, sources) to `DIR`")
	var reportCodec codecFlag
	fs.Var(&reportCodec, "report-compression", "`CODEC` of --report's identifier columns: zstd, or snappy (less CPU, larger files)")
	htmlOut := fs.String("html", "", "also write the data-quality report, one offline HTML page, to `FILE`")
	runID := fs.String("run-id", "", "run identifier stored in reports (default: time and random)")
	shardFlag := fs.String("shard", "", "process only shard `K/N` of the inputs (stable, by the path relative to --shard-root)")
	shardRoot := fs.String("shard-root", "", "shards hash each input's path relative to `DIR` (default: the common root of the inputs)")
	skip := fs.Bool("skip-done", false, "exit 0 at once when the --report directory already holds this run's complete report (its DONE.json)")
	minSev := "warning"
	var fx fixFlags
	if check {
		fs.StringVar(&minSev, "min-severity", "warning", "report findings at or above `LEVEL`: error, warning, info")
		fx.register(fs)
	}
	var bl baselineFlags
	if check {
		bl.register(fs)
	}
	sources := fs.String("sources", "", "write one JSON line per input and member to `FILE` (- for stdout, e.g. with --format none)")
	jobs := fs.Int("j", 0, "parallel inputs (default: number of CPUs; at most twice that, or 4)")
	maxLen := fs.Int("max-len", 0, "longest identifier in bytes; longer ones are cut and flagged (default 8192)")
	follow := fs.Bool("follow-symlinks", false, "walk into symlinked directories")
	var copt corpus.Options
	fs.BoolVar(&copt.NoIgnore, "no-ignore", false, "walk directories without reading .gitignore, .ignore and .git/info/exclude (explicit files are always read)")
	fs.BoolVar(&copt.Hidden, "hidden", false, "walk hidden files and directories (names starting with \".\"); with --no-ignore, .git too")
	lookalikes := fs.Bool("include-lookalikes", false, "also report look-alikes (//go:build, LID: labels …) with their kind")
	quiet := fs.Bool("quiet", false, "no progress display on stderr")
	suppress := fs.Bool("suppressions", check, "honour idlint:ignore[…] / ignore-next-line / disable / disable-file / enable comments and report their own problems (IDL100-IDL103; default: on for check, off for scan)")
	memLimit := fs.Int64("memory-limit", 448<<20, "soft memory limit in `BYTES` for the Go runtime (default 448 MiB; GC works harder near it; 0: the runtime's default, or $GOMEMLIMIT)")
	clusterMem := fs.Int64("cluster-memory", 0, "memory in `BYTES` the clusters (text, JSON, SARIF, HTML, --report) may take before they spill to sorted runs in --temp-dir, merged at the end (default: a quarter of --memory-limit, 256 MiB without one; -1 never spill)")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile to `FILE` (for performance work)")
	memprofile := fs.String("memprofile", "", "write a heap profile to `FILE` at the end")
	color := colorFlag(fs)
	forceExclude := fs.Bool("force-exclude", false, "apply idlint.toml's exclude to the paths given as arguments too (for pre-commit, which names each file; as ruff's)")
	fs.Int64Var(&copt.MaxMemberBytes, "max-member-bytes", 0, "largest decompressed document in `BYTES`; it is cut there and reported as an error, what was scanned before still counts (default 4 GiB, -1 no limit)")
	fs.Float64Var(&copt.MaxRatio, "max-ratio", 0, "largest expansion of one decompression layer, output bytes per compressed byte, checked after 1 MiB of output (default 1000, -1 none)")
	fs.IntVar(&copt.MaxDepth, "max-depth", 0, "archives opened one inside another, and compression layers in a row (default 4, -1 open nothing)")
	fs.Int64Var(&copt.MaxWindowBytes, "max-window", 0, "largest zstd/xz decoder window in `BYTES` a stream may ask for, in every xz block (default 512 MiB)")
	fs.Int64Var(&copt.MaxDecompressedBytes, "max-decompressed", 0, "`BYTES` an input's decompression layers and archive members may produce in all; past it the member is cut, nothing more of the input opened (default max(1 GiB, 100 × the input's size), -1 none)")
	fs.IntVar(&copt.MaxEntries, "max-entries", 0, "members opened per zip, tar or ar archive (default 1048576, -1 none)")
	fs.BoolVar(&copt.SkipBinary, "skip-binary", check, "skip documents with a NUL byte in their first 8 KiB, as ripgrep does (default: on for check, whose findings in a binary's bytes no commit can fix; off for scan, identifiers sit in binaries too)")
	useMmap := fs.Bool("mmap", false, "scan large plain-text files memory-mapped (default: unless a probe of the first large file finds mapped pages over 1.5× dearer than read ones)")
	noMmap := fs.Bool("no-mmap", false, "read large plain-text files instead of scanning them memory-mapped (wins over --mmap)")
	fs.BoolVar(&copt.IncludeWARCMeta, "warc-meta", false, "also scan WARC warcinfo and request records, every WARC record's header block (its member is RECORD-ID#headers) and ARC filedesc records")
	fs.StringVar(&copt.TempDir, "temp-dir", "", "where zips found inside streams are spooled when over 16 MiB (default: the system's)")
	paths, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(fs, err, stdout)
	}
	// mapped only where mapped pages are cheap by default: on some VMs
	// measured a page first touched through a map cost 0.3-1.7 µs, more
	// than a read's copy, on others 20-100 ns (issue 25)
	copt.NoMmap = *noMmap
	copt.MmapIfCheap = !*useMmap
	stdout = withColor(color, stdout)
	if *jobs < 0 {
		fmt.Fprintf(stderr, "idlint %s: -j %d: want a number of parallel inputs (0 or none: one per CPU)\n", name, *jobs)
		return exitTrouble
	}
	if len(paths) == 0 && check {
		paths = []string{"."} // as ruff: check the tree it is run in
	}
	if len(paths) == 0 {
		fmt.Fprintf(stderr, "idlint %s: no input paths (use - for stdin)\n", name)
		return exitTrouble
	}
	ld, cfg, err := c.scanConfig(fs, paths, &copt, maxLen)
	if err != nil {
		fmt.Fprintf(stderr, "idlint %s: %v\n", name, err)
		return exitTrouble
	}
	copt.Skip = ld.Excluded // exclude globs of each path's idlint.toml
	if *forceExclude {
		var n int
		if paths, n = excludeArgs(ld, paths); n > 0 {
			fmt.Fprintf(stderr, "idlint %s: %d argument(s) excluded by idlint.toml (--force-exclude)\n", name, n)
		}
		if len(paths) == 0 {
			return exitOK // every file named was excluded: nothing to lint
		}
	}
	if *jobs > idlint.MaxJobs() {
		fmt.Fprintf(stderr, "idlint %s: -j %d capped at %d (twice the CPUs, or 4: more would only hold more memory)\n", name, *jobs, idlint.MaxJobs())
		*jobs = idlint.MaxJobs()
	}
	opt := idlint.Options{Lint: cfg, Jobs: *jobs, MaxLen: *maxLen, Stdin: stdin, IncludeLookalikes: *lookalikes, Suppressions: *suppress, EngineFor: ld.EngineFor}
	copt.FollowSymlinks = *follow
	opt.Corpus = copt
	if !*quiet && isOSStderr(stderr) {
		opt.Progress = reports.NewProgress(os.Stderr)
	}
	if *shardFlag != "" {
		if _, err := fmt.Sscanf(*shardFlag, "%d/%d", &opt.ShardK, &opt.ShardN); err != nil || opt.ShardN < 1 || opt.ShardK < 1 || opt.ShardK > opt.ShardN {
			fmt.Fprintf(stderr, "idlint %s: --shard %q: want K/N with 1 <= K <= N\n", name, *shardFlag)
			return exitTrouble
		}
	}
	opt.ShardRoot = *shardRoot
	sm := shardMeta(fs, ld, paths, opt)
	if *skip {
		if *report == "" {
			fmt.Fprintf(stderr, "idlint %s: --skip-done needs --report DIR\n", name)
			return exitTrouble
		}
		want := sm
		want.Profiles = profilesOf(cfg)
		if skipDone(*report, want) {
			fmt.Fprintf(stderr, "idlint %s: %s already holds this run's complete report (%s): skipped (--skip-done)\n", name, *report, shard.DoneFile)
			return exitOK
		}
	}
	if *report != "" || *htmlOut != "" || *sources != "" && *sources != "-" || outs.writesFiles() {
		arm() // files to finish or remove on an interrupt, from the start
	}
	var srcW io.Writer
	if *sources == "-" {
		srcW = stdout
	} else if *sources != "" {
		f, err := os.Create(*sources)
		if err != nil {
			fmt.Fprintf(stderr, "idlint %s: %v\n", name, err)
			return exitTrouble
		}
		defer f.Close()
		srcW = f
	}
	rep := reportSpec{dir: *report, html: *htmlOut, runID: *runID, snappy: reportCodec == "snappy", args: append([]string{"idlint", name}, args...), cfg: cfg, shard: sm}
	firstCollectionOnce.Do(firstCollectionLater)
	if *memLimit > 0 && os.Getenv("GOMEMLIMIT") == "" {
		// keep a large run under ~512 MB RSS instead of letting the heap
		// grow past the live set; clusters spill to disk past a quarter
		// of it (issue 24 §5)
		// GOGC stays at Go's 100: the memo's tables hold no pointers, so a
		// collection is cheap, and 400 let the heap grow to 4-5x the live
		// set (issue 25: -30 MB RSS on dense text, no CPU measured)
		// the memos' big tables are mapped outside the heap, up to
		// lint.MemoOffHeap: the heap gets the rest of the limit
		debug.SetMemoryLimit(max(*memLimit-lint.MemoOffHeap, *memLimit/2))
	}
	reports.SetClusterSpill(clusterBudget(*clusterMem, *memLimit), copt.TempDir)
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		pw := &errWriter{w: f} // pprof drops its write errors
		if err == nil {
			err = pprof.StartCPUProfile(pw)
		}
		if err != nil {
			fmt.Fprintf(stderr, "idlint %s: --cpuprofile: %v\n", name, err)
			return exitTrouble
		}
		defer func() {
			pprof.StopCPUProfile()
			profileDone(name, "--cpuprofile", errors.Join(pw.err, f.Close()), &code, stderr)
		}()
	}
	if *memprofile != "" {
		defer func() {
			f, err := os.Create(*memprofile)
			if err == nil {
				err = pprof.Lookup("allocs").WriteTo(f, 0)
				err = errors.Join(err, f.Close())
			}
			profileDone(name, "--memprofile", err, &code, stderr)
		}()
	}
	outs.unsafe = fx.unsafe
	if fx.on() {
		fx.baseline = bl.read
		return fx.run(ctx, arm, paths, opt, minSev, stdout, stderr, func() int {
			return scanWith(ctx, name, paths, opt, outs, minSev, check, srcW, rep, bl, stdout, stderr)
		})
	}
	return scanWith(ctx, name, paths, opt, outs, minSev, check, srcW, rep, bl, stdout, stderr)
}

// codecFlag is --report-compression: the codec of the report's
// identifier columns, zstd (the default) or snappy.
type codecFlag string

func (c *codecFlag) String() string {
	if c == nil || *c == "" {
		return "zstd"
	}
	return string(*c)
}

func (c *codecFlag) Set(s string) error {
	switch s {
	case "zstd", "snappy":
		*c = codecFlag(s)
		return nil
	}
	return fmt.Errorf("%q: want zstd or snappy", s)
}

// reportSpec says where and how to write the Parquet report.
type reportSpec struct {
	dir, runID string
	snappy     bool   // --report-compression snappy
	html       string // --html FILE
	args       []string
	cfg        lint.Config
	shard      shard.Meta
}

// reportMeta is what a report records of its run.
type reportMeta struct {
	RunID, Version, Profiles, CommandLine string
	Start                                 time.Time
	Shard                                 shard.Meta // shards.go
	Snappy                                bool       // identifier columns Snappy (--report-compression snappy)
}

func (r reportSpec) options() reportMeta {
	id := r.runID
	if id == "" {
		id = idlint.NewRunID()
	}
	profiles := profilesOf(r.cfg) // a bad config fails the scan itself
	sm := r.shard
	sm.RunID, sm.Version, sm.Profiles = id, idlint.Version, profiles
	return reportMeta{RunID: id, Version: idlint.Version, Profiles: profiles,
		CommandLine: strings.Join(r.args, " "), Start: time.Now(), Shard: sm, Snappy: r.snappy}
}

func scanWith(ctx context.Context, name string, paths []string, opt idlint.Options, outs outputFlags, minSev string, check bool, srcW io.Writer, rep reportSpec, bl baselineFlags, stdout, stderr io.Writer) int {
	cmd := inScan
	switch name {
	case "check":
		cmd = inCheck
	case "demo":
		cmd = inDemo
	}
	specs, err := outs.resolve()
	if err != nil {
		fmt.Fprintf(stderr, "idlint %s: %v\n", name, err)
		return exitTrouble
	}
	failOn, err := outs.failLevel()
	if err != nil {
		fmt.Fprintf(stderr, "idlint %s: %v\n", name, err)
		return exitTrouble
	}
	if f, ok := stdout.(*os.File); ok {
		// dense input's JSON Lines are ~6x the input (issue 25)
		pipesize.Widen(f)
	}
	out := output{stdout: stdout, stderr: stderr, sources: srcW}
	if rep.dir != "" || rep.html != "" || needsRun(cmd, specs) {
		out.meta = rep.options() // a run ID reads crypto/rand: only when a report needs one
	}
	sev, err := parseMinSeverity(minSev)
	if check && err != nil {
		fmt.Fprintf(stderr, "idlint %s: --min-severity: %v\n", name, err)
		return exitTrouble
	}
	out.min = sev
	sink, err := outs.sinks(cmd, specs, out)
	if err != nil {
		fmt.Fprintf(stderr, "idlint %s: %v\n", name, err)
		return exitTrouble
	}
	sink, base, err := bl.wrap(sink, out.min, rep.cfg)
	if err != nil {
		fmt.Fprintf(stderr, "idlint %s: %v\n", name, err)
		return exitTrouble
	}
	var pw reports.Sink
	scanSink := idlint.Sink(sink)
	if rep.dir != "" {
		var err error
		if pw, err = createReport(rep.dir, out.meta); err != nil {
			fmt.Fprintf(stderr, "idlint %s: %v\n", name, err)
			return exitTrouble
		}
		scanSink = idlint.Tee(sink, pw)
	}
	var hw *htmlreport.Collector
	if rep.html != "" {
		hw = newHTMLReport(rep, out.meta, paths)
		scanSink = idlint.Tee(scanSink, hw)
	}
	sum, err := idlint.Scan(ctx, paths, opt, scanSink)
	if err != nil && ctx.Err() != nil && errors.Is(err, context.Canceled) {
		err = errInterrupted // SIGINT: say so, not "context canceled"
	}
	if err == nil {
		err = sink.Finish(sum)
	} else {
		sink.Abort(err)
	}
	sum = bl.done(base, sum, name, err, stderr)
	if pw != nil {
		if err == nil {
			if err = pw.Finish(sum); err == nil {
				fmt.Fprintf(stderr, "idlint %s: report written to %s (run %s)\n", name, rep.dir, out.meta.RunID)
			} else {
				fmt.Fprintf(stderr, "idlint %s: no report written to %s\n", name, rep.dir) // err follows
			}
		} else {
			pw.Abort(err)
			fmt.Fprintf(stderr, "idlint %s: no report written to %s: the run failed\n", name, rep.dir)
		}
	}
	if hw != nil {
		if herr := finishHTML(hw, rep.html, sum, err, name, stderr); err == nil {
			err = herr
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "idlint %s: %v\n", name, err)
		return exitTrouble
	}
	if sum.Failed() {
		fmt.Fprintf(stderr, "idlint %s: %d input(s) could not be read completely\n", name, sum.Errors)
		return exitTrouble
	}
	if check && sum.Ignored > 0 {
		fmt.Fprintf(stderr, "idlint %s: %s\n", name, reports.IgnoredNote(sum.Ignored))
	}
	if check && failed(sum, failOn) {
		if !failed(sum, out.min) { // nothing shown: say why the run fails
			fmt.Fprintf(stderr, "idlint %s: %s\n", name, hiddenFailNote(sum, failOn, out.min))
		}
		return exitFindings
	}
	return exitOK
}

// withSources tees source records to a JSON Lines file when asked.
func withSources(s reports.Sink, w io.Writer) reports.Sink {
	if w == nil {
		return s
	}
	return &teeSources{Sink: s, j: reports.NewJSONL(io.Discard, w)}
}

type teeSources struct {
	reports.Sink
	j *reports.JSONL
}

func (t *teeSources) IgnoresOccurrences() bool { return ignores(t.Sink) }

func (t *teeSources) Source(r *record.Source) error {
	if err := t.j.Source(r); err != nil {
		return err
	}
	if err := t.j.Flush(); err != nil {
		return err
	}
	return t.Sink.Source(r)
}

func cmdRules(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("rules", stderr)
	md := fs.Bool("markdown", false, "print the catalog as the Markdown table README.md carries")
	nsPage := fs.String("namespace", "", "print the page of a URN namespace with its own checks (uuid, ietf:params …)")
	ids, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(fs, err, stdout)
	}
	if *nsPage != "" {
		d := urn.LookupNamespace(*nsPage)
		if d == nil {
			fmt.Fprintf(stderr, "idlint rules: no namespace page for %q; %s", *nsPage, urn.NamespaceSummary())
			return exitTrouble
		}
		fmt.Fprint(stdout, d.Page())
		return exitOK
	}
	if len(ids) == 0 {
		if *md {
			fmt.Fprint(stdout, reports.RuleMarkdown(lint.Rules()))
		} else {
			fmt.Fprint(stdout, reports.RuleTable(lint.Rules()))
			fmt.Fprint(stdout, "\n"+urn.NamespaceSummary())
		}
		return exitOK
	}
	code := exitOK
	first := true
	for _, id := range ids {
		rs := lint.Find(id)
		if len(rs) == 0 {
			fmt.Fprintf(stderr, "idlint rules: %v\n", &lint.UnknownRuleError{Name: id})
			code = exitTrouble
			continue
		}
		for _, r := range rs {
			if !first {
				fmt.Fprintln(stdout)
			}
			first = false
			fmt.Fprint(stdout, r.Page())
		}
	}
	return code
}

type nopSink struct{}

func (nopSink) Occurrence(*lint.Occurrence) error { return nil }
func (nopSink) IgnoresOccurrences() bool          { return true }
func (nopSink) Source(*record.Source) error       { return nil }
func (nopSink) Finish(reports.Summary) error      { return nil }
func (nopSink) Abort(error)                       {}

func cmdMerge(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("merge", stderr)
	runID := fs.String("run-id", "", "run identifier of the merged report (default: time and random)")
	force := fs.Bool("force", false, "replace OUT when it exists")
	partial := fs.Bool("allow-partial", false, "merge the shards given when some are missing, and record which in the merged metadata")
	var reportCodec codecFlag
	fs.Var(&reportCodec, "report-compression", "`CODEC` of OUT's identifier columns: zstd, or snappy (less CPU, larger files)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(fs, err, stdout)
	}
	if len(pos) < 2 {
		fmt.Fprintln(stderr, "idlint merge: want OUT SHARD_DIR...")
		return exitTrouble
	}
	rep := reportSpec{runID: *runID, snappy: reportCodec == "snappy", args: append([]string{"idlint", "merge"}, args...)}
	if !withParquet {
		fmt.Fprintln(stderr, "idlint merge:", mergeReports(ctx, "", nil, reportMeta{}, false))
		return exitTrouble
	}
	missing, ok := mergeChecked(ctx, pos[0], pos[1:], *force, *partial, rep.options(), stderr)
	if !ok {
		return exitTrouble
	}
	if len(missing) > 0 {
		fmt.Fprintf(stdout, "merged %d report(s) into %s; shard(s) %s missing (recorded in its metadata)\n", len(pos)-1, pos[0], shard.MissingList(missing))
		return exitOK
	}
	fmt.Fprintf(stdout, "merged %d report(s) into %s\n", len(pos)-1, pos[0])
	return exitOK
}

// parquetHint is how to get the build with Parquet reports and the Arrow
// stream (parquet.go), which the default build leaves out.
const parquetHint = "go install -tags parquet github.com/idlint/idlint/cmd/idlint@latest"

func cmdDemo(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("demo", stderr)
	var c common
	c.register(fs)
	format := fs.String("format", "text", formatFlagHelp(inDemo))
	report := fs.String("report", "", "also write the Parquet report to `DIR` (default: none)")
	htmlOut := fs.String("html", "", "write the data-quality report, one offline HTML page, to `FILE` (default: demo-report.html in the user cache directory, replaced each run; none: no page)")
	color := colorFlag(fs)
	extra, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(fs, err, stdout)
	}
	if len(extra) > 0 {
		fmt.Fprintf(stderr, "idlint demo: takes no paths, got %q (it scans the embedded sample; scan PATH… scans yours)\n", extra[0])
		return exitTrouble
	}
	stdout = withColor(color, stdout)
	cfg, err := c.config(fs)
	if err != nil {
		fmt.Fprintln(stderr, "idlint demo:", err)
		return exitTrouble
	}
	eng, err := lint.New(cfg)
	if err != nil {
		fmt.Fprintln(stderr, "idlint demo:", err)
		return exitTrouble
	}
	fmt.Fprintf(stderr, "idlint demo: scanning the embedded sample corpus (sample/) with profiles %s\n", eng.ProfileList())
	opt := idlint.Options{Lint: cfg}
	opt.Corpus.FS = idlint.Sample
	if *report == "" && !withParquet {
		fmt.Fprintf(stderr, "idlint demo: the Parquet report needs the build with Parquet and Arrow: %s\n", parquetHint)
	}
	// the HTML page goes to one fixed place, replaced each run: a new
	// temporary directory was left behind by every run (issue 20), and
	// the demo is where a newcomer first sees the page (issue 22)
	switch *htmlOut {
	case "none":
		*htmlOut = ""
	case "":
		if *htmlOut, err = demoHTMLPath(); err != nil {
			fmt.Fprintln(stderr, "idlint demo:", err)
			return exitTrouble
		}
	}
	rep := reportSpec{dir: *report, html: *htmlOut, args: append([]string{"idlint", "demo"}, args...), cfg: cfg}
	return scanWith(ctx, "demo", []string{"sample"}, opt, outputFlags{specs: []outputSpec{{format: *format}}}, "", false, nil, rep, baselineFlags{}, stdout, stderr)
}

// profileDone fails the run when a profile could not be written: a
// profile cut short is no profile (a full disk, issue 24 §8).
func profileDone(name, flag string, err error, code *int, stderr io.Writer) {
	if err != nil {
		fmt.Fprintf(stderr, "idlint %s: %s: %v\n", name, flag, err)
		*code = exitTrouble
	}
}

// parseMinSeverity is rules.ParseSeverity without "off": a level below
// which findings are not shown is error, warning or info.
func parseMinSeverity(s string) (rules.Severity, error) {
	sev, err := rules.ParseSeverity(s)
	if err == nil && sev == rules.None {
		err = fmt.Errorf("unknown level %q (want error, warning or info)", s)
	}
	return sev, err
}

// checkedOut runs a command that prints to stdout with fmt and fails it
// when a write failed (a full disk, a closed pipe): its output is cut
// short, which exit status 0 would hide (issue 24 §8). A command that
// failed already has said why.
func checkedOut(name string, stdout, stderr io.Writer, cmd func(io.Writer) int) int {
	out := &errWriter{w: stdout}
	code := cmd(out)
	if out.err != nil && code != exitTrouble {
		fmt.Fprintf(stderr, "idlint %s: writing the output: %v\n", name, out.err)
		return exitTrouble
	}
	return code
}

// errWriter keeps the first error of its writes, and writes nothing after it.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	e.err = err
	return n, err
}

// safeStderr is the standard error of a command: every message written
// to it has what a terminal would act on escaped (internal/termsafe),
// whatever input it names.
type safeStderr struct {
	io.Writer
	raw io.Writer // the writer it escapes for
}

// isOSStderr reports whether w is the process's standard error (then a
// terminal's progress line may be drawn on it).
func isOSStderr(w io.Writer) bool {
	if s, ok := w.(safeStderr); ok {
		w = s.raw
	}
	return w == io.Writer(os.Stderr)
}

// errInterrupted is the error of a run ended by an interrupt (SIGINT).
var errInterrupted = errors.New("interrupted")

// interruptContext is cancelled by an interrupt (SIGINT or SIGTERM) once
// its handler is installed: after delay, or when arm is called, whichever
// comes first. signal.Notify starts an OS thread and its Stop waits for
// it (~0.3 ms of a one-file check, measured); an interrupt before the
// handler is there ends the process by the default action, which is fine
// while nothing is being written.
func interruptContext(delay time.Duration) (ctx context.Context, arm, stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	var stopSig func() // set once armed
	arm = func() {
		mu.Lock()
		defer mu.Unlock()
		if stopSig == nil && ctx.Err() == nil {
			sigs, done := make(chan os.Signal, 2), make(chan struct{})
			var got atomic.Bool // an interrupt came
			signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
			go interrupted(sigs, done, cancel, &got)
			stopSig = sync.OnceFunc(func() { // stop may be called twice
				if got.Load() {
					// the run ends with the interrupted status: a second
					// interrupt while it exits must not end it by the
					// default action instead
					signal.Ignore(os.Interrupt, syscall.SIGTERM)
				}
				signal.Stop(sigs)
				close(done)
			})
		}
	}
	var t *time.Timer
	if delay <= 0 {
		arm()
	} else {
		t = time.AfterFunc(delay, arm)
	}
	return ctx, arm, func() {
		if t != nil {
			t.Stop()
		}
		cancel()
		mu.Lock()
		defer mu.Unlock()
		if stopSig != nil {
			stopSig()
		}
	}
}

// forceExitAfter is how long an interrupted run may take to end (a read
// blocked on a pipe does not see the cancellation) before it is ended.
const forceExitAfter = 5 * time.Second

// interrupted acts on the signals until done: the first removes the zip
// spool files at once (issue 24 §2: an exit by signal skips the defers
// that would) and cancels the run; a second one, or a run still going
// forceExitAfter later, exits with the interrupted run's status.
func interrupted(sigs <-chan os.Signal, done <-chan struct{}, cancel func(), got *atomic.Bool) {
	select {
	case <-sigs:
	case <-done:
		return
	}
	got.Store(true)
	corpus.RemoveSpools()
	cancel()
	t := time.NewTimer(forceExitAfter)
	defer t.Stop()
	select {
	case <-sigs:
	case <-t.C:
	case <-done:
		return
	}
	corpus.RemoveSpools() // those made since
	fmt.Fprintln(os.Stderr, "idlint: interrupted")
	os.Exit(exitTrouble)
}

// demoHTMLPath is where demo writes its HTML page by default:
// idlint/demo-report.html in the user cache directory (XDG_CACHE_HOME,
// ~/.cache), or in the temporary directory when there is none.
func demoHTMLPath() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	dir = filepath.Join(dir, "idlint")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	return filepath.Join(dir, "demo-report.html"), nil
}

// clusterBudget is the memory the clusters may take before they spill
// (issue 24 §5): flag, else a quarter of the soft memory limit in force
// ($GOMEMLIMIT or --memory-limit), else reports.DefaultClusterBudget.
func clusterBudget(flag, memLimit int64) int64 {
	switch {
	case flag < 0:
		return 0
	case flag > 0:
		return flag
	}
	if lim := debug.SetMemoryLimit(-1); lim > 0 && lim < math.MaxInt64 {
		return lim / 4
	}
	if memLimit > 0 {
		return memLimit / 4
	}
	return reports.DefaultClusterBudget
}
