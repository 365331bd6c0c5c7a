package urn

import "github.com/idlint/idlint/rules"

// Profile names, as given to --profile urn=NAME.
const (
	RFC2141      = "rfc2141"
	RFC2141bis03 = "rfc2141bis-03"
	RFC8141      = "rfc8141"
)

// Profiles lists the profiles in order of age; DefaultProfile is the standard in force.
var Profiles = []string{RFC2141, RFC2141bis03, RFC8141}

const DefaultProfile = RFC8141

var (
	all      = []string{RFC2141, RFC2141bis03, RFC8141}
	onlyBis  = []string{RFC2141bis03}
	only8141 = []string{RFC8141}
	newer    = []string{RFC2141bis03, RFC8141}
)

// The catalog: one value per check, its documentation beside it.
var (
	NotURN = &rules.Rule{
		ID: "URN001", Name: "not-urn", Scheme: "urn", Severity: rules.Error, Profiles: all,
		Spec:    "rfc8141 §2",
		Summary: `The identifier does not begin with the scheme "urn:".`,
		Doc:     "Every URN starts with the scheme name urn followed by a colon (case-insensitive). Only whole identifiers given to `idlint parse` can lack it; the scanner never extracts such text.",
		Bad:     "isbn:0451450523", Good: "urn:isbn:0451450523",
	}
	MissingNIDDelimiter = &rules.Rule{
		ID: "URN002", Name: "missing-nid-delimiter", Scheme: "urn", Severity: rules.Error, Profiles: all,
		Spec: "rfc8141 §2", ProfileSpec: rules.PerProfile[string]{{RFC2141, "rfc2141 §2"}, {RFC2141bis03, "rfc2141bis-03 §2"}},
		Summary: `No ":" separates the namespace identifier (NID) from the namespace-specific string (NSS).`,
		Doc:     "A URN is urn:NID:NSS; both colons are required. Text such as `urn:isbn` names a namespace, not a resource.",
		Bad:     "urn:isbn", Good: "urn:isbn:0451450523",
	}
	NIDSyntax = &rules.Rule{
		ID: "URN003", Name: "nid-syntax", Scheme: "urn", Severity: rules.Error, Profiles: all,
		Spec: "rfc8141 §2", ProfileSpec: rules.PerProfile[string]{{RFC2141, "rfc2141 §2.1"}, {RFC2141bis03, "rfc2141bis-03 §2.1"}},
		Summary: "The namespace identifier has a character or a length its profile does not allow.",
		Doc: "rfc2141: 1 to 32 letters, digits and hyphens, not starting with a hyphen.\n" +
			"rfc2141bis-03 and rfc8141: 2 to 32 letters, digits and hyphens, starting and ending with a letter or digit " +
			"(rfc2141bis-03 §2.1; its Appendix B is a stale copy that still allows a trailing hyphen).",
		Bad: "urn:isbn-:0451450523\nurn:i_s_b_n:0451450523", Good: "urn:isbn:0451450523",
	}
	NIDReserved = &rules.Rule{
		ID: "URN004", Name: "nid-reserved", Scheme: "urn", Severity: rules.Error, Profiles: all,
		ProfileSeverity: rules.PerProfile[rules.Severity]{{RFC8141, rules.Warning}},
		Spec:            "rfc2141 §2.1", ProfileSpec: rules.PerProfile[string]{{RFC2141bis03, "rfc2141bis-03 §2.1"}, {RFC8141, "rfc8141 §5.1; rfc2141 §2.1"}},
		Summary: `The NID is "urn", which is reserved.`,
		Doc: "rfc2141 and rfc2141bis-03 reserve the NID urn permanently to avoid confusion with the scheme name: it MUST NOT be used. " +
			"rfc8141's grammar accepts it, but it can never be registered (it collides with the informal urn- prefix of §5.2 and with older parsers), " +
			"so it is a warning there. `urn:urn:x` is usually a doubled prefix.",
		Bad: "urn:urn:isbn:0451450523", Good: "urn:isbn:0451450523",
		Fix:     "Remove the doubled `urn:`.",
		FixKind: rules.FixUnsafe, Fixer: fixDoubledPrefix,
	}
	EmptyNSS = &rules.Rule{
		ID: "URN005", Name: "empty-nss", Scheme: "urn", Severity: rules.Error, Profiles: all,
		Spec: "rfc8141 §2", ProfileSpec: rules.PerProfile[string]{{RFC2141, "rfc2141 §2.2"}, {RFC2141bis03, "rfc2141bis-03 §2.2"}},
		Summary: "The namespace-specific string is empty.",
		Doc:     "The NSS names the resource within its namespace and has at least one character in every profile.",
		Bad:     "urn:isbn:", Good: "urn:isbn:0451450523",
	}
	BadPercent = &rules.Rule{
		ID: "URN006", Name: "bad-percent-encoding", Scheme: "urn", Severity: rules.Error, Profiles: all,
		Spec: "rfc8141 §2; rfc3986 §2.1", ProfileSpec: rules.PerProfile[string]{{RFC2141, "rfc2141 §2.3.1"}, {RFC2141bis03, "rfc2141bis-03 §2.5.2"}},
		Summary: `A "%" is not followed by two hexadecimal digits.`,
		Doc:     "The percent sign only introduces an escape: %XX with two hex digits. A literal percent sign is written %25. `%zz` is not an escape (a known mistake of other parsers).",
		Bad:     "urn:example:100%\nurn:example:a%zz", Good: "urn:example:100%25",
		Fix:     "Write a literal % as %25.",
		FixKind: rules.FixUnsafe, Fixer: rules.FixPercent,
	}
	InvalidChar = &rules.Rule{
		ID: "URN007", Name: "invalid-char", Scheme: "urn", Severity: rules.Error, Profiles: all,
		Spec: "rfc8141 §2; rfc3986 §3.3", ProfileSpec: rules.PerProfile[string]{{RFC2141, "rfc2141 §2.4"}, {RFC2141bis03, "rfc2141bis-03 §2.5.3"}},
		Summary: "A character outside the profile's URN character set appears unencoded.",
		Doc: "Characters outside the URN character repertoire MUST be percent-encoded as UTF-8 octets. " +
			"rfc2141 excludes, among others, & ~ [ ] and all non-ASCII; rfc2141bis-03 and rfc8141 allow & and ~ (pchar) " +
			"but still exclude [ ], space, controls and non-ASCII.",
		Bad: "urn:example:a[1]\nurn:example:café", Good: "urn:example:a%5B1%5D\nurn:example:caf%C3%A9",
		Fix:     "Percent-encode the character's UTF-8 octets.",
		FixKind: rules.FixUnsafe, Fixer: rules.FixEncode,
	}
	ReservedChar = &rules.Rule{
		ID: "URN008", Name: "reserved-char", Scheme: "urn", Severity: rules.Warning, Profiles: []string{RFC2141, RFC2141bis03},
		ProfileSeverity: rules.PerProfile[rules.Severity]{{RFC2141bis03, rules.Error}},
		Spec:            "rfc2141 §2.3.2", ProfileSpec: rules.PerProfile[string]{{RFC2141bis03, "rfc2141bis-03 §2.5.1"}},
		Summary: `A reserved character ("/", "?", "#") appears literally in the NSS.`,
		Doc: "rfc2141 reserves / ? # for future use: namespaces SHOULD NOT use them unencoded (a warning). " +
			"rfc2141bis-03 makes ? and # the query and fragment delimiters and forbids a literal / in the NSS (MUST NOT). " +
			"rfc8141 allows / in the NSS.",
		Bad: "urn:example:a/b", Good: "urn:example:a%2Fb",
	}
	NULOctet = &rules.Rule{
		ID: "URN009", Name: "nul-octet", Scheme: "urn", Severity: rules.Error, Profiles: all,
		ProfileSeverity: rules.PerProfile[rules.Severity]{{RFC8141, rules.Warning}},
		Spec:            "rfc2141 §2.4", ProfileSpec: rules.PerProfile[string]{{RFC2141bis03, "rfc2141bis-03 §2.5.3"}, {RFC8141, "rfc2141 §2.4; rfc2141bis-03 §2.5.3"}},
		Summary: "The octet 0 appears, percent-encoded as %00.",
		Doc: "rfc2141 says octet 0 should never be used, not even encoded; rfc2141bis-03 makes that a MUST NOT. " +
			"rfc8141 is silent, so there it is a compatibility warning: older parsers and C-string consumers reject or truncate it.",
		Bad: "urn:example:a%00b", Good: "urn:example:ab",
	}
	UnneededPercent = &rules.Rule{
		ID: "URN010", Name: "unnecessary-percent-encoding", Scheme: "urn", Severity: rules.Warning, Profiles: all,
		ProfileSeverity: rules.PerProfile[rules.Severity]{{RFC8141, rules.Info}},
		Spec:            "rfc2141 §2.3.1", ProfileSpec: rules.PerProfile[string]{{RFC2141bis03, "rfc2141bis-03 §2.5.2"}, {RFC8141, "rfc3986 §2.3; rfc8141 §3.1"}},
		Summary: "A character that needs no encoding is percent-encoded.",
		Doc: "rfc2141 and rfc2141bis-03: a character MUST NOT be %-encoded unless it is reserved — but a namespace may designate " +
			"characters as reserved (e.g. ',' as a separator), so whether %2C is wrong depends on the namespace: a warning. " +
			"rfc8141 only discourages encoding unreserved characters (A-Z a-z 0-9 - . _ ~, rfc3986 §2.3); note that URN equivalence " +
			"never decodes, so urn:example:%61 and urn:example:a are different URNs (rfc8141 §3.1).",
		Bad: "urn:example:%61bc", Good: "urn:example:abc",
		Fix:     "Decode the escape, unless the namespace gives the character a special meaning.",
		FixKind: rules.FixUnsafe, Fixer: rules.FixDecode,
	}
	BareQuestionMark = &rules.Rule{
		ID: "URN011", Name: "bare-question-mark", Scheme: "urn", Severity: rules.Error, Profiles: only8141,
		Spec:    "rfc8141 §2",
		Summary: `A "?" outside the components is not followed by "+" or "=".`,
		Doc:     `rfc8141 introduces components with "?+" (r-component) and "?=" (q-component); any other "?" in the assigned name is undefined and SHOULD be treated as a syntax error. A URL-style "?key=value" query is the usual cause.`,
		Bad:     "urn:example:a?b", Good: "urn:example:a?=b",
	}
	EmptyComponent = &rules.Rule{
		ID: "URN012", Name: "empty-component", Scheme: "urn", Severity: rules.Error, Profiles: only8141,
		Spec:    "rfc8141 §2",
		Summary: `An r-component ("?+") or q-component ("?=") is empty.`,
		Doc:     "r-component and q-component are `pchar *( pchar / \"/\" / \"?\" )`: at least one character. An empty one is a syntax error.",
		Bad:     "urn:example:a?=", Good: "urn:example:a?=lang=en",
	}
	ComponentOrder = &rules.Rule{
		ID: "URN013", Name: "component-order", Scheme: "urn", Severity: rules.Warning, Profiles: only8141,
		Spec:    "rfc8141 §2",
		Summary: `"?+" appears after "?=", so it is data of the q-component, not an r-component.`,
		Doc:     "The r-component comes before the q-component. `urn:a:b?=q?+r` is valid, but its q-component is `q?+r` and it has no r-component — rarely what was meant.",
		Bad:     "urn:example:a?=lang=en?+res", Good: "urn:example:a?+res?=lang=en",
	}
	RComponentUse = &rules.Rule{
		ID: "URN014", Name: "r-component-unstandardized", Scheme: "urn", Severity: rules.Warning, Profiles: only8141,
		Spec:    "rfc8141 §2.3.1",
		Summary: "An r-component is used, but its semantics are not standardized.",
		Doc:     "rfc8141 reserves the r-component for future use: r-components SHOULD NOT be used for URNs before their semantics have been standardized.",
		Bad:     "urn:example:foo?+CCResolve:cc=uk", Good: "urn:example:foo",
	}
	QuerySyntax = &rules.Rule{
		ID: "URN015", Name: "query-syntax", Scheme: "urn", Severity: rules.Error, Profiles: onlyBis,
		Spec:    "rfc2141bis-03 §2.3",
		Summary: `The query is not a list of keyword=value directives separated by "&".`,
		Doc:     "urn-query = directive *( \"&\" directive ), directive = keywd \"=\" value, keywd = ALPHA *( [\"-\"] (ALPHA / DIGIT) ), value = *v-pchar (no \"&\").",
		Bad:     "urn:example:a?s\nurn:example:a?s=I2L&&c=ToC", Good: "urn:example:a?s=I2L&c=ToC",
	}
	DuplicateKeyword = &rules.Rule{
		ID: "URN016", Name: "duplicate-query-keyword", Scheme: "urn", Severity: rules.Error, Profiles: onlyBis,
		Spec:    "rfc2141bis-03 §2.3",
		Summary: "A registered query keyword appears more than once.",
		Doc:     "Each registered keywd (s, c) MUST NOT appear more than once; a resolver ignores every directive with the offending keyword.",
		Bad:     "urn:example:a?s=I2L&s=I2R", Good: "urn:example:a?s=I2L",
	}
	UnknownKeyword = &rules.Rule{
		ID: "URN017", Name: "unknown-query-keyword", Scheme: "urn", Severity: rules.Info, Profiles: onlyBis,
		Spec:    "rfc2141bis-03 §2.3; §9.2.1",
		Summary: "A query keyword is not in the keyword registry (s, c).",
		Doc:     "Resolvers ignore keywords they do not understand, so an unregistered keyword may silently have no effect.",
		Bad:     "urn:example:a?service=I2L", Good: "urn:example:a?s=I2L",
	}
	UnknownService = &rules.Rule{
		ID: "URN018", Name: "unknown-resolution-service", Scheme: "urn", Severity: rules.Warning, Profiles: onlyBis,
		Spec:    "rfc2141bis-03 §2.3.1; §9.2.2",
		Summary: `The value of the "s" keyword is not a registered resolution service.`,
		Doc:     "Registered services: I2L I2Ls I2R I2Rs I2C I2Cs I2N I2Ns I=I (case-sensitive). A resolver falls back to the default service for anything else.",
		Bad:     "urn:example:a?s=i2l", Good: "urn:example:a?s=I2L",
	}
	QueryInReference = &rules.Rule{
		ID: "URN019", Name: "query-in-reference", Scheme: "urn", Severity: rules.Info, Profiles: onlyBis,
		Spec:    "rfc2141bis-03 §2.3",
		Summary: "The URN carries a query: it is a reference for a resolver, not an assigned URN.",
		Doc:     "The query part MUST NOT be present in any assigned URN; it may only be added to a URI reference meant for resolution services. Equivalence (step 5a) ignores it.",
		Bad:     "urn:example:a?s=I2L (as an assigned name)", Good: "urn:example:a",
	}
	FragmentInURN = &rules.Rule{
		ID: "URN020", Name: "fragment-in-urn", Scheme: "urn", Severity: rules.Warning, Profiles: onlyBis,
		Spec:    "rfc2141bis-03 §2.4",
		Summary: "The URN carries a fragment, allowed only where its namespace registration says so.",
		Doc:     "Absent a namespace definition that explicitly specifies fragment usage, URNs MUST NOT contain a fragment identifier; it never belongs to an assigned URN. Whether the namespace allows it is outside the syntax, hence a warning.",
		Bad:     "urn:example:a#part", Good: "urn:example:a",
	}
	InformalNID = &rules.Rule{
		ID: "URN021", Name: "informal-nid-syntax", Scheme: "urn", Severity: rules.Warning, Profiles: only8141,
		Spec:    "rfc8141 §5.2",
		Summary: `A NID starting with "urn-" is not "urn-" followed by a number without leading zero.`,
		Doc:     "The urn- prefix is reserved for informal namespaces that IANA numbers: InformalNamespaceName = \"urn-\" Number, Number = DigitNonZero 0*Digit.",
		Bad:     "urn:urn-0:x\nurn:urn-07:x\nurn:urn-abc:x", Good: "urn:urn-7:x",
	}
	ExperimentalNID = &rules.Rule{
		ID: "URN022", Name: "experimental-nid", Scheme: "urn", Severity: rules.Warning, Profiles: only8141,
		Spec:    "rfc8141 §5.1; rfc6648",
		Summary: `The NID starts with "X-", an experimental prefix that can no longer be registered.`,
		Doc:     "RFC 3406 allowed experimental X- namespaces; rfc8141 §5.1 forbids registering NIDs that start with X- so they cannot be confused with them (see also rfc6648).",
		Bad:     "urn:x-mine:123", Good: "urn:example:123 (documentation) or a registered NID",
	}
	ShortNID = &rules.Rule{
		ID: "URN023", Name: "nid-too-short", Scheme: "urn", Severity: rules.Warning, Profiles: only8141,
		Spec:    "rfc8141 §5.1",
		Summary: "The NID has two characters or fewer, which a formal namespace cannot have.",
		Doc:     "A formal NID MUST be more than two characters long; short strings are kept for possible country-code namespaces.",
		Bad:     "urn:ab:123", Good: "urn:abc:123",
	}
	CountryCodeNID = &rules.Rule{
		ID: "URN024", Name: "nid-reserved-prefix", Scheme: "urn", Severity: rules.Warning, Profiles: only8141,
		Spec:    "rfc8141 §5.1",
		Summary: `The NID starts with two letters and a hyphen (such as "de-" or "xn--"), prefixes reserved by rfc8141.`,
		Doc:     "ALPHA ALPHA \"-\" is reserved for national namespaces based on ISO 3166-1 alpha-2 codes, and two letters followed by two hyphens (xn--) for DNS A-labels.",
		Bad:     "urn:de-dnb:123\nurn:xn--bcher-kva:1", Good: "urn:nbn:de:101-123",
	}
	UnregisteredNID = &rules.Rule{
		ID: "URN025", Name: "unregistered-nid", Scheme: "urn", Severity: rules.Info, Profiles: all,
		Spec:    "IANA URN Namespaces registry; rfc8141 §5",
		Summary: "The NID is not in the IANA URN Namespaces registry carried by this build.",
		Doc:     "Unregistered namespaces have no published syntax or equivalence rules, so their URNs cannot be checked beyond the generic syntax. Common unregistered NIDs (urn:schemas-microsoft-com, urn:md5 …) are in wide use; this is information, not an error. `idlint version` prints the registry date.",
		Bad:     "urn:mycompany:item:1", Good: "urn:isbn:0451450523",
	}
	NotUTF8 = &rules.Rule{
		ID: "URN026", Name: "percent-encoded-not-utf8", Scheme: "urn", Severity: rules.Warning, Profiles: all,
		Spec: "rfc8141 §2.2", ProfileSpec: rules.PerProfile[string]{{RFC2141, "rfc2141 §2.2"}, {RFC2141bis03, "rfc2141bis-03 §2.2"}},
		Summary: "Percent-encoded octets do not form valid UTF-8.",
		Doc:     "Characters outside the URN character set are translated to UTF-8 and then percent-encoded. Other octet sequences (Latin-1 %E9, truncated sequences) may be a namespace's binary data, hence a warning.",
		Bad:     "urn:example:caf%E9", Good: "urn:example:caf%C3%A9",
	}
	NonCanonicalCase = &rules.Rule{
		ID: "URN030", Name: "non-canonical-case", Scheme: "urn", Severity: rules.Info, Profiles: all,
		Spec: "rfc8141 §3.1", ProfileSpec: rules.PerProfile[string]{{RFC2141, "rfc2141 §5"}, {RFC2141bis03, "rfc2141bis-03 §5"}},
		Summary: "The scheme or NID is not lower case.",
		Doc:     "Scheme and NID are case-insensitive, so URN:ISBN:x and urn:isbn:x are equivalent; writing them in lower case keeps text greppable and equal to the canonical form.",
		Bad:     "URN:ISBN:0451450523", Good: "urn:isbn:0451450523",
		Fix:     "Lower-case the scheme and NID (safe: equivalence is unchanged).",
		FixKind: rules.FixSafe, Fixer: rules.FixLower,
	}
	LowercaseHex = &rules.Rule{
		ID: "URN031", Name: "lowercase-percent-hex", Scheme: "urn", Severity: rules.Info, Profiles: all,
		Spec: "rfc8141 §3.1; rfc3986 §2.1", ProfileSpec: rules.PerProfile[string]{{RFC2141, "rfc2141 §5"}, {RFC2141bis03, "rfc2141bis-03 §5"}},
		Summary: "A percent-escape uses lower-case hex digits.",
		Doc:     "%2c and %2C are equivalent; rfc3986 §2.1 recommends upper case and rfc8141 §3.1 normalizes to it.",
		Bad:     "urn:example:a%2cb", Good: "urn:example:a%2Cb",
		Fix:     "Upper-case the hex digits (safe).",
		FixKind: rules.FixSafe, Fixer: rules.FixUpper,
	}
	CompatChars = &rules.Rule{
		ID: "URN040", Name: "compat-rfc2141-chars", Scheme: "urn", Severity: rules.Warning, Profiles: newer,
		Spec:    "rfc2141 §2.4",
		Summary: `The NSS contains "&" or "~", which rfc2141 parsers reject.`,
		Doc:     "rfc2141bis-03 and rfc8141 admit & and ~ (pchar), but rfc2141 lists them as excluded characters that MUST be encoded; software written to rfc2141 cuts the URN there or rejects it.",
		Bad:     "urn:example:a&b", Good: "urn:example:a%26b (if the namespace allows)",
	}
	CompatSlash = &rules.Rule{
		ID: "URN041", Name: "compat-rfc2141-slash", Scheme: "urn", Severity: rules.Info, Profiles: only8141,
		Spec:    "rfc2141 §2.3.2; rfc2141bis-03 §2.5.1",
		Summary: `The NSS contains "/", which rfc2141 reserves and rfc2141bis-03 forbids.`,
		Doc: "rfc8141 allows / in the NSS; older parsers treat it as reserved and some split relative references on it. " +
			"Info: the name is valid, and who writes a registered one (…:DIDL-Lite/) cannot change it.",
		Bad: "urn:example:1/406/47452/2", Good: "urn:example:1:406:47452:2 (if the namespace allows)",
	}
	CompatComponents = &rules.Rule{
		ID: "URN042", Name: "compat-rfc2141-components", Scheme: "urn", Severity: rules.Warning, Profiles: newer,
		ProfileSeverity: rules.PerProfile[rules.Severity]{{RFC8141, rules.Info}},
		Spec:            "rfc2141 §2.3.2",
		Summary:         "The URN has a query, r-, q- or f-component, which rfc2141 parsers read as part of the NSS.",
		Doc: "rfc2141 reserves ? and # without meaning: an rfc2141 parser keeps `?+r`, `?=q` or `#f` in the NSS, so it compares such URNs as different from the bare assigned name. " +
			"Info under rfc8141, which defines these components: who writes a registered name (urn:xmpp:mam:2#extended) cannot change it.",
		Bad: "urn:example:a?=lang=en", Good: "urn:example:a",
	}
)

// Catalog lists every URN rule in ID order.
var Catalog = append([]*rules.Rule{
	NotURN, MissingNIDDelimiter, NIDSyntax, NIDReserved, EmptyNSS, BadPercent, InvalidChar,
	ReservedChar, NULOctet, UnneededPercent, BareQuestionMark, EmptyComponent, ComponentOrder,
	RComponentUse, QuerySyntax, DuplicateKeyword, UnknownKeyword, UnknownService, QueryInReference,
	FragmentInURN, InformalNID, ExperimentalNID, ShortNID, CountryCodeNID, UnregisteredNID, NotUTF8,
	NonCanonicalCase, LowercaseHex, CompatChars, CompatSlash, CompatComponents,
}, nsCatalog...)
