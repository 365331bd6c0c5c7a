package xri

import "github.com/idlint/idlint/rules"

var (
	both   = []string{RC2, V2}
	onlyR2 = []string{RC2}
	onlyV2 = []string{V2}
)

// The catalog: one value per check, its documentation beside it. Errors
// are MUST-level violations (the ABNF of rc2 Appendix A, which "a valid
// XRI MUST conform to"), warnings SHOULD-level advice and profile
// mismatches, infos matters of canonical style (rc2 §2.4.5).
//
// Where rc2 contradicts itself, the rule docs say which reading is taken:
// XRI034 (cross-reference authorities without a sub-segment), XRI009
// (ASCII host names, which idomainlabel = 1*ucschar would exclude), XRI004
// (the ucschar ranges, misprinted in §2.2.3 and Appendix A), and in the
// normal forms (normal.go) the "%28" of §2.2.4.4 that means "%23".
var (
	NotXRI = &rules.Rule{
		ID: "XRI001", Name: "not-xri", Scheme: "xri", Severity: rules.Error, Profiles: both,
		Spec: "xri-1.0-rc2 §2.1", ProfileSpec: rules.PerProfile[string]{{V2, "xri-2.0 ABNF (XRI)"}},
		Summary: `The identifier does not begin with the scheme "xri:".`,
		Doc: "An absolute XRI is \"xri:\" followed by its authority. Only whole identifiers given to `idlint parse` can lack it; " +
			"bare i-names (=name, @org) from XRDS documents are read with ParseBare instead.",
		Bad: "=JohnDoe (given as a whole XRI)", Good: "xri:=JohnDoe",
	}
	MissingAuthority = &rules.Rule{
		ID: "XRI002", Name: "missing-authority", Scheme: "xri", Severity: rules.Error, Profiles: both,
		Spec: "xri-1.0-rc2 §2.1.1", ProfileSpec: rules.PerProfile[string]{{V2, "xri-2.0 ABNF (XRI, xri-hier-part)"}},
		Summary: `"xri:" is not followed by an authority.`,
		Doc: "rc2: absolute-xri = \"xri:\" global-path, and a global path starts with its authority: \"//\" and a host (URI authority), " +
			"a global context symbol + = @ $ * ! and an xri-segment, or a cross-reference (Appendix A prints URI-authority = \"/\" …, " +
			"a typo for §2.1.1.1's \"//\"). \"xri:foo\" and \"xri:/foo\" are not XRIs. " +
			"xri-2.0 writes every absolute XRI as \"xri://\" followed by the authority.",
		Bad: "xri:example.com/x\nxri:/a/b", Good: "xri://example.com/x\nxri:@example/a/b",
	}
	BadPercent = &rules.Rule{
		ID: "XRI003", Name: "bad-percent-encoding", Scheme: "xri", Severity: rules.Error, Profiles: both,
		Spec: "xri-1.0-rc2 §2.2.4.1; §2.2.5", ProfileSpec: rules.PerProfile[string]{{V2, "xri-2.0 ABNF (pct-encoded)"}},
		Summary: `A "%" is not followed by two hexadecimal digits.`,
		Doc:     "escaped = \"%\" HEXDIG HEXDIG. The percent sign alone is an excluded character: a literal % is written %25.",
		Bad:     "xri:@example/100%", Good: "xri:@example/100%25",
		Fix:     "Write a literal % as %25.",
		FixKind: rules.FixUnsafe, Fixer: rules.FixPercent,
	}
	ExcludedChar = &rules.Rule{
		ID: "XRI004", Name: "excluded-char", Scheme: "xri", Severity: rules.Error, Profiles: both,
		Spec: "xri-1.0-rc2 §2.2.5; §2.2.3", ProfileSpec: rules.PerProfile[string]{{V2, "xri-2.0 ABNF (ucschar); rfc3987 §2.2"}},
		Summary: "An excluded character (space, control, < > \" { } | \\ ^ ` or a code point outside ucschar) appears unescaped.",
		Doc: "Data octets of excluded characters MUST be escaped. Non-ASCII characters are allowed only within ucschar, " +
			"read with its intent: rc2 prints %x10000-1FFFFD in §2.2.3 and %x30000-3FFFF … in Appendix A, both typos for the ranges " +
			"of RFC 3987 (%x10000-1FFFD … %xE1000-EFFFD); private use, surrogates and noncharacters stay excluded (xri-2.0 allows " +
			"iprivate in a query). Invalid UTF-8 is reported here too.",
		Bad: "xri:@example/a b\nxri:@example/a<b>", Good: "xri:@example/a%20b\nxri:@example/a%3Cb%3E",
		Fix:     "Percent-encode the character's UTF-8 octets.",
		FixKind: rules.FixUnsafe, Fixer: rules.FixEncode,
	}
	UnexpectedChar = &rules.Rule{
		ID: "XRI005", Name: "unexpected-char", Scheme: "xri", Severity: rules.Error, Profiles: both,
		Spec: "xri-1.0-rc2 Appendix A; §2.2.2", ProfileSpec: rules.PerProfile[string]{{V2, "xri-2.0 ABNF (xri-pchar, xri-gen-delims)"}},
		Summary: "A reserved character appears where its component does not allow it.",
		Doc: "Reserved characters delimit components; used as data they MUST be escaped (§2.2.2). Examples: \"[\" outside an IPv6 " +
			"literal; text glued to a cross-reference (a sub-segment is either text or one cross-reference: write @a.(+b), not @a(+b)); " +
			"under xri-2.0, \"@\", \"=\", \"+\" and \"$\" inside a sub-segment (they are gen-delims there).",
		Bad: "xri:@example/a[1]\nxri:@a(+b)\nxri://@org*a@b (xri-2.0)", Good: "xri:@example/a%5B1%5D\nxri:@a.(+b)",
	}
	Unbalanced = &rules.Rule{
		ID: "XRI006", Name: "unbalanced-parens", Scheme: "xri", Severity: rules.Error, Profiles: both,
		Spec: "xri-1.0-rc2 §2.1.1.4", ProfileSpec: rules.PerProfile[string]{{V2, "xri-2.0 ABNF (xref)"}},
		Summary: `A cross-reference "(" is never closed, or a ")" closes none.`,
		Doc:     "xref = \"(\" ( xri-value / URI ) \")\". Parentheses used as data are escaped %28 and %29.",
		Bad:     "xri:@example/(+email\nxri:@example/a)", Good: "xri:@example/(+email)\nxri:@example/a%29",
	}
	TooDeep = &rules.Rule{
		ID: "XRI007", Name: "nesting-too-deep", Scheme: "xri", Severity: rules.Error, Profiles: both,
		Spec:    "idlint limit; xri-1.0-rc2 §2.1.1.4",
		Summary: "Cross-references nest more than 32 deep.",
		Doc: "The spec sets no limit; idlint stops at 32 nested cross-references so that input cannot drive the parser's recursion. " +
			"Real XRIs nest two or three deep. What lies deeper is kept as opaque text in the canonical form.",
		Bad: "xri:@a/((((((…32 times…))))))", Good: "xri:@a/(+b/(+c))",
	}
	XrefNeedsSymbol = &rules.Rule{
		ID: "XRI008", Name: "xref-needs-symbol", Scheme: "xri", Severity: rules.Error, Profiles: onlyR2,
		Spec:    "xri-1.0-rc2 §2.1.1.4",
		Summary: "An XRI value in a cross-reference starts with a letter or digit without being a URI.",
		Doc: "A cross-reference holds an absolute URI (which starts with a scheme) or an XRI value, which MUST start with a symbol " +
			"character so the two cannot be confused; a relative XRI keeps its optional leading dot there. xri-2.0 drops the rule.",
		Bad: "xri:@example/(foo/bar)", Good: "xri:@example/(.foo/bar)",
	}
	BadHost = &rules.Rule{
		ID: "XRI009", Name: "bad-host", Scheme: "xri", Severity: rules.Error, Profiles: both,
		ProfileSeverity: rules.PerProfile[rules.Severity]{{V2, rules.Warning}},
		Spec:            "xri-1.0-rc2 §2.1.1.1; rfc2396 §3.2.2; rfc3490", ProfileSpec: rules.PerProfile[string]{{V2, "xri-2.0 ABNF (iauthority); rfc3987 §3.1; rfc3490"}},
		Summary: "The host of a URI authority is not a host name (after IDNA ToASCII), an IPv4 address or an IPv6 literal.",
		Doc: "rc2's ABNF says idomainlabel = 1*ucschar, which would exclude every ASCII host name, yet §2.1.1.1 says a hostname MUST meet " +
			"rfc2396 §3.2.2 after the ToASCII step of §2.2.4.3: idlint checks that — labels of letters, digits and inner hyphens, " +
			"at most 63 octets, a top label starting with a letter, IDNA ToASCII (UseSTD3ASCIIRules, no unassigned code points) for " +
			"non-ASCII labels. xri-2.0's ireg-name admits any name, so there a name that is not a DNS name is a warning (a malformed IP " +
			"literal stays an error, XRI005). Under rc2 a host holding \"=\", \"$\", \"*\" or \"(\" is often XRI 2.0 text: when the " +
			"whole XRI parses as XRI 2.0, XRI020 replaces this finding.",
		Bad: "xri://www.exa_mple.com/\nxri://-a.com/\nxri://[::1%eth0]/", Good: "xri://www.example.com/\nxri://[2010:836B:4179::836B:4179]/",
	}
	BadPort = &rules.Rule{
		ID: "XRI010", Name: "bad-port", Scheme: "xri", Severity: rules.Error, Profiles: both,
		Spec: "xri-1.0-rc2 §2.1.1.1", ProfileSpec: rules.PerProfile[string]{{V2, "rfc3987 §2.2 (port)"}},
		Summary: "The port of a URI authority is not a number.",
		Doc:     "port = *DIGIT. An XRI has no default port, so idlint never drops one, not even an empty one.",
		Bad:     "xri://example.com:http/", Good: "xri://example.com:8080/",
	}
	NotUTF8 = &rules.Rule{
		ID: "XRI011", Name: "escape-not-utf8", Scheme: "xri", Severity: rules.Error, Profiles: both,
		Spec: "xri-1.0-rc2 §2.2.1", ProfileSpec: rules.PerProfile[string]{{V2, "xri-2.0 §2.1.1; rfc3987 §3.2"}},
		Summary: "Percent-encoded octets do not form UTF-8.",
		Doc:     "A valid XRI character sequence MUST be derivable by unescaping an equivalent UTF-8 sequence: %FC (ü in Latin-1) is not.",
		Bad:     "xri:@example/m%FCller", Good: "xri:@example/m%C3%BCller",
	}
	RelativeFirstSegment = &rules.Rule{
		ID: "XRI012", Name: "relative-first-segment", Scheme: "xri", Severity: rules.Error, Profiles: both,
		Spec: "xri-1.0-rc2 §2.3.3", ProfileSpec: rules.PerProfile[string]{{V2, "xri-2.0 ABNF (xri-path-noscheme)"}},
		Summary: `The first segment of a relative XRI holds a ":", which reads as a scheme.`,
		Doc: "If any segment before the first \"/\" of a relative XRI contains a colon, the reference must be rewritten to begin with " +
			"\".\" or \"./\": \"foo:bar\" becomes \".foo:bar\" or \"./foo:bar\" (equivalence is unchanged). xri-2.0 also forbids a " +
			"cross-reference as that segment's first sub-segment.",
		Bad: "foo:bar (relative)", Good: "./foo:bar",
		Fix: `Prefix "./".`,
	}
	TooLong = &rules.Rule{
		ID: "XRI013", Name: "too-long", Scheme: "xri", Severity: rules.Error, Profiles: both,
		Spec:    "idlint limit",
		Summary: "The XRI is longer than 8 KiB and is not parsed.",
		Doc:     "The scanner cuts identifiers at 8 KiB (extract.DefaultMaxLen); the checker parses no more, so its cost stays bounded.",
		Bad:     "xri:@a/ followed by 9000 characters", Good: "a shorter XRI",
	}
	AuthoritySyntax = &rules.Rule{
		ID: "XRI014", Name: "persistent-authority-syntax", Scheme: "xri", Severity: rules.Error, Profiles: onlyV2,
		Spec:    "xri-2.0 ABNF (pgcs-authority)",
		Summary: `The persistent global context "!" is not followed by a non-empty "!" sub-segment.`,
		Doc:     "pgcs-authority = \"!\" xri-subseg-pt-nz *xri-subseg, xri-subseg-pt-nz = \"!\" ( xref / 1*xri-pchar ): a global i-number is \"!!\" and digits.",
		Bad:     "xri://!1003\nxri://!!", Good: "xri://!!1003!103",
	}
	XRI20Syntax = &rules.Rule{
		ID: "XRI020", Name: "xri-2.0-syntax", Scheme: "xri", Severity: rules.Error, Profiles: onlyR2,
		Spec:    "xri-1.0-rc2 Appendix A; xri-2.0 ABNF",
		Summary: "The XRI is written in XRI 2.0 syntax, which the xri-1.0-rc2 profile does not read.",
		Doc: "XRI 2.0 (2005) writes absolute XRIs as \"xri://\" + authority and delimits sub-segments with \"*\" (reassignable) and " +
			"\"!\" (persistent): xri://=name, xri://@org*dept, xri://$xrd*($v*2.0). rc2 reads \"xri://\" as a URI authority, where " +
			"= * $ ( are not host characters. Only under an explicitly chosen --profile xri=xri-1.0-rc2: the finding is an error " +
			"(rc2's grammar does not accept the text) that replaces the rc2 errors, and the canonical form and key follow xri-2.0. " +
			"The default profile, auto, lints such text under xri-2.0.",
		Bad: "xri://$xrd*($v*2.0) (under xri-1.0-rc2)", Good: "the same under --profile xri=xri-2.0",
	}
	XRI10Syntax = &rules.Rule{
		ID: "XRI021", Name: "xri-1.0-syntax", Scheme: "xri", Severity: rules.Error, Profiles: onlyV2,
		Spec:    "xri-2.0 ABNF; xri-1.0-rc2 Appendix A",
		Summary: "The XRI is written in XRI 1.0 syntax, which the xri-2.0 profile does not read.",
		Doc: "XRI 1.0 drafts wrote \"xri:\" directly followed by the authority (xri:@example, xri:=JohnDoe.home) and used \".\" and " +
			"\":\" as sub-segment delimiters. Only under an explicitly chosen --profile xri=xri-2.0: the finding is an error " +
			"(xri-2.0's grammar does not accept the text) that replaces the xri-2.0 errors, and the canonical form and key follow rc2. " +
			"The default profile, auto, lints such text under xri-1.0-rc2.",
		Bad: "xri:=JohnDoe.home (under xri-2.0)", Good: "xri://=JohnDoe*home, or the same under --profile xri=xri-1.0-rc2",
	}
	MisleadingAuthority = &rules.Rule{
		ID: "XRI022", Name: "misleading-uri-authority", Scheme: "xri", Severity: rules.Warning, Profiles: onlyR2,
		Spec:    "xri-1.0-rc2 Appendix C; §2.1.1.1",
		Summary: `A URI authority with an empty user name or one starting with a global context symbol reads like an XRI authority.`,
		Doc: "rc2 reads xri://@example.com/x as an empty userinfo at host example.com, a form its own Appendix C calls misleading: " +
			"a reader sees the organization i-name @example.com — which is what XRI 2.0 makes of it. xri://=bob@example.com is the " +
			"same trap. Under rc2 write the XRI authority without \"//\". Only under an explicitly chosen --profile xri=xri-1.0-rc2 " +
			"(rc2's grammar accepts the text, so a warning): the default auto reads \"xri://\" followed by a global context symbol " +
			"as xri-2.0, as it reads xri://= .",
		Bad: "xri://@example.com/x\nxri://=bob@example.com/x", Good: "xri:@example.com/x\nxri://example.com/x",
	}
	EmptyXref = &rules.Rule{
		ID: "XRI023", Name: "empty-xref", Scheme: "xri", Severity: rules.Warning, Profiles: onlyR2,
		Spec:    "xri-1.0-rc2 §2.1.1.4",
		Summary: `The cross-reference "()" is empty.`,
		Doc: "The ABNF admits it (xri-value is all optional), but §2.1.1.4 wants an XRI value starting with a symbol or an absolute " +
			"URI: an empty one identifies nothing. xri-2.0 allows \"()\".",
		Bad: "xri:@example/()", Good: "xri:@example/(+x)",
	}
	UnneededEscape = &rules.Rule{
		ID: "XRI024", Name: "unnecessary-escape", Scheme: "xri", Severity: rules.Warning, Profiles: both,
		Spec: "xri-1.0-rc2 §2.2.3; §2.4.2", ProfileSpec: rules.PerProfile[string]{{V2, "xri-2.0 ABNF (iunreserved); rfc3987 §5.3.2.3"}},
		Summary: "An unreserved character is percent-encoded.",
		Doc: "Unreserved characters should not be escaped unless necessary: comparison may treat %61 and a as different. " +
			"rc2 unreserved: letters, digits, - _ ~ ' and ucschar; xri-2.0: letters, digits, - . _ ~ and ucschar. Escaped delimiters " +
			"(%2E %3A %2F %28 %29 %2A %21 …) are data and stay; invisible ucschar (spaces, format controls) are better left escaped. " +
			"The canonical form decodes the others.",
		Bad: "xri:@ex%61mple", Good: "xri:@example",
		Fix:     "Decode the escape (safe: equivalence is unchanged).",
		FixKind: rules.FixSafe, Fixer: rules.FixDecode,
	}
	LowercaseHex = &rules.Rule{
		ID: "XRI025", Name: "lowercase-percent-hex", Scheme: "xri", Severity: rules.Warning, Profiles: both,
		Spec: "xri-1.0-rc2 §2.2.4.1", ProfileSpec: rules.PerProfile[string]{{V2, "rfc3986 §2.1"}},
		Summary: "A percent-escape uses lower-case hex digits.",
		Doc:     "%2f and %2F are equivalent; generators and normalizers SHOULD use upper case.",
		Bad:     "xri:@example%2f", Good: "xri:@example%2F",
		Fix:     "Upper-case the hex digits (safe).",
		FixKind: rules.FixSafe, Fixer: rules.FixUpper,
	}
	InvisibleChar = &rules.Rule{
		ID: "XRI026", Name: "invisible-char", Scheme: "xri", Severity: rules.Warning, Profiles: both,
		Spec: "xri-1.0-rc2 §2.2.5", ProfileSpec: rules.PerProfile[string]{{V2, "rfc3987 §6.4"}},
		Summary: "An unescaped white space or invisible format character (a ucschar) appears.",
		Doc: "Unescaped spaces or whitespace characters SHOULD be avoided in presentation: they hide where an XRI ends and build " +
			"look-alikes (no-break space, line separator, zero-width and bidi controls are all within ucschar).",
		Bad: "xri:@exa\u200Bmple", Good: "xri:@exa%E2%80%8Bmple (or no such character)",
	}
	CompatChar = &rules.Rule{
		ID: "XRI027", Name: "compatibility-char", Scheme: "xri", Severity: rules.Info, Profiles: both,
		Spec: "xri-1.0-rc2 §2.2.5; §2.4.1", ProfileSpec: rules.PerProfile[string]{{V2, "rfc3987 §6.4"}},
		Summary: "A compatibility character (full-width form, ligature, circled digit …) appears.",
		Doc: "After [IRI], characters with strong visual look-alikes should be avoided. Comparison of XRI authorities uses the " +
			"compatibility caseless match (§2.4.1), so @ｅｘａｍｐｌｅ and @example are the same authority.",
		Bad: "xri:@ｅｘａｍｐｌｅ", Good: "xri:@example",
	}
	SchemeOmitted = &rules.Rule{
		ID: "XRI030", Name: "scheme-omitted", Scheme: "xri", Severity: rules.Info, Profiles: both,
		Spec: "xri-1.0-rc2 §2.4.5 Table 3", ProfileSpec: rules.PerProfile[string]{{V2, "xri-2.0 ABNF (XRI = [ \"xri://\" ] xri-hier-part)"}},
		Summary: "An absolute XRI is written without its optional scheme.",
		Doc:     "Canonical XRIs add the optional xri scheme: \"xri:\" under rc2, \"xri://\" under xri-2.0. XRDS documents write CanonicalIDs without it.",
		Bad:     "@example", Good: "xri:@example",
		Fix:     "Prefix the scheme.",
		FixKind: rules.FixSafe, Fixer: fixAddScheme,
	}
	NonCanonicalCase = &rules.Rule{
		ID: "XRI031", Name: "non-canonical-case", Scheme: "xri", Severity: rules.Info, Profiles: both,
		Spec: "xri-1.0-rc2 §2.4.5 Table 3; §2.4.1", ProfileSpec: rules.PerProfile[string]{{V2, "rfc3986 §6.2.2.1"}},
		Summary: "The scheme, the host or (rc2) the XRI authority is not in lower case.",
		Doc: "The scheme and the authority compare case-insensitively; canonical XRIs write them in lower case. Under xri-2.0 the " +
			"canonical form keeps the case of an XRI authority (i-numbers are written in upper case by convention), while the key " +
			"still folds it.",
		Bad: "XRI:@Example\nxri://WWW.Example.com/", Good: "xri:@example\nxri://www.example.com/",
		Fix:     "Lower-case it (safe).",
		FixKind: rules.FixSafe, Fixer: rules.FixLower,
	}
	OptionalDot = &rules.Rule{
		ID: "XRI032", Name: "optional-leading-dot", Scheme: "xri", Severity: rules.Info, Profiles: onlyR2,
		Spec:    "xri-1.0-rc2 §2.4.5 Table 3; §2.4.3",
		Summary: "A segment starts with the optional leading dot.",
		Doc: "An xri-segment without its leading \".\" is equivalent to the same segment with it; canonical XRIs omit it. It is " +
			"not optional before a first relative segment holding \":\" (§2.3.3) or at the start of a relative cross-reference (§2.1.1.4).",
		Bad: "xri:@example/.abc", Good: "xri:@example/abc",
		Fix:     "Drop the dot (safe).",
		FixKind: rules.FixSafe, Fixer: rules.FixDelete,
	}
	DotSegments = &rules.Rule{
		ID: "XRI033", Name: "dot-segments", Scheme: "xri", Severity: rules.Info, Profiles: both,
		Spec: "xri-1.0-rc2 §2.4.5 Table 3", ProfileSpec: rules.PerProfile[string]{{V2, "rfc3986 §6.2.2.3"}},
		Summary: `An absolute XRI holds "." or ".." segments.`,
		Doc:     "\"./\" and \"../\" are avoided in absolute XRIs; the canonical form removes them (rfc3986 §5.2.4, \"..\" above the root is dropped).",
		Bad:     "xri:@example/./abc\nxri:@example/a/../abc", Good: "xri:@example/abc",
		Fix: "Remove them (safe).",
	}
	XrefAuthorityAlone = &rules.Rule{
		ID: "XRI034", Name: "xref-authority-alone", Scheme: "xri", Severity: rules.Info, Profiles: onlyR2,
		Spec:    "xri-1.0-rc2 §2.1.1.4; §2.1.1.5",
		Summary: "A cross-reference authority has no \".\" or \":\" sub-segment after it.",
		Doc: "rc2's ABNF says xref-authority = xref ( \".\" sub-segment / \":\" sub-segment ) *(…), yet the spec's own examples " +
			"xri:(mailto:john.doe@example.com)/favorites/home (§2.1.1.4) and the self-reference xri:(+user-friendly) (§2.1.1.5) have " +
			"none. idlint follows the examples: such XRIs are valid, and this note says that a strict rc2 parser rejects them. " +
			"xri-2.0 allows them (xref-authority = xref *xri-subseg).",
		Bad: "xri:(+user-friendly)", Good: "xri:(mailto:john.doe@example.com).home/favorites (strict rc2; self-references need no change)",
	}
	NotNFC = &rules.Rule{
		ID: "XRI035", Name: "not-nfc", Scheme: "xri", Severity: rules.Info, Profiles: both,
		Spec: "xri-1.0-rc2 §2.2.4.3 step 1", ProfileSpec: rules.PerProfile[string]{{V2, "rfc3987 §5.3.2.2"}},
		Summary: "The XRI is not in Unicode normalization form C.",
		Doc: "Transformation to IRI, anyURI and URI normal form starts with NFC; XRIs that differ only in normalization are equivalent. " +
			"The canonical form composes each component on its own (never across a delimiter, so \"=\" followed by U+0338 stays two characters).",
		Bad: "xri:@cafe\u0301", Good: "xri:@caf\u00e9",
		Fix:     "Normalize to NFC (safe).",
		FixKind: rules.FixSafe, Fixer: fixNFC,
	}
)

// Catalog lists every XRI rule in ID order.
var Catalog = []*rules.Rule{
	NotXRI, MissingAuthority, BadPercent, ExcludedChar, UnexpectedChar, Unbalanced, TooDeep, XrefNeedsSymbol,
	BadHost, BadPort, NotUTF8, RelativeFirstSegment, TooLong, AuthoritySyntax,
	XRI20Syntax, XRI10Syntax, MisleadingAuthority, EmptyXref, UnneededEscape, LowercaseHex, InvisibleChar, CompatChar,
	SchemeOmitted, NonCanonicalCase, OptionalDot, DotSegments, XrefAuthorityAlone, NotNFC,
}
