package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/idlint/idlint/internal/suggest"
	"github.com/mattn/go-isatty"
)

// colorMode is the --color flag: auto, always or never.
type colorMode string

var colorModes = []string{"auto", "always", "never"}

func (m *colorMode) String() string { return string(*m) }

func (m *colorMode) Set(v string) error {
	for _, c := range colorModes {
		if v == c {
			*m = colorMode(v)
			return nil
		}
	}
	msg := "want " + orList(colorModes, "or")
	if s, ok := suggest.Closest(v, colorModes); ok {
		msg += fmt.Sprintf(" (did you mean %s?)", s)
	}
	return fmt.Errorf("%s", msg)
}

// colorFlag registers --color on fs.
func colorFlag(fs *flag.FlagSet) *colorMode {
	m := colorMode("auto")
	fs.Var(&m, "color", "colour the text output: `WHEN` auto (on a terminal, unless NO_COLOR is set or TERM=dumb), always or never")
	return &m
}

// colorOn decides the colour of output to w. always and never are what
// they say (a flag overrides NO_COLOR, as no-color.org asks); auto colours
// only a terminal, and not when NO_COLOR is set to anything non-empty or
// TERM is dumb. Files and pipes are never coloured by default.
func colorOn(m colorMode, w io.Writer, getenv func(string) string) bool {
	switch m {
	case "always":
		return true
	case "never":
		return false
	}
	f, ok := w.(*os.File)
	return colorAuto(ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())), getenv)
}

// colorAuto is --color auto's choice for output that is a terminal or not.
func colorAuto(terminal bool, getenv func(string) string) bool {
	return terminal && getenv("NO_COLOR") == "" && getenv("TERM") != "dumb"
}

// colorOut marks a stdout to colour: the text formats' sinks colour what
// they write to it (formats.go). Another writer (a -o FILE, a --sources
// file) is not one, so it stays plain.
type colorOut struct{ io.Writer }

// withColor returns stdout marked for colour when m says so.
func withColor(m *colorMode, stdout io.Writer) io.Writer {
	if colorOn(*m, stdout, os.Getenv) {
		return colorOut{stdout}
	}
	return stdout
}

// colored reports whether w was marked for colour.
func colored(w io.Writer) bool {
	_, ok := w.(colorOut)
	return ok
}
