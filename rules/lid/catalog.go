package lid

import "github.com/idlint/idlint/rules"

// Profile names, as given to --profile lid=NAME.
const (
	// LID00 is draft-blackketter-lid-00 (ATVEF, 2000): lid://host/path.
	LID00 = "lid-00"
	// Opaque is the newer, unrelated lid: (IANA provisional 2023, a 2025
	// draft): "lid:" and an opaque token, not checked beyond its shape;
	// its hostful form lid://host/… is checked as lid-00 (shape cannot
	// tell them apart).
	Opaque = "opaque"
	// Auto reads "lid:" followed by anything but "/" under Opaque, the
	// rest under LID00 (DetectProfile); results name the one chosen.
	Auto = "auto"
)

// Profiles lists the profiles, the default first.
var Profiles = []string{Auto, LID00, Opaque}

// DefaultProfile is auto: the two schemes share the name, and an opaque
// lid: is no lid-00 URI (LID003, an error under lid-00).
const DefaultProfile = Auto

var all = []string{LID00, Opaque}

// The catalog: one value per check, its documentation beside it.
var (
	NotLID = &rules.Rule{
		ID: "LID001", Name: "not-lid", Scheme: "lid", Severity: rules.Error, Profiles: all,
		Spec:    "lid-00 Appendix A",
		Summary: `The identifier does not begin with the scheme "lid:".`,
		Doc:     "Every lid: URI starts with the scheme name lid followed by a colon (case-insensitive, rfc2396 §3.1). Only whole identifiers given to `idlint parse` can lack it; the scanner never extracts such text.",
		Bad:     "xyz.com/myshow/episode100/george.html", Good: "lid://xyz.com/myshow/episode100/george.html",
	}
	MissingAuthority = &rules.Rule{
		ID: "LID002", Name: "missing-authority", Scheme: "lid", Severity: rules.Error, Profiles: all,
		Spec:    "lid-00 §2; lid-00 Appendix A",
		Summary: `"lid:" is not followed by "//" and a naming authority.`,
		Doc: "The standard form is lid://<authority><path>?<query>: lidURI = \"lid://\" authority [ \"/\" [ path_segments ] ] … " +
			"A path without an authority (`lid:/logos/daisy.jpg`) is only meaningful as a relative reference resolved against a base (`idlint parse --base`); " +
			"as an absolute URI it names nothing. (`lid:` followed by an opaque token is the other, newer lid: scheme: see LID003.)",
		Bad: "lid:/logos/daisy.jpg\nlid:", Good: "lid://specials.news.com/logos/daisy.jpg",
	}
	OpaqueLID = &rules.Rule{
		ID: "LID003", Name: "opaque-lid", Scheme: "lid", Severity: rules.Error, Profiles: []string{LID00},
		Spec:    "IANA URI Schemes (lid, provisional 2023); lid-00 Appendix A",
		Summary: `"lid:" is followed by an opaque token: the newer lid: scheme, not the ATVEF lid-00 one.`,
		Doc: "Two unrelated schemes share the name. lid-00 (ATVEF, 2000) always writes lid://host/path. " +
			"IANA's provisional registration of 2023 (\"IS4 linked identifier\", `lid:[//host/]name/…/value[@type]`) and a 2025 draft for opaque `lid:<id>` " +
			"with a case-sensitive id are a different scheme. idlint tells them apart by shape only: `lid://` is lid-00, `lid:` followed by anything " +
			"but a slash is the other one. lid-00's grammar does not accept the latter, so under an explicitly chosen --profile lid=lid-00 " +
			"this is an error; the default profile, auto, lints it under the profile opaque (reported as such), which checks nothing beyond " +
			"the shape. Either way its key keeps the id's case and starts with \"(opaque)\" " +
			"and its namespace is \"(opaque)\", so it never clusters with lid-00 ones. The hostful IS4 form `lid://host/prefix:name/value` " +
			"cannot be told from lid-00 by shape and is checked as lid-00.",
		Bad: "lid:rdfs:label/Person@en", Good: "lid://example.org/rdfs:label/Person@en (if an ATVEF lid: URI was meant)",
	}
	MissingHost = &rules.Rule{
		ID: "LID004", Name: "missing-host", Scheme: "lid", Severity: rules.Error, Profiles: all,
		Spec:    "lid-00 §2; lid-00 Appendix A",
		Summary: "The authority has no host name.",
		Doc:     "authority = [ userinfo \"@\" ] hostname [ \":\" port ]: the hostname is required; it is the registration-based naming authority of the namespace.",
		Bad:     "lid:///myshow/george.html\nlid://unique2345@/rootpage.html", Good: "lid://xyz.com/myshow/george.html",
	}
	NumericHost = &rules.Rule{
		ID: "LID005", Name: "numeric-host", Scheme: "lid", Severity: rules.Error, Profiles: all,
		Spec:    "lid-00 §2 {3.2.2}",
		Summary: "The authority is a numeric identifier, such as an IPv4 address, not a name.",
		Doc:     "The <authority> part must be a name: a numeric identifier (such as an IPv4 address) is not permissible. The name is a namespace registered in the DNS, never resolved.",
		Bad:     "lid://192.0.2.7/logos/daisy.jpg\nlid://2345/page.html", Good: "lid://specials.news.com/logos/daisy.jpg",
	}
	HostnameSyntax = &rules.Rule{
		ID: "LID006", Name: "hostname-syntax", Scheme: "lid", Severity: rules.Error, Profiles: all,
		Spec:    "lid-00 Appendix A; rfc2396 §3.2.2",
		Summary: "The host name is not a sequence of DNS labels.",
		Doc: "hostname = *( domainlabel \".\" ) toplabel [ \".\" ]; labels are letters, digits and inner hyphens, and the top label starts with a letter. " +
			"Underscores, escapes, empty labels and IPv6 literals are not host names.",
		Bad: "lid://my_show.example/x\nlid://xyz..com/x\nlid://-xyz.com/x", Good: "lid://my-show.example/x",
	}
	HostnameLength = &rules.Rule{
		ID: "LID007", Name: "hostname-length", Scheme: "lid", Severity: rules.Warning, Profiles: all,
		Spec:    "rfc2396 §3.2.2; rfc1034 §3.1",
		Summary: "A host label is longer than 63 characters or the name longer than 255.",
		Doc:     "rfc2396 takes host names from the DNS (rfc1034 §3), which limits labels to 63 octets and names to 255. lid-00 never resolves the name, but registers it in the DNS, so a longer one cannot be registered.",
		Bad:     "lid://aaaa…(64 letters)….com/x", Good: "lid://xyz.com/x",
	}
	PortSyntax = &rules.Rule{
		ID: "LID008", Name: "port-syntax", Scheme: "lid", Severity: rules.Error, Profiles: all,
		Spec:    "lid-00 Appendix A",
		Summary: "The port is not a decimal number.",
		Doc:     "port = *digit. lid-00 permits a port but gives it no meaning; anything but digits after the host's colon is malformed.",
		Bad:     "lid://xyz.com:http/x", Good: "lid://xyz.com/x",
	}
	BadPercent = &rules.Rule{
		ID: "LID009", Name: "bad-percent-encoding", Scheme: "lid", Severity: rules.Error, Profiles: all,
		Spec:    "lid-00 Appendix A; rfc2396 §2.4.1",
		Summary: `A "%" is not followed by two hexadecimal digits.`,
		Doc:     "escaped = \"%\" hex hex. The percent sign always introduces an escape; a literal percent sign is written %25 (rfc2396 §2.4.2).",
		Bad:     "lid://xyz.com/100%\nlid://xyz.com/a%zz", Good: "lid://xyz.com/100%25",
		Fix:     "Write a literal % as %25.",
		FixKind: rules.FixUnsafe, Fixer: rules.FixPercent,
	}
	InvalidChar = &rules.Rule{
		ID: "LID010", Name: "invalid-char", Scheme: "lid", Severity: rules.Error, Profiles: all,
		Spec:    "lid-00 §2 {2.}; lid-00 Appendix A",
		Summary: "A character its component does not allow appears unescaped.",
		Doc: "Userinfo allows unreserved, escaped and ; : & = + $ ,; a path allows pchar, \";\" and \"/\"; query and fragment allow uric. " +
			"Space, controls, non-ASCII, the delimiters < > # % \" and the unwise { } | \\ ^ [ ] ` must be escaped (rfc2396 §2.4.3); " +
			"a second \"#\" is data of the fragment and must be escaped too.",
		Bad: "lid://xyz.com/my show.html\nlid://xyz.com/a#b#c", Good: "lid://xyz.com/my%20show.html\nlid://xyz.com/a#b%23c",
		Fix:     "Percent-encode the character's octets.",
		FixKind: rules.FixUnsafe, Fixer: rules.FixEncode,
	}
	UserinfoPassword = &rules.Rule{
		ID: "LID011", Name: "userinfo-password", Scheme: "lid", Severity: rules.Warning, Profiles: all,
		Spec:    "rfc2396 §3.2.2; lid-00 §2 {3.2.1}",
		Summary: `The userinfo has the form "user:password".`,
		Doc:     "lid-00 permits userinfo without giving it a meaning; rfc2396 says the \"user:password\" practice is NOT RECOMMENDED, because clear-text credentials in URIs have proven a security risk in almost every case.",
		Bad:     "lid://viewer:secret@xyz.com/x", Good: "lid://unique2345@xyz.com/x",
	}
	DotSegment = &rules.Rule{
		ID: "LID012", Name: "dot-segment", Scheme: "lid", Severity: rules.Info, Profiles: all,
		Spec:    "lid-00 §2 {1.4}; rfc2396 §5.2",
		Summary: `The path of an absolute lid: URI holds a "." or ".." segment.`,
		Doc: "\".\" and \"..\" have their accustomed meanings in lid: paths, so lid://xyz.com/a/../b and lid://xyz.com/b are the same URI; " +
			"the key removes dot segments. rfc2396 only gives them meaning while resolving a relative reference: an absolute URI that still holds them " +
			"was written by hand or resolved by a tool that skipped the step.",
		Bad: "lid://xyz.com/myshow/./episode100/../logo.jpg", Good: "lid://xyz.com/myshow/logo.jpg",
		Fix: "Remove the dot segments (safe: equivalence is unchanged).",
	}
	DotAboveRoot = &rules.Rule{
		ID: "LID013", Name: "dot-segment-above-root", Scheme: "lid", Severity: rules.Warning, Profiles: all,
		Spec:    "rfc2396 §5.2 step 6g; rfc2396 Appendix C.2",
		Summary: `A ".." segment climbs above the root of the path.`,
		Doc: "rfc2396 calls such a reference in error and lets implementations keep the segments, drop them or refuse the reference " +
			"(`../../../g` against http://a/b/c/d;p?q is http://a/../g, or http://a/g in some implementations). idlint keeps them, " +
			"so lid://xyz.com/../g and lid://xyz.com/g have different keys, and warns because readers disagree.",
		Bad: "lid://xyz.com/../logos/daisy.jpg", Good: "lid://xyz.com/logos/daisy.jpg",
	}
	NonCanonicalCase = &rules.Rule{
		ID: "LID020", Name: "non-canonical-case", Scheme: "lid", Severity: rules.Info, Profiles: all,
		Spec:    "lid-00 §2; rfc2396 §6",
		Summary: "The scheme or host name is not lower case.",
		Doc: "Path components, as well as complete lid: URIs, are compared in a case-independent fashion (lid-00 §2), so the key of a lid: URI is its " +
			"canonical form folded to lower case (with %-escapes' hex digits in upper case, and the fragment, which rfc2396 §4.1 puts outside the URI, removed). " +
			"The canonical form lowers only what every URI scheme treats as case-insensitive, the scheme and the host (rfc2396 §6), and keeps the case of the rest as written. " +
			"Case folding is ASCII-only (A–Z): the draft predates IRIs (rfc3987), so non-ASCII text only appears percent-encoded and escapes compare octet by octet — " +
			"%C3%89 (É) and %C3%A9 (é) stay different.",
		Bad: "LID://XYZ.com/myshow", Good: "lid://xyz.com/myshow",
		Fix:     "Lower-case the scheme and host (safe).",
		FixKind: rules.FixSafe, Fixer: rules.FixLower,
	}
	LowercaseHex = &rules.Rule{
		ID: "LID021", Name: "lowercase-percent-hex", Scheme: "lid", Severity: rules.Info, Profiles: all,
		Spec:    "rfc2396 §2.4.1",
		Summary: "A percent-escape uses lower-case hex digits.",
		Doc:     "%2c and %2C encode the same octet; the canonical form and the key use upper case.",
		Bad:     "lid://xyz.com/a%2cb", Good: "lid://xyz.com/a%2Cb",
		Fix:     "Upper-case the hex digits (safe).",
		FixKind: rules.FixSafe, Fixer: rules.FixUpper,
	}
	UnneededPercent = &rules.Rule{
		ID: "LID022", Name: "unnecessary-percent-encoding", Scheme: "lid", Severity: rules.Info, Profiles: all,
		Spec:    "rfc2396 §2.3",
		Summary: "An unreserved character is percent-encoded.",
		Doc:     "Unreserved characters (letters, digits and - _ . ! ~ * ' ( )) can be escaped without changing the semantics of the URI, but this should not be done; the canonical form and the key decode them.",
		Bad:     "lid://xyz.com/%7Euser/george%2Ehtml", Good: "lid://xyz.com/~user/george.html",
		Fix:     "Decode the escape (safe).",
		FixKind: rules.FixSafe, Fixer: rules.FixDecode,
	}
	EmptyPort = &rules.Rule{
		ID: "LID023", Name: "empty-port", Scheme: "lid", Severity: rules.Info, Profiles: all,
		Spec:    "lid-00 Appendix A; rfc2396 §3.2.2",
		Summary: `The host is followed by ":" and no port.`,
		Doc:     "port = *digit admits an empty port, which means no port at all: the canonical form and the key drop the colon.",
		Bad:     "lid://xyz.com:/x", Good: "lid://xyz.com/x",
		Fix:     "Remove the colon (safe).",
		FixKind: rules.FixSafe, Fixer: rules.FixDelete,
	}
)

// Catalog lists every lid: rule in ID order.
var Catalog = []*rules.Rule{
	NotLID, MissingAuthority, OpaqueLID, MissingHost, NumericHost, HostnameSyntax, HostnameLength,
	PortSyntax, BadPercent, InvalidChar, UserinfoPassword, DotSegment, DotAboveRoot,
	NonCanonicalCase, LowercaseHex, UnneededPercent, EmptyPort,
}
