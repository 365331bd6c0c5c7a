// Command precision measures an idlint binary's precision and recall on a
// third-party evaluation set (issue 19, "How you know"); README.md in this
// folder says how the set is built and how the figures were judged.
//
//	bench/precision/build-set.sh /work/eval                  # the set (once)
//	go run ./bench/precision -idlint BIN -set /work/eval -out /tmp/prec
//	go run ./bench/precision -idlint BIN -judged testdata/precision/judged.tsv
//
// The first form scans the set with `BIN scan --format jsonl
// --include-lookalikes`, finds candidates independently with a generous
// regular expression, and prints recall (what the regex sees at an offset
// where the binary reports nothing), the error-level findings by rule with
// samples, and a fixed-seed sample of reported identifiers per scheme, each
// with its context line, for judging (written to OUT/sample-SCHEME.tsv in
// judged.tsv's format, the binary's identifiers prefilled, already judged
// contexts marked). The second form scans every judged context line with
// BIN and prints precision and recall against the judged identifiers.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/idlint/idlint/internal/tsvesc"
)

type occ struct {
	Source  string `json:"source"`
	Member  string `json:"member"`
	Offset  int64  `json:"offset"`
	Line    int    `json:"line"`
	Scheme  string `json:"scheme"`
	Raw     string `json:"raw"`
	Valid   bool   `json:"valid"`
	Kind    string `json:"kind"`
	MaxSev  string `json:"max_severity"`
	Finding []struct {
		Rule     string `json:"rule"`
		Severity string `json:"severity"`
		Message  string `json:"message"`
	} `json:"findings"`
}

type source struct {
	Source string `json:"source"`
	Member string `json:"member"`
	Format string `json:"format"`
	Status string `json:"status"`
}

func main() {
	bin := flag.String("idlint", "", "the idlint binary to measure (required)")
	set := flag.String("set", "/work/eval", "the evaluation set built by build-set.sh")
	out := flag.String("out", "", "directory for scan.jsonl, sources.jsonl and the samples (default: a temporary one)")
	reuse := flag.Bool("reuse", false, "reuse OUT/scan.jsonl instead of scanning again")
	n := flag.Int("n", 300, "sample size per scheme")
	seed := flag.Int64("seed", 19, "the sample's random seed")
	judged := flag.String("judged", "", "judged.tsv: measure BIN on its context lines instead of the set")
	flag.Parse()
	if *bin == "" {
		log.Fatal("-idlint BIN is required")
	}
	if *judged != "" {
		measureJudged(*bin, *judged)
		return
	}
	if *out == "" {
		d, err := os.MkdirTemp("", "precision")
		if err != nil {
			log.Fatal(err)
		}
		*out = d
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		log.Fatal(err)
	}
	roots := setRoots(*set)
	scanPath := filepath.Join(*out, "scan.jsonl")
	srcPath := filepath.Join(*out, "sources.jsonl")
	if !*reuse {
		args := append([]string{"scan", "--format", "jsonl", "--include-lookalikes", "--quiet", "--sources", srcPath}, roots...)
		f, err := os.Create(scanPath)
		if err != nil {
			log.Fatal(err)
		}
		cmd := exec.Command(*bin, args...)
		cmd.Stdout, cmd.Stderr = f, os.Stderr
		if err := cmd.Run(); err != nil {
			// Exit status 1 only says error findings exist.
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() > 1 {
				log.Printf("%s: %v (measuring what was written)", *bin, err)
			}
		}
		f.Close()
	}
	occs := readJSONL[occ](scanPath)
	srcs := readJSONL[source](srcPath)
	fmt.Printf("set %s, output %s\nroots: %s\n\n", *set, *out, strings.Join(roots, " "))
	summary(occs, srcs)
	recall(occs, srcs)
	errorsByRule(occs)
	text := map[string]bool{} // plain-text files: their offsets are the file's
	for _, s := range srcs {
		if s.Member == "" && s.Format == "text" {
			text[s.Source] = true
		}
	}
	known := map[string]bool{}
	if f := filepath.Join(moduleRoot(), "testdata/precision/judged.tsv"); fileExists(f) {
		for _, j := range readJudged(f) {
			known[j.context] = true
			// the sample's line is the judged context without what judging
			// added: an XRDS document's opening element before a bare
			// value (stripped), the next line after a wrapped one
			c := strings.TrimPrefix(j.context, xrdsOpen)
			if raw, err := tsvesc.Unescape(c); err == nil {
				first, _, _ := strings.Cut(raw, "\n")
				known[tsvesc.Escape(first)] = true
				known[strings.TrimSpace(tsvesc.Escape(first))] = true
			}
		}
	}
	for _, scheme := range []string{"urn", "xri"} {
		sample(occs, text, scheme, *n, *seed, known, filepath.Join(*out, "sample-"+scheme+".tsv"))
	}
}

