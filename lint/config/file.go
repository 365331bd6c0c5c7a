package config

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/idlint/idlint/lint"
	"github.com/idlint/idlint/rules"
	"github.com/idlint/idlint/rules/schemes"
)

// FileName is the configuration file looked for in each directory from a
// linted file up to the file system's root.
const FileName = "idlint.toml"

// fileData is the TOML document as decoded (strictly: a key not here is
// an error). Presence and lines come from the position index, not from
// these values.
type fileData struct {
	Extend        string                       `toml:"extend"`
	Select        []string                     `toml:"select"`
	ExtendSelect  []string                     `toml:"extend-select"`
	Ignore        []string                     `toml:"ignore"`
	Severity      map[string]string            `toml:"severity"`
	Profiles      map[string]string            `toml:"profiles"`
	Options       map[string]map[string]string `toml:"options"`
	Exclude       []string                     `toml:"exclude"`
	ExtendExclude []string                     `toml:"extend-exclude"`
	Limits        limitsData                   `toml:"limits"`
	Overrides     []overrideData               `toml:"overrides"`
}

// overrideData is one [[overrides]] entry: the rule settings of fileData
// for the files its globs match.
type overrideData struct {
	Files        []string                     `toml:"files"`
	Select       []string                     `toml:"select"`
	ExtendSelect []string                     `toml:"extend-select"`
	Ignore       []string                     `toml:"ignore"`
	Severity     map[string]string            `toml:"severity"`
	Profiles     map[string]string            `toml:"profiles"`
	Options      map[string]map[string]string `toml:"options"`
}

type limitsData struct {
	MaxLen          int64   `toml:"max-len"`
	MaxMemberBytes  int64   `toml:"max-member-bytes"`
	MaxRatio        float64 `toml:"max-ratio"`
	MaxDepth        int64   `toml:"max-depth"`
	MaxWindow       int64   `toml:"max-window"`
	MaxDecompressed int64   `toml:"max-decompressed"`
	MaxEntries      int64   `toml:"max-entries"`
}

// File is one parsed configuration file.
type File struct {
	Path string // absolute
	Dir  string // the directory its globs are relative to
	// Extend is the absolute path of the file it inherits from ("" none).
	Extend       string
	ExtendOrigin Origin
	Base         Layer
	Overrides    []Override
	// Exclude replaces the inherited patterns when ExcludeSet;
	// ExtendExclude adds to them.
	Exclude       []Pattern
	ExcludeSet    bool
	ExtendExclude []Pattern
	Limits        Limits
}

// Override is an [[overrides]] entry: Layer applies to the files one of
// Files matches.
type Override struct {
	Files []Pattern
	Layer
}

// Pattern is a glob (doublestar syntax) relative to Dir.
type Pattern struct {
	Glob   string
	Dir    string
	Origin Origin
}

