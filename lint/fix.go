package lint

import (
	"bytes"
	"cmp"
	"slices"
	"strings"

	"github.com/idlint/idlint/rules"
)

// fillFixes sets each finding's Fix from its rule's Fixer (issue 20 §5),
// for an engine with Config.Fixes set. A fix its rule calls safe is
// checked: the fixed identifier, linted again by c under profile (the
// one configured), must have o's Key, or the fix is unsafe here (an
// invalid identifier's key can be its raw text, which any edit changes).
func fillFixes(c rules.Checker, profile string, o *Occurrence) {
	for i := range o.Findings {
		f := &o.Findings[i]
		if f.Rule.Fixer == nil {
			continue
		}
		f.Fix = rules.FixFor(o.Raw, o.Profile, f)
		if e := f.Fix; e != nil && e.Safe {
			if c.Check(o.Raw[:e.Start]+e.New+o.Raw[e.End:], profile).Key != o.Key {
				e.Safe = false
			}
		}
	}
}

// DocEdit is an edit of a whole document: bytes [Start, End) replaced by
// New. Fixes of findings become DocEdits (the identifier's offset plus
// the Edit's span); other producers (suppression meta findings that
// delete a directive) can make their own.
type DocEdit struct {
	Start, End int64
	New        string
	Safe       bool
	Rule       string // the rule ID it fixes, for messages ("" if none)
	// Line: a deletion that takes the line with it when nothing but blanks
	// and comment marks would be left of the line (a suppression comment
	// removed whole leaves no empty "# " behind).
	Line bool
}

// FindingEdits appends the document edits of o's findings at or above
// min whose fix is safe, or any fix when unsafe is set. An identifier cut
// at the scanner's maximum length gets none: the rest of it is not known.
func FindingEdits(dst []DocEdit, o *Occurrence, min rules.Severity, unsafe bool) []DocEdit {
	if o.Truncated || o.Kind != "" {
		return dst
	}
	for i := range o.Findings {
		f := &o.Findings[i]
		if f.Fix == nil || f.Severity < min || !(f.Fix.Safe || unsafe) {
			continue
		}
		whole := o.Scheme == MetaScheme && f.Fix.Start == 0 && f.Fix.End == len(o.Raw) && f.Fix.New == ""
		dst = append(dst, DocEdit{Start: o.Offset + int64(f.Fix.Start), End: o.Offset + int64(f.Fix.End), New: f.Fix.New, Safe: f.Fix.Safe, Rule: f.Rule.ID, Line: whole})
	}
	return dst
}

// ApplyEdits applies edits to doc and returns the new text with the
// edits applied and those dropped. Edits are taken in order of Start,
// End, New, Rule (so the result does not depend on the order given);
// one that overlaps an edit already taken, or starts where it starts
// (two insertions at one place), is dropped — the next round of fixing
// finds it again if it still applies. Edits out of doc's range are
// dropped too.
func ApplyEdits(doc []byte, edits []DocEdit) (out []byte, applied, dropped []DocEdit) {
	es := slices.Clone(edits)
	slices.SortFunc(es, func(a, b DocEdit) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End), strings.Compare(a.New, b.New), strings.Compare(a.Rule, b.Rule))
	})
	out = make([]byte, 0, len(doc))
	var pos int64
	prevStart := int64(-1)
	for _, e := range es {
		if e.Start < pos || e.Start == prevStart || e.End < e.Start || e.End > int64(len(doc)) {
			dropped = append(dropped, e)
			continue
		}
		out = append(out, doc[pos:e.Start]...)
		out = append(out, e.New...)
		pos, prevStart = e.End, e.Start
		applied = append(applied, e)
	}
	out = append(out, doc[pos:]...)
	return out, applied, dropped
}

// MaxFixRounds bounds the rounds of fixing one document: a fix that
// makes another possible (or conflicts with one) is applied the next
// round, and a chain longer than this is a bug, not a reason to loop.
const MaxFixRounds = 10

