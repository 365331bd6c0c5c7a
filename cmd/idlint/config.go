package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/idlint/idlint/corpus"
	"github.com/idlint/idlint/extract"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/lint/config"
	"github.com/idlint/idlint/rules"
)

// configFlags are the flags that choose configuration files and rules
// (lint/config); every linting command has them.
type configFlags struct {
	file          string
	isolated      bool
	selects       multiFlag
	extendSelects multiFlag
}

func (cf *configFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&cf.file, "config", "", "read the configuration from `FILE` only, for every path (default: the idlint.toml closest to each file)")
	fs.BoolVar(&cf.isolated, "isolated", false, "read no configuration file")
	fs.BoolVar(&cf.isolated, "no-config", false, "the same as --isolated")
	fs.Var(&cf.selects, "select", "`RULE[,RULE]` enable only these rules: IDs, ID prefixes (URN04), names, scheme/name or ALL (repeatable)")
	fs.Var(&cf.extendSelects, "extend-select", "`RULE[,RULE]` enable these rules besides the selected ones (repeatable)")
}

// limitFlags are the flags of the run-wide limits (config.Limits).
var limitFlags = []string{"max-len", "max-member-bytes", "max-ratio", "max-depth", "max-window", "max-decompressed", "max-entries"}

// loader builds the configuration loader of a command from its parsed
// flags: the flags given make the layer applied after every file.
func (c *common) loader(fs *flag.FlagSet) (*config.Loader, error) {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if c.cf.isolated && c.cf.file != "" { // as ruff: one says read FILE, the other read none
		return nil, fmt.Errorf("--config %s and --isolated (--no-config) contradict each other: give one", c.cf.file)
	}
	ld := &config.Loader{Explicit: c.cf.file, Isolated: c.cf.isolated}
	l := &ld.Flags
	l.Origin = config.Origin{Flag: "(command line)"}
	selectors := func(flagName string, lists []string) ([]config.Selector, error) {
		var out []config.Selector
		for _, list := range lists {
			for _, s := range strings.Split(list, ",") {
				if s = strings.TrimSpace(s); s == "" {
					continue
				}
				sel, err := config.ParseSelector(s, config.Origin{Flag: "--" + flagName})
				if err != nil {
					return nil, fmt.Errorf("--%s: %v", flagName, err)
				}
				out = append(out, sel)
			}
		}
		return out, nil
	}
	var err error
	if len(c.cf.selects) > 0 {
		l.SelectSet, l.SelectOrigin = true, config.Origin{Flag: "--select"}
		if l.Select, err = selectors("select", c.cf.selects); err != nil {
			return nil, err
		}
	}
	if l.ExtendSelect, err = selectors("extend-select", c.cf.extendSelects); err != nil {
		return nil, err
	}
	if l.Ignore, err = selectors("ignore", c.ignore); err != nil {
		return nil, err
	}
	for _, s := range c.severities {
		id, level, ok := strings.Cut(s, "=")
		if !ok {
			return nil, fmt.Errorf("--severity %q: want RULE=LEVEL", s)
		}
		sev, err := rules.ParseSeverity(level)
		if err != nil {
			return nil, fmt.Errorf("--severity %q: %v", s, err)
		}
		sel, err := config.ParseSelector(id, config.Origin{Flag: "--severity"})
		if err != nil {
			return nil, fmt.Errorf("--severity %q: %v", s, err)
		}
		l.Severity = append(l.Severity, config.SeveritySetting{Selector: sel, Level: sev})
	}
	for _, p := range c.profiles {
		scheme, name, ok := strings.Cut(p, "=")
		if !ok {
			return nil, fmt.Errorf("--profile %q: want SCHEME=NAME, e.g. urn=rfc2141", p)
		}
		if l.Profiles == nil {
			l.Profiles = map[string]config.Setting[string]{}
		}
		l.Profiles[strings.ToLower(scheme)] = config.Setting[string]{V: name, Set: true, Origin: config.Origin{Flag: "--profile"}}
	}
	for _, o := range c.options {
		name := o.scheme.FlagName(o.opt)
		if !set[name] {
			continue
		}
		if err := o.scheme.CheckOption(o.opt.Name, o.value); err != nil {
			return nil, err
		}
		if l.Options == nil {
			l.Options = map[string]map[string]config.Setting[string]{}
		}
		if l.Options[o.scheme.Name] == nil {
			l.Options[o.scheme.Name] = map[string]config.Setting[string]{}
		}
		l.Options[o.scheme.Name][o.opt.Name] = config.Setting[string]{V: o.value, Set: true, Origin: config.Origin{Flag: "--" + name}}
	}
	// profiles are checked here, so that a bad flag is named as one
	if _, err := lint.New(lint.Config{Profiles: flatProfiles(l.Profiles)}); err != nil {
		return nil, fmt.Errorf("--profile: %v", err)
	}
	for _, name := range limitFlags {
		f := fs.Lookup(name)
		if f == nil || !set[name] {
			continue
		}
		origin := config.Origin{Flag: "--" + name}
		lim := &ld.FlagLimits
		if name == "max-ratio" {
			v, _ := strconv.ParseFloat(f.Value.String(), 64)
			lim.MaxRatio = config.Setting[float64]{V: v, Set: true, Origin: origin}
			continue
		}
		v, _ := strconv.ParseInt(f.Value.String(), 10, 64)
		s := config.Setting[int64]{V: v, Set: true, Origin: origin}
		switch name {
		case "max-len":
			lim.MaxLen = s
		case "max-member-bytes":
			lim.MaxMemberBytes = s
		case "max-depth":
			lim.MaxDepth = s
		case "max-window":
			lim.MaxWindow = s
		case "max-decompressed":
			lim.MaxDecompressed = s
		case "max-entries":
			lim.MaxEntries = s
		}
	}
	return ld, nil
}

