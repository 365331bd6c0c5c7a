package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/idlint/idlint/internal/suggest"
	"github.com/idlint/idlint/rules/schemes"
)

// command is one subcommand as help shows it; the top-level usage, `idlint
// help COMMAND` and the did-you-mean of a mistyped command read this
// table (adding a command is adding a row here and a case in run).
type command struct {
	name, args, summary string
}

var commandTable = []command{
	{"parse", "[flags] [IDENT...]", "lint whole identifiers (arguments, or lines of stdin)"},
	{"scan", "[flags] PATH...", `find identifiers in files, directories, "-" (stdin)`},
	{"check", "[flags] [PATH...]", "linter output path:line:col: severity RULE raw: message (spec)"},
	{"rules", "[flags] [ID|NAME...]", "list the rule catalog, or print rules' pages"},
	{"config", "[flags] [PATH]", "print the configuration (idlint.toml) that applies to PATH, with each setting's origin"},
	{"merge", "[flags] OUT SHARD_DIR...", "combine the --report directories of sharded runs"},
	{"report", "[-o FILE] REPORT_DIR", "write the HTML data-quality report of a --report directory"},
	{"demo", "[flags]", "scan the embedded sample corpus"},
	{"version", "", "print the version and the registry date"},
	{"help", "[COMMAND]", "this help, or a command's"},
}