// FixDocument applies edits to doc, then asks relint for the edits of
// the result, and repeats until there are none (or MaxFixRounds have
// passed: converged is false then), so that fixing the output again
// changes nothing. applied counts the edits applied over all rounds.
func FixDocument(doc []byte, edits []DocEdit, relint func(doc []byte) ([]DocEdit, error)) (out []byte, applied int, converged bool, err error) {
	out = doc
	for range MaxFixRounds {
		if len(edits) == 0 {
			return out, applied, true, nil
		}
		next, done, _ := ApplyEdits(out, wholeLines(out, edits))
		if len(done) == 0 {
			return out, applied, true, nil // nothing applicable is left
		}
		out, applied = next, applied+len(done)
		if edits, err = relint(out); err != nil {
			return doc, 0, false, err
		}
	}
	return out, applied, len(edits) == 0, nil
}

// wholeLines widens each Line edit to its whole line, newline included,
// when what the edit leaves of the line is only blanks and comment marks
// (#, //, /*, */, <!--, -->, --, ;, %, *).
func wholeLines(doc []byte, edits []DocEdit) []DocEdit {
	for i := range edits {
		e := &edits[i]
		if !e.Line || e.Start < 0 || e.End > int64(len(doc)) || e.Start > e.End {
			continue
		}
		ls := int64(bytes.LastIndexByte(doc[:e.Start], '\n') + 1)
		le := int64(len(doc))
		if nl := bytes.IndexByte(doc[e.End:], '\n'); nl >= 0 {
			le = e.End + int64(nl) + 1
		}
		rest := string(doc[ls:e.Start]) + " " + string(doc[e.End:le])
		if strings.Trim(rest, " \t\r\n#/*<>!-;%") == "" {
			e.Start, e.End = ls, le
		} else if s, end, ok := wholeComment(doc[ls:e.Start], doc[e.End:le]); ok {
			e.Start, e.End = ls+int64(s), e.End+int64(end)
		}
	}
	return edits
}

// commentMarks are the comment openers a suppression may follow on a
// line with other text, each with its closer ("" for a comment that runs
// to the end of the line); longer openers first.
var commentMarks = [][2]string{{"<!--", "-->"}, {"/*", "*/"}, {"//", ""}, {"--", ""}, {"#", ""}, {";", ""}, {"%", ""}}

// wholeComment finds the comment around a directive removed whole when
// there is text before it on the line ("urn:a:b  <!-- idlint:… -->"):
// the comment holds nothing else, so it goes too, with the blanks before
// it, leaving "urn:a:b". before is the line up to the directive, after
// the rest of the line; start is where the cut begins in before, end
// where it ends in after.
func wholeComment(before, after []byte) (start, end int, ok bool) {
	b := strings.TrimRight(string(before), " \t")
	for _, m := range commentMarks {
		if !strings.HasSuffix(b, m[0]) {
			continue
		}
		start = len(strings.TrimRight(b[:len(b)-len(m[0])], " \t"))
		if start == 0 {
			return 0, 0, false // nothing before: the line rule's business
		}
		a := string(after)
		if m[1] == "" {
			if strings.TrimRight(a, " \t\r\n") != "" {
				return 0, 0, false
			}
			return start, len(strings.TrimRight(a, "\r\n")), true
		}
		rest := strings.TrimLeft(a, " \t")
		if !strings.HasPrefix(rest, m[1]) {
			return 0, 0, false
		}
		return start, len(a) - len(rest) + len(m[1]), true
	}
	return 0, 0, false
}

// WithFixes returns e, or a copy of it, whose findings carry their fixes
// (Config.Fixes): for engines made elsewhere, such as a configuration's
// per-path ones. The copy shares e's checkers, which are safe to share.
func (e *Engine) WithFixes() *Engine {
	if e.fixes {
		return e
	}
	c := *e
	c.fixes = true
	return &c
}
