package lint

import (
	"strings"
	"sync"
	"sync/atomic"

	"github.com/idlint/idlint/rules"
)

// MetaScheme is the Scheme of the pseudo-occurrences that carry findings
// about suppression comments (IDL100–IDL103): they have no identifier.
// Their Raw is the directive's text, from "idlint:" on, starting at
// Offset; their findings' Start and End are byte offsets in that text,
// so a finding's range in the document is [Offset+Start, Offset+End)
// (Occurrence.DocumentRange). Clusters and the Parquet tables leave them
// out; the linter outputs (text, JSON, SARIF) show them.
const MetaScheme = "idlint"

// IsMeta reports whether o is a suppression comment's pseudo-occurrence.
func (o *Occurrence) IsMeta() bool { return o.Scheme == MetaScheme }

// DocumentRange is f's byte range [start, end) in o's document: for a
// finding of a suppression comment (IsMeta), the text whose removal fixes
// it.
func (o *Occurrence) DocumentRange(f *rules.Finding) (start, end int64) {
	return o.Offset + int64(f.Start), o.Offset + int64(f.End)
}

const suppressionSpec = "README §Suppressions"

// The rules about suppression comments themselves (as ruff's RUF100).
// They go through the severity machinery like any rule (--ignore IDL103,
// --severity IDL100=error); comments do not suppress them.
var (
	UnusedSuppression = &rules.Rule{
		ID: "IDL100", Name: "unused-suppression", Scheme: MetaScheme, Severity: rules.Warning,
		Spec:    suppressionSpec,
		Summary: "A suppression comment, or one rule in its list, suppressed no finding.",
		Doc: "A suppression that silences nothing is noise at best, and at worst hides the next real finding on that line. " +
			"Each directive and each rule in its list must suppress at least one finding; an `enable` must end a region that is disabled. " +
			"The finding's range is the directive (when nothing in it was used) or the rule with its separator (when others in the list were).",
		Bad:     "<!-- idlint:ignore-next-line URN006,URN011 -- the draft's example -->\nurn:example:a%zz",
		Good:    "<!-- idlint:ignore-next-line URN006 -- the draft's example -->\nurn:example:a%zz",
		Fix:     "Remove the directive, or the unused rule from its list (the finding's byte range); `check --fix` does, and takes the line when only the comment was on it.",
		FixKind: rules.FixSafe,
	}
	UnknownRuleInSuppression = &rules.Rule{
		ID: "IDL101", Name: "unknown-rule-in-suppression", Scheme: MetaScheme, Severity: rules.Warning,
		Spec:    suppressionSpec,
		Summary: "A suppression comment names a rule that does not exist.",
		Doc: "A misspelt rule ID in a suppression suppresses nothing, silently. The message suggests the closest rule ID or name. " +
			"The range is the unknown rule with its separator, or the whole directive when no rule of its list is known " +
			"(removing the only rule would turn the directive into one that suppresses every rule).",
		Bad:     "# idlint:disable URN999 -- generated table",
		Good:    "# idlint:disable URN006 -- generated table",
		Fix:     "Correct the rule ID, or remove it (the finding's byte range); `check --fix` removes it.",
		FixKind: rules.FixSafe,
	}
	UnclosedDisable = &rules.Rule{
		ID: "IDL102", Name: "unclosed-disable", Scheme: MetaScheme, Severity: rules.Warning,
		Spec:    suppressionSpec,
		Summary: "An `idlint:disable` is not ended by an `idlint:enable` before the end of the file.",
		Doc: "A region left open silences the rest of the file, including whatever is added below it later. " +
			"Close it with `idlint:enable`, or say that the whole file is meant with `idlint:disable-file`.",
		Bad:  "# idlint:disable URN006 -- table of bad examples\nurn:example:a%zz\n(end of file)",
		Good: "# idlint:disable URN006 -- table of bad examples\nurn:example:a%zz\n# idlint:enable URN006",
		Fix:  "Add `idlint:enable` where the region ends, or write `idlint:disable-file` (the range is the directive).",
	}
	SuppressionWithoutReason = &rules.Rule{
		ID: "IDL103", Name: "suppression-without-reason", Scheme: MetaScheme, Severity: rules.Warning,
		Spec:    suppressionSpec,
		Summary: "A suppression comment gives no reason after its rule list.",
		Doc: "A reason tells the next reader why the finding is wrong or accepted here, and when the suppression may go. " +
			"Write it after the rule list, best after `--` (required when it starts with a word that looks like a rule, such as RFC-2141). " +
			"`idlint:enable` needs none. Turn the rule off with `--ignore IDL103` where reasons are not wanted.",
		Bad:  "<!-- idlint:ignore[URN006] -->",
		Good: "<!-- idlint:ignore[URN006] -- the draft quotes the bad form on purpose -->",
		Fix:  "Write a reason (no mechanical fix; the range is the directive).",
	}
)

var suppressionRules = []*rules.Rule{UnusedSuppression, UnknownRuleInSuppression, UnclosedDisable, SuppressionWithoutReason}

// ruleIndex maps each lower-case ID, name, scheme/ID and scheme/name to
// its rules, in Rules order, made once: a file may hold thousands of
// directives.
var ruleIndex = sync.OnceValue(func() map[string][]*rules.Rule {
	m := map[string][]*rules.Rule{}
	add := func(k string, r *rules.Rule) {
		if rs := m[k]; len(rs) == 0 || rs[len(rs)-1] != r { // a rule whose ID equals its name once
			m[k] = append(rs, r)
		}
	}
	for _, r := range Rules() {
		for _, k := range []string{r.ID, r.Name} {
			k = strings.ToLower(k)
			add(k, r)
			add(strings.ToLower(r.Scheme)+"/"+k, r)
		}
	}
	return m
})

// findRule is Find(tok) without the copy: the slice is shared.
func findRule(tok string) []*rules.Rule { return ruleIndex()[strings.ToLower(tok)] }

var suggestions sync.Map // token → suggestion, bounded by suggestMax
var suggestN atomic.Int32

const suggestMax = 4096

// suggestRule is SuggestRule(s), remembered: a file may hold thousands
// of directives naming the same unknown rule. "" when none is close.
func suggestRule(s string) string {
	s = strings.ToLower(s)
	if len(s) > 64 {
		return ""
	}
	if v, ok := suggestions.Load(s); ok {
		return v.(string)
	}
	best, _ := SuggestRule(s)
	if suggestN.Add(1) <= suggestMax {
		suggestions.Store(s, best)
	}
	return best
}