func flatProfiles(m map[string]config.Setting[string]) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		out[k] = v.V
	}
	return out
}

// config is the lint configuration of the current directory (parse and
// demo, which lint no files of their own).
func (c *common) config(fs *flag.FlagSet) (lint.Config, error) {
	ld, err := c.loader(fs)
	if err != nil {
		return lint.Config{}, err
	}
	e, err := ld.ForDir(".")
	if err != nil {
		return lint.Config{}, err
	}
	return e.Lint(), nil
}

// scanConfig is the configuration of a scan: the loader giving each
// input's engine, the current directory's lint configuration, and the
// run-wide limits (the current directory's, or flags) set in copt and
// maxLen. A broken configuration file of an argument fails the run
// before it starts; one found further down fails the inputs it covers.
func (c *common) scanConfig(fs *flag.FlagSet, paths []string, copt *corpus.Options, maxLen *int) (*config.Loader, lint.Config, error) {
	ld, err := c.loader(fs)
	if err != nil {
		return nil, lint.Config{}, err
	}
	run, err := ld.ForDir(".")
	if err != nil {
		return nil, lint.Config{}, err
	}
	for _, p := range paths {
		if _, err := ld.ForPath(p); err != nil && !errors.Is(err, config.ErrUnsearchable) {
			return nil, lint.Config{}, err
		}
		// a directory that may not be searched hides its idlint.toml and
		// the input alike: the input fails with the error, named, and
		// the other inputs go on (a broken file still stops the run)
	}
	lim := run.Limits
	if lim.MaxLen.Set {
		*maxLen = int(lim.MaxLen.V)
	}
	if lim.MaxMemberBytes.Set {
		copt.MaxMemberBytes = lim.MaxMemberBytes.V
	}
	if lim.MaxRatio.Set {
		copt.MaxRatio = lim.MaxRatio.V
	}
	if lim.MaxDepth.Set {
		copt.MaxDepth = int(lim.MaxDepth.V)
	}
	if lim.MaxWindow.Set {
		copt.MaxWindowBytes = lim.MaxWindow.V
	}
	if lim.MaxDecompressed.Set {
		copt.MaxDecompressedBytes = lim.MaxDecompressed.V
	}
	if lim.MaxEntries.Set {
		copt.MaxEntries = int(lim.MaxEntries.V)
	}
	return ld, run.Lint(), nil
}

// defaultLimits are the limits' values when nothing sets them.
var defaultLimits = config.Limits{
	MaxLen:         config.Setting[int64]{V: extract.DefaultMaxLen},
	MaxMemberBytes: config.Setting[int64]{V: corpus.DefaultMaxMemberBytes},
	MaxRatio:       config.Setting[float64]{V: corpus.DefaultMaxRatio},
	MaxDepth:       config.Setting[int64]{V: corpus.DefaultMaxDepth},
	MaxWindow:      config.Setting[int64]{V: corpus.DefaultMaxWindowBytes},
	// 0: in proportion to each input's size (corpus.Options)
	MaxDecompressed: config.Setting[int64]{V: 0},
	MaxEntries:      config.Setting[int64]{V: corpus.DefaultMaxEntries},
}

// cmdConfig prints the configuration that applies to a path, each
// setting with its origin.
func cmdConfig(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("config", stderr)
	var c common
	c.register(fs)
	fs.Int64("max-len", 0, "longest identifier in `BYTES`")
	fs.Int64("max-member-bytes", 0, "largest decompressed document in `BYTES`")
	fs.Float64("max-ratio", 0, "largest expansion of one decompression layer, output `BYTES` per compressed byte")
	fs.Int64("max-depth", 0, "archives opened one inside another, and compression layers in a row (`N`)")
	fs.Int64("max-window", 0, "largest zstd/xz decoder window in `BYTES`")
	fs.Int64("max-decompressed", 0, "`BYTES` an input's decompression layers and archive members may produce in all")
	fs.Int64("max-entries", 0, "members opened per zip, tar or ar archive (`N`)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(fs, err, stdout)
	}
	if len(pos) > 1 {
		fmt.Fprintln(stderr, "idlint config: want at most one PATH")
		return exitTrouble
	}
	path := "."
	if len(pos) == 1 {
		path = pos[0]
	}
	ld, err := c.loader(fs)
	if err != nil {
		fmt.Fprintln(stderr, "idlint config:", err)
		return exitTrouble
	}
	run, err := ld.ForDir(".")
	if err != nil {
		fmt.Fprintln(stderr, "idlint config:", err)
		return exitTrouble
	}
	e, err := ld.ForPath(path)
	if err != nil {
		fmt.Fprintln(stderr, "idlint config:", err)
		return exitTrouble
	}
	if err := e.Write(stdout, path, run, defaultLimits); err != nil {
		fmt.Fprintln(stderr, "idlint config:", err)
		return exitTrouble
	}
	return exitOK
}

// excludeArgs drops the paths given as arguments that their idlint.toml
// excludes (--force-exclude), and says how many it dropped.
func excludeArgs(ld *config.Loader, paths []string) (kept []string, n int) {
	for _, p := range paths {
		st, err := os.Stat(p)
		if p != "-" && err == nil && ld.Excluded(p, st.IsDir()) {
			n++
			continue
		}
		kept = append(kept, p)
	}
	return kept, n
}