// Error is a configuration error at a place in a file.
type Error struct {
	File string
	Line int // 0: the file as a whole
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// ReadFile reads and validates the configuration file at path (absolute).
// Every error names the file and, where it has one, the line.
func ReadFile(path string) (*File, error) {
	return readFile(path, path)
}

// readFile is ReadFile with errors naming the file as name.
func readFile(path, name string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parse(path, name, data)
}

// Parse validates data as the configuration file path (absolute).
func Parse(path string, data []byte) (*File, error) { return parse(path, path, data) }

func parse(path, name string, data []byte) (*File, error) {
	data = bytes.TrimPrefix(data, []byte("\uFEFF")) // as some editors write it
	var d fileData
	dec := toml.NewDecoder(bytes.NewReader(data)).DisallowUnknownFields()
	if err := dec.Decode(&d); err != nil {
		return nil, decodeError(name, err)
	}
	pos, err := positions(data)
	if err != nil { // the decoder accepted it: not expected
		return nil, &Error{File: name, Msg: err.Error()}
	}
	f := &File{Path: path, Dir: filepath.Dir(path)}
	p := parser{file: path, name: name, dir: f.Dir, pos: pos}
	if _, ok := pos["extend"]; ok {
		if d.Extend == "" {
			return nil, p.errAt("extend", "extend is empty (want the path of a file to inherit from)")
		}
		ext := d.Extend
		if !filepath.IsAbs(ext) {
			ext = filepath.Join(f.Dir, ext)
		}
		f.Extend, f.ExtendOrigin = filepath.Clean(ext), p.origin("extend")
	}
	f.Base, err = p.layer("", d.Select, d.ExtendSelect, d.Ignore, d.Severity, d.Profiles, d.Options)
	if err != nil {
		return nil, err
	}
	f.Base.Origin = Origin{File: path, Line: 1}
	if _, f.ExcludeSet = pos["exclude"]; f.ExcludeSet {
		if f.Exclude, err = p.patterns("exclude", d.Exclude); err != nil {
			return nil, err
		}
	}
	if f.ExtendExclude, err = p.patterns("extend-exclude", d.ExtendExclude); err != nil {
		return nil, err
	}
	f.Limits = p.limits(d.Limits)
	for i, o := range d.Overrides {
		prefix := "overrides." + strconv.Itoa(i) + "."
		if _, ok := pos[prefix+"files"]; !ok || len(o.Files) == 0 {
			return nil, p.errAt("overrides."+strconv.Itoa(i), `[[overrides]] needs files = ["glob", …]`)
		}
		l, err := p.layer(prefix, o.Select, o.ExtendSelect, o.Ignore, o.Severity, o.Profiles, o.Options)
		if err != nil {
			return nil, err
		}
		l.Origin = p.origin("overrides." + strconv.Itoa(i))
		files, err := p.patterns(prefix+"files", o.Files)
		if err != nil {
			return nil, err
		}
		f.Overrides = append(f.Overrides, Override{Files: files, Layer: l})
	}
	return f, nil
}

// parser turns decoded values into settings with their origins.
type parser struct {
	file string // absolute: origins
	name string // as errors name it
	dir  string
	pos  map[string]int
}

func (p parser) origin(key string) Origin { return Origin{File: p.file, Line: p.pos[key]} }

func (p parser) errAt(key, format string, args ...any) error {
	return &Error{File: p.name, Line: p.pos[key], Msg: fmt.Sprintf(format, args...)}
}

// layer reads the rule settings of the top level (prefix "") or of an
// override ("overrides.N.").
func (p parser) layer(prefix string, sel, ext, ign []string, sev, prof map[string]string, opts map[string]map[string]string) (Layer, error) {
	var l Layer
	var err error
	if _, ok := p.pos[prefix+"select"]; ok {
		l.SelectSet = true
		l.SelectOrigin = p.origin(prefix + "select")
		if l.Select, err = p.selectors(prefix+"select", sel); err != nil {
			return l, err
		}
	}
	if l.ExtendSelect, err = p.selectors(prefix+"extend-select", ext); err != nil {
		return l, err
	}
	if l.Ignore, err = p.selectors(prefix+"ignore", ign); err != nil {
		return l, err
	}
	for _, k := range sortedKeys(sev) {
		key := prefix + "severity." + k
		s, err := parseSelector(k, p.origin(key))
		if err != nil {
			return l, p.errAt(key, "severity: %v", err)
		}
		level, err := rules.ParseSeverity(sev[k])
		if err != nil {
			return l, p.errAt(key, "severity %s: %v", k, err)
		}
		l.Severity = append(l.Severity, SeveritySetting{Selector: s, Level: level})
	}
	for _, scheme := range sortedKeys(prof) {
		key := prefix + "profiles." + scheme
		sc := schemes.Lookup(scheme)
		if sc == nil {
			return l, p.errAt(key, "unknown scheme %q in profiles%s", scheme, didYouMean(scheme, lint.Schemes()))
		}
		name := prof[scheme]
		if !contains(sc.Profiles, name) {
			return l, p.errAt(key, "unknown %s profile %q (known: %s)%s", scheme, name, strings.Join(sc.Profiles, ", "), didYouMean(name, sc.Profiles))
		}
		if l.Profiles == nil {
			l.Profiles = map[string]Setting[string]{}
		}
		l.Profiles[scheme] = Setting[string]{V: name, Set: true, Origin: p.origin(key)}
	}
	for _, scheme := range sortedKeys(opts) {
		sc := schemes.Lookup(scheme)
		if sc == nil {
			return l, p.errAt(prefix+"options."+scheme, "unknown scheme %q in options%s", scheme, didYouMean(scheme, lint.Schemes()))
		}
		for _, name := range sortedKeys(opts[scheme]) {
			key := prefix + "options." + scheme + "." + name
			if sc.Option(name) == nil {
				var known []string
				for _, o := range sc.Options {
					known = append(known, o.Name)
				}
				return l, p.errAt(key, "unknown %s option %q%s", scheme, name, didYouMean(name, known))
			}
			if v, o := opts[scheme][name], sc.Option(name); !slices.Contains(o.Values, v) {
				// the key as the file writes it, not the flag's name
				return l, p.errAt(key, "%s = %q in [options.%s]: want %s", name, v, scheme, strings.Join(o.Values, " or "))
			}
			if l.Options == nil {
				l.Options = map[string]map[string]Setting[string]{}
			}
			if l.Options[scheme] == nil {
				l.Options[scheme] = map[string]Setting[string]{}
			}
			l.Options[scheme][name] = Setting[string]{V: opts[scheme][name], Set: true, Origin: p.origin(key)}
		}
	}
	return l, nil
}

// elemKey is the key of element i of the array at key, for errors and
// origins at its own line; key itself when the element has no position
// (an inline array on one line).
func (p parser) elemKey(key string, i int) string {
	ek := key + "." + strconv.Itoa(i)
	if _, ok := p.pos[ek]; ok {
		return ek
	}
	return key
}

// selectors resolves a list of rule selectors, each error at its element's line.
func (p parser) selectors(key string, list []string) ([]Selector, error) {
	var out []Selector
	for i, s := range list {
		ek := p.elemKey(key, i)
		sel, err := parseSelector(s, p.origin(ek))
		if err != nil {
			return nil, p.errAt(ek, "%s: %v", lastKey(key), err)
		}
		out = append(out, sel)
	}
	return out, nil
}

// patterns reads a list of globs, relative to the file's directory.
func (p parser) patterns(key string, globs []string) ([]Pattern, error) {
	var out []Pattern
	for i, g := range globs {
		ek := p.elemKey(key, i)
		g = strings.TrimPrefix(filepath.ToSlash(g), "./")
		if g == "" || !doublestar.ValidatePattern(g) {
			return nil, p.errAt(ek, "%s: bad glob %q", lastKey(key), g)
		}
		out = append(out, Pattern{Glob: g, Dir: p.dir, Origin: p.origin(ek)})
	}
	return out, nil
}

func (p parser) limits(d limitsData) Limits {
	var l Limits
	set := func(key string) (Origin, bool) {
		_, ok := p.pos["limits."+key]
		return p.origin("limits." + key), ok
	}
	if o, ok := set("max-len"); ok {
		l.MaxLen = Setting[int64]{V: d.MaxLen, Set: true, Origin: o}
	}
	if o, ok := set("max-member-bytes"); ok {
		l.MaxMemberBytes = Setting[int64]{V: d.MaxMemberBytes, Set: true, Origin: o}
	}
	if o, ok := set("max-ratio"); ok {
		l.MaxRatio = Setting[float64]{V: d.MaxRatio, Set: true, Origin: o}
	}
	if o, ok := set("max-depth"); ok {
		l.MaxDepth = Setting[int64]{V: d.MaxDepth, Set: true, Origin: o}
	}
	if o, ok := set("max-window"); ok {
		l.MaxWindow = Setting[int64]{V: d.MaxWindow, Set: true, Origin: o}
	}
	if o, ok := set("max-decompressed"); ok {
		l.MaxDecompressed = Setting[int64]{V: d.MaxDecompressed, Set: true, Origin: o}
	}
	if o, ok := set("max-entries"); ok {
		l.MaxEntries = Setting[int64]{V: d.MaxEntries, Set: true, Origin: o}
	}
	return l
}

// decodeError turns the TOML library's error into one naming the file and
// line, with a suggestion for a mistyped key.
func decodeError(path string, err error) error {
	var strict *toml.StrictMissingError
	if errors.As(err, &strict) && len(strict.Errors) > 0 {
		var errs []error
		for i := range strict.Errors {
			e := &strict.Errors[i]
			line, _ := e.Position()
			key := []string(e.Key())
			name := strings.Join(key, ".")
			msg := fmt.Sprintf("unknown key %q", name)
			if len(key) > 0 {
				msg += didYouMean(key[len(key)-1], knownKeys(reflect.TypeFor[fileData](), key[:len(key)-1]))
			}
			errs = append(errs, &Error{File: path, Line: line, Msg: msg})
		}
		return errors.Join(errs...)
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, _ := de.Position()
		msg := strings.TrimPrefix(de.Error(), "toml: ")
		if m := typeError().FindStringSubmatch(msg); m != nil {
			msg = fmt.Sprintf("want %s, not a %s", typeNames[m[2]], m[1])
		}
		if k := de.Key(); len(k) > 0 {
			msg = strings.Join(k, ".") + ": " + msg
		}
		return &Error{File: path, Line: line, Msg: msg}
	}
	return &Error{File: path, Msg: err.Error()}
}

// typeError is the TOML library's message for a value of the wrong type,
// compiled on first use rather than at every start (issue 25: start-up).
var typeError = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^cannot decode TOML (\w+) into .* of type (\S+)$`)
})

var typeNames = map[string]string{
	"[]string": "an array of strings", "string": "a string", "int64": "an integer",
	"float64": "a number", "map[string]string": "a table of strings",
	"map[string]map[string]string": "a table of tables", "config.limitsData": "a table",
	"[]config.overrideData": "[[overrides]] tables",
}

// knownKeys lists the keys of the table at path in t (by toml tags),
// skipping array indexes; nil when path leads to a map (any key).
func knownKeys(t reflect.Type, path []string) []string {
	for _, k := range path {
		for t.Kind() == reflect.Slice {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct {
			return nil
		}
		found := false
		for i := 0; i < t.NumField(); i++ {
			if tag, _, _ := strings.Cut(t.Field(i).Tag.Get("toml"), ","); tag == k {
				t, found = t.Field(i).Type, true
				break
			}
		}
		if !found {
			if _, err := strconv.Atoi(k); err != nil {
				return nil
			}
		}
	}
	for t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	var out []string
	for i := 0; i < t.NumField(); i++ {
		tag, _, _ := strings.Cut(t.Field(i).Tag.Get("toml"), ",")
		out = append(out, tag)
	}
	return out
}

// positions indexes the lines of a TOML document's keys by dotted path:
// "select", "select.2" (an array's element), "severity.URN041",
// "overrides.0.files.1" (the first [[overrides]] table). The TOML
// library's parser finds them; the decoder gives the values.
func positions(data []byte) (map[string]int, error) {
	pos := map[string]int{}
	var p unstable.Parser
	p.Reset(data)
	line := func(n *unstable.Node) int {
		if n == nil || n.Raw.Length == 0 && n.Raw.Offset == 0 && n.Kind != unstable.Key {
			return 0
		}
		return p.Shape(n.Raw).Start.Line
	}
	keyOf := func(n *unstable.Node) ([]string, int) {
		var parts []string
		first := 0
		it := n.Key()
		for it.Next() {
			k := it.Node()
			if first == 0 {
				first = line(k)
			}
			parts = append(parts, string(k.Data))
		}
		return parts, first
	}
	put := func(path []string, l int) {
		k := strings.Join(path, ".")
		if _, ok := pos[k]; !ok && l > 0 {
			pos[k] = l
		}
	}
	var value func(path []string, n *unstable.Node, l int)
	value = func(path []string, n *unstable.Node, l int) {
		put(path, l)
		switch n.Kind {
		case unstable.Array:
			i := 0
			it := n.Children()
			for it.Next() {
				c := it.Node()
				if c.Kind == unstable.Comment {
					continue
				}
				cl := line(c)
				if cl == 0 {
					cl = l
				}
				value(append(path[:len(path):len(path)], strconv.Itoa(i)), c, cl)
				i++
			}
		case unstable.InlineTable:
			it := n.Children()
			for it.Next() {
				c := it.Node()
				if c.Kind != unstable.KeyValue {
					continue
				}
				k, kl := keyOf(c)
				value(append(path[:len(path):len(path)], k...), c.Value(), kl)
			}
		}
	}
	var table []string
	arrays := map[string]int{} // [[name]] tables seen, by name
	// inArrays puts the current index after each part of k naming an
	// array of tables: [overrides.severity] after [[overrides]] is
	// "overrides.N.severity".
	inArrays := func(k []string) []string {
		var out []string
		for _, part := range k {
			out = append(out, part)
			if n := arrays[strings.Join(out, ".")]; n > 0 {
				out = append(out, strconv.Itoa(n-1))
			}
		}
		return out
	}
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table:
			k, l := keyOf(e)
			table = inArrays(k)
			put(table, l)
		case unstable.ArrayTable:
			k, l := keyOf(e)
			k = append(inArrays(k[:len(k)-1]), k[len(k)-1]) // [[a.b]]: the index of a, not of b
			name := strings.Join(k, ".")
			table = append(k, strconv.Itoa(arrays[name]))
			arrays[name]++
			put(k, l)
			put(table, l)
		case unstable.KeyValue:
			k, l := keyOf(e)
			value(append(table[:len(table):len(table)], k...), e.Value(), l)
		}
	}
	return pos, p.Error()
}

func lastKey(key string) string {
	if i := strings.LastIndexByte(key, '.'); i >= 0 {
		// "overrides.0.select" → "select"
		return key[i+1:]
	}
	return key
}
