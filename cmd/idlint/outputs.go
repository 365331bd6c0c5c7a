package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/record"
	"github.com/idlint/idlint/reports"
	"github.com/idlint/idlint/rules"
)

// outputFlags are --format and -o of scan and check, and check's
// --statistics and --fail-on.
//
// The pairing rule (README, Output formats): each -o FILE belongs to the
// --format just before it; with one --format (or none, then text) a single
// -o may stand anywhere. At most one format goes to stdout (no -o, or
// -o -). Two formats may not share a file.
type outputFlags struct {
	deflt      string
	specs      []outputSpec
	orphans    []string // -o files given before any --format
	statistics bool
	failOn     string
	unsafe     bool // --unsafe-fixes: statistics mark unsafe fixes fixable too
}

// outputSpec is one --format and its file ("" for stdout).
type outputSpec struct{ format, file string }

type formatValue struct{ o *outputFlags }

func (v formatValue) String() string {
	if v.o == nil {
		return ""
	}
	return v.o.deflt
}

func (v formatValue) Set(s string) error {
	v.o.specs = append(v.o.specs, outputSpec{format: s})
	return nil
}

type fileValue struct{ o *outputFlags }

func (v fileValue) String() string { return "" }

func (v fileValue) Set(s string) error {
	if s == "" {
		return errors.New("empty file name (- is stdout)")
	}
	if len(v.o.specs) == 0 {
		v.o.orphans = append(v.o.orphans, s)
		return nil
	}
	last := &v.o.specs[len(v.o.specs)-1]
	if last.file != "" {
		return fmt.Errorf("--format %s already writes to %s: give each -o FILE its own --format before it", last.format, last.file)
	}
	last.file = s
	return nil
}

// register adds the flags to fs: --format and -o (--output) for scan and
// check, --statistics and --fail-on for check.
func (o *outputFlags) register(fs *flag.FlagSet, cmd commands) {
	o.deflt = "text"
	fs.Var(formatValue{o}, "format", formatFlagHelp(cmd)+" (repeatable, each with its -o FILE)")
	fs.Var(fileValue{o}, "o", "write the --format before it to `FILE` (- for stdout; repeatable: --format text --format json -o out.json)")
	fs.Var(fileValue{o}, "output", "same as -o `FILE`")
	if cmd == inCheck {
		fs.BoolVar(&o.statistics, "statistics", false, "after the report, count the findings per rule (count, ID, [*] when --fix fixes them, name); on stderr when stdout carries another format than text")
		fs.StringVar(&o.failOn, "fail-on", "error", "exit 1 when a finding at or above `LEVEL` exists (shown or not): error, warning, info")
	}
}

// resolve applies the pairing rule: the list of outputs, in order.
func (o *outputFlags) resolve() ([]outputSpec, error) {
	specs := append([]outputSpec(nil), o.specs...)
	if len(o.orphans) > 0 {
		switch {
		case len(o.orphans) == 1 && len(specs) == 0:
			specs = []outputSpec{{o.deflt, o.orphans[0]}}
		case len(o.orphans) == 1 && len(specs) == 1 && specs[0].file == "":
			specs[0].file = o.orphans[0]
		case len(o.orphans) > 1 && len(specs) == 0:
			return nil, fmt.Errorf("-o %s and -o %s: one file per format (%s); for several outputs give --format X -o FILE pairs", o.orphans[0], o.orphans[1], o.deflt)
		default:
			return nil, fmt.Errorf("-o %s comes before any --format: with several formats, put each -o FILE after the --format it is for", o.orphans[0])
		}
	}
	if len(specs) == 0 {
		specs = []outputSpec{{format: o.deflt}}
	}
	var onStdout []string
	files := map[string]string{}
	for _, s := range specs {
		if s.file == "" || s.file == "-" {
			onStdout = append(onStdout, s.format)
			continue
		}
		if f, ok := files[s.file]; ok {
			return nil, fmt.Errorf("--format %s and --format %s both write to %s", f, s.format, s.file)
		}
		files[s.file] = s.format
	}
	if len(onStdout) > 1 {
		return nil, fmt.Errorf("--format %s would all write to stdout: give all but one an -o FILE", strings.Join(onStdout, ", --format "))
	}
	return specs, nil
}

// writesFiles reports whether some output goes to a file.
func (o *outputFlags) writesFiles() bool {
	for _, s := range o.specs {
		if s.file != "" && s.file != "-" {
			return true
		}
	}
	for _, f := range o.orphans {
		if f != "-" {
			return true
		}
	}
	return false
}

// failLevel is --fail-on's severity.
func (o *outputFlags) failLevel() (rules.Severity, error) {
	if o.failOn == "" {
		return rules.Error, nil
	}
	s, err := rules.ParseSeverity(o.failOn)
	if err != nil || s == rules.None {
		return 0, fmt.Errorf("--fail-on: %s", unknownValue("level", o.failOn, []string{"error", "warning", "info"}))
	}
	return s, nil
}

