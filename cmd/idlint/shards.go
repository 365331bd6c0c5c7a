package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/idlint/idlint"
	"github.com/idlint/idlint/internal/shard"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/lint/config"
)

// Sharded runs that know themselves (issue 23): the metadata a report
// records, its completion marker, --skip-done, and merge's checks.

// neutralFlag tells the flags that do not change a report's rows: shards
// may differ in them. A switch: nothing built at start (issue 25).
func neutralFlag(name string) bool {
	switch name {
	case "shard", "shard-root", "report", "run-id", "j",
		"quiet", "skip-done", "cpuprofile", "memprofile",
		"color", "sources", "format", "o", "output",
		"statistics", "fail-on", "memory-limit", "no-mmap", "mmap",
		"temp-dir", "cluster-memory", "report-compression":
		return true
	}
	return false
}

// shardMeta is what a run records of itself before it starts (profiles
// and run ID are added with the report's): shard K/N, a fingerprint of
// the effective configuration (`idlint config` for the current directory
// and every flag that changes results) and of the input list.
func shardMeta(fs *flag.FlagSet, ld *config.Loader, paths []string, opt idlint.Options) shard.Meta {
	var cfg bytes.Buffer
	if run, err := ld.ForDir("."); err == nil {
		run.Write(&cfg, ".", run, defaultLimits) // a broken one failed the run before
	}
	var flags []string
	fs.Visit(func(f *flag.Flag) { // in name order
		if !neutralFlag(f.Name) {
			flags = append(flags, "--"+f.Name+"="+f.Value.String())
		}
	})
	root := opt.ShardRoot
	if root == "" {
		root = shard.Root(paths)
	} else if a, err := filepath.Abs(root); err == nil {
		root = a
	}
	return shard.Meta{K: opt.ShardK, N: opt.ShardN, Version: idlint.Version,
		Config: shard.Fingerprint(append([]string{cfg.String()}, flags...)...), Flags: flags, Inputs: shard.InputsFingerprint(root, paths)}
}

// skipDone reports whether dir already holds this run's complete report.
func skipDone(dir string, want shard.Meta) bool {
	found, err := shard.ReadDone(dir)
	return err == nil && shard.Same(found, want)
}

// profilesOf is the profile list a report records (reportSpec.options).
func profilesOf(cfg lint.Config) string {
	if eng, err := lint.New(cfg); err == nil {
		return eng.ProfileList()
	}
	return ""
}

// mergeChecked is `idlint merge`: it refuses shards that do not form one
// job's set, and an existing out without force; the merged report is
// written beside out and swapped in whole with its DONE.json (issue 24
// §7), so a failure leaves out as it was and nothing beside it.
func mergeChecked(ctx context.Context, out string, dirs []string, force, allowPartial bool, m reportMeta, stderr io.Writer) (missing []int, ok bool) {
	merged, probs := shard.Check(dirs, allowPartial)
	_, err := os.Lstat(out)
	exists := err == nil
	if exists && !force {
		probs = append(probs, fmt.Sprintf("%s exists (--force replaces it)", out))
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		probs = append(probs, err.Error())
	}
	if len(probs) > 0 {
		for _, p := range probs {
			fmt.Fprintln(stderr, "idlint merge:", p)
		}
		return nil, false
	}
	merged.RunID = m.RunID
	m.Shard, m.Profiles = merged, merged.Profiles // the shards' profiles
	if err := mergeReports(ctx, out, dirs, m, force); err != nil {
		fmt.Fprintln(stderr, "idlint merge:", err)
		return nil, false
	}
	return merged.Missing, true
}
