package lid

import (
	"errors"
	"fmt"
	"strings"

	"github.com/idlint/idlint/rules/internal/ascii"
	"github.com/idlint/idlint/rules/internal/rfc2396"
)

// ErrBase is returned by Resolve when the base is not an absolute lid-00
// URI ("lid://" authority …): relative references cannot be used with an
// unsuitable base (rfc2396 §5).
var ErrBase = errors.New(`base is not an absolute lid: URI of the form lid://host/path`)

// Resolve resolves the URI reference ref against base, following rfc2396
// §5.2 as lid-00 §2 asks ("all URIs will be converted to fully-qualified
// form … {5.}"), with "." and ".." given their accustomed meanings. The
// result is what rfc2396 Appendix C gives with http: replaced by lid:, in
// particular:
//   - a reference with a scheme is returned unchanged, also "lid:g" (the
//     behaviour of a validating parser, §5.2 step 3);
//   - "." and ".." are removed only from relative-path references (steps
//     6c–6f), so "/./g" stays "lid://a/./g" (Appendix C.2); Key removes them;
//   - ".." segments above the root are kept (step 6g: "lid://a/../g");
//   - a fragment-only or empty reference is the base without its fragment,
//     plus the reference's fragment (§4.2, step 2).
//
// One departure: when the base has an authority and an empty path
// ("lid://xyz.com"), a relative path is merged under "/" (rfc3986 §5.2.3)
// instead of being glued to the host.
//
// Resolve checks only the shapes it needs; lint the result with Check.
// profile is not read: only lid-00 (lid://) has relative references (it
// is there for the signature xri.Resolve and rules.Scheme share).
func Resolve(base, ref, profile string) (string, error) {
	if !ascii.HasPrefixFold(base, "lid://") {
		return "", fmt.Errorf("lid: resolve %q against %q: %w", ref, base, ErrBase)
	}
	b := splitRef(base)
	r := splitRef(ref)
	var path, query string
	var hasQuery bool
	authority := b.authority
	// Step 2: a reference to the current document.
	if r.path == "" && !r.hasScheme && !r.hasAuthority && !r.hasQuery {
		out := base
		if i := strings.IndexByte(out, '#'); i >= 0 {
			out = out[:i]
		}
		if r.hasFragment {
			out += "#" + r.fragment
		}
		return out, nil
	}
	// Step 3: an absolute URI.
	if r.hasScheme {
		return ref, nil
	}
	query, hasQuery = r.query, r.hasQuery
	switch {
	case r.hasAuthority: // step 4: a network-path reference
		authority, path = r.authority, r.path
	case strings.HasPrefix(r.path, "/"): // step 5: an absolute-path reference
		path = r.path
	default: // step 6: a relative-path reference
		dir := "/"
		if i := strings.LastIndexByte(b.path, '/'); i >= 0 {
			dir = b.path[:i+1]
		}
		path = mergeDots(dir + r.path)
	}
	var sb strings.Builder
	sb.Grow(len(base) + len(ref))
	sb.WriteString(b.scheme)
	sb.WriteString("://")
	sb.WriteString(authority)
	sb.WriteString(path)
	if hasQuery {
		sb.WriteByte('?')
		sb.WriteString(query)
	}
	if r.hasFragment {
		sb.WriteByte('#')
		sb.WriteString(r.fragment)
	}
	return sb.String(), nil
}

// mergeDots applies rfc2396 §5.2 steps 6c–6g to a merged path that starts with "/".
func mergeDots(p string) string {
	out, _, _ := rfc2396.RemoveDots(p, nil)
	return out
}

// ref is a URI reference split as rfc2396 Appendix B's regular expression
// ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))? does, except
// that a scheme must match scheme = alpha *( alpha | digit | "+" | "-" | "." )
// (otherwise "a b:c" is a relative path).
type ref struct {
	scheme, authority, path, query, fragment       string
	hasScheme, hasAuthority, hasQuery, hasFragment bool
}

func splitRef(s string) ref {
	var r ref
	if i := strings.IndexByte(s, '#'); i >= 0 {
		r.fragment, r.hasFragment = s[i+1:], true
		s = s[:i]
	}
	if i := strings.IndexByte(s, '?'); i >= 0 {
		r.query, r.hasQuery = s[i+1:], true
		s = s[:i]
	}
	if i := strings.IndexAny(s, ":/"); i > 0 && s[i] == ':' && isScheme(s[:i]) {
		r.scheme, r.hasScheme = s[:i], true
		s = s[i+1:]
	}
	if strings.HasPrefix(s, "//") {
		s = s[2:]
		end := len(s)
		if i := strings.IndexByte(s, '/'); i >= 0 {
			end = i
		}
		r.authority, r.hasAuthority = s[:end], true
		s = s[end:]
	}
	r.path = s
	return r
}

func isScheme(s string) bool {
	if s == "" || !rfc2396.IsAlpha(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !rfc2396.IsAlnum(c) && c != '+' && c != '-' && c != '.' {
			return false
		}
	}
	return true
}
