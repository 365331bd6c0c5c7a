//go:build linux

// Command rss runs a command and reports its peak resident memory split
// into anonymous memory (the Go heap, stacks, buffers: RssAnon) and file
// pages (a memory-mapped input, the binary's text: RssFile), which
// /usr/bin/time's single maximum does not tell apart (issue 25 (c)).
//
//	go run ./bench/rss -- idlint scan --format none /work/bench-data/dense-200MB.txt
//
// It samples /proc/PID/status every -every while the command runs: the
// largest RssAnon, RssFile and RssShmem seen, the split at the sample of
// the largest VmRSS, and the kernel's exact peak (VmHWM / ru_maxrss),
// which a sample may miss by what changed between two samples.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"time"
)

// fields are the /proc/PID/status lines read, in kB.
var fields = []string{"VmRSS", "RssAnon", "RssFile", "RssShmem", "VmHWM"}

func main() {
	every := flag.Duration("every", 2*time.Millisecond, "sampling interval")
	flag.Parse()
	if flag.NArg() == 0 {
		log.Fatal("usage: rss [-every D] -- COMMAND [ARG...]")
	}
	cmd := exec.Command(flag.Arg(0), flag.Args()[1:]...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Start(); err != nil {
		log.Fatal(err)
	}
	path := fmt.Sprintf("/proc/%d/status", cmd.Process.Pid)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	peak := map[string]int64{}
	var atPeak map[string]int64
	t := time.NewTicker(*every)
	defer t.Stop()
	var err error
loop:
	for {
		if s, ok := sample(path); ok {
			for k, v := range s {
				peak[k] = max(peak[k], v)
			}
			if atPeak == nil || s["VmRSS"] > atPeak["VmRSS"] {
				atPeak = s
			}
		}
		select {
		case err = <-done:
			break loop
		case <-t.C:
		}
	}
	maxrss := int64(0)
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		maxrss = ru.Maxrss
	}
	mb := func(kb int64) string { return fmt.Sprintf("%.1f MB", float64(kb)/1024) }
	fmt.Fprintf(os.Stderr, "peak RSS (ru_maxrss) %s; largest sample VmRSS %s = RssAnon %s + RssFile %s + RssShmem %s; largest each: RssAnon %s, RssFile %s\n",
		mb(maxrss), mb(atPeak["VmRSS"]), mb(atPeak["RssAnon"]), mb(atPeak["RssFile"]), mb(atPeak["RssShmem"]),
		mb(peak["RssAnon"]), mb(peak["RssFile"]))
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			os.Exit(ee.ExitCode())
		}
		log.Fatal(err)
	}
}

// sample reads the fields of a /proc/PID/status file (false once the
// process has gone).
func sample(path string) (map[string]int64, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, false
	}
	s := map[string]int64{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		k, v, ok := bytes.Cut(sc.Bytes(), []byte(":"))
		if !ok {
			continue
		}
		for _, f := range fields {
			if string(k) == f {
				n, _ := strconv.ParseInt(string(bytes.TrimSuffix(bytes.TrimSpace(v), []byte(" kB"))), 10, 64)
				s[f] = n
			}
		}
	}
	return s, len(s) > 0
}