// failed reports whether sum has a finding at or above the --fail-on
// level; findings below --min-severity count too (it only filters what is
// printed).
func failed(sum reports.Summary, level rules.Severity) bool {
	for s := level; s <= rules.Error; s++ {
		if sum.Findings[s] > 0 {
			return true
		}
	}
	return false
}

// hiddenFailNote says why a check that shows no finding fails: findings
// below --min-severity at or above --fail-on.
func hiddenFailNote(sum reports.Summary, failOn, min rules.Severity) string {
	n := 0
	for s := failOn; s < min && s <= rules.Error; s++ {
		n += sum.Findings[s]
	}
	return fmt.Sprintf("%d finding(s) below --min-severity %s fail the run (--fail-on %s); --min-severity %s shows them", n, min, failOn, failOn)
}

// sinks makes the sink of every output, the statistics last (after the
// report on stdout). The files are created now; Finish and Abort close
// them.
func (o *outputFlags) sinks(cmd commands, specs []outputSpec, out output) (reports.Sink, error) {
	var m multiSink
	fail := func(err error) (reports.Sink, error) {
		m.Abort(err)
		for _, f := range m.files {
			os.Remove(f.Name()) // made for this run, nothing written yet
		}
		return nil, err
	}
	textOnStdout, stdoutFree := false, true
	named := false // a sink names failed inputs on stderr
	for _, s := range specs {
		f, ok := formatFor(cmd, s.format)
		if !ok {
			return fail(errors.New(unknownFormat(cmd, s.format)))
		}
		fo := out
		if s.format == "text" || s.format == "gitlab" {
			if named {
				fo.stderr = nil // named by the first: once
			}
			named = true
		}
		if s.file != "" && s.file != "-" {
			fh, err := os.Create(s.file)
			if err != nil {
				return fail(err)
			}
			m.files = append(m.files, fh)
			fo.stdout = fh
		} else {
			stdoutFree = false
			textOnStdout = s.format == "text" || s.format == "none"
		}
		sink, err := f.sink(fo)
		if err != nil {
			return fail(err)
		}
		m.sinks = append(m.sinks, sink)
	}
	if !named {
		// every format names a failed input on stderr, as text does
		// (issue 24 §8): not only in its own output, if it has a place
		m.sinks = append(m.sinks, reports.NewFailures(out.stderr))
	}
	if o.statistics {
		w := out.stderr
		if textOnStdout || stdoutFree {
			w = out.stdout
		}
		st := reports.NewStatistics(w, out.min)
		st.Unsafe = o.unsafe
		m.sinks = append(m.sinks, st)
	}
	if len(m.sinks) == 1 && len(m.files) == 0 {
		return m.sinks[0], nil
	}
	return &m, nil
}

// needsRun reports whether some output records the run (its ID).
func needsRun(cmd commands, specs []outputSpec) bool {
	for _, s := range specs {
		if f, ok := formatFor(cmd, s.format); ok && f.run {
			return true
		}
	}
	return false
}

// multiSink sends the scan to several sinks and closes their files.
type multiSink struct {
	sinks []reports.Sink
	files []*os.File
}

func (m *multiSink) Occurrence(o *lint.Occurrence) error {
	for _, s := range m.sinks {
		if err := s.Occurrence(o); err != nil {
			return err
		}
	}
	return nil
}

// IgnoresOccurrences: none of the sinks wants them (--format none).
func (m *multiSink) IgnoresOccurrences() bool {
	for _, s := range m.sinks {
		if !ignores(s) {
			return false
		}
	}
	return true
}

// encoded is the one sink that takes encoded occurrences when the others
// ignore them (--format jsonl), else nil.
func (m *multiSink) encoded() reports.EncodedSink {
	var e reports.EncodedSink
	for _, s := range m.sinks {
		if ignores(s) {
			continue
		}
		es, ok := s.(reports.EncodedSink)
		if !ok || e != nil {
			return nil
		}
		e = es
	}
	return e
}

// NewEncoder: the scan's workers may encode the occurrences when one
// sink takes them encoded and the others ignore them.
func (m *multiSink) NewEncoder() *reports.Encoder {
	if e := m.encoded(); e != nil {
		return e.NewEncoder()
	}
	return nil
}

func (m *multiSink) WriteEncoded(b []byte) error { return m.encoded().WriteEncoded(b) }

func ignores(s reports.Sink) bool {
	i, ok := s.(reports.OccurrenceIgnorer)
	return ok && i.IgnoresOccurrences()
}

func (m *multiSink) Source(r *record.Source) error {
	for _, s := range m.sinks {
		if err := s.Source(r); err != nil {
			return err
		}
	}
	return nil
}

func (m *multiSink) Finish(sum reports.Summary) error {
	var errs []error
	for _, s := range m.sinks {
		errs = append(errs, s.Finish(sum))
	}
	for _, f := range m.files {
		if err := f.Close(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func (m *multiSink) Abort(err error) {
	for _, s := range m.sinks {
		s.Abort(err)
	}
	for _, f := range m.files {
		f.Close()
	}
}