// setRoots lists the set's parts that exist: the unpacked packages,
// /usr/share/doc and man decompressed, the RFCs, the XRI corpus, the Go tree.
func setRoots(set string) []string {
	var roots []string
	for _, d := range []string{"deb", "doc", "man", "rfc", "xri", "gosrc"} {
		p := filepath.Join(set, d)
		if r, err := filepath.EvalSymlinks(p); err == nil {
			roots = append(roots, r)
		}
	}
	if len(roots) == 0 {
		log.Fatalf("%s: no evaluation set (run bench/precision/build-set.sh)", set)
	}
	return roots
}

func summary(occs []occ, srcs []source) {
	type k struct{ scheme, kind string }
	c := map[k]int{}
	for _, o := range occs {
		c[k{o.Scheme, o.Kind}]++
	}
	var keys []k
	for x := range c {
		keys = append(keys, x)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].scheme != keys[j].scheme {
			return keys[i].scheme < keys[j].scheme
		}
		return keys[i].kind < keys[j].kind
	})
	fmt.Printf("## Occurrences (%d sources)\n\n", len(srcs))
	for _, x := range keys {
		kind := x.kind
		if kind == "" {
			kind = "identifier"
		}
		fmt.Printf("  %-4s %-16s %8d\n", x.scheme, kind, c[x])
	}
	fmt.Println()
}

var (
	generous = regexp.MustCompile(`(?i)\b(urn|xri):[^\s"'<>]+`)
	// Bare XRIs where XRDS carries them (the elements idlint reads them in).
	xrds = regexp.MustCompile(`<(CanonicalID|ProviderID|LocalID|Query)(\s[^>]*)?>\s*([=@!+$][^<\s]*)`)
)

// recall runs the regexes over every plain-text file the binary read as
// text and reports the candidates at offsets where it reported nothing.
func recall(occs []occ, srcs []source) {
	type at struct {
		src string
		off int64
	}
	seen := map[at]string{}
	for _, o := range occs {
		if o.Member == "" && (o.Scheme == "urn" || o.Scheme == "xri") {
			seen[at{o.Source, o.Offset}] = o.Kind
		}
	}
	cands, hits, asLook := map[string]int{}, map[string]int{}, map[string]int{}
	missed := map[string][]string{}
	for _, s := range srcs {
		if s.Member != "" || s.Format != "text" || s.Status != "ok" {
			continue
		}
		b, err := os.ReadFile(s.Source)
		if err != nil {
			continue
		}
		check := func(scheme string, start, end int) {
			cands[scheme]++
			kind, ok := seen[at{s.Source, int64(start)}]
			if ok {
				hits[scheme]++
				if kind != "" {
					asLook[scheme]++
				}
				return
			}
			class := boundary(b, start, end)
			missed[scheme+" "+class] = append(missed[scheme+" "+class], fmt.Sprintf("%s:%d: %s", s.Source, start, clip(b[start:end], 80)))
		}
		for _, m := range generous.FindAllSubmatchIndex(b, -1) {
			check(strings.ToLower(string(b[m[2]:m[3]])), m[0], m[1])
		}
		if bytes.Contains(b, []byte("ID>")) || bytes.Contains(b, []byte("<Query")) {
			for _, m := range xrds.FindAllSubmatchIndex(b, -1) {
				check("xri", m[6], m[7])
			}
		}
	}
	fmt.Printf("## Recall (generous regex, plain-text files only)\n\n")
	for _, scheme := range []string{"urn", "xri"} {
		miss := 0
		for k, v := range missed {
			if strings.HasPrefix(k, scheme+" ") && !strings.HasSuffix(k, "documented") {
				miss += len(v)
			}
		}
		doc := len(missed[scheme+" documented"])
		base := cands[scheme] - doc
		fmt.Printf("  %s: %d regex candidates; %d at an offset idlint reports (%d of them as look-alikes); %d outside idlint's documented boundaries; %d missed → recall %.2f %%\n",
			scheme, cands[scheme], hits[scheme], asLook[scheme], doc, miss, pct(base-miss, base))
	}
	var ks []string
	for k := range missed {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		v := missed[k]
		fmt.Printf("\n  %s: %d\n", k, len(v))
		for i, s := range v {
			if i == 8 {
				fmt.Printf("    …\n")
				break
			}
			fmt.Printf("    %s\n", s)
		}
	}
	fmt.Println()
}