func lookupCommand(name string) (command, bool) {
	for _, c := range commandTable {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

func commandNames() []string {
	var names []string
	for _, c := range commandTable {
		names = append(names, c.name)
	}
	return names
}

// usage is the top-level help. Its schemes come from the registry
// (rules/schemes), so it names every scheme the engine checks.
func usage() string {
	var b strings.Builder
	var names []string
	for _, s := range schemes.All() {
		names = append(names, s.Name+":")
	}
	fmt.Fprintf(&b, "idlint — find and lint %s identifiers\n\nUsage:\n", orList(names, "and"))
	width := 0
	for _, c := range commandTable {
		width = max(width, len(c.name)+1+len(c.args))
	}
	for _, c := range commandTable {
		fmt.Fprintf(&b, "  idlint %-*s  %s\n", width, strings.TrimSpace(c.name+" "+c.args), c.summary)
	}
	b.WriteString("\nSchemes and profiles (--profile SCHEME=NAME; * the default):\n")
	for _, s := range schemes.All() {
		var ps []string
		for _, p := range s.Profiles {
			if p == s.DefaultProfile {
				p += "*"
			}
			ps = append(ps, p)
		}
		fmt.Fprintf(&b, "  %-5s %s\n", s.Name+":", strings.Join(ps, ", "))
	}
	b.WriteString(`
Exit status: 0 no error-level finding, 1 error-level findings (parse; check: at or
above --fail-on, default error; --diff: something to fix), 2 usage error or an
input that could not be read (the others are still processed).
Colour: --color auto|always|never (scan, check, demo); NO_COLOR=1 turns auto off.
Run "idlint help COMMAND" or "idlint COMMAND -h" for a command's flags.
`)
	return b.String()
}

// orList joins xs as "a, b or c" (conj "or") or "a, b and c".
func orList(xs []string, conj string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " " + conj + " " + xs[len(xs)-1]
}

// cmdHelp is `idlint help [COMMAND]`: the top-level usage, or what
// `idlint COMMAND -h` prints.
func cmdHelp(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || slices.Contains([]string{"help", "-h", "-help", "--help"}, args[0]) {
		fmt.Fprint(stdout, usage())
		return exitOK
	}
	if _, ok := lookupCommand(args[0]); !ok {
		fmt.Fprintf(stderr, "idlint help: %s; run 'idlint help'\n", unknownCommand(args[0]))
		return exitTrouble
	}
	return run([]string{args[0], "-h"}, strings.NewReader(""), stdout, stderr)
}

// unknownCommand says so, with the command meant when one is close.
func unknownCommand(name string) string {
	msg := fmt.Sprintf("unknown command %q", name)
	if s, ok := suggest.Closest(name, commandNames()); ok {
		msg += fmt.Sprintf(" (did you mean %s?)", s)
	}
	return msg
}

// flagExit ends a command whose flags did not parse: on -h, --help or
// -help its help goes to stdout and the exit status is 0; any other error
// parseFlags has already reported in one line, and the status is 2.
func flagExit(fs *flag.FlagSet, err error, stdout io.Writer) int {
	if errors.Is(err, flag.ErrHelp) {
		out := &errWriter{w: stdout}
		commandHelp(fs, out)
		if out.err != nil { // help cut short (issue 24 §8)
			fmt.Fprintf(fs.Output(), "%s: writing the help: %v\n", fs.Name(), out.err)
			return exitTrouble
		}
		return exitOK
	}
	return exitTrouble
}

// commandHelp writes a command's help: its usage line, summary and flags.
func commandHelp(fs *flag.FlagSet, w io.Writer) {
	name := strings.TrimPrefix(fs.Name(), "idlint ")
	c, _ := lookupCommand(name)
	fmt.Fprintf(w, "Usage: %s\n", strings.TrimSpace(fs.Name()+" "+c.args))
	if c.summary != "" {
		fmt.Fprintf(w, "\n%s%s.\n", strings.ToUpper(c.summary[:1]), c.summary[1:])
	}
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n == 0 {
		return
	}
	fmt.Fprint(w, "\nFlags:\n")
	printFlags(fs, w)
}

// printFlags lists fs's flags as `  --name ARG  usage`, long names with
// two dashes (either works), usage wrapped to 80 columns.
func printFlags(fs *flag.FlagSet, w io.Writer) {
	const col, width = 26, 80
	fs.VisitAll(func(f *flag.Flag) {
		arg, text := flag.UnquoteUsage(f)
		if _, isBool := f.Value.(interface{ IsBoolFlag() bool }); isBool {
			arg = ""
		}
		if !strings.Contains(text, "default") && !isZeroDefault(f.DefValue) {
			text += fmt.Sprintf(" (default %s)", f.DefValue)
		}
		head := "  " + dashed(f.Name)
		if arg != "" {
			head += " " + arg
			// "`RULE` enable …": the placeholder is on the flag's line already
			text = strings.TrimPrefix(text, arg+" ")
		}
		line := head
		if len(head) >= col-1 {
			fmt.Fprintln(w, line)
			line = ""
		}
		line += strings.Repeat(" ", col-len(line))
		words := 0 // on this line
		for _, word := range strings.Fields(text) {
			if words > 0 && len(line)+1+len(word) > width {
				fmt.Fprintln(w, line)
				line, words = strings.Repeat(" ", col), 0
			}
			if words > 0 {
				line += " "
			}
			line += word
			words++
		}
		fmt.Fprintln(w, line)
	})
}

func isZeroDefault(v string) bool { return v == "" || v == "0" || v == "false" }

// dashed is a flag's name as help and messages write it: -j, --format.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// The flag package's error messages, rewritten into one line with the
// flag as the user writes it. Compiled on first use, not at every start
// (issue 25: start-up).
var (
	undefinedRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^flag provided but not defined: -(.*)$`)
	})
	needsArgRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^flag needs an argument: -(.*)$`) })
	invalidRE  = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^invalid (?:boolean )?value (".*") for (?:flag )?-([^:]*): (.*)$`)
	})
)

// flagError is the one line parseFlags prints for err, ripgrep-style:
// `idlint check: unknown flag --fromat (did you mean --format?); run
// 'idlint check -h'`, not the whole flag list.
func flagError(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	if m := undefinedRE().FindStringSubmatch(msg); m != nil {
		msg = "unknown flag " + dashed(m[1])
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		if s, ok := suggest.Closest(m[1], names); ok {
			msg += fmt.Sprintf(" (did you mean %s?)", dashed(s))
		}
	} else if m := needsArgRE().FindStringSubmatch(msg); m != nil {
		msg = dashed(m[1]) + " needs a value"
	} else if m := invalidRE().FindStringSubmatch(msg); m != nil {
		msg = fmt.Sprintf("invalid value %s for %s: %s", m[1], dashed(m[2]), m[3])
	}
	return fmt.Sprintf("%s: %s; run '%s -h'", fs.Name(), msg, fs.Name())
}
