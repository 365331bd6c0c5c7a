package gouri

import "github.com/idlint/idlint/rules"

// RFC3368 is the profile name of RFC 3368 (2002), as given to --profile go=NAME.
const RFC3368 = "rfc3368"

// Profiles lists the profiles; DefaultProfile is the only one.
var Profiles = []string{RFC3368}

const DefaultProfile = RFC3368

var all = []string{RFC3368}

// DefaultPort is CNRP's well-known HTTP transport port (rfc3368 §3.3.3).
const DefaultPort = "1096"

// The catalog: one value per check, its documentation beside it.
var (
	NotGo = &rules.Rule{
		ID: "GO001", Name: "not-go", Scheme: "go", Severity: rules.Error, Profiles: all,
		Spec:    "rfc3368 §3.2",
		Summary: `The identifier does not begin with the scheme "go:".`,
		Doc:     "cnrp-uri = \"go:\" (form1 / form2); the scheme name is case-insensitive. Only whole identifiers given to `idlint parse` can lack it.",
		Bad:     "cnrp.foo.com?Mercedes%20Benz", Good: "go://cnrp.foo.com?Mercedes%20Benz",
	}
	ServerSyntax = &rules.Rule{
		ID: "GO002", Name: "server-syntax", Scheme: "go", Severity: rules.Error, Profiles: all,
		Spec:    "rfc3368 §3.2; rfc2396 §3.2.2",
		Summary: "The server is not [userinfo@]host[:port] with a host name or IPv4 address.",
		Doc: "server is taken from rfc2396: a host is a DNS name (labels of letters, digits and inner hyphens, the top label starting with a letter) " +
			"or four dot-separated groups of digits. A go: URI has no path, so a \"/\" after the server is an error too.",
		Bad: "go://cnrp_foo.com?bmw\ngo://cnrp.foo.com/search?bmw\ngo://:1096?bmw", Good: "go://cnrp.foo.com?bmw",
	}
	PortSyntax = &rules.Rule{
		ID: "GO003", Name: "port-syntax", Scheme: "go", Severity: rules.Error, Profiles: all,
		Spec:    "rfc3368 §3.2; rfc2396 §3.2.2",
		Summary: "The port is not a decimal number.",
		Doc:     "port = *digit. Without a port, CNRP's well-known port 1096 is used (rfc3368 §3.3.3).",
		Bad:     "go://cnrp.foo.com:cnrp?bmw", Good: "go://cnrp.foo.com:1096?bmw",
	}
	InvalidChar = &rules.Rule{
		ID: "GO004", Name: "invalid-char", Scheme: "go", Severity: rules.Error, Profiles: all,
		Spec:    "rfc3368 §3.2; rfc3368 §3.4",
		Summary: "A character other than an unreserved one appears unescaped in a common name, attribute, type or value.",
		Doc: "common-name, attribute, type and value are *(unreserved | escaped): letters, digits and - _ . ! ~ * ' ( ) only. " +
			"Any other octet MUST be percent-encoded (§3.4): space, \"/\", \"+\", \"&\", \"=\" and \",\" inside a value, \"#\", non-ASCII. " +
			"(\";\", \"=\" and \",\" are the avpair delimiters; \"id=\" only starts a query after a server: go://server?id=value.)",
		Bad: "go:Mercedes Benz\ngo://cnrp.foo.com?AT&T", Good: "go:Mercedes%20Benz\ngo://cnrp.foo.com?AT%26T",
		Fix:     "Percent-encode the character's UTF-8 octets.",
		FixKind: rules.FixUnsafe, Fixer: rules.FixEncode,
	}
	BadPercent = &rules.Rule{
		ID: "GO005", Name: "bad-percent-encoding", Scheme: "go", Severity: rules.Error, Profiles: all,
		Spec:    "rfc3368 §3.2; rfc3368 §3.4",
		Summary: `A "%" is not followed by two hexadecimal digits.`,
		Doc:     "escaped = \"%\" hex hex; a literal percent sign is written %25.",
		Bad:     "go:100%\ngo:a%zz", Good: "go:100%25",
		Fix:     "Write a literal % as %25.",
		FixKind: rules.FixUnsafe, Fixer: rules.FixPercent,
	}
	AvpairSyntax = &rules.Rule{
		ID: "GO006", Name: "avpair-syntax", Scheme: "go", Severity: rules.Error, Profiles: all,
		Spec:    "rfc3368 §3.2",
		Summary: `A parameter is not ";" attribute "=" [ type "," ] value.`,
		Doc:     "avpair = \";\" attribute \"=\" [ type \",\" ] value: every parameter has an \"=\"; an empty parameter (\";;\") or one without a value part is malformed.",
		Bad:     "go:bmw;geography\ngo:bmw;;language=de", Good: "go:bmw;geography=ISO3166-2,US-ga",
	}
	EmptyQuery = &rules.Rule{
		ID: "GO007", Name: "empty-query", Scheme: "go", Severity: rules.Error, Profiles: all,
		Spec:    "rfc3367 §4.2.1; rfc3368 §3.2",
		Summary: "The query has neither a common name nor an id.",
		Doc: "The grammar lets common-name and value be empty, but CNRP does not: \"A Query cannot be empty. A Query must contain either one and only one common name, or one and only one ID.\" " +
			"A \"?\" with nothing after it, parameters without a common name, or \"id=\" without a value form no CNRP query. (A URI with a server and no \"?\" at all is fine: it names the server, see GO020.)",
		Bad: "go://cnrp.foo.com?\ngo://cnrp.foo.com?;geography=US-ga\ngo://cnrp.foo.com?id=", Good: "go://cnrp.foo.com?bmw;geography=US-ga\ngo://cnrp.foo.com",
	}
	IDWithParams = &rules.Rule{
		ID: "GO008", Name: "id-with-params", Scheme: "go", Severity: rules.Error, Profiles: all,
		Spec:    "rfc3368 §3.2",
		Summary: `An "id=" query is followed by parameters.`,
		Doc:     "form1 = \"//\" [server] [\"?\" ((common-name *avpair) / id-req)] and id-req = \"id=\" value: avpairs only follow a common name. An id names one record directly.",
		Bad:     "go://cnrp.foo.com?id=5432345;language=de", Good: "go://cnrp.foo.com?id=5432345",
	}
	ConflictingTerms = &rules.Rule{
		ID: "GO009", Name: "conflicting-query-terms", Scheme: "go", Severity: rules.Error, Profiles: all,
		Spec:    "rfc3367 §4.2.1",
		Summary: `A parameter named "id" or "commonname" adds a second core query term.`,
		Doc:     "A CNRP query holds exactly one common name or exactly one ID, never both and never two. The common name is written first and an id only as go://server?id=value; a parameter with either name makes a query CNRP cannot express.",
		Bad:     "go://cnrp.foo.com?bmw;id=5432345\ngo:bmw;commonname=audi", Good: "go://cnrp.foo.com?bmw\ngo://cnrp.foo.com?id=5432345",
	}
	NotUTF8 = &rules.Rule{
		ID: "GO010", Name: "percent-encoded-not-utf8", Scheme: "go", Severity: rules.Error, Profiles: all,
		Spec:    "rfc3368 §3.4",
		Summary: "Percent-encoded octets do not form valid UTF-8.",
		Doc:     "The common name, query parameters and values must be encoded in UTF-8 before percent-encoding; Latin-1 (%FC for ü) or a truncated sequence is not text CNRP can carry (its queries are XML).",
		Bad:     "go://cnrp.foo.org?Martin%20J.%20D%FCrst", Good: "go://cnrp.foo.org?Martin%20J.%20D%C3%BCrst",
	}
	ControlChar = &rules.Rule{
		ID: "GO011", Name: "control-char", Scheme: "go", Severity: rules.Error, Profiles: all,
		Spec:    "rfc3368 §3.4; rfc3367 §5",
		Summary: "An escape encodes a control character.",
		Doc: "The common name and parameters are text: a CNRP client sends them in an XML query (rfc3367 §5), and XML 1.0 cannot carry C0 controls " +
			"other than tab, line feed and carriage return, nor should text names hold any control. A control character is nearly always damage — the OCR copy " +
			"of rfc3368 prints go:Mercedes%20Benz as go:Mercedes%0Benz (vertical tab).",
		Bad: "go:Mercedes%0Benz", Good: "go:Mercedes%20Benz",
	}
	EmptyAttribute = &rules.Rule{
		ID: "GO012", Name: "empty-attribute", Scheme: "go", Severity: rules.Warning, Profiles: all,
		Spec:    "rfc3368 §3.2; rfc3367 §4.1.2",
		Summary: "A parameter has an empty attribute name.",
		Doc:     "The grammar admits attribute = *(unreserved | escaped), but a CNRP property is a named attribute (rfc3367 §4.1); a parameter without a name cannot be sent.",
		Bad:     "go:bmw;=US-ga", Good: "go:bmw;geography=US-ga",
	}
	ServerOnly = &rules.Rule{
		ID: "GO020", Name: "server-only", Scheme: "go", Severity: rules.Info, Profiles: all,
		Spec:    "rfc3368 §3.3.1",
		Summary: "The URI has only a server: it names a CNRP server, not a query.",
		Doc:     "When a CNRP URI contains only the server production, it identifies that server, not any query; a client can assume it answers at least the servicequery request. Its canonical form has no \"?\" (go://cnrp.foo.com:1096), unlike the erroneous empty query go://cnrp.foo.com? (GO007).",
		Bad:     "go://cnrp.foo.com (as a query)", Good: "go://cnrp.foo.com?bmw",
	}
	EmptyServer = &rules.Rule{
		ID: "GO021", Name: "empty-server", Scheme: "go", Severity: rules.Info, Profiles: all,
		Spec:    "rfc3368 §3.3.2",
		Summary: `The server is empty, so it MUST be taken as "localhost".`,
		Doc:     "go://?Mercedes%20Benz sends the query to the CNRP server on localhost (unlike go:Mercedes%20Benz, which goes to the services the client is configured to ask). The canonical form writes localhost and the default port 1096 (§3.3.3) explicitly.",
		Bad:     "go://?Mercedes%20Benz", Good: "go://localhost:1096?Mercedes%20Benz",
		Fix: "Write the server explicitly (safe).",
	}
	IDOnly = &rules.Rule{
		ID: "GO022", Name: "id-only", Scheme: "go", Severity: rules.Info, Profiles: all,
		Spec:    "rfc3368 §6",
		Summary: "The URI gives only an id: it hides which common name it points to.",
		Doc:     "go://server?id=value points directly at one common-name record. A reader may believe a link goes to the record of \"BMW\" while the id names another; the common name is not part of the URI (Security Considerations).",
		Bad:     "go://cnrp.foo.com?id=5432345 (behind a link labelled BMW)", Good: "go://cnrp.foo.com?BMW",
	}
	NonCanonicalCase = &rules.Rule{
		ID: "GO030", Name: "non-canonical-case", Scheme: "go", Severity: rules.Info, Profiles: all,
		Spec:    "rfc3368 §3.2; rfc2396 §6",
		Summary: `The scheme, host or "id=" is not lower case.`,
		Doc: "The scheme and host are case-insensitive (rfc2396 §6), and so is the literal \"id=\" (an ABNF string, rfc2234 §2.3); the canonical form and key lower them. " +
			"Common names, attributes, types, values and ids keep their case: rfc3368 defines no equivalence for them. " +
			"The key is the canonical form (localhost and port 1096 explicit, %-hex upper case, escaped unreserved characters decoded). " +
			"Parameters keep their order in it: rfc3367 §4.2.1.1 says \"the ordering of the property-value pairs in the query implies a precedence\" " +
			"(go:bmw;language=de;language=fr prefers German), so sorting them would join different queries.",
		Bad: "GO://CNRP.foo.com?ID=5432345", Good: "go://cnrp.foo.com?id=5432345",
		Fix:     "Lower-case them (safe).",
		FixKind: rules.FixSafe, Fixer: rules.FixLower,
	}
	LowercaseHex = &rules.Rule{
		ID: "GO031", Name: "lowercase-percent-hex", Scheme: "go", Severity: rules.Info, Profiles: all,
		Spec:    "rfc3368 §3.2; rfc2396 §2.4.1",
		Summary: "A percent-escape uses lower-case hex digits.",
		Doc:     "%c3%bc and %C3%BC encode the same octets; the canonical form and the key use upper case.",
		Bad:     "go:D%c3%bcrst", Good: "go:D%C3%BCrst",
		Fix:     "Upper-case the hex digits (safe).",
		FixKind: rules.FixSafe, Fixer: rules.FixUpper,
	}
	UnneededPercent = &rules.Rule{
		ID: "GO032", Name: "unnecessary-percent-encoding", Scheme: "go", Severity: rules.Info, Profiles: all,
		Spec:    "rfc3368 §3.4; rfc2396 §2.3",
		Summary: "An unreserved character is percent-encoded.",
		Doc:     "Only octets outside the grammar must be encoded; an escaped unreserved character (letters, digits, - _ . ! ~ * ' ( )) means the same as the character itself, so the canonical form and the key decode it.",
		Bad:     "go:Mercedes%2DBenz", Good: "go:Mercedes-Benz",
		Fix:     "Decode the escape (safe).",
		FixKind: rules.FixSafe, Fixer: rules.FixDecode,
	}
)

// Catalog lists every go: rule in ID order.
var Catalog = []*rules.Rule{
	NotGo, ServerSyntax, PortSyntax, InvalidChar, BadPercent, AvpairSyntax, EmptyQuery, IDWithParams,
	ConflictingTerms, NotUTF8, ControlChar, EmptyAttribute, ServerOnly, EmptyServer, IDOnly,
	NonCanonicalCase, LowercaseHex, UnneededPercent,
}