// boundary says why a regex candidate idlint does not report may be
// outside its documented extraction rules (README, "Extraction"):
// "documented" when the scheme follows a character idlint's word-boundary
// rule excludes or when nothing identifier-like follows the colon, else
// "missed".
func boundary(b []byte, start, end int) string {
	if start > 0 {
		r, _ := utf8.DecodeLastRune(b[:start])
		if r == '+' || r == '-' || r == '.' || r >= 0x80 {
			return "documented"
		}
	}
	colon := bytes.IndexByte(b[start:end], ':')
	rest := b[start+colon+1 : end]
	rest = bytes.TrimRight(rest, ".,;:!?')]")
	if len(rest) == 0 || strings.ContainsRune("\\^`{|}", rune(rest[0])) || rest[0] >= 0x80 || rest[0] < 0x20 {
		return "documented"
	}
	return "missed"
}

func errorsByRule(occs []occ) {
	byRule := map[string][]string{}
	for _, o := range occs {
		if o.Kind != "" {
			continue
		}
		for _, f := range o.Finding {
			if f.Severity == "error" {
				where := o.Source
				if o.Member != "" {
					where += "!" + o.Member
				}
				byRule[f.Rule] = append(byRule[f.Rule], fmt.Sprintf("%s:%d: %s — %s", where, o.Line, o.Raw, f.Message))
			}
		}
	}
	var ks []string
	for k := range byRule {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	fmt.Printf("## Error-level findings by rule (identifiers only)\n\n")
	for _, k := range ks {
		v := byRule[k]
		fmt.Printf("  %s: %d\n", k, len(v))
		r := rand.New(rand.NewSource(19))
		r.Shuffle(len(v), func(i, j int) { v[i], v[j] = v[j], v[i] })
		for i := 0; i < len(v) && i < 6; i++ {
			fmt.Printf("    %s\n", clip([]byte(v[i]), 200))
		}
	}
	fmt.Println()
}

// sample draws n identifiers of a scheme from plain files with a fixed
// seed and writes their context lines in judged.tsv's format, the
// binary's identifiers on that line prefilled as the expectation to judge.
func sample(occs []occ, text map[string]bool, scheme string, n int, seed int64, known map[string]bool, path string) {
	var pool []int
	for i, o := range occs {
		if o.Scheme == scheme && o.Kind == "" && o.Member == "" && text[o.Source] {
			pool = append(pool, i)
		}
	}
	r := rand.New(rand.NewSource(seed))
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	if len(pool) > n {
		pool = pool[:n]
	}
	// Every identifier in a file, for the prefilled expectation.
	inFile := map[string][]occ{}
	for _, o := range occs {
		if o.Member == "" && o.Kind == "" && text[o.Source] {
			inFile[o.Source] = append(inFile[o.Source], o)
		}
	}
	f, err := os.Create(path)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	defer w.Flush()
	// A context drawn twice is written once; its fifth field lists the
	// identifiers drawn there, so precision can be weighted by draws.
	drawn := map[string][]string{}
	var order []int
	for _, i := range pool {
		o := occs[i]
		ctx, _, _, ok := contextLine(o.Source, o.Offset)
		if !ok {
			continue
		}
		if drawn[ctx] == nil {
			order = append(order, i)
		}
		drawn[ctx] = append(drawn[ctx], o.Raw)
	}
	fresh := 0
	for _, i := range order {
		o := occs[i]
		ctx, s, e, _ := contextLine(o.Source, o.Offset)
		var ids []string
		for _, p := range inFile[o.Source] {
			if p.Offset >= s && p.Offset+int64(len(p.Raw)) <= e {
				ids = append(ids, p.Raw)
			}
		}
		mark := "?"
		if known[tsvesc.Escape(ctx)] || known[strings.TrimSpace(tsvesc.Escape(ctx))] {
			mark = "judged"
		} else {
			fresh++
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", tsvesc.Escape(ctx), strings.Join(ids, " "), mark, o.Source, strings.Join(drawn[ctx], " "))
	}
	fmt.Printf("## Sample %s: %d contexts of %d identifiers (seed %d), %d not yet judged → %s\n", scheme, len(order), len(pool), seed, fresh, path)
}

// contextLine returns the line holding offset, cut to 400 bytes around
// it, and where it starts and ends in the file.
func contextLine(path string, off int64) (string, int64, int64, bool) {
	b, err := os.ReadFile(path)
	if err != nil || off >= int64(len(b)) {
		return "", 0, 0, false
	}
	s := bytes.LastIndexByte(b[:off], '\n') + 1
	e := bytes.IndexByte(b[off:], '\n')
	if e < 0 {
		e = len(b)
	} else {
		e += int(off)
	}
	if e-s > 400 {
		// Cut at a space or NUL, so no identifier is cut in two.
		if lo := int(off) - 150; lo > s {
			if k := bytes.IndexAny(b[lo:off], " \t\x00"); k >= 0 {
				s = lo + k + 1
			} else {
				s = int(off)
			}
		}
		if hi := int(off) + 250; hi < e {
			if k := bytes.LastIndexAny(b[off:hi], " \t\x00"); k > 0 {
				e = int(off) + k
			}
		}
	}
	ctx := strings.TrimRight(string(b[s:e]), "\r")
	return ctx, int64(s), int64(s + len(ctx)), true
}

// xrdsOpen is what judging puts before a bare XRDS value's context line
// (escaped): such a value is an XRI only inside an XRDS document.
const xrdsOpen = `<XRDS xmlns="xri://$xrds">\n`

type judgedLine struct {
	context  string // escaped, as in the file
	expected []string
	class    string
	source   string
}

func readJudged(path string) []judgedLine {
	b, err := os.ReadFile(path)
	if err != nil {
		log.Fatal(err)
	}
	var js []judgedLine
	for _, l := range strings.Split(string(b), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) != 4 {
			log.Fatalf("%s: want 4 tab-separated fields: %q", path, l)
		}
		js = append(js, judgedLine{f[0], strings.Fields(f[1]), f[2], f[3]})
	}
	return js
}

// measureJudged scans each judged context line with the binary and
// compares the identifiers it reports with the judged ones.
func measureJudged(bin, path string) {
	js := readJudged(path)
	dir, err := os.MkdirTemp("", "judged")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	for i, j := range js {
		ctx, err := tsvesc.Unescape(j.context)
		if err != nil {
			log.Fatalf("line %d: %v", i+1, err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%05d.txt", i)), []byte(ctx+"\n"), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	var buf bytes.Buffer
	cmd := exec.Command(bin, "scan", "--format", "jsonl", "--quiet", dir)
	cmd.Stdout, cmd.Stderr = &buf, os.Stderr
	if err := cmd.Run(); err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() > 1 {
			log.Fatal(err)
		}
	}
	got := map[int][]occ{}
	dec := json.NewDecoder(&buf)
	for dec.More() {
		var o occ
		if err := dec.Decode(&o); err != nil {
			log.Fatal(err)
		}
		i, _ := strconv.Atoi(strings.TrimSuffix(filepath.Base(o.Source), ".txt"))
		got[i] = append(got[i], o)
	}
	type tally struct{ reported, right, expected, found int }
	by := map[string]*tally{}
	wrong := map[string][]string{}
	for i, j := range js {
		want := map[string]int{}
		for _, e := range j.expected {
			want[e]++
			t := tallyFor(by, schemeOf(e))
			t.expected++
		}
		for _, o := range got[i] {
			t := tallyFor(by, o.Scheme)
			t.reported++
			if want[o.Raw] > 0 {
				want[o.Raw]--
				t.right++
				t.found++
			} else {
				wrong[j.class] = append(wrong[j.class], fmt.Sprintf("%s  (in: %s)", o.Raw, clip([]byte(j.context), 120)))
			}
		}
	}
	fmt.Printf("%s on %s (%d context lines):\n", bin, path, len(js))
	var ks []string
	for k := range by {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		t := by[k]
		fmt.Printf("  %s: precision %d/%d = %.2f %%, recall %d/%d = %.2f %%\n", k, t.right, t.reported, pct(t.right, t.reported), t.found, t.expected, pct(t.found, t.expected))
	}
	ks = ks[:0]
	for k := range wrong {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		fmt.Printf("  wrong spans in class %s: %d\n", k, len(wrong[k]))
		for i, s := range wrong[k] {
			if i == 5 {
				break
			}
			fmt.Printf("    %s\n", s)
		}
	}
}

func tallyFor[T any](m map[string]*T, k string) *T {
	if m[k] == nil {
		m[k] = new(T)
	}
	return m[k]
}

func schemeOf(id string) string {
	if i := strings.IndexByte(id, ':'); i > 0 && i < 5 {
		s := strings.ToLower(id[:i])
		if s == "urn" || s == "xri" || s == "lid" || s == "go" {
			return s
		}
	}
	return "xri" // a bare XRI from XRDS
}

func pct(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return 100 * float64(a) / float64(b)
}

func clip(b []byte, n int) string {
	s := strings.ToValidUTF8(string(b), "\uFFFD")
	if len(s) > n {
		s = s[:n] + "…"
	}
	return strings.NewReplacer("\n", "\\n", "\t", "\\t").Replace(s)
}

func readJSONL[T any](path string) []T {
	f, err := os.Open(path)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	var v []T
	dec := json.NewDecoder(bufio.NewReaderSize(f, 1<<20))
	for dec.More() {
		var x T
		if err := dec.Decode(&x); err != nil {
			log.Printf("%s: %v (stopping there)", path, err)
			break
		}
		v = append(v, x)
	}
	return v
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

func moduleRoot() string {
	d, _ := os.Getwd()
	for {
		if fileExists(filepath.Join(d, "go.mod")) {
			return d
		}
		p := filepath.Dir(d)
		if p == d {
			return "."
		}
		d = p
	}
}
