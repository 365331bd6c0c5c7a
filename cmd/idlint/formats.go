package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/idlint/idlint"
	"github.com/idlint/idlint/internal/suggest"
	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/reports"
	"github.com/idlint/idlint/rules"
)

// A command of the formats table (a bit set).
type commands uint8

const (
	inScan commands = 1 << iota
	inCheck
	inDemo
)

// outputFormat is one --format of scan, check and demo.
type outputFormat struct {
	name string
	help string   // its words in the flag help ("" for the name alone)
	list commands // the commands whose flag help names it
	// accept are the commands that take it: scan's formats are taken by
	// check and demo too, unlisted (as they always were)
	accept commands
	// run: its output records the run (its ID), made before the sink
	run  bool
	sink func(out output) (reports.Sink, error)
}

// output is what a format's sink is made with.
type output struct {
	stdout, stderr io.Writer
	sources        io.Writer // the --sources file, nil without one
	min            rules.Severity
	meta           reportMeta // set for formats with run
}

// formats are the output formats, the first of a name a command accepts
// chosen; adding one is adding an entry here (CONTRIBUTING.md).
var formats = []outputFormat{
	{name: "text", help: "text (path:line:col lines)", list: inCheck, accept: inCheck, sink: func(out output) (reports.Sink, error) {
		l := reports.NewLines(out.stdout, out.min, out.stderr)
		l.Color = colored(out.stdout)
		return withSources(l, out.sources), nil
	}},
	{name: "sarif", help: "sarif (SARIF 2.1.0)", list: inCheck, accept: inCheck, sink: func(out output) (reports.Sink, error) {
		s := reports.NewSARIF(lint.Rules(), out.min, idlint.Version)
		s.W = out.stdout
		return s, nil
	}},
	{name: "github", help: "github (Actions annotations)", list: inCheck, accept: inCheck, sink: func(out output) (reports.Sink, error) {
		return reports.NewGitHub(out.stdout, out.min), nil
	}},
	{name: "gitlab", help: "gitlab (Code Quality report)", list: inCheck, accept: inCheck, sink: func(out output) (reports.Sink, error) {
		return reports.NewGitLab(out.stdout, out.min, out.stderr), nil
	}},
	{name: "junit", help: "junit (JUnit XML)", list: inCheck, accept: inCheck, sink: func(out output) (reports.Sink, error) {
		return reports.NewJUnit(out.stdout, out.min), nil
	}},
	{name: "text", list: inScan | inDemo, accept: inScan | inCheck | inDemo, sink: func(out output) (reports.Sink, error) {
		t := reports.NewText(out.stdout, out.stderr)
		t.Color = colored(out.stdout)
		return withSources(t, out.sources), nil
	}},
	{name: "jsonl", list: inScan | inCheck | inDemo, accept: inScan | inCheck | inDemo, sink: func(out output) (reports.Sink, error) {
		return reports.NewJSONL(out.stdout, out.sources), nil
	}},
	{name: "json", list: inScan | inCheck | inDemo, accept: inScan | inCheck | inDemo, sink: func(out output) (reports.Sink, error) {
		return reports.NewJSON(out.stdout), nil
	}},
	{name: "arrow", help: "arrow (IPC stream of occurrences)", list: inScan | inCheck | inDemo, accept: inScan | inCheck | inDemo, run: true,
		sink: func(out output) (reports.Sink, error) { return newArrowStream(out.stdout, out.meta) }},
	{name: "none", list: inScan | inCheck | inDemo, accept: inScan | inCheck | inDemo, sink: func(out output) (reports.Sink, error) {
		return withSources(nopSink{}, out.sources), nil
	}},
}

// formatFor returns the format of name that cmd accepts.
func formatFor(cmd commands, name string) (outputFormat, bool) {
	for _, f := range formats {
		if f.name == name && f.accept&cmd != 0 {
			return f, true
		}
	}
	return outputFormat{}, false
}

// formatList names the formats cmd's help lists, "a, b or c"; with notes,
// their help words.
func formatList(cmd commands, notes bool) string {
	var names []string
	for _, f := range formats {
		if f.list&cmd != 0 {
			if notes && f.help != "" {
				names = append(names, f.help)
			} else {
				names = append(names, f.name)
			}
		}
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// formatFlagHelp is the --format flag's help for cmd.
func formatFlagHelp(cmd commands) string {
	return "output `FORMAT`: " + formatList(cmd, true)
}

// unknownFormat is the error for a --format cmd does not take: it lists
// exactly the formats cmd accepts, and the one meant when one is close.
func unknownFormat(cmd commands, name string) string {
	var names []string
	for _, f := range formats {
		if f.accept&cmd != 0 && !slices.Contains(names, f.name) {
			names = append(names, f.name)
		}
	}
	msg := unknownValue("format", name, names)
	if cmd != inCheck && !strings.Contains(msg, "did you mean") {
		// a CI format given to scan or demo: say where it is
		var check []string
		for _, f := range formats {
			if f.accept&inCheck != 0 && !slices.Contains(names, f.name) {
				check = append(check, f.name)
			}
		}
		if s, ok := suggest.Closest(name, check); ok {
			msg += fmt.Sprintf("; %s is a format of check: idlint check --format %s", s, s)
		}
	}
	return msg
}

// parseFormats are parse's --format values (reports.WriteParse).
var parseFormats = []string{"text", "json", "jsonl"}

// unknownValue says value is not one of valid, listing them, with the one
// meant when one is close: `unknown format "sarf" (want text or sarif);
// did you mean sarif?`.
func unknownValue(what, value string, valid []string) string {
	msg := fmt.Sprintf("unknown %s %q (want %s)", what, value, orList(valid, "or"))
	if s, ok := suggest.Closest(value, valid); ok {
		msg += fmt.Sprintf("; did you mean %s?", s)
	}
	return msg
}
