package lint

import "github.com/idlint/idlint/rules"

// StaleBaselineEntry is the finding given to a baseline entry that no
// finding of the run matches any more (issue 20 §4): the baseline is to
// shrink as findings are fixed. reports.Baseline reports it.
var StaleBaselineEntry = &rules.Rule{
	ID: "IDL010", Name: "stale-baseline-entry", Scheme: "any", Severity: rules.Info,
	Spec:    "idlint",
	Summary: "A baseline entry matches no finding any more; rewrite the baseline with --write-baseline.",
	Doc: "`idlint check --baseline FILE` reports only findings the baseline does not list. An entry is keyed by rule, path (and archive member), " +
		"the identifier's equivalence key and its index among equal findings in that file, not by line, so edits elsewhere in a file keep it matching. " +
		"When the finding is fixed or the identifier removed, the entry matches nothing and is reported here, at the entry's line in the baseline file, " +
		"so the baseline can shrink. Entries of files the run did not lint (a hook lints only changed files) are not reported, unless the file is gone.",
	Bad:  "idlint-baseline.json lists URN006 for urn:example:a%zz in docs/a.txt; docs/a.txt no longer has it",
	Good: "idlint check --write-baseline idlint-baseline.json docs/   (rewrites the baseline without the entry)",
	Fix:  "Run `idlint check --write-baseline FILE PATH…` over the same paths to rewrite the baseline.",
}
